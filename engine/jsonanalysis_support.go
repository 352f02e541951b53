package engine

import (
	"cmp"
	"context"
	"errors"
	"math"
	"slices"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// AnalyzeGame searches the position of g, a game the caller owns rather
// than the engine's, for c with the engine's player, within lim or until
// ctx is done, and returns what it found; nil if the player cannot
// analyse. A komi beyond MaxSearchKomi is bounded, on a copy, as for every
// search. The JSON analysis engine analyses positions it builds itself
// through it; g must not change while the call runs.
func (e *Engine) AnalyzeGame(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) *analysis.Snapshot {
	a, ok := e.cfg.Player.(Analyst)
	if !ok {
		return nil
	}
	if k := g.Komi; math.Abs(k) > MaxSearchKomi {
		g = g.Clone()
		g.Komi = math.Copysign(MaxSearchKomi, k)
	}
	return a.Analyze(ctx, g, c, lim)
}

// PositionQuery is what the JSON analysis engine asks of the search of one
// position: its budget (with the caller's context, which may bound the
// time), the moves the search may not consider and the figures to report.
type PositionQuery struct {
	// Playouts caps the search's visits; 0 is no cap.
	Playouts int
	// Restrict bans moves from the search itself, per player and ply
	// (avoidMoves and allowMoves); nil bans none.
	Restrict *search.Restriction
	// MovesOwnership asks for each move's ownership (MoveDetails.Ownership).
	MovesOwnership bool
	// Progress, if set, is called about every ProgressEvery with the
	// search so far, from another goroutine while the call runs.
	Progress      func(*PositionAnalysis)
	ProgressEvery time.Duration
}

// PositionAnalysis is what the search of one position found: the snapshot
// GTP's analysis commands show, and what only KataGo's JSON analysis
// reports besides.
type PositionAnalysis struct {
	Snapshot *analysis.Snapshot
	// ScoreStdev is the standard deviation of the final margin over the
	// whole search (search.Result.ScoreStdev).
	ScoreStdev float64
	// Details holds, for each of Snapshot.Moves in the same order, what
	// only the JSON analysis reports of it.
	Details []MoveDetails
}

// MoveDetails are the figures of a candidate move only the JSON analysis
// reports.
type MoveDetails struct {
	// PVVisits holds the visits of each move of the move's PV.
	PVVisits []int
	// ScoreStdev is the standard deviation of the final margin after the
	// move (search.Candidate.ScoreStdev).
	ScoreStdev float64
	// Ownership is who owns each point after the move, as
	// analysis.Snapshot.Ownership has it (rows from the top-left, +1
	// Black); nil unless PositionQuery.MovesOwnership asked for it.
	Ownership []float64
}

// errNoDetailedAnalysis is AnalyzePosition's error for a player other
// than the engine's own.
var errNoDetailedAnalysis = errors.New("engine: only the tree search player analyses positions for the JSON analysis engine")

// AnalyzePosition searches the position of g for c, as AnalyzeGame does,
// under q: within its playouts or until ctx is done, never considering
// the moves q.Restrict bans. It needs the engine's tree search player
// (SearchPlayer, with a network or without), and fails with another.
func (e *Engine) AnalyzePosition(ctx context.Context, g *rules.Game, c rules.Color, q PositionQuery) (*PositionAnalysis, error) {
	p, ok := e.cfg.Player.(*SearchPlayer)
	if !ok {
		return nil, errNoDetailedAnalysis
	}
	if k := g.Komi; math.Abs(k) > MaxSearchKomi {
		g = g.Clone()
		g.Komi = math.Copysign(MaxSearchKomi, k)
	}
	return p.analyzePosition(ctx, g, c, q), nil
}

// analyzePosition is AnalyzePosition for the player's searcher.
func (p *SearchPlayer) analyzePosition(ctx context.Context, g *rules.Game, c rules.Color, q PositionQuery) *PositionAnalysis {
	net := p.searcher.HasNetwork()
	var pr priors
	if !net {
		pr = priorsOf(g, c)
	}
	bud := Limits{Playouts: q.Playouts}.budget(ctx, g, c, p.cfg.Tuning.Time.DeadlineShare)
	bud.Restrict, bud.MovesOwnership = q.Restrict, q.MovesOwnership
	b := g.Board() // before the search: g must not be read while it runs
	if q.Progress != nil {
		bud.ProgressEvery = max(q.ProgressEvery, time.Millisecond)
		bud.Progress = func(r *search.Result) { q.Progress(positionAnalysisOf(r, b, pr, net)) }
	}
	return positionAnalysisOf(p.searcher.Search(ctx, g, c, bud), b, pr, net)
}

// positionAnalysisOf turns a search result on board b into a position's
// analysis: the snapshot (with the patterns' priors pr, or with a network
// its policy) and each move's details.
func positionAnalysisOf(r *search.Result, b *rules.Board, pr priors, net bool) *PositionAnalysis {
	s := snapshotOf(r, b, pr)
	a := &PositionAnalysis{Snapshot: s, ScoreStdev: r.ScoreStdev, Details: make([]MoveDetails, len(r.Candidates))}
	for i, cd := range r.Candidates {
		if net {
			s.Moves[i].Prior = cd.Prior
		}
		a.Details[i] = MoveDetails{PVVisits: cd.PVVisits, ScoreStdev: cd.ScoreStdev, Ownership: rowsFromTop(cd.Ownership, b)}
	}
	return a
}

// rowsFromTop reorders values per point of b.Points() into rows from the
// top-left point, as analysis.Snapshot.Ownership holds them; nil when
// there are none.
func rowsFromTop(values []float64, b *rules.Board) []float64 {
	pts := b.Points()
	if len(values) != len(pts) {
		return nil
	}
	n := b.Size()
	out := make([]float64, n*n)
	for i, p := range pts {
		out[(n-1-p.Y())*n+p.X()] = values[i]
	}
	return out
}

// PatternChancesIn returns c's moves in g's position, most likely first,
// with the chance the learned move patterns give each of being a strong
// player's choice, as Engine.PatternChances does for the engine's game.
func PatternChancesIn(g *rules.Game, c rules.Color) []analysis.Chance {
	moves, chances := search.LearnedChances(g, c)
	out := make([]analysis.Chance, len(moves))
	for i, p := range moves {
		out[i] = analysis.Chance{Point: p, Chance: chances[i]}
	}
	slices.SortStableFunc(out, func(a, b analysis.Chance) int { return cmp.Compare(b.Chance, a.Chance) })
	return out
}
