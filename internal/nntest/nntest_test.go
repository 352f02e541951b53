package nntest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

func TestTinyModelEvaluates(t *testing.T) {
	m := Tiny()
	assert.Equal(t, "tiny-test-model", m.Name)
	assert.Len(t, m.Blocks, 2)
	g := &Position{Size: 9, Komi: 7.5, Moves: [][2]string{{"B", "E5"}}}
	game, err := g.Game()
	require.NoError(t, err)
	var in nn.Input
	require.NoError(t, nn.Fill(game, &in))
	var out nn.Output
	m.NewEvaluator().Evaluate(&in, 0, &out)
	require.Len(t, out.Policy, 81)
	assert.Equal(t, float32(-1), out.Policy[nn.Index(mustPoint(t, "E5"), 9)], "an occupied point is illegal")
	assert.InDelta(t, 1, out.WhiteWin+out.WhiteLoss+out.NoResult, 1e-5)
}

func TestSharedModelAndGolden(t *testing.T) {
	m := Model(t)
	assert.Equal(t, 6, len(m.Blocks))
	ps := Golden(t)
	assert.Len(t, ps, 66)
	for i := range ps {
		_, err := ps[i].Game()
		require.NoError(t, err, ps[i].ID)
	}
	assert.Equal(t, "empty-9", Find(t, ps, "empty-9").ID)
}

func mustPoint(t *testing.T, v string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(v)
	require.NoError(t, err)
	return p
}
