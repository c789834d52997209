//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// timelineGolden is samples/testdata/timelines/<id>.golden.json.
type timelineGolden struct {
	Steps []struct {
		Command  string `json:"command"`
		Stdout   string `json:"stdout"`
		Stderr   string `json:"stderr"`
		ExitCode int    `json:"exitCode"`
		Error    string `json:"error"`
	} `json:"steps"`
	Objects []struct {
		Ref       string `json:"ref"`
		Namespace string `json:"namespace"`
		YAML      string `json:"yaml"`
	} `json:"objects"`
}

func readTimelineGolden(t *testing.T, id string) timelineGolden {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "samples", "testdata", "timelines", id+".golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g timelineGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func timelineSampleIDs(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "samples", "timelines", "index.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range strings.Split(string(b), "\n") {
		if id, ok := strings.CutPrefix(line, "- "); ok {
			ids = append(ids, strings.TrimSpace(id))
		}
	}
	return ids
}

// timelineRenders is how many answers the Timeline mode has rendered.
func (b *browser) timelineRenders() int {
	b.t.Helper()
	return eval[int](b, `Number(document.getElementById('timeline').dataset.renders || 0)`)
}

// waitTimeline waits for an answer after the given count, whose steps are
// all shown (none pending) and whose detail is of step selected.
func (b *browser) waitTimeline(after, steps, selected int) {
	b.t.Helper()
	b.waitFor(fmt.Sprintf("the timeline's answer (%d steps, step %d selected)", steps, selected+1), fmt.Sprintf(`(() => {
		const host = document.getElementById('timeline');
		if (Number(host.dataset.renders || 0) <= %d) return false;
		const items = [...document.querySelectorAll('#timeline-steps > li')];
		return items.length === %d && items.every((li) => li.dataset.state && li.dataset.state !== 'pending')
			&& document.getElementById('timeline-detail').dataset.step === '%d';
	})()`, after, steps, selected), startTimeout)
}

// pickTimeline chooses a timeline sample in the gallery, under its
// Timelines category.
func (b *browser) pickTimeline(id string, steps int) {
	b.t.Helper()
	before := b.timelineRenders()
	b.run(chromedp.Click(chromedp.ID("btn-gallery")))
	item := "gallery-item-timeline-" + id
	b.waitFor("the timeline in the gallery", fmt.Sprintf(`!!document.querySelector('#gallery-group-timelines') && !!document.getElementById(%q)`, item), stepTimeout)
	b.run(chromedp.Click(chromedp.ID(item)))
	b.waitTimeline(before, steps, 0)
}

// selectStep clicks the number of step i and waits for its detail.
func (b *browser) selectStep(i, steps int) {
	b.t.Helper()
	before := b.timelineRenders()
	b.run(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#timeline-steps > li:nth-child(%d) .tl-select`, i+1))))
	b.waitTimeline(before, steps, i)
}

type shownStep struct {
	Command  string `json:"command"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode string `json:"exitCode"`
	Error    string `json:"error"`
}

func (b *browser) shownSteps() []shownStep {
	b.t.Helper()
	return eval[[]shownStep](b, `[...document.querySelectorAll('#timeline-steps > li')].map((li) => ({
		command: li.querySelector('.tl-command').value,
		stdout: li.querySelector('.tl-stdout')?.textContent ?? '',
		stderr: li.querySelector('.tl-stderr')?.textContent ?? '',
		exitCode: li.dataset.exitCode ?? '',
		error: li.querySelector('.tl-not-understood')?.textContent ?? '',
	}))`)
}

// afterText is the selected object's text after the step, read from the
// diff (its unchanged and added lines).
func (b *browser) afterText() string {
	b.t.Helper()
	return eval[string](b, `[...document.querySelectorAll('#timeline-detail .tl-object-detail .tl-diff span:not(.del)')].map((s) => s.textContent.slice(2)).join('')`)
}

// TestTimelineSamples plays every timeline sample in the page: each
// step prints what the golden file says, and after the last step the
// cluster holds the golden objects.
func TestTimelineSamples(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	for _, id := range timelineSampleIDs(t) {
		t.Run(id, func(t *testing.T) {
			b.t = t
			g := readTimelineGolden(t, id)
			b.pickTimeline(id, len(g.Steps))
			shown := b.shownSteps()
			for i, want := range g.Steps {
				got := shown[i]
				if got.Command != want.Command {
					t.Errorf("step %d: command %q, want %q", i+1, got.Command, want.Command)
				}
				if want.Error != "" {
					if !strings.Contains(got.Error, want.Error) {
						t.Errorf("step %d: shows %q, want the error %q", i+1, got.Error, want.Error)
					}
					continue
				}
				if got.Stdout != want.Stdout || got.Stderr != want.Stderr || got.ExitCode != fmt.Sprint(want.ExitCode) {
					t.Errorf("step %d: stdout %q, stderr %q, exit %s; want %q, %q, %d", i+1, got.Stdout, got.Stderr, got.ExitCode, want.Stdout, want.Stderr, want.ExitCode)
				}
			}
			last := len(g.Steps) - 1
			b.selectStep(last, len(g.Steps))
			type ref struct{ Ref, Namespace string }
			got := eval[[]ref](b, `[...document.querySelectorAll('#timeline-detail .tl-object:not([data-present="before"])')].map((e) => ({Ref: e.dataset.ref, Namespace: e.dataset.namespace}))`)
			var want []ref
			for _, o := range g.Objects {
				want = append(want, ref{o.Ref, o.Namespace})
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("objects after the last step: %v, want %v", got, want)
			}
			for k, o := range g.Objects {
				sel := fmt.Sprintf(`#timeline-detail .tl-object[data-ref=%q][data-namespace=%q]`, o.Ref, o.Namespace)
				b.run(chromedp.Click(chromedp.CSS(sel)))
				b.waitFor("the object's diff", fmt.Sprintf(`document.querySelector('#timeline-detail .tl-object-detail')?.dataset.ref === %q`, o.Ref), stepTimeout)
				if got := b.afterText(); got != o.YAML {
					t.Errorf("object %d (%s) after the last step:\n%s\nwant:\n%s", k, o.Ref, got, o.YAML)
				}
			}
		})
	}
	b.t = t
	b.checkConsole()
}

// TestTimelineEditing edits a step (what follows is computed again), adds,
// moves and removes steps with buttons and keys.
func TestTimelineEditing(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.pickTimeline("walkthrough", 3)
	first := b.shownSteps()

	// The scale to 2 becomes a scale to 4: the last apply keeps 4.
	before := b.timelineRenders()
	b.run(chromedp.Click(chromedp.CSS(`#timeline-steps > li:nth-child(2) .tl-command`)),
		chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent("4"))
	b.waitTimeline(before, 3, 1)
	b.selectStep(2, 3)
	if after := b.afterText(); !strings.Contains(after, "replicas: 4") {
		t.Errorf("after the edit of step 2, the last step's deployment lacks replicas: 4:\n%s", after)
	}
	if got := b.shownSteps(); got[0] != first[0] {
		t.Errorf("step 1 changed with an edit of step 2: %+v, was %+v", got[0], first[0])
	}

	// An edit of a file: the last apply's image.
	before = b.timelineRenders()
	file := eval[string](b, `applylensTimeline.state().commands[2].files[0].text`)
	js, _ := json.Marshal(strings.Replace(file, "nginx:1.16.1", "nginx:1.17.0", 1))
	eval[chromedp.Void](b, fmt.Sprintf(`applylensTimeline.setFileText(2, 0, %s)`, js))
	b.waitTimeline(before, 3, 2)
	if after := b.afterText(); !strings.Contains(after, "nginx:1.17.0") {
		t.Errorf("after editing the last file, its image is not in the object:\n%s", after)
	}

	// Add a command after step 3: it repeats step 3 and is selected.
	before = b.timelineRenders()
	b.run(chromedp.Click(chromedp.CSS(`#timeline-steps > li:nth-child(3) button[aria-label="Add a command after step 3"]`)))
	b.waitTimeline(before, 4, 3)
	before = b.timelineRenders()
	b.run(chromedp.SetValue(chromedp.CSS(`#timeline-steps > li:nth-child(4) .tl-command`), "kubectl scale deployment/nginx-deployment --replicas=7"))
	eval[bool](b, `document.querySelector('#timeline-steps > li:nth-child(4) .tl-command').dispatchEvent(new Event('input'))`)
	b.waitTimeline(before, 4, 3)
	if s := b.shownSteps()[3]; !strings.Contains(s.Stdout, "scaled") {
		t.Errorf("the added scale printed %+v", s)
	}

	// Alt+↑ on its command moves it above step 3; the selection follows.
	before = b.timelineRenders()
	b.run(chromedp.Focus(chromedp.CSS(`#timeline-steps > li:nth-child(4) .tl-command`)), chromedp.KeyEvent(kb.ArrowUp, chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitTimeline(before, 4, 2)
	order := b.shownSteps()
	if !strings.Contains(order[2].Command, "--replicas=7") || !strings.Contains(order[3].Command, "apply") {
		t.Errorf("after Alt+↑ the commands are %+v", order)
	}
	if focused := eval[string](b, `document.activeElement.closest('li')?.dataset.index ?? ''`); focused != "2" {
		t.Errorf("the focus is on step %q after the move, want the moved step (index 2)", focused)
	}
	// The last apply now runs after the scale to 7: replicas 7 stays.
	b.selectStep(3, 4)
	if after := b.afterText(); !strings.Contains(after, "replicas: 7") {
		t.Errorf("after the move, the last apply's object lacks replicas: 7:\n%s", after)
	}

	// Move down with the button, then remove it.
	before = b.timelineRenders()
	b.run(chromedp.Click(chromedp.CSS(`#timeline-steps > li:nth-child(3) button[aria-label="Move step 3 down"]`)))
	b.waitFor("the move", `document.querySelector('#timeline-steps > li:nth-child(4) .tl-command').value.includes('--replicas=7')`, stepTimeout)
	b.run(chromedp.Click(chromedp.CSS(`#timeline-steps > li:nth-child(4) button[aria-label="Remove step 4"]`)))
	b.waitFor("the removal", `document.querySelectorAll('#timeline-steps > li').length === 3 && Number(document.getElementById('timeline').dataset.renders) > `+fmt.Sprint(before), stepTimeout)
	if got := b.shownSteps(); len(got) != 3 || strings.Contains(got[2].Command, "replicas=7") {
		t.Errorf("after removing the scale: %+v", got)
	}
	b.checkConsole()
}

// TestTimelineShareLink copies a link in Timeline mode and opens it in
// another browser: the same commands, files and selected step.
func TestTimelineShareLink(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.grantClipboard()
	b.open()
	b.pickTimeline("walkthrough", 3)
	b.selectStep(1, 3)
	want := b.shownSteps()
	wantState := eval[string](b, `JSON.stringify(applylensTimeline.state())`)
	b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
	b.waitFor("the link", `location.hash.startsWith('#s2=') && document.getElementById('link-status').dataset.kind === 'copied'`, stepTimeout)
	link := eval[string](b, `location.href`)

	other := newBrowser(t, desktopWidth, desktopHeight)
	other.openAt(link)
	other.waitTimeline(0, 3, 1)
	if got := other.attr("mode-timeline", "aria-pressed"); got != "true" {
		t.Errorf("the link opened in mode-timeline aria-pressed=%q", got)
	}
	if got := eval[string](other, `JSON.stringify(applylensTimeline.state())`); got != wantState {
		t.Errorf("the link's timeline:\n%s\nwant:\n%s", got, wantState)
	}
	if got := other.shownSteps(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the link's steps show %+v, want %+v", got, want)
	}
	// The draft keeps the timeline across a reload.
	other.reload()
	other.waitTimeline(0, 3, 1)
	b.checkConsole()
	other.checkConsole()
}

// TestTimelineOpenInPanes loads the last apply of the walkthrough into the
// three panes: the live object before it (scaled to 2), the file, and the
// single-apply result.
func TestTimelineOpenInPanes(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.pickTimeline("walkthrough", 3)
	b.selectStep(2, 3)
	renders := eval[string](b, `document.documentElement.dataset.renders`)
	b.run(chromedp.Click(chromedp.CSS(`#timeline-detail .tl-open`)))
	b.waitFor("the single-apply answer", fmt.Sprintf(`!document.getElementById('single-apply').hidden && document.documentElement.dataset.renders !== %q && document.getElementById('outputs').dataset.state === 'ready'`, renders), stepTimeout)
	if !strings.Contains(b.paneText("live"), "replicas: 2") || !strings.Contains(b.paneText("live"), "nginx:1.14.2") {
		t.Errorf("the live pane is not the object before the last apply:\n%s", b.paneText("live"))
	}
	if !strings.Contains(b.paneText("file"), "nginx:1.16.1") {
		t.Errorf("the file pane is not the applied file:\n%s", b.paneText("file"))
	}
	if b.attr("outputs", "data-action") != "configure" {
		t.Errorf("the single apply is %q, want configure", b.attr("outputs", "data-action"))
	}
	result := b.paneText("result")
	// " minReadySeconds:" is the field; managedFields name it "f:minReadySeconds".
	if !strings.Contains(result, "replicas: 2") || strings.Contains(result, " minReadySeconds:") {
		t.Errorf("the single apply's result differs from the timeline's:\n%s", result)
	}
	b.checkConsole()
}

// TestTimelinePhone: on a phone, a selected step's output is in sight,
// nothing scrolls sideways; screenshots of both layouts for people.
func TestTimelinePhone(t *testing.T) {
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			b.run(size.emulate())
			b.open()
			b.pickTimeline("walkthrough", 3)
			b.selectStep(1, 3)
			inSight := eval[bool](b, `(() => {
				const r = document.querySelector('#timeline-steps > li:nth-child(2) .tl-stdout').getBoundingClientRect();
				return r.top >= 0 && r.bottom <= innerHeight;
			})()`)
			if !inSight {
				t.Errorf("the selected step's output is out of sight")
			}
			if w := b.overflowX(); w > 0 {
				t.Errorf("the page is %d px wider than the %d px viewport", w, size.width)
			}
			b.screenshot("timeline-" + size.name)
			b.scrollIntoView("#timeline-detail")
			b.screenshot("timeline-" + size.name + "-detail")
			// The last apply, as the single-apply view explains it.
			b.selectStep(2, 3)
			b.scrollIntoView("#timeline-detail .tl-apply")
			b.screenshot("timeline-" + size.name + "-apply")
			b.run(chromedp.Click(chromedp.ID("btn-theme")))
			b.waitFor("the dark theme", `document.documentElement.dataset.theme === 'dark'`, stepTimeout)
			b.scrollIntoView("#timeline-detail")
			b.screenshotFits("timeline-"+size.name+"-dark", size.width)
			b.checkConsole()
		})
	}
}

// TestTimelineExampleLinks opens each timeline sample by its address,
// #example=timeline-<id>: the page switches to the Timeline mode and plays
// it, each step printing what its golden file says.
func TestTimelineExampleLinks(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	for _, id := range timelineSampleIDs(t) {
		g := readTimelineGolden(t, id)
		before := b.timelineRenders()
		b.setHash("#example=timeline-" + id)
		b.waitTimeline(before, len(g.Steps), 0)
		if v := eval[string](b, `document.documentElement.dataset.view`); v != "timeline" {
			t.Errorf("%s: the page shows the %q mode, want timeline", id, v)
		}
		shown := b.shownSteps()
		for i, want := range g.Steps {
			if shown[i].Command != want.Command || shown[i].Stdout != want.Stdout {
				t.Errorf("%s: step %d shows %q printing %q, want %q printing %q", id, i, shown[i].Command, shown[i].Stdout, want.Command, want.Stdout)
			}
		}
	}
}

// openTimelineSample opens the page on size with the timeline sample id
// played, and returns the steps it shows (want of them).
func openTimelineSample(t *testing.T, size screen, id string, want int) (*browser, []shownStep) {
	t.Helper()
	b := newBrowser(t, size.width, size.height)
	b.run(size.emulate())
	b.open()
	b.pickTimeline(id, want)
	steps := b.shownSteps()
	if len(steps) != want {
		t.Fatalf("%d steps shown, want %d", len(steps), want)
	}
	return b, steps
}

// TestTimelineServerSideConflict plays the server-side-conflict sample:
// the conflicting apply shows kubectl's error and exit code 1, the forced
// one's apply is a server-side apply (no client-side steps: the note says
// why; the server-side steps show replicas taken over). Screenshots of
// both layouts for people.
func TestTimelineServerSideConflict(t *testing.T) {
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			b, steps := openTimelineSample(t, size, "server-side-conflict", 5)
			if c := steps[3]; c.ExitCode != "1" || !strings.HasPrefix(c.Stderr, `error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas`) {
				t.Errorf("the conflicting apply shows exit %q and:\n%s", c.ExitCode, c.Stderr)
			}
			if s := steps[4]; s.Stdout != "deployment.apps/web serverside-applied\n" || s.ExitCode != "0" {
				t.Errorf("the forced apply shows exit %q and %q", s.ExitCode, s.Stdout)
			}
			b.selectStep(3, 5)
			b.scrollIntoView("#timeline-steps > li:nth-child(4) .tl-stderr")
			b.screenshot("timeline-ssa-" + size.name + "-conflict")
			b.selectStep(4, 5)
			b.waitFor("the server-side apply's note", `!!document.querySelector('#timeline-detail .tl-apply .tl-ssa-note')`, stepTimeout)
			if got := b.attr("timeline-detail", "data-step"); got != "4" {
				t.Errorf("detail of step %q", got)
			}
			if eval[bool](b, `!!document.querySelector('#timeline-detail .tl-apply .tl-open')`) {
				t.Error("a server-side apply offers to open in the three panes, which compute client-side apply only")
			}
			taken := eval[[]string](b, `[...document.querySelectorAll('#timeline-detail .tl-ssa-steps .ssa-step[data-action="taken"]')].map((s) => s.textContent)`)
			if len(taken) != 1 || !strings.Contains(taken[0], ".spec.replicas") || !strings.Contains(taken[0], `"kubectl" (Update, subresource "scale") owned this field; --force-conflicts takes it over`) {
				t.Errorf("the forced apply's server-side steps taken over: %q, want .spec.replicas", taken)
			}
			b.scrollIntoView("#timeline-detail .tl-apply")
			b.screenshotFits("timeline-ssa-"+size.name+"-apply", size.width)
			b.checkConsole()
		})
	}
}

// TestTimelineServerSideMigration plays the server-side-migration sample:
// the server dry run prints kubectl's warning and its steps show no
// migration; the apply after it opens with the migration, removes the
// field client-side apply had set, and the object's generation is 3.
func TestTimelineServerSideMigration(t *testing.T) {
	for _, size := range desktopAndPhone {
		t.Run(size.name, func(t *testing.T) {
			b, steps := openTimelineSample(t, size, "server-side-migration", 5)
			if s := steps[2]; s.ExitCode != "0" || !strings.HasPrefix(s.Stderr, "Warning: failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply.") {
				t.Errorf("the server dry run shows exit %q and:\n%s", s.ExitCode, s.Stderr)
			}
			actions := func() []string {
				return eval[[]string](b, `[...document.querySelectorAll('#timeline-detail .tl-ssa-steps .ssa-step')].map((s) => s.dataset.action + ' ' + (s.querySelector('code')?.textContent || ''))`)
			}
			b.selectStep(2, 5)
			if got := actions(); len(got) == 0 || slices.Contains(got, "migrated ") {
				t.Errorf("the dry run's server-side steps: %q, want steps and no migration", got)
			}
			b.selectStep(3, 5)
			got := actions()
			if len(got) == 0 || got[0] != "migrated " || !slices.Contains(got, "removed .spec.minReadySeconds") {
				t.Errorf("the apply's server-side steps: %q, want the migration first and .spec.minReadySeconds removed", got)
			}
			if diff := b.text("timeline-detail"); !strings.Contains(diff, "+   generation: 3") {
				t.Errorf("the object's diff does not show generation 3:\n%s", diff)
			}
			b.scrollIntoView("#timeline-detail .tl-apply")
			saveShot(t, b, "migration-"+size.name)
			b.checkConsole()
		})
	}
}
