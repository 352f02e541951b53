package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// raceOpen is a race on the bottom edge that whoever moves first wins:
// White's six stones B1-C3 have the liberties A1 and B4, Black's D1-E3
// the liberties E4 and F1, and neither can run.
const raceOpen = `
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	X . X O . O . . .
	X O O X X O . . .
	X O O X X O . . .
	. O O X X . . . .`

// raceWonByBlack is the same race with F2 empty: Black's chain has three
// liberties against White's two, and wins it even moving second.
const raceWonByBlack = `
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	. . . . . . . . .
	X . X O . O . . .
	X O O X X O . . .
	X O O X X . . . .
	. O O X X . . . .`

func TestRaceMoves(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		color   rules.Color
		last    string
		want    []string
	}{
		{"open race, Black", raceOpen, rules.Black, "", []string{"A1", "B4"}},
		{"open race, White", raceOpen, rules.White, "", []string{"E4", "F1"}},
		{"open race, next to the last move", raceOpen, rules.Black, "F1", []string{"A1", "B4"}},
		{"open race, far from the last move", raceOpen, rules.Black, "J9", nil},
		{"won by Black: nothing to play", raceWonByBlack, rules.Black, "", nil},
		{"lost by White: nothing saves it", raceWonByBlack, rules.White, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := rules.ParseDiagram(tt.diagram)
			require.NoError(t, err)
			local, last := tt.last != "", rules.Pass
			if local {
				last = point(t, tt.last)
			}
			before := b.Hash()
			var r raceReader
			var got []string
			for _, p := range r.raceMoves(nil, b, tt.color, last, local) {
				got = append(got, p.String())
			}
			assert.ElementsMatch(t, tt.want, got)
			assert.Equal(t, before, b.Hash(), "reading must not change the board")
		})
	}
}

// A race whose chains share their only liberties is a seki: whoever
// fills one puts his own chain in atari, so no move decides it.
func TestRaceSekiHasNoDecidingMove(t *testing.T) {
	// White B1-B3-C3 and Black D1-D3 share C1 and C2, and have no
	// other liberty; the walls around them have five or more.
	b, err := rules.ParseDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		X X X X . . . . .
		X X X O O . . . .
		X O O X O . . . .
		X O . X O . . . .
		X O . X O . . . .`)
	require.NoError(t, err)
	require.Equal(t, 2, b.Liberties(point(t, "B2")))
	require.Equal(t, 2, b.Liberties(point(t, "D2")))
	var r raceReader
	assert.Empty(t, r.raceMoves(nil, b, rules.Black, rules.Pass, false))
	assert.Empty(t, r.raceMoves(nil, b, rules.White, rules.Pass, false))
}

// On a large board the moves that decide a race get the Race bonus at
// expansion.
func TestLargeBoardsGiveRaceMovesABonus(t *testing.T) {
	g := gameFrom(t, `
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		X . X O . O . . . . . . .
		X O O X X O . . . . . . .
		X O O X X O . . . . . . .
		. O O X X . . . . . . . .`, 7.5, rules.Black)
	priorOf := func(race float64) map[string]float64 {
		cfg := DefaultConfig()
		cfg.Threads = 1
		cfg.Large.Race = race
		s := New(cfg)
		s.Search(t.Context(), g, rules.Black, Budget{Playouts: 20})
		rates := map[string]float64{}
		kids := s.root.kids()
		for i := range kids {
			rates[kids[i].move.String()] = kids[i].prior.rate()
		}
		return rates
	}
	with, without := priorOf(20), priorOf(0)
	for _, p := range []string{"A1", "B4"} {
		assert.Greater(t, with[p], without[p], "%s decides the race", p)
	}
	assert.Equal(t, without["K10"], with["K10"], "a move away from the race")
}
