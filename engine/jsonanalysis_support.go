package engine

import (
	"cmp"
	"context"
	"math"
	"slices"

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
