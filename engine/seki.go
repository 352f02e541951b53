package engine

import (
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// breakSekis marks in dead the chains of the sekis the ownership o shows
// that one side can kill by a sacrifice, a reading the playouts cannot
// make: they never put a chain of more than three stones in atari.
//
// A seki is a standoff: whoever fills a shared liberty puts its own chain
// in atari and the enemy captures it. But the capture may not save the
// enemy. If the enemy chains had no liberty but the two the chains share,
// the space the captured stones leave is all they have to make eyes in,
// and the sacrificer moves next: when that space is a killing shape (see
// killingShape), they die. So for each shared liberty of a seki, each
// colour in turn fills it, and the enemy chains are dead when the filling
// chain is left with one liberty, every enemy chain next to it has that
// one liberty and no other, and the filling chain's stones make a killing
// shape.
func breakSekis(b *rules.Board, o *Ownership, dead map[rules.Point]bool) {
	for _, h := range chainHeads(b) {
		if dead[h] {
			continue
		}
		for _, l := range sekiLiberties(b, o, h, dead) {
			for _, c := range [2]rules.Color{rules.Black, rules.White} {
				if enemies := killedBySacrifice(b, c, l); len(enemies) > 0 {
					for _, n := range enemies {
						b.Chain(n, func(s rules.Point) { dead[s] = true })
					}
				}
			}
		}
	}
}

// killedBySacrifice returns one stone of each enemy chain that c kills by
// filling l as breakSekis describes, or nil.
func killedBySacrifice(b *rules.Board, c rules.Color, l rules.Point) []rules.Point {
	after := b.Clone()
	if after.Play(rules.Move{Color: c, Point: l}) != nil || after.Liberties(l) != 1 {
		return nil
	}
	last := after.AnyLiberty(l)
	var stones, enemies []rules.Point
	enclosed := true
	after.Chain(l, func(s rules.Point) {
		stones = append(stones, s)
		for _, n := range s.Neighbours() {
			if after.At(n) != c.Opponent() || slices.ContainsFunc(enemies, func(e rules.Point) bool { return after.SameChain(e, n) }) {
				continue
			}
			enemies = append(enemies, n)
			if after.Liberties(n) != 1 || after.AnyLiberty(n) != last {
				enclosed = false
			}
		}
	})
	if !enclosed || len(enemies) == 0 || !killingShape(stones, b.Size()) {
		return nil
	}
	return enemies
}

// killingShape reports whether an eye space of these points, with the
// attacker to move, cannot make two eyes: the nakade shapes. Up to three
// points, every shape; of four, the square and the T (the straight and
// bent fours live, their two vital points being miai), and the bent four
// in the corner, which lives only through a ko that the attacker starts
// when it likes, once it has removed the defender's ko threats (which
// costs nothing under area scoring); of five, the cross and the bulky
// five; of six, the rabbity six. Larger spaces live.
func killingShape(points []rules.Point, size int) bool {
	in := func(p rules.Point) bool { return slices.Contains(points, p) }
	degree := func(p rules.Point) int {
		d := 0
		for _, n := range p.Neighbours() {
			if in(n) {
				d++
			}
		}
		return d
	}
	maxDegree, ends, square, cornerBend := 0, 0, false, false
	for _, p := range points {
		d := degree(p)
		maxDegree = max(maxDegree, d)
		if d == 1 {
			ends++
		}
		x, y := p.X(), p.Y()
		if x+1 < size && y+1 < size && in(rules.PointAt(x+1, y)) && in(rules.PointAt(x, y+1)) && in(rules.PointAt(x+1, y+1)) {
			square = true
		}
		if d == 2 && (x == 0 || x == size-1) && (y == 0 || y == size-1) {
			cornerBend = true
		}
	}
	switch len(points) {
	case 1, 2, 3:
		return true
	case 4:
		path := maxDegree <= 2 && ends == 2
		return !path || cornerBend
	case 5:
		return maxDegree == 4 || square
	case 6:
		return maxDegree == 4 && square
	}
	return false
}
