package nn

// NumSymmetries is the number of symmetries of the square board.
const NumSymmetries = 8

// The symmetries are numbered as KataGo numbers them
// (cpp/neuralnet/nninputs.cpp): bit 0 flips the rows (top to bottom),
// bit 1 flips the columns (left to right), bit 2 transposes. The network
// sees a board under symmetry s with every point moved by SymmetricIndex:
// the flips first, then the transposition; its outputs per point are moved
// back with the inverse.

// SymmetricIndex returns where board index i of a board of side size lies
// in the network's frame under symmetry s.
func SymmetricIndex(i, size, s int) int {
	r, c := i/size, i%size
	if s&1 != 0 {
		r = size - 1 - r
	}
	if s&2 != 0 {
		c = size - 1 - c
	}
	if s&4 != 0 {
		r, c = c, r
	}
	return r*size + c
}

// ApplySymmetry copies planes board planes of side size from src, in the
// package's board order, to dst in the network's frame under symmetry s.
// dst and src must not overlap.
func ApplySymmetry(dst, src []float32, planes, size, s int) {
	area := size * size
	if s == 0 {
		copy(dst[:planes*area], src[:planes*area])
		return
	}
	for i := 0; i < area; i++ {
		j := SymmetricIndex(i, size, s)
		for k := 0; k < planes; k++ {
			dst[k*area+j] = src[k*area+i]
		}
	}
}

// UndoSymmetry copies planes board planes of side size from src, in the
// network's frame under symmetry s, back to dst in the package's board
// order: the inverse of ApplySymmetry. dst and src must not overlap.
func UndoSymmetry(dst, src []float32, planes, size, s int) {
	area := size * size
	if s == 0 {
		copy(dst[:planes*area], src[:planes*area])
		return
	}
	for i := 0; i < area; i++ {
		j := SymmetricIndex(i, size, s)
		for k := 0; k < planes; k++ {
			dst[k*area+i] = src[k*area+j]
		}
	}
}
