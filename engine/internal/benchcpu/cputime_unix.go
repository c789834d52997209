//go:build unix

package benchcpu

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used: benchmarks report it
// per operation too, because on a machine shared with other work the
// wall-clock ns/op counts the time spent waiting for a core.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
