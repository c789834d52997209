//go:build browser

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// rendersJS records, at each announcement of a rendered answer
// (<html data-renders>, docs/page.md), what the page shows at that
// moment: what a reader sees when the page says it is done.
const rendersJS = `(() => {
	globalThis.__seen = [];
	new MutationObserver(() => {
		const steps = document.getElementById('steps');
		__seen.push({
			renders: Number(document.documentElement.dataset.renders),
			steps: steps.textContent,
			pending: steps.dataset.pending !== undefined,
			stepItems: steps.querySelectorAll('li.step').length,
			// The Result tab's editor is made when the tab first shows an answer.
			resultLines: document.querySelector('#editor-result .cm-content')?.textContent ?? '',
		});
	}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-renders']});
})()`

// renders is the page's count of rendered answers.
func renders(b *browser) int {
	b.t.Helper()
	return eval[int](b, `Number(document.documentElement.dataset.renders || 0)`)
}

// waitRender waits for an answer rendered after the count was before.
func waitRender(b *browser, before int) {
	b.t.Helper()
	b.waitFor("a rendered answer", fmt.Sprintf(`Number(document.documentElement.dataset.renders || 0) > %d`, before), stepTimeout)
}

// seen is one snapshot of rendersJS.
type seen struct {
	Renders     int
	Steps       string
	Pending     bool
	StepItems   int
	ResultLines string
}

// TestHiddenTabsCatchUp edits the file while the Steps tab is shown: the
// announcement comes with the steps updated, the hidden tabs are brought
// up to date (text, the selected step's highlight, directive marks) when
// they are shown.
func TestHiddenTabsCatchUp(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	if n := renders(b); n < 1 {
		t.Fatalf("data-renders = %d after the first answer, want at least 1", n)
	}
	if eval[int](b, `performance.getEntriesByName('applylens:rendered').length`) < 1 {
		t.Errorf("no applylens:rendered performance mark")
	}
	b.clickStep(2, ".image", "set")
	b.run(chromedp.Evaluate[chromedp.Void](rendersJS))

	before := renders(b)
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0")
	b.waitFor("the new image in the steps", `__seen.some((s) => s.steps.includes('nginx:1.17.0'))`, stepTimeout)
	snaps := eval[[]seen](b, `__seen`)
	first := slices.IndexFunc(snaps, func(s seen) bool { return strings.Contains(s.Steps, "nginx:1.17.0") })
	if snaps[first].Renders <= before {
		t.Errorf("renders = %d when the steps showed the new image, want more than %d", snaps[first].Renders, before)
	}
	if strings.Contains(snaps[first].ResultLines, "nginx:1.17.0") {
		t.Errorf("the hidden Result editor was filled with the answer: it should wait until its tab is shown")
	}
	// The selection survived the edit.
	sel := eval[string](b, `document.querySelector('li.step.selected .step-path')?.textContent ?? ''`)
	if !strings.HasSuffix(sel, ".image") {
		t.Errorf("selected step after the edit = %q, want the image step", sel)
	}

	b.showTab("result")
	b.waitFor("the result editor to show the new image", `document.querySelector('#editor-result .cm-content').textContent.includes('image: nginx:1.17.0')`, stepTimeout)
	b.waitForStepLine("editor-result", "image: nginx:1.17.0")
	if got := b.text("result-action"); got != "configured" {
		t.Errorf("result badge = %q, want configured", got)
	}

	b.showTab("patch")
	b.waitFor("the patch editor to show the new image", `document.querySelector('#editor-patch .cm-content').textContent.includes('image: nginx:1.17.0')`, stepTimeout)
	b.waitForStepLine("editor-patch", "image: nginx:1.17.0")
	marks := eval[int](b, `document.querySelectorAll('#editor-patch .cm-directive').length`)
	listed := eval[int](b, `document.querySelectorAll('#patch-directives dt').length`)
	if listed == 0 || marks != listed {
		t.Errorf("%d directive marks in the patch editor, %d directives listed; want the same, more than 0", marks, listed)
	}

	// Shown, the patch follows each answer at once.
	before = renders(b)
	b.replaceLine("editor-file", "image: nginx:1.17.0", "image: nginx:1.18.0")
	waitRender(b, before)
	b.waitFor("the shown patch to follow", `document.querySelector('#editor-patch .cm-content').textContent.includes('image: nginx:1.18.0')`, stepTimeout)
	b.checkConsole()
}

// stepsDOMJS describes the steps list as a reader sees it, element by
// element in page order: the phase, whether in a kept group, the ids and
// the visible text of each step (its open decision table left out).
const stepsDOMJS = `[...document.querySelectorAll('#steps li.step')].map((li) => {
	const head = li.querySelector('.step-head');
	const why = li.querySelector('.why');
	const text = [...li.children].filter((c) => !c.classList.contains('decision')).map((c) => c.textContent).join(' | ');
	return [li.closest('section.phase').dataset.phase, li.closest('details.kept') ? 'kept' : '', li.dataset.index,
		head.id, head.getAttribute('aria-describedby'), why.id, li.dataset.rule, li.dataset.action, text].join(' · ');
})`

// openKept opens every kept group and waits until its steps are built.
func openKept(b *browser) {
	b.t.Helper()
	b.run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('details.kept').forEach((d) => { d.open = true; })`))
	b.waitFor("the kept steps", `[...document.querySelectorAll('details.kept')].every((d) =>
		d.querySelectorAll('li.step').length === Number(d.querySelector('summary').textContent.split(' ')[0])) &&
		document.getElementById('steps').dataset.pending === undefined`, stepTimeout)
}

// TestStepsReuse edits the file and checks that the steps list kept the
// element of every step whose text did not change, renumbered what had
// to be, kept the selection, and ends up exactly as a list built from
// scratch for the same inputs.
func TestStepsReuse(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()

	// Kept groups are built only when opened.
	if n := eval[int](b, `document.querySelectorAll('details.kept li.step').length`); n != 0 {
		t.Errorf("%d steps built in closed kept groups, want none before they are opened", n)
	}
	openKept(b)
	b.clickStep(1, "spec.minReadySeconds", "clear")
	// Tag every step element with what it shows.
	const shownJS = `((li) => li.closest('section.phase').dataset.phase + ' ' + [...li.children].filter((c) => !c.classList.contains('decision')).map((c) => c.textContent).join(' | '))`
	b.run(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('#steps li.step').forEach((li) => { li.__shown = ` + shownJS + `(li); })`))
	oldShown := eval[[]string](b, `[...document.querySelectorAll('#steps li.step')].map((li) => li.__shown)`)

	// A new container in the middle of the file adds steps before others:
	// those after it are renumbered.
	before := renders(b)
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0\n      - name: sidecar\n        image: busybox:1.36")
	waitRender(b, before)
	b.waitFor("the sidecar step", `document.getElementById('steps').textContent.includes('sidecar')`, stepTimeout)
	openKept(b)

	type item struct {
		Reused bool
		Old    string
		Shown  string
	}
	items := eval[[]item](b, `[...document.querySelectorAll('#steps li.step')].map((li) => ({reused: li.__shown !== undefined, old: li.__shown ?? '', shown: `+shownJS+`(li)}))`)
	old := map[string]bool{}
	for _, s := range oldShown {
		old[s] = true
	}
	reused, rebuilt := 0, 0
	for _, it := range items {
		if it.Reused {
			reused++
			if it.Old != it.Shown {
				t.Errorf("a kept element shows another step:\n was %q\n now %q", it.Old, it.Shown)
			}
			continue
		}
		rebuilt++
		// A step shown exactly as before keeps its element, unless its
		// values differ past what is shown (long values are cut with …).
		if old[it.Shown] && !strings.Contains(it.Shown, "…") {
			t.Errorf("rebuilt the element of a step shown as before: %q", it.Shown)
		}
	}
	if reused == 0 || reused < rebuilt {
		t.Errorf("%d step elements kept, %d built: an edit of one container should keep most", reused, rebuilt)
	}
	t.Logf("%d step elements kept, %d built", reused, rebuilt)
	// The selection follows the step, wherever it moved.
	now := eval[string](b, `document.querySelector('li.step.selected .step-path')?.textContent ?? ''`)
	if now != "spec.minReadySeconds" {
		t.Errorf("selected step after the edit = %q, want spec.minReadySeconds", now)
	}
	if n := eval[int](b, `document.querySelectorAll('[aria-current="step"]').length`); n != 1 {
		t.Errorf("%d elements with aria-current=step, want 1", n)
	}

	// Ids: every index once, each element's ids its own.
	incremental := eval[[]string](b, stepsDOMJS)
	indexes := eval[[]int](b, `[...document.querySelectorAll('#steps li.step')].map((li) => Number(li.dataset.index)).sort((a, b) => a - b)`)
	for k, idx := range indexes {
		if idx != k {
			t.Fatalf("step indexes %v, want 0..%d once each", indexes, len(indexes)-1)
		}
	}
	for _, line := range incremental {
		f := strings.Split(line, " · ")
		if f[3] != "step-"+f[2] || f[4] != "step-why-"+f[2] || f[5] != "step-why-"+f[2] {
			t.Errorf("ids do not match the index: %s", line)
		}
	}

	// The same inputs from scratch: Clear empties the steps, then the
	// panes are typed again.
	file := b.paneText("file")
	live := b.paneText("live")
	b.run(chromedp.Click(chromedp.ID("btn-clear")))
	b.waitFor("the empty page", `document.getElementById('outputs').dataset.state === 'empty'`, stepTimeout)
	b.setPane("live", live)
	b.setPane("file", file)
	b.waitFor("the result again", `document.getElementById('outputs').dataset.state === 'ready' && document.getElementById('steps').textContent.includes('sidecar')`, stepTimeout)
	openKept(b)
	fresh := eval[[]string](b, stepsDOMJS)
	if !slices.Equal(incremental, fresh) {
		t.Errorf("the steps list after the edit differs from one built from scratch:\nafter the edit:\n  %s\nfrom scratch:\n  %s",
			strings.Join(incremental, "\n  "), strings.Join(fresh, "\n  "))
	}
	b.checkConsole()
}

// TestDecisionTable opens and closes a step's decision table with its
// button; selecting a step opens its table.
func TestDecisionTable(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	i := stepIndex(b, 2, ".image", "set")
	if i < 0 {
		t.Fatal("no image step")
	}
	toggle := fmt.Sprintf(`document.getElementById('step-%d').closest('li.step').querySelector('.decision-toggle')`, i)
	if got := eval[string](b, toggle+`.getAttribute('aria-expanded')`); got != "false" {
		t.Errorf("decision toggle aria-expanded = %q before a click, want false", got)
	}
	b.run(chromedp.Evaluate[chromedp.Void](toggle + `.scrollIntoView({block: 'center'})`))
	b.run(chromedp.Evaluate[chromedp.Void](toggle + `.click()`))
	b.waitFor("the table", fmt.Sprintf(`document.getElementById('step-%d').closest('li.step').querySelector('.decision tr.match')`, i), stepTimeout)
	if got := eval[string](b, toggle+`.getAttribute('aria-expanded')`); got != "true" {
		t.Errorf("aria-expanded = %q after opening, want true", got)
	}
	match := eval[string](b, fmt.Sprintf(`document.getElementById('step-%d').closest('li.step').querySelector('.decision tr.match').textContent`, i))
	if !strings.Contains(match, "this step") {
		t.Errorf("matching row = %q, want it marked as this step", match)
	}
	b.run(chromedp.Evaluate[chromedp.Void](toggle + `.click()`))
	if eval[bool](b, fmt.Sprintf(`(() => { const t = document.getElementById('step-%d').closest('li.step').querySelector('.decision table'); return t.getClientRects().length > 0; })()`, i)) {
		t.Errorf("the table is still shown after closing")
	}
	// Selecting another step opens its table.
	j := stepIndex(b, 1, "spec.minReadySeconds", "clear")
	id := fmt.Sprintf("step-%d", j)
	b.run(chromedp.ScrollIntoView(chromedp.ID(id)), chromedp.Click(chromedp.ID(id)))
	b.waitFor("the selected step's table", fmt.Sprintf(`document.getElementById(%q).closest('li.step').querySelector('.decision-toggle').getAttribute('aria-expanded') === 'true' && document.getElementById(%q).closest('li.step').querySelector('.decision tr.match')`, id, id), stepTimeout)
	b.checkConsole()
}

// TestManySteps renders an answer with more steps than one task builds:
// the announcement comes with the first steps on screen, the rest follow
// in later tasks, and the list ends complete and numbered; Alt+J walks
// into steps not built yet.
func TestManySteps(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	// What is tested is how a big answer renders, not how fast it comes:
	// on a loaded machine its computation can pass the page's 4 s limit.
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(60000)`))
	b.run(chromedp.Evaluate[chromedp.Void](rendersJS))
	before := renders(b)
	b.setPane("live", bigDeployment(800, "img:1"))
	b.setPane("file", bigDeployment(800, "img:2"))
	b.waitFor("the big answer", `document.getElementById('steps').textContent.includes('c00799')`, 2*startTimeout)
	b.waitFor("every step built", `document.getElementById('steps').dataset.pending === undefined`, stepTimeout)
	snaps := eval[[]seen](b, `__seen`)
	last := snaps[len(snaps)-1]
	if last.Renders <= before || last.StepItems == 0 {
		t.Errorf("at the announcement: renders %d (before %d), %d steps on screen; want the first steps shown", last.Renders, before, last.StepItems)
	}
	t.Logf("at the announcement: %d step elements, pending %v", last.StepItems, last.Pending)

	indexes := eval[[]int](b, `[...document.querySelectorAll('#steps li.step')].map((li) => Number(li.dataset.index))`)
	notKept := eval[int](b, `(() => { let n = 0; document.querySelectorAll('section.phase').forEach((s) => { const l = s.querySelector(':scope > ol.step-list'); if (l) n += l.children.length; }); return n; })()`)
	if len(indexes) < 800 || len(indexes) != notKept {
		t.Errorf("%d step elements, %d in the phases' lists; want every step outside the kept groups (at least 800)", len(indexes), notKept)
	}
	seenIdx := map[int]bool{}
	for _, idx := range indexes {
		if seenIdx[idx] {
			t.Fatalf("index %d twice", idx)
		}
		seenIdx[idx] = true
	}
	if !eval[bool](b, `[...document.querySelectorAll('ol.step-list')].every((ol) => [...ol.children].every((li, k, all) => k === 0 || Number(all[k - 1].dataset.index) < Number(li.dataset.index)))`) {
		t.Errorf("steps out of order within a list")
	}

	// Alt+J from the first step: the next ones are selected in turn.
	first := eval[int](b, `(document.querySelector('.step-head').click(), Number(document.querySelector('.step-head').closest('li').dataset.index))`)
	for range 3 {
		b.run(chromedp.KeyEvent("j", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	}
	b.waitFor("Alt+J three times", fmt.Sprintf(`document.querySelector('[aria-current="step"]')?.id === 'step-%d'`, first+3), stepTimeout)
	b.checkConsole()
}

// TestDiffFollowsEdits edits the file while the Diff tab is shown: the
// merge view changes in place and shows what a merge view built anew
// for the same texts shows.
func TestDiffFollowsEdits(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.showTab("diff")
	b.waitFor("the diff", `document.querySelector('#editor-diff .cm-changedLine')`, stepTimeout)
	b.run(chromedp.Evaluate[chromedp.Void](`document.querySelector('#editor-diff .cm-editor').__first = true`))

	before := renders(b)
	b.replaceLine("editor-file", "image: nginx:1.16.1", "image: nginx:1.17.0")
	waitRender(b, before)
	b.waitFor("the new image in the diff", `document.querySelector('#editor-diff').textContent.includes('nginx:1.17.0')`, stepTimeout)
	if !eval[bool](b, `document.querySelector('#editor-diff .cm-editor').__first === true`) {
		t.Errorf("the merge view was built anew: it should change in place")
	}
	inserted, deleted := b.diffLines()
	if !containsAny(inserted, "image: nginx:1.17.0") || containsAny(inserted, "nginx:1.16.1") {
		t.Errorf("inserted lines %q, want the new image and not the old file's", inserted)
	}
	if !containsAny(deleted, "image: nginx:1.14.2") {
		t.Errorf("deleted lines %q, want live's image", deleted)
	}

	// A merge view built from scratch (switching the layout and back)
	// shows the same changes.
	b.run(chromedp.Click(chromedp.ID("diff-mode-split")))
	b.waitFor("the side-by-side view", `document.querySelector('#editor-diff .cm-mergeView')`, stepTimeout)
	b.run(chromedp.Click(chromedp.ID("diff-mode-unified")))
	b.waitFor("the unified view", `!document.querySelector('#editor-diff .cm-mergeView') && document.querySelector('#editor-diff .cm-changedLine')`, stepTimeout)
	freshIns, freshDel := b.diffLines()
	slices.Sort(inserted)
	slices.Sort(freshIns)
	slices.Sort(deleted)
	slices.Sort(freshDel)
	if !slices.Equal(inserted, freshIns) || !slices.Equal(deleted, freshDel) {
		t.Errorf("in place: inserted %q, deleted %q\nbuilt anew: inserted %q, deleted %q", inserted, deleted, freshIns, freshDel)
	}

	// Side by side, too.
	b.run(chromedp.Click(chromedp.ID("diff-mode-split")))
	b.waitFor("the side-by-side view", `document.querySelector('#editor-diff .cm-mergeView')`, stepTimeout)
	before = renders(b)
	b.replaceLine("editor-file", "image: nginx:1.17.0", "image: nginx:1.18.0")
	waitRender(b, before)
	b.waitFor("the new image on the right", `document.querySelectorAll('#editor-diff .cm-mergeView .cm-editor')[1].textContent.includes('image: nginx:1.18.0')`, stepTimeout)
	if got := eval[string](b, `[...document.querySelectorAll('#editor-diff .cm-mergeView .cm-editor')[1].querySelectorAll('.cm-changedLine')].map((l) => l.textContent).join('\n')`); !strings.Contains(got, "image: nginx:1.18.0") {
		t.Errorf("changed lines on the right: %q, want the new image", got)
	}
	b.checkConsole()
}
