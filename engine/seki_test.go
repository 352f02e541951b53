package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

// bentFourDiagram: the white chain along the bottom shares its only two
// liberties, D1 and G2, with the three black stones E1-G1: a seki to the
// playouts. But Black G2 makes the bent four in the corner: White takes the
// four stones at D1 and is left with E1-G2 to make eyes in, with Black to
// move. (Black D1 instead would give White a straight four, which lives.)
const bentFourDiagram = `
. X . X . X .
X X X X X X X
. X . X . X .
X X X X X X X
X X X X X O O
. X O O O O .
X X O . X X X`

// bentFourOnTheSideDiagram is the same standoff one point from the corner:
// Black F2 gives White a bent four away from the corner, and Black C1 a
// straight four. Both live, so it is a seki.
const bentFourOnTheSideDiagram = `
. X . X . X .
X X X X X X X
. X . X . X .
X X X X X X X
X X X X O O O
X O O O O . O
X O . X X X O`

// TestSekiBrokenBySacrifice: the judge finds the white chain of
// bentFourDiagram dead, and the standoff of bentFourOnTheSideDiagram a
// seki, whoever is to move.
func TestSekiBrokenBySacrifice(t *testing.T) {
	whiteChain := []rules.Point{pt("c1"), pt("c2"), pt("d2"), pt("e2"), pt("f2"), pt("f3"), pt("g3")}
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		for seed := range uint64(3) {
			st := statusesOf(t, bentFourDiagram, toMove, seed)
			assert.ElementsMatch(t, whiteChain, st[Dead], "%v to move, seed %d", toMove, seed)
			assert.Empty(t, st[Seki], "%v to move, seed %d", toMove, seed)

			st = statusesOf(t, bentFourOnTheSideDiagram, toMove, seed)
			assert.Empty(t, st[Dead], "%v to move, seed %d", toMove, seed)
			assert.Contains(t, st[Seki], pt("c2"))
			assert.Contains(t, st[Seki], pt("e1"))
		}
	}
}

// statusesOf judges the position of a 7x7 diagram.
func statusesOf(t *testing.T, diagram string, toMove rules.Color, seed uint64) map[Status][]rules.Point {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err)
	e := New(Config{Size: 7, Seed: seed})
	require.NoError(t, e.Game().SetupPosition(b))
	e.Game().SetToMove(toMove)
	st, err := e.Statuses(ctx)
	require.NoError(t, err)
	return st
}
