//go:build !unix && !windows

package gtp

import "time"

// processCPUTime reports that this system does not tell a process its CPU
// time, so the server does not offer cputime.
func processCPUTime() (time.Duration, bool) { return 0, false }
