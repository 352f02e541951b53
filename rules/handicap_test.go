package rules_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// gtpHandicap is the GTP specification's fixed handicap placement (section
// 4.1.1) for the three usual sizes.
var gtpHandicap = map[int]map[int]string{
	19: {
		2: "D4 Q16", 3: "D4 Q16 D16", 4: "D4 Q16 D16 Q4", 5: "D4 Q16 D16 Q4 K10",
		6: "D4 Q16 D16 Q4 D10 Q10", 7: "D4 Q16 D16 Q4 D10 Q10 K10",
		8: "D4 Q16 D16 Q4 D10 Q10 K4 K16", 9: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
	},
	13: {
		2: "D4 K10", 3: "D4 K10 D10", 4: "D4 K10 D10 K4", 5: "D4 K10 D10 K4 G7",
		6: "D4 K10 D10 K4 D7 K7", 7: "D4 K10 D10 K4 D7 K7 G7",
		8: "D4 K10 D10 K4 D7 K7 G4 G10", 9: "D4 K10 D10 K4 D7 K7 G4 G10 G7",
	},
	9: {
		2: "C3 G7", 3: "C3 G7 C7", 4: "C3 G7 C7 G3", 5: "C3 G7 C7 G3 E5",
		6: "C3 G7 C7 G3 C5 G5", 7: "C3 G7 C7 G3 C5 G5 E5",
		8: "C3 G7 C7 G3 C5 G5 E3 E7", 9: "C3 G7 C7 G3 C5 G5 E3 E7 E5",
	},
	7: {2: "C3 E5", 3: "C3 E5 C5", 4: "C3 E5 C5 E3"},
}

func TestFixedHandicap(t *testing.T) {
	for size, bySize := range gtpHandicap {
		for n, vertices := range bySize {
			got, err := rules.FixedHandicap(size, n)
			require.NoError(t, err, "FixedHandicap(%d, %d)", size, n)
			assert.ElementsMatch(t, mustPoints(t, strings.Fields(vertices)...), got,
				"FixedHandicap(%d, %d) = %v, want %s", size, n, got, vertices)
		}
	}
}

func TestMaxFixedHandicap(t *testing.T) {
	for size := 1; size <= rules.MaxSize; size++ {
		want := 9
		switch {
		case size < 7:
			want = 0
		case size == 7 || size%2 == 0:
			want = 4
		}
		assert.Equal(t, want, rules.MaxFixedHandicap(size), "MaxFixedHandicap(%d)", size)
		for n := -1; n <= 10; n++ {
			points, err := rules.FixedHandicap(size, n)
			if n < 2 || n > want {
				assert.ErrorIs(t, err, rules.ErrHandicap, "FixedHandicap(%d, %d) = %v", size, n, points)
				continue
			}
			require.NoError(t, err, "FixedHandicap(%d, %d)", size, n)
			require.Len(t, points, n)
			b := rules.NewBoard(size)
			seen := map[rules.Point]bool{}
			for _, p := range points {
				assert.True(t, b.Contains(p), "FixedHandicap(%d, %d): %v is off the board", size, n, p)
				assert.False(t, seen[p], "FixedHandicap(%d, %d): %v twice", size, n, p)
				seen[p] = true
			}
			// Every placement but three stones is symmetric under a half turn.
			if n != 3 {
				for _, p := range points {
					q := rules.PointAt(size-1-p.X(), size-1-p.Y())
					assert.True(t, seen[q], "FixedHandicap(%d, %d): %v has no opposite point %v", size, n, p, q)
				}
			}
		}
	}
}

func TestSetHandicap(t *testing.T) {
	newGame := func() *rules.Game {
		g, err := rules.NewGame(9, rules.DefaultOptions())
		require.NoError(t, err)
		return g
	}
	tests := []struct {
		name   string
		points []rules.Point
		want   error
	}{
		{"one stone", mustPoints(t, "C3"), rules.ErrHandicap},
		{"no stones", nil, rules.ErrHandicap},
		{"twice the same point", mustPoints(t, "C3", "G7", "C3"), rules.ErrHandicap},
		{"a pass", []rules.Point{mustPoint(t, "C3"), rules.Pass}, rules.ErrHandicap},
		{"off the board", mustPoints(t, "C3", "K10"), rules.ErrOffBoard},
		{"the whole board", rules.NewBoard(9).Points(), rules.ErrHandicap},
	}
	for _, tt := range tests {
		g := newGame()
		before := snapshotOf(g)
		err := g.SetHandicap(tt.points)
		assert.ErrorIs(t, err, tt.want, "SetHandicap(%s) = %v, want %v", tt.name, err, tt.want)
		assert.Equal(t, before, snapshotOf(g), "a refused SetHandicap(%s) changes nothing", tt.name)
		assert.Equal(t, 0, g.Handicap())
	}

	g := newGame()
	require.NoError(t, g.Play(parseMove(t, "B E5")))
	assert.ErrorIs(t, g.SetHandicap(mustPoints(t, "C3", "G7")), rules.ErrBoardNotEmpty, "after a move")

	g = newGame()
	points := mustPoints(t, "C3", "G7", "C7")
	require.NoError(t, g.SetHandicap(points))
	assert.Equal(t, 3, g.Handicap())
	assert.Equal(t, rules.White, g.ToMove())
	assert.Equal(t, 0, g.MoveNumber(), "handicap stones are not moves")
	for _, p := range points {
		assert.Equal(t, rules.Black, g.Board().At(p))
	}
	assert.ErrorIs(t, g.Undo(), rules.ErrCannotUndo, "handicap stones are not undone")
	assert.ErrorIs(t, g.SetHandicap(mustPoints(t, "G3", "E5")), rules.ErrBoardNotEmpty, "handicap twice")
	assert.True(t, g.Repeats(g.Board().Hash(), rules.White), "the handicap position is in the superko history")
}
