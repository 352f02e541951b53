package rules

import "sync"

// geometry is what depends only on the board size. It is built once per size
// and shared, read-only, by every board of that size.
type geometry struct {
	size   int
	points []Point          // the on-board points, bottom-left first
	index  [maxPoints]int16 // compact index 0..size*size-1 of each on-board point, -1 elsewhere
	words  int              // uint64 words in a bitset over the board, at least two
	length int              // length of per-point arrays: rows 0..size+1 of the padded grid

	// The on-board orthogonal neighbours of a point lie within size bits
	// either side of its own bit (2*size+1 <= 51 bits), so in a window of
	// two bitset words: nbWord[p] is the first word and nbMask[p] the
	// neighbours' bits in it and the next. Bitsets have two words or more
	// so the window always fits.
	nbWord [maxPoints]int16
	nbMask [maxPoints][2]uint64
}

var (
	geometryOnce  [MaxSize + 1]sync.Once
	geometryCache [MaxSize + 1]*geometry
)

func geometryFor(size int) *geometry {
	geometryOnce[size].Do(func() {
		g := &geometry{size: size, words: max(2, (size*size+63)/64), length: (size + 2) * stride}
		for i := range g.index {
			g.index[i] = -1
		}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				p := PointAt(x, y)
				g.index[p] = int16(len(g.points))
				g.points = append(g.points, p)
			}
		}
		for _, p := range g.points {
			w := min(max(int(g.index[p])-size, 0)/64, g.words-2)
			g.nbWord[p] = int16(w)
			for _, d := range orthogonal {
				if i := int(g.index[p+d]); i >= 0 {
					g.nbMask[p][i/64-w] |= 1 << (i % 64)
				}
			}
		}
		geometryCache[size] = g
	})
	return geometryCache[size]
}
