//go:build !unix

package bench

import "time"

// processCPUTime reports that the CPU time is unknown: getrusage is a Unix
// call.
func processCPUTime() (time.Duration, bool) { return 0, false }
