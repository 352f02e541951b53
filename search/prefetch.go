package search

import "unsafe"

// Asking the processor for memory before it is used, so that the wait for
// it overlaps other work. The requests are hints, with no effect on what
// the program computes; off amd64 they do nothing.
//
// For writing: a locked add (sync/atomic's Add) to a cache line that
// another core has read or written since waits for the line to come over
// before anything after it runs, so the adds of a backup to lines the
// other workers use would wait one after the other. Backup asks for all
// its lines first, and they come at once (see docs/TUNING.md, "Prefetch").
//
// For reading: the playouts' table of last good replies is read at random
// and does not fit the cache on large boards (see replyTable.prefetch).

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
