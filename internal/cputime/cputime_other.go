//go:build !unix && !windows

package cputime

import "time"

// Process reports that this system does not tell a process its CPU time.
func Process() (time.Duration, bool) { return 0, false }
