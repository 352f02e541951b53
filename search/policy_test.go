package search

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// policyWorker returns a worker ready to play policy moves on g's board.
func policyWorker(g *rules.Game) *worker {
	w := newWorker(New(DefaultConfig()), 1)
	w.useBoard(g.Board())
	return w
}

// drawnTwoLibertyMoves returns every answer twoLibertyMove gives over many
// draws.
func drawnTwoLibertyMoves(w *worker, b *rules.Board, c rules.Color, last rules.Point) map[string]bool {
	seen := map[string]bool{}
	for range 200 {
		seen[w.policy.twoLibertyMove(b, c, last).String()] = true
	}
	return seen
}

func TestTwoLibertyMoveAtarisWhereTheChainCannotRun(t *testing.T) {
	// White A4, the last move, has the liberties A3 and B4. Black's atari
	// at B4 leaves A3, where White's two stones get two liberties, A2
	// and B3, and the chase goes on; the atari at A3 lets White run out
	// at B4 to three. Only B4 is played. (Black A5-A6 has three
	// liberties, so there is nothing of Black's to extend.)
	g := gameFrom(t, `
		. . . . . . .
		X . . . . . .
		X . . . . . .
		O . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`, 0, rules.Black)
	w := policyWorker(g)
	assert.Equal(t, map[string]bool{"B4": true}, drawnTwoLibertyMoves(w, g.Board(), rules.Black, point(t, "A4")))
}

func TestTwoLibertyMoveExtendsOwnChain(t *testing.T) {
	// White's last move C5 leaves Black C4-D4 with two liberties, C3 and
	// D3. Either extension gives it a third; Black plays one of them.
	g := gameFrom(t, `
		. . . . . . .
		. . . . . . .
		. . O O . . .
		. O X X O . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`, 0, rules.Black)
	w := policyWorker(g)
	assert.Equal(t, map[string]bool{"C3": true, "D3": true}, drawnTwoLibertyMoves(w, g.Board(), rules.Black, point(t, "C5")))
}

func TestTwoLibertyMoveIgnoresSafeChains(t *testing.T) {
	// The last move, White D4, has four liberties: nothing to do.
	g := gameFrom(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . O . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`, 0, rules.Black)
	w := policyWorker(g)
	require.Equal(t, rules.Pass, w.policy.twoLibertyMove(g.Board(), rules.Black, point(t, "D4")))
}

func TestFillBoardMoveNeedsAnEmptySquare(t *testing.T) {
	// Every point but D4 to F6 has a stone among its eight neighbours or
	// lies on the first line; around E5, where a stone is missing from the
	// grid, the nine points of the square D4-F6 have all theirs empty.
	g := gameFrom(t, `
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. X . . X . . X . . X . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. X . . X . . X . . X . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. X . . . . . X . . X . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. X . . X . . X . . X . .
		. . . . . . . . . . . . .`, 0, rules.Black)
	w := policyWorker(g)
	w.cfg.Large.FillBoardTries = 50
	open := map[string]bool{}
	for _, x := range "DEF" {
		for _, y := range "456" {
			open[string(x)+string(y)] = true
		}
	}
	seen := map[string]bool{}
	for range 200 {
		if p := w.policy.fillBoardMove(g.Board()); p != rules.Pass {
			seen[p.String()] = true
		}
	}
	require.NotEmpty(t, seen)
	for p := range seen {
		assert.True(t, open[p], "%s has a stone or the edge next to it", p)
	}
}

func TestFillBoardMoveOnEmptyBoardAvoidsFirstLine(t *testing.T) {
	g, err := rules.NewGame(13, rules.DefaultOptions())
	require.NoError(t, err)
	w := policyWorker(g)
	w.cfg.Large.FillBoardTries = 50 // a first-line draw every time: 0.28^50
	for range 500 {
		p := w.policy.fillBoardMove(g.Board())
		require.NotEqual(t, rules.Pass, p)
		assert.True(t, p.X() > 0 && p.Y() > 0 && p.X() < 12 && p.Y() < 12, "%s is on the first line", p)
	}
}

func TestKillingSacrifice(t *testing.T) {
	// A9 and A7 each put Black's A8 and the new stone in atari inside the
	// white corner chain alone: a killing sacrifice. J9 puts H9-J9 in
	// atari between two white chains, G9 and J8: not inside one. B1 puts
	// a chain of four in atari: too many for a nakade.
	g := gameFrom(t, `
		. O O X . . O X .
		X O X X . . . . O
		. O X . . . . . .
		O O X . . . . . .
		X X X . . . . . .
		. . . . . . . . .
		O O O O O . . . .
		O X X X O . . . .
		O . . O O . . . .`, 0, rules.Black)
	b := g.Board()
	tests := []struct {
		move string
		want bool
	}{
		{"A9", true},
		{"A7", true},
		{"J9", false},
		{"B1", false},
	}
	for _, tt := range tests {
		p := point(t, tt.move)
		require.Less(t, b.LibertiesAfter(rules.Black, p, 2), 2, "%s is a self-atari", tt.move)
		assert.Equal(t, tt.want, killingSacrifice(b, rules.Black, p), tt.move)
		assert.Equal(t, !tt.want, selfAtariOfChain(b, rules.Black, p), tt.move)
	}
}

func TestGameValue(t *testing.T) {
	unit := float64(valueUnit)
	for _, weight := range []float64{0.1, 0.25} {
		value := func(score float64, size int) int64 { return gameValue(score, size, weight) }
		assert.Equal(t, int64(valueUnit/2), value(0, 19), "a draw is worth half")
		assert.Greater(t, value(0.5, 19), int64(valueUnit/2), "any win is worth more than a draw")
		assert.Less(t, value(-0.5, 19), int64(valueUnit/2), "any loss is worth less")
		assert.GreaterOrEqual(t, value(0.5, 19)-value(-0.5, 19), int64((1-weight)*unit-1), "winning or losing by the least still differs by the win's share")
		assert.Greater(t, value(20, 19), value(1, 19), "a bigger win is worth more")
		assert.Greater(t, value(-1, 19), value(-20, 19), "a smaller loss is worth more")
		assert.Less(t, value(20, 9)-value(20, 19), int64(weight*unit), "the margin's share is bounded")
		assert.Greater(t, value(20, 9), value(20, 19), "the margin counts on the scale of the board's side")
	}
	assert.Greater(t, gameValue(20, 19, 0.25)-gameValue(1, 19, 0.25), gameValue(20, 19, 0.1)-gameValue(1, 19, 0.1), "a larger weight values the margin more")
}

// TestSettingsByBoardSize: a worker takes the large boards' score weight
// and root prior AMAF weight from Large.MinSize up and the small boards'
// below, board after board.
func TestSettingsByBoardSize(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ScoreWeight, cfg.Large.ScoreWeight = 0.1, 0.25
	cfg.Large.PriorAmaf = 30
	w := newWorker(New(cfg), 1)
	for _, tt := range []struct {
		size                   int
		scoreWeight, priorAmaf float64
	}{{9, 0.1, 0}, {cfg.Large.MinSize, 0.25, 30}, {19, 0.25, 30}, {9, 0.1, 0}} {
		w.useBoard(emptyGame(t, tt.size).Board())
		assert.Equal(t, tt.scoreWeight, w.policy.scoreWeight, "%dx%d", tt.size, tt.size)
		assert.Equal(t, tt.priorAmaf, w.priorAmaf, "%dx%d", tt.size, tt.size)
	}
}

// TestPlayoutsLeaveSekiWithFalseLookingEye: White's corner stones (two
// chains) and Black's stones B1 and B2 share the liberties A1 and C1 and
// stand in seki: Black filling either is captured at once, and so is
// White, on C3. But C3, with two Black stones on its diagonals, looks like
// a false eye, and the playouts filled it near their end; then Black's
// sacrifice on A1 leaves White the bent three of A1, B1 and B2, whose
// middle Black takes. Before sekiFill the corner stones ended Black's in
// more than half of the playouts (shares of +0.1 to +0.3). In a 19x19
// game against GNU Go, this seki judged dead had Yunzi believe it led by
// 21 points in a game it lost.
func TestPlayoutsLeaveSekiWithFalseLookingEye(t *testing.T) {
	g := gameFrom(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		X X X X X . . . .
		O X O O X . . . .
		O O . O X . . . .
		O X O O X X . . .
		. X . O O X . . .`, 0, rules.Black)
	b := g.Board()
	net, played := Ownership(context.Background(), DefaultConfig(), b, 200, 200)
	require.Equal(t, 200, played)
	share := func(s string) float64 { return net[slices.Index(b.Points(), point(t, s))] }
	for _, s := range []string{"A2", "B3", "C2", "D1", "E1", "C3"} {
		assert.Less(t, share(s), -0.9, "%s stays White's", s)
	}
	for _, s := range []string{"B1", "B2"} {
		assert.Greater(t, share(s), 0.9, "%s stays Black's", s)
	}
}

// regionMiddle is threePointMiddle the slow way, as a reference: it walks
// the empty region through e point by point, noting the stones' colours
// around it, and gives up past three points.
func regionMiddle(b *rules.Board, e rules.Point) (rules.Point, bool) {
	region := []rules.Point{e}
	border := rules.Empty
	for i := 0; i < len(region); i++ {
		for _, q := range region[i].Neighbours() {
			switch x := b.At(q); x {
			case rules.Empty:
				if !slices.Contains(region, q) {
					if len(region) == 3 {
						return rules.Pass, false
					}
					region = append(region, q)
				}
			case rules.Black, rules.White:
				if border != rules.Empty && border != x {
					return rules.Pass, false
				}
				border = x
			}
		}
	}
	if len(region) != 3 || border == rules.Empty {
		return rules.Pass, false
	}
	for _, p := range region {
		inside := 0
		for _, q := range p.Neighbours() {
			if slices.Contains(region, q) {
				inside++
			}
		}
		if inside == 2 {
			return p, true
		}
	}
	panic("a region of three points without a middle")
}

// TestThreePointMiddleMatchesRegionWalk compares the count-based test with
// the walk at every empty point of positions along random games, filled
// up to the eyes that random moves leave.
func TestThreePointMiddleMatchesRegionWalk(t *testing.T) {
	found := 0
	for _, size := range []int{3, 5, 7, 9, 13} {
		for seed := range uint64(40) {
			b := rules.NewBoard(size)
			rng := rules.NewRand(seed + 1)
			c := rules.Black
			for move := range 4 * size * size {
				if move%7 == 0 {
					for _, e := range b.Points() {
						if b.At(e) != rules.Empty {
							continue
						}
						want, wantOK := regionMiddle(b, e)
						got, gotOK := threePointMiddle(b, e)
						if got != want || gotOK != wantOK {
							t.Fatalf("%dx%d seed %d at %v: threePointMiddle = %v, %v; the walk gives %v, %v\n%s",
								size, size, seed, e, got, gotOK, want, wantOK, b)
						}
						if gotOK {
							found++
						}
					}
				}
				require.NoError(t, b.Play(rules.Move{Color: c, Point: b.RandomMove(c, rng)}))
				c = c.Opponent()
			}
		}
	}
	assert.Greater(t, found, 100, "the games reached few three-point regions to compare")
}
