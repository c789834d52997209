//go:build browser

package e2e

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The Timeline mode in an embed (docs/embedding.md, "Timelines"):
// docs/embed-example/timeline.html from another origin, the options at
// the embed's narrowest and widest, and "Copy embed code" in the mode.

// frameTimelineReady is true once an embed shows a timeline's answer with
// the detail of step selected (0-based).
func frameTimelineReady(selected int) string {
	return fmt.Sprintf(`document.documentElement.dataset.view === 'timeline' && document.getElementById('timeline').dataset.state === 'ready'
		&& [...document.querySelectorAll('#timeline-steps > li')].every((li) => li.dataset.state && li.dataset.state !== 'pending')
		&& document.getElementById('timeline-detail').dataset.step === '%d'`, selected)
}

// shownTimeline is a timeline as an embed shows it: the commands, and the
// step selected.
type shownTimeline struct {
	Commands []string `json:"commands"`
	Selected int      `json:"selected"`
}

const readShownTimeline = `({
	commands: [...document.querySelectorAll('#timeline-steps .tl-command')].map((c) => c.value),
	selected: [...document.querySelectorAll('#timeline-steps > li')].findIndex((li) => li.classList.contains('selected')),
})`

// sampleTimeline is a timeline sample's commands and files (name → text), in order.
func sampleTimeline(t *testing.T, id string) (commands []string, files []map[string]string) {
	t.Helper()
	tl, _ := sampleByID(t, id)["timeline"].(map[string]any)
	list, _ := tl["commands"].([]any)
	if len(list) == 0 {
		t.Fatalf("sample %s has no timeline", id)
	}
	for _, c := range list {
		cmd := c.(map[string]any)
		commands = append(commands, cmd["command"].(string))
		named := map[string]string{}
		fs, _ := cmd["files"].([]any)
		for _, f := range fs {
			file := f.(map[string]any)
			named[file["name"].(string)] = file["text"].(string)
		}
		files = append(files, named)
	}
	return commands, files
}

// TestEmbedTimeline: the timeline host page, on another origin. Its first
// frame (view=timeline&step=2&readonly, a timeline sample) renders the
// timeline at step 2, reports its height (the host sizes it, and again
// after another step is chosen), refuses edits and offers none, and its
// "Open in applylens" link opens the same timeline, at the same step, in
// the full page. Its second frame, a Timeline mode share link (#s2=…)
// without the view option, opens in the Timeline mode, editable.
func TestEmbedTimeline(t *testing.T) {
	host := hostServer(t)
	b := newBrowser(t, 900, 1000)
	b.run(chromedp.EmulateViewport(900, 1000), prefersColorScheme("light"))
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	if err := chromedp.Do(ctx, chromedp.Navigate(host+"timeline.html")); err != nil {
		t.Fatal(err)
	}
	cancel()
	frames := b.frameIDs()
	if len(frames) != 2 {
		t.Fatalf("the timeline host page has %d frames, want 2", len(frames))
	}
	first := frames[0]
	b.frameWait(first, "the timeline at step 2", frameTimelineReady(1), startTimeout)
	if got := frameEval[string](b, first, `location.origin + '/'`); got != siteURL {
		t.Fatalf("the frame is at %s, want the site %s", got, siteURL)
	}
	commands, files := sampleTimeline(t, "timeline-walkthrough")
	if got := frameEval[shownTimeline](b, first, readShownTimeline); !reflect.DeepEqual(got, shownTimeline{commands, 1}) {
		t.Errorf("the embed shows %+v, want the sample's commands with step 2 selected", got)
	}
	if !frameEval[bool](b, first, `document.getElementById('single-apply').hidden && getComputedStyle(document.querySelector('.mode-switch')).display === 'none'`) {
		t.Error("a timeline embed shows the single-apply panes or the mode switch")
	}
	if got := frameEval[string](b, first, `document.documentElement.dataset.embedIgnored ?? ''`); got != "" {
		t.Errorf("options ignored: %q", got)
	}
	if got := frameEval[string](b, first, `document.documentElement.dataset.embedEngine`); got != "started" {
		t.Errorf("<html data-embed-engine> = %q after the answer, want started", got)
	}

	// Height: the host sizes the frame to its page, and again when it changes.
	sized := func(what string) int { t.Helper(); return b.frameSized(first, "embed-timeline", what) }
	before := sized("after the first answer")
	if before == 600 {
		t.Error("the frame kept its height attribute (600 px): no height message arrived")
	}
	if overflow := frameEval[int](b, first, `document.documentElement.scrollHeight - document.documentElement.clientHeight`); overflow > 0 {
		t.Errorf("the sized frame still scrolls by %d px", overflow)
	}
	renders := frameEval[int](b, first, `Number(document.getElementById('timeline').dataset.renders)`)
	frameEval[bool](b, first, `(document.querySelector('#timeline-steps > li:nth-child(1) .tl-select').click(), true)`)
	b.frameWait(first, "step 1's detail", fmt.Sprintf(`Number(document.getElementById('timeline').dataset.renders) > %d && (%s)`, renders, frameTimelineReady(0)), stepTimeout)
	after := sized("after selecting step 1")
	if after == before {
		t.Errorf("the frame's height did not follow its content (%d px with step 2's detail and step 1's)", before)
	}
	b.embedShot("embed-timeline-host.png", false)

	// Readonly: no tools, inputs and editors refuse typing; selecting works (above).
	ro := frameEval[map[string]int](b, first, `({
		tools: document.querySelectorAll('#timeline .tl-tools, #timeline-add, .tl-add-file, .tl-file-head button, .tl-open').length,
		editable: [...document.querySelectorAll('#timeline .cm-content')].filter((c) => c.contentEditable !== 'false').length,
		editors: document.querySelectorAll('#timeline .cm-content').length,
		writable: [...document.querySelectorAll('#timeline input')].filter((i) => !i.readOnly && !i.disabled).length,
	})`)
	if ro["tools"] != 0 || ro["editable"] != 0 || ro["writable"] != 0 || ro["editors"] == 0 {
		t.Errorf("a readonly timeline embed: %v (want no tools, no editable editor nor input, some editors)", ro)
	}
	type point struct{ X, Y float64 }
	offset := eval[point](b, `(() => { const f = document.getElementById('embed-timeline'); f.scrollIntoView({block: 'start'}); const r = f.getBoundingClientRect(); return {x: r.left + f.clientLeft, y: r.top + f.clientTop}; })()`)
	for _, target := range []string{`#timeline-steps > li:nth-child(1) .tl-command`, `#timeline-steps > li:nth-child(1) .cm-line`} {
		at := frameEval[point](b, first, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {x: r.left + 10, y: r.top + r.height / 2}; })()`, target))
		b.run(chromedp.MouseClickXY(offset.X+at.X, offset.Y+at.Y), insertText("zzz"))
	}
	b.frameInputHandled(first)
	if got := frameEval[shownTimeline](b, first, readShownTimeline); !reflect.DeepEqual(got.Commands, commands) {
		t.Errorf("typing into a readonly timeline embed changed its commands: %q", got.Commands)
	}
	if got := frameEval[string](b, first, `document.querySelector('#timeline-steps > li:nth-child(1) .cm-content').textContent`); strings.Contains(got, "zzz") {
		t.Error("typing into a readonly timeline embed changed a file")
	}

	// The second frame: a Timeline mode share link, no view option.
	// (Before the Open link: a tab behind the one it opens gets no frames.)
	b.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('embed-timeline-link').scrollIntoView({block: 'center'})`))
	second := frames[1]
	b.frameWait(second, "the share link's timeline at step 3", frameTimelineReady(2), startTimeout)
	want := []string{"kubectl apply -f web.yaml", "kubectl scale deployment/web --replicas=5", "kubectl apply -f web.yaml"}
	if got := frameEval[shownTimeline](b, second, readShownTimeline); !reflect.DeepEqual(got, shownTimeline{want, 2}) {
		t.Errorf("the #s2= embed shows %+v, want its link's timeline at step 3", got)
	}
	editable := frameEval[map[string]int](b, second, `({
		tools: document.querySelectorAll('#timeline .tl-tools').length,
		editable: [...document.querySelectorAll('#timeline .cm-content')].filter((c) => c.contentEditable === 'true').length,
		open: document.querySelectorAll('#timeline .tl-open').length,
	})`)
	if editable["tools"] != 3 || editable["editable"] != 2 || editable["open"] != 0 {
		t.Errorf("the #s2= embed (not readonly): %v, want 3 steps' tools, 2 editable files, no \"Open in the three panes\"", editable)
	}
	if got := frameEval[string](b, second, `document.querySelector('#timeline-detail .tl-objects .badge')?.textContent ?? ''`); got == "" {
		t.Error("the #s2= embed's step 3 shows no object")
	}

	// Step 2 again, then Open in applylens: the full page, the same timeline at step 2.
	renders = frameEval[int](b, first, `Number(document.getElementById('timeline').dataset.renders)`)
	frameEval[bool](b, first, `(document.querySelector('#timeline-steps > li:nth-child(2) .tl-select').click(), true)`)
	b.frameWait(first, "step 2's detail", fmt.Sprintf(`Number(document.getElementById('timeline').dataset.renders) > %d && (%s)`, renders, frameTimelineReady(1)), stepTimeout)
	// The link follows 200 ms after the last change: wait for the one
	// whose timeline has step 2 selected.
	href := b.waitOpenLink(first, "step 2 selected", func(state map[string]any) bool {
		timeline, _ := state["timeline"].(map[string]any)
		return timeline != nil && timeline["selected"] == float64(1)
	})
	if !strings.HasPrefix(href, siteURL+"#s2=") {
		t.Fatalf("the Open link is %.120s, want %s#s2=…", href, siteURL)
	}
	b.checkConsole() // now: once the new tab is in front, this one gets no frames
	openLink := frameEval[point](b, first, `(() => { const r = document.getElementById('embed-open').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`)
	offset = eval[point](b, `(() => { const f = document.getElementById('embed-timeline'); f.scrollIntoView({block: 'start'}); const r = f.getBoundingClientRect(); return {x: r.left + f.clientLeft, y: r.top + f.clientTop}; })()`)
	b.run(chromedp.MouseClickXY(offset.X+openLink.X, offset.Y+openLink.Y))
	tab := b.waitForTab(href)
	tab.waitFor("the opened page's timeline", frameTimelineReady(1), startTimeout)
	type fullTimeline struct {
		Commands []struct {
			Command string `json:"command"`
			Files   []struct {
				Name string `json:"name"`
				Text string `json:"text"`
			} `json:"files"`
		} `json:"commands"`
		Selected int `json:"selected"`
	}
	opened := eval[fullTimeline](tab, `applylensTimeline.state()`)
	if opened.Selected != 1 || len(opened.Commands) != len(commands) {
		t.Fatalf("the opened page's timeline has %d commands, step %d selected; want %d, step 2", len(opened.Commands), opened.Selected+1, len(commands))
	}
	for i, c := range opened.Commands {
		got := map[string]string{}
		for _, f := range c.Files {
			got[f.Name] = f.Text
		}
		if c.Command != commands[i] || !reflect.DeepEqual(got, files[i]) {
			t.Errorf("the opened page's step %d is %q with files %v, want the sample's %q", i+1, c.Command, got, commands[i])
		}
	}
	if tab.hidden("btn-copy-link") || eval[string](tab, `document.getElementById('mode-timeline').getAttribute('aria-pressed')`) != "true" {
		t.Error("the opened page is not the full page in its Timeline mode")
	}
}

// TestEmbedTimelineOptions: a timeline embed on its own at the narrowest
// phone and the widest documentation column (one column, no sideways
// scrolling; screenshots tmp/screenshots/embed-timeline-*.png), the tab
// option choosing each apply's view, options a timeline cannot take, and
// the engine waiting to be seen.
func TestEmbedTimelineOptions(t *testing.T) {
	for _, width := range []int{360, 760} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			b := newBrowser(t, width, 900)
			b.run(chromedp.EmulateViewport(int64(width), 900), prefersColorScheme("light"))
			b.navigate(siteURL + "?embed&view=timeline&step=3&tab=diff#example=timeline-walkthrough")
			b.waitFor("step 3 of the timeline", frameTimelineReady(2), startTimeout)
			if got := eval[[]string](b, `[...document.querySelectorAll('#timeline-detail .tl-apply-body')].map((b) => b.dataset.view)`); len(got) == 0 || got[0] != "diff" {
				t.Errorf("tab=diff: the applies of step 3 show %v, want diff", got)
			}
			if got := eval[int](b, `getComputedStyle(document.querySelector('.tl-layout')).gridTemplateColumns.split(' ').length`); got != 1 {
				t.Errorf("the timeline embed has %d columns at %d px, want 1", got, width)
			}
			if w := b.overflowX(); w > 0 {
				t.Errorf("the timeline embed is %d px wider than its %d px frame", w, width)
			}
			if got := eval[int](b, `document.querySelectorAll('#timeline .tl-tools').length`); got != 3 {
				t.Errorf("an editable timeline embed has %d steps with tools, want 3", got)
			}
			if got := eval[int](b, `applylensPage.engineLog().starts`); got != 0 {
				t.Errorf("a timeline embed started the single-apply engine (%d starts)", got)
			}
			b.embedShot(fmt.Sprintf("embed-timeline-%d.png", width), true)
			b.checkConsole()
		})
	}
	t.Run("ignored", func(t *testing.T) {
		b := newBrowser(t, 600, 900)
		b.navigate(siteURL + "?embed&view=timeline&step=9#example=timeline-walkthrough")
		b.waitFor("the timeline, step 1", frameTimelineReady(0), startTimeout)
		if got := eval[string](b, `document.documentElement.dataset.embedIgnored ?? ''`); got != "step" {
			t.Errorf("step 9 of a 3-step timeline: data-embed-ignored = %q, want step", got)
		}
		// A single apply's example has no timeline to show: view is ignored.
		b.openAt(siteURL + "?embed&view=timeline#example=create")
		if got := eval[string](b, `document.documentElement.dataset.view + ' ' + (document.documentElement.dataset.embedIgnored ?? '')`); got != "single view" {
			t.Errorf("view=timeline on a single apply's example: view and ignored = %q, want \"single view\"", got)
		}
		// view=timeline alone: the walkthrough's timeline.
		b.navigate(siteURL + "?embed&view=timeline")
		b.waitFor("the walkthrough's timeline", frameTimelineReady(0), startTimeout)
		if got := eval[string](b, `document.querySelector('.tl-command').value`); !strings.Contains(got, "simple_deployment.yaml") {
			t.Errorf("view=timeline without a fragment shows %q first, want the walkthrough's timeline", got)
		}
		b.checkConsole()
	})
}

// navigate loads a URL without waiting for the single-apply mode's answer
// (a timeline embed never starts that engine).
func (b *browser) navigate(u string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, addScript(helpersJS), chromedp.Navigate(u)); err != nil {
		b.t.Fatalf("loading %.200s: %v", u, err)
	}
}

// TestEmbedCodeTimeline: "Embed" on the full page in the Timeline mode
// writes a timeline embed (view=timeline, the selected step, an unchanged
// sample by its id), without the panes' choice, and its address opens
// that timeline at that step.
func TestEmbedCodeTimeline(t *testing.T) {
	b := newBrowser(t, 1200, 900)
	b.run(chromedp.EmulateViewport(1200, 900))
	b.navigate(siteURL + "#example=timeline-walkthrough")
	b.waitFor("the timeline", frameTimelineReady(0), startTimeout)
	b.selectStep(2, 3)
	b.run(chromedp.Click(chromedp.ID("btn-embed-code")))
	want := `src="` + siteURL + `?embed&amp;view=timeline&amp;step=3#example=timeline-walkthrough"`
	b.waitFor("the timeline's embed code", fmt.Sprintf(`document.getElementById('embed-code-text')?.value.includes(%q)`, want), stepTimeout)
	if !eval[bool](b, `document.getElementById('embed-pane-file').closest('fieldset').hidden`) {
		t.Error("the panes' choice is offered for a timeline embed")
	}
	b.embedShot("embed-code-timeline.png", false)
	b.checkConsole()
	b.navigate(siteURL + "?embed&view=timeline&step=3#example=timeline-walkthrough")
	b.waitFor("the embed from the code at step 3", frameTimelineReady(2), startTimeout)
	b.checkConsole()
}
