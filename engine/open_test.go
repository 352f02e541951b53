package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestOpenPositionScore: five moves into a 9x9 game (a judgement of a
// finished game would call all five stones seki), where the dead-stone
// judgement of a finished game means nothing, final_status_list finds no
// seki and no dead stone, and final_score is the search's estimate, the
// one GoGui's score estimate shows.
func TestOpenPositionScore(t *testing.T) {
	e := New(Config{Size: 9, Seed: 3, Threads: 1, Playouts: 3000})
	playAll(t, e, "b d4", "w f6", "b f4", "w d6", "b e5")
	seki, err := e.FinalStatus(ctx, "seki")
	require.NoError(t, err)
	assert.Empty(t, seki, "nothing is in seki while the board is open")
	dead, err := e.FinalStatus(ctx, "dead")
	require.NoError(t, err)
	assert.Empty(t, dead)
	alive, err := e.FinalStatus(ctx, "alive")
	require.NoError(t, err)
	assert.Len(t, alive, 5)
	r, err := e.FinalScore(ctx)
	require.NoError(t, err)
	est := e.Estimate(ctx, rules.White)
	require.NotNil(t, est)
	lead := -est.ScoreLead // Black's
	assert.InDelta(t, lead, r.Diff(), 0.25, "final_score %v against the search's estimate %+.1f for Black", r, lead)
	assert.True(t, e.statuses.open)
}

// TestFinishedSekiStillSeki: the open-position rule leaves a finished
// board alone: its seki is reported through final_status_list.
func TestFinishedSekiStillSeki(t *testing.T) {
	b, err := rules.ParseDiagram(sekiDiagram)
	require.NoError(t, err)
	e := New(Config{Size: 7, Seed: 1})
	require.NoError(t, e.Game().SetupPosition(b))
	seki, err := e.FinalStatus(ctx, "seki")
	require.NoError(t, err)
	assert.Contains(t, seki, pt("c1"))
	assert.False(t, e.statuses.open)
	r, err := e.FinalScore(ctx)
	require.NoError(t, err)
	assert.Equal(t, e.Game().Score(nil), r, "counted as the board stands: nothing dead")
}
