//go:build browser

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Time limits. Generous, because CI has two cores and the wasm compiles
// on one of them, but bounded so that a broken page fails instead of
// hanging.
const (
	startTimeout = 60 * time.Second // browser start, first navigation and first result
	stepTimeout  = 20 * time.Second // one user action and its visible effect
)

var (
	// siteURL is the devserver's root, like http://127.0.0.1:41234/.
	siteURL string
	// repoRoot is the folder holding go.mod.
	repoRoot string
	// distDir is the built site the tests serve: dist/ or $APPLYLENS_DIST.
	distDir string
)

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, err := findRepoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "web/e2e:", err)
		return 1
	}
	repoRoot = root
	dist := os.Getenv("APPLYLENS_DIST")
	if dist == "" {
		dist = "dist"
	}
	if !filepath.IsAbs(dist) {
		dist = filepath.Join(root, dist)
	}
	if _, err := os.Stat(filepath.Join(dist, "index.html")); err != nil {
		fmt.Fprintf(os.Stderr, "web/e2e: no built site in %s: run ./scripts/build first (scripts/test-browser does)\n", dist)
		return 1
	}
	distDir = dist
	srv, err := startServer(root, dist)
	if err != nil {
		fmt.Fprintln(os.Stderr, "web/e2e:", err)
		return 1
	}
	defer srv.stop()
	// The tests' two sites in front of the server: the one that records
	// the traffic, and the one whose engine worker can be kept busy.
	for _, site := range []struct {
		url   *string
		start func(target string) (net.Listener, error)
	}{{&siteURL, startRecorder}, {&busySiteURL, startBusySite}} {
		ln, err := site.start(srv.url)
		if err != nil {
			fmt.Fprintln(os.Stderr, "web/e2e:", err)
			return 1
		}
		defer ln.Close()
		*site.url = "http://" + ln.Addr().String() + "/"
	}
	defer stopSharedChromium()
	return m.Run()
}

func findRepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// server is scripts/devserver running as a child process, so the tests
// see the same headers, encodings and MIME types as a user of scripts/serve.
type server struct {
	cmd *exec.Cmd
	url string
	tmp string
}

var servingLine = regexp.MustCompile(`at (http://127\.0\.0\.1:\d+/)`)

func startServer(root, dist string) (*server, error) {
	tmp, err := os.MkdirTemp("", "applylens-e2e-")
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(tmp, "devserver")
	build := exec.Command("go", "build", "-o", bin, "./scripts/devserver")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("building scripts/devserver: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-dir", dist, "-addr", "127.0.0.1:0")
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	s := &server{cmd: cmd, tmp: tmp}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := servingLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case s.url = <-found:
		return s, nil
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("scripts/devserver did not print its address within 30 s")
	}
}

func (s *server) stop() {
	if s.cmd.Process != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
	os.RemoveAll(s.tmp)
}

func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// browser is one Chromium with a fresh profile and one tab, plus what the
// tab wrote to its console.
type browser struct {
	t   testing.TB
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
	// allowCSPViolations is set by the one test that makes a violation on
	// purpose, to see it reported.
	allowCSPViolations bool
	// consoleMarks numbers checkConsole's marks.
	consoleMarks int
	// crashedAt is when the tab's renderer crashed (zero: it did not).
	crashedAt time.Time
}

// newBrowser opens a tab of width x height CSS pixels in a browser context
// of its own (its own storage, cache and permissions, like a fresh
// profile), in the Chromium all such tabs share, and records the tab's
// console from the start (the Log domain brings the worker's console
// messages too); checkConsole turns logged errors and uncaught exceptions
// into test failures. With extra allocator options (another executable,
// V8 flags) the tab gets a Chromium of its own, started with them.
//
// One Chromium for the suite, not one a test: starting and stopping one
// took a second a test on the two-core machine, a fifth of the suite.
func newBrowser(t testing.TB, width, height int, extra ...chromedp.ExecAllocatorOption) *browser {
	t.Helper()
	var ctx context.Context
	if len(extra) > 0 {
		ctx = ownChromium(t, width, height, extra)
	} else {
		ctx = tabInSharedChromium(t, width, height)
	}
	b := &browser{t: t, ctx: ctx}
	// A renderer that crashed answers nothing: every wait then ends at its
	// deadline; dumpState says so instead of leaving it to be guessed.
	if err := chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*inspector.EventTargetCrashed); ok {
			b.mu.Lock()
			b.crashedAt = time.Now()
			b.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, m)
			b.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			b.dumpState()
		}
	})
	b.watchCSP()
	return b
}

// withProfileOnDisk gives a test a Chromium of its own, whose profile (and
// so its HTTP cache) is on disk as a user's is: a browser context of the
// shared Chromium caches in memory only, and not files of megabytes like
// the engine's wasm, which the tests of caching count on.
var withProfileOnDisk chromedp.ExecAllocatorOption = func(*chromedp.ExecAllocator) {}

// withV8Defaults gives a test a Chromium of its own, whose V8 has its
// default flags, not the shared Chromium's sharedJSFlags.
var withV8Defaults chromedp.ExecAllocatorOption = func(*chromedp.ExecAllocator) {}

// chromiumOptions are the allocator options of every Chromium the tests
// start: headless, a fresh profile in profile, temporary files in scratch.
func chromiumOptions(profile, scratch string, width, height int) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(profile),
		chromedp.Env("TMPDIR="+scratch),
		chromedp.WindowSize(width, height),
	)
}

// ownChromium starts a Chromium for the test alone, with extra options,
// and returns the context of its first tab.
func ownChromium(t testing.TB, width, height int, extra []chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append(chromiumOptions(t.TempDir(), t.TempDir(), width, height), extra...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first Do starts the browser; it must run without a deadline,
	// which would otherwise end the browser with it.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromiumPath(), err)
	}
	return ctx
}

// shared is the Chromium the tests' tabs share, started by the first tab
// and again when it has died (a crash must fail one test, not the rest).
var shared struct {
	mu      sync.Mutex
	ctx     context.Context // the browser's first tab: the browser lives as long as it
	stop    func()
	profile string
}

// stopSharedChromium ends the shared Chromium (TestMain, after the tests).
func stopSharedChromium() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.stop != nil {
		shared.stop()
		os.RemoveAll(shared.profile)
		shared.ctx, shared.stop = nil, nil
	}
}

// sharedJSFlags are the V8 flags of the shared Chromium: its wasm runs on
// Liftoff, V8's baseline compiler, alone. Every tab has a browser context
// of its own, so every test compiled the engines' wasm (4 to 13 MB each)
// afresh, and TurboFan's tier-up of their hot functions took a quarter of
// the suite's CPU on the two-core machine (89 -> 67 CPU-seconds for the
// Timeline tests). The tests here check what the page does, which the
// compiler tier does not change; what the page costs is measured with V8's
// defaults, in a Chromium of its own (scripts/bench-page, TestSlowDevice).
const sharedJSFlags = "--liftoff-only"

// sharedChromium returns the shared Chromium's first tab, starting the
// browser when there is none or it has died.
func sharedChromium() (context.Context, error) {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.ctx != nil && shared.ctx.Err() == nil {
		return shared.ctx, nil
	}
	if shared.stop != nil {
		shared.stop()
		os.RemoveAll(shared.profile)
	}
	profile, err := os.MkdirTemp("", "applylens-e2e-chromium-")
	if err != nil {
		return nil, err
	}
	scratch := filepath.Join(profile, "tmp")
	profileDir := filepath.Join(profile, "profile")
	for _, d := range []string{scratch, profileDir} {
		if err := os.Mkdir(d, 0o755); err != nil {
			return nil, err
		}
	}
	opts := append(chromiumOptions(profileDir, scratch, desktopWidth, desktopHeight), chromedp.Flag("js-flags", sharedJSFlags))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting %s: %w", chromiumPath(), err)
	}
	shared.ctx, shared.profile = ctx, profile
	shared.stop = func() {
		cancel()
		cancelAlloc()
	}
	return ctx, nil
}

// tabInSharedChromium opens a tab in a new browser context of the shared
// Chromium, in a window of width x height CSS pixels, closed (and its
// context disposed of) when the test ends.
func tabInSharedChromium(t testing.TB, width, height int) context.Context {
	t.Helper()
	var lastErr error
	for attempt := 0; attempt < 2; attempt++ {
		parent, err := sharedChromium()
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
		if lastErr = chromedp.Do(ctx, resizeWindow(width, height)); lastErr == nil {
			t.Cleanup(cancel)
			return ctx
		}
		cancel()
		// The browser may have died under an earlier test: start another.
		stopSharedChromium()
	}
	t.Fatalf("opening a tab in %s: %v", chromiumPath(), lastErr)
	return nil
}

// resizeWindow sets the tab's window to width x height CSS pixels, what
// --window-size gives a browser's first window.
func resizeWindow(width, height int) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		c := chromedp.FromContext(ctx)
		w, err := cdp.Call(ctx, c.Browser, cdpbrowser.GetWindowForTarget, cdpbrowser.GetWindowForTargetParams{TargetID: c.Target.TargetID})
		if err != nil {
			return err
		}
		_, err = cdp.Call(ctx, c.Browser, cdpbrowser.SetWindowBounds, cdpbrowser.SetWindowBoundsParams{
			WindowID: w.WindowID,
			Bounds:   &cdpbrowser.Bounds{Width: int64(width), Height: int64(height)},
		})
		return err
	})
}

// cspJS reports every Content-Security-Policy violation of a document as a
// console error (the browser's own report comes as a log entry, also for
// the workers; both are checked).
const cspJS = `addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`

// watchCSP fails the test, whatever it checks, when a page or worker
// violated the Content-Security-Policy (docs/page.md).
func (b *browser) watchCSP() {
	b.t.Helper()
	b.run(addScript(cspJS))
	b.t.Cleanup(func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.allowCSPViolations {
			return
		}
		for _, m := range b.console {
			if text := m.String(); strings.Contains(text, "CSP violation") || strings.Contains(text, "Content Security Policy") {
				b.t.Errorf("Content-Security-Policy violation: %s", text)
			}
		}
	})
}

// consoleErrors returns the errors and uncaught exceptions logged so far.
func (b *browser) consoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, m := range b.console {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			out = append(out, fmt.Sprintf("%s %s:%d: %s", m.Type, m.URL, m.Line+1, m.String()))
		}
	}
	return out
}

// waitConsole waits until a console message containing text has arrived
// (they travel on their own goroutine), and reports whether one did
// within timeout.
func (b *browser) waitConsole(text string, timeout time.Duration) bool {
	b.t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(timeout)
	for {
		b.mu.Lock()
		for _, m := range b.console {
			if strings.Contains(m.String(), text) {
				b.mu.Unlock()
				return true
			}
		}
		b.mu.Unlock()
		select {
		case <-tick.C:
		case <-deadline:
			return false
		}
	}
}

// checkConsole fails the test when the page logged an error or threw.
func (b *browser) checkConsole() {
	b.t.Helper()
	// Console events travel on their own goroutine. After a frame (what
	// it renders may still log), the page logs a mark, and the verdict
	// waits until the mark has arrived: the browser sends the tab's
	// console events in order, so every message logged before the mark
	// has arrived by then.
	b.consoleMarks++
	mark := fmt.Sprintf("applylens-e2e: console mark %d", b.consoleMarks)
	b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`new Promise((r) => requestAnimationFrame(() => { console.debug(%q); r(); }))`, mark), chromedp.EvalAwaitPromise))
	if !b.waitConsole(mark, stepTimeout) {
		b.t.Fatalf("the console mark %q did not arrive within %v", mark, stepTimeout)
	}
	if errs := b.consoleErrors(); len(errs) > 0 {
		b.t.Errorf("the page logged %d console error(s) or exception(s):\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// dumpState logs what the page shows, to explain a failure.
func (b *browser) dumpState() {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const o = document.getElementById('outputs');
		const g = (id) => { const e = document.getElementById(id); return e ? (e.hidden ? '(hidden) ' : '') + e.textContent.trim().slice(0, 300) : '(none)'; };
		return JSON.stringify({
			outputs: o && {state: o.dataset.state, action: o.dataset.action, className: o.className},
			status: g('status'), general: g('error-general'), engine: g('engine-state'),
			errorFile: g('error-file'), errorLive: g('error-live'), errorLastApplied: g('error-last-applied'),
		}, null, 1);
	})()`))
	if err != nil {
		b.t.Logf("page state: unavailable (%v)", err)
	} else {
		b.t.Logf("page state: %s", state)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.crashedAt.IsZero() {
		b.t.Logf("the tab's renderer crashed at %s", b.crashedAt.Format("15:04:05.000"))
	}
	for _, m := range b.console {
		b.t.Logf("console %s: %s", m.Type, m.String())
	}
}

// run runs actions with the step timeout and fails the test on error.
func (b *browser) run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("browser: %v", err)
	}
}

// click clicks the element sel finds, and finds it again when the page
// replaced it between the query and the click (a list rebuilt: chromedp
// then fails with "Could not find node with given id" while it scrolls
// the node into view or measures it, before any mouse event is sent).
func click[S chromedp.Selectable](b *browser, sel S) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	for {
		err := chromedp.Do(ctx, chromedp.Click(sel))
		if err != nil && nodeReplaced(err) && ctx.Err() == nil {
			continue
		}
		if err != nil {
			b.t.Fatalf("browser: clicking %v: %v", sel, err)
		}
		return
	}
}

// nodeReplaced says whether an action failed because the node it had
// found left the document before the action reached it.
func nodeReplaced(err error) bool {
	return strings.Contains(err.Error(), "Could not find node with given id")
}

// eval evaluates a JavaScript expression (promises are awaited) and
// decodes its value into T.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	for {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
		if err != nil && notRunYet(err) && ctx.Err() == nil {
			continue
		}
		if err != nil {
			b.t.Fatalf("evaluating %s: %v", firstLine(expr), err)
		}
		return v
	}
}

// notRunYet says whether an evaluation failed before it ran: chromedp
// addressed the document's JavaScript context by the id it had last seen,
// and a navigation had just replaced that context (chromedp learns of the
// new one from an event that may arrive after the navigation's load).
// Sending it again reaches the new document.
func notRunYet(err error) bool {
	return strings.Contains(err.Error(), "Cannot find context with specified id")
}

// documentReplaced says whether a side-effect-free check failed because
// its document went away under it (notRunYet, or destroyed while it
// polled): the check is asked again of the document that replaced it.
func documentReplaced(err error) bool {
	return notRunYet(err) || strings.Contains(err.Error(), "Execution context was destroyed")
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// waitFor waits until the JavaScript expression is truthy, re-checking on
// every DOM change and animation frame, and fails the test with what after
// timeout.
func (b *browser) waitFor(what, expr string, timeout time.Duration) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, timeout+5*time.Second)
	defer cancel()
	deadline := time.Now().Add(timeout)
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool]("!!("+expr+")",
			chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err != nil && documentReplaced(err) && time.Until(deadline) > 0 {
			continue
		}
		if err == nil {
			return
		}
		b.t.Fatalf("waiting for %s (%s): %v", what, firstLine(expr), err)
	}
}

// helpersJS is added to every document the tests load. walkLines scrolls
// an editor through, calling visit at each position: CodeMirror draws only
// the lines in sight, whether the editor or the page is what scrolls.
const helpersJS = `
globalThis.walkLines = async (host, visit) => {
	const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
	const own = host.querySelector('.cm-scroller');
	let box = own && own.scrollHeight > own.clientHeight + 1 ? own : null;
	for (let p = host; !box && p; p = p.parentElement) {
		const o = getComputedStyle(p).overflowY;
		if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight + 1) box = p;
	}
	box = box || document.scrollingElement;
	const start = box.scrollTop;
	const inner = host.contains(box);
	if (!inner) host.scrollIntoView({block: 'start'});
	for (let i = 0; i < 500; i++) {
		await frame();
		visit();
		const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
		const view = box === document.scrollingElement ? {bottom: innerHeight} : box.getBoundingClientRect();
		if (atEnd || (!inner && host.getBoundingClientRect().bottom <= view.bottom)) break;
		box.scrollTop += Math.max(40, box.clientHeight / 2);
	}
	box.scrollTop = start;
	await frame();
};
`

// open loads the page and waits for its first answer.
func (b *browser) open() {
	b.t.Helper()
	b.openAt(siteURL)
}

// openAt loads the page at a URL (say with a link's fragment) and waits
// for its first answer.
func (b *browser) openAt(u string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, addScript(helpersJS), chromedp.Navigate(u)); err != nil {
		b.t.Fatalf("loading %.200s: %v", u, err)
	}
	b.waitFor("the first result", `document.documentElement.dataset.firstResultMs !== undefined && ['ready','error','empty'].includes(document.getElementById('outputs').dataset.state)`, startTimeout)
}

// reload reloads the page and waits for its first answer.
func (b *browser) reload() {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, startTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		b.t.Fatalf("reloading: %v", err)
	}
	b.waitFor("the first result after reload", `document.documentElement.dataset.firstResultMs !== undefined && document.getElementById('outputs').dataset.state === 'ready'`, startTimeout)
}

// text is the trimmed textContent of the element with the id, or "" when
// there is none.
func (b *browser) text(id string) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`(document.getElementById(%q)?.textContent ?? '').trim()`, id))
}

// attr is an attribute of the element with the id ("" when absent).
func (b *browser) attr(id, name string) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`document.getElementById(%q)?.getAttribute(%q) ?? ''`, id, name))
}

// hidden reports whether the element is hidden (hidden attribute or no box).
func (b *browser) hidden(id string) bool {
	b.t.Helper()
	return eval[bool](b, fmt.Sprintf(`(() => { const e = document.getElementById(%q); return !e || e.hidden || e.getClientRects().length === 0; })()`, id))
}

// paneText reads a pane through the page's test handle (docs/page.md):
// 'last-applied', 'file', 'live', 'patch' or 'result'.
func (b *browser) paneText(pane string) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`applylensPage.getText(%q)`, pane))
}

// setPane replaces a pane's text through the page's test handle, which
// the page treats exactly as typing. Used to load whole documents; edits a
// user makes with the keyboard go through the key helpers below.
func (b *browser) setPane(pane, text string) {
	b.t.Helper()
	js, _ := json.Marshal(text)
	b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`applylensPage.setText(%q, %s)`, pane, js)))
}

// clickLineEnd clicks just right of the end of the first line of the
// editor whose text contains needle, as a user does to put the cursor
// there. The line is scrolled into view first.
func (b *browser) clickLineEnd(editorID, needle string) {
	b.t.Helper()
	type point struct{ X, Y float64 }
	js, _ := json.Marshal(needle)
	// Scroll first and let the scroll events fire before the click: one
	// arriving between mousedown and mouseup makes CodeMirror extend the
	// selection to what is then under the pointer (a drag).
	p := eval[*point](b, fmt.Sprintf(`(async () => {
		const content = document.querySelector('#%s .cm-content');
		const find = () => [...content.querySelectorAll('.cm-line')].find((l) => l.textContent.includes(%s));
		if (!find()) {
			// CodeMirror draws only the lines near those in sight: look
			// from the top too.
			content.closest('.cm-scroller').scrollTop = 0;
			await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		}
		if (!find()) return null;
		find().scrollIntoView({block: 'center'});
		await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
		const line = find();
		if (!line) return null;
		const r = line.getBoundingClientRect();
		const s = content.closest('.cm-scroller').getBoundingClientRect();
		return {x: Math.min(r.right, s.right) - 3, y: r.top + r.height / 2};
	})()`, editorID, js))
	if p == nil {
		b.t.Fatalf("no line containing %q in #%s", needle, editorID)
	}
	b.run(chromedp.MouseClickXY(p.X, p.Y))
	b.waitFor("focus in #"+editorID, fmt.Sprintf(`document.activeElement === document.querySelector('#%s .cm-content')`, editorID), stepTimeout)
}

// clickSettled scrolls the element with the id to the middle of the
// screen, waits until the layout has settled (steps out of sight are
// sized when they come into sight, which moves what follows them): the
// element's box the same over three frames running, its middle not
// covered, and clicks it.
func (b *browser) clickSettled(id string) {
	b.t.Helper()
	msg := eval[string](b, fmt.Sprintf(`(async () => {
		const e = document.getElementById(%q);
		e.scrollIntoView({block: 'center'});
		const frame = () => new Promise((r) => requestAnimationFrame(r));
		const box = () => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].join(','); };
		let last = '', same = 0;
		while (same < 3) {
			await frame();
			const now = box();
			same = now === last ? same + 1 : 0;
			last = now;
		}
		const r = e.getBoundingClientRect();
		const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		return hit && e.contains(hit) ? '' : 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
	})()`, id))
	if msg != "" {
		b.t.Fatalf("#%s cannot be clicked: %s", id, msg)
	}
	b.run(chromedp.Click(chromedp.ID(id)))
}

// replaceLine puts the cursor at the end of the line containing needle,
// selects back to its indentation with Shift+Home and types text over it.
func (b *browser) replaceLine(editorID, needle, text string) {
	b.t.Helper()
	b.clickLineEnd(editorID, needle)
	b.run(chromedp.KeyEvent(kb.Home, chromedp.KeyModifiers(chromedp.ModifierShift)), insertText(text))
}

// addScript runs source in every document the tab loads from now on,
// before the page's own scripts.
func addScript(source string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: source})
		return err
	})
}

// prefersColorScheme emulates the system's light or dark preference.
func prefersColorScheme(value string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: value}},
		})
		return err
	})
}

// insertText types text as one input (what an IME or a paste of one line
// does); for single keys use chromedp.KeyEvent.
func insertText(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// selectAllAndDelete empties the focused editor with Ctrl+A and Backspace.
func selectAllAndDelete() chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent(kb.Backspace),
	)
}

// readDistJSON decodes a JSON file of the built site, rel its path in it,
// into v.
func readDistJSON(t testing.TB, rel string, v any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(distDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

// overflowX is how many pixels the page is wider than its viewport: a
// page that makes the reader scroll sideways has more than 0.
func (b *browser) overflowX() int {
	b.t.Helper()
	return eval[int](b, `document.documentElement.scrollWidth - document.documentElement.clientWidth`)
}

// scrollIntoView scrolls the element selector names into view and waits
// for two frames, so that a screenshot shows it painted there.
func (b *browser) scrollIntoView(selector string) {
	b.t.Helper()
	sel, _ := json.Marshal(selector)
	eval[chromedp.Void](b, `new Promise((r) => { document.querySelector(`+string(sel)+`).scrollIntoView(); requestAnimationFrame(() => requestAnimationFrame(r)); })`)
}

// readFile reads a file relative to the repository root.
func readFile(t testing.TB, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// screen is a size the layout tests and screenshots look at the page in.
type screen struct {
	name          string
	width, height int
	mobile        bool
}

// phoneScreen is a 390x844 phone (emulated as mobile, scale 1).
var phoneScreen = screen{"phone", 390, 844, true}

// desktopAndPhone are the two sizes of the screenshots people look at.
var desktopAndPhone = []screen{{"desktop", 1440, 900, false}, phoneScreen}

// emulate sets the browser's viewport to the screen.
func (s screen) emulate() chromedp.Action[chromedp.Void] {
	var opts []chromedp.EmulateViewportOption
	if s.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(1))
	}
	return chromedp.EmulateViewport(int64(s.width), int64(s.height), opts...)
}

// screenshotDir is tmp/screenshots/, made when missing.
func screenshotDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(repoRoot, "tmp", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
