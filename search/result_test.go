package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// swingEvaluator judges the leaves even, with final scores of +swing and
// -swing for Black in turn.
type swingEvaluator struct {
	swing float64
	n     int
}

func (e *swingEvaluator) evaluate(l *leaf) evaluation {
	e.n++
	score := e.swing
	if e.n%2 == 0 {
		score = -score
	}
	return evaluation{blackValue: valueUnit / 2, score: score, final: l.board}
}

// The classic search's score deviation is its playouts' spread: scores
// of +3 and -3 in equal numbers spread by 3, each move's by at most 3.
func TestScoreStdevIsThePlayoutsSpread(t *testing.T) {
	s, g := searchedEmpty(t, 9, 1, 1)
	s.Reset()
	s.workers[0].evaluator = &swingEvaluator{swing: 3}
	r := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 400})
	require.Equal(t, 400, r.Playouts)
	assert.InDelta(t, 3, r.ScoreStdev, 1e-9)
	spread := 0
	for _, cd := range r.Candidates {
		assert.LessOrEqual(t, cd.ScoreStdev, 3+1e-9, "%v", cd.Move)
		assert.GreaterOrEqual(t, cd.ScoreStdev, 0.0, "%v", cd.Move)
		if cd.ScoreStdev > 1 {
			spread++
		}
	}
	assert.Positive(t, spread, "some moves saw both scores")

	// Real playouts of an open board end far apart.
	r = searchMove(emptyGame(t, 9), rules.Black, 300)
	assert.Greater(t, r.ScoreStdev, 1.0)
	assert.Less(t, r.ScoreStdev, 81.0+7.5)
}

// spreadNet is areaNet with every position's score fixed at score,
// spread by sd.
type spreadNet struct {
	areaNet
	score, sd float64
}

func (n spreadNet) NewEvaluator(uint64) LeafEvaluator { return n }

func (n spreadNet) Evaluate(g *rules.Game, out *NetOutput) {
	n.areaNet.Evaluate(g, out)
	out.BlackScore, out.BlackScoreSq = n.score, n.score*n.score+n.sd*n.sd
}

// With a network, the score deviation is KataGo's: from the mean of the
// leaves' expected squares, so a network sure of a spread of 4 on every
// position reports 4 for every move and the root. The pass is banned
// so that no leaf is a finished game, whose score is certain.
func TestNetworkScoreStdevFromTheScoreSquares(t *testing.T) {
	noPass := restriction(t, 7,
		MoveFilter{Player: rules.Black, Moves: []rules.Point{rules.Pass}, UntilDepth: 1000},
		MoveFilter{Player: rules.White, Moves: []rules.Point{rules.Pass}, UntilDepth: 1000})
	for _, c := range []rules.Color{rules.Black, rules.White} {
		_, r := restrictedSearch(cutPosition(t), c, spreadNet{score: 5, sd: 4}, Budget{Playouts: 200, Restrict: noPass})
		require.NotEmpty(t, r.Candidates)
		assert.InDelta(t, 4, r.ScoreStdev, 1e-3, "the root, %v to move", c)
		for _, cd := range r.Candidates {
			assert.InDelta(t, 4, cd.ScoreStdev, 1e-3, "%v, %v to move", cd.Move, c)
		}
	}
	// Without a spread of its own, a network's leaves spread the score
	// only by how far apart they are.
	_, r := restrictedSearch(cutPosition(t), rules.Black, spreadNet{score: 5}, Budget{Playouts: 200, Restrict: noPass})
	assert.InDelta(t, 0, r.ScoreStdev, 1e-3)
	_, r = restrictedSearch(cutPosition(t), rules.Black, areaNet{}, Budget{Playouts: 200, Restrict: noPass})
	assert.Greater(t, r.ScoreStdev, 0.5, "the area counts of the leaves differ")
}

// Each move's PV comes with the visits of its moves: the move's own
// first, then fewer and fewer down the line.
func TestPVVisits(t *testing.T) {
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			_, r := restrictedSearch(cutPosition(t), rules.Black, kind.net, Budget{Playouts: 500})
			require.NotEmpty(t, r.Candidates)
			assert.Greater(t, len(r.Candidates[0].PV), 2, "the best move has a line")
			for _, cd := range r.Candidates {
				require.Len(t, cd.PVVisits, len(cd.PV), "%v", cd.Move)
				assert.Equal(t, cd.Visits, cd.PVVisits[0], "%v", cd.Move)
				for i := 1; i < len(cd.PVVisits); i++ {
					assert.LessOrEqual(t, cd.PVVisits[i], cd.PVVisits[i-1], "%v: move %d of the line", cd.Move, i)
					assert.GreaterOrEqual(t, cd.PVVisits[i], 2, "%v: move %d of the line", cd.Move, i)
				}
			}
		})
	}
}

// pointIndex returns the index of p in b.Points().
func pointIndex(t *testing.T, b *rules.Board, p rules.Point) int {
	for i, q := range b.Points() {
		if q == p {
			return i
		}
	}
	t.Fatalf("%v is not on the board", p)
	return -1
}

// Each move's ownership is what follows that move: after Black's D3
// captures White's cutting stones, D4 and D5 are far less White's than
// after any other move (searched with D3 avoided, so that they get
// visits).
func TestMovesOwnershipFollowsEachMove(t *testing.T) {
	g := cutPosition(t)
	b := g.Board()
	d3 := point(t, "D3")
	noD3 := restriction(t, 7, MoveFilter{Player: rules.Black, Moves: []rules.Point{d3}, UntilDepth: 1})
	for _, kind := range searchKinds {
		t.Run(kind.name, func(t *testing.T) {
			_, r := restrictedSearch(g, rules.Black, kind.net, Budget{Playouts: 600, MovesOwnership: true})
			_, others := restrictedSearch(g, rules.Black, kind.net, Budget{Playouts: 600, MovesOwnership: true, Restrict: noD3})
			var capture *Candidate
			for _, res := range []*Result{r, others} {
				for i := range res.Candidates {
					cd := &res.Candidates[i]
					require.Len(t, cd.Ownership, len(b.Points()), "%v", cd.Move)
					for _, o := range cd.Ownership {
						require.True(t, o >= -1 && o <= 1, "%v: ownership %v", cd.Move, o)
					}
					if cd.Move == d3 {
						capture = cd
					}
				}
			}
			require.NotNil(t, capture)
			checked := 0
			for _, p := range []string{"D4", "D5"} {
				j := pointIndex(t, b, point(t, p))
				for _, cd := range others.Candidates {
					if cd.Visits >= 10 {
						assert.Greater(t, capture.Ownership[j], cd.Ownership[j]+0.3, "%v after D3 and after %v", p, cd.Move)
						checked++
					}
				}
			}
			assert.Positive(t, checked, "other moves were searched enough to compare")

			_, r = restrictedSearch(g, rules.Black, kind.net, Budget{Playouts: 100})
			for _, cd := range r.Candidates {
				assert.Nil(t, cd.Ownership, "not asked for")
			}
		})
	}
}

func TestStdev(t *testing.T) {
	assert.Equal(t, 0.0, stdev(0, 0, 0), "no values")
	// 3, 3, -1, -1: mean 1, deviations 2.
	assert.InDelta(t, 2, stdev(4, 20, 4), 1e-12)
	assert.Equal(t, 0.0, stdev(2, 1, 2), "rounding never makes a variance negative")
}
