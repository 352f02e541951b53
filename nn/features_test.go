package nn

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// gameFrom sets up the drawn position as a game under the default rules
// (Chinese, komi 7.5, positional superko) with toMove to play.
func gameFrom(t *testing.T, diagram string, toMove rules.Color) *rules.Game {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err)
	g, err := rules.NewGame(b.Size(), rules.DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, g.SetupPosition(b))
	g.SetToMove(toMove)
	return g
}

// play plays the moves, written "B D4" or "W pass".
func play(t *testing.T, g *rules.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		f := strings.Fields(m)
		require.Len(t, f, 2, m)
		c, err := rules.ParseColor(f[0])
		require.NoError(t, err)
		p, err := rules.ParsePoint(f[1])
		require.NoError(t, err)
		require.NoError(t, g.Play(rules.Move{Color: c, Point: p}), m)
	}
}

// fill computes the inputs of g's position.
func fill(t *testing.T, g *rules.Game) *Input {
	t.Helper()
	in := &Input{}
	require.NoError(t, Fill(g, in))
	return in
}

// at returns plane k's value at the vertex v.
func at(t *testing.T, in *Input, k int, v string) float32 {
	t.Helper()
	p, err := rules.ParsePoint(v)
	require.NoError(t, err)
	n := in.Size * in.Size
	return in.Spatial[k*n+Index(p, in.Size)]
}

// set returns the vertices where plane k is 1, in board order.
func set(in *Input, k int) []string {
	n := in.Size * in.Size
	var vs []string
	for i, v := range in.Spatial[k*n : (k+1)*n] {
		if v != 0 {
			vs = append(vs, PointOf(i, in.Size).String())
		}
	}
	return vs
}

// legal returns whether the vertex v is a legal move in the inputs.
func legal(t *testing.T, in *Input, v string) bool {
	t.Helper()
	p, err := rules.ParsePoint(v)
	require.NoError(t, err)
	return in.Legal[Index(p, in.Size)]
}

// The globals of an empty board for each side to move: komi from the
// mover's view over 20, positional superko, and the parity wave.
func TestFillEmptyBoard(t *testing.T) {
	tests := []struct {
		size        int
		blackWave   float32
		whiteWave   float32
		description string
	}{
		{9, -0.5, 0.5, "odd area: draws need an odd komi, 7.5 is just above one"},
		{13, -0.5, 0.5, "odd area"},
		{19, -0.5, 0.5, "odd area"},
		{8, 0.5, -0.5, "even area: draws need an even komi, 7.5 is 1.5 above one"},
	}
	for _, tt := range tests {
		g, err := rules.NewGame(tt.size, rules.DefaultOptions())
		require.NoError(t, err)
		n := tt.size * tt.size
		in := fill(t, g)
		assert.Equal(t, tt.size, in.Size)
		assert.Equal(t, rules.Black, in.ToMove)
		require.Len(t, in.Spatial, NumSpatialFeatures*n)
		require.Len(t, in.Legal, n+1)
		for k := range NumSpatialFeatures {
			want := 0
			if k == PlaneOnBoard {
				want = n
			}
			assert.Len(t, set(in, k), want, "plane %d on %dx%d", k, tt.size, tt.size)
		}
		for i, l := range in.Legal {
			assert.True(t, l, "index %d", i)
		}
		want := [NumGlobalFeatures]float32{}
		want[globalKomi], want[globalKoRule], want[globalSuperkoKind], want[globalKomiWave] = -0.375, 1, 0.5, tt.blackWave
		assert.Equal(t, want, in.Global, "black to move on %dx%d: %s", tt.size, tt.size, tt.description)

		// White to move after Black's pass: a pass now would end the
		// game, and KataGo then shows the net no history at all.
		play(t, g, "B pass")
		in = fill(t, g)
		assert.Equal(t, rules.White, in.ToMove)
		want[globalKomi], want[globalKomiWave] = 0.375, tt.whiteWave
		assert.Equal(t, want, in.Global, "white to move on %dx%d: %s", tt.size, tt.size, tt.description)
	}
}

func TestFillKomiAndHandicap(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Komi = 0.5
	g, err := rules.NewGame(19, opts)
	require.NoError(t, err)
	stones, err := rules.FixedHandicap(19, 4)
	require.NoError(t, err)
	require.NoError(t, g.SetHandicap(stones))
	in := fill(t, g)
	// White receives the komi and a point per handicap stone.
	assert.InDelta(t, 4.5/20, in.Global[globalKomi], 1e-7)
	assert.InDelta(t, -0.5, in.Global[globalKomiWave], 1e-7, "4.5: 1.5 above the drawable 3")
	assert.Equal(t, []string{"D16", "Q16", "D4", "Q4"}, set(in, PlaneOppStones))

	opts.Komi = 1000 // bounded at the area plus 20
	g, err = rules.NewGame(9, opts)
	require.NoError(t, err)
	in = fill(t, g)
	assert.InDelta(t, -101.0/20, in.Global[globalKomi], 1e-6)
}

func TestFillStonesAndLiberties(t *testing.T) {
	g := gameFrom(t, `
		. . . . .
		. X O O .
		O X O O .
		O X . . .
		. O X . .`, rules.White)
	in := fill(t, g)
	assert.Equal(t, []string{"C4", "D4", "A3", "C3", "D3", "A2", "B1"}, set(in, PlaneOwnStones), "white to move: white's stones are its own")
	assert.Equal(t, []string{"B4", "B3", "B2", "C1"}, set(in, PlaneOppStones))
	assert.Equal(t, []string{"B1"}, set(in, PlaneLiberties1))
	assert.Equal(t, []string{"A3", "A2", "C1"}, set(in, PlaneLiberties2))
	assert.Equal(t, []string{"B4", "B3", "B2"}, set(in, PlaneLiberties3), "A4, B5 and C2")
	assert.False(t, legal(t, in, "C3"), "occupied")
	assert.True(t, legal(t, in, "A1"), "joins A2 and B1, which keep A4")
}

// koGame is a position where Black can take a ko at C3, capturing B3.
func koGame(t *testing.T) *rules.Game {
	return gameFrom(t, `
		. . . . .
		. X O . .
		X O . O .
		. X O . .
		. . . . .`, rules.Black)
}

func TestFillKoJustTaken(t *testing.T) {
	g := koGame(t)
	play(t, g, "B C3")
	in := fill(t, g)
	assert.Equal(t, []string{"B3"}, set(in, PlaneKoBan), "White may not retake at once")
	assert.False(t, legal(t, in, "B3"))
	assert.Equal(t, []string{"C3"}, set(in, PlanePrevMove1))

	// A ko threat and its answer: the ban is gone.
	play(t, g, "W E5", "B E1")
	in = fill(t, g)
	assert.Empty(t, set(in, PlaneKoBan))
	assert.True(t, legal(t, in, "B3"))
	assert.Equal(t, []string{"E1"}, set(in, PlanePrevMove1), "the opponent's last move")
	assert.Equal(t, []string{"E5"}, set(in, PlanePrevMove1+1), "the mover's own move before it")
	assert.Equal(t, []string{"C3"}, set(in, PlanePrevMove1+2))
	assert.Empty(t, set(in, PlanePrevMove1+3), "the history starts at the setup")
	assert.Equal(t, float32(0), in.Global[globalPrevPass1])
}

func TestFillSuperkoBan(t *testing.T) {
	g := koGame(t)
	// Black takes the ko, both pass (which lifts the simple ko): White
	// retaking now would bring back the position before Black's capture.
	play(t, g, "B C3", "W pass", "B pass")
	ko, _ := g.Board().Ko()
	require.Equal(t, rules.Pass, ko, "no simple ko left")
	in := fill(t, g)
	assert.Equal(t, []string{"B3"}, set(in, PlaneKoBan), "banned by positional superko")
	assert.False(t, legal(t, in, "B3"))
	assert.False(t, g.IsLegal(rules.Move{Color: rules.White, Point: point(t, "B3")}))
	assert.True(t, in.Legal[len(in.Legal)-1], "passing is always legal")
	// Two passes end the game: KataGo then shows the last move only.
	assert.Equal(t, float32(1), in.Global[globalPrevPass1])
	assert.Equal(t, float32(0), in.Global[globalPrevPass1+1])
	assert.Equal(t, float32(1), in.Global[globalPassEnds])
}

func TestFillPassHistory(t *testing.T) {
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	play(t, g, "B E5", "W pass", "B C3", "W D7")
	in := fill(t, g)
	assert.Equal(t, []string{"D7"}, set(in, PlanePrevMove1))
	assert.Equal(t, []string{"C3"}, set(in, PlanePrevMove1+1))
	assert.Empty(t, set(in, PlanePrevMove1+2), "a pass is a global, not a point")
	assert.Equal(t, []string{"E5"}, set(in, PlanePrevMove1+3))
	assert.Equal(t, [5]float32{0, 0, 1, 0, 0}, [5]float32(in.Global[:5]))
	assert.Equal(t, float32(0), in.Global[globalPassEnds])

	// Two moves of one colour in a row cut the history there.
	play(t, g, "W F3")
	g.SetToMove(rules.White)
	in = fill(t, g)
	assert.Empty(t, set(in, PlanePrevMove1), "the last move is the mover's own: no history")
}

func point(t *testing.T, v string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(v)
	require.NoError(t, err)
	return p
}

// ladderDiagram is a white stone in atari at G7 whose escape at G6 runs
// into a ladder towards the lower left; breaker adds a white stone on C3,
// in its path.
func ladderDiagram(breaker bool) string {
	rows := []string{
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . X . . . . . .",
		". . . . . X O X . . . . .",
		". . . . . . . X . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
		". . . . . . . . . . . . .",
	}
	if breaker {
		rows[10] = ". . O . . . . . . . . . ."
	}
	return strings.Join(rows, "\n")
}

func TestFillLadder(t *testing.T) {
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		in := fill(t, gameFrom(t, ladderDiagram(false), toMove))
		assert.Equal(t, []string{"G7"}, set(in, PlaneLadder), "%v to move: the ladder works", toMove)
		assert.Empty(t, set(in, PlaneLadderMoves), "a chain in atari has no ladder moves")
		assert.Equal(t, []string{"G7"}, set(in, PlaneLadderPrev1), "no history: the current position again")
		assert.Equal(t, []string{"G7"}, set(in, PlaneLadderPrev2))

		in = fill(t, gameFrom(t, ladderDiagram(true), toMove))
		assert.Empty(t, set(in, PlaneLadder), "%v to move: C3 breaks the ladder", toMove)
	}
}

func TestFillLadderTwoLiberties(t *testing.T) {
	// G7 has two liberties, H7 and G6. Black on H7 starts the same ladder
	// as above; Black on G6 starts one towards the upper right, which
	// would work too but for the white stone on L10.
	diagram := `
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . O . .
		. . . . . . . . . . . . .
		. . . . . . X . . . . . .
		. . . . . X O . . . . . .
		. . . . . . . X . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .`
	in := fill(t, gameFrom(t, diagram, rules.Black))
	assert.Equal(t, []string{"G7"}, set(in, PlaneLadder))
	assert.Equal(t, []string{"H7"}, set(in, PlaneLadderMoves), "the move that starts the working ladder")

	in = fill(t, gameFrom(t, diagram, rules.White))
	assert.Equal(t, []string{"G7"}, set(in, PlaneLadder))
	assert.Empty(t, set(in, PlaneLadderMoves), "ladder moves are shown against the opponent's chains only")
}

func TestFillLadderHistory(t *testing.T) {
	g := gameFrom(t, ladderDiagram(false), rules.White)
	play(t, g, "W C3") // the breaker, instead of running
	in := fill(t, g)
	assert.Empty(t, set(in, PlaneLadder))
	assert.Equal(t, []string{"G7"}, set(in, PlaneLadderPrev1), "laddered one move ago")
	assert.Equal(t, []string{"G7"}, set(in, PlaneLadderPrev2), "only one move of history: the position one move ago again")

	play(t, g, "B L12")
	in = fill(t, g)
	assert.Empty(t, set(in, PlaneLadder))
	assert.Empty(t, set(in, PlaneLadderPrev1))
	assert.Equal(t, []string{"G7"}, set(in, PlaneLadderPrev2), "laddered two moves ago")
}

func TestFillPassAliveArea(t *testing.T) {
	// A black group with two eyes, one of them holding a dead white
	// stone: pass-alive, so the stone and its eye are Black's area.
	twoEyes := `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . O
		X X X X X . . . .
		. X O . X . . . .
		X X X X X . . . .`
	in := fill(t, gameFrom(t, twoEyes, rules.Black))
	own := set(in, PlaneOwnArea)
	assert.Contains(t, own, "C2", "the dead white stone")
	assert.Contains(t, own, "D2")
	assert.Contains(t, own, "A2")
	assert.Equal(t, []string{"J4"}, set(in, PlaneOppArea), "White's lone stone, not pass-alive, counts as its own")

	in = fill(t, gameFrom(t, twoEyes, rules.White))
	assert.Contains(t, set(in, PlaneOppArea), "C2", "the same from White's side")

	// Fill the other eye: one eye only, nothing is pass-alive, and the
	// white stone is White's again.
	oneEye := strings.Replace(twoEyes, ". X O . X", "X X O . X", 1)
	in = fill(t, gameFrom(t, oneEye, rules.Black))
	own = set(in, PlaneOwnArea)
	assert.NotContains(t, own, "C2")
	assert.NotContains(t, own, "D2", "an eye with an enemy stone in it is no territory")
	assert.Contains(t, own, "A2", "a stone of Black's own")
	assert.Contains(t, set(in, PlaneOppArea), "C2")
	assert.NotContains(t, own, "E5", "the open board touches White's J4 too")
	assert.NotContains(t, set(in, PlaneOppArea), "E5")
}

// Random games on every board size: Fill never fails, its planes are 0 or
// 1, its stones and legal moves agree with the game, and its globals stay
// in KataGo's ranges.
func TestFillRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 7))
	var f Featurizer
	in := &Input{}
	for size := 2; size <= rules.MaxSize; size++ {
		g, err := rules.NewGame(size, rules.DefaultOptions())
		require.NoError(t, err)
		n := size * size
		every := 1 + n/50 // fewer checks on the big boards
		if underRace {
			every *= 8
		}
		for move := 0; move < min(2*n, 300); move++ {
			if move%every == 0 {
				require.NoError(t, f.Fill(g, in))
				checkInput(t, g, in)
			}
			pla := g.ToMove()
			m := rules.Move{Color: pla, Point: rules.Pass}
			if rng.IntN(20) > 0 {
				for range 10 {
					p := PointOf(rng.IntN(n), size)
					if g.IsLegal(rules.Move{Color: pla, Point: p}) {
						m.Point = p
						break
					}
				}
			}
			require.NoError(t, g.Play(m))
		}
	}
}

// checkInput checks in against the game it was filled from.
func checkInput(t *testing.T, g *rules.Game, in *Input) {
	t.Helper()
	b := g.Board()
	n := in.Size * in.Size
	require.Equal(t, b.Size(), in.Size)
	for k := range NumSpatialFeatures {
		for i, v := range in.Spatial[k*n : (k+1)*n] {
			if v != 0 && v != 1 {
				require.Failf(t, "plane value", "plane %d index %d: %v", k, i, v)
			}
		}
	}
	for i := range n {
		p := PointOf(i, in.Size)
		require.Equal(t, b.At(p) == in.ToMove, in.Spatial[PlaneOwnStones*n+i] == 1, "own stone at %v", p)
		require.Equal(t, b.At(p) == in.ToMove.Opponent(), in.Spatial[PlaneOppStones*n+i] == 1, "opponent stone at %v", p)
		require.Equal(t, g.IsLegal(rules.Move{Color: in.ToMove, Point: p}), in.Legal[i], "legality of %v\n%v", p, b)
		if in.Spatial[PlaneKoBan*n+i] == 1 {
			require.False(t, in.Legal[i], "a banned point is illegal: %v", p)
		}
	}
	for k, v := range in.Global {
		switch k {
		case globalKomi:
			require.InDelta(t, 0, v, float64(n+komiClipRadius)/20)
		case globalSuperkoKind, globalKomiWave:
			require.InDelta(t, 0, v, 0.5)
		default:
			require.True(t, v == 0 || v == 1, "global %d: %v", k, v)
		}
	}
}

// After warm-up, filling a position of a size seen before allocates
// nothing: the search fills inputs on every evaluation.
func TestFillAllocatesNothing(t *testing.T) {
	g := gameFrom(t, ladderDiagram(false), rules.White)
	play(t, g, "W G6", "B F6", "W C3", "B pass")
	var f Featurizer
	in := &Input{}
	require.NoError(t, f.Fill(g, in))
	assert.Zero(t, testing.AllocsPerRun(20, func() { _ = f.Fill(g, in) }))
	if !underRace { // the race detector makes sync.Pool drop items on purpose
		assert.Zero(t, testing.AllocsPerRun(20, func() { _ = Fill(g, in) }))
	}
}

// BenchmarkFill fills the inputs of a 19x19 middle game (150 random moves).
func BenchmarkFill(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := rules.NewGame(19, rules.DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	for range 150 {
		m := rules.Move{Color: g.ToMove(), Point: rules.Pass}
		for range 20 {
			if p := PointOf(rng.IntN(361), 19); g.IsLegal(rules.Move{Color: m.Color, Point: p}) {
				m.Point = p
				break
			}
		}
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	var f Featurizer
	in := &Input{}
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Fill(g, in); err != nil {
			b.Fatal(err)
		}
	}
}

func TestFillAreaFalseEye(t *testing.T) {
	// Black's eye on the left holds a dead white stone (B2); its second
	// eye, E1, is real when F2 is Black's and false when F2 is White's:
	// then F1 is a chain of its own, which E1 alone cannot keep alive,
	// and with it falls the whole group (Benson's algorithm).
	diagram := func(f2 string) string {
		return `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			O O O O O O O . .
			X X X X X X O . .
			. O . X X ` + f2 + ` O . .
			X X X X . X O . .`
	}
	in := fill(t, gameFrom(t, diagram("X"), rules.Black))
	own := set(in, PlaneOwnArea)
	for _, v := range []string{"A2", "B2", "C2", "E1", "F1", "F2", "D3"} {
		assert.Contains(t, own, v, "two real eyes: pass-alive")
	}
	assert.NotContains(t, set(in, PlaneOppArea), "B2")

	in = fill(t, gameFrom(t, diagram("O"), rules.Black))
	own, opp := set(in, PlaneOwnArea), set(in, PlaneOppArea)
	assert.Contains(t, opp, "B2", "a false eye: not pass-alive, the white stone is White's")
	assert.NotContains(t, own, "A2", "an eye holding an enemy stone is no territory")
	assert.NotContains(t, own, "C2")
	assert.Contains(t, own, "E1", "an empty point only Black touches counts for Black even so")
	assert.Contains(t, own, "D3", "Black's stones count as Black's")
}
