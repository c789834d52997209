//go:build browser

package e2e

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The embed mode (docs/embedding.md): the example host page of
// docs/embed-example served from another origin, its five frames, and the
// options read directly.

// exampleSiteURL is the applylens address written in docs/embed-example.
const exampleSiteURL = "http://127.0.0.1:8104/"

// hostServer serves docs/embed-example on its own port (another origin
// than siteURL) with the frames of its pages pointed at siteURL.
func hostServer(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(repoRoot, "docs", "embed-example")
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !strings.HasSuffix(name, ".html") || strings.Contains(name, "/") {
			files.ServeHTTP(w, r)
			return
		}
		html, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(strings.ReplaceAll(string(html), exampleSiteURL, siteURL)))
	}))
	t.Cleanup(srv.Close)
	if strings.HasPrefix(siteURL, srv.URL) {
		t.Fatalf("the host page and the site share an origin (%s)", srv.URL)
	}
	return srv.URL + "/"
}

// frameIDs lists the tab's child frames in document order.
func (b *browser) frameIDs() []cdp.FrameID {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	var ids []cdp.FrameID
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		tree, err := cdp.Call(ctx, t, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return err
		}
		for _, c := range tree.FrameTree.ChildFrames {
			ids = append(ids, c.Frame.ID)
		}
		return nil
	}))
	if err != nil {
		b.t.Fatalf("frame tree: %v", err)
	}
	return ids
}

// frameEval evaluates a JavaScript expression in a frame (in an isolated
// world: the frame's DOM, not its globals), awaiting promises, and
// decodes the value into T.
func frameEval[T any](b *browser, frame cdp.FrameID, expr string) T {
	b.t.Helper()
	v, err := tryFrameEval[T](b, frame, expr)
	if err != nil {
		b.t.Fatalf("evaluating %s in frame %s: %v", firstLine(expr), frame, err)
	}
	return v
}

func tryFrameEval[T any](b *browser, frame cdp.FrameID, expr string) (T, error) {
	var out T
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		world, err := cdp.Call(ctx, t, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: frame, WorldName: "e2e"})
		if err != nil {
			return err
		}
		yes := true
		res, err := cdp.Call(ctx, t, runtime.Evaluate, runtime.EvaluateParams{
			Expression: expr, ContextID: world.ExecutionContextID, ReturnByValue: &yes, AwaitPromise: &yes,
		})
		if err != nil {
			return err
		}
		if res.ExceptionDetails != nil {
			return fmt.Errorf("exception: %s %s", res.ExceptionDetails.Text, describe(res.ExceptionDetails.Exception))
		}
		if res.Result == nil || len(res.Result.Value) == 0 {
			return nil
		}
		return json.Unmarshal([]byte(res.Result.Value), &out)
	}))
	return out, err
}

func describe(o *runtime.RemoteObject) string {
	if o == nil {
		return ""
	}
	return o.Description
}

// frameWait waits until the expression is truthy in the frame.
func (b *browser) frameWait(frame cdp.FrameID, what, expr string, timeout time.Duration) {
	b.t.Helper()
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		ok, err := tryFrameEval[bool](b, frame, "!!("+expr+")")
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	b.t.Fatalf("waiting for %s in frame %s (%s): %v", what, frame, firstLine(expr), last)
}

// frameSized waits until the host has sized the iframe element iframeID,
// showing frame, to the height of the frame's page, and returns it.
func (b *browser) frameSized(frame cdp.FrameID, iframeID, what string) int {
	b.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for {
		want := frameEval[int](b, frame, `Math.ceil(document.body.getBoundingClientRect().height)`)
		got := eval[int](b, fmt.Sprintf(`document.getElementById(%q).clientHeight`, iframeID))
		if got == want {
			return want
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s: the frame is %d px high, its page %d px", what, got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// frameInputHandled returns once the frame has handled the input typed
// into it so far: it types into an input of its own, added to the frame
// (fixed, so that the page's height stays), and waits for its text. A
// frame handles its input events in order, so what was typed before has
// been handled (or refused) by then.
func (b *browser) frameInputHandled(frame cdp.FrameID) {
	b.t.Helper()
	focused := frameEval[bool](b, frame, `(() => {
		const probe = document.createElement('input');
		probe.id = 'e2e-probe';
		probe.style.cssText = 'position: fixed; top: 0; left: 0; width: 4em';
		document.body.append(probe);
		probe.focus();
		return document.activeElement === probe;
	})()`)
	if !focused {
		b.t.Fatalf("the probe input in frame %s cannot take the focus", frame)
	}
	b.run(insertText("done"))
	b.frameWait(frame, "the typing to be handled", `document.getElementById('e2e-probe')?.value === 'done'`, stepTimeout)
	frameEval[bool](b, frame, `(document.getElementById('e2e-probe').remove(), true)`)
}

// openLinkState decodes the page state a link carries (#s1=, #s2= or
// #s3=: base64url of deflated JSON, web/share/share.js); nil when it has none.
func openLinkState(href string) map[string]any {
	_, fragment, ok := strings.Cut(href, "#s")
	if !ok || len(fragment) < 2 || fragment[1] != '=' {
		return nil
	}
	packed, err := base64.RawURLEncoding.DecodeString(fragment[2:])
	if err != nil {
		return nil
	}
	var state map[string]any
	if err := json.NewDecoder(flate.NewReader(bytes.NewReader(packed))).Decode(&state); err != nil {
		return nil
	}
	return state
}

// waitOpenLink waits until the frame's Open link carries a state for
// which ok is true (the link follows the state 200 ms after its last
// change), and returns the link.
func (b *browser) waitOpenLink(frame cdp.FrameID, what string, ok func(state map[string]any) bool) string {
	b.t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(stepTimeout)
	for {
		href := frameEval[string](b, frame, `document.getElementById('embed-open').href`)
		if state := openLinkState(href); state != nil && ok(state) {
			return href
		}
		select {
		case <-tick.C:
		case <-deadline:
			b.t.Fatalf("waiting for the Open link with %s: it is %.200s", what, href)
		}
	}
}

// frameReady is true once the embed shows an answer.
const frameReady = `document.documentElement.dataset.renders !== undefined && document.getElementById('outputs').dataset.state === 'ready'`

// openHost loads the host page and returns its frames (five).
func (b *browser) openHost(u string) []cdp.FrameID {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		b.t.Fatalf("loading %s: %v", u, err)
	}
	frames := b.frameIDs()
	if len(frames) != 5 {
		b.t.Fatalf("the host page has %d frames, want 5", len(frames))
	}
	return frames
}

// sampleByID reads a sample of the built site's samples file.
func sampleByID(t testing.TB, id string) map[string]any {
	t.Helper()
	for _, s := range allSamples(t) {
		if s["id"] == id {
			return s
		}
	}
	t.Fatalf("no sample %q", id)
	return nil
}

// allSamples reads the built site's samples file.
func allSamples(t testing.TB) []map[string]any {
	t.Helper()
	var manifest struct {
		Assets struct{ Samples string } `json:"assets"`
	}
	readDistJSON(t, "asset-manifest.json", &manifest)
	var samples []map[string]any
	readDistJSON(t, manifest.Assets.Samples, &samples)
	return samples
}

// TestEmbedHost: the first frame of the example host page, on another
// origin, renders, reports its height (the host sizes it, and again when
// its content changes), refuses edits (readonly), and its "Open in
// applylens" link opens the full page with the same state in a new tab.
func TestEmbedHost(t *testing.T) {
	host := hostServer(t)
	b := newBrowser(t, 900, 1000)
	b.run(chromedp.EmulateViewport(900, 1000), prefersColorScheme("light"))
	frames := b.openHost(host)
	first := frames[0]
	b.frameWait(first, "the walkthrough's result", frameReady, startTimeout)
	if got := frameEval[string](b, first, `location.origin + '/'`); got != siteURL {
		t.Fatalf("the frame is at %s, want the site %s", got, siteURL)
	}

	// Height: the host script sizes the frame to the page's height.
	sized := func(what string) int { t.Helper(); return b.frameSized(first, "embed-walkthrough", what) }
	before := sized("after the first result")
	b.embedShot("embed-host.png", false)
	if before == 600 {
		t.Errorf("the frame kept its height attribute (600 px): no height message arrived")
	}
	frameEval[bool](b, first, `(document.getElementById('tab-result').click(), true)`)
	b.frameWait(first, "the Result tab", `!document.getElementById('out-result').hidden`, stepTimeout)
	after := sized("after switching to the Result tab")
	if after == before {
		t.Errorf("the frame's height did not follow its content (%d px with Steps and Result)", before)
	}
	if overflow := frameEval[int](b, first, `document.documentElement.scrollHeight - document.documentElement.clientHeight`); overflow > 0 {
		t.Errorf("the sized frame still scrolls by %d px", overflow)
	}

	// Readonly: the editors are not editable, and typing changes nothing.
	editable := frameEval[[]string](b, first, `[...document.querySelectorAll('.inputs .cm-content')].map((c) => c.contentEditable)`)
	if len(editable) != 3 {
		t.Fatalf("found %d input editors, want 3", len(editable))
	}
	for i, e := range editable {
		if e != "false" {
			t.Errorf("input editor %d has contenteditable=%q, want false", i, e)
		}
	}
	if !frameEval[bool](b, first, `document.getElementById('file-format').disabled`) {
		t.Error("the format selector of a readonly embed is enabled")
	}
	type point struct{ X, Y float64 }
	offset := eval[point](b, `(() => { const f = document.getElementById('embed-walkthrough'); f.scrollIntoView({block: 'start'}); const r = f.getBoundingClientRect(); return {x: r.left + f.clientLeft, y: r.top + f.clientTop}; })()`)
	inFrame := frameEval[point](b, first, `(() => { const r = document.querySelector('#editor-file .cm-line').getBoundingClientRect(); return {x: r.left + 20, y: r.top + r.height / 2}; })()`)
	fileBefore := frameEval[string](b, first, `document.querySelector('#editor-file .cm-content').textContent`)
	b.run(chromedp.MouseClickXY(offset.X+inFrame.X, offset.Y+inFrame.Y), insertText("zzz"))
	b.frameInputHandled(first)
	if got := frameEval[string](b, first, `document.querySelector('#editor-file .cm-content').textContent`); got != fileBefore {
		t.Errorf("typing into a readonly embed changed the file pane")
	}

	// Open in applylens: a new tab with the same state.
	link := frameEval[map[string]string](b, first, `(() => { const a = document.getElementById('embed-open'); return {href: a.href, target: a.target, rel: a.rel, text: a.textContent}; })()`)
	if link["target"] != "_blank" || !strings.Contains(link["rel"], "noopener") {
		t.Errorf("the Open link has target=%q rel=%q, want _blank and noopener", link["target"], link["rel"])
	}
	// The link follows the state 200 ms after its last change: wait for
	// the one with the Result tab chosen above.
	href := b.waitOpenLink(first, "the Result tab", func(state map[string]any) bool { return state["tab"] == "result" })
	if !strings.HasPrefix(href, siteURL+"#s1=") {
		t.Fatalf("the Open link is %.120s, want %s#s1=…", href, siteURL)
	}
	b.checkConsole() // now: once the new tab is in front, this one gets no frames
	openLink := frameEval[point](b, first, `(() => { const r = document.getElementById('embed-open').getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`)
	offset = eval[point](b, `(() => { const f = document.getElementById('embed-walkthrough'); const r = f.getBoundingClientRect(); return {x: r.left + f.clientLeft, y: r.top + f.clientTop}; })()`)
	b.run(chromedp.MouseClickXY(offset.X+openLink.X, offset.Y+openLink.Y))
	tab := b.waitForTab(href)
	tab.waitFor("the opened page's result", `document.documentElement.dataset.firstResultMs !== undefined && document.getElementById('outputs').dataset.state === 'ready'`, startTimeout)
	sample := sampleByID(t, "walkthrough")
	if got := tab.paneText("file"); got != sample["file"] {
		t.Errorf("the opened page's file pane differs from the walkthrough's:\n%s", got)
	}
	if got := tab.paneText("live"); got != sample["live"] {
		t.Errorf("the opened page's live pane differs from the walkthrough's")
	}
	if got := eval[string](tab, `document.querySelector('[role=tab][aria-selected=true]').id`); got != "tab-result" {
		t.Errorf("the opened page shows %s, want tab-result (the embed's tab)", got)
	}
	if tab.hidden("btn-copy-link") {
		t.Error("the opened page is an embed: the full page has its toolbar")
	}
}

// waitForTab waits for a tab at url (opened by the page) and returns a
// browser driving it.
func (b *browser) waitForTab(url string) *browser {
	b.t.Helper()
	deadline := time.Now().Add(stepTimeout)
	for time.Now().Before(deadline) {
		targets, err := chromedp.Targets(b.ctx)
		if err != nil {
			b.t.Fatalf("listing targets: %v", err)
		}
		for _, info := range targets {
			if info.Type == "page" && info.URL == url {
				ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(info.TargetID))
				b.t.Cleanup(cancel)
				tab := &browser{t: b.t, ctx: ctx}
				if err := chromedp.Do(ctx); err != nil {
					b.t.Fatalf("attaching to the new tab: %v", err)
				}
				return tab
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("no tab opened at %.120s", url)
	return nil
}

// embedFrameIDs are the ids of the host page's frames, in order.
var embedFrameIDs = []string{"embed-walkthrough", "embed-env", "embed-order", "embed-create", "embed-link"}

// manyEmbeds is what a visit of the five-embed host page cost.
type manyEmbeds struct {
	files      []exchange
	bytes      int64 // response bodies as sent
	own        int64 // of which each frame's own: its document and its example
	headers    int64
	wasmGets   int
	resultMs   []float64 // per frame: from its engine's start to its first result
	answerMs   []float64 // per frame: of which from the engine ready to the result rendered
	sinceSeen  []float64 // frames 2 to 5: from the host's scroll to the frame to its first result
	firstMs    float64   // frame 1, in sight from the start: the host's navigation start to its first result
	budget     int64
	firstVisit int64 // the full page's first visit, from the manifest (brotli)
	compressed bool  // the site holds compressed files (not scripts/build --no-compress)
}

// visitManyEmbeds opens the example host page (five frames, one in sight),
// checks that only the frame in sight starts its engine, then scrolls to
// each of the others in turn and waits for its result.
func visitManyEmbeds(t *testing.T) manyEmbeds {
	host := hostServer(t)
	b := newBrowser(t, 800, 900, withProfileOnDisk)
	b.run(chromedp.EmulateViewport(800, 900), prefersColorScheme("light"))
	mark := trafficMark()
	frames := b.openHost(host)
	b.frameWait(frames[0], "the first embed's result", frameReady, startTimeout)
	checked := 0
	for i := 1; i < len(frames); i++ {
		below := eval[bool](b, fmt.Sprintf(`document.getElementById(%q).getBoundingClientRect().top > innerHeight`, embedFrameIDs[i]))
		if !below {
			t.Fatalf("frame %d (%s) is in sight from the start: the page no longer tests lazy starts", i, embedFrameIDs[i])
		}
		if origin, _ := tryFrameEval[string](b, frames[i], `location.origin + '/'`); origin != siteURL {
			continue // a lazy frame the browser has not loaded: no engine to start
		}
		// The embed decides in its IntersectionObserver's first
		// notification, observing once its example is shown (startWhenSeen):
		// wait for the example, then for an observer of our own to be
		// notified, and for the task after it, when every observer of the
		// frame has been told.
		b.frameWait(frames[i], fmt.Sprintf("frame %d's example", i), `document.querySelector('#editor-file .cm-content')?.textContent.trim()`, startTimeout)
		state := frameEval[string](b, frames[i], `new Promise((resolve) => {
			const o = new IntersectionObserver(() => {
				o.disconnect();
				setTimeout(() => resolve(document.documentElement.dataset.embedEngine || 'none'), 0);
			});
			o.observe(document.body);
		})`)
		if state != "waiting" {
			t.Errorf("frame %d (%s) out of sight: its engine is %q, want waiting (started only once seen)", i, embedFrameIDs[i], state)
		}
		checked++
	}
	if checked == 0 {
		t.Errorf("no frame out of sight was loaded before it was seen: the page no longer tests lazy starts")
	}
	var m manyEmbeds
	// Clocks of different documents meet at the epoch: timeOrigin + now.
	const renderedAt = `performance.timeOrigin + performance.getEntriesByName('applylens:rendered')[0].startTime`
	m.resultMs = append(m.resultMs, frameEval[float64](b, frames[0], `Number(document.documentElement.dataset.embedResultMs)`))
	m.firstMs = frameEval[float64](b, frames[0], renderedAt) - eval[float64](b, `performance.timeOrigin`)
	for i := 1; i < len(frames); i++ {
		seenAt := eval[float64](b, fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: 'center'}), performance.timeOrigin + performance.now())`, embedFrameIDs[i]))
		b.frameWait(frames[i], fmt.Sprintf("frame %d's result", i), frameReady, startTimeout)
		m.sinceSeen = append(m.sinceSeen, frameEval[float64](b, frames[i], renderedAt)-seenAt)
		m.answerMs = append(m.answerMs, frameEval[float64](b, frames[i], `performance.getEntriesByName('applylens:rendered')[0].startTime - performance.getEntriesByName('applylens:engine-ready')[0].startTime`))
		if state := frameEval[string](b, frames[i], `document.documentElement.dataset.embedEngine`); state != "started" {
			t.Errorf("frame %d shows a result but its engine is %q", i, state)
		}
		m.resultMs = append(m.resultMs, frameEval[float64](b, frames[i], `Number(document.documentElement.dataset.embedResultMs)`))
	}
	b.checkConsole()
	m.files = trafficSince(mark)
	for _, x := range m.files {
		m.bytes += x.Bytes
		m.headers += x.Header
		if isFramesOwn(x.Path) {
			m.own += x.Bytes
		}
		if strings.HasPrefix(x.Path, "/applylens.") && strings.HasSuffix(x.Path, ".wasm") {
			m.wasmGets++
		}
	}
	var manifest struct {
		FirstVisit struct {
			Raw    int64 `json:"raw"`
			Br     int64 `json:"br"`
			Budget int64 `json:"budget"`
		} `json:"firstVisit"`
	}
	readDistJSON(t, "asset-manifest.json", &manifest)
	m.budget, m.firstVisit = manifest.FirstVisit.Budget, manifest.FirstVisit.Br
	// scripts/bundle.mjs counts a file it did not compress at its raw size.
	m.compressed = manifest.FirstVisit.Br < manifest.FirstVisit.Raw
	return m
}

// isFramesOwn tells the files each frame fetches for itself (its
// document, whose address holds its options, and the example it names)
// from those all frames share.
func isFramesOwn(path string) bool {
	return path == "/" || path == "/index.html" || strings.HasPrefix(path, "/examples/")
}

// TestEmbedMany: five embeds on one page start their engines only when
// seen, fetch the wasm once, and transfer no more than the first-visit
// budget between them.
func TestEmbedMany(t *testing.T) {
	m := visitManyEmbeds(t)
	if m.wasmGets != 1 {
		t.Errorf("the wasm was fetched %d times over the network, want once (the HTTP cache serves the other frames)", m.wasmGets)
	}
	perPath := map[string]int{}
	for _, x := range m.files {
		perPath[x.Path]++
	}
	for path, n := range perPath {
		if n > 1 && !isFramesOwn(path) {
			t.Errorf("%s was fetched %d times: a hashed file must come from the cache after the first frame", path, n)
		}
	}
	for _, x := range m.files {
		t.Logf("  %-40s %d %6d + %4d header bytes %s", x.Path, x.Status, x.Bytes, x.Header, x.Encoding)
	}
	t.Logf("5 embeds: %d requests, %d bytes (%d of them the frames' documents and examples) and %d header bytes; full page's first visit %d, budget %d; result ms after each engine's start: %v",
		len(m.files), m.bytes, m.own, m.headers, m.firstVisit, m.budget, m.resultMs)
	if !m.compressed {
		// As scripts/build --no-compress does: the budget is of brotli bytes.
		t.Logf("the site was built without compression (scripts/build --no-compress: the manifest's first visit is %d bytes, raw): the budget of %d compressed bytes is not checked", m.firstVisit, m.budget)
		return
	}
	if shared := m.bytes - m.own; shared > m.budget {
		t.Errorf("5 embeds transferred %d bytes besides their documents and examples, over the first-visit budget of %d", shared, m.budget)
	}
}

// embedShot saves a screenshot of the whole page (full) or of the
// viewport under tmp/screenshots/, for people to look at.
func (b *browser) embedShot(name string, full bool) {
	b.t.Helper()
	dir := filepath.Join(repoRoot, "tmp", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	eval[chromedp.Void](b, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	capture := chromedp.CaptureScreenshot()
	if full {
		capture = chromedp.FullScreenshot(100)
	}
	shot, err := chromedp.Run(ctx, capture)
	if err != nil {
		b.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
		b.t.Fatal(err)
	}
}

// TestEmbedOptions: the options of the query, read by the embed on its
// own (not framed), at the narrowest and the widest embed widths.
func TestEmbedOptions(t *testing.T) {
	for _, width := range []int{320, 760} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			b := newBrowser(t, width, 900)
			b.run(chromedp.EmulateViewport(int64(width), 900), prefersColorScheme("light"))
			b.openAt(siteURL + "?embed&panes=file,results&tab=patch&step=2&theme=dark#example=walkthrough")
			b.waitFor("the Patch tab's answer", `document.getElementById('outputs').dataset.state === 'ready'`, stepTimeout)
			for id, wantHidden := range map[string]bool{"pane-last-applied": true, "pane-live": true, "pane-file": false, "outputs": false} {
				if got := b.hidden(id); got != wantHidden {
					t.Errorf("#%s hidden = %v, want %v (panes=file,results)", id, got, wantHidden)
				}
			}
			for _, chrome := range []string{"btn-copy-link", "btn-example", "help", "btn-theme"} {
				if !b.hidden(chrome) {
					t.Errorf("#%s is shown in an embed", chrome)
				}
			}
			if got := b.attr("tab-patch", "aria-selected"); got != "true" {
				t.Errorf("tab=patch: the Patch tab has aria-selected=%q", got)
			}
			if b.hidden("out-patch") {
				t.Error("tab=patch: the Patch panel is hidden")
			}
			b.waitFor("step 2 selected", `document.getElementById('step-1')?.getAttribute('aria-current') === 'step'`, stepTimeout)
			if got := eval[int](b, `document.querySelectorAll('.step.selected').length`); got != 1 {
				t.Errorf("%d steps selected, want 1", got)
			}
			if got := eval[string](b, `document.documentElement.dataset.theme`); got != "dark" {
				t.Errorf("theme=dark: <html data-theme> is %q (the system prefers light)", got)
			}
			if got := eval[string](b, `getComputedStyle(document.body).colorScheme`); got != "dark" {
				t.Errorf("theme=dark: the page's color-scheme is %q", got)
			}
			if b.hidden("embed-open") {
				t.Error("the Open in applylens link is not shown")
			}
			if w := b.overflowX(); w > 0 {
				t.Errorf("the embed is %d px wider than its %d px frame", w, width)
			}
			if got := eval[string](b, `document.documentElement.dataset.embedIgnored ?? ''`); got != "" {
				t.Errorf("options ignored: %q", got)
			}
			b.embedShot(fmt.Sprintf("embed-%d.png", width), true)
			b.checkConsole()
		})
	}
	t.Run("bad options", func(t *testing.T) {
		b := newBrowser(t, 600, 900)
		b.run(chromedp.EmulateViewport(600, 900), prefersColorScheme("light"))
		b.openAt(siteURL + "?embed&tab=yaml&step=0&theme=blue&panes=file,nope&colour=red&readonly=maybe#example=create")
		if got := eval[string](b, `document.documentElement.dataset.embedIgnored`); got != "tab,step,theme,panes,colour,readonly" {
			t.Errorf("<html data-embed-ignored> = %q, want every bad option, in order", got)
		}
		for _, id := range []string{"pane-last-applied", "pane-file", "pane-live", "outputs"} {
			if b.hidden(id) {
				t.Errorf("#%s is hidden: a bad panes option shows every pane", id)
			}
		}
		if got := b.attr("tab-steps", "aria-selected"); got != "true" {
			t.Error("a bad tab option does not leave the Steps tab")
		}
		if got := eval[string](b, `document.documentElement.dataset.theme`); got != "light" {
			t.Errorf("a bad theme: data-theme = %q, want the system's light", got)
		}
		if got := eval[string](b, `document.querySelector('#editor-file .cm-content').contentEditable`); got != "true" {
			t.Errorf("a bad readonly value: the file editor has contenteditable=%q, want true", got)
		}
		if !b.hidden("link-error") {
			t.Errorf("bad options showed an error: %s", b.text("link-error"))
		}
		b.checkConsole()
	})
	t.Run("unknown example", func(t *testing.T) {
		b := newBrowser(t, 600, 900)
		b.openAt(siteURL + "?embed#example=no-such-example")
		if b.hidden("link-error") || !strings.Contains(b.text("link-error-message"), `"no-such-example"`) {
			t.Errorf("an unknown example: link-error is %q", b.text("link-error"))
		}
		if got := b.paneText("file"); !strings.Contains(got, "nginx") {
			t.Errorf("an unknown example does not show the walkthrough: %q", got)
		}
	})
}

// TestEmbedCode: the full page's Embed panel writes an <iframe> of the
// page as it is, with the options chosen, and the host script; the
// frame's address opens the same panes as an embed.
func TestEmbedCode(t *testing.T) {
	b := newBrowser(t, 1200, 900)
	b.run(chromedp.EmulateViewport(1200, 900))
	b.open()
	b.setPane("file", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: embedded\ndata:\n  k: v\n")
	b.setPane("live", "")
	b.waitFor("the create", `document.getElementById('outputs').dataset.action === 'create'`, stepTimeout)
	b.showTab("patch")
	b.run(chromedp.Click(chromedp.ID("btn-embed-code")))
	b.waitFor("the embed code", `document.getElementById('embed-code-text')?.value.includes('<iframe')`, stepTimeout)
	if got := b.attr("btn-embed-code", "aria-expanded"); got != "true" {
		t.Errorf("btn-embed-code aria-expanded=%q, want true", got)
	}
	b.run(chromedp.Click(chromedp.ID("embed-readonly")), chromedp.Click(chromedp.ID("embed-pane-live")))
	b.waitFor("the options in the code", `document.getElementById('embed-code-text').value.includes('panes=last-applied,file,results&amp;tab=patch&amp;readonly')`, stepTimeout)
	code := eval[string](b, `document.getElementById('embed-code-text').value`)
	for _, want := range []string{
		`<iframe data-applylens src="` + siteURL + `?embed&amp;panes=last-applied,file,results&amp;tab=patch&amp;readonly#s1=`,
		`height="600"`, `loading="lazy"`,
		`e.origin !== "` + strings.TrimSuffix(siteURL, "/") + `"`, `applylens:height`,
	} {
		if !strings.Contains(code, want) {
			t.Errorf("the embed code lacks %s:\n%s", want, code)
		}
	}
	b.embedShot("embed-code.png", false)
	b.run(chromedp.Click(chromedp.ID("btn-embed-copy")))
	b.waitFor("the copy status", `document.getElementById('embed-code-status').textContent !== ''`, stepTimeout)
	b.checkConsole()

	start := strings.Index(code, `src="`) + len(`src="`)
	src := strings.ReplaceAll(code[start:start+strings.Index(code[start:], `"`)], "&amp;", "&")
	b.openAt(src)
	b.waitFor("the embed's answer", `document.getElementById('outputs').dataset.state === 'ready'`, startTimeout)
	if got := b.paneText("file"); !strings.Contains(got, "name: embedded") {
		t.Errorf("the embed from the code shows another file:\n%s", got)
	}
	if !b.hidden("pane-live") || b.hidden("pane-last-applied") {
		t.Error("the embed from the code does not show the panes chosen")
	}
	if got := b.attr("tab-patch", "aria-selected"); got != "true" {
		t.Error("the embed from the code does not start on the Patch tab")
	}
	if got := eval[string](b, `document.querySelector('#editor-file .cm-content').contentEditable`); got != "false" {
		t.Errorf("the embed from the code is not readonly (contenteditable=%q)", got)
	}
	b.checkConsole()

	// An example shown unchanged is embedded by its id, its tab an option.
	b.openAt(siteURL + "#example=env-merge")
	b.showTab("result")
	b.run(chromedp.Click(chromedp.ID("btn-embed-code")))
	b.waitFor("the example's embed code", `document.getElementById('embed-code-text')?.value.includes('?embed&amp;tab=result#example=env-merge"')`, stepTimeout)
	b.checkConsole()
}

// TestEmbedTogether: three embeds in sight at once start together and
// still fetch the wasm once (the browser's HTTP cache makes the later
// requests wait for the first).
func TestEmbedTogether(t *testing.T) {
	frame := `<iframe src="` + siteURL + `?embed#example=create" style="width:33%;height:600px;border:0"></iframe>`
	html := `<!doctype html><link rel="icon" href="data:,"><body style="margin:0;display:flex">` + strings.Repeat(frame, 3) + `</body>`
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(html))
	}))
	defer srv.Close()
	b := newBrowser(t, 1200, 800, withProfileOnDisk)
	mark := trafficMark()
	frames := func() []cdp.FrameID {
		ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
			t.Fatal(err)
		}
		return b.frameIDs()
	}()
	if len(frames) != 3 {
		t.Fatalf("%d frames, want 3", len(frames))
	}
	for i, f := range frames {
		b.frameWait(f, fmt.Sprintf("frame %d's result", i), frameReady, startTimeout)
	}
	wasm := 0
	for _, x := range trafficSince(mark) {
		if strings.HasSuffix(x.Path, ".wasm") {
			wasm++
		}
	}
	if wasm != 1 {
		t.Errorf("three embeds starting together fetched the wasm %d times, want once", wasm)
	}
	// No host script here: each frame keeps its 600 px and scrolls inside.
	scrolled := frameEval[int](b, frames[0], `(() => { const s = document.scrollingElement; s.scrollTop = 1e6; return s.scrollTop; })()`)
	if scrolled <= 0 {
		t.Error("a frame at a fixed height smaller than its page does not scroll inside")
	}
	b.checkConsole()
}

// TestEmbedNoScript: without JavaScript an embed says so at the top of its
// frame (600 px high in the embed code), not below the empty panes.
func TestEmbedNoScript(t *testing.T) {
	b := newBrowser(t, 760, 600)
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	defer cancel()
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(760, 600),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return err
		}),
		chromedp.Navigate(siteURL+"?embed#example=walkthrough"))
	if err != nil {
		t.Fatal(err)
	}
	box := eval[map[string]float64](b, `(() => { const r = document.querySelector('.noscript').getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height}; })()`)
	if box["height"] == 0 || box["bottom"] > 600 {
		t.Errorf("without JavaScript the notice is at %v, not within the frame's first 600 px", box)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repoRoot, "tmp", "screenshots", "embed-noscript.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
