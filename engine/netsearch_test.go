package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// checkingNet wraps the adapter of a network and checks, at every
// position the search evaluates, that the evaluator's inputs are what
// nn.Fill computes on the game replayed from its start.
type checkingNet struct {
	t     *testing.T
	inner *netSearch
	calls *int
}

func (n checkingNet) NewEvaluator(seed uint64) search.LeafEvaluator {
	return checkingEvaluator{n, n.inner.NewEvaluator(seed).(*netEvaluator)}
}

type checkingEvaluator struct {
	checkingNet
	e *netEvaluator
}

func (c checkingEvaluator) Evaluate(g *rules.Game, out *search.NetOutput) {
	c.e.Evaluate(g, out)
	*c.calls++
	replay, err := rules.NewGame(g.Size(), g.Options)
	require.NoError(c.t, err)
	for _, m := range g.Moves() {
		require.NoError(c.t, replay.Play(m))
	}
	var want nn.Input
	require.NoError(c.t, nn.Fill(replay, &want))
	require.Equal(c.t, want.Spatial, c.e.in.Spatial)
	require.Equal(c.t, want.Global, c.e.in.Global)
	require.Equal(c.t, want.Legal, c.e.in.Legal)
	require.Equal(c.t, want.ToMove, c.e.in.ToMove)
}

// oneThread returns one-thread search settings with seed 7.
func oneThread() search.Config {
	cfg := search.DefaultConfig()
	cfg.Threads, cfg.Seed = 1, 7
	return cfg
}

func TestNetSearchInputsAreThoseOfTheReplayedGame(t *testing.T) {
	// A ko fight in progress: the ko and superko bans, and the history
	// planes, must follow the tree's line.
	g, err := (&nntest.Position{Size: 9, Komi: 7.5, Moves: [][2]string{
		{"B", "D5"}, {"W", "E5"}, {"B", "E4"}, {"W", "F4"}, {"B", "E6"}, {"W", "F6"},
		{"B", "pass"}, {"W", "G5"}, {"B", "F5"},
	}}).Game()
	require.NoError(t, err)
	calls := 0
	s := search.New(oneThread())
	s.SetNetwork(checkingNet{t, newNetSearch(nntest.Tiny(), 64), &calls})
	s.Search(context.Background(), g, g.ToMove(), search.Budget{Playouts: 300})
	assert.Greater(t, calls, 100)
}

func TestEvalCacheKeepsTheLatest(t *testing.T) {
	c := newEvalCache(2)
	out := search.NetOutput{Policy: []float32{1, 2}, BlackWin: 0.25}
	c.put(1, &out)
	out.BlackWin = 0.5
	c.put(2, &out)
	out.BlackWin = 0.75
	c.put(3, &out) // replaces key 1
	var got search.NetOutput
	assert.False(t, c.get(1, &got))
	require.True(t, c.get(2, &got))
	assert.Equal(t, 0.5, got.BlackWin)
	assert.Equal(t, []float32{1, 2}, got.Policy)
	require.True(t, c.get(3, &got))
	assert.Equal(t, 0.75, got.BlackWin)
}

// netGame sets up a 9x9 game on a diagram's position with c to move.
func netGame(t *testing.T, diagram string, c rules.Color) *rules.Game {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err)
	g, err := rules.NewGame(b.Size(), rules.DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, g.SetupPosition(b))
	g.SetToMove(c)
	return g
}

// netMove searches g for its player to move with the shared network.
func netMove(t *testing.T, g *rules.Game, visits int) *search.Result {
	t.Helper()
	s := search.New(oneThread())
	s.SetNetwork(newNetSearch(nntest.Model(t), 4096))
	return s.Search(context.Background(), g, g.ToMove(), search.Budget{Playouts: visits})
}

func TestNetworkSearchCapturesTheChainInAtari(t *testing.T) {
	// White D5-D4 is in atari at D3 (cutGame). Captured, Black owns rows 4
	// to 7 and wins 28 to 21 with komi 4.5; left, White connects and wins.
	r := netMove(t, cutGame(t), 200)
	assert.Equal(t, pt("D3"), r.Move, "%v", r.Candidates)
	assert.Greater(t, r.WinRate, 0.8)
}

func TestNetworkSearchDoesNotRunALostLadder(t *testing.T) {
	// Black D4 is in atari; running at E4 only makes a bigger chain that
	// White captures from F4 (GNU Go reads the same): Black must not run,
	// and when it does, White must capture.
	g := netGame(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . O O . . . .
		. . O X . . . . .
		. . . O . . . . .
		. . . . . . . . .
		. . . . . . . . .`, rules.Black)
	r := netMove(t, g, 300)
	assert.NotEqual(t, pt("E4"), r.Move)
	require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: pt("E4")}))
	r = netMove(t, g, 300)
	assert.Equal(t, pt("F4"), r.Move, "%v", r.Candidates)
}

func TestNetworkSearchPlaysTheVitalPoint(t *testing.T) {
	// White's corner group has a straight three of eye space, A1 to C1,
	// and the game hangs on it: alive, White wins; dead, Black wins. B1
	// is the vital point for both: White lives there, Black kills there.
	const corner = `
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .
		X X X X X O O O O
		X X X X X O . O .
		O O O O X O O O O
		. . . O X O . O .`
	for _, c := range []rules.Color{rules.White, rules.Black} {
		r := netMove(t, netGame(t, corner, c), 400)
		assert.Equal(t, pt("B1"), r.Move, "%v to play: %v", c, r.Candidates)
		assert.Greater(t, r.WinRate, 0.8, "%v to play", c)
	}
}

func TestNetworkSearchPassesInAFinishedGame(t *testing.T) {
	g := netGame(t, `
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .
		X X X X X O O O O
		. X . X X O . O .`, rules.White)
	require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: rules.Pass}))
	r := netMove(t, g, 200)
	assert.Equal(t, rules.Pass, r.Move)
	assert.Greater(t, r.WinRate, 0.9)
}

func TestNetworkSearchIsDeterministic(t *testing.T) {
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	a, b := netMove(t, g, 150), netMove(t, g, 150)
	assert.Equal(t, a.Move, b.Move)
	assert.Equal(t, a.Candidates, b.Candidates)
}

func TestNetworkSelfPlayIsLegal(t *testing.T) {
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	p := NewNetworkPlayer(SearchSettings{Search: oneThread()}, nntest.Model(t))
	for i := 0; i < 60 && !g.Over(); i++ {
		c := g.ToMove()
		m, err := p.GenMove(context.Background(), g, c, Limits{Playouts: 40})
		require.NoError(t, err)
		require.NoError(t, g.Play(rules.Move{Color: c, Point: m}), "move %d", i)
	}
	assert.NotNil(t, p.Summary()["visits"])
}

// With a model and no player given, the engine plays with the network,
// and its genmove plays legal moves (the engine plays them) and logs the
// visits.
func TestEngineWithModelPlaysWithTheNetwork(t *testing.T) {
	e := New(Config{Size: 9, Model: nntest.Tiny(), Playouts: 30, Threads: 1, Seed: 1})
	p, ok := e.cfg.Player.(*SearchPlayer)
	require.True(t, ok)
	require.NotNil(t, p.net)
	for range 6 {
		c := e.Game().ToMove()
		_, resign, err := e.GenMove(context.Background(), c, false)
		require.NoError(t, err)
		require.False(t, resign)
	}
	assert.Len(t, e.Game().Moves(), 6)
	visits, ok := p.Summary()["visits"].(int)
	require.True(t, ok)
	assert.LessOrEqual(t, visits, 30)
	assert.Positive(t, visits)
}
