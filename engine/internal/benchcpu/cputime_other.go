//go:build !unix

package benchcpu

import "time"

// cpuTime is not measured here (GOOS=js has no getrusage).
func cpuTime() (time.Duration, bool) { return 0, false }
