package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestWideningWidth(t *testing.T) {
	wd := Widening{Base: 8, Visits: 40, Growth: 1.4}
	assert.Equal(t, 8, wd.width(0))
	assert.Equal(t, 8, wd.width(39))
	assert.Equal(t, 9, wd.width(40))
	assert.Equal(t, 10, wd.width(57)) // 40·1.4 = 56
	prev := 0
	for v := int32(0); v < 1_000_000; v = v*2 + 1 {
		w := wd.width(v)
		require.GreaterOrEqual(t, w, prev, "width never shrinks (visits %d)", v)
		prev = w
	}
	assert.Less(t, prev, 60, "a million visits still look at a few dozen moves")
}

func TestRaveWeight(t *testing.T) {
	assert.Equal(t, int32(4), raveWeight(3, 0, 100), "the child's own move")
	assert.Equal(t, int32(1), raveWeight(3, 99, 100), "the playout's last move")
	assert.Equal(t, int32(2), raveWeight(3, 60, 100))
	assert.Equal(t, int32(1), raveWeight(0, 0, 100), "no distance weighting")
}

func TestChildrenOrderedByPrior(t *testing.T) {
	g := gameFrom(t, `
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . X . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . O X . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .`, 7.5, rules.White)
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	s.Search(t.Context(), g, rules.White, Budget{Playouts: 100})
	nodes := s.root.childNodes()
	require.NotEmpty(t, nodes)
	assert.Equal(t, rules.Pass, nodes[len(nodes)-1].move, "the pass comes last")
	moves := nodes[:len(nodes)-1]
	for i := 1; i < len(moves); i++ {
		require.GreaterOrEqual(t, moves[i-1].prior.rate(), moves[i].prior.rate(), "child %d", i)
	}
	// The lower right corner is empty: its 4-4 point has the better
	// prior than a point in the centre.
	assert.Greater(t, s.root.child(point(t, "K4")).prior.rate(), s.root.child(point(t, "G7")).prior.rate())
}

func TestSmallBoardsKeepEveryMoveInBoardOrder(t *testing.T) {
	// On 9x9 the large-board knowledge is off: the children come in the
	// board's order, not sorted, and selection is not narrowed.
	g := gameFrom(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, 7.5, rules.White)
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	s.Search(t.Context(), g, rules.White, Budget{Playouts: 200})
	nodes := s.root.childNodes()
	require.Len(t, nodes, 81, "80 moves and the pass")
	for i, p := range g.Board().Empties() {
		require.Equal(t, p, nodes[i].move, "child %d", i)
	}
	assert.False(t, s.workers[0].large)
}

func TestTwoLibertyAnswerGetsItsPrior(t *testing.T) {
	// As in TestTwoLibertyMoveAtarisWhereTheChainCannotRun, White has
	// just played A4: Black's atari at B4 chases the chain, the one at A3
	// lets it out. Searches that differ only in the TwoLiberties prior
	// give B4 the bonus and A3 nothing.
	g := gameFrom(t, `
		. . . . . . .
		X . . . . . .
		X . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`, 0, rules.White)
	require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: point(t, "A4")}))
	rootPriors := func(bonus float64) (b4, a3 prior) {
		cfg := DefaultConfig()
		cfg.Threads = 1
		cfg.Priors.TwoLiberties = bonus
		s := New(cfg)
		s.Search(t.Context(), g, rules.Black, Budget{Playouts: 1})
		return s.root.child(point(t, "B4")).prior, s.root.child(point(t, "A3")).prior
	}
	b4, a3 := rootPriors(10)
	b4Without, a3Without := rootPriors(0)
	assert.Equal(t, b4Without.visits+10, b4.visits)
	assert.Equal(t, b4Without.wins+10, b4.wins)
	assert.Equal(t, a3Without, a3)
}

func TestLearnedPatternsRaiseTheirFavourite(t *testing.T) {
	// White's last move is in atari: the learned patterns rate capturing
	// it above any other move, on 9x9 as on 13x13. Searches that differ
	// only in Priors.Learned give the capture the largest bonus, and no
	// move a malus.
	for _, tc := range []struct {
		name, diagram, last, capture string
	}{
		{"9x9", `
			. . . . . . . . .
			. . . X . . . . .
			. . X . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . O . .
			. . . . . . . . .
			. . . . . . . . .`, "D7", "D6"},
		{"13x13", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . X . . . . . . . . .
			. . X . X . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . O . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .`, "D10", "D9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gameFrom(t, tc.diagram, 7.5, rules.White)
			require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: point(t, tc.last)}))
			rootPriors := func(learned float64) map[rules.Point]prior {
				cfg := DefaultConfig()
				cfg.Threads = 1
				cfg.Priors.Learned = learned
				s := New(cfg)
				s.Search(t.Context(), g, rules.Black, Budget{Playouts: 1})
				out := map[rules.Point]prior{}
				nodes := s.root.childNodes()
				for i := range nodes {
					out[nodes[i].move] = nodes[i].prior
				}
				return out
			}
			with, without := rootPriors(50), rootPriors(0)
			require.Len(t, with, len(without))
			capture := point(t, tc.capture)
			best := with[capture].wins - without[capture].wins
			assert.Greater(t, best, float32(10))
			for p, pr := range with {
				bonus := pr.wins - without[p].wins
				assert.InDelta(t, bonus, pr.visits-without[p].visits, 1e-3, "a bonus is in won games: %s", p)
				assert.GreaterOrEqual(t, bonus, float32(0), p.String())
				if p != capture {
					assert.Less(t, bonus, best, p.String())
				}
			}
		})
	}
}

func TestWideningPromotesStrongAmaf(t *testing.T) {
	s := New(DefaultConfig())
	w := newWorker(s, 1)
	w.large = true
	wd := s.cfg.Large.Widening

	ch := newChildren(40)
	nodes := ch.nodes
	for i := range nodes {
		nodes[i].move = rules.Point(i + 1)
		nodes[i].prior = prior{visits: 10, wins: 5}
	}
	setStats := func(i int, visits int32, rate float64, raveVisits int32, raveRate float64) {
		nodes[i].visits.Store(visits)
		nodes[i].value.Store(int64(rate * float64(visits) * valueUnit))
		ch.amaf[i].visits.Store(raveVisits)
		ch.amaf[i].value.Store(int64(raveRate * float64(raveVisits) * valueUnit))
	}
	pass := len(nodes) - 1
	nodes[pass].move = rules.Pass
	setStats(pass, 100, 0.1, 0, 0)

	// Within the width every child has won 40% of its games, real and
	// AMAF. Beyond it, one move has won 70% of 400 AMAF games, one all of
	// its 4, one 45% of 400: only the first is surely better.
	var parent node
	parent.visits.Store(int32(wd.PromoteVisits) * 4)
	width := wd.width(parent.visits.Load())
	require.Less(t, width+3, pass)
	for i := range width {
		setStats(i, 100, 0.4, 400, 0.4)
	}
	strong, lucky, unsure := width+2, width, width+1
	setStats(strong, 0, 0, 400, 0.7)
	setStats(lucky, 0, 0, 4, 1)
	setStats(unsure, 0, 0, 400, 0.45)
	assert.Equal(t, strong, w.selectChild(&parent, ch), "the strong AMAF move is selected beyond the width")

	setStats(strong, 0, 0, 400, 0.45)
	assert.Less(t, w.selectChild(&parent, ch), width, "neither a few lucky AMAF games nor an unsure edge let a move in")

	setStats(strong, 0, 0, 400, 0.7)
	parent.visits.Store(int32(wd.PromoteVisits) - 1)
	assert.Less(t, w.selectChild(&parent, ch), wd.width(parent.visits.Load()), "a node with few visits keeps to its width")
}

func TestOpeningTakesTheEmptyCorner(t *testing.T) {
	// Three corners are taken and nothing is urgent: White's move is the
	// empty corner's 3-3, 3-4 or 4-4 point, as the learned patterns say.
	// No playout tells the opening moves apart, so the prior must carry.
	// Counted only among the real games (Large.PriorAmaf 0), the search
	// took the corner in 2 of these 5 seeds, and played C13, K4 and O4.
	g := emptyGame(t, 19)
	for _, m := range []string{"Q16", "D16", "Q4"} {
		require.NoError(t, g.Play(rules.Move{Color: g.ToMove(), Point: point(t, m)}))
	}
	inCorner := 0
	for seed := range uint64(5) {
		cfg := DefaultConfig()
		cfg.Threads = 1
		cfg.Seed = seed + 1
		p := New(cfg).Search(context.Background(), g, rules.White, Budget{Playouts: 2000}).Move
		// C3, C4, D3 or D4: columns and rows 2 and 3 counted from 0.
		if x, y := p.X(), p.Y(); (x == 2 || x == 3) && (y == 2 || y == 3) {
			inCorner++
		}
	}
	assert.GreaterOrEqual(t, inCorner, 4, "seeds that take the empty corner, of 5")
}
