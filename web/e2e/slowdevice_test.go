//go:build browser

package e2e

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var slowCores = flag.Float64("slow-cores", 0.5, "the CPU share the whole browser gets in TestSlowDevice (0.5: half a core, about a slow phone)")

// cpuLimitedChromium returns a program that starts Chromium with every
// process it spawns (the page, its workers, the GPU and network services)
// held to cores CPUs together, by a cgroup's CPU quota (and given a high
// CPU weight, so that the quota is what limits it on a busy machine): DevTools'
// Emulation.setCPUThrottlingRate slows one thread only, not the workers
// where the engines run. Skips the test where no cgroup can be made (not
// root, or no cpu controller). usage reads the CPU time the browser's
// processes have used so far (a figure that does not depend on what else
// the machine runs), or returns -1 where no accounting is available;
// threadsFile lists the cgroup's threads (see threadCPU).
func cpuLimitedChromium(t testing.TB, cores float64) (path string, usage func() time.Duration, threadsFile string) {
	t.Helper()
	name := fmt.Sprintf("applylens-e2e-%d-%d", os.Getpid(), time.Now().UnixNano())
	const period = 100000
	quota := int(cores * period)
	var procs string
	usage = func() time.Duration { return -1 }
	extraProcs := ""
	switch {
	case writable("/sys/fs/cgroup/cgroup.subtree_control"): // cgroup v2
		dir := filepath.Join("/sys/fs/cgroup", name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Skipf("no cgroup for the CPU quota: %v", err)
		}
		t.Cleanup(func() { removeCgroup(t, dir) })
		if err := os.WriteFile(filepath.Join(dir, "cpu.max"), []byte(fmt.Sprintf("%d %d", quota, period)), 0o644); err != nil {
			t.Skipf("no CPU quota in cgroup v2: %v", err)
		}
		// The highest weight: on a shared machine the browser still gets
		// its quota when other processes compete for the CPU.
		if err := os.WriteFile(filepath.Join(dir, "cpu.weight"), []byte("10000"), 0o644); err != nil {
			t.Logf("no CPU weight in cgroup v2 (the figures depend more on the machine's load): %v", err)
		}
		procs = filepath.Join(dir, "cgroup.procs")
		threadsFile = filepath.Join(dir, "cgroup.threads")
		stat := filepath.Join(dir, "cpu.stat")
		usage = func() time.Duration {
			b, err := os.ReadFile(stat)
			if err != nil {
				return -1
			}
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "usage_usec "); ok {
					if n, err := strconv.ParseInt(v, 10, 64); err == nil {
						return time.Duration(n) * time.Microsecond
					}
				}
			}
			return -1
		}
	default: // cgroup v1
		dir := filepath.Join("/sys/fs/cgroup/cpu", name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Skipf("no cgroup for the CPU quota: %v", err)
		}
		t.Cleanup(func() { removeCgroup(t, dir) })
		for file, value := range map[string]int{"cpu.cfs_period_us": period, "cpu.cfs_quota_us": quota} {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(strconv.Itoa(value)), 0o644); err != nil {
				t.Skipf("no CPU quota in cgroup v1: %v", err)
			}
		}
		// Ten times a process's weight: on a shared machine the browser
		// still gets its quota when other processes compete for the CPU.
		if err := os.WriteFile(filepath.Join(dir, "cpu.shares"), []byte("10240"), 0o644); err != nil {
			t.Logf("no CPU shares in cgroup v1 (the figures depend more on the machine's load): %v", err)
		}
		procs = filepath.Join(dir, "cgroup.procs")
		threadsFile = filepath.Join(dir, "tasks")
		// CPU accounting is a controller of its own in v1: a second group.
		acct := filepath.Join("/sys/fs/cgroup/cpuacct", name)
		if err := os.Mkdir(acct, 0o755); err == nil {
			t.Cleanup(func() { removeCgroup(t, acct) })
			extraProcs = filepath.Join(acct, "cgroup.procs")
			usage = func() time.Duration {
				b, err := os.ReadFile(filepath.Join(acct, "cpuacct.usage"))
				if err != nil {
					return -1
				}
				n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
				if err != nil {
					return -1
				}
				return time.Duration(n)
			}
		}
	}
	wrapper := filepath.Join(t.TempDir(), "chromium-limited")
	join := ""
	if extraProcs != "" {
		join = fmt.Sprintf("echo $$ > %q || exit 1\n", extraProcs)
	}
	script := fmt.Sprintf("#!/bin/sh\necho $$ > %q || exit 1\n%sexec %q \"$@\"\n", procs, join, chromiumPath())
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return wrapper, usage, threadsFile
}

func writable(path string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// removeCgroup removes the cgroup once the browser's processes have left
// it (they end with the test's browser, which a cleanup registered later
// stops first).
func removeCgroup(t testing.TB, dir string) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := os.Remove(dir)
		if err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Logf("the cgroup %s stays: %v", dir, err)
			}
			return
		}
		time.Sleep(100 * time.Millisecond) // the processes are ending: nothing to wait on but the kernel
	}
}

// slowJourney is a first visit that ends when what a learner came for is
// on screen; done is evaluated in the page.
type slowJourney struct {
	name, fragment, what, done string
}

var slowJourneys = []slowJourney{
	{"first result", "", "the first result",
		`document.documentElement.dataset.firstResultMs !== undefined && ['ready','error','empty'].includes(document.getElementById('outputs').dataset.state)`},
	{"timeline example's first play", "#example=timeline-walkthrough", "every step of the walkthrough timeline played",
		`(() => { const items = [...document.querySelectorAll('#timeline-steps > li')]; return items.length > 0 && items.every((li) => li.dataset.state && li.dataset.state !== 'pending'); })()`},
	{"first server-side answer", "#example=ssa-hpa-replicas-conflict", "the server-side answer",
		`['ready','error'].includes(document.getElementById('ssa-view').dataset.state)`},
}

// stoppedJS finds a time-out message anywhere on the page.
const stoppedJS = `(() => { const t = document.body.innerText; return /took longer than|ran longer than|did not start within/.test(t) ? t.match(/[^\n]*(took longer than|ran longer than|did not start within)[^\n]*/)[0] : ''; })()`

// journeyTime opens the page at fragment in a fresh browser (cold cache,
// new profile) and returns the time from navigation start until done.
// usage (see cpuLimitedChromium) gives the CPU time the journey used,
// from the browser's start until done was seen (-1 where unknown), and
// logs which threads used it from the navigation on (threadsFile, see
// threadCPU).
func journeyTime(t *testing.T, j slowJourney, usage func() time.Duration, threadsFile string, extra ...chromedp.ExecAllocatorOption) (wall, cpu time.Duration) {
	t.Helper()
	before := usage()
	b := newBrowser(t, 1366, 900, extra...)
	threadsBefore := threadCPU(threadsFile)
	// The page notes when done first holds, checking on every frame and
	// every 20 ms (frames stop while the tab waits in the background).
	watch := fmt.Sprintf(`(() => {
		const check = () => { if (globalThis.__doneAt === undefined && (%s)) globalThis.__doneAt = performance.now(); };
		const frame = () => { try { check(); } catch {} if (globalThis.__doneAt === undefined) requestAnimationFrame(frame); };
		requestAnimationFrame(frame);
		const timer = setInterval(() => { try { check(); } catch {} if (globalThis.__doneAt !== undefined) clearInterval(timer); }, 20);
	})();`, j.done)
	if err := chromedp.Do(b.ctx, addScript(watch), chromedp.Navigate(siteURL+j.fragment)); err != nil {
		t.Fatalf("loading %s: %v", j.fragment, err)
	}
	b.waitFor(j.what, `globalThis.__doneAt !== undefined || `+stoppedJS+` !== ''`, 3*startTimeout)
	threadsAfter := threadCPU(threadsFile)
	cpu = -1
	if after := usage(); before >= 0 && after >= 0 {
		cpu = after - before
	}
	if msg := eval[string](b, stoppedJS); msg != "" {
		t.Errorf("%s: the page shows a time-out: %q", j.name, msg)
	}
	// Where the time went: each engine worker's start, phase by phase.
	t.Logf("%s: first result at %s ms; engine starts (ms since navigation): %s", j.name,
		eval[string](b, `String(document.documentElement.dataset.firstResultMs)`),
		eval[string](b, `JSON.stringify(applylensPage.engines().startTimings ?? null)`))
	if threadsAfter != nil {
		t.Logf("%s: the browser's CPU time by thread from the navigation: %s", j.name, threadCPUDelta(threadsBefore, threadsAfter, 10*time.Millisecond))
	}
	return time.Duration(eval[float64](b, `globalThis.__doneAt`) * float64(time.Millisecond)), cpu
}

// TestSlowDevice opens the page as a learner on a slow phone would, with
// the whole browser (page and workers) held to -slow-cores of a CPU: the
// first result, a timeline example and a server-side example must each
// arrive without a time-out message. The times are logged (measured
// figures belong to scripts/bench-page, not to a test's verdict).
func TestSlowDevice(t *testing.T) {
	limited, usage, threadsFile := cpuLimitedChromium(t, *slowCores)
	for _, j := range slowJourneys {
		t.Run(strings.ReplaceAll(j.name, " ", "_"), func(t *testing.T) {
			d, cpu := journeyTime(t, j, usage, threadsFile, chromedp.ExecPath(limited))
			// The CPU time the browser used (all its processes, from its
			// start until done was seen, a little after) does not depend on
			// what else the machine runs: the wall time does.
			t.Logf("%s with the browser held to %.2g of a core: %s (the browser's CPU time: %s)", j.name, *slowCores, d.Round(10*time.Millisecond), cpu.Round(10*time.Millisecond))
		})
	}
	// Every example of the gallery in turn, in one tab as a learner
	// browses them: each must be answered, none stopped by the time limit.
	t.Run("every_gallery_example", func(t *testing.T) {
		b := newBrowser(t, 1366, 900, chromedp.ExecPath(limited))
		b.open()
		for _, sample := range allSamples(t) {
			id := sample["id"].(string)
			// A timeline is answered when the Timeline mode rendered it
			// whole, a server-side example when the server-side view shows
			// an answer (their engines load on first use: no client exists
			// before), and each when an engine answered and none is busy.
			before := eval[int](b, `applylensPage.engines().answers`)
			timelineBefore := eval[int](b, `Number(document.getElementById('timeline').dataset.renders || 0)`)
			answered := fmt.Sprintf(`(e.answers > %d && !e.busy)`, before)
			if strings.HasPrefix(id, "timeline-") {
				answered = fmt.Sprintf(`(Number(document.getElementById('timeline').dataset.renders || 0) > %d && [...document.querySelectorAll('#timeline-steps > li')].every((li) => li.dataset.state && li.dataset.state !== 'pending') && !e.busy)`, timelineBefore)
			}
			if flags, _ := sample["flags"].(map[string]any); flags["apply"] == "server" || flags["apply"] == "both" {
				answered += ` && ['ready','error'].includes(document.getElementById('ssa-view').dataset.state)`
			}
			start := time.Now()
			b.run(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, "#example="+id)))
			b.waitFor("the example "+id+" answered", `(() => { const e = applylensPage.engines(); return e.timeouts > 0 || `+answered+`; })()`, 2*startTimeout)
			checkNoTimeout(t, b, "the example "+id)
			t.Logf("%-36s answered after %s", id, time.Since(start).Round(10*time.Millisecond))
		}
		b.waitFor("every engine idle", `!applylensPage.engines().busy`, startTimeout)
		checkNoTimeout(t, b, "the last example")
	})
}

// checkNoTimeout fails the test when an engine's time limit stopped a
// computation, or the page shows a time-out.
func checkNoTimeout(t *testing.T, b *browser, after string) {
	t.Helper()
	if n := eval[int](b, `applylensPage.engines().timeouts`); n > 0 {
		t.Fatalf("after %s: %d computations were stopped by the time limit (%q)", after, n, eval[string](b, stoppedJS))
	}
	if msg := eval[string](b, stoppedJS); msg != "" {
		t.Fatalf("after %s the page shows a time-out: %q", after, msg)
	}
}
