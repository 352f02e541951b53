package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// gameFrom sets up a game on the position of a diagram.
func gameFrom(t *testing.T, diagram string, komi float64, toMove rules.Color) *rules.Game {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err)
	opts := rules.DefaultOptions()
	opts.Komi = komi
	g, err := rules.NewGame(b.Size(), opts)
	require.NoError(t, err)
	require.NoError(t, g.SetupPosition(b))
	g.SetToMove(toMove)
	return g
}

// emptyGame starts a game on an empty board of the given size.
func emptyGame(t *testing.T, size int) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(size, rules.DefaultOptions())
	require.NoError(t, err)
	return g
}

func point(t *testing.T, s string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s)
	require.NoError(t, err)
	return p
}

// searchMove runs a deterministic one-thread search.
func searchMove(g *rules.Game, c rules.Color, playouts int) *Result {
	cfg := DefaultConfig()
	cfg.Threads = 1
	return New(cfg).Search(context.Background(), g, c, Budget{Playouts: playouts})
}

// The positions below are set so that one move decides the game; the komi
// is chosen to make it so (see each comment).
func TestSearchFindsDecidingMove(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		komi    float64
		toMove  rules.Color
		want    string
	}{{
		// White D5-D4 is in atari at D3. Captured: Black owns rows 4-7, 28
		// to 21, and wins with komi 4.5. Connected: White cuts, 26 to 23.
		name: "capture the cutting stones",
		diagram: `
			. . . . . . .
			. . . X . . .
			X X X O X X X
			X X X O X X X
			O O O . O O O
			. . . . . . .
			. . . . . . .`,
		komi: 4.5, toMove: rules.Black, want: "D3",
	}, {
		// The same with the colours swapped: Black must connect at D3. Saved,
		// Black loses 23 to 26, and wins with komi -3.5; captured, 21 to 28.
		// D2 lets White capture two stones at D3 and takes one back at D4,
		// and loses by 1.5 (at komi -5.5 it would win by 0.5, as GNU Go's
		// play of it shows: a second winning move).
		name: "save the chain in atari",
		diagram: `
			. . . . . . .
			. . . O . . .
			O O O X O O O
			O O O X O O O
			X X X . X X X
			. . . . . . .
			. . . . . . .`,
		komi: -3.5, toMove: rules.Black, want: "D3",
	}, {
		// Black's corner has a straight three eye space: B1 makes two eyes.
		// White has three eyes above. Alive, Black counts 8 points to 17, and
		// wins with komi -16.5; dead, 0 to 25.
		name: "live with the vital point",
		diagram: `
			. O . O .
			O O O O O
			O O O O O
			X X X X O
			. . . X O`,
		komi: -16.5, toMove: rules.Black, want: "B1",
	}, {
		name: "kill with the vital point",
		diagram: `
			. O . O .
			O O O O O
			O O O O O
			X X X X O
			. . . X O`,
		komi: -16.5, toMove: rules.White, want: "B1",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFrom(t, tt.diagram, tt.komi, tt.toMove)
			r := searchMove(g, tt.toMove, 5000)
			assert.Equal(t, tt.want, r.Move.String(), "candidates %v", r.Candidates[:min(3, len(r.Candidates))])
		})
	}
}

// Each candidate reports the mean margin of its own playouts: capturing
// the cutting stones wins by about 2.5 (28 to 21, komi 4.5), letting them
// connect loses by about 7.5 (23 to 26). The result's lead is its move's.
func TestScoreLeadPerMove(t *testing.T) {
	g := gameFrom(t, `
		. . . . . . .
		. . . X . . .
		X X X O X X X
		X X X O X X X
		O O O . O O O
		. . . . . . .
		. . . . . . .`, 4.5, rules.Black)
	r := searchMove(g, rules.Black, 5000)
	require.Equal(t, "D3", r.Move.String())
	best := r.Candidates[0]
	assert.Equal(t, best.ScoreLead, r.ScoreLead)
	assert.Greater(t, best.ScoreLead, 0.0)
	for _, c := range r.Candidates[1:] {
		if c.Visits >= minSlotPlayouts {
			assert.Less(t, c.ScoreLead, best.ScoreLead, "%v", c.Move)
		}
	}
}

func TestSearchIsDeterministicWithOneThread(t *testing.T) {
	g := emptyGame(t, 9)
	require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: point(t, "E5")}))
	a := searchMove(g, rules.White, 2000)
	b := searchMove(g, rules.White, 2000)
	assert.Equal(t, a.Move, b.Move)
	assert.Equal(t, a.Candidates, b.Candidates)
	assert.Equal(t, a.Ownership, b.Ownership)
}

func TestTreeNeverOffersSuperko(t *testing.T) {
	// Black captures the ko at D3... then both pass: simple ko no longer
	// forbids White's retake at C3, but it would recreate the position
	// before Black's capture.
	g := gameFrom(t, `
		. . . . .
		. . . . .
		. X O . .
		X O . O .
		. X O . .`, 7.5, rules.Black)
	for _, m := range []rules.Move{
		{Color: rules.Black, Point: point(t, "C2")}, // captures B2
		{Color: rules.White, Point: rules.Pass},
		{Color: rules.Black, Point: rules.Pass},
	} {
		require.NoError(t, g.Play(m))
	}
	retake := point(t, "B2")
	require.True(t, g.Board().IsLegal(rules.Move{Color: rules.White, Point: retake}), "simple ko allows the retake")
	require.False(t, g.IsLegal(rules.Move{Color: rules.White, Point: retake}), "superko forbids it")

	r := searchMove(g, rules.White, 500)
	for _, c := range r.Candidates {
		assert.NotEqual(t, retake, c.Move)
	}
	assert.NotEqual(t, retake, r.Move)
}

func TestTreeRespectsNodeCap(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads, cfg.MaxNodes = 2, 1000
	r := New(cfg).Search(context.Background(), g, rules.Black, Budget{Playouts: 5000})
	assert.LessOrEqual(t, r.Playouts, 5000, "never more than the budget")
	assert.Greater(t, r.Playouts, 1000)
	// One expansion may pass the cap while another is under way.
	assert.LessOrEqual(t, r.Nodes, cfg.MaxNodes+2*82)
}

func TestTreeIsReusedAfterMoves(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 1
	s := New(cfg)
	first := s.Search(context.Background(), g, rules.Black, Budget{Playouts: 3000})
	require.NoError(t, g.Play(rules.Move{Color: rules.Black, Point: first.Move}))
	reply := first.PV()
	require.GreaterOrEqual(t, len(reply), 2)
	require.NoError(t, g.Play(rules.Move{Color: rules.White, Point: reply[1]}))
	kept := s.root.visits.Load()
	s.prepareRoot(g, rules.Black)
	assert.Greater(t, s.root.visits.Load(), int32(0), "the subtree of the position reached is kept")
	assert.Less(t, s.root.visits.Load(), kept)
}

func TestSearchStopsOnContext(t *testing.T) {
	g := emptyGame(t, 9)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := New(DefaultConfig()).Search(ctx, g, rules.Black, Budget{})
	assert.Less(t, r.Playouts, 10)
}

func TestNakadeMoveFindsVitalPoint(t *testing.T) {
	g := gameFrom(t, `
		. O . O .
		O O O O O
		O O O O O
		X X X X O
		. . . X O`, 0, rules.White)
	// D1, the last move here, touches the straight three A1-C1.
	assert.Equal(t, "B1", nakadeMove(g.Board(), rules.White, point(t, "D1")).String())
	assert.Equal(t, "B1", nakadeMove(g.Board(), rules.Black, point(t, "D1")).String())
	// A four-point region is not a three-point eye space.
	g = gameFrom(t, `
		. O . O .
		O O O O O
		O O O O O
		X X X X X
		. . . . X`, 0, rules.White)
	assert.Equal(t, rules.Pass, nakadeMove(g.Board(), rules.White, point(t, "E1")))
}

func TestSearchReportsProgress(t *testing.T) {
	g := emptyGame(t, 9)
	cfg := DefaultConfig()
	cfg.Threads = 2
	var reports []*Result
	// A playout budget, not a time: 3,000 playouts take about a tenth of a
	// second, and longer on a loaded machine, which only adds reports.
	r := New(cfg).Search(context.Background(), g, rules.Black, Budget{
		Playouts:      3000,
		Progress:      func(r *Result) { reports = append(reports, r) },
		ProgressEvery: time.Millisecond,
	})
	require.GreaterOrEqual(t, len(reports), 3, "a report every millisecond of a search of 3,000 playouts")
	for i := 1; i < len(reports); i++ {
		assert.GreaterOrEqual(t, reports[i].Playouts, reports[i-1].Playouts, "reports go forward")
	}
	last := reports[len(reports)-1]
	assert.Len(t, last.Ownership, 81)
	assert.NotEmpty(t, last.Candidates)
	assert.GreaterOrEqual(t, r.Playouts, last.Playouts)
}

// TestOwnershipStopsWhenDone: the policy's ownership runs all its
// playouts, or when its context is done, just the least it was given.
func TestOwnershipStopsWhenDone(t *testing.T) {
	b := rules.NewBoard(9)
	net, played := Ownership(context.Background(), DefaultConfig(), b, 300, 50)
	assert.Equal(t, 300, played)
	assert.Len(t, net, 81)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	net, played = Ownership(done, DefaultConfig(), b, 300, 50)
	assert.Equal(t, 50, played)
	for _, v := range net {
		assert.True(t, v >= -1 && v <= 1, "net ownership %v", v)
	}
}
