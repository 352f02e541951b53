package engine

import (
	"context"

	"github.com/yunzi-go/yunzi/rules"
)

// passDecision settles whether c passes, given the player's choice p.
// Under area scoring a pass is decided by the count, and scorers differ:
// some remove the dead stones (final_score, GNU Go as referee), some count
// every stone on the board (CGOS, Tromp-Taylor). So when passing is on the
// table (p is a pass, or the opponent has just passed and a pass would end
// the game):
//   - winning under both counts: pass;
//   - winning only once dead stones are removed: first capture the
//     opponent's dead stones, which costs nothing, then pass;
//   - losing: keep the player's choice (and never end the game by passing
//     back unless the player itself passes);
//   - and whatever the count, when the player chose a move and the
//     judgement is unsure of one of c's chains (a race or a life still to
//     be fought out, see JudgeTuning.UnsettledShare), play the move: the search reads
//     the fight, the count only guesses, and passing would leave the chain
//     to the opponent's next move.
func (e *Engine) passDecision(ctx context.Context, c rules.Color, p rules.Point) (rules.Point, error) {
	g := e.game
	if p != rules.Pass && !e.opponentPassed(c) {
		return p, nil
	}
	statuses, err := e.Statuses(ctx)
	if err != nil {
		return p, err
	}
	if g.Score(statuses[Dead]).Winner != c || p != rules.Pass && e.judgementUnsure(c) {
		return p, nil
	}
	if g.TrompTaylor().Winner == c {
		return rules.Pass, nil
	}
	m, err := e.cleanupMove(ctx, c)
	if err != nil || m != rules.Pass {
		return m, err
	}
	return rules.Pass, nil
}

// opponentPassed reports whether the last move was a pass by c's opponent,
// so that a pass by c would end the game.
func (e *Engine) opponentPassed(c rules.Color) bool {
	last, ok := e.game.LastMove()
	return ok && last.Point == rules.Pass && last.Color == c.Opponent()
}
