//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPUTime returns the CPU time the process has used, user and
// system, and whether the system told it.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
