//go:build !amd64

package search

import "unsafe"

// prefetchForWrite would ask the processor to fetch the cache lines of the
// n bytes from p, ready to be written; here it does nothing.
func prefetchForWrite(p unsafe.Pointer, n uintptr) {}

// prefetchLine would ask the processor to fetch the cache line holding p,
// to be read; here it does nothing.
func prefetchLine(p unsafe.Pointer) {}
