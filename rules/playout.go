package rules

// IsEye reports whether the empty point p is an eye of colour c: every
// orthogonal neighbour is a stone of c or the edge, and the diagonals hold
// at most one enemy stone (none on the edge or in a corner). A point with
// two enemy diagonals is a false eye that may have to be filled, so it does
// not count.
func (b *Board) IsEye(c Color, p Point) bool {
	return b.color[p] == Empty && b.isEye(c, p)
}

// isEye is IsEye for a point known to be empty.
func (b *Board) isEye(c Color, p Point) bool {
	if !b.surroundedBy(c, p) {
		return false
	}
	// Weigh the diagonals, enemy stones 2 and edge points 1: an eye allows
	// one enemy diagonal in the centre (2), none on the side (two edge
	// diagonals, 2) or in the corner (three, 3). One sum, no branches.
	w := &diagonalWeight[c]
	sum := w[b.color[p+diagonal[0]]] + w[b.color[p+diagonal[1]]] +
		w[b.color[p+diagonal[2]]] + w[b.color[p+diagonal[3]]]
	return sum < 4
}

// diagonalWeight[c][x] is what a diagonal neighbour of colour x counts
// against an eye of colour c.
var diagonalWeight = [3][4]uint8{
	Black: {White: 2, Edge: 1},
	White: {Black: 2, Edge: 1},
}

// RandomMove returns a point chosen uniformly among the legal moves of c
// that do not fill one of c's own eyes, or Pass when there is none.
// Rejected points are swapped to the end of the empty list, so each draw
// picks among the points not yet tried.
func (b *Board) RandomMove(c Color, r *Rand) Point {
	for k := len(b.empty); k > 0; k-- {
		i := r.IntN(k)
		p := b.empty[i]
		// Most points have an empty neighbour: no eye, no suicide, no ko
		// (a ko point is surrounded by the stones that captured on it).
		if b.emptyNeighbours(p) > 0 {
			return p
		}
		if !b.isEye(c, p) && !(p == b.ko && c == b.koColor) && b.capturesOrConnects(c, p) {
			return p
		}
		q := b.empty[k-1]
		b.empty[i], b.empty[k-1] = q, p
		b.emptyAt[q], b.emptyAt[p] = int16(i), int16(k-1)
	}
	return Pass
}

// Playout plays light random moves (see RandomMove) for both sides in turn,
// starting with toMove, until two passes in a row or maxMoves moves, and
// returns the number of moves made, passes included. It enforces simple ko
// only; maxMoves bounds the rare longer cycles.
func (b *Board) Playout(toMove Color, r *Rand, maxMoves int) int {
	passes, n := 0, 0
	for c := toMove; passes < 2 && n < maxMoves; c = c.Opponent() {
		if p := b.RandomMove(c, r); p == Pass {
			passes++
			b.ko = Pass
		} else {
			passes = 0
			b.place(c, p)
		}
		n++
	}
	return n
}
