package pattern

import (
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// A shape is the key of rules.Board.Pattern3x3: the eight neighbours of a
// point, two bits each. The same shape turned, mirrored, or seen by the
// other player is the same feature, so each key is mapped to a canonical
// one: the smallest key among its eight symmetries, taken with the mover
// as Black.

// cellOf gives, for each cell of a key in Pattern3x3's order (NW, N, NE,
// W, E, SW, S, SE), its row and column in the 3x3 grid.
var cellOf = [8][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 2}, {2, 0}, {2, 1}, {2, 2}}

// shapeKeys lists the canonical keys in increasing order, and shapeIndex
// maps every key seen by Black to its canonical key's place in shapeKeys.
var shapeKeys, shapeIndex = buildShapes()

// blackView returns the key as Black sees what c sees.
func blackView(key uint16, c rules.Color) uint16 {
	if c == rules.White {
		key = swapColors(key)
	}
	return key
}

// swapColors exchanges black and white in a key. A cell holding exactly one
// set bit is a stone (1 black, 2 white); flipping both of its bits turns
// one colour into the other, while empty (0) and edge (3) cells stay.
func swapColors(key uint16) uint16 {
	stones := (key ^ key>>1) & 0x5555
	return key ^ (stones | stones<<1)
}

func buildShapes() ([]uint16, *[1 << 16]uint16) {
	var perms [8][8]int // perms[s][i]: the cell that cell i moves to under symmetry s
	for s := range perms {
		for i, rc := range cellOf {
			r, c := rc[0], rc[1]
			for range s % 4 { // quarter turns
				r, c = c, 2-r
			}
			if s >= 4 { // mirrored
				c = 2 - c
			}
			perms[s][i] = slices.Index(cellOf[:], [2]int{r, c})
		}
	}
	canonical := make([]uint16, 1<<16)
	for key := range canonical {
		best := uint16(key)
		for _, perm := range perms {
			var k uint16
			for i, to := range perm {
				k |= uint16(key>>(2*i)&3) << (2 * to)
			}
			best = min(best, k)
		}
		canonical[key] = best
	}
	keys := slices.Clone(canonical)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	index := new([1 << 16]uint16)
	for key, c := range canonical {
		i, _ := slices.BinarySearch(keys, c)
		index[key] = uint16(i)
	}
	return keys, index
}
