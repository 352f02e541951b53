package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func restriction(t *testing.T, size int, filters ...MoveFilter) *Restriction {
	t.Helper()
	r, err := NewRestriction(size, filters...)
	require.NoError(t, err)
	return r
}

func TestRestrictionBansPerPlayerAndPly(t *testing.T) {
	e5, c3, d4 := point(t, "E5"), point(t, "C3"), point(t, "D4")
	r := restriction(t, 9,
		MoveFilter{Player: rules.Black, Moves: []rules.Point{e5, rules.Pass}, UntilDepth: 3},
		MoveFilter{Player: rules.White, Moves: []rules.Point{c3}, UntilDepth: 1})
	for _, tc := range []struct {
		c    rules.Color
		p    rules.Point
		ply  int
		want bool
	}{
		{rules.Black, e5, 0, false},
		{rules.Black, e5, 2, false},
		{rules.Black, e5, 3, true},
		{rules.Black, rules.Pass, 1, false},
		{rules.Black, rules.Pass, 3, true},
		{rules.Black, d4, 0, true},
		{rules.Black, c3, 0, true},
		{rules.White, e5, 0, true},
		{rules.White, c3, 0, false},
		{rules.White, c3, 1, true},
		{rules.Empty, e5, 0, true},
	} {
		assert.Equal(t, tc.want, r.Allows(tc.c, tc.p, tc.ply), "%v %v at ply %d", tc.c, tc.p, tc.ply)
	}
	var none *Restriction
	assert.True(t, none.Allows(rules.Black, e5, 0), "the nil restriction allows everything")
}

func TestAllowingFilterBansEveryOtherMove(t *testing.T) {
	d4, e5 := point(t, "D4"), point(t, "E5")
	r := restriction(t, 9, MoveFilter{Player: rules.Black, Moves: []rules.Point{d4}, UntilDepth: 1, Allow: true})
	assert.True(t, r.Allows(rules.Black, d4, 0))
	assert.False(t, r.Allows(rules.Black, e5, 0))
	assert.False(t, r.Allows(rules.Black, rules.Pass, 0), "the pass is banned unless listed")
	assert.True(t, r.Allows(rules.Black, e5, 1), "past its depth")
	assert.True(t, r.Allows(rules.White, e5, 0), "the other player")

	// A move both allowed and banned is banned.
	r = restriction(t, 9,
		MoveFilter{Player: rules.Black, Moves: []rules.Point{d4, e5}, UntilDepth: 1, Allow: true},
		MoveFilter{Player: rules.Black, Moves: []rules.Point{e5}, UntilDepth: 2})
	assert.True(t, r.Allows(rules.Black, d4, 0))
	assert.False(t, r.Allows(rules.Black, e5, 1))
}

func TestNewRestrictionRefusesBadFilters(t *testing.T) {
	d4 := point(t, "D4")
	for name, tc := range map[string]struct {
		size    int
		filters []MoveFilter
	}{
		"no colour":        {9, []MoveFilter{{Player: rules.Empty, Moves: []rules.Point{d4}, UntilDepth: 1}}},
		"depth 0":          {9, []MoveFilter{{Player: rules.Black, Moves: []rules.Point{d4}, UntilDepth: 0}}},
		"depth too deep":   {9, []MoveFilter{{Player: rules.Black, Moves: []rules.Point{d4}, UntilDepth: maxUntilDepth + 1}}},
		"off the board":    {3, []MoveFilter{{Player: rules.White, Moves: []rules.Point{d4}, UntilDepth: 1}}},
		"not a point":      {9, []MoveFilter{{Player: rules.White, Moves: []rules.Point{-3}, UntilDepth: 1}}},
		"two allow lists":  {9, []MoveFilter{{Player: rules.Black, Moves: []rules.Point{d4}, UntilDepth: 1, Allow: true}, {Player: rules.White, Moves: []rules.Point{d4}, UntilDepth: 1, Allow: true}}},
		"board size 0":     {0, nil},
		"board size large": {rules.MaxSize + 1, nil},
	} {
		_, err := NewRestriction(tc.size, tc.filters...)
		assert.Error(t, err, name)
	}
}

// Expansions check the restriction at every move, so the check must not
// allocate.
func TestRestrictionAllowsDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes allocations of its own")
	}
	r := restriction(t, 19, MoveFilter{Player: rules.Black, Moves: []rules.Point{point(t, "Q16")}, UntilDepth: 5})
	b := rules.NewBoard(19)
	allowed := 0
	count := func() {
		allowed = 0
		for _, p := range b.Empties() {
			if r.Allows(rules.Black, p, 2) {
				allowed++
			}
		}
	}
	assert.Zero(t, testing.AllocsPerRun(100, count))
	assert.Equal(t, 360, allowed)
}

// cutPosition is a 7x7 position where Black's D3 captures White's two
// cutting stones and decides the game.
func cutPosition(t *testing.T) *rules.Game {
	return gameFrom(t, `
			. . . . . . .
			. . . X . . .
			X X X O X X X
			X X X O X X X
			O O O . O O O
			. . . . . . .
			. . . . . . .`, 4.5, rules.Black)
}

// restrictedSearch runs a one-thread search of g for c under the budget,
// with the network n if not nil, and returns the searcher and the result.
func restrictedSearch(g *rules.Game, c rules.Color, n Network, bud Budget) (*Searcher, *Result) {
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	if n != nil {
		s.SetNetwork(n)
	}
	return s, s.Search(context.Background(), g, c, bud)
}

// searchKinds are the two searches every restriction test runs: the
// classic one and the one with a network.
var searchKinds = []struct {
	name string
	net  Network
}{{"classic", nil}, {"network", areaNet{}}}

// An avoided root move gets no child and so no visit: every visit goes to
// the other moves.
func TestAvoidedRootMoveIsNeverSearched(t *testing.T) {
	d3 := point(t, "D3")
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			_, free := restrictedSearch(cutPosition(t), rules.Black, kind.net, Budget{Playouts: 300})
			require.Equal(t, d3, free.Move, "without the restriction the search finds the capture")

			r := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{d3}, UntilDepth: 1})
			s, res := restrictedSearch(cutPosition(t), rules.Black, kind.net, Budget{Playouts: 300, Restrict: r})
			assert.NotEqual(t, d3, res.Move)
			assert.Nil(t, s.root.child(d3))
			visits := 0
			for _, cd := range res.Candidates {
				assert.NotEqual(t, d3, cd.Move)
				visits += cd.Visits
			}
			assert.Equal(t, res.Playouts, visits, "every visit went to an allowed move")
		})
	}
}

// plyMoves walks the tree below n, whose children are moves at ply, and
// records for each ply whether some node there has a child for p, and
// whether some node there is expanded at all.
func plyMoves(n *node, ply int, p rules.Point, has, expanded map[int]bool) {
	nodes := n.childNodes()
	if nodes == nil {
		return
	}
	expanded[ply] = true
	for i := range nodes {
		if nodes[i].move == p {
			has[ply] = true
		}
		plyMoves(&nodes[i], ply+1, p, has, expanded)
	}
}

// A restriction deeper than the root bans its player's moves down to its
// depth, and the other player's moves not at all.
func TestRestrictionReachesItsDepth(t *testing.T) {
	d3 := point(t, "D3")
	r := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{d3}, UntilDepth: 3})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			s, _ := restrictedSearch(cutPosition(t), rules.Black, kind.net, Budget{Playouts: 1000, Restrict: r})
			has, expanded := map[int]bool{}, map[int]bool{}
			plyMoves(s.root, 0, d3, has, expanded)
			require.True(t, expanded[2], "the tree reaches Black's second move")
			assert.False(t, has[0], "Black's D3 at the root")
			assert.False(t, has[2], "Black's D3 at ply 2")
			assert.True(t, has[1], "White may play D3")
		})
	}
}

// The expansions ask the restriction at the ply of the node they expand:
// Black's D3, banned until ply 3, comes back at ply 3.
func TestExpansionsBanUntilTheirPly(t *testing.T) {
	d3 := point(t, "D3")
	r := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{d3}, UntilDepth: 3})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			g := cutPosition(t)
			s, _ := restrictedSearch(g, rules.Black, kind.net, Budget{Playouts: 10, Restrict: r})
			w := s.workers[0]
			for ply, want := range map[int]bool{0: false, 1: false, 2: false, 3: true, 7: true} {
				n := &node{}
				if kind.net == nil {
					w.hashes = w.hashes[:0]
					w.expand(n, g.Board(), rules.Black, rules.Pass, rules.Pass, ply+1)
				} else {
					w.pw.eval.Evaluate(w.pw.game, &w.pw.out)
					w.expandPUCT(n, w.pw.game, &w.pw.out, ply)
				}
				assert.Equal(t, want, n.child(d3) != nil, "D3 at ply %d", ply)
				assert.NotNil(t, n.child(rules.Pass), "the pass at ply %d", ply)
			}
		})
	}
}

// allowMoves keeps the listed moves only, and the pass only if listed.
func TestAllowedMovesAloneAreSearched(t *testing.T) {
	e5, d4 := point(t, "E5"), point(t, "D4")
	r := restriction(t, 9, MoveFilter{Player: rules.Black, Moves: []rules.Point{e5, d4}, UntilDepth: 1, Allow: true})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			s, res := restrictedSearch(emptyGame(t, 9), rules.Black, kind.net, Budget{Playouts: 200, Restrict: r})
			nodes := s.root.childNodes()
			require.Len(t, nodes, 2)
			assert.ElementsMatch(t, []rules.Point{e5, d4}, []rules.Point{nodes[0].move, nodes[1].move})
			assert.True(t, s.root.loadChildren().noPass)
			assert.Contains(t, []rules.Point{e5, d4}, res.Move)
			// White answers freely, and may pass.
			for i := range nodes {
				if replies := nodes[i].childNodes(); replies != nil {
					assert.Greater(t, len(replies), 2)
				}
			}
		})
	}
}

// When a restriction leaves no legal move, the pass stays: the search
// always has a move.
func TestPassStaysWhenNothingElseIsAllowed(t *testing.T) {
	occupied := point(t, "D4") // White's stone
	r := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{occupied}, UntilDepth: 1, Allow: true})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			s, res := restrictedSearch(cutPosition(t), rules.Black, kind.net, Budget{Playouts: 50, Restrict: r})
			nodes := s.root.childNodes()
			require.Len(t, nodes, 1)
			assert.Equal(t, rules.Pass, nodes[0].move)
			assert.Equal(t, rules.Pass, res.Move)
		})
	}
}

// With the pass banned where the board counts as large, where the
// classic selection looks at the pass apart from the widening's moves,
// the search still runs and never passes.
func TestBannedPassOnALargeBoard(t *testing.T) {
	r := restriction(t, 9,
		MoveFilter{Player: rules.Black, Moves: []rules.Point{rules.Pass}, UntilDepth: 4},
		MoveFilter{Player: rules.White, Moves: []rules.Point{rules.Pass}, UntilDepth: 4})
	cfg := DefaultConfig()
	cfg.Threads, cfg.Large.MinSize = 1, 9 // 9x9 searched as a large board, for speed
	s := New(cfg)
	res := s.Search(context.Background(), emptyGame(t, 9), rules.Black, Budget{Playouts: 1000, Restrict: r})
	require.True(t, s.workers[0].large)
	require.Less(t, cfg.Large.Widening.width(0), 81, "the widening leaves moves out")
	assert.Nil(t, s.root.child(rules.Pass))
	assert.NotEqual(t, rules.Pass, res.Move)
	has, expanded := map[int]bool{}, map[int]bool{}
	plyMoves(s.root, 0, rules.Pass, has, expanded)
	require.True(t, expanded[1])
	assert.False(t, has[0] || has[1] || has[2] || has[3], "a pass before ply 4")
}

// A tree made under a restriction is not reused by the next search, which
// would otherwise never see the banned moves.
func TestRestrictedTreeIsNotReused(t *testing.T) {
	d3 := point(t, "D3")
	g := cutPosition(t)
	r := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{d3}, UntilDepth: 1})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			s, _ := restrictedSearch(g, rules.Black, kind.net, Budget{Playouts: 100, Restrict: r})
			require.Nil(t, s.root.child(d3))
			res := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 300})
			assert.NotNil(t, s.root.child(d3))
			assert.Equal(t, d3, res.Move)
		})
	}
}
