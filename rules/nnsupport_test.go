package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestRecentStepReadsTheHistoryBackwards(t *testing.T) {
	g, err := rules.NewGame(5, rules.DefaultOptions())
	require.NoError(t, err)
	a1, _ := rules.ParsePoint("A1")
	c3, _ := rules.ParsePoint("C3")
	_, _, ok := g.RecentStep(1)
	assert.False(t, ok, "no step yet")
	require.NoError(t, g.Setup(rules.Black, []rules.Point{a1}))
	require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: c3}))
	require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: rules.Pass}))

	steps := g.Steps()
	for k := 1; k <= 3; k++ {
		step, before, ok := g.RecentStep(k)
		require.True(t, ok, "step %d back", k)
		assert.Equal(t, steps[3-k], step, "step %d back", k)
		if k < 3 {
			assert.Same(t, steps[2-k].Board, before, "the position before step %d back", k)
		} else {
			assert.Same(t, g.Start(), before, "the first step starts from the start")
		}
	}
	_, _, ok = g.RecentStep(4)
	assert.False(t, ok, "past the start")
	_, _, ok = g.RecentStep(0)
	assert.False(t, ok, "k counts from 1")
	assert.Zero(t, testing.AllocsPerRun(10, func() { g.RecentStep(2) }))
}
