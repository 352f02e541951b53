package engine

import (
	"context"
	"time"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// Early stopping by the best move's share of the visits: a move that takes
// most of the search is obvious, and the time is better kept for the
// moves where the search hesitates.
const (
	// obviousShare of the visits on the best move, after a quarter of the
	// soft limit, ends the search.
	obviousShare = 0.9
	// clearShare of the visits on the best move at the soft limit ends the
	// search; below it the search may go on to the hard limit.
	clearShare = 0.5
	// shareMinPlayouts is the least number of playouts for the share to
	// mean anything.
	shareMinPlayouts = 200
	// checkEvery is how often the share is looked at.
	checkEvery = 50 * time.Millisecond
	// deadlineShare is the part of the time to the context's deadline the
	// search may use; the rest is for answering.
	deadlineShare = 0.95
)

// budget turns the limits and the context's deadline into a search budget.
// The search stops at Hard, and at Soft if its choice is clear; besides,
// the share of visits of the best move, checked during the search, stops
// it early through cancel when the move is obvious (see stopEarly). The
// limits' Report is called from the search's progress reports, b being the
// position searched.
func budget(ctx context.Context, lim Limits, cancel context.CancelFunc, b *rules.Board) search.Budget {
	bud := search.Budget{Playouts: lim.Playouts, Soft: lim.Soft, Hard: lim.Hard}
	if deadline, ok := ctx.Deadline(); ok {
		left := time.Duration(float64(time.Until(deadline)) * deadlineShare)
		left = max(left, time.Millisecond)
		if bud.Hard == 0 || bud.Hard > left {
			bud.Hard = left
		}
		if bud.Soft == 0 && !lim.FullTime {
			bud.Soft = bud.Hard / 2
		}
	}
	if lim.FullTime {
		bud.Soft = 0
	}
	bud.Soft = min(bud.Soft, bud.Hard)
	check := bud.Soft > 0 && !lim.FullTime
	if !check && lim.Report == nil {
		return bud
	}
	start := time.Now()
	var nextReport time.Time
	bud.ProgressEvery = checkEvery
	if lim.Report != nil && (!check || lim.ReportEvery < checkEvery) {
		bud.ProgressEvery = max(lim.ReportEvery, time.Millisecond)
	}
	bud.Progress = func(r *search.Result) {
		now := time.Now()
		if lim.Report != nil && !now.Before(nextReport) {
			lim.Report(snapshotOf(r, b))
			nextReport = now.Add(lim.ReportEvery)
		}
		if check && stopEarly(now.Sub(start), bud.Soft, r) {
			cancel()
		}
	}
	return bud
}

// stopEarly reports whether a search that has run for elapsed, with the
// soft limit soft, can stop: the best move has most of the visits.
func stopEarly(elapsed, soft time.Duration, r *search.Result) bool {
	if r.Playouts < shareMinPlayouts || len(r.Candidates) == 0 {
		return false
	}
	share := float64(r.Candidates[0].Visits) / float64(r.Playouts)
	return (share >= obviousShare && elapsed >= soft/4) || (share >= clearShare && elapsed >= soft)
}
