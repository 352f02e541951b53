package search

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// areaNet is a network for the tests: a uniform policy over the legal
// moves and a value from the area count of the position as it is.
type areaNet struct {
	// check, if set, is called with every position evaluated.
	check func(g *rules.Game)
}

func (n areaNet) NewEvaluator(uint64) LeafEvaluator { return n }

func (n areaNet) Evaluate(g *rules.Game, out *NetOutput) {
	if n.check != nil {
		n.check(g)
	}
	b, c := g.Board(), g.ToMove()
	size := int(rules.PointAt(b.Size()-1, b.Size()-1)) + 1
	out.Policy = append(out.Policy[:0], make([]float32, size)...)
	for _, p := range b.Empties() {
		if g.IsLegal(rules.Move{Color: c, Point: p}) {
			out.Policy[p] = 1
		}
	}
	out.PassPolicy = 0.1
	black, white := b.Area(nil)
	diff := black - white - g.Compensation()
	out.BlackScore, out.BlackLead = diff, diff
	out.BlackWin = 1 / (1 + math.Exp(-diff/3))
	out.Ownership = out.Ownership[:0]
	for _, p := range b.Points() {
		o := float32(0)
		switch b.At(p) {
		case rules.Black:
			o = 1
		case rules.White:
			o = -1
		}
		out.Ownership = append(out.Ownership, o)
	}
}

// puctSearch runs a one-thread search with the network n.
func puctSearch(g *rules.Game, c rules.Color, n Network, visits int) *Result {
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	s.SetNetwork(n)
	return s.Search(context.Background(), g, c, Budget{Playouts: visits})
}

func TestPUCTCapturesTheCuttingStones(t *testing.T) {
	g := gameFrom(t, `
			. . . . . . .
			. . . X . . .
			X X X O X X X
			X X X O X X X
			O O O . O O O
			. . . . . . .
			. . . . . . .`, 4.5, rules.Black)
	r := puctSearch(g, rules.Black, areaNet{}, 400)
	assert.Equal(t, point(t, "D3"), r.Move)
	assert.LessOrEqual(t, r.Playouts, 400, "the stopping rules may end it early")
	assert.Greater(t, r.WinRate, 0.5)
	assert.Len(t, r.Ownership, len(g.Board().Points()))
	total := 0.0
	for _, cd := range r.Candidates {
		assert.Greater(t, cd.Prior, 0.0)
		total += float64(cd.Visits)
	}
	assert.InDelta(t, float64(r.Playouts), total, 0, "every simulation went through a root move")
}

func TestPUCTIsDeterministic(t *testing.T) {
	g := emptyGame(t, 9)
	a := puctSearch(g, rules.Black, areaNet{}, 300)
	b := puctSearch(g, rules.Black, areaNet{}, 300)
	assert.Equal(t, a.Move, b.Move)
	assert.Equal(t, a.Candidates, b.Candidates)
}

// The evaluator sees the real game with the tree's line played on it:
// the same moves, position and passes as the game replayed from its
// start, and the player to move.
func TestPUCTLeafIsTheGamePlusThePath(t *testing.T) {
	g := emptyGame(t, 9)
	for _, m := range []string{"E5", "C3", "pass"} {
		c := g.ToMove()
		p := rules.Pass
		if m != "pass" {
			p = point(t, m)
		}
		require.NoError(t, g.Play(rules.Move{Color: c, Point: p}))
	}
	prefix := g.Moves()
	calls := 0
	check := func(leaf *rules.Game) {
		calls++
		moves := leaf.Moves()
		require.GreaterOrEqual(t, len(moves), len(prefix))
		require.Equal(t, prefix, moves[:len(prefix)])
		replay, err := rules.NewGame(9, rules.DefaultOptions())
		require.NoError(t, err)
		for _, m := range moves {
			require.NoError(t, replay.Play(m))
		}
		require.Equal(t, replay.Board().Hash(), leaf.Board().Hash())
		require.Equal(t, replay.Passes(), leaf.Passes())
		require.Equal(t, replay.ToMove(), leaf.ToMove())
	}
	puctSearch(g, g.ToMove(), areaNet{check: check}, 300)
	assert.Greater(t, calls, 200)
	assert.Len(t, g.Moves(), 3, "the real game is untouched")
}

func TestPUCTSelfPlayIsLegal(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	s.SetNetwork(areaNet{})
	for i := 0; i < 40 && !g.Over(); i++ {
		c := g.ToMove()
		r := s.Search(context.Background(), g, c, Budget{Playouts: 60})
		require.NoError(t, g.Play(rules.Move{Color: c, Point: r.Move}), "move %d", i)
	}
}

func TestPUCTRespectsMaxNodes(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 1
	cfg.MaxNodes = 300
	s := New(cfg)
	s.SetNetwork(areaNet{})
	r := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 500})
	assert.Less(t, r.Nodes, 300+82, "one expansion at most past the cap")
	assert.Greater(t, r.Playouts, 300)
}

func TestPUCTWithThreads(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 2
	s := New(cfg)
	s.SetNetwork(areaNet{})
	r := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 400})
	assert.Positive(t, r.Playouts)
	assert.True(t, g.IsLegal(rules.Move{Color: rules.Black, Point: r.Move}))
	// Every virtual loss was taken back: each mean utility is one a
	// position can have, each win rate one a game can have.
	var walk func(n *node)
	walk = func(n *node) {
		ch := n.loadChildren()
		if ch == nil {
			return
		}
		for i := range ch.nodes {
			k := &ch.nodes[i]
			if k.visits.Load() == 0 {
				continue
			}
			u := ch.puct[i].mean(k)
			require.LessOrEqual(t, math.Abs(u), 1.4+1e-6)
			require.InDelta(t, 0.5, k.realWinRate(), 0.5+1e-9)
			walk(k)
		}
	}
	walk(s.root)
}

// evenNet judges every position even: a uniform policy, a win rate of
// one half, no lead.
type evenNet struct{}

func (evenNet) NewEvaluator(uint64) LeafEvaluator { return evenNet{} }

func (evenNet) Evaluate(g *rules.Game, out *NetOutput) {
	areaNet{}.Evaluate(g, out)
	out.BlackWin, out.BlackScore, out.BlackLead = 0.5, 0, 0
}

// With PlayoutMix, a leaf's win rate is that share of a playout's result:
// where Black's playouts all win and the network sees an even game, the
// root's win rate for White falls from one half towards zero by the mix.
func TestPUCTPlayoutMix(t *testing.T) {
	g := gameFrom(t, `
			. X . X . X .
			X X X X X X X
			. X . X . X .
			X X X X X X X
			. X . X . X .
			X X X X X X X
			. . . . . . .`, 4.5, rules.White)
	for _, mix := range []float64{0, 0.5, 1} {
		cfg := DefaultConfig()
		cfg.Threads, cfg.PUCT.PlayoutMix = 1, mix
		s := New(cfg)
		s.SetNetwork(evenNet{})
		r := s.Search(context.Background(), g, rules.White, Budget{Playouts: 200})
		assert.InDelta(t, (1-mix)/2, r.WinRate, 0.05, "White's win rate with mix %v", mix)
	}
}
