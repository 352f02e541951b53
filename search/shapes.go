package search

import (
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// shapeSources are the 3x3 shapes of Gelly, Wang, Munos and Teytaud's
// MoGo (2006), as Pachi and michi play them: the centre is the empty point
// to play, the rows are drawn top first. X and O are stones of either
// colour (every shape also matches with the colours swapped), '.' is
// empty, '#' the edge, 'x' anything but X, 'o' anything but O, '?' anything.
// They are not package pattern's learned shapes: the playouts need a
// yes-or-no test that costs one table lookup (see docs/TUNING.md, "Playout
// shapes", for the learned gammas tried in their place).
var shapeSources = []string{
	"XOX ... ???", // hane enclosing a stone
	"XO. ... ?.?", // hane that cannot be cut
	"XO? X.. x.?", // magari: bending round a stone
	"XOO ... ?.?", // thin hane
	".O. X.. ...", // katatsuke: diagonal attachment
	"XO? O.o ?o?", // kiri: unprotected cut
	"XO? O.X ???", // kiri: peeped cut
	"?X? O.O ooo", // de: pushing between two stones
	"OX? o.O ???", // cut of a knight's move
	"X.? O.? ###", // side: chase
	"OX? X.O ###", // side: block a cut on the side
	"?X? x.O ###", // side: block a connection on the side
	"?XO x.x ###", // side: sagari
	"?OX X.O ###", // side: cut on the side
}

// shapeTable has a bit set for every key of rules.Board.Pattern3x3 that
// matches one of the shapes under some rotation, reflection and colour
// swap.
var shapeTable = buildShapeTable()

// matchesShape reports whether the neighbourhood of p matches a shape.
func matchesShape(b *rules.Board, p rules.Point) bool {
	key := b.Pattern3x3(p)
	return shapeTable[key>>6]&(1<<(key&63)) != 0
}

// neighbourCells lists, in the order of the Pattern3x3 key, the cells of a
// 3x3 grid drawn top row first (cell 4 is the centre).
var neighbourCells = [8]int{0, 1, 2, 3, 5, 6, 7, 8}

func buildShapeTable() *[1 << 10]uint64 {
	table := new([1 << 10]uint64)
	for _, src := range shapeSources {
		grid := []byte(strings.ReplaceAll(src, " ", ""))
		for _, g := range symmetries(grid) {
			for _, swapped := range []bool{false, true} {
				expandShape(table, g, swapped, 0, 0)
			}
		}
	}
	return table
}

// expandShape sets the table bit of every key the shape grid matches, filling
// cell i onwards; key holds the cells before i.
func expandShape(table *[1 << 10]uint64, grid []byte, swap bool, i int, key uint16) {
	if i == len(neighbourCells) {
		table[key>>6] |= 1 << (key & 63)
		return
	}
	for _, c := range cellColors(grid[neighbourCells[i]], swap) {
		expandShape(table, grid, swap, i+1, key|uint16(c)<<(2*i))
	}
}

// cellColors returns the colours a shape cell matches; X is black unless
// the colours are swapped.
func cellColors(cell byte, swap bool) []rules.Color {
	x, o := rules.Black, rules.White
	if swap {
		x, o = o, x
	}
	switch cell {
	case 'X':
		return []rules.Color{x}
	case 'O':
		return []rules.Color{o}
	case '.':
		return []rules.Color{rules.Empty}
	case '#':
		return []rules.Color{rules.Edge}
	case 'x':
		return []rules.Color{o, rules.Empty, rules.Edge}
	case 'o':
		return []rules.Color{x, rules.Empty, rules.Edge}
	}
	return []rules.Color{rules.Empty, rules.Black, rules.White, rules.Edge}
}

// symmetries returns the eight rotations and reflections of a 3x3 grid.
func symmetries(grid []byte) [][]byte {
	rotate := func(g []byte) []byte { // a quarter turn clockwise
		r := make([]byte, 9)
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				r[x*3+2-y] = g[y*3+x]
			}
		}
		return r
	}
	mirror := func(g []byte) []byte { // left-right
		r := make([]byte, 9)
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				r[y*3+2-x] = g[y*3+x]
			}
		}
		return r
	}
	var out [][]byte
	g := grid
	for range 4 {
		out = append(out, g, mirror(g))
		g = rotate(g)
	}
	return out
}
