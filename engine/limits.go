package engine

import (
	"context"
	"time"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// limits returns how long to think for c: the clock's allocation under a
// time control, else the per-move defaults.
func (e *Engine) limits(c rules.Color) Limits {
	if a, ok := e.cfg.Tuning.Time.Allocate(e.time, *e.clockOf(c), e.game.Size(), e.game.MoveNumber(), *e.cfg.Lag, e.usageOf(c).share()); ok {
		return a
	}
	return e.defaultLimits()
}

// usageOf returns colour c's time usage (see timeUsage).
func (e *Engine) usageOf(c rules.Color) *timeUsage {
	if c == rules.White {
		return &e.usage[1]
	}
	return &e.usage[0]
}

// defaultLimits are the per-move defaults: a fixed time used in full, and
// the playout cap.
func (e *Engine) defaultLimits() Limits {
	return Limits{Playouts: e.cfg.Playouts, Hard: e.cfg.MoveTime, FullTime: true}
}

// bound returns ctx with the move's deadline, Hard from now, if there is
// one: the judgement of dead stones and the search both keep to it.
func (l Limits) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if l.Hard > 0 {
		return context.WithTimeout(ctx, l.Hard)
	}
	return ctx, func() {}
}

// share returns ctx with a deadline at share (a fraction) of the move's
// hard limit from now, for a part of the move such as a judgement made
// before the search.
func (l Limits) share(ctx context.Context, share float64) (context.Context, context.CancelFunc) {
	if l.Hard > 0 {
		return context.WithTimeout(ctx, time.Duration(float64(l.Hard)*share))
	}
	return ctx, func() {}
}

// budget turns the limits into the search's budget, for a search for c
// starting now in g's position. The search may use deadlineShare (a fraction) of the
// time left to ctx's deadline, which bound set or the caller gave, the
// rest being for the answer; a search whose choice may be played early
// (not FullTime) and has no soft limit gets half of that. The search
// itself decides when to stop within the budget (search.Stopping). The
// limits' Progress is called from the search's progress reports.
func (l Limits) budget(ctx context.Context, g *rules.Game, c rules.Color, deadlineShare float64) search.Budget {
	bud := search.Budget{Playouts: l.Playouts, Soft: l.Soft, Hard: l.Hard}
	if deadline, ok := ctx.Deadline(); ok {
		left := time.Duration(float64(time.Until(deadline)) * deadlineShare)
		left = max(left, time.Millisecond)
		if bud.Hard == 0 || bud.Hard > left {
			bud.Hard = left
		}
		if bud.Soft == 0 && !l.FullTime {
			bud.Soft = bud.Hard / 2
		}
	}
	if l.FullTime {
		bud.Soft = 0
	}
	bud.Soft = min(bud.Soft, bud.Hard)
	if l.Progress != nil {
		bud.ProgressEvery = max(l.ProgressEvery, time.Millisecond)
		b, pr := g.Board(), priorsOf(g, c) // before the search: g must not be read while it runs
		bud.Progress = func(r *search.Result) { l.Progress(snapshotOf(r, b, pr)) }
	}
	return bud
}
