package engine

import (
	"context"
	"errors"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/rules"
)

// GenMove generates a move for c and plays it (genmove, and with cleanup
// set kgs-genmove_cleanup). It returns the point played (rules.Pass for a
// pass), or resign = true if the player resigns, in which case nothing is
// played. It works for either colour, out of turn, and after two passes.
// A player error other than ErrResign is logged and answered with a pass.
func (e *Engine) GenMove(ctx context.Context, c rules.Color, cleanup bool) (p rules.Point, resign bool, err error) {
	return e.generate(ctx, c, cleanup, true)
}

// SuggestMove generates a move for c like GenMove but does not play it
// (reg_genmove).
func (e *Engine) SuggestMove(ctx context.Context, c rules.Color) (p rules.Point, resign bool, err error) {
	return e.generate(ctx, c, false, false)
}

func (e *Engine) generate(ctx context.Context, c rules.Color, cleanup, play bool) (rules.Point, bool, error) {
	start := time.Now()
	p, err := e.choose(ctx, c, cleanup)
	log := e.cfg.Log.WithFields(logrus.Fields{
		"color": c.String(), "move_number": e.game.MoveNumber() + 1, "cleanup": cleanup,
		"elapsed": time.Since(start).Round(time.Microsecond).String(),
	})
	switch {
	case errors.Is(err, ErrResign):
		log.WithField("move", "resign").Info("genmove")
		return rules.Pass, true, nil
	case err != nil:
		log.WithError(err).Warn("player failed; passing")
		p = rules.Pass
	case e.game.Check(rules.Move{Color: c, Point: p}) != nil:
		log.WithField("move", p.String()).Error("player chose an illegal move; passing")
		p = rules.Pass
	}
	if play {
		if err := e.game.Play(rules.Move{Color: c, Point: p}); err != nil {
			return rules.Pass, false, err
		}
	}
	log.WithField("move", p.String()).Info("genmove")
	return p, false, nil
}

// choose asks the player for a move, or in cleanup mode first looks for a
// move against the opponent's dead stones.
func (e *Engine) choose(ctx context.Context, c rules.Color, cleanup bool) (rules.Point, error) {
	if cleanup {
		p, err := e.cleanupMove(ctx, c)
		if err != nil || p != rules.Pass {
			return p, err
		}
	}
	return e.cfg.Player.GenMove(ctx, e.game, c)
}
