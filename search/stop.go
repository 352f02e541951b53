package search

import (
	"context"
	"time"
)

// Budget bounds one search: it is how long to think, as the engine works
// it out from the clock (or from its per-move defaults) and hands it to the
// search. Zero fields are no limit, but a search needs at least one bound
// (a playout count, a deadline, or a cancellable context). When the search
// stops within its budget is decided in one place, shouldStop, by the
// rules Config.Stopping names.
type Budget struct {
	// Playouts stops the search after this many simulations in all.
	Playouts int
	// Soft is the time after which the search stops if its choice is clear
	// (see Stopping); Hard is the time at which it stops in any case. Both
	// count from the start of the search. A Soft of 0 asks for the whole
	// Hard time, with no early stop but when the choice can no longer
	// change.
	Soft, Hard time.Duration
	// Progress, if set, is called every ProgressEvery with the search's
	// state so far (for live analysis), from one of the search's goroutines.
	Progress      func(*Result)
	ProgressEvery time.Duration
	// Restrict, if set, bans moves from the tree, per player and ply
	// (KataGo's avoidMoves and allowMoves; see Restriction). A search
	// under one starts a tree of its own, which no later search reuses.
	Restrict *Restriction
	// MovesOwnership asks for each candidate's ownership
	// (Candidate.Ownership). With a network the search then adds up the
	// network's ownership of the positions below each root move, which it
	// does not otherwise.
	MovesOwnership bool
}

// Stopping holds the settings of when a search stops before its budget is
// spent. See docs/TUNING.md.
type Stopping struct {
	// CheckEvery is how often, in simulations of one worker, the costlier
	// stopping tests (decided, the share of the visits) run.
	CheckEvery int64
	// LonePlayouts is how many playouts a root with a single visited move
	// needs, beyond which that move counts as decided.
	LonePlayouts int64
	// ClearMargin and ClearRivalShare define a clear choice at the soft
	// limit: no other root move has more than ClearRivalShare of the most
	// visited one's visits and a win rate more than ClearMargin (a
	// fraction of games, 0.02 = two points in a hundred) above it.
	ClearMargin     float64
	ClearRivalShare float64
	// ObviousShare is the share of the playouts on the most visited root
	// move that stops the search once ObviousAfter (a fraction) of the soft
	// limit has passed: an obvious move keeps its time for the moves where
	// the search hesitates.
	ObviousShare float64
	ObviousAfter float64
	// SoftShare is the share of the playouts on the most visited root move
	// that stops the search at the soft limit even when the choice is not
	// clear by win rate.
	SoftShare float64
	// ShareMinPlayouts is the least number of playouts for the shares
	// above to mean anything.
	ShareMinPlayouts int64
}

// DefaultStopping returns the stopping settings Yunzi plays with.
func DefaultStopping() Stopping {
	return Stopping{
		CheckEvery:       64,
		LonePlayouts:     100,
		ClearMargin:      0.02,
		ClearRivalShare:  0.5,
		ObviousShare:     0.9,
		ObviousAfter:     0.25,
		SoftShare:        0.5,
		ShareMinPlayouts: 200,
	}
}

// shouldStop reports whether w should stop: the budget's time is spent or
// the choice can no longer change, or, with a soft limit, the choice is
// clear or obvious (see Stopping). A playout budget stops the workers
// through their claims (see worker.claim).
func (s *Searcher) shouldStop(ctx context.Context, w *worker) bool {
	if ctx.Err() != nil {
		return true
	}
	st := &s.cfg.Stopping
	// done counts the simulations claimed, up to claimSlack of which may
	// not have started yet.
	done := s.playouts.Load()
	claimSlack := int64(w.claimBlock-1) * int64(len(s.workers))
	check := st.CheckEvery <= 1 || w.simulations%st.CheckEvery == 0 // the costlier tests, now and then
	b := s.budget
	if b.Hard == 0 && b.Soft == 0 {
		if b.Playouts > 0 && check {
			return s.decided(int64(b.Playouts) - done + claimSlack)
		}
		return false
	}
	elapsed := time.Since(s.started)
	if b.Hard > 0 && elapsed >= b.Hard {
		return true
	}
	if b.Soft > 0 && elapsed >= b.Soft && s.clear() {
		return true
	}
	if check && done > 0 {
		if b.Soft > 0 && s.obvious(elapsed, done) {
			return true
		}
		limit := b.Hard
		if limit == 0 {
			limit = b.Soft
		}
		rate := float64(done) / elapsed.Seconds()
		left := int64(rate * (limit - elapsed).Seconds())
		if b.Playouts > 0 {
			left = min(left, int64(b.Playouts)-done+claimSlack)
		}
		return s.decided(left)
	}
	return false
}

// obvious reports whether the most visited root move has so large a share
// of the done playouts that the search can stop before its soft limit
// (ObviousShare after ObviousAfter of it) or at it (SoftShare).
func (s *Searcher) obvious(elapsed time.Duration, done int64) bool {
	st := &s.cfg.Stopping
	soft := s.budget.Soft
	if done < st.ShareMinPlayouts {
		return false
	}
	first, _ := s.topTwo()
	if first == nil || first.visits.Load() == 0 {
		return false
	}
	share := float64(first.visits.Load()) / float64(done)
	return (share >= st.ObviousShare && elapsed >= time.Duration(float64(soft)*st.ObviousAfter)) ||
		(share >= st.SoftShare && elapsed >= soft)
}

// decided reports whether the most visited root move stays the most
// visited even if all the remaining simulations went to the runner-up.
func (s *Searcher) decided(remaining int64) bool {
	first, second := s.topTwo()
	if first == nil || second == nil {
		return first != nil && s.playouts.Load() > s.cfg.Stopping.LonePlayouts
	}
	return int64(first.visits.Load()-second.visits.Load()) > remaining
}

// clear reports whether the most visited root move is also the one with the
// best win rate, so stopping at the soft deadline loses nothing: no rival
// with enough of its visits has a win rate above it by more than the
// margin (see Stopping).
func (s *Searcher) clear() bool {
	best := s.root.mostVisited()
	if best == nil {
		return true
	}
	st := &s.cfg.Stopping
	nodes := s.root.childNodes()
	for i := range nodes {
		k := &nodes[i]
		if k != best && float64(k.visits.Load()) > st.ClearRivalShare*float64(best.visits.Load()) &&
			k.realWinRate() > best.realWinRate()+st.ClearMargin {
			return false
		}
	}
	return true
}

// topTwo returns the most visited root move and the runner-up (nil when
// there are none).
func (s *Searcher) topTwo() (first, second *node) {
	nodes := s.root.childNodes()
	for i := range nodes {
		k := &nodes[i]
		switch {
		case first == nil || k.visits.Load() > first.visits.Load():
			first, second = k, first
		case second == nil || k.visits.Load() > second.visits.Load():
			second = k
		}
	}
	return first, second
}
