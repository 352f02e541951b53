package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used, all threads, user
// and system, and whether the system told it.
func Process() (time.Duration, bool) {
	process, err := syscall.GetCurrentProcess()
	if err != nil {
		return 0, false
	}
	var creation, exit, kernel, user syscall.Filetime
	if syscall.GetProcessTimes(process, &creation, &exit, &kernel, &user) != nil {
		return 0, false
	}
	// These Filetimes are durations in 100-nanosecond ticks, not dates
	// (Filetime.Nanoseconds would count them from 1601).
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(ticks(kernel)+ticks(user)) * 100, true
}
