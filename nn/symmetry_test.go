package nn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kataSymmetricCopy moves one plane of side n into the network's frame the
// way KataGo's copyWithSymmetry does it (cpp/neuralnet/nninputs.cpp, the
// channel-first case, forward direction): strides made negative by the
// flips, the two flips swapped and the strides exchanged when transposing.
// It is written independently of SymmetricIndex to check it.
func kataSymmetricCopy(src []float32, n, s int) []float32 {
	dst := make([]float32, n*n)
	transpose, flipX, flipY := s&4 != 0, s&2 != 0, s&1 != 0
	if transpose {
		flipX, flipY = flipY, flipX
	}
	hBase, hStride, wBase, wStride := 0, n, 0, 1
	if flipY {
		hBase, hStride = (n-1)*n, -n
	}
	if flipX {
		wBase, wStride = n-1, -1
	}
	if transpose {
		hStride, wStride = wStride, hStride
	}
	for h := 0; h < n; h++ {
		for w := 0; w < n; w++ {
			dst[hBase+h*hStride+wBase+w*wStride] = src[h*n+w]
		}
	}
	return dst
}

func TestSymmetryMatchesKataGo(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 9, 19} {
		src := make([]float32, n*n)
		for i := range src {
			src[i] = float32(i)
		}
		for s := 0; s < NumSymmetries; s++ {
			dst := make([]float32, n*n)
			ApplySymmetry(dst, src, 1, n, s)
			require.Equal(t, kataSymmetricCopy(src, n, s), dst, "size %d symmetry %d", n, s)
		}
	}
	// A few by hand on 3x3 (0 1 2 / 3 4 5 / 6 7 8, top row first): where
	// the top row's middle point, 1, goes.
	for s, want := range []int{1, 7, 1, 7, 3, 5, 3, 5} {
		assert.Equal(t, want, SymmetricIndex(1, 3, s), "symmetry %d", s)
	}
}

func TestSymmetryRoundTrip(t *testing.T) {
	const n, planes = 7, 3
	src := make([]float32, planes*n*n)
	for i := range src {
		src[i] = float32(i)
	}
	for s := 0; s < NumSymmetries; s++ {
		mid := make([]float32, len(src))
		back := make([]float32, len(src))
		ApplySymmetry(mid, src, planes, n, s)
		UndoSymmetry(back, mid, planes, n, s)
		require.Equal(t, src, back, "symmetry %d", s)
		if s != 0 {
			require.NotEqual(t, src, mid, "symmetry %d moves points", s)
		}
	}
}
