package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestRandomMove plays light random games move by move: every move
// RandomMove returns must be legal and fill no eye of the mover, and it
// returns Pass only when no such move exists. After each game the board's
// chains, liberties and hash must equal a rebuild from scratch.
func TestRandomMove(t *testing.T) {
	for size := 1; size <= 19; size++ {
		for seed := range uint64(6) {
			b := rules.NewBoard(size)
			r := rules.NewRand(seed)
			c, passes := rules.Black, 0
			for n := 0; passes < 2 && n < playoutLimit(size); n++ {
				p := b.RandomMove(c, r)
				m := rules.Move{Color: c, Point: p}
				if p == rules.Pass {
					for _, q := range b.Empties() {
						require.False(t, b.IsLegal(rules.Move{Color: c, Point: q}) && !b.IsEye(c, q),
							"%dx%d seed %d: RandomMove(%v) = pass, but %v is legal and no eye\n%s", size, size, seed, c, q, b)
					}
					passes++
				} else {
					passes = 0
					require.True(t, b.IsLegal(m), "%dx%d seed %d: RandomMove = %v, illegal\n%s", size, size, seed, m, b)
					require.False(t, b.IsEye(c, p), "%dx%d seed %d: RandomMove = %v, fills an eye\n%s", size, size, seed, m, b)
				}
				require.NoError(t, b.Play(m))
				c = c.Opponent()
			}
			require.Empty(t, boardMismatch(b, refFromBoard(b)), "%dx%d seed %d after a random game", size, size, seed)
		}
	}
}

// TestPlayout checks Playout from the empty board and from a copy: the board
// stays consistent, the playout ends with two passes on the small boards,
// and there PlayoutScore equals the area count with every stone alive.
func TestPlayout(t *testing.T) {
	for _, size := range []int{1, 2, 3, 4, 5, 6, 7, 9, 13, 19, 25} {
		empty, b := rules.NewBoard(size), rules.NewBoard(size)
		r := rules.NewRand(uint64(size))
		for range 3 {
			b.CopyFrom(empty)
			n := b.Playout(rules.Black, r, 1000*size*size)
			name := fmt.Sprintf("%dx%d playout of %d moves", size, size, n)
			require.Empty(t, boardMismatch(b, refFromBoard(b)), "%s\n%s", name, b)
			if size > 1 { // see TestPlayoutScoreEmpty1x1
				black, white := b.Area(nil)
				assert.Equal(t, black-white, float64(b.PlayoutScore()), "%s: PlayoutScore against Area(nil)\n%s", name, b)
			}
			for _, p := range b.Empties() {
				for _, c := range []rules.Color{rules.Black, rules.White} {
					require.False(t, b.IsLegal(rules.Move{Color: c, Point: p}) && !b.IsEye(c, p),
						"%s: ended with a legal non-eye move %v %v\n%s", name, c, p, b)
				}
			}
		}
	}
}

func TestIsEye(t *testing.T) {
	const centre = `
. . . . .
. . X . .
. X . X .
. . X . .
. . . . .`
	tests := []struct {
		name    string
		diagram string
		point   string
		colour  rules.Color
		want    bool
	}{
		{"centre", centre, "C3", rules.Black, true},
		{"centre, not for the other colour", centre, "C3", rules.White, false},
		{"centre with one enemy diagonal", strings.Replace(centre, ". . X . .", ". O X . .", 1), "C3", rules.Black, true},
		{"centre with two enemy diagonals", strings.Replace(strings.Replace(centre, ". . X . .", ". O X . .", 1), ". . X . .\n. . . . .", ". . X O .\n. . . . .", 1), "C3", rules.Black, false},
		{"not surrounded", centre, "B2", rules.Black, false},
		{"occupied", centre, "C4", rules.Black, false},
		{"corner", ". . .\nX . .\n. X .", "A1", rules.Black, true},
		{"corner with an enemy diagonal", ". . .\nX O .\n. X .", "A1", rules.Black, false},
		{"edge", ". . . .\nX . . .\n. X . .\nX . . .", "A2", rules.Black, true},
		{"edge with an enemy diagonal", ". . . .\nX O . .\n. X . .\nX . . .", "A2", rules.Black, false},
	}
	for _, tt := range tests {
		b := mustBoard(t, tt.diagram)
		assert.Equal(t, tt.want, b.IsEye(tt.colour, mustPoint(t, tt.point)), "%s: IsEye(%v, %s)\n%s", tt.name, tt.colour, tt.point, b)
	}
}

// TestPlayoutScoreEmpty1x1: a playout on 1x1 ends on the empty board (the
// point is suicide for both), which Area counts as neutral, but
// PlayoutScore gives the point to Black, whose "stones" (the edge) surround it.
func TestPlayoutScoreEmpty1x1(t *testing.T) {
	b := rules.NewBoard(1)
	black, white := b.Area(nil)
	assert.Equal(t, black-white, float64(b.PlayoutScore()), "PlayoutScore on the empty 1x1 board")
}

// TestLibertiesAfter compares LibertiesAfter with the liberties the chain
// really has after the move. Its documentation says stones the move
// captures count where they touch the new chain, but only the captured
// stones next to the move itself are counted.
func TestLibertiesAfter(t *testing.T) {
	tests := []struct {
		name, diagram, move string
	}{
		{"captures two stones, one touching the new chain only", "X X\n. O", "W A1"},
		{"plain extension", ". X .\n. O .\n. . .", "W B1"},
	}
	for _, tt := range tests {
		b := mustBoard(t, tt.diagram)
		m := parseMove(t, tt.move)
		got := b.LibertiesAfter(m.Color, m.Point, 100)
		require.NoError(t, b.Play(m), tt.name)
		assert.Equal(t, b.Liberties(m.Point), got, "%s: LibertiesAfter(%v) = %d, but the chain has %d after it\n%s",
			tt.name, m, got, b.Liberties(m.Point), b)
	}
}
