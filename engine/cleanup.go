package engine

import (
	"context"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// cleanupMove returns a move for c that works at removing the opponent's
// dead stones (kgs-genmove_cleanup, and the servers that count every stone
// left on the board): a legal liberty of the dead chain with the fewest
// liberties, so it is captured first. It returns rules.Pass when the
// opponent has no dead stones left, or when no such move is legal; the
// player is then asked as usual.
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
	for _, h := range heads {
		move := rules.Pass
		b.LibertyPoints(h, func(l rules.Point) {
			if move == rules.Pass && e.game.Check(rules.Move{Color: c, Point: l}) == nil {
				move = l
			}
		})
		if move != rules.Pass {
			return move, nil
		}
	}
	return rules.Pass, nil
}
