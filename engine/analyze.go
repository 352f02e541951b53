package engine

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// Analyze searches the current position for c until ctx is done, calling
// progress about every interval with what the search knows (lz-analyze,
// kata-analyze). It returns when ctx is done, also when the player cannot
// analyse (then it never reports).
func (e *Engine) Analyze(ctx context.Context, c rules.Color, every time.Duration, progress func(*analysis.Snapshot)) {
	if a, ok := e.cfg.Player.(Analyst); ok {
		restore := e.searchKomi()
		s := a.Analyze(ctx, e.game, c, Limits{Progress: progress, ProgressEvery: every})
		restore()
		e.estimate = estimateCache{}
		if ctx.Err() == nil {
			e.remember(c, s) // the search ended by itself: keep its result
		}
	}
	<-ctx.Done()
}

// Estimate returns what a search of the current position for c finds
// within the per-move default budget (Config.MoveTime and Playouts), or
// less if ctx ends first; the GoGui analysis commands show it. The result
// is kept until the position changes, so several pictures of one position
// cost one search. It returns nil if the player cannot analyse.
func (e *Engine) Estimate(ctx context.Context, c rules.Color) *analysis.Snapshot {
	if s := e.estimate.get(e.game, c); s != nil {
		return s
	}
	a, ok := e.cfg.Player.(Analyst)
	if !ok {
		return nil
	}
	lim := e.defaultLimits()
	ctx, cancel := lim.bound(ctx)
	defer cancel()
	restore := e.searchKomi()
	s := a.Analyze(ctx, e.game, c, lim)
	restore()
	e.remember(c, s)
	return s
}

// Ponder thinks about the current position for the player to move until
// ctx is done, when pondering is on (Config.Ponder) and the game goes on;
// otherwise it returns at once. The search keeps its tree, so the next
// genmove starts from what pondering found if the opponent played a move
// it looked at.
func (e *Engine) Ponder(ctx context.Context) {
	a, ok := e.cfg.Player.(Analyst)
	if !e.cfg.Ponder || !ok || e.game.Over() || ctx.Err() != nil {
		return
	}
	defer e.searchKomi()()
	a.Analyze(ctx, e.game, e.game.ToMove(), Limits{})
	e.estimate = estimateCache{}
}

// Pondering reports whether the engine thinks on the opponent's time.
func (e *Engine) Pondering() bool { return e.cfg.Ponder }

// estimateCache keeps the last Estimate with the position it is for.
type estimateCache struct {
	hash  uint64
	moves int
	color rules.Color
	snap  *analysis.Snapshot
}

func (e *Engine) remember(c rules.Color, s *analysis.Snapshot) {
	g := e.game
	e.estimate = estimateCache{hash: g.Board().Hash(), moves: g.MoveNumber(), color: c, snap: s}
}

func (k estimateCache) get(g *rules.Game, c rules.Color) *analysis.Snapshot {
	if k.snap == nil || k.hash != g.Board().Hash() || k.moves != g.MoveNumber() || k.color != c {
		return nil
	}
	return k.snap
}

// PatternChances returns c's moves in the current position, most likely
// first, with the chance the learned move patterns give each of being a
// strong player's choice (see search.LearnedChances). It runs no search.
func (e *Engine) PatternChances(c rules.Color) []analysis.Chance {
	moves, chances := search.LearnedChances(e.game, c)
	out := make([]analysis.Chance, len(moves))
	for i, p := range moves {
		out[i] = analysis.Chance{Point: p, Chance: chances[i]}
	}
	slices.SortStableFunc(out, func(a, b analysis.Chance) int { return cmp.Compare(b.Chance, a.Chance) })
	return out
}
