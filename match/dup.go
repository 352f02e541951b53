package match

import "github.com/yunzi-go/yunzi/rules"

// symmetric returns p under one of the 8 symmetries of a square board.
func symmetric(p rules.Point, size, sym int) rules.Point {
	if p == rules.Pass {
		return p
	}
	x, y := p.X(), p.Y()
	if sym&1 != 0 {
		x = size - 1 - x
	}
	if sym&2 != 0 {
		y = size - 1 - y
	}
	if sym&4 != 0 {
		x, y = y, x
	}
	return rules.PointAt(x, y)
}

// sameGame reports whether two games have the same moves, up to a
// symmetry of the board.
func sameGame(a, b []rules.Move, size int) bool {
	if len(a) != len(b) {
		return false
	}
	for sym := range 8 {
		same := true
		for i := range a {
			if a[i].Color != b[i].Color || symmetric(a[i].Point, size, sym) != b[i].Point {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}
