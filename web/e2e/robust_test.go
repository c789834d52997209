//go:build browser

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Tests of the page under big, wrong and hostile input (issue 9): the
// computing state, only the newest request running, long messages shown
// once, the Content-Security-Policy. Screenshots land in tmp/screenshots/
// as robust-*.png, for people to look at.

// saveShot writes a screenshot of the viewport to tmp/screenshots/robust-name.png.
func saveShot(t *testing.T, b *browser, name string) {
	t.Helper()
	saveShotAs(t, b, "robust-"+name+".png")
}

// viewportImage is a screenshot of the viewport as it is now, decoded.
func viewportImage(t *testing.T, b *browser) image.Image {
	t.Helper()
	shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// saveShotAs writes a screenshot of the viewport, after two frames, to
// tmp/screenshots/file and returns its width in pixels. Chromium's PNG is
// written as it came, not decoded and encoded again.
func saveShotAs(t *testing.T, b *browser, file string) int {
	t.Helper()
	eval[chromedp.Void](b, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
	shot, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	if err := os.WriteFile(filepath.Join(screenshotDir(t), file), shot, 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg.Width
}

// phone emulates a 390x844 touch screen.
func phone(t *testing.T) *browser {
	b := newBrowser(t, phoneScreen.width, phoneScreen.height)
	b.run(phoneScreen.emulate(), touchScreen())
	return b
}

// touchScreen makes the media queries see a touch screen: a coarse
// pointer that cannot hover.
func touchScreen() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5})
		return err
	})
}

type engineLog struct {
	LastID      int   `json:"lastId"`
	Received    []int `json:"received"`
	Starts      int   `json:"starts"`
	MemoryBytes int64 `json:"memoryBytes"`
}

func (b *browser) engineLog() engineLog {
	b.t.Helper()
	return eval[engineLog](b, `applylensPage.engineLog()`)
}

func contains(ids []int, id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestBusy pastes a live object whose request keeps the engine's worker
// busy until the test releases it (busyHold; the object itself is small,
// so that pasting it costs nothing on a loaded machine): while the engine
// works, the results are marked as being recomputed (aria-busy, the
// status, the elapsed time, a Stop button), then the answer clears it all.
// Stop ends the next such computation and keeps the results as stale.
func TestBusy(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.openAt(busySiteURL)
	if !b.hidden("busy") || b.attr("outputs", "aria-busy") != "" {
		t.Fatalf("the page is busy before any input")
	}
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(60000)`))
	// The worker is kept busy by this computation until the checks of the
	// busy state are done (busyHold): the elapsed time shows from 1 s on,
	// and on a quiet machine the paste alone is answered sooner.
	first := newBusyHold(t, "first")
	b.setPane("live", first.marker()+bigDeployment(20, "img:1"))
	b.waitFor("the busy state", `document.getElementById('outputs').getAttribute('aria-busy') === 'true' && !document.getElementById('busy').hidden`, stepTimeout)
	if got := b.text("status"); !strings.Contains(got, "Computing") || !strings.Contains(got, "previous inputs") {
		t.Errorf("status while computing = %q, want it to say it computes and that the results are the previous ones", got)
	}
	if !eval[bool](b, `document.getElementById('outputs').classList.contains('recomputing')`) {
		t.Errorf("the previous results are not marked as out of date")
	}
	b.waitFor("the elapsed time", `/^\d+\.\d s$/.test(document.getElementById('busy-elapsed').textContent)`, 30*time.Second)
	saveShot(t, b, "busy-desktop")
	first.release()
	b.waitFor("the answer", `document.getElementById('outputs').getAttribute('aria-busy') === null`, 60*time.Second)
	if !b.hidden("busy") {
		t.Errorf("the busy bar stayed after the answer")
	}
	if eval[bool](b, `document.getElementById('outputs').classList.contains('recomputing')`) {
		t.Errorf("the results stayed marked as recomputing after the answer")
	}
	if got := b.text("status"); strings.Contains(got, "Computing") {
		t.Errorf("status after the answer = %q", got)
	}

	// Stop: another long computation, stopped by the user. Its hold is
	// never released: the click lands while it runs however late the bar
	// shows (it does after a delay), and Stop ends its worker.
	before := b.engineLog()
	b.setPane("file", newBusyHold(t, "stopped").marker()+bigDeployment(20, "img:2"))
	b.waitFor("the busy state", `!document.getElementById('busy').hidden`, stepTimeout)
	// Pressed where it is on screen now: a mouse click at coordinates read
	// a moment before missed it once on a loaded machine, while the busy
	// row was still being laid out.
	stopAt := `(() => {
		const btn = document.getElementById('btn-stop');
		btn.scrollIntoView({ block: 'center' });
		const r = btn.getBoundingClientRect();
		const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (!hit || !btn.contains(hit)) return 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
		btn.click();
		return '';
	})()`
	if msg := eval[string](b, stopAt); msg != "" {
		t.Fatalf("the Stop button cannot be pressed: %s", msg)
	}
	b.waitFor("the stop", `document.getElementById('outputs').getAttribute('aria-busy') === null`, stepTimeout)
	if got := b.text("status"); !strings.HasPrefix(got, "Stopped") {
		t.Errorf("status after Stop = %q, want Stopped…", got)
	}
	if !eval[bool](b, `document.getElementById('outputs').classList.contains('stale')`) {
		t.Errorf("after Stop the results are not marked stale")
	}
	after := b.engineLog()
	if after.Starts != before.Starts+1 {
		t.Errorf("Stop started %d workers, want 1 (the stopped one replaced)", after.Starts-before.Starts)
	}
	// Nothing is retried on its own. A retry would keep its request's id
	// and be sent as soon as the fresh worker is ready, so: wait for it
	// to be ready, ask for something else, and once that is answered (the
	// worker handles its messages in order) the worker must have received
	// only requests asked for after the Stop.
	b.waitFor("the fresh worker", `document.getElementById('engine-state').dataset.state === 'ready'`, startTimeout)
	b.run(chromedp.Click(chromedp.ID("btn-example")))
	b.waitFor("the walkthrough's result", `document.getElementById('outputs').dataset.state === 'ready' && applylensPage.getText('file').includes('nginx:1.16.1')`, startTimeout)
	got := b.engineLog()
	if got.Starts != after.Starts || len(got.Received) <= len(after.Received) || !reflect.DeepEqual(got.Received[:len(after.Received)], after.Received) {
		t.Fatalf("after Stop: %d more workers, received %v, want the example's requests after %v", got.Starts-after.Starts, got.Received, after.Received)
	}
	for _, id := range got.Received[len(after.Received):] {
		if id <= after.LastID {
			t.Errorf("after Stop the worker received request %d, asked for before the Stop (the last then was %d): %v", id, after.LastID, got.Received)
		}
	}
	b.checkConsole()
}

// TestReplacedRequest: while a long computation runs, a request that a
// newer one replaces never reaches the worker; and a long computation
// whose answer nobody wants any more is abandoned, its worker replaced.
func TestReplacedRequest(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.openAt(busySiteURL)
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(60000)`), chromedp.Evaluate[chromedp.Void](`applylensPage.setAbandonAfter(1e9)`))
	// The long computation keeps the worker busy until the two requests
	// after it were made (busyHold), however long making them takes on a
	// loaded machine; the requests after it hold the same marker, released
	// by then: they keep the worker no longer than they take.
	walk := readFile(t, "samples/walkthrough/file.yaml")

	first := b.engineLog().LastID
	hold := newBusyHold(t, "long")
	b.setPane("live", hold.marker()+bigDeployment(20, "img:1"))
	b.waitFor("the long request to reach the worker", fmt.Sprintf(`(() => { const l = applylensPage.engineLog(); return l.lastId > %d && l.received.includes(l.lastId); })()`, first), stepTimeout)
	long := b.engineLog().LastID
	b.setPane("file", strings.Replace(walk, "nginx:1.16.1", "nginx:1.17.0", 1))
	b.waitFor("the second request", fmt.Sprintf(`applylensPage.engineLog().lastId > %d`, long), stepTimeout)
	replaced := b.engineLog().LastID
	b.setPane("file", strings.Replace(walk, "nginx:1.16.1", "nginx:1.18.0", 1))
	b.waitFor("the third request", fmt.Sprintf(`applylensPage.engineLog().lastId > %d`, replaced), stepTimeout)
	newest := b.engineLog().LastID
	hold.release()
	b.waitFor("the newest answer", `document.getElementById('outputs').getAttribute('aria-busy') === null && applylensPage.getText('file').includes('nginx:1.18.0') && ['ready','error'].includes(document.getElementById('outputs').dataset.state)`, 60*time.Second)
	got := b.engineLog()
	if !contains(got.Received, newest) {
		t.Errorf("the newest request %d never reached the worker: %v", newest, got.Received)
	}
	for id := replaced; id < newest; id++ {
		if contains(got.Received, id) {
			t.Errorf("request %d, replaced before it was sent, reached the worker: %v", id, got.Received)
		}
	}

	// Abandoning: a long computation, then Example; the worker running
	// the long one is replaced rather than waited for. Its hold is never
	// released: it runs until its worker is replaced.
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setAbandonAfter(300)`))
	first = b.engineLog().LastID
	b.setPane("file", newBusyHold(t, "abandoned").marker()+bigDeployment(20, "img:2"))
	b.waitFor("the long request to reach the worker", fmt.Sprintf(`(() => { const l = applylensPage.engineLog(); return l.lastId > %d && l.received.includes(l.lastId); })()`, first), stepTimeout)
	before := b.engineLog()
	// Abandoning needs the computation to have run abandonAfter (300 ms)
	// since it was sent: wait until that long after its arrival was seen.
	b.run(chromedp.Evaluate[chromedp.Void](`window.e2eReceivedAt = performance.now()`))
	b.waitFor("the long computation to run past the abandon threshold", `performance.now() - window.e2eReceivedAt > 300`, stepTimeout)
	b.run(chromedp.Click(chromedp.ID("btn-example")))
	b.waitFor("the walkthrough's result", `document.getElementById('outputs').dataset.state === 'ready' && applylensPage.getText('file').includes('nginx:1.16.1')`, startTimeout)
	after := b.engineLog()
	if after.Starts != before.Starts+1 {
		t.Errorf("Example after a long computation started %d workers, want 1 (the long one abandoned)", after.Starts-before.Starts)
	}
	if !b.hidden("error-general") {
		t.Errorf("abandoning a replaced computation showed an error: %q", b.text("error-general"))
	}
	b.checkConsole()
}

// TestConflictFits: kubectl's --overwrite=false conflict on the
// walkthrough is shown once, in a block that leaves the results in sight
// at 1440x900; the status is one short sentence. A long YAML error is not
// repeated in the status either.
func TestConflictFits(t *testing.T) {
	b := newBrowser(t, 1440, 900)
	b.run(chromedp.EmulateViewport(1440, 900))
	b.open()
	b.run(chromedp.Click(chromedp.ID("opt-overwrite")))
	b.waitFor("the conflict", `document.getElementById('outputs').dataset.state === 'error' && document.getElementById('error-general').dataset.kind === 'conflict'`, stepTimeout)
	saveShot(t, b, "conflict-desktop")
	if got := b.text("error-general"); !strings.Contains(got, `metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]`) {
		t.Errorf("the conflict does not name the conflicting field: %.300q", got)
	}
	b.waitFor("the conflicting field marked in the live pane", `[...document.querySelectorAll('#editor-live .cm-step-line')].some((l) => l.textContent.includes('last-applied-configuration'))`, stepTimeout)
	status := b.text("status")
	if len(status) > 120 || strings.Contains(status, "\n") {
		t.Errorf("status is not one short sentence: %q", status)
	}
	if h := eval[float64](b, `document.getElementById('status').getBoundingClientRect().height`); h > 45 {
		t.Errorf("the status is %.0f px tall, more than two lines", h)
	}
	// The stale results may mention the field; the messages show it once.
	if n := eval[int](b, `['status', 'error-general', 'stale-note', 'warnings-block'].map((id) => document.getElementById(id).innerText).join('\n').split('$setElementOrder/containers').length - 1`); n != 1 {
		t.Errorf("the conflict's patch is shown %d times, want once", n)
	}
	type box struct{ Top, Bottom float64 }
	errBox := eval[box](b, `(() => { const r = document.getElementById('error-general').getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; })()`)
	tabs := eval[box](b, `(() => { const r = document.getElementById('tablist').getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; })()`)
	if errBox.Bottom > 900 || tabs.Bottom > 900 {
		t.Errorf("the conflict (bottom %.0f px) or the result tabs (bottom %.0f px) are below the 900 px screen", errBox.Bottom, tabs.Bottom)
	}
	if eval[float64](b, `document.getElementById('steps').getBoundingClientRect().top`) > 850 {
		t.Errorf("the steps start below the screen")
	}

	// Phone: the same, for a look.
	b.run(chromedp.Click(chromedp.ID("opt-overwrite")))
	b.waitFor("the result again", `document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)

	// A long YAML error: under its pane, and only pointed to by the status.
	b.setPane("file", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: [1, 2\n  b: "+strings.Repeat("word ", 80)+"\n")
	b.waitFor("the YAML error", `document.getElementById('outputs').dataset.state === 'error'`, stepTimeout)
	pane := b.text("error-file")
	status = b.text("status")
	if pane == "" || strings.Contains(status, pane) || len(status) > 120 || !strings.Contains(status, "configuration file") {
		t.Errorf("status = %q, pane error = %q: want the status to name the pane, short, without repeating the message", status, pane)
	}
	b.checkConsole()
}

// TestConflictPhone looks at the conflict on a phone.
func TestConflictPhone(t *testing.T) {
	b := phone(t)
	b.open()
	b.run(chromedp.Click(chromedp.ID("opt-overwrite")))
	b.waitFor("the conflict", `document.getElementById('error-general').dataset.kind === 'conflict'`, stepTimeout)
	if w := b.overflowX(); w > 0 {
		t.Errorf("the page is %d px wider than the phone", w)
	}
	eval[chromedp.Void](b, `document.getElementById('outputs').scrollIntoView({block: 'start'})`)
	saveShot(t, b, "conflict-phone")
	b.checkConsole()
}

// TestCSP: the page has a Content-Security-Policy without inline script
// and without a frame-ancestors restriction. Every test fails on a
// violation (see watchCSP); this one makes one on purpose to see that it
// is reported.
func TestCSP(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	policy := eval[string](b, `document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? ''`)
	// 'wasm-unsafe-eval' for the one wasm the page compiles itself (the
	// saved work's store); no 'unsafe-inline' or 'unsafe-eval' for scripts.
	if !strings.Contains(policy, "script-src 'self' 'wasm-unsafe-eval';") || strings.Contains(policy, "frame-ancestors") {
		t.Errorf("page policy = %q", policy)
	}
	if n := eval[int](b, `document.querySelectorAll('script:not([src])').length`); n != 0 {
		t.Errorf("the page has %d inline scripts", n)
	}
	header := eval[string](b, `fetch('./').then((r) => r.headers.get('content-security-policy') || '')`)
	if header != policy {
		t.Errorf("the devserver's header %q differs from the meta %q", header, policy)
	}
	// An inline script injected now must be refused and reported.
	b.allowCSPViolations = true
	b.run(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.head.append(s); })()`))
	if !b.waitConsole("CSP violation", stepTimeout) {
		t.Errorf("the injected inline script's violation was not reported to the console")
	}
	if eval[bool](b, `window.injected === 1`) {
		t.Errorf("an inline script ran")
	}
}

// TestPhoneStep: on a 390x844 touch screen, tapping a step shows its
// field's lines in the viewport (inline, under the step), and the hints
// speak of tapping, not of Alt+J.
func TestPhoneStep(t *testing.T) {
	b := phone(t)
	b.open()
	hint := eval[string](b, `document.querySelector('#out-steps .panel-hint').textContent`)
	if strings.Contains(hint, "Alt") || !strings.Contains(hint, "Tap") {
		t.Errorf("the steps hint on a phone = %q, want it to speak of tapping", hint)
	}
	if eval[bool](b, `document.querySelector('.keys-hint').getClientRects().length > 0`) {
		t.Errorf("the footer's keyboard shortcuts show on a touch screen")
	}
	i := stepIndex(b, 2, ".image", "set")
	if i < 0 {
		t.Fatal("no step sets the image")
	}
	b.clickSettled(fmt.Sprintf("step-%d", i))
	b.waitFor("the step's lines", fmt.Sprintf(`document.querySelector('#step-%d').closest('.step').querySelector('.step-lines')`, i), stepTimeout)
	type rect struct{ Top, Bottom float64 }
	r := eval[rect](b, fmt.Sprintf(`(() => { const r = document.querySelector('#step-%d').closest('.step').querySelector('.step-lines').getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; })()`, i))
	if r.Top < 0 || r.Bottom > 844 || r.Bottom <= r.Top {
		t.Errorf("the step's lines are at %.0f..%.0f px, not within the 844 px screen", r.Top, r.Bottom)
	}
	lines := eval[string](b, fmt.Sprintf(`document.querySelector('#step-%d').closest('.step').querySelector('.step-lines').innerText`, i))
	if !strings.Contains(lines, "image: nginx:1.16.1") || !strings.Contains(lines, "image: nginx:1.14.2") {
		t.Errorf("the inline lines lack the file's and the live object's image:\n%s", lines)
	}
	saveShot(t, b, "step-phone")
	b.checkConsole()
}

// TestIntro: the first visit tells the walkthrough's story, with every
// editor at its top (apiVersion and kind in view; nothing selected);
// "Got it" hides it for good (localStorage), also after a reload.
func TestIntro(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int
	}{{"desktop", 1440, 900}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			var b *browser
			if size.name == "phone" {
				b = phone(t)
			} else {
				b = newBrowser(t, size.width, size.height)
				b.run(chromedp.EmulateViewport(int64(size.width), int64(size.height)))
			}
			b.open()
			b.waitFor("the introduction", `document.getElementById('intro')`, stepTimeout)
			if got := b.text("intro-text"); !strings.Contains(got, "kubectl scale raised replicas to 2") {
				t.Errorf("intro text = %q, want the walkthrough's description", got)
			}
			// Each editor is at its top, where apiVersion and kind say what
			// the document is, and nothing is selected.
			b.waitEditorsAtTop()
			if eval[bool](b, `!!document.querySelector('.step.selected')`) {
				t.Errorf("the first visit selected a step")
			}
			if y := eval[float64](b, `scrollY`); y != 0 {
				t.Errorf("the first visit scrolled the page to %.0f px", y)
			}
			saveShot(t, b, "intro-"+size.name)
			b.run(chromedp.Click(chromedp.ID("btn-intro-dismiss")))
			b.waitFor("the introduction gone", `!document.getElementById('intro')`, stepTimeout)
			b.reload()
			if eval[bool](b, `!!document.getElementById('intro')`) {
				t.Errorf("the introduction came back after Got it and a reload")
			}
			b.checkConsole()
		})
	}
}

// TestLimits pastes inputs just under and just over each limit
// (docs/limits.md): under, the page computes; over, a message names the
// pane and the limit, and the engine keeps answering. Never a stopped
// worker or a frozen tab.
func TestLimits(t *testing.T) {
	b := newBrowser(t, desktopWidth, desktopHeight)
	b.open()
	// Generous: the test machine is slow and shared; the limits, not the
	// clock, are under test.
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(60000)`))
	const cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n"
	// Sets the panes in one go (one computation) and waits for its answer.
	setPanes := func(panes map[string]string) {
		t.Helper()
		before := eval[int](b, `Number(document.documentElement.dataset.renders || 0)`)
		js := ""
		for _, pane := range []string{"last-applied", "live", "file"} {
			if text, ok := panes[pane]; ok {
				q, _ := json.Marshal(text)
				js += fmt.Sprintf("applylensPage.setText(%q, %s);", pane, q)
			}
		}
		b.run(chromedp.Evaluate[chromedp.Void](js))
		b.waitFor("the answer", fmt.Sprintf(`Number(document.documentElement.dataset.renders || 0) > %d && document.getElementById('outputs').getAttribute('aria-busy') === null`, before), 90*time.Second)
	}
	// Switches the file pane's format and waits for the answer to the pane
	// as it then is: an answer to the text before the switch, landing after
	// setPanes read the count, would pass for the answer to the new panes.
	switchFormat := func(format string) {
		t.Helper()
		before := eval[int](b, `Number(document.documentElement.dataset.renders || 0)`)
		b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`applylensPage.setFormat(%q)`, format)))
		b.waitFor("the answer after the switch", fmt.Sprintf(`applylensPage.format() === %q && Number(document.documentElement.dataset.renders || 0) > %d && document.getElementById('outputs').getAttribute('aria-busy') === null`, format, before), 90*time.Second)
	}
	under := func(name string) {
		t.Helper()
		if got := b.attr("outputs", "data-state"); got != "ready" {
			t.Errorf("%s: outputs %s, want ready; status %q, file error %q, live error %q", name, got, b.text("status"), b.text("error-file"), b.text("error-live"))
		}
	}
	over := func(name, pane, paneName, want string) {
		t.Helper()
		msg := b.text("error-" + pane)
		status := b.text("status")
		if !strings.Contains(msg, want) || !strings.Contains(status, paneName) {
			t.Errorf("%s: error under the %s = %q, status = %q; want %q and the pane named", name, pane, msg, status, want)
		}
	}
	sized := func(n int) string {
		open, end := cm+"data:\n  a: \"", "\"\n"
		return open + strings.Repeat("x", n-len(open)-len(end)) + end
	}
	const maxSize = 5 << 20
	smallFile := cm + "data:\n  a: b\n"

	setPanes(map[string]string{"file": smallFile, "live": sized(maxSize)})
	under("live pane of 5 MiB")
	setPanes(map[string]string{"live": sized(maxSize + 1)})
	over("live pane over 5 MiB", "live", "live configuration", "at most 5.0 MiB per pane")

	nested := func(depth int) string {
		return cm + "data:\n  a: x\nspec: {a: " + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "}\n"
	}
	setPanes(map[string]string{"live": "", "file": nested(498)})
	under("nesting of 500")
	setPanes(map[string]string{"file": nested(499)})
	over("nesting of 501", "file", "configuration file", "nested more than 500 levels deep")

	list := func(n int) string {
		return cm + "spec:\n  items2: [" + strings.TrimSuffix(strings.Repeat("1,", n), ",") + "]\n"
	}
	setPanes(map[string]string{"file": list(10000)})
	under("a list of 10,000")
	setPanes(map[string]string{"file": list(10001)})
	over("a list of 10,001", "file", "configuration file", "has 10001 items; applylens reads lists of at most 10000 items")

	aliases := func(levels int) string {
		s := cm + "x:\n  a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
		prev := "a"
		for _, name := range []string{"b", "c", "d"}[:levels] {
			s += "  " + name + ": &" + name + " [" + strings.Repeat("*"+prev+",", 8) + "*" + prev + "]\n"
			prev = name
		}
		return s
	}
	setPanes(map[string]string{"file": aliases(2)})
	under("aliases expanded 81 times")
	setPanes(map[string]string{"file": aliases(3)})
	over("aliases expanded 729 times", "file", "configuration file", "billion laughs")

	// Jsonnet: output size, time and memory.
	switchFormat("jsonnet")
	output := func(n int) string {
		// {"apiVersion": …} as the evaluator prints it, padded to n bytes.
		const pre = "{\n   \"apiVersion\": \"v1\",\n   \"kind\": \"ConfigMap\",\n   \"metadata\": {\n      \"name\": \"c\",\n      \"namespace\": \"default\"\n   },\n   \"pad\": \""
		n -= len(pre) + len("\"\n}\n")
		return fmt.Sprintf("local k = std.repeat('x', 1024);\n{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, pad: std.join('', std.makeArray(%d, function(i) k)) + std.repeat('x', %d) }", n/1024, n%1024)
	}
	setPanes(map[string]string{"live": "", "file": output(maxSize)})
	under("Jsonnet output of 5 MiB")
	setPanes(map[string]string{"file": output(maxSize + 1)})
	over("Jsonnet output over 5 MiB", "file", "configuration file", "applylens reads at most 5.0 MiB per pane")

	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(3000)`))
	setPanes(map[string]string{"file": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { n: std.toString(std.foldl(function(a, i) a + i, std.range(1, 10000), 0)) } }"})
	under("a short Jsonnet loop")
	// A loop of a billion steps within every limit (arrays of a million
	// items, no deep calls): only the time limit stops it.
	setPanes(map[string]string{"file": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { n: std.toString(std.foldl(function(a, i) a + std.foldl(function(b, j) b + j, std.range(1, 1000), 0), std.range(1, 1000000), 0)) } }"})
	over("an endless Jsonnet loop", "file", "configuration file", "ran longer than 3 s and was stopped")
	saveShot(t, b, "limit-jsonnet-time")
	// An array of 100 million items is refused at the call that would
	// make it, before it takes gigabytes (jsonnetinput's limits).
	setPanes(map[string]string{"file": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { n: std.toString(std.length(std.join('', std.makeArray(100000000, function(i) std.toString(i))))) } }"})
	if msg := b.text("error-file"); !strings.Contains(msg, "std.makeArray would make an array of 100000000 items") {
		t.Errorf("a Jsonnet evaluation that allocates gigabytes: error under the file = %q, want it refused by the array limit", msg)
	}
	t.Logf("a Jsonnet evaluation that allocates gigabytes: %s", b.text("error-file"))
	setPanes(map[string]string{"file": "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }"})
	under("Jsonnet after the stopped evaluations")

	// Brackets: go-jsonnet's parser recurses once per bracket, on the
	// worker's own stack as wasm (jsonnetinput.MaxNesting = 200).
	brackets := func(n int) string {
		return "{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, spec: { n: " + strings.Repeat("(", n-2) + "1" + strings.Repeat(")", n-2) + " } }"
	}
	// Calls, on the same stack (jsonnetinput.MaxStack = 250 frames); an
	// endless recursion is stopped at the limit, not by the browser.
	calls := func(n int) string {
		return fmt.Sprintf("local f(n) = if n == 0 then 0 else 1 + f(n - 1);\n{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { n: std.toString(f(%d)) } }", n)
	}
	setPanes(map[string]string{"file": calls(240)})
	under("Jsonnet calls 240 deep")
	setPanes(map[string]string{"file": "local f(n) = f(n + 1);\n{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { n: std.toString(f(0)) } }"})
	over("an endless Jsonnet recursion", "file", "configuration file", "more than 250 calls deep")
	setPanes(map[string]string{"file": brackets(200)})
	under("Jsonnet brackets 200 deep")
	setPanes(map[string]string{"file": brackets(201)})
	over("Jsonnet brackets 201 deep", "file", "configuration file", "nested more than 200 levels deep")

	// The link: pane text that does not compress (a link then has about
	// as many characters as the pane), under and over the 1,000,000
	// characters a link may have. share.test.js tests the exact bounds.
	switchFormat("yaml")
	for _, tc := range []struct {
		name  string
		chars int
		want  string
	}{{"a link under 1,000,000 characters", 900000, "more than the 2,000 that chat tools and issue trackers accept"}, {"a link over 1,000,000 characters", 1050000, "No link made: it would have"}} {
		b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			let seed = 1, s = '';
			const abc = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
			for (let i = 0; i < %d; i++) { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; s += abc[(seed >>> 0) %% 62]; }
			applylensPage.setText('live', s);
			document.getElementById('link-status').textContent = '';
		})()`, tc.chars)))
		b.run(chromedp.Click(chromedp.ID("btn-copy-link")))
		b.waitFor("the link's status", `document.getElementById('link-status').textContent !== ''`, 60*time.Second)
		if got := b.text("link-status"); !strings.Contains(got, tc.want) {
			t.Errorf("%s: link-status = %q, want %q", tc.name, got, tc.want)
		}
	}
	b.checkConsole()
}
