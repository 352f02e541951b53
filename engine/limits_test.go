package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// TestBudgetFromLimits: the limits become the search's budget, bounded by
// the context's deadline; a fixed time has no soft limit; reports pass
// through as the search's progress.
func TestBudgetFromLimits(t *testing.T) {
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	share := DefaultTuning().Time.DeadlineShare
	bud := Limits{Soft: time.Second, Hard: 3 * time.Second}.budget(context.Background(), g, rules.Black, share)
	assert.Equal(t, time.Second, bud.Soft)
	assert.Equal(t, 3*time.Second, bud.Hard)
	assert.Nil(t, bud.Progress, "no reports asked: the search stops by itself")

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	bud = Limits{Hard: 3 * time.Second, FullTime: true, Playouts: 10}.budget(ctx, g, rules.Black, share)
	assert.LessOrEqual(t, bud.Hard, time.Duration(float64(time.Second)*share), "the deadline bounds the hard limit")
	assert.Zero(t, bud.Soft, "full time: no soft stop")
	assert.Nil(t, bud.Progress)
	assert.Equal(t, 10, bud.Playouts)

	bud = Limits{}.budget(ctx, g, rules.Black, share)
	assert.Equal(t, bud.Hard/2, bud.Soft, "a deadline alone: the soft limit is half of it")

	var got *analysis.Snapshot
	bud = Limits{Progress: func(s *analysis.Snapshot) { got = s }, ProgressEvery: 0}.budget(context.Background(), g, rules.Black, share)
	assert.Equal(t, time.Millisecond, bud.ProgressEvery)
	bud.Progress(&search.Result{Color: rules.Black, Move: rules.Pass})
	assert.NotNil(t, got, "the search's progress is reported as a snapshot")
}
