package engine

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// Status is the fate of a stone at the end of the game, as GTP's
// final_status_list names it.
type Status string

// The statuses of final_status_list.
const (
	Alive Status = "alive"
	Dead  Status = "dead"
	Seki  Status = "seki"
)

// How ownership becomes a status (see JudgeTuning): each chain is judged
// as a whole, by the share of outcomes in which the opponent owns its
// points (averaged over its stones); above DeadShare, a majority, the
// chain is dead. A living chain is in seki when one of its liberties is
// shared with a living enemy chain and neither side owns that point
// (SekiNeutral bounds how far from even its ownership may be). A chain
// taken in about half the outcomes (UnsettledShare) is still being fought
// over: the judge's playouts keep a real seki's stones and take a dead
// chain's in most outcomes.

// Statuses judges every chain on the board and returns the stones of each
// status, each list in board order.
func (e *Engine) Statuses(ctx context.Context) (map[Status][]rules.Point, error) {
	g, jt := e.game, e.cfg.Tuning.Judge
	key := statusKey{g.Board().Hash(), g.ToMove(), g.Size()}
	if e.statuses.valid && e.statuses.key == key {
		return e.statuses.value, nil
	}
	o, err := e.cfg.Judge.Ownership(ctx, g)
	if err != nil {
		return nil, err
	}
	if o.Partial() {
		e.cfg.Log.WithField("move_number", g.MoveNumber()).Debug("dead-stone judgement cut short by the move's time")
	}
	b := g.Board()
	heads := chainHeads(b)
	dead := map[rules.Point]bool{}
	shares := make([]float64, len(heads)) // opponentShare of each chain
	for i, h := range heads {
		if shares[i] = opponentShare(b, o, h); shares[i] > jt.DeadShare {
			b.Chain(h, func(s rules.Point) { dead[s] = true })
		}
	}
	breakSekis(b, o, heads, dead, jt.SekiNeutral)
	out := map[Status][]rules.Point{Alive: nil, Dead: nil, Seki: nil}
	var unsure [rules.Edge]bool // per colour
	for i, h := range heads {
		if shares[i] > jt.UnsettledShare && shares[i] < 1-jt.UnsettledShare {
			unsure[b.At(h)] = true
		}
		s := Alive
		switch {
		case dead[h]:
			s = Dead
		case len(sekiLiberties(b, o, h, dead, jt.SekiNeutral)) > 0:
			s = Seki
		}
		b.Chain(h, func(p rules.Point) { out[s] = append(out[s], p) })
	}
	for _, pts := range out {
		slices.Sort(pts)
	}
	open, expected := openness(g, o, jt)
	e.statuses = statusCache{key: key, value: out, unsure: unsure, open: open, expected: expected, valid: true}
	return out, nil
}

// openness reports whether the position is open (see
// JudgeTuning.OpenShare), and the expected area difference, Black's
// points less White's before compensation, over the judgement's outcomes.
// A game the players ended (two passes) is counted as they left it,
// however open, and so is an empty board: there is nothing to judge, the
// count is the komi.
func openness(g *rules.Game, o *Ownership, jt JudgeTuning) (open bool, expected float64) {
	b := g.Board()
	neutral, stones := 0, 0
	pts := b.Points()
	for _, p := range pts {
		net := o.Share(p, rules.Black) - o.Share(p, rules.White)
		expected += net
		switch {
		case b.At(p) != rules.Empty:
			stones++
		case net < jt.OpenNeutral && net > -jt.OpenNeutral:
			neutral++
		}
	}
	open = !g.Over() && stones > 0 && float64(neutral) > jt.OpenShare*float64(len(pts))
	return open, expected
}

// judgementUnsure reports whether the last judgement (see Statuses) found
// a chain of c's still being fought over (see JudgeTuning.UnsettledShare).
func (e *Engine) judgementUnsure(c rules.Color) bool { return e.statuses.unsure[c] }

// chainHeads returns one stone of each chain on b, in board order.
func chainHeads(b *rules.Board) []rules.Point {
	var heads []rules.Point
	seen := map[rules.Point]bool{}
	for _, p := range b.Points() {
		if b.At(p) == rules.Empty || seen[p] {
			continue
		}
		heads = append(heads, p)
		b.Chain(p, func(s rules.Point) { seen[s] = true })
	}
	return heads
}

// opponentShare is the share of the outcomes in which the opponent of the
// chain through h owns its points, averaged over its stones.
func opponentShare(b *rules.Board, o *Ownership, h rules.Point) float64 {
	owner := b.At(h).Opponent()
	share, n := 0.0, 0
	b.Chain(h, func(s rules.Point) {
		share += o.Share(s, owner)
		n++
	})
	return share / float64(n)
}

// sekiLiberties returns the liberties of the living chain through h that
// no one owns (the two sides' ownership differs by at most neutral) and
// that it shares with a living enemy chain: the points that make it a
// seki.
func sekiLiberties(b *rules.Board, o *Ownership, h rules.Point, dead map[rules.Point]bool, neutral float64) []rules.Point {
	enemy := b.At(h).Opponent()
	var shared []rules.Point
	b.LibertyPoints(h, func(l rules.Point) {
		if net := o.Share(l, rules.Black) - o.Share(l, rules.White); net > neutral || net < -neutral {
			return
		}
		for _, n := range l.Neighbours() {
			if b.At(n) == enemy && !dead[n] {
				shared = append(shared, l)
				return
			}
		}
	})
	return shared
}

// statusKey identifies the position a judgement was made for: the judge
// sees only the stones and the player to move.
type statusKey struct {
	hash   uint64
	toMove rules.Color
	size   int
}

// statusCache keeps the last judgement, so that final_score,
// final_status_list, cleanup moves and the pass decision on one position
// agree and cost one round of playouts. A judgement the clock cut short is
// kept too: final_score then agrees with the pass it decided. Callers must
// not modify value.
type statusCache struct {
	key    statusKey
	value  map[Status][]rules.Point
	unsure [rules.Edge]bool // per colour: a chain is still being fought over
	// open says the position is far from the end of the game (see
	// JudgeTuning.OpenShare); expected is the area difference the
	// judgement expects there (see openness).
	open     bool
	expected float64
	valid    bool
}

// FinalStatus returns the stones of one status ("alive", "dead", "seki").
// In an open position (see JudgeTuning.OpenShare) nothing is in seki: the
// chains Statuses would call so are alive.
func (e *Engine) FinalStatus(ctx context.Context, status string) ([]rules.Point, error) {
	s := Status(status)
	if s != Alive && s != Dead && s != Seki {
		return nil, fmt.Errorf("unknown status %q", status)
	}
	all, err := e.Statuses(ctx)
	if err != nil {
		return nil, err
	}
	if !e.statuses.open || s == Dead {
		return all[s], nil
	}
	if s == Seki {
		return nil, nil
	}
	return slices.Sorted(slices.Values(append(slices.Clone(all[Alive]), all[Seki]...))), nil
}

// FinalScore scores the game by area with the dead stones removed (see
// Statuses), komi and handicap compensation included; a resignation wins
// for the other side. In an open position, where counting the board
// would mean nothing, it is the score the search expects (see openScore).
func (e *Engine) FinalScore(ctx context.Context) (rules.Result, error) {
	if e.game.Resigned() != rules.Empty {
		return e.game.Score(nil), nil
	}
	all, err := e.Statuses(ctx)
	if err != nil {
		return rules.Result{}, err
	}
	if e.statuses.open {
		return e.openScore(ctx), nil
	}
	return e.game.Score(all[Dead]), nil
}

// openScore is the score of an open position: the search's estimate for
// the player to move (Estimate, the one GoGui's score estimate shows, and
// kept for the position, so the two agree), rounded to half points; the
// judgement's expected score when the player cannot search.
func (e *Engine) openScore(ctx context.Context) rules.Result {
	if s := e.Estimate(ctx, e.game.ToMove()); s != nil {
		lead := s.ScoreLead
		if s.Color == rules.White {
			lead = -lead
		}
		return rules.ResultOf(math.Round(lead*2) / 2)
	}
	return rules.ResultOf(math.Round(e.statuses.expected) - e.game.Compensation())
}
