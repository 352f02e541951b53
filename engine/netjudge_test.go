package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// netEngine returns an engine of the given size that plays and judges
// with the shared network.
func netEngine(t *testing.T, size int) *Engine {
	t.Helper()
	return New(Config{Size: size, Seed: 5, Model: nntest.Model(t), Threads: 1, Playouts: 50})
}

// The network judges finishedGame's dead stones as the playouts do.
func TestNetworkJudgesFinishedGame(t *testing.T) {
	e := netEngine(t, 9)
	for y := 1; y <= 9; y++ {
		playAll(t, e, "b e"+itoa(y), "w f"+itoa(y))
	}
	playAll(t, e, "b b4", "b b6", "b c5", "w b5", "w g5", "w h4", "w h6", "b h5", "b pass", "w pass")
	p, ok := e.cfg.Player.(*SearchPlayer)
	require.True(t, ok)
	require.NotNil(t, p.judge, "a network player judges with the network")
	dead, err := e.FinalStatus(ctx, "dead")
	require.NoError(t, err)
	assert.Equal(t, []rules.Point{pt("b5"), pt("h5")}, dead)
	r, err := e.FinalScore(ctx)
	require.NoError(t, err)
	assert.Equal(t, "B+1.5", r.String())
}

// The network kills nothing in a seki, whoever is to move, so the score
// counts every stone. (Its ownership of the shared liberties leans to one
// side more than JudgeTuning.SekiNeutral allows, so it does not name the
// chains seki; in area scoring that changes no point.)
func TestNetworkJudgesSeki(t *testing.T) {
	b, err := rules.ParseDiagram(sekiDiagram)
	require.NoError(t, err)
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		e := netEngine(t, 7)
		require.NoError(t, e.Game().SetupPosition(b))
		e.Game().SetToMove(toMove)
		st, err := e.Statuses(ctx)
		require.NoError(t, err)
		assert.Empty(t, st[Dead], "%v to move", toMove)
		r, err := e.FinalScore(ctx)
		require.NoError(t, err)
		assert.Equal(t, e.Game().Score(nil), r, "%v to move", toMove)
	}
}

// The network finds the corner of approachDiagram dead, which only a
// sacrifice shows.
func TestNetworkJudgesDeadThroughSacrifice(t *testing.T) {
	b, err := rules.ParseDiagram(approachDiagram)
	require.NoError(t, err)
	corner := []rules.Point{pt("a4"), pt("b4"), pt("b5"), pt("b6"), pt("b7"), pt("c7")}
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		e := netEngine(t, 7)
		require.NoError(t, e.Game().SetupPosition(b))
		e.Game().SetToMove(toMove)
		dead, err := e.FinalStatus(ctx, "dead")
		require.NoError(t, err)
		assert.ElementsMatch(t, corner, dead, "%v to move", toMove)
	}
}

// resignAfter feeds p a search result of the given win rate and score
// lead n times on a game past the opening, and reports whether the last
// one resigned.
func resignAfter(t *testing.T, p *SearchPlayer, n, playouts int, winRate, lead float64) bool {
	t.Helper()
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	rng := rules.NewRand(3)
	for g.MoveNumber() < 30 {
		c := g.ToMove()
		require.NoError(t, g.Play(rules.Move{Color: c, Point: g.Board().RandomMove(c, rng)}))
	}
	resigned := false
	for range n {
		resigned = p.shouldResign(g, &search.Result{Playouts: playouts, WinRate: winRate, ScoreLead: lead})
	}
	return resigned
}

// Without a network, three searches in a row under the threshold resign;
// with one, the threshold is lower and a close game is played out.
func TestResignThresholds(t *testing.T) {
	settings := SearchSettings{Search: oneThread(), ResignThreshold: 0.1}
	classic := func() *SearchPlayer { return NewSearchPlayer(settings) }
	network := func() *SearchPlayer { return NewNetworkPlayer(settings, nntest.Tiny()) }
	rt := DefaultTuning().Resign
	assert.False(t, resignAfter(t, classic(), 2, 5000, 0.05, -20), "two searches are not enough")
	assert.True(t, resignAfter(t, classic(), 3, 5000, 0.05, -20))
	assert.False(t, resignAfter(t, classic(), 3, rt.MinPlayouts-1, 0.05, -20), "too few playouts to trust")
	assert.False(t, resignAfter(t, NewSearchPlayer(SearchSettings{Search: oneThread()}), 5, 5000, 0, -80), "threshold 0 never resigns")

	low := 0.1 * rt.NetworkScale
	assert.False(t, resignAfter(t, network(), 5, 5000, low+0.01, -20), "above the network's threshold")
	assert.False(t, resignAfter(t, network(), 5, 5000, low/2, -rt.NetworkMinLead+1), "a close game")
	assert.False(t, resignAfter(t, network(), 5, rt.MinVisits-1, low/2, -20), "too few visits")
	assert.True(t, resignAfter(t, network(), 3, rt.MinVisits, low/2, -20))
}

// moverOwns is a network for the judge whose ownership gives the whole
// board to the player to move, as in a race the next move decides.
type moverOwns struct{}

func (moverOwns) Evaluate(in *nn.Input, out *nn.Output) {
	out.WhiteOwnership = make([]float32, in.Size*in.Size)
	for i := range out.WhiteOwnership {
		out.WhiteOwnership[i] = 1
		if in.ToMove == rules.Black {
			out.WhiteOwnership[i] = -1
		}
	}
}

// The judge asks the network for both players to move: a position whose
// owner is whoever moves next comes out even, its chains unsettled, and
// the pass decision does not take it for won.
func TestNetworkJudgeHearsBothSides(t *testing.T) {
	e := netEngine(t, 9)
	playAll(t, e, "b e5", "w d5", "b e4", "w d4", "b pass")
	p, ok := e.cfg.Player.(*SearchPlayer)
	require.True(t, ok)
	p.judge.avg = moverOwns{}
	o, ok := p.judge.ownership(e.Game())
	require.True(t, ok)
	for _, pt := range e.Game().Board().Points() {
		require.InDelta(t, 0.5, o.Share(pt, rules.Black), 1e-6, "%v", pt)
	}
	_, err := e.Statuses(ctx)
	require.NoError(t, err)
	assert.True(t, e.judgementUnsure(rules.White), "White's chain is still fought over")
	assert.True(t, e.judgementUnsure(rules.Black), "and Black's")
}
