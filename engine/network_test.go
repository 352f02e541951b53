package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

func TestRawNNWithoutNetwork(t *testing.T) {
	e := New(Config{Player: NewRandomPlayer(1), Size: 9})
	assert.False(t, e.HasNetwork())
	assert.Nil(t, e.Model())
	var out nn.Output
	assert.ErrorIs(t, e.RawNN(0, &out), ErrNoNetwork)
	assert.Nil(t, out.Policy, "nothing written")
}

// RawNN evaluates the game in progress: what the network says of the
// same position set up by hand, under each symmetry.
func TestRawNNEvaluatesTheGameInProgress(t *testing.T) {
	m := nntest.Tiny()
	e := New(Config{Player: NewRandomPlayer(1), Size: 9, Model: m})
	require.True(t, e.HasNetwork())
	assert.Same(t, m, e.Model())
	playAll(t, e, "b e5", "w c3", "b pass")
	assert.Equal(t, rules.White, e.ToMove())

	g, err := (&nntest.Position{Size: 9, Komi: 7.5, Moves: [][2]string{{"B", "E5"}, {"W", "C3"}, {"B", "pass"}}}).Game()
	require.NoError(t, err)
	var in nn.Input
	require.NoError(t, nn.Fill(g, &in))
	ref := nn.NewReference(m)
	for s := range nn.NumSymmetries {
		var got, want nn.Output
		require.NoError(t, e.RawNN(s, &got))
		ref.Evaluate(&in, s, &want)
		assert.InDeltaSlice(t, want.Policy, got.Policy, 1e-4, "symmetry %d", s)
		assert.InDelta(t, want.WhiteWin, got.WhiteWin, 1e-4, "symmetry %d", s)
		assert.InDeltaSlice(t, want.WhiteOwnership, got.WhiteOwnership, 1e-4, "symmetry %d", s)
	}

	// A board of another size evaluates at that size.
	require.NoError(t, e.SetBoardSize(13))
	var out nn.Output
	require.NoError(t, e.RawNN(0, &out))
	assert.Len(t, out.Policy, 169)
	assert.Len(t, out.WhiteOwnership, 169)
}

func TestRawNNRefusesBadSymmetry(t *testing.T) {
	e := New(Config{Player: NewRandomPlayer(1), Size: 9, Model: nntest.Tiny()})
	for _, s := range []int{-1, 8, 100} {
		var out nn.Output
		assert.Error(t, e.RawNN(s, &out), "symmetry %d", s)
		assert.Nil(t, out.Policy, "nothing written")
	}
}
