//go:build browser

package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

const (
	desktopWidth  = 1400
	desktopHeight = 900
)

// stepJS finds the first step of a phase whose path and action match, and
// returns its index (or -1).
func stepIndex(b *browser, phase int, pathSuffix, action string) int {
	b.t.Helper()
	return eval[int](b, fmt.Sprintf(`(() => {
		for (const li of document.querySelectorAll('section.phase[data-phase="%d"] li.step')) {
			const path = li.querySelector('.step-path')?.textContent ?? '';
			if (path.endsWith(%q) && li.dataset.action === %q) return Number(li.dataset.index);
		}
		return -1;
	})()`, phase, pathSuffix, action))
}

// clickStep clicks the first step of a phase whose path and action match
// (stepIndex) and waits until it is the selected one; it returns the
// step's index and element id. No such step fails the test.
func (b *browser) clickStep(phase int, pathSuffix, action string) (int, string) {
	b.t.Helper()
	i := stepIndex(b, phase, pathSuffix, action)
	if i < 0 {
		b.t.Fatalf("no %s step at %s in phase %d", action, pathSuffix, phase)
	}
	id := fmt.Sprintf("step-%d", i)
	b.run(chromedp.ScrollIntoView(chromedp.ID(id)), chromedp.Click(chromedp.ID(id)))
	b.waitFor("the step to be selected", fmt.Sprintf(`document.getElementById(%q).getAttribute('aria-current') === 'step'`, id), stepTimeout)
	return i, id
}

// showTab clicks a result tab and waits until its panel is shown.
func (b *browser) showTab(name string) {
	b.t.Helper()
	b.run(chromedp.Click(chromedp.ID("tab-" + name)))
	b.waitFor("the "+name+" tab", fmt.Sprintf(`!document.getElementById('out-%s').hidden`, name), stepTimeout)
}

// diffLines returns the text of the lines the unified diff marks as
// inserted and deleted. The merge view draws only the lines in sight, so
// the diff is scrolled through from top to bottom.
func (b *browser) diffLines() (inserted, deleted []string) {
	b.t.Helper()
	type lines struct{ Inserted, Deleted []string }
	l := eval[lines](b, `(async () => {
		const host = document.getElementById('editor-diff');
		const ins = new Set(), del = new Set();
		await walkLines(host, () => {
			host.querySelectorAll('.cm-changedLine').forEach((e) => ins.add(e.textContent));
			host.querySelectorAll('.cm-deletedChunk .cm-deletedLine').forEach((e) => del.add(e.textContent));
		});
		return {inserted: [...ins], deleted: [...del]};
	})()`)
	return l.Inserted, l.Deleted
}

func containsAny(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// TestFirstVisit opens the page as a new visitor: the documentation's
// walkthrough is computed and every view shows its decisions.
func TestFirstVisit(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()

	if got := b.attr("outputs", "data-state"); got != "ready" {
		t.Fatalf("outputs data-state = %q, want ready", got)
	}
	if got := b.attr("outputs", "data-action"); got != "configure" {
		t.Errorf("outputs data-action = %q, want configure", got)
	}
	if got := b.text("status"); !strings.Contains(got, "configured") || !strings.Contains(got, "strategic merge patch") {
		t.Errorf("status = %q, want it to say configured with a strategic merge patch", got)
	}
	if got := b.attr("pane-last-applied", "data-mode"); got != "derived" {
		t.Errorf("last-applied pane mode = %q, want derived on a first visit", got)
	}

	// Steps: phase 1 clears minReadySeconds (in last-applied, not in the
	// file), phase 2 sets the new image (file and live differ).
	if i := stepIndex(b, 1, "spec.minReadySeconds", "clear"); i < 0 {
		t.Errorf("no phase-1 step clearing spec.minReadySeconds; steps: %s", b.text("steps"))
	}
	imageStep := stepIndex(b, 2, ".image", "set")
	if imageStep < 0 {
		t.Fatalf("no phase-2 step setting the image; steps: %s", b.text("steps"))
	}
	if got := b.text(fmt.Sprintf("step-%d", imageStep)); !strings.Contains(got, "containers[name=nginx].image") {
		t.Errorf("image step heading = %q, want the nginx container's image path", got)
	}

	patch := b.paneText("patch")
	for _, want := range []string{"minReadySeconds: null", "image: nginx:1.16.1"} {
		if !strings.Contains(patch, want) {
			t.Errorf("patch lacks %q:\n%s", want, patch)
		}
	}
	b.showTab("patch")
	if got := b.text("patch-type"); got != "strategic merge patch" {
		t.Errorf("patch type = %q, want strategic merge patch", got)
	}

	result := b.paneText("result")
	for _, want := range []string{"replicas: 2", "image: nginx:1.16.1"} {
		if !strings.Contains(result, want) {
			t.Errorf("result lacks %q:\n%s", want, result)
		}
	}
	for _, gone := range []string{"minReadySeconds", "nginx:1.14.2"} {
		if strings.Contains(result, gone) {
			t.Errorf("result still has %q:\n%s", gone, result)
		}
	}
	b.showTab("result")
	if got := b.text("result-action"); got != "configured" {
		t.Errorf("result badge = %q, want configured", got)
	}

	b.showTab("diff")
	b.waitFor("the diff", `document.querySelector('#editor-diff .cm-changedLine')`, stepTimeout)
	inserted, deleted := b.diffLines()
	if !containsAny(inserted, "image: nginx:1.16.1") {
		t.Errorf("diff does not mark the new image as inserted; inserted lines: %q", inserted)
	}
	if !containsAny(deleted, "image: nginx:1.14.2") || !containsAny(deleted, "minReadySeconds: 5") {
		t.Errorf("diff does not mark the old image and minReadySeconds as deleted; deleted lines: %q", deleted)
	}
	if containsAny(inserted, "replicas") || containsAny(deleted, "replicas") {
		t.Errorf("diff marks replicas as changed; it is kept at 2")
	}
	b.checkConsole()
}

// TestSelfContained loads the page with every host but the local server
// unresolvable: the first answer still comes, and every request, the
// page's and the worker's, went to the local server (no CDN).
func TestSelfContained(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight,
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"))
	var (
		mu   sync.Mutex
		urls []string
	)
	if err := chromedp.Listen(b.ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			urls = append(urls, e.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	mark := trafficMark()
	b.open()
	if got := b.attr("outputs", "data-state"); got != "ready" {
		t.Errorf("outputs data-state = %q offline, want ready", got)
	}
	b.checkConsole()

	site, _ := url.Parse(siteURL)
	mu.Lock()
	defer mu.Unlock()
	if len(urls) == 0 {
		t.Fatal("no requests recorded")
	}
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			t.Errorf("unparsable request URL %q", raw)
			continue
		}
		if u.Scheme == "data" || u.Scheme == "blob" {
			continue
		}
		if u.Host != site.Host {
			t.Errorf("request to another host: %s", raw)
		}
	}
	// The worker's requests are not page events; the local server's log
	// shows that the engine came from it.
	served := trafficSince(mark)
	var wasm, workerScript bool
	for _, x := range served {
		if x.Status != 200 {
			t.Errorf("%s answered %d", x.Path, x.Status)
		}
		wasm = wasm || strings.HasSuffix(x.Path, ".wasm")
		workerScript = workerScript || strings.Contains(x.Path, "wasm_exec")
	}
	if !wasm || !workerScript {
		t.Errorf("the local server did not serve the engine (wasm %v, wasm_exec %v): %+v", wasm, workerScript, served)
	}
	t.Logf("%d page requests, %d served locally, none elsewhere", len(urls), len(served))
}

// paneHas waits until a pane's text contains want.
func (b *browser) paneHas(pane, want string) {
	b.t.Helper()
	js, _ := json.Marshal(want)
	b.waitFor(fmt.Sprintf("the %s to contain %q", pane, want), fmt.Sprintf(`applylensPage.getText(%q).includes(%s)`, pane, js), stepTimeout)
}

// paneLacks waits until a pane's text does not contain gone.
func (b *browser) paneLacks(pane, gone string) {
	b.t.Helper()
	js, _ := json.Marshal(gone)
	b.waitFor(fmt.Sprintf("the %s to lose %q", pane, gone), fmt.Sprintf(`!applylensPage.getText(%q).includes(%s)`, pane, js), stepTimeout)
}

// TestTypingUpdatesOutputs edits the file and the live object with the
// keyboard and checks that the patch, the result and the diff follow.
func TestTypingUpdatesOutputs(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()

	// The file moves to another image: typed key by key.
	b.clickLineEnd("editor-file", "image: nginx:1.16.1")
	b.run(chromedp.KeyEvent(kb.Home, chromedp.KeyModifiers(chromedp.ModifierShift)), chromedp.KeyEvent("image: nginx:1.17.0"))
	if got := b.paneText("file"); !strings.Contains(got, "        image: nginx:1.17.0\n") {
		t.Fatalf("typing did not replace the image line; file pane:\n%s", got)
	}
	b.paneHas("patch", "image: nginx:1.17.0")
	b.paneHas("result", "image: nginx:1.17.0")
	if got := b.paneText("result"); strings.Contains(got, "nginx:1.16.1") {
		t.Errorf("result still has the old file's image:\n%s", got)
	}
	if got := b.attr("outputs", "data-state"); got != "ready" {
		t.Errorf("outputs data-state = %q after typing, want ready", got)
	}

	// The live object already runs that image: the diff no longer shows
	// an image change, only minReadySeconds going away.
	b.replaceLine("editor-live", "- image: nginx:1.14.2", "- image: nginx:1.17.0")
	b.waitFor("the patch to drop the image", `!applylensPage.getText('patch').includes('image:')`, stepTimeout)
	b.showTab("diff")
	b.waitFor("the diff", `document.querySelector('#editor-diff .cm-deletedLine')`, stepTimeout)
	inserted, deleted := b.diffLines()
	if containsAny(inserted, "image:") || containsAny(deleted, "image:") {
		t.Errorf("diff still shows an image change after live was edited; inserted %q, deleted %q", inserted, deleted)
	}
	if !containsAny(deleted, "minReadySeconds: 5") {
		t.Errorf("diff lost the minReadySeconds deletion; deleted %q", deleted)
	}

	// The live replicas count flows into the result unchanged.
	b.replaceLine("editor-live", "replicas: 2", "replicas: 7")
	b.paneHas("result", "replicas: 7")
	b.checkConsole()
}

// TestCreate empties the live pane: kubectl creates the object, no patch.
func TestCreate(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()

	b.clickLineEnd("editor-live", "kind: Deployment")
	b.run(selectAllAndDelete())
	if got := b.paneText("live"); got != "" {
		t.Fatalf("live pane not emptied: %q", got)
	}
	b.waitFor("action create", `document.getElementById('outputs').dataset.action === 'create' && document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
	if got := b.text("status"); !strings.Contains(got, "created") {
		t.Errorf("status = %q, want created", got)
	}
	if got := b.paneText("patch"); got != "" {
		t.Errorf("patch editor has content on create:\n%s", got)
	}
	b.showTab("patch")
	if got := b.text("patch-meta"); !strings.Contains(got, "No patch") {
		t.Errorf("patch tab says %q, want that there is no patch", got)
	}
	if eval[bool](b, `document.getElementById('patch-type') !== null`) {
		t.Errorf("a patch type is shown on create")
	}
	b.showTab("result")
	if got := b.text("result-action"); got != "created" {
		t.Errorf("result badge = %q, want created", got)
	}
	result := b.paneText("result")
	for _, want := range []string{"kubectl.kubernetes.io/last-applied-configuration", "image: nginx:1.16.1"} {
		if !strings.Contains(result, want) {
			t.Errorf("created object lacks %q:\n%s", want, result)
		}
	}
	if n := eval[int](b, `document.querySelectorAll('li.step[data-rule="create"]').length`); n == 0 {
		t.Errorf("no create step; steps: %s", b.text("steps"))
	}
	// Derived from a live object that is gone: nothing to show.
	if got := b.paneText("last-applied"); got != "" {
		t.Errorf("derived last-applied pane = %q, want empty without a live object", got)
	}
	b.checkConsole()
}

// TestYAMLError breaks the file: the error is shown at its line, the last
// good result stays on screen marked stale, and fixing it recovers.
func TestYAMLError(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	goodPatch := b.paneText("patch")

	b.clickLineEnd("editor-file", "kind: Deployment")
	b.run(chromedp.KeyEvent(": x"))
	b.waitFor("the file error", `!document.getElementById('error-file').hidden`, stepTimeout)
	if got := b.text("error-file"); !strings.HasPrefix(got, "line 2") {
		t.Errorf("error-file = %q, want it to start with line 2", got)
	}
	b.waitFor("a lint diagnostic in the file editor", `document.querySelector('#editor-file .cm-lintRange-error')`, stepTimeout)
	if n := eval[int](b, `document.querySelectorAll('#editor-live .cm-lintRange-error, #editor-last-applied .cm-lintRange-error').length`); n != 0 {
		t.Errorf("%d lint diagnostics in the other editors", n)
	}
	if !eval[bool](b, `document.getElementById('outputs').classList.contains('stale')`) {
		t.Errorf("outputs not marked stale")
	}
	if got := b.attr("outputs", "data-state"); got != "error" {
		t.Errorf("outputs data-state = %q, want error", got)
	}
	if b.hidden("stale-note") {
		t.Errorf("stale note hidden")
	}
	if got := b.text("status"); !strings.Contains(got, "line 2") {
		t.Errorf("status = %q, want the error's line", got)
	}
	if got := b.paneText("patch"); got != goodPatch {
		t.Errorf("patch changed while the file is broken:\n%s", got)
	}

	// Fix it: delete the three typed characters.
	b.run(chromedp.KeyEvent(kb.Backspace + kb.Backspace + kb.Backspace))
	b.waitFor("the error to clear", `document.getElementById('error-file').hidden && document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
	if eval[bool](b, `document.getElementById('outputs').classList.contains('stale')`) {
		t.Errorf("outputs still stale after the fix")
	}
	if n := eval[int](b, `document.querySelectorAll('#editor-file .cm-lintRange-error').length`); n != 0 {
		t.Errorf("lint diagnostic left after the fix")
	}
	b.checkConsole()
}

// TestCustomResource loads a kind kubectl does not know: a JSON merge
// patch, with the reason shown.
func TestCustomResource(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.setPane("live", readFile(t, "samples/custom-resource/live.yaml"))
	b.setPane("file", readFile(t, "samples/custom-resource/file.yaml"))
	b.paneHas("result", "kind: Certificate")
	b.showTab("patch")
	b.waitFor("the patch type", `document.getElementById('patch-type')?.textContent === 'JSON merge patch'`, stepTimeout)
	why := b.text("patch-type-why")
	if why == "" {
		t.Errorf("no reason given for the JSON merge patch")
	}
	if !strings.Contains(strings.ToLower(why), "certificate") && !strings.Contains(strings.ToLower(why), "custom") {
		t.Errorf("reason %q names neither the kind nor custom resources", why)
	}
	if got := b.text("status"); !strings.Contains(got, "JSON merge patch") {
		t.Errorf("status = %q, want JSON merge patch", got)
	}
	patch := b.paneText("patch")
	for _, want := range []string{"api.shop.example.com", "renewBefore: null"} {
		if !strings.Contains(patch, want) {
			t.Errorf("patch lacks %q:\n%s", want, patch)
		}
	}
	if strings.Contains(patch, "$setElementOrder") || strings.Contains(patch, "$patch") {
		t.Errorf("a JSON merge patch with strategic directives:\n%s", patch)
	}
	// Lists are replaced whole: the live-only name is gone.
	if got := b.paneText("result"); strings.Contains(got, "shop-staging.example.com") {
		t.Errorf("live-only dnsNames entry survived a JSON merge patch:\n%s", got)
	}
	b.checkConsole()
}

// TestDerivedLastApplied pastes a live object with the annotation: the
// last-applied pane follows it; typing there makes it explicit; reset
// returns to derived.
func TestDerivedLastApplied(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	b.run(chromedp.Click(chromedp.ID("btn-clear")))
	b.waitFor("the empty state", `document.getElementById('outputs').dataset.state === 'empty'`, stepTimeout)
	if got := b.paneText("last-applied"); got != "" {
		t.Fatalf("last-applied pane not cleared: %q", got)
	}

	b.setPane("file", readFile(t, "samples/walkthrough/file.yaml"))
	b.setPane("live", readFile(t, "samples/walkthrough/live.yaml"))
	b.paneHas("last-applied", "minReadySeconds: 5")
	b.paneHas("last-applied", "image: nginx:1.14.2")
	if got := b.attr("pane-last-applied", "data-mode"); got != "derived" {
		t.Errorf("mode = %q after pasting live, want derived", got)
	}
	if got := b.text("badge-derived"); got != "derived from live" {
		t.Errorf("badge = %q, want derived from live", got)
	}
	if !b.hidden("btn-reset-derived") {
		t.Errorf("reset button shown in derived mode")
	}
	b.paneHas("patch", "minReadySeconds: null")

	// Typing in the pane makes it the user's: minReadySeconds was never
	// applied, so apply no longer clears it.
	b.replaceLine("editor-last-applied", "minReadySeconds: 5", "revisionHistoryLimit: 10")
	b.waitFor("explicit mode", `document.getElementById('pane-last-applied').dataset.mode === 'explicit'`, stepTimeout)
	if got := b.text("badge-derived"); got != "typed by you" {
		t.Errorf("badge = %q, want typed by you", got)
	}
	if eval[string](b, `applylensPage.mode()`) != "explicit" {
		t.Errorf("page mode is not explicit")
	}
	b.paneHas("patch", "revisionHistoryLimit: null")
	b.paneLacks("patch", "minReadySeconds")
	if b.hidden("btn-reset-derived") {
		t.Fatalf("reset button hidden in explicit mode")
	}

	b.run(chromedp.Click(chromedp.ID("btn-reset-derived")))
	b.waitFor("derived mode", `document.getElementById('pane-last-applied').dataset.mode === 'derived'`, stepTimeout)
	b.paneHas("last-applied", "minReadySeconds: 5")
	b.paneHas("patch", "minReadySeconds: null")
	b.paneLacks("patch", "revisionHistoryLimit")
	if !eval[bool](b, `document.getElementById('badge-derived').classList.contains('derived')`) {
		t.Errorf("badge lacks class derived after reset")
	}
	b.checkConsole()
}

// stepLines returns the text of the lines marked as the selected step's
// field in an editor.
func (b *browser) stepLines(editorID string) []string {
	b.t.Helper()
	return eval[[]string](b, fmt.Sprintf(`[...document.querySelectorAll('#%s .cm-step-line')].map((e) => e.textContent)`, editorID))
}

// waitForStepLine waits until a line marked as the selected step's field
// in an editor holds want: the page asks the engine where a step is
// when it is selected, so the marks come a moment after the selection.
func (b *browser) waitForStepLine(editorID, want string) {
	b.t.Helper()
	js, _ := json.Marshal(want)
	b.waitFor(fmt.Sprintf("a step line holding %s in %s", js, editorID),
		fmt.Sprintf(`[...document.querySelectorAll('#%s .cm-step-line')].some((e) => e.textContent.includes(%s))`, editorID, js), stepTimeout)
}

// TestStepHighlights selects a step with the mouse and walks the steps
// with Alt+J / Alt+K.
func TestStepHighlights(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	i, id := b.clickStep(2, ".image", "set")
	if !eval[bool](b, fmt.Sprintf(`document.getElementById(%q).closest('li.step').classList.contains('selected')`, id)) {
		t.Errorf("selected step lacks class selected")
	}
	b.waitFor("highlights in the editors", `document.querySelector('#editor-file .cm-step-line') && document.querySelector('#editor-live .cm-step-line')`, stepTimeout)
	if got := b.stepLines("editor-file"); !containsAny(got, "image: nginx:1.16.1") {
		t.Errorf("file editor marks %q, want the image line", got)
	}
	if got := b.stepLines("editor-live"); !containsAny(got, "image: nginx:1.14.2") {
		t.Errorf("live editor marks %q, want the image line", got)
	}
	if n := eval[int](b, `document.querySelectorAll('#editor-file .cm-step-first').length`); n != 1 {
		t.Errorf("%d first-line marks in the file editor, want 1", n)
	}
	b.showTab("result")
	b.waitFor("the highlight in the result", `document.querySelector('#editor-result .cm-step-line')`, stepTimeout)
	if got := b.stepLines("editor-result"); !containsAny(got, "image: nginx:1.16.1") {
		t.Errorf("result editor marks %q, want the image line", got)
	}

	// Alt+J from the Result tab: back to Steps, next step selected.
	next := fmt.Sprintf("step-%d", i+1)
	b.run(chromedp.KeyEvent("j", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("Alt+J to select the next step", fmt.Sprintf(`document.getElementById(%q)?.getAttribute('aria-current') === 'step'`, next), stepTimeout)
	if got := b.attr("tab-steps", "aria-selected"); got != "true" {
		t.Errorf("Alt+J did not switch to the Steps tab")
	}
	if got := b.attr(id, "aria-current"); got != "" {
		t.Errorf("previous step still current")
	}
	b.run(chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierAlt)))
	b.waitFor("Alt+K to select the previous step", fmt.Sprintf(`document.getElementById(%q).getAttribute('aria-current') === 'step'`, id), stepTimeout)
	b.waitForStepLine("editor-file", "image: nginx:1.16.1")
	b.checkConsole()
}

// TestThemeToggle switches the theme and reloads: the choice is kept,
// and without one the system preference decides.
func TestThemeToggle(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.run(prefersColorScheme("light"))
	b.open()
	get := func() (string, string, string) {
		return eval[string](b, `document.documentElement.dataset.theme || ''`),
			b.attr("btn-theme", "aria-pressed"),
			eval[string](b, `getComputedStyle(document.body).backgroundColor`)
	}
	first, pressed, bg1 := get()
	if first != "light" || pressed != "false" {
		t.Fatalf("initial theme %q (pressed %s), want light: the system prefers light", first, pressed)
	}
	b.run(chromedp.Click(chromedp.ID("btn-theme")))
	b.waitFor("the dark theme", `document.documentElement.dataset.theme === 'dark'`, stepTimeout)
	_, pressed, bg2 := get()
	if pressed != "true" {
		t.Errorf("aria-pressed = %s in dark, want true", pressed)
	}
	if bg1 == bg2 {
		t.Errorf("page background %s did not change with the theme", bg1)
	}
	if got := eval[string](b, `localStorage.getItem('applylens-theme') || ''`); got != "dark" {
		t.Errorf("stored theme = %q, want dark", got)
	}

	b.reload()
	if got, pressed, bg := get(); got != "dark" || pressed != "true" || bg != bg2 {
		t.Errorf("after reload: theme %q pressed %s background %s, want dark, true, %s", got, pressed, bg, bg2)
	}
	b.run(chromedp.Click(chromedp.ID("btn-theme")))
	b.waitFor("the light theme", `document.documentElement.dataset.theme === 'light'`, stepTimeout)
	b.reload()
	if got, _, _ := get(); got != "light" {
		t.Errorf("after switching back and reloading: theme %q, want light", got)
	}

	// No stored choice: a system that prefers dark gets dark.
	b.run(chromedp.Evaluate[chromedp.Void](`localStorage.removeItem('applylens-theme')`), prefersColorScheme("dark"))
	b.reload()
	if got, pressed, _ := get(); got != "dark" || pressed != "true" {
		t.Errorf("no stored choice, system prefers dark: theme %q pressed %s, want dark, true", got, pressed)
	}
	b.checkConsole()
}

// bigDeployment is a Deployment with n containers, as YAML. With 40000
// (3.9 MB a pane, under the page's 5 MB limit) the engine needs about
// 2.6 s natively on the 2-core test machine and about five times that in
// wasm, far past the page's 4 s limit. (15000 took 1.1 s natively on
// 2026-11-22: too close to the limit in wasm.)
func bigDeployment(n int, image string) string {
	var b strings.Builder
	b.WriteString("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: big\n  namespace: default\nspec:\n  selector:\n    matchLabels:\n      app: big\n  template:\n    metadata:\n      labels:\n        app: big\n    spec:\n      containers:\n")
	for i := range n {
		fmt.Fprintf(&b, "      - name: c%05d\n        image: %s\n        env:\n        - name: INDEX\n          value: \"%d\"\n", i, image, i)
	}
	return b.String()
}

// TestRunawayComputation makes one computation exceed the page's time
// limit: the page says so, replaces its worker, and the next edit
// computes again.
func TestRunawayComputation(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	if eval[bool](b, `typeof applylensPage.setTimeLimit === 'function'`) {
		t.Log("the page has a time-limit hook; using it with 1 ms")
		b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(1)`))
		// Big enough to take more than 1 ms, however fast the machine.
		b.setPane("live", bigDeployment(3000, "img:1"))
	} else {
		// No hook: paste inputs big enough to run past the 4 s limit.
		b.setPane("last-applied", bigDeployment(40000, "img:1"))
		b.setPane("live", bigDeployment(40000, "img:1"))
		b.setPane("file", bigDeployment(40000, "img:2"))
	}
	b.waitFor("the time-limit message", `!document.getElementById('error-general').hidden`, 60*time.Second)
	msg := b.text("error-general")
	if !strings.Contains(msg, "was stopped") || !strings.Contains(msg, "restarted") {
		t.Errorf("error-general = %q, want it to say the computation was stopped and the engine restarted", msg)
	}
	if got := b.text("status"); !strings.Contains(got, "took too long") {
		t.Errorf("status = %q, want it to say the computation took too long", got)
	}
	if got := b.attr("outputs", "data-state"); got != "error" {
		t.Errorf("outputs data-state = %q, want error", got)
	}
	if !eval[bool](b, `document.getElementById('outputs').classList.contains('stale')`) {
		t.Errorf("the walkthrough's result is not kept as stale")
	}

	// The next edit runs in the fresh worker.
	if eval[bool](b, `typeof applylensPage.setTimeLimit === 'function'`) {
		b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(4000)`))
	}
	b.setPane("file", readFile(t, "samples/walkthrough/file.yaml"))
	b.setPane("live", readFile(t, "samples/walkthrough/live.yaml"))
	if !b.hidden("btn-reset-derived") {
		b.run(chromedp.ScrollIntoView(chromedp.ID("btn-reset-derived")), chromedp.Click(chromedp.ID("btn-reset-derived")))
	}
	b.waitFor("a new result", `document.getElementById('outputs').dataset.state === 'ready'`, startTimeout)
	if !b.hidden("error-general") {
		t.Errorf("the time-limit message stayed after a good result: %q", b.text("error-general"))
	}
	if eval[bool](b, `document.getElementById('outputs').classList.contains('stale')`) {
		t.Errorf("outputs still stale")
	}
	if got := b.paneText("result"); !strings.Contains(got, "nginx-deployment") {
		t.Errorf("result is not the new input's:\n%.300s", got)
	}
	b.checkConsole()
}
