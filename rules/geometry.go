package rules

import "sync"

// geometry is what depends only on the board size. It is built once per size
// and shared, read-only, by every board of that size.
type geometry struct {
	size   int
	points []Point          // the on-board points, bottom-left first
	index  [maxPoints]int16 // compact index 0..size*size-1 of each on-board point, -1 elsewhere
	words  int              // uint64 words in a bitset over the board
	length int              // length of per-point arrays: rows 0..size+1 of the padded grid
}

var (
	geometryOnce  [MaxSize + 1]sync.Once
	geometryCache [MaxSize + 1]*geometry
)

func geometryFor(size int) *geometry {
	geometryOnce[size].Do(func() {
		g := &geometry{size: size, words: (size*size + 63) / 64, length: (size + 2) * stride}
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
		geometryCache[size] = g
	})
	return geometryCache[size]
}
