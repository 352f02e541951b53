package search

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// The prefetch instruction is written out in bytes, so a slip there would
// make it another instruction: this checks that it neither faults nor
// writes, from every offset in a cache line and across line ends.
func TestPrefetchesChangeNothing(t *testing.T) {
	buf := make([]byte, 4096)
	for i := range buf {
		buf[i] = byte(i*7 + 3)
	}
	want := slices.Clone(buf)
	for start := range 130 {
		for _, n := range []uintptr{0, 1, 31, 63, 64, 65, 1000} {
			prefetchForWrite(unsafe.Pointer(&buf[start]), n)
		}
		prefetchLine(unsafe.Pointer(&buf[start]))
	}
	f := newChildren(82)
	prefetchAmafForWrite(f.amaf)
	prefetchAmafForWrite(nil)
	for i := range f.nodes {
		prefetchNodeForWrite(&f.nodes[i])
	}
	require.Equal(t, want, buf)
	require.Equal(t, newChildren(82), f)
}
