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
// rules.KillingShape), they die. So for each shared liberty of a seki, each
// colour in turn fills it, and the enemy chains are dead when the filling
// chain is left with one liberty, every enemy chain next to it has that
// one liberty and no other, and the filling chain's stones make a killing
// shape.
// heads holds one stone of each chain (see chainHeads); neutral is
// JudgeTuning.SekiNeutral (see sekiLiberties).
func breakSekis(b *rules.Board, o *Ownership, heads []rules.Point, dead map[rules.Point]bool, neutral float64) {
	for _, h := range heads {
		if dead[h] {
			continue
		}
		for _, l := range sekiLiberties(b, o, h, dead, neutral) {
			for _, c := range [2]rules.Color{rules.Black, rules.White} {
				for _, n := range killedBySacrifice(b, c, l) {
					b.Chain(n, func(s rules.Point) { dead[s] = true })
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
	if !enclosed || len(enemies) == 0 || !rules.KillingShape(stones, b.Size()) {
		return nil
	}
	return enemies
}
