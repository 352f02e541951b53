package engine

import (
	"context"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// cleanupMove returns a move for c that works at removing the opponent's
// dead stones (kgs-genmove_cleanup, and the servers that count every stone
// left on the board): a legal liberty of a dead chain, the chain with the
// fewest liberties first, so it is captured first. A move that cleanupCost
// calls safe is taken before one it calls bearable, and a ruinous one never.
// It returns rules.Pass when the opponent has no dead stones left, or when
// none of their liberties is a legal move that is not ruinous; the player
// is then asked as usual.
func (e *Engine) cleanupMove(ctx context.Context, c rules.Color) (rules.Point, error) {
	all, err := e.Statuses(ctx)
	if err != nil {
		return rules.Pass, err
	}
	b := e.game.Board()
	var heads []rules.Point // one stone of each dead opponent chain
	for _, p := range all[Dead] {
		if b.At(p) != c.Opponent() {
			continue
		}
		if !slices.ContainsFunc(heads, func(h rules.Point) bool { return b.SameChain(h, p) }) {
			heads = append(heads, p)
		}
	}
	slices.SortStableFunc(heads, func(x, y rules.Point) int { return b.Liberties(x) - b.Liberties(y) })
	best, bestCost := rules.Pass, ruinous
	for _, h := range heads {
		b.LibertyPoints(h, func(l rules.Point) {
			if e.game.Check(rules.Move{Color: c, Point: l}) != nil {
				return
			}
			if cost := cleanupCost(b, c, h, l); cost < bestCost {
				best, bestCost = l, cost
			}
		})
		if bestCost == safe {
			break
		}
	}
	return best, nil
}

// cost grades a move against a dead chain by what it risks.
type cost int

const (
	safe     cost = iota // it captures, or leaves c's chain more liberties than the dead one
	bearable             // c's chain keeps two liberties, or is a throw-in of one or two stones
	ruinous              // it puts a chain of c's of three stones or more in atari
)

// cleanupCost grades c's move on l, a liberty of the dead chain through
// dead. Filling a liberty the dead chain shares with one of c's own chains
// takes one from each, and when c's chain is left in atari the opponent
// captures it first: filling the last outside liberty of a group winning
// its race against a dead stone loses the group (see
// TestCleanupKeepsTheRaceWon). A self-atari of one or two stones is a
// throw-in, which some dead shapes need (see TestDeadThroughSacrifice):
// the opponent gains a space too small for two eyes.
func cleanupCost(b *rules.Board, c rules.Color, dead, l rules.Point) cost {
	after := b.Clone()
	after.PlayUnchecked(c, l)
	own, theirs := after.Liberties(l), after.Liberties(dead)
	switch {
	case after.Captures(c) > b.Captures(c) || own > theirs:
		return safe
	case own >= 2 || after.ChainLen(l) <= 2:
		return bearable
	}
	return ruinous
}
