//go:build browser

package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var (
	benchDocs     = flag.Bool("bench-docs", false, "TestBenchPage: write the figures into docs/performance.md")
	benchColdRuns = flag.Int("bench-cold-runs", 3, "TestBenchPage: cold first visits to measure")
	benchTypical  = flag.Int("bench-typical-keys", 15, "TestBenchPage: keystrokes measured on the typical scenario")
	benchLarge    = flag.Int("bench-large-keys", 9, "TestBenchPage: keystrokes measured on the large scenario")
)

// Budgets from the issue.
const (
	budgetFirstVisitBytes = 1_400_000 // compressed html+js+css+wasm
	budgetFirstResult     = 800 * time.Millisecond
	budgetTypical         = 16 * time.Millisecond  // keystroke to rendered result, after the debounce
	budgetLarge           = 300 * time.Millisecond // the same for the large scenario
	// budgetFrameGap is the longest the main thread may stall while the
	// worker computes (the long-task threshold).
	budgetFrameGap = 50 * time.Millisecond
)

// benchJS is added before the page's scripts. It timestamps, on the
// page's clock: the keydown, the request handed to the worker, the
// worker's answer arriving, the page announcing the answer rendered
// (<html data-renders> counting up, see docs/page.md: the views in sight
// show it) and the end of the frame after it (the style, layout and paint
// of what the render changed, after the wait for the next vsync); and it
// keeps a
// requestAnimationFrame counter and the long tasks, to see whether the
// main thread stays responsive while the worker computes. It also notes
// whether steps were still waiting to be built (#steps[data-pending])
// when the render was announced: a render that leaves part of the steps
// list for later would make the figure look better than what one sees.
const benchJS = `(() => {
	const B = globalThis.__bench = {key: 0, sent: 0, recv: 0, engine: 0, rendered: 0, painted: 0, renders: 0, pending: false, frames: [], longTasks: []};
	const W = globalThis.Worker;
	globalThis.Worker = class extends W {
		constructor(...args) {
			super(...args);
			this.addEventListener('message', (e) => {
				if (e.data && e.data.type === 'response') {
					B.recv = performance.now();
					B.engine = e.data.ms || 0;
				}
			});
		}
		postMessage(msg, ...rest) {
			if (msg && msg.type === 'apply') B.sent = performance.now();
			return super.postMessage(msg, ...rest);
		}
	};
	document.addEventListener('keydown', (e) => { B.key = e.timeStamp; B.input = 0; }, true);
	addEventListener('DOMContentLoaded', () => {
		new MutationObserver(() => { if (!B.input) B.input = performance.now(); })
			.observe(document.getElementById('editor-file'), {subtree: true, childList: true, characterData: true});
	});
	try {
		new PerformanceObserver((list) => { for (const e of list.getEntries()) B.longTasks.push([e.startTime, e.duration]); })
			.observe({type: 'longtask', buffered: true});
	} catch {}
	const tick = () => {
		B.frames.push(performance.now());
		if (B.frames.length > 20000) B.frames.splice(0, 10000);
		requestAnimationFrame(tick);
	};
	requestAnimationFrame(tick);
	const after = new MessageChannel();
	after.port1.onmessage = () => { B.painted = performance.now(); };
	// The observer runs right after the task that rendered, before any
	// frame; it watches the document, as <html> may not exist yet.
	new MutationObserver(() => {
		B.rendered = performance.now();
		B.renders++;
		B.pending = document.getElementById('steps')?.dataset.pending !== undefined;
		requestAnimationFrame(() => after.port2.postMessage(0));
	}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-renders']});
})();`

// scenario is one benchmark input as the page's three panes.
type scenario struct {
	LastApplied string `json:"lastApplied"`
	File        string `json:"file"`
	Live        string `json:"live"`
}

// loadScenarios runs testdata/gendump.go inside engine/internal/gen's tree
// (an overlay, since the package is internal to engine/) and returns the
// typical and large scenarios.
func loadScenarios(t testing.TB) map[string]scenario {
	t.Helper()
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/gendump.go")
	if err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {
		filepath.Join(repoRoot, "engine/internal/gen/e2edump/main.go"): src,
	}})
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "-overlay", overlayFile, "./engine/internal/gen/e2edump")
	cmd.Dir = repoRoot
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("generating the scenarios: %v", err)
	}
	var s map[string]scenario
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatal(err)
	}
	if s["typical"].File == "" || s["large"].File == "" {
		t.Fatalf("gendump returned %d scenarios without the typical and large ones", len(s))
	}
	return s
}

// coldVisit is one first visit with an empty cache.
type coldVisit struct {
	files       []exchange
	bytes       int64 // response bodies as sent
	headerBytes int64
	firstResult time.Duration // navigation start to the first rendered answer
	engineReady time.Duration // navigation start to the engine's ready message
}

func measureColdVisit(t *testing.T) coldVisit {
	b := newBrowser(t, desktopWidth, desktopHeight, withProfileOnDisk)
	b.run(chromedp.EmulateViewport(desktopWidth, desktopHeight))
	mark := trafficMark()
	b.open()
	var v coldVisit
	v.files = trafficSince(mark)
	for _, x := range v.files {
		v.bytes += x.Bytes
		v.headerBytes += x.Header
	}
	ms := eval[float64](b, `Number(document.documentElement.dataset.firstResultMs)`)
	v.firstResult = time.Duration(ms * float64(time.Millisecond))
	ready := eval[float64](b, `performance.getEntriesByName('applylens:engine-ready')[0]?.startTime ?? -1`)
	v.engineReady = time.Duration(ready * float64(time.Millisecond))
	b.checkConsole()
	return v
}

// keystroke is one measured edit.
type keystroke struct {
	rendered  time.Duration // keydown to the views rendered
	total     time.Duration // keydown to the frame after the render
	debounce  time.Duration // keydown to the request reaching the worker
	worker    time.Duration // request sent to answer received (transfer, compute, JSON)
	engine    time.Duration // of which the call into the wasm, timed in the worker
	input     time.Duration // keydown to the file editor's DOM changing
	render    time.Duration // answer received to the views rendered
	paint     time.Duration // render to the next frame
	maxGap    time.Duration // longest gap between frames during the worker's computation
	maxGapAll time.Duration // the same from keydown to the painted frame
	longTask  time.Duration // longest main-thread task in that span
	pending   bool          // steps were left to build after the announced render
}

// measureKeystrokes loads a scenario and types n single keys at the end of
// the file's replicas line (a digit, then Backspace, and so on), timing
// each until its result is on screen.
func measureKeystrokes(t *testing.T, sc scenario, ready string, n int) []keystroke {
	b := newBrowser(t, desktopWidth, desktopHeight, withProfileOnDisk)
	b.run(chromedp.EmulateViewport(desktopWidth, desktopHeight), addScript(benchJS))
	b.open()
	b.setPane("last-applied", sc.LastApplied)
	b.setPane("live", sc.Live)
	b.setPane("file", sc.File)
	js, _ := json.Marshal(ready)
	b.waitFor("the scenario's result", fmt.Sprintf(`applylensPage.getText('result').includes(%s) && document.getElementById('outputs').dataset.state === 'ready'`, js), 2*startTimeout)
	b.clickLineEnd("editor-file", "  replicas: ")
	// CodeMirror parses pasted documents in idle time, in tasks of up to
	// hundreds of milliseconds for the large scenario: typing starts once
	// no long task has run for a second, so that the figures are the
	// keystrokes' own.
	b.waitFor("the page to settle", `(() => {
		const lt = __bench.longTasks;
		const end = lt.length ? Math.max(...lt.map(([s, d]) => s + d)) : 0;
		return performance.now() - end > 1000;
	})()`, 2*startTimeout)

	type sample struct {
		Key, Input, Sent, Recv, Engine, Rendered, Painted, MaxGap, MaxGapAll, LongTask float64
		Pending                                                                        bool
	}
	var out []keystroke
	for i := range n {
		// Let the previous edit settle: nothing in flight, a frame drawn.
		eval[chromedp.Void](b, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => r()), 100))`)
		before := eval[int](b, `(__bench.painted = 0, __bench.renders)`)
		key := "1"
		if i%2 == 1 {
			key = kb.Backspace
		}
		b.run(pressKey(key))
		b.waitFor("the keystroke's result", fmt.Sprintf(`__bench.renders > %d && __bench.painted > __bench.rendered`, before), 2*startTimeout)
		s := eval[sample](b, `(() => {
			const B = __bench;
			const gap = (from, to) => {
				let max = 0, prev = from;
				for (const f of B.frames) {
					if (f <= from) continue;
					if (f > to) break;
					max = Math.max(max, f - prev);
					prev = f;
				}
				return Math.max(max, to - prev);
			};
			let longTask = 0;
			for (const [start, d] of B.longTasks) if (start + d > B.key && start < B.painted) longTask = Math.max(longTask, d);
			return {key: B.key, input: B.input, sent: B.sent, recv: B.recv, engine: B.engine, rendered: B.rendered, painted: B.painted, pending: B.pending,
				maxGap: gap(B.sent, B.recv), maxGapAll: gap(B.key, B.painted), longTask};
		})()`)
		ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
		if s.Sent < s.Key || s.Recv < s.Sent || s.Rendered < s.Recv {
			t.Fatalf("keystroke %d: timestamps out of order: %+v", i, s)
		}
		out = append(out, keystroke{
			rendered: ms(s.Rendered - s.Key), total: ms(s.Painted - s.Key), debounce: ms(s.Sent - s.Key), worker: ms(s.Recv - s.Sent), engine: ms(s.Engine), input: ms(s.Input - s.Key),
			render: ms(s.Rendered - s.Recv), paint: ms(s.Painted - s.Rendered),
			maxGap: ms(s.MaxGap), maxGapAll: ms(s.MaxGapAll), longTask: ms(s.LongTask), pending: s.Pending,
		})
	}
	b.checkConsole()
	return out
}

// pressKey presses and releases one key the way a keyboard does: a
// printable key's keydown carries its text, so the browser fires keydown,
// beforeinput and input from one event. (chromedp.KeyEvent sends the text
// as a separate "char" event, a second DevTools round trip that a real
// keystroke does not have.)
func pressKey(key string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, r := range key {
			for _, ev := range kb.Encode(r) {
				switch ev.Type {
				case kb.KeyChar:
					continue
				case kb.KeyDown:
					if k, ok := kb.Keys[r]; ok && k.Print {
						ev.Text, ev.UnmodifiedText = k.Text, k.Unmodified
					} else {
						ev.Type = kb.KeyRawDown
					}
				}
				if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *ev); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func maxOf(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	return slices.Max(ds)
}

func field(ks []keystroke, f func(keystroke) time.Duration) []time.Duration {
	out := make([]time.Duration, len(ks))
	for i, k := range ks {
		out[i] = f(k)
	}
	return out
}

// debounceMs reads the page's debounce from web/main.js, so the "after
// the debounce" figures follow it.
func debounceMs(t testing.TB) time.Duration {
	m := regexp.MustCompile(`DEBOUNCE_MS = (\d+)`).FindStringSubmatch(readFile(t, "web/main.js"))
	if m == nil {
		t.Fatal("no DEBOUNCE_MS in web/main.js")
	}
	n, _ := strconv.Atoi(m[1])
	return time.Duration(n) * time.Millisecond
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 1, 64) + " ms"
}

func kb1(n int64) string {
	return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + " kB"
}

func verdict(ok bool) string {
	if ok {
		return "within"
	}
	return "**over**"
}

// TestBenchPage measures the page in Chromium: the first visit's bytes
// and time to the first result, and keystroke-to-result latency for the
// typical and the large scenario. It prints a table and, with
// -bench-docs, writes it into docs/performance.md. It fails only when it
// cannot measure; the figures are reported as they are.
func TestBenchPage(t *testing.T) {
	debounce := debounceMs(t)
	scenarios := loadScenarios(t)

	var visits []coldVisit
	for range max(1, *benchColdRuns) {
		visits = append(visits, measureColdVisit(t))
	}
	typical := measureKeystrokes(t, scenarios["typical"], "shop/web:1.5.0", *benchTypical)
	large := measureKeystrokes(t, scenarios["large"], "registry.example.com/svc-000:1.1", *benchLarge)

	v := visits[0]
	var firsts, readies []time.Duration
	for _, x := range visits {
		firsts = append(firsts, x.firstResult)
		readies = append(readies, x.engineReady)
	}
	first := median(firsts)
	largeGap := maxOf(field(large, func(k keystroke) time.Duration { return k.maxGap }))
	largeGapAll := maxOf(field(large, func(k keystroke) time.Duration { return k.maxGapAll }))
	largeLong := maxOf(field(large, func(k keystroke) time.Duration { return k.longTask }))

	var rows strings.Builder
	row := func(cells ...string) { rows.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	row("figure", "measured", "budget", "")
	row("---", "---", "---", "---")
	row("first visit, bytes transferred (bodies, compressed)", kb1(v.bytes), kb1(budgetFirstVisitBytes), verdict(v.bytes <= budgetFirstVisitBytes))
	row("navigation start → first rendered result (median of "+strconv.Itoa(len(visits))+" cold visits)", ms(first), ms(budgetFirstResult), verdict(first <= budgetFirstResult))
	row("navigation start → engine ready (median)", ms(median(readies)), "", "")
	for _, s := range []struct {
		name   string
		ks     []keystroke
		budget time.Duration
	}{{"typical", typical, budgetTypical}, {"large", large, budgetLarge}} {
		rendered := field(s.ks, func(k keystroke) time.Duration { return k.rendered - debounce })
		drawn := field(s.ks, func(k keystroke) time.Duration { return k.total - debounce })
		row(fmt.Sprintf("%s: keystroke → result rendered, less the %s debounce (median of %d; max %s)", s.name, ms(debounce), len(s.ks), ms(maxOf(rendered))),
			ms(median(rendered)), ms(s.budget), verdict(median(rendered) <= s.budget))
		row(fmt.Sprintf("%s: keystroke → the next frame drawn, less the debounce (median; max %s)", s.name, ms(maxOf(drawn))), ms(median(drawn)), "", "")
		row(fmt.Sprintf("%s: keydown → the file editor's DOM changes (median)", s.name), ms(median(field(s.ks, func(k keystroke) time.Duration { return k.input }))), "", "")
		row(fmt.Sprintf("%s: of which keystroke handling past the debounce / worker round trip (the wasm call alone) / main-thread render / next frame (medians)", s.name),
			ms(median(field(s.ks, func(k keystroke) time.Duration { return k.debounce - debounce })))+" / "+
				ms(median(field(s.ks, func(k keystroke) time.Duration { return k.worker })))+" ("+
				ms(median(field(s.ks, func(k keystroke) time.Duration { return k.engine })))+") / "+
				ms(median(field(s.ks, func(k keystroke) time.Duration { return k.render })))+" / "+
				ms(median(field(s.ks, func(k keystroke) time.Duration { return k.paint }))), "", "")
	}
	row("large: longest frame gap while the worker computes", ms(largeGap), ms(budgetFrameGap), verdict(largeGap <= budgetFrameGap))
	row("large: longest frame gap from keystroke to rendered result / longest main-thread task", ms(largeGapAll)+" / "+ms(largeLong), "", "")

	var files strings.Builder
	fmt.Fprintf(&files, "| file | encoding | bytes sent |\n| --- | --- | --- |\n")
	for _, x := range v.files {
		enc := x.Encoding
		if enc == "" {
			enc = "identity"
		}
		fmt.Fprintf(&files, "| `%s` | %s | %d |\n", x.Path, enc, x.Bytes)
	}
	fmt.Fprintf(&files, "| total | | %d (+ about %d of response headers) |\n", v.bytes, v.headerBytes)

	var notes strings.Builder
	if first > budgetFirstResult {
		fmt.Fprintf(&notes, "- First result: %s of the %s pass before the engine is ready (download, compile and start of the wasm in the worker); the rest is the first computation and render.\n",
			ms(median(readies)), ms(first))
	}
	for _, s := range []struct {
		name   string
		ks     []keystroke
		budget time.Duration
	}{{"Typical keystroke", typical, budgetTypical}, {"Large keystroke", large, budgetLarge}} {
		total := median(field(s.ks, func(k keystroke) time.Duration { return k.rendered })) - debounce
		if total <= s.budget {
			continue
		}
		parts := []struct {
			what string
			d    time.Duration
		}{
			{"the worker round trip (engine in wasm, JSON both ways)", median(field(s.ks, func(k keystroke) time.Duration { return k.worker }))},
			{"rendering the views on the main thread", median(field(s.ks, func(k keystroke) time.Duration { return k.render }))},
		}
		top := slices.MaxFunc(parts, func(a, b struct {
			what string
			d    time.Duration
		}) int {
			return int(a.d - b.d)
		})
		fmt.Fprintf(&notes, "- %s: %s dominates (%s of %s after the debounce).\n", s.name, top.what, ms(top.d), ms(total))
	}
	for _, s := range []struct {
		name string
		ks   []keystroke
	}{{"typical", typical}, {"large", large}} {
		if n := len(slices.DeleteFunc(slices.Clone(s.ks), func(k keystroke) bool { return !k.pending })); n > 0 {
			fmt.Fprintf(&notes, "- %s: %d of %d renders left steps to build in later tasks when announced: those figures do not include the whole steps list.\n", s.name, n, len(s.ks))
		}
	}
	if v.bytes > budgetFirstVisitBytes {
		fmt.Fprintf(&notes, "- First visit: the wasm is the bulk of the bytes; see the table below.\n")
	}
	if notes.Len() > 0 {
		notes.WriteString("\n")
	}
	machine := machineLine(t)
	report := fmt.Sprintf("%s\n\n%s\n%sFirst visit, file by file:\n\n%s", machine, rows.String(), notes.String(), files.String())
	fmt.Println()
	fmt.Println(report)
	if *benchDocs {
		if err := writePerfSection(filepath.Join(repoRoot, "docs/performance.md"), perfSection(report, debounce)); err != nil {
			t.Fatal(err)
		}
		t.Log("wrote docs/performance.md")
	}
}

// machineLine describes where the figures come from.
func machineLine(t *testing.T) string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if m := regexp.MustCompile(`(?m)^model name\s*:\s*(.+)$`).FindSubmatch(b); m != nil {
			model = strings.TrimSpace(string(m[1]))
		}
	}
	load, busy := "unknown", false
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		f := strings.Fields(string(b))
		load = strings.Join(f[:3], " ")
		l1, _ := strconv.ParseFloat(f[0], 64)
		busy = l1 > float64(runtime.NumCPU())
	}
	b := newBrowser(t, 800, 600, withProfileOnDisk)
	ver, err := chromedp.CallBrowser(b.ctx, cdpbrowser.GetVersion, cdp.Empty{})
	product := "Chromium"
	if err == nil {
		product = ver.Product
	}
	line := fmt.Sprintf("Measured %s on %s, %d cores (%s/%s), load average %s while measuring, %s headless, served by scripts/devserver on 127.0.0.1.",
		time.Now().UTC().Format("2006-01-02"), model, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, load, product)
	if busy {
		line += " Other work kept the machine busier than its cores while measuring, so the times vary by tens of percent from run to run."
	}
	return line
}

const perfHeading = "## The page in a browser"

func perfSection(report string, debounce time.Duration) string {
	return perfHeading + `

Measured by ` + "`scripts/bench-page`" + ` (the test ` + "`TestBenchPage`" + ` in ` + "`web/e2e`" + `):
Chromium with a fresh profile (cold cache) loads the built site from
` + "`scripts/devserver`" + `. Bytes are the response bodies as sent, counted at
the server, because the worker's requests (the wasm) are not events of
the page. The first result is the page's own ` + "`<html data-first-result-ms>`" + `.
Keystroke latency types one key at the end of the file's ` + "`replicas`" + ` line
(one DevTools key event carrying its text, as a keyboard's) and times,
from the keydown, the page announcing the answer rendered
(` + "`<html data-renders>`" + `, with the Steps tab shown: the tabs out of
sight are rendered when shown), then the end of the frame after it (the
wait for the next vsync, style, layout and paint). The page waits
` + ms(debounce) + ` after the last key before it asks the engine; the budgets
("keystroke to rendered result, after the debounce") are the time to the
rendered answer less that wait. The typical
and large scenarios are ` + "`TypicalDeployment`" + ` and ` + "`LargeDeployment`" + ` of
` + "`engine/internal/gen`" + `, pasted as YAML into the three panes. The
responsiveness figure is the longest gap between animation frames on the
page's main thread while the worker computes.

` + report
}

// writePerfSection replaces the section under perfHeading in path (or
// appends it), leaving the other sections alone.
func writePerfSection(path, section string) error {
	return writeDocSection(path, perfHeading, section)
}

// writeDocSection replaces the section under heading in path (or appends
// it), leaving the other sections alone.
func writeDocSection(path, perfHeading, section string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(old)
	if text == "" {
		text = "# Performance\n"
	}
	start := strings.Index(text, perfHeading+"\n")
	if start < 0 {
		text = strings.TrimRight(text, "\n") + "\n\n" + section
	} else {
		end := len(text)
		if i := strings.Index(text[start+len(perfHeading):], "\n## "); i >= 0 {
			end = start + len(perfHeading) + i + 1
		}
		rest := text[end:]
		text = text[:start] + section
		if rest != "" {
			text += "\n" + rest
		}
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
