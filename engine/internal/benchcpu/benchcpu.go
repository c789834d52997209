// Package benchcpu reports a benchmark's CPU time per operation beside
// its wall-clock time: the project's machine is shared with other work,
// and the wall-clock ns/op then counts the time spent waiting for a core.
package benchcpu

import (
	"testing"
	"time"
)

// Report starts counting the process's CPU time; the function it returns
// reports it per operation ("cpu-ns/op"), where it can be read (not under
// GOOS=js, which has no getrusage). Call it as `defer benchcpu.Report(b)()`
// after the benchmark's setup.
func Report(b *testing.B) func() {
	start, ok := cpuTime()
	return func() {
		if end, ok2 := cpuTime(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
		}
	}
}

// Time is the CPU time the process has used so far; false where it is
// not measured.
func Time() (time.Duration, bool) { return cpuTime() }
