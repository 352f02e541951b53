package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// cutGame is the 7x7 position where Black's D3 captures White's two
// cutting stones.
func cutGame(t *testing.T) *rules.Game {
	g := netGame(t, `
		. . . . . . .
		. . . X . . .
		X X X O X X X
		X X X O X X X
		O O O . O O O
		. . . . . . .
		. . . . . . .`, rules.Black)
	g.Komi = 4.5
	return g
}

func TestAnalyzePositionHonoursItsRestriction(t *testing.T) {
	g := cutGame(t)
	e := New(Config{Size: 7, Threads: 1, Seed: 3})
	free, err := e.AnalyzePosition(context.Background(), g, rules.Black, PositionQuery{Playouts: 300})
	require.NoError(t, err)
	require.Equal(t, pt("D3"), free.Snapshot.Best().Point)

	r, err := search.NewRestriction(7, search.MoveFilter{Player: rules.Black, Moves: []rules.Point{pt("D3")}, UntilDepth: 1})
	require.NoError(t, err)
	a, err := e.AnalyzePosition(context.Background(), g, rules.Black, PositionQuery{Playouts: 300, Restrict: r})
	require.NoError(t, err)
	require.NotEmpty(t, a.Snapshot.Moves)
	visits := 0
	for _, m := range a.Snapshot.Moves {
		assert.NotEqual(t, pt("D3"), m.Point)
		visits += m.Visits
	}
	assert.Equal(t, a.Snapshot.Playouts, visits, "no visit went to the banned move")
}

// Each move's details line up with the snapshot's moves, and its
// ownership is in the snapshot's order: for the chosen move, the
// snapshot's ownership is that move's.
func TestAnalyzePositionDetails(t *testing.T) {
	g := cutGame(t)
	e := New(Config{Size: 7, Threads: 1, Seed: 3})
	var reports int
	a, err := e.AnalyzePosition(context.Background(), g, rules.Black, PositionQuery{
		Playouts: 2000, MovesOwnership: true,
		Progress:      func(p *PositionAnalysis) { reports++; assert.Len(t, p.Details, len(p.Snapshot.Moves)) },
		ProgressEvery: 1,
	})
	require.NoError(t, err)
	assert.Positive(t, reports)
	s := a.Snapshot
	require.Len(t, a.Details, len(s.Moves))
	assert.Positive(t, a.ScoreStdev)
	for i, m := range s.Moves {
		d := a.Details[i]
		require.NotEmpty(t, d.PVVisits, "%v", m.Point)
		assert.Len(t, d.PVVisits, len(m.PV), "%v", m.Point)
		assert.Equal(t, m.Visits, d.PVVisits[0], "%v", m.Point)
		assert.Len(t, d.Ownership, 49, "%v", m.Point)
		assert.GreaterOrEqual(t, d.ScoreStdev, 0.0, "%v", m.Point)
	}
	best := s.Best()
	require.Equal(t, pt("D3"), best.Point)
	assert.Equal(t, s.Ownership, a.Details[0].Ownership, "the chosen move's ownership is the snapshot's")
	// Row 6 from the bottom, the top row but one, is Black's wall.
	assert.Greater(t, a.Details[0].Ownership[1*7+0], 0.5, "A6 after D3")

	a, err = e.AnalyzePosition(context.Background(), g, rules.Black, PositionQuery{Playouts: 100})
	require.NoError(t, err)
	for _, d := range a.Details {
		assert.Nil(t, d.Ownership, "not asked for")
	}
}

// noAnalysisPlayer plays but does not search.
type noAnalysisPlayer struct{}

func (noAnalysisPlayer) GenMove(context.Context, *rules.Game, rules.Color, Limits) (rules.Point, error) {
	return rules.Pass, nil
}

func TestAnalyzePositionNeedsTheSearchPlayer(t *testing.T) {
	e := New(Config{Size: 7, Player: noAnalysisPlayer{}})
	_, err := e.AnalyzePosition(context.Background(), cutGame(t), rules.Black, PositionQuery{Playouts: 10})
	assert.ErrorIs(t, err, errNoDetailedAnalysis)
}

// With the shared network the restriction holds as well, and the score's
// deviation is KataGo's: the network's own spread of the final score,
// which on an open board is many points, not only how far apart the
// leaves' means are.
func TestAnalyzePositionWithTheNetwork(t *testing.T) {
	m := nntest.Model(t)
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	e := New(Config{Size: 9, Threads: 1, Seed: 3, Model: m})
	r, err := search.NewRestriction(9, search.MoveFilter{Player: rules.Black, Moves: []rules.Point{pt("E5")}, UntilDepth: 1, Allow: true})
	require.NoError(t, err)
	a, err := e.AnalyzePosition(context.Background(), g, rules.Black, PositionQuery{Playouts: 60, Restrict: r, MovesOwnership: true})
	require.NoError(t, err)
	require.Len(t, a.Snapshot.Moves, 1)
	assert.Equal(t, pt("E5"), a.Snapshot.Moves[0].Point)
	assert.Equal(t, 60, a.Snapshot.Moves[0].Visits, "every visit on the one move allowed")
	assert.Greater(t, a.ScoreStdev, 5.0)
	assert.Greater(t, a.Details[0].ScoreStdev, 5.0)
	assert.Len(t, a.Details[0].Ownership, 81)
}
