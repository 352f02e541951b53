package rules_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// tripleKo has three simple kos. Black can take the top-left one (C8) and
// the bottom one (C2), White the top-right one (G8). Taking them in turn,
// Black C8, White G8, Black C2, White B8, Black H8, White B2 recreates the
// start after six moves, none of them a simple-ko violation.
const tripleKo = `
. X O . . . X O .
X O . O . X . X O
. X O . . . X O .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. X O . . . . . .
X O . O . . . . .
. X O . . . . . .`

var tripleKoMoves = []string{"B C8", "W G8", "B C2", "W B8", "B H8", "W B2"}

// sendingTwo is "sending two, returning one": Black A1 gives two stones,
// White C1 takes them, Black B1 takes one back and the position is the
// start again, with White to move where Black was: positional superko
// forbids B1, situational superko allows it.
const sendingTwo = `
. . . . .
. . . . .
O O X . .
O O X . .
. X . X .`

var sendingTwoMoves = []string{"B A1", "W C1", "B B1"}

// swapColours exchanges black and white in a diagram or a list of moves.
func swapColours(s string) string {
	return strings.NewReplacer("X", "O", "O", "X", "B ", "W ", "W ", "B ").Replace(s)
}

func swapMoves(moves []string) []string {
	swapped := make([]string, len(moves))
	for i, m := range moves {
		swapped[i] = swapColours(m)
	}
	return swapped
}

func parseMove(t *testing.T, s string) rules.Move {
	t.Helper()
	colour, vertex, ok := strings.Cut(s, " ")
	require.True(t, ok, "move %q", s)
	c, err := rules.ParseColor(colour)
	require.NoError(t, err)
	return rules.Move{Color: c, Point: mustPoint(t, vertex)}
}

func TestSuperko(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		moves   []string // all legal but the last, which gets want
		superko rules.Superko
		want    error
	}{
		{"triple ko positional", tripleKo, tripleKoMoves, rules.Positional, rules.ErrSuperko},
		{"triple ko situational, same side to move", tripleKo, tripleKoMoves, rules.Situational, rules.ErrSuperko},
		// With the colours swapped White starts, out of turn, so Black's
		// sixth move recreates the start with White to move.
		{"triple ko positional, other side to move", swapColours(tripleKo), swapMoves(tripleKoMoves), rules.Positional, rules.ErrSuperko},
		{"triple ko situational, other side to move", swapColours(tripleKo), swapMoves(tripleKoMoves), rules.Situational, nil},
		{"sending two returning one positional", sendingTwo, sendingTwoMoves, rules.Positional, rules.ErrSuperko},
		{"sending two returning one situational", sendingTwo, sendingTwoMoves, rules.Situational, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := rules.DefaultOptions()
			opts.Superko = tt.superko
			g := gameFrom(t, tt.diagram, opts)
			start := g.Board().Hash()
			n := len(tt.moves)
			for _, s := range tt.moves[:n-1] {
				m := parseMove(t, s)
				require.NoError(t, g.Play(m), "Play(%v)\n%s", m, g.Board())
			}
			last := parseMove(t, tt.moves[n-1])
			require.True(t, g.Board().IsLegal(last), "Board.IsLegal(%v): the simple ko rule must not see the repetition", last)
			after := g.Board().Clone()
			require.NoError(t, after.Play(last))
			require.Equal(t, start, after.Hash(), "%v recreates the start", last)

			before := snapshotOf(g)
			err := g.Play(last)
			if tt.want == nil {
				require.NoError(t, err, "Play(%v)", last)
				assert.Equal(t, start, g.Board().Hash())
				return
			}
			require.ErrorIs(t, err, tt.want, "Play(%v) = %v, want %v", last, err, tt.want)
			assert.ErrorIs(t, g.Check(last), tt.want)
			assert.False(t, g.IsLegal(last))
			assert.True(t, g.Repeats(start, last.Color.Opponent()), "Repeats(start hash)")
			assert.Equal(t, before, snapshotOf(g), "a refused Play(%v) must change nothing", last)
			assert.Equal(t, n-1, g.MoveNumber())
		})
	}
}

// TestSuperkoAfterUndo checks that undoing a move takes its position out of
// the history: the move that repeated it becomes legal again.
func TestSuperkoAfterUndo(t *testing.T) {
	g := gameFrom(t, sendingTwo, rules.DefaultOptions())
	for _, s := range sendingTwoMoves[:2] {
		require.NoError(t, g.Play(parseMove(t, s)))
	}
	last := parseMove(t, sendingTwoMoves[2])
	require.ErrorIs(t, g.Play(last), rules.ErrSuperko)
	// Undo both moves, play the white capture from another order: still
	// refused, because the start is a set-up position in the history.
	require.NoError(t, g.Undo())
	require.NoError(t, g.Undo())
	require.ErrorIs(t, g.Undo(), rules.ErrCannotUndo, "setup stones are not undone")
	require.NoError(t, g.Play(parseMove(t, "B A1")))
	require.NoError(t, g.Play(parseMove(t, "W C1")))
	require.ErrorIs(t, g.Play(last), rules.ErrSuperko)
}

// TestPlayRepetition: PlayRepetition plays what only superko forbids, as an
// ordinary move that undo takes back, and still refuses the rest.
func TestPlayRepetition(t *testing.T) {
	g := gameFrom(t, sendingTwo, rules.DefaultOptions())
	start := g.Board().Hash()
	for _, s := range sendingTwoMoves[:2] {
		require.NoError(t, g.Play(parseMove(t, s)))
	}
	last := parseMove(t, sendingTwoMoves[2])
	require.ErrorIs(t, g.Play(last), rules.ErrSuperko)
	before := snapshotOf(g)
	assert.ErrorIs(t, g.PlayRepetition(parseMove(t, "W A2")), rules.ErrOccupied)
	assert.Equal(t, before, snapshotOf(g), "a refused PlayRepetition changes nothing")

	require.NoError(t, g.PlayRepetition(last))
	assert.Equal(t, start, g.Board().Hash())
	assert.Equal(t, 3, g.MoveNumber())
	got, ok := g.LastMove()
	assert.True(t, ok)
	assert.Equal(t, last, got)
	require.NoError(t, g.Undo())
	assert.Equal(t, before, snapshotOf(g), "undo takes the repetition back")
}

// TestSimpleKoIsNotSuperko checks the error a plain ko retake gets from the
// Game: ErrKo, and that passes never count as repetitions.
func TestSimpleKoIsNotSuperko(t *testing.T) {
	g := gameFrom(t, `
. . . . .
. X O . .
X O . O .
. X O . .
. . . . .`, rules.DefaultOptions())
	require.NoError(t, g.Play(parseMove(t, "B C3")))
	err := g.Play(parseMove(t, "W B3"))
	assert.ErrorIs(t, err, rules.ErrKo)
	assert.False(t, errors.Is(err, rules.ErrSuperko), "Play(W B3) = %v: a simple ko is reported as ko", err)
	for range 3 {
		require.NoError(t, g.Play(rules.Move{Color: g.ToMove(), Point: rules.Pass}), "passes repeat the position and are legal")
	}
	assert.True(t, g.Over(), "two passes end the game")
	// After the passes the simple ko is gone but the retake would
	// recreate the position before B C3.
	assert.ErrorIs(t, g.Play(parseMove(t, "W B3")), rules.ErrSuperko)
}
