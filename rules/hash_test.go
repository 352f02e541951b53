package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// playMoves plays "B D4"-style moves on a new board.
func playMoves(t *testing.T, size int, moves ...string) *rules.Board {
	t.Helper()
	b := rules.NewBoard(size)
	for _, s := range moves {
		m := parseMove(t, s)
		require.NoError(t, b.Play(m), "Play(%v)", m)
	}
	return b
}

// goldenMoves end with Black B1 capturing the white stone on A1.
var goldenMoves = []string{"B D4", "W Q16", "B A2", "W A1", "B B1"}

// goldenHash is the hash after goldenMoves on 19x19. The Zobrist keys come
// from a fixed seed, so it never changes: if it does, every stored hash
// (opening books, transposition tables on disk, test expectations) is void.
const goldenHash uint64 = 0xc40025d1c63cd523

func TestHashGolden(t *testing.T) {
	b := playMoves(t, 19, goldenMoves...)
	assert.Equal(t, goldenHash, b.Hash(), "Hash() after %v = %#x, want %#x", goldenMoves, b.Hash(), goldenHash)
	assert.Equal(t, uint64(0), rules.NewBoard(19).Hash(), "the empty board")
}

func TestHashMoveOrder(t *testing.T) {
	a := playMoves(t, 19, "B D4", "W Q16", "B D16", "W Q4")
	b := playMoves(t, 19, "B D16", "W Q4", "B D4", "W Q16")
	assert.Equal(t, a.Hash(), b.Hash(), "two move orders, one position")
	c := playMoves(t, 19, "B D16", "W Q4", "B Q16", "W D4")
	assert.NotEqual(t, a.Hash(), c.Hash(), "the same points with the colours exchanged")
	d := playMoves(t, 19, "B D4", "W Q16", "B D16", "W Q3")
	assert.NotEqual(t, a.Hash(), d.Hash(), "one stone on another point")
}

func TestHashAfterCaptureEqualsSetup(t *testing.T) {
	played := playMoves(t, 19, goldenMoves...)
	set := rules.NewBoard(19)
	require.NoError(t, set.Setup(rules.Black, mustPoints(t, "D4", "A2", "B1")))
	require.NoError(t, set.Setup(rules.White, mustPoints(t, "Q16")))
	assert.Equal(t, set.Hash(), played.Hash(), "captured then replayed against set up:\n%s\n%s", played, set)
	assert.Equal(t, set.String(), played.String())

	// Capture, then fill the captured point: the same as setting it up.
	refilled := playMoves(t, 19, append(goldenMoves, "W Q4", "B A1")...)
	require.NoError(t, set.Setup(rules.White, mustPoints(t, "Q4")))
	require.NoError(t, set.Setup(rules.Black, mustPoints(t, "A1")))
	assert.Equal(t, set.Hash(), refilled.Hash())

	// Setup with Empty removes stones and their keys.
	require.NoError(t, set.Setup(rules.Empty, mustPoints(t, "A1", "Q4")))
	assert.Equal(t, played.Hash(), set.Hash())
}
