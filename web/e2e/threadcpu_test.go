//go:build browser

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// threadCPU reads how long each thread listed in a cgroup's thread file
// (cgroup v1 "tasks", v2 "cgroup.threads") has run on a CPU
// (/proc/TID/schedstat, in ns), summed by process type and thread name,
// like "renderer/ThreadPoolForeground" or "gpu-process/VizCompositorThread":
// where the CPU time of a slow device's journey goes (TestSlowDevice). The
// type is the process's --type= (with a utility's --utility-sub-type=),
// "browser" without one; a main thread is named after the program
// ("chromium"). Threads that ended are missing; nil when the file is
// unreadable.
func threadCPU(threadsFile string) map[string]time.Duration {
	b, err := os.ReadFile(threadsFile)
	if err != nil {
		return nil
	}
	out := map[string]time.Duration{}
	types := map[string]string{}
	for _, tid := range strings.Fields(string(b)) {
		stat, err := os.ReadFile(filepath.Join("/proc", tid, "schedstat"))
		if err != nil {
			continue // the thread ended
		}
		fields := strings.Fields(string(stat))
		if len(fields) == 0 {
			continue
		}
		ns, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			continue
		}
		comm, _ := os.ReadFile(filepath.Join("/proc", tid, "comm"))
		// Numbered threads (ThreadPoolForegroundWorker1, 2…) count as one.
		name := strings.TrimRight(strings.TrimSpace(string(comm)), "0123456789")
		pid := processOf(tid)
		typ, ok := types[pid]
		if !ok {
			typ = processType(pid)
			types[pid] = typ
		}
		out[typ+"/"+name] += time.Duration(ns)
	}
	return out
}

// processOf is the process (thread group) a thread belongs to.
func processOf(tid string) string {
	status, err := os.ReadFile(filepath.Join("/proc", tid, "status"))
	if err != nil {
		return tid
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Tgid:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return tid
}

// processType is a Chromium process's role, from its command line.
func processType(pid string) string {
	cmdline, err := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
	if err != nil {
		return "?"
	}
	typ, sub := "browser", ""
	// Chromium rewrites its children's command lines as one string
	// (setproctitle): split at spaces as well as NULs.
	for _, arg := range strings.FieldsFunc(string(cmdline), func(r rune) bool { return r == 0 || r == ' ' }) {
		if v, ok := strings.CutPrefix(arg, "--type="); ok {
			typ = v
		}
		if v, ok := strings.CutPrefix(arg, "--utility-sub-type="); ok {
			sub = ":" + v
		}
	}
	return typ + sub
}

// threadCPUDelta lists the CPU time each thread group used between two
// readings of threadCPU, the largest first, those under min left out.
func threadCPUDelta(before, after map[string]time.Duration, min time.Duration) string {
	type entry struct {
		name string
		d    time.Duration
	}
	var entries []entry
	for name, d := range after {
		if d -= before[name]; d >= min {
			entries = append(entries, entry{name, d})
		}
	}
	sort.Slice(entries, func(i, j int) bool {
		if entries[i].d != entries[j].d {
			return entries[i].d > entries[j].d
		}
		return entries[i].name < entries[j].name
	})
	parts := make([]string, len(entries))
	for i, e := range entries {
		parts[i] = fmt.Sprintf("%s %d ms", e.name, e.d.Milliseconds())
	}
	return strings.Join(parts, ", ")
}
