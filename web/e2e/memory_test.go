//go:build browser

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var (
	memoryRuns      = flag.Int("memory-runs", 100, "TestMemory: recomputations of memoryScenario")
	memorySnapshots = flag.String("memory-snapshots", "", "TestMemorySnapshots: a folder for two heap snapshots of the page, and their difference by constructor")
	memoryJSFlags   = flag.String("memory-js-flags", "", "TestMemory, TestMemorySnapshots: V8 flags for the browser (say \"--no-opt --liftoff-only\", to tell compiled code from the page's objects)")
)

// memoryBrowser is the browser of the memory tests: a Chromium of its own
// with V8's defaults (the shared one compiles wasm with Liftoff alone, see
// sharedJSFlags, which changes the engines' code in the heap and slows the
// recomputations: 32 -> 39 s for TestMemory), or with -memory-js-flags.
func memoryBrowser(t *testing.T) *browser {
	if *memoryJSFlags != "" {
		return newBrowser(t, desktopWidth, desktopHeight, chromedp.Flag("js-flags", *memoryJSFlags))
	}
	return newBrowser(t, desktopWidth, desktopHeight, withV8Defaults)
}

// memoryScenario is the scenario the memory tests recompute: the large
// scenario's shape at a fifth of its size (100 containers, 400 env vars;
// engine/internal/gen). A leak of a text or a result a run shows over 80
// runs as megabytes all the same, and a leak of a fixed size a run does not
// depend on the input's size, while a run costs a fifth: the test took 40
// of the browser suite's 540 s with the large scenario.
const memoryScenario = "medium"

// scenarioRecomputer loads memoryScenario (engine/internal/gen, as the page
// benchmark) and returns a function recomputing it: run i sets the file
// pane to one of two versions, one replica apart, so each run is a whole
// new text, computed and rendered.
//
// Two things of the test's own would otherwise show in the page's heap.
// The edits stay out of the undo history: it keeps the last 100 to 120
// edits, each with the whole text it replaced, by design; with the same
// two texts set again and again, how many of those are distinct objects
// depends on when V8 last collected garbage (splitting the same text gave
// the same line strings until a collection), so the heap moved by
// megabytes from one measurement to the next (docs/performance.md). And
// the answer is awaited in the page with requestAnimationFrame, not with
// chromedp's polling, whose script leaves a timer (with its closure)
// pending for the whole timeout.
func scenarioRecomputer(t *testing.T, b *browser) (recompute func(i int), panesKB int) {
	t.Helper()
	sc := loadScenarios(t)[memoryScenario]
	b.open()
	b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setTimeLimit(60000)`))
	b.setPane("last-applied", sc.LastApplied)
	b.setPane("live", sc.Live)
	b.setPane("file", sc.File)
	b.waitFor("the scenario's result", fmt.Sprintf(`document.getElementById('outputs').dataset.state === 'ready' && document.getElementById('outputs').getAttribute('aria-busy') === null && applylensPage.getText('file').length === %d`, len(sc.File)), 2*startTimeout)
	other := strings.Replace(sc.File, "replicas: ", "replicas: 1", 1)
	if other == sc.File {
		t.Fatal("the scenario's file has no replicas line to change")
	}
	files := [2]string{sc.File, other}
	return func(i int) {
		before := eval[int](b, `Number(document.documentElement.dataset.renders)`)
		js, _ := json.Marshal(files[i%2])
		b.run(chromedp.Evaluate[chromedp.Void](`applylensPage.setText('file', ` + string(js) + `, {history: false})`))
		ctx, cancel := context.WithTimeout(b.ctx, 2*startTimeout)
		defer cancel()
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`new Promise((resolve, reject) => {
			const since = performance.now();
			const check = () => {
				if (Number(document.documentElement.dataset.renders) > %d && document.getElementById('outputs').getAttribute('aria-busy') === null) resolve(true);
				else if (performance.now() - since > %d) reject(new Error('no answer'));
				else requestAnimationFrame(check);
			};
			check();
		})`, before, (2*startTimeout).Milliseconds()), chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("run %d: waiting for the answer: %v", i, err)
		}
		if got := b.attr("outputs", "data-state"); got != "ready" {
			t.Fatalf("run %d: outputs %s: %s", i, got, b.text("status"))
		}
	}, (len(sc.LastApplied) + len(sc.Live) + len(sc.File)) / 1000
}

// memoryWarmUp is the number of runs before the first measurement: the
// engine's memos, the wasm's heap and V8's compiled code settle.
const memoryWarmUp = 30

// memoryWindow is the number of runs a measurement averages the heap
// over (after each run): an answer's objects are collected at the next,
// so one reading depends on where the collector stands.
const memoryWindow = 10

// collectGarbage forces a full collection of the page's heap.
func collectGarbage(b *browser) {
	b.run(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, heapprofiler.CollectGarbage, cdp.Empty{})
		return err
	}))
}

// heapUsed is the page's JavaScript heap in use after a full collection.
func heapUsed(b *browser) float64 {
	collectGarbage(b)
	var used float64
	b.run(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, runtime.GetHeapUsage, cdp.Empty{})
		if err == nil {
			used = r.UsedSize
		}
		return err
	}))
	return used
}

// heapWindow is the page's heap over memoryWindow runs: its mean, lowest
// and highest after each run, and the engine's wasm memory at the end.
type heapWindow struct {
	Mean, Min, Max, Wasm float64
}

// measureWindow recomputes memoryWindow times from run i, measuring
// after each run.
func measureWindow(b *browser, recompute func(int), from int) heapWindow {
	w := heapWindow{Min: math.Inf(1)}
	for i := from; i < from+memoryWindow; i++ {
		recompute(i)
		used := heapUsed(b)
		w.Mean += used / memoryWindow
		w.Min = math.Min(w.Min, used)
		w.Max = math.Max(w.Max, used)
	}
	w.Wasm = float64(b.engineLog().MemoryBytes)
	return w
}

// maxHeapGrowth bounds the growth of the page's mean heap between the
// first and the last window after the warm-up. Measured (docs/performance.md,
// "Memory over many recomputations"): +0.17 MiB over 100 runs, +0.41 MiB
// over 300, which heap snapshots show to be compiled code (V8 optimizing
// JavaScript and the page's wasm as they get hot), not the page's
// objects. A leak of 10 kB a run passes it within 100 runs; of one text
// a run (a result, a document: hundreds of kB here), at once.
const maxHeapGrowth = 1 << 20

// TestMemory recomputes memoryScenario many times and compares the
// tab's memory after the warm-up and at the end: the page's JavaScript
// heap after a garbage collection, averaged over memoryWindow runs, and the engine worker's wasm memory (Go's heap lives in it; it
// never shrinks, so a leak shows as growth). The figures go to the log,
// for docs/performance.md.
func TestMemory(t *testing.T) {
	if *memoryRuns < 2*memoryWindow {
		t.Fatalf("-memory-runs %d: at least %d (two windows of measurements)", *memoryRuns, 2*memoryWindow)
	}
	b := memoryBrowser(t)
	recompute, panesKB := scenarioRecomputer(t, b)
	for i := range memoryWarmUp {
		recompute(i)
	}
	start := measureWindow(b, recompute, 0)
	for i := memoryWindow; i < *memoryRuns-memoryWindow; i++ {
		recompute(i)
	}
	end := measureWindow(b, recompute, *memoryRuns-memoryWindow)
	mib := func(v float64) string { return fmt.Sprintf("%.2f MiB", v/(1<<20)) }
	t.Logf("%d recomputations of the %s scenario (%d kB of panes) after %d to warm up; page JS heap over the first and the last %d runs: mean %s -> %s (lowest %s -> %s, highest %s -> %s); engine wasm memory %s -> %s",
		*memoryRuns, memoryScenario, panesKB, memoryWarmUp, memoryWindow, mib(start.Mean), mib(end.Mean), mib(start.Min), mib(end.Min), mib(start.Max), mib(end.Max), mib(start.Wasm), mib(end.Wasm))
	if end.Mean > start.Mean+maxHeapGrowth {
		t.Errorf("the page's heap grew from %s to %s (mean over %d runs) over %d runs: more than %s", mib(start.Mean), mib(end.Mean), memoryWindow, *memoryRuns, mib(maxHeapGrowth))
	}
	if end.Wasm > start.Wasm*1.2+4<<20 {
		t.Errorf("the engine's wasm memory grew from %s to %s over %d runs", mib(start.Wasm), mib(end.Wasm), *memoryRuns)
	}
	b.checkConsole()
}

// TestMemorySnapshots finds what grows over many recomputations: heap
// snapshots (the DevTools protocol's HeapProfiler.takeHeapSnapshot) after
// memoryWarmUp+memory-runs/2 and memoryWarmUp+memory-runs runs, and their difference in objects
// by kind and constructor, largest growth first (growth.txt beside the
// snapshots). A diagnosis, not a check: run it with -memory-snapshots DIR.
func TestMemorySnapshots(t *testing.T) {
	if *memorySnapshots == "" {
		t.Skip("a diagnosis: run with -memory-snapshots DIR (and -memory-runs N)")
	}
	if err := os.MkdirAll(*memorySnapshots, 0o755); err != nil {
		t.Fatal(err)
	}
	b := memoryBrowser(t)
	recompute, _ := scenarioRecomputer(t, b)
	last := memoryWarmUp + *memoryRuns
	first := memoryWarmUp + *memoryRuns/2
	var counts [2]map[string]heapCount
	done := 0
	for k, runs := range [2]int{first, last} {
		for ; done < runs; done++ {
			recompute(done)
		}
		collectGarbage(b)
		path := filepath.Join(*memorySnapshots, fmt.Sprintf("after-%d.heapsnapshot", runs))
		takeHeapSnapshot(t, b, path)
		c, err := countHeapSnapshot(path)
		if err != nil {
			t.Fatal(err)
		}
		counts[k] = c
		t.Logf("snapshot after %d runs: %s", runs, path)
	}
	report := heapGrowth(counts[0], counts[1])
	if err := os.WriteFile(filepath.Join(*memorySnapshots, "growth.txt"), []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("growth between run %d and run %d (kind, name: count, self bytes):\n%s", first, last, firstLines(report, 40))
}

// takeHeapSnapshot writes a heap snapshot of the page to path.
func takeHeapSnapshot(t *testing.T, b *browser, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	var (
		mu       sync.Mutex
		writeErr error
	)
	ctx, cancel := context.WithCancel(b.ctx)
	defer cancel()
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*heapprofiler.EventAddHeapSnapshotChunk); ok {
			mu.Lock()
			if _, err := w.WriteString(e.Chunk); err != nil && writeErr == nil {
				writeErr = err
			}
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	snapCtx, snapCancel := context.WithTimeout(b.ctx, 5*time.Minute)
	defer snapCancel()
	if err := chromedp.Do(snapCtx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, heapprofiler.TakeHeapSnapshot, heapprofiler.TakeHeapSnapshotParams{})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	cancel()
	mu.Lock()
	defer mu.Unlock()
	if writeErr != nil {
		t.Fatal(writeErr)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// heapCount is how many objects of one kind and name a snapshot holds.
type heapCount struct{ Count, Bytes int64 }

// countHeapSnapshot reads a .heapsnapshot and counts its nodes by kind
// and name (an object's name is its constructor's; strings are counted
// together, by kind alone).
func countHeapSnapshot(path string) (map[string]heapCount, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var snap struct {
		Snapshot struct {
			Meta struct {
				NodeFields []string          `json:"node_fields"`
				NodeTypes  []json.RawMessage `json:"node_types"`
			} `json:"meta"`
		} `json:"snapshot"`
		Nodes   []int64  `json:"nodes"`
		Strings []string `json:"strings"`
	}
	if err := json.Unmarshal(data, &snap); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fields := snap.Snapshot.Meta.NodeFields
	var kinds []string
	if len(snap.Snapshot.Meta.NodeTypes) == 0 || json.Unmarshal(snap.Snapshot.Meta.NodeTypes[0], &kinds) != nil {
		return nil, fmt.Errorf("%s: no node types", path)
	}
	at := func(name string) int {
		for i, f := range fields {
			if f == name {
				return i
			}
		}
		return -1
	}
	typeAt, nameAt, sizeAt := at("type"), at("name"), at("self_size")
	if typeAt < 0 || nameAt < 0 || sizeAt < 0 {
		return nil, fmt.Errorf("%s: node fields %v", path, fields)
	}
	counts := map[string]heapCount{}
	for i := 0; i+len(fields) <= len(snap.Nodes); i += len(fields) {
		kind := kinds[snap.Nodes[i+typeAt]]
		key := kind
		switch kind {
		case "string", "concatenated string", "sliced string", "number", "bigint":
		default:
			name := snap.Strings[snap.Nodes[i+nameAt]]
			if len(name) > 80 {
				name = name[:80] + "…"
			}
			key = kind + ", " + name
		}
		c := counts[key]
		c.Count++
		c.Bytes += snap.Nodes[i+sizeAt]
		counts[key] = c
	}
	return counts, nil
}

// heapGrowth lists the kinds and names whose count or size changed from
// a to b, the largest growth in bytes first, with the totals.
func heapGrowth(a, b map[string]heapCount) string {
	type row struct {
		key          string
		count, bytes int64
		nowC, nowB   int64
	}
	var rows []row
	var total row
	seen := map[string]bool{}
	for _, m := range []map[string]heapCount{a, b} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			r := row{key: k, count: b[k].Count - a[k].Count, bytes: b[k].Bytes - a[k].Bytes, nowC: b[k].Count, nowB: b[k].Bytes}
			total.count += r.count
			total.bytes += r.bytes
			total.nowC += r.nowC
			total.nowB += r.nowB
			if r.count != 0 || r.bytes != 0 {
				rows = append(rows, r)
			}
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].bytes != rows[j].bytes {
			return rows[i].bytes > rows[j].bytes
		}
		return rows[i].key < rows[j].key
	})
	var sb strings.Builder
	fmt.Fprintf(&sb, "total: %+d objects, %+d bytes (now %d objects, %d bytes)\n", total.count, total.bytes, total.nowC, total.nowB)
	for _, r := range rows {
		fmt.Fprintf(&sb, "%+9d objects %+11d bytes  (now %d, %d bytes)  %s\n", r.count, r.bytes, r.nowC, r.nowB, r.key)
	}
	return sb.String()
}

// firstLines is s's first n lines.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
