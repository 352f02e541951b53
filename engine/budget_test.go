package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

func TestStopEarly(t *testing.T) {
	res := func(best, playouts int) *search.Result {
		return &search.Result{Playouts: playouts, Candidates: []search.Candidate{{Visits: best}}}
	}
	soft := time.Second
	for _, c := range []struct {
		elapsed time.Duration
		r       *search.Result
		want    bool
	}{
		{100 * time.Millisecond, res(950, 1000), false}, // obvious, but too early
		{300 * time.Millisecond, res(950, 1000), true},  // obvious after a quarter
		{300 * time.Millisecond, res(600, 1000), false}, // clear only at the soft limit
		{time.Second, res(600, 1000), true},
		{5 * time.Second, res(400, 1000), false}, // unclear: on to the hard limit
		{time.Second, res(100, 100), false},      // too few playouts to judge
		{time.Second, &search.Result{Playouts: 1000}, false},
	} {
		assert.Equal(t, c.want, stopEarly(c.elapsed, soft, c.r), "stopEarly(%v, %v, %d/%d)", c.elapsed, soft, c.r.Playouts, len(c.r.Candidates))
	}
}

func TestBudgetFromLimits(t *testing.T) {
	b := rules.NewBoard(9)
	bud := budget(context.Background(), Limits{Soft: time.Second, Hard: 3 * time.Second}, func() {}, b)
	assert.Equal(t, time.Second, bud.Soft)
	assert.Equal(t, 3*time.Second, bud.Hard)
	assert.NotNil(t, bud.Progress, "the share of visits is checked")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	bud = budget(ctx, Limits{Hard: 3 * time.Second, FullTime: true, Playouts: 10}, func() {}, b)
	assert.LessOrEqual(t, bud.Hard, time.Second, "the deadline bounds the hard limit")
	assert.Zero(t, bud.Soft, "full time: no soft stop")
	assert.Nil(t, bud.Progress)
	assert.Equal(t, 10, bud.Playouts)
}
