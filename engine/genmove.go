package engine

import (
	"context"
	"errors"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

// GenMove generates a move for c and plays it (genmove, and with cleanup
// set kgs-genmove_cleanup). It returns the point played (rules.Pass for a
// pass), or resign = true if the player resigns, in which case nothing is
// played. It works for either colour, out of turn, and after two passes.
// A player error other than ErrResign is logged and answered with a pass.
func (e *Engine) GenMove(ctx context.Context, c rules.Color, cleanup bool) (p rules.Point, resign bool, err error) {
	return e.generate(ctx, c, genOptions{cleanup: cleanup, play: true})
}

// SuggestMove generates a move for c like GenMove but does not play it
// (reg_genmove).
func (e *Engine) SuggestMove(ctx context.Context, c rules.Color) (p rules.Point, resign bool, err error) {
	return e.generate(ctx, c, genOptions{})
}

// GenMoveAnalyze is GenMove that also calls progress about every interval
// with the search's state while it thinks (lz-genmove_analyze, and GoGui's
// live graphics).
func (e *Engine) GenMoveAnalyze(ctx context.Context, c rules.Color, cleanup bool, every time.Duration, progress func(*analysis.Snapshot)) (p rules.Point, resign bool, err error) {
	return e.generate(ctx, c, genOptions{cleanup: cleanup, play: true, progress: progress, every: every})
}

// Summarizer is a Player that can summarise its last move's thinking for the
// genmove log line (playouts, speed, win rate, best sequence).
type Summarizer interface {
	Summary() logrus.Fields
}

// genOptions are what kind of generation GenMove, SuggestMove and
// GenMoveAnalyze ask for.
type genOptions struct {
	// cleanup captures the opponent's dead stones before passing
	// (kgs-genmove_cleanup).
	cleanup bool
	// play plays the move and charges its time to the clock; without it
	// the move is only suggested (reg_genmove).
	play bool
	// progress, if set, is called about every interval with the search's
	// state while it thinks.
	progress func(*analysis.Snapshot)
	every    time.Duration
}

// generate asks for a move within the clock's limits, checks it, and with
// opt.play plays it and charges its time.
func (e *Engine) generate(ctx context.Context, c rules.Color, opt genOptions) (rules.Point, bool, error) {
	start := e.cfg.Now()
	lim := e.limits(c)
	lim.Progress, lim.ProgressEvery = opt.progress, opt.every
	ctx, cancel := lim.bound(ctx)
	defer cancel()
	p, err := e.choose(ctx, c, opt.cleanup, lim)
	elapsed := e.cfg.Now().Sub(start)
	log := e.cfg.Log.WithFields(logrus.Fields{
		"color": c.String(), "move_number": e.game.MoveNumber() + 1, "cleanup": opt.cleanup,
		"elapsed": elapsed.Round(time.Millisecond).String(), "think": lim.Hard.Round(time.Millisecond).String(),
	})
	if r, ok := e.cfg.Player.(Summarizer); ok {
		log = log.WithFields(r.Summary())
	}
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
	if opt.play {
		if err := e.game.Play(rules.Move{Color: c, Point: p}); err != nil {
			return rules.Pass, false, err
		}
		clock := e.clockOf(c)
		if e.time.System != NoTime && !clock.Overtime && lim.Soft > 0 {
			e.usageOf(c).add(lim.Soft, elapsed)
		}
		var lost bool
		*clock, lost = Charge(e.time, *clock, elapsed)
		if e.time.System != NoTime {
			log = log.WithFields(logrus.Fields{"clock_left": clock.Left.Round(time.Millisecond).String(), "clock_overtime": clock.Overtime, "clock_stones": clock.Stones})
		}
		if lost {
			log.Warn("genmove: out of time by our own clock")
		}
	}
	log.WithField("move", p.String()).Info("genmove")
	return p, false, nil
}

// choose asks the player for a move, then makes sure a pass is safe; in
// cleanup mode it first looks for a move against the opponent's dead
// stones.
//
// Both rest on the judgement of the dead stones, and the move as a whole
// must keep to its time. When the judgement is sure to be needed (in
// cleanup mode, or when the opponent has just passed) it is made first,
// on at most TimeTuning.JudgeShare of the time, and the search has the
// rest;
// otherwise, if the player passes, it is made in what time is left, which
// may cut it short (see Judge).
func (e *Engine) choose(ctx context.Context, c rules.Color, cleanup bool, lim Limits) (rules.Point, error) {
	if cleanup || e.opponentPassed(c) {
		judgeCtx, cancel := lim.share(ctx, e.cfg.Tuning.Time.JudgeShare)
		defer cancel()
		if _, err := e.Statuses(judgeCtx); err != nil {
			return rules.Pass, err
		}
	}
	if cleanup {
		p, err := e.cleanupMove(ctx, c)
		if err != nil || p != rules.Pass {
			return p, err
		}
	}
	restore := e.searchKomi()
	p, err := e.cfg.Player.GenMove(ctx, e.game, c, lim)
	restore()
	if err != nil {
		return p, err
	}
	return e.passDecision(ctx, c, p)
}
