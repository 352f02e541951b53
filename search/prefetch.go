package search

import "unsafe"

// A locked add (sync/atomic's Add) to a cache line that another core has
// read or written since waits for the line to come over before anything
// after it runs, so the adds of a backup to lines the other workers use
// wait one after the other: a quarter of a microsecond each on this
// project's 2-core machines. Asking for all the lines first lets the
// processor fetch them at once. The requests are hints, with no effect on
// what the program computes.

// prefetchNodeForWrite asks for n's cache lines, to be written.
func prefetchNodeForWrite(n *node) {
	prefetchForWrite(unsafe.Pointer(n), unsafe.Sizeof(*n))
}

// prefetchAmafForWrite asks for the cache lines of stats, to be written.
func prefetchAmafForWrite(stats []amafStats) {
	if len(stats) > 0 {
		prefetchForWrite(unsafe.Pointer(&stats[0]), uintptr(len(stats))*unsafe.Sizeof(stats[0]))
	}
}
