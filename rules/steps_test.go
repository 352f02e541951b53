package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestStepsRecordMovesAndSetups(t *testing.T) {
	g, err := rules.NewGame(5, rules.DefaultOptions())
	require.NoError(t, err)
	a1, _ := rules.ParsePoint("A1")
	c3, _ := rules.ParsePoint("C3")
	require.NoError(t, g.Setup(rules.Black, []rules.Point{a1}))
	require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: c3}))
	require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: rules.Pass}))

	assert.Equal(t, 0, g.Start().StoneCount(rules.Black)+g.Start().StoneCount(rules.White), "the start is the empty board")
	steps := g.Steps()
	require.Len(t, steps, 3)
	assert.True(t, steps[0].Setup)
	assert.Equal(t, rules.Black, steps[0].Board.At(a1))
	assert.Equal(t, rules.Move{Color: rules.White, Point: c3}, steps[1].Move)
	assert.Equal(t, rules.Black, steps[1].ToMove)
	assert.Equal(t, g.Board().Hash(), steps[2].Board.Hash())
	assert.Equal(t, rules.White, steps[2].ToMove)

	require.NoError(t, g.Undo())
	assert.Len(t, g.Steps(), 2, "an undone move leaves the steps")
}

func TestSetupPositionIsOneStep(t *testing.T) {
	b, err := rules.ParseDiagram("X O .\n. X O\n. . .")
	require.NoError(t, err)
	g, err := rules.NewGame(3, rules.DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, g.SetupPosition(b))
	assert.Equal(t, b.Hash(), g.Board().Hash())
	assert.Len(t, g.Steps(), 1, "one setup step, no in-between position")
	assert.True(t, g.Repeats(b.Hash(), rules.Black), "the position enters the superko history")
	assert.ErrorIs(t, g.Undo(), rules.ErrCannotUndo)
	other, err := rules.NewGame(5, rules.DefaultOptions())
	require.NoError(t, err)
	assert.ErrorIs(t, other.SetupPosition(b), rules.ErrBadSize)
}
