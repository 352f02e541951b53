package pattern

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// syntheticPositions returns positions of ten moves with random lines and
// distances, where the played move is always the one that captures.
func syntheticPositions(n int) []Position {
	r := rand.New(rand.NewPCG(1, 2))
	var out []Position
	for range n {
		pos := Position{Played: r.IntN(10)}
		for i := range 10 {
			var f Features
			f[Shape] = 1
			f[Line] = uint16(1 + r.IntN(10))
			f[DistLast] = uint16(1 + r.IntN(16))
			if i == pos.Played {
				f[Capture] = 1
			}
			pos.Moves = append(pos.Moves, f)
		}
		out = append(out, pos)
	}
	return out
}

func TestTrainLearnsWhatIsPlayed(t *testing.T) {
	positions := syntheticPositions(200)
	before := NewModel(nil).LogLikelihood(positions)
	m := Train(nil, positions, 10)
	assert.Greater(t, m.gamma[Capture][1], 50.0, "the capture is always played")
	assert.Greater(t, m.LogLikelihood(positions), before)
	for _, pos := range positions {
		assert.Equal(t, 1, m.Rank(pos))
	}
	// The lines and distances are noise: their gammas stay within a
	// factor of two of 1.
	for _, g := range []Group{Line, DistLast} {
		for _, gamma := range m.gamma[g][1:] {
			assert.InDelta(t, 1, gamma, 0.5, g.String())
		}
	}
}

// gameOf returns the game of an SGF record.
func gameOf(t *testing.T, record string) Game {
	t.Helper()
	rec, err := sgf.Load([]byte(record), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	g, ok := GameOf(rec.Game)
	require.True(t, ok, "no setup stones in %s", record)
	return g
}

// positionsOf returns the positions of every move of g.
func positionsOf(t *testing.T, g Game, d *Dictionary) []Position {
	t.Helper()
	var out []Position
	require.NoError(t, g.Positions(d, func(rules.Color) bool { return true }, func(pos Position) { out = append(out, pos) }))
	return out
}

func TestPositionsOfAGame(t *testing.T) {
	record := "(;SZ[9];B[ee];W[dc];B[];W[cc])"
	g := gameOf(t, record)
	assert.Equal(t, Game{Size: 9, Moves: []rules.Move{
		{Color: rules.Black, Point: pt(t, "E5")}, {Color: rules.White, Point: pt(t, "D7")},
		{Color: rules.Black, Point: rules.Pass}, {Color: rules.White, Point: pt(t, "C7")},
	}}, g)
	positions := positionsOf(t, g, nil)
	require.Len(t, positions, 3, "the pass is left out")
	assert.Equal(t, []int{1, 2, 4}, []int{positions[0].Number, positions[1].Number, positions[2].Number}, "move numbers count the pass")
	// The last position: White C7 after Black's pass and White D7.
	rec, err := sgf.Load([]byte(record), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	b := rec.Game.Steps()[2].Board
	x := Context{Board: b, Color: rules.White, Last: rules.Pass, BeforeLast: pt(t, "D7")}
	last := positions[2]
	assert.Equal(t, x.Of(pt(t, "C7")), last.Moves[last.Played])
	assert.Equal(t, rules.White, last.Player)
	assert.Len(t, last.Moves, 81-2, "every empty point")

	var black []Position
	require.NoError(t, g.Positions(nil, func(c rules.Color) bool { return c == rules.Black }, func(pos Position) { black = append(black, pos) }))
	require.Len(t, black, 1, "Black's one move on the board")
	assert.Equal(t, positions[0], black[0])
}

func TestGamesWithSetupOrIllegalMoves(t *testing.T) {
	rec, err := sgf.Load([]byte("(;SZ[9]HA[2]AB[cc][gg];W[ee])"), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	_, ok := GameOf(rec.Game)
	assert.False(t, ok, "handicap stones")
	rec, err = sgf.Load([]byte("(;SZ[9];B[ee];AW[aa];W[cc])"), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	_, ok = GameOf(rec.Game)
	assert.False(t, ok, "setup stones after a move")

	e5 := pt(t, "E5")
	bad := Game{Size: 9, Moves: []rules.Move{{Color: rules.Black, Point: e5}, {Color: rules.White, Point: e5}}}
	n := 0
	err = bad.Positions(nil, func(rules.Color) bool { return true }, func(Position) { n++ })
	assert.ErrorContains(t, err, "move 2")
	assert.Equal(t, 1, n, "the moves before the illegal one")
	assert.ErrorContains(t, NewHarvest().Add(bad, func(rules.Color) bool { return true }), "move 2")
	assert.ErrorContains(t, Game{Size: 0}.Positions(nil, nil, nil), "board size")
}

func TestTrainMatchesThePlainUpdate(t *testing.T) {
	// The plain update of Coulom's algorithm, every strength computed
	// afresh for every group, as a check on Train's kept strengths.
	positions := syntheticPositions(100)
	for i := range positions {
		for j := range positions[i].Moves {
			positions[i].Moves[j][Atari] = uint16(j % 3)
		}
	}
	want := NewModel(nil)
	for range 4 {
		for g := range numGroups {
			gammas := want.gamma[g]
			wins := make([]float64, len(gammas))
			den := make([]float64, len(gammas))
			for _, pos := range positions {
				wins[pos.Moves[pos.Played][g]]++
				total := 0.0
				for _, f := range pos.Moves {
					total += want.Strength(f)
				}
				for _, f := range pos.Moves {
					den[f[g]] += want.Strength(f) / gammas[f[g]] / total
				}
			}
			for v := 1; v < len(gammas); v++ {
				gammas[v] = (wins[v] + 1) / (den[v] + 2/(gammas[v]+1))
			}
		}
	}
	got := Train(nil, positions, 4)
	for g := range numGroups {
		require.InDeltaSlice(t, want.gamma[g], got.gamma[g], 1e-9, Group(g).String())
	}
	assert.NotEqual(t, 1.0, got.gamma[Atari][1], "the atari values were learned")
}

func TestPrediction(t *testing.T) {
	positions := syntheticPositions(30)
	m := Train(nil, positions, 10)
	var p Prediction
	for i, pos := range positions {
		pos.Number = []int{1, 50, 51, 150, 151, 400}[i%6]
		p.Add(m, pos)
	}
	for i := range Phases {
		assert.Equal(t, 10, p.Phases[i].Positions, Phases[i].Name)
		assert.Equal(t, 10, p.Phases[i].Top1, "the capture is always ranked first")
	}
	assert.Equal(t, 30, p.All.Top5)
	assert.Equal(t, 30.0, p.All.RankSum)
	assert.InDelta(t, m.LogLikelihood(positions)*30, p.All.LogLikelihood, 1e-9)

	// A model that knows nothing ranks the played move behind every tie.
	var blind Prediction
	blind.Add(NewModel(nil), positions[0])
	assert.Equal(t, 10.0, blind.All.RankSum, "ties count against the played move")
	assert.Zero(t, blind.All.Top5)

	var out bytes.Buffer
	require.NoError(t, p.Write(&out, "new: "))
	assert.Equal(t, 4, strings.Count(out.String(), "\n"))
	assert.Contains(t, out.String(), "new: moves 51-150")
	assert.Regexp(t, `new: all +30 positions  top-1 100.0%  top-5 100.0%  mean rank   1.00`, out.String())
}

func TestModelWriteAndRead(t *testing.T) {
	m := Train(nil, syntheticPositions(50), 3)
	m.gamma[Shape][7] = 2.5
	var buf bytes.Buffer
	require.NoError(t, m.Write(&buf))
	read, err := Read(&buf)
	require.NoError(t, err)
	for _, pos := range syntheticPositions(5) {
		for _, f := range pos.Moves {
			assert.InEpsilon(t, m.Strength(f), read.Strength(f), 1e-3)
		}
	}
	f := Features{Shape: 7}
	assert.Equal(t, 2.5, read.Strength(f))
}

func TestReadRejectsBadLines(t *testing.T) {
	for _, line := range []string{
		"capture 1",
		"cut 1 2",
		"capture 0 2",
		"capture 4 2",
		"capture x 2",
		"capture 1 -1",
		"capture 1 0",
		"capture 1 NaN",
		"shape zz 2",
		"shape 0010 2", // a black stone NE: not canonical, the same shape as 0001 (NW)
	} {
		_, err := Read(strings.NewReader("# a comment\n\n" + line + "\n"))
		assert.Error(t, err, line)
	}
}

func TestDefaultModelKnowsTheBasics(t *testing.T) {
	d := Default.gamma
	assert.Greater(t, d[Capture][1], 5.0, "capture the last move's chain")
	assert.Greater(t, d[Escape][1], 5.0, "escape from a new atari")
	assert.Less(t, d[SelfAtari][2], 0.5, "self-atari of a larger chain")
	assert.Greater(t, d[DistLast][1], d[DistLast][16], "near the last move rather than far")

	// On the empty 19x19 board the corners' 4-4 and 3-4 points beat the
	// centre, which beats the first line.
	b := rules.NewBoard(19)
	x := Context{Board: b, Color: rules.Black, Last: rules.Pass, BeforeLast: rules.Pass, Patterns: Default.Patterns()}
	strength := func(p string) float64 { return Default.Strength(x.Of(pt(t, p))) }
	assert.Greater(t, Default.Patterns().Len(), 1000)
	assert.Greater(t, strength("Q16"), strength("K10"))
	assert.Greater(t, strength("R16"), strength("K10"))
	assert.Greater(t, strength("K10"), strength("K1"))
}

func TestChancesAppendProportionalShares(t *testing.T) {
	b := rules.NewBoard(19)
	x := Context{Board: b, Color: rules.Black, Last: rules.Pass, BeforeLast: rules.Pass, Patterns: Default.Patterns()}
	moves := []rules.Point{pt(t, "Q16"), pt(t, "K10"), pt(t, "K1")}
	chances := Default.Chances(&x, moves, []float64{7})
	require.Len(t, chances, 4)
	assert.Equal(t, 7.0, chances[0], "what was there stays")
	assert.InDelta(t, 1, chances[1]+chances[2]+chances[3], 1e-12)
	for i, p := range moves[1:] {
		want := Default.Strength(x.Of(p)) / Default.Strength(x.Of(moves[0]))
		assert.InDelta(t, want, chances[i+2]/chances[1], 1e-9, "%v against Q16", p)
	}
}

// FuzzRead checks that Read never panics, and that a table it accepts
// reads back the same after Write.
func FuzzRead(f *testing.F) {
	f.Add("capture 1 68.1\nshape 0000 0.631\n")
	f.Add("# comment\n\nline 10 0.5\n")
	f.Add("shape ffff 1e300\n")
	f.Add("spatial 6:00000000000000ff 2.5\nspatial 4:0000000000000001 1\n")
	f.Fuzz(func(t *testing.T, table string) {
		m, err := Read(strings.NewReader(table))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		require.NoError(t, m.Write(&buf))
		again, err := Read(&buf)
		require.NoError(t, err, buf.String())
		for g := range m.gamma {
			for v := range m.gamma[g] {
				require.InEpsilon(t, m.gamma[g][v], again.gamma[g][v], 1e-3)
			}
		}
	})
}
