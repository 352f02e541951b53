package engine

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

// call is a judge's or a player's call: who was called, and the deadline
// of the context it was given.
type call struct {
	who      string
	deadline time.Time
	timed    bool // the context had a deadline
}

func record(calls *[]call, who string, ctx context.Context) {
	d, ok := ctx.Deadline()
	*calls = append(*calls, call{who, d, ok})
}

type recordingJudge struct {
	inner Judge
	calls *[]call
}

func (j recordingJudge) Ownership(ctx context.Context, g *rules.Game) (*Ownership, error) {
	record(j.calls, "judge", ctx)
	return j.inner.Ownership(ctx, g)
}

type recordingPlayer struct {
	inner Player
	calls *[]call
}

func (p recordingPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error) {
	record(p.calls, "player", ctx)
	return p.inner.GenMove(ctx, g, c, lim)
}

// TestJudgementFirstAfterOpponentPass: when the opponent has just passed,
// a pass would end the game, so the dead stones are judged before the
// search, on a deadline of their own ahead of the move's, and that one
// judgement serves the pass decision.
func TestJudgementFirstAfterOpponentPass(t *testing.T) {
	for _, cleanup := range []bool{false, true} {
		var calls []call
		e := New(Config{Size: 9, Seed: 5, MoveTime: time.Second,
			Player: recordingPlayer{NewRandomPlayer(1), &calls},
			Judge:  recordingJudge{NewPlayoutJudge(DefaultTuning().Judge.LightPlayouts, 1), &calls}})
		for y := 1; y <= 9; y++ {
			playAll(t, e, "b e"+itoa(y), "w f"+itoa(y))
		}
		playAll(t, e, "b b4", "b b6", "b c5", "w b5", "w g5", "w h4", "w h6", "b h5", "w pass")
		_, _, err := e.GenMove(ctx, rules.Black, cleanup)
		require.NoError(t, err)
		require.NotEmpty(t, calls)
		assert.Equal(t, "judge", calls[0].who, "cleanup %v: judged first", cleanup)
		judged := 0
		for _, c := range calls {
			require.True(t, c.timed, "cleanup %v: %s without a deadline", cleanup, c.who)
			if c.who == "judge" {
				judged++
			} else {
				assert.True(t, calls[0].deadline.Before(c.deadline), "cleanup %v: the judgement's deadline comes first", cleanup)
			}
		}
		assert.Equal(t, 1, judged, "cleanup %v: one judgement", cleanup)
	}
}

// TestJudgementCutShort: a judgement whose context is done stops after
// JudgeTuning.MinPlayouts and is partial, and final_score on the same position
// takes it as it is, so that it agrees with a pass the judgement decided.
func TestJudgementCutShort(t *testing.T) {
	var calls []call
	e := finishedGame(t)
	e.cfg.Judge = recordingJudge{NewPlayoutJudge(20*DefaultTuning().Judge.MinPlayouts, 1), &calls}

	done, cancel := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer cancel()
	o, err := e.cfg.Judge.Ownership(done, e.Game())
	require.NoError(t, err)
	assert.True(t, o.Partial())
	for _, p := range e.Game().Board().Points() {
		b, w := o.Share(p, rules.Black), o.Share(p, rules.White)
		assert.True(t, b >= 0 && w >= 0 && b+w <= 1+1e-9, "%v: shares %v and %v", p, b, w)
	}
	o, err = e.cfg.Judge.Ownership(ctx, e.Game())
	require.NoError(t, err)
	assert.False(t, o.Partial())

	calls = nil
	_, err = e.Statuses(done)
	require.NoError(t, err)
	_, err = e.FinalScore(ctx)
	require.NoError(t, err)
	assert.Len(t, calls, 1, "final_score takes the judgement made")
}
