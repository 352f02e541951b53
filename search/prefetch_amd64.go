package search

import "unsafe"

// prefetchForWrite asks the processor to fetch the cache lines of the n
// bytes from p, ready to be written (PREFETCHW). It reads and writes
// nothing.
//
//go:noescape
func prefetchForWrite(p unsafe.Pointer, n uintptr)

// prefetchLine asks the processor to fetch the cache line holding p, to
// be read (PREFETCHT0). It reads and writes nothing.
//
//go:noescape
func prefetchLine(p unsafe.Pointer)
