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

func TestPositionsOfAGame(t *testing.T) {
	rec, err := sgf.Load([]byte("(;SZ[9];B[ee];W[dc];B[];W[cc])"), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	positions := Positions(rec.Game, nil)
	require.Len(t, positions, 3, "the pass is left out")
	// The last position: White C7 after Black's pass and White D7.
	b := rec.Game.Steps()[2].Board
	x := Context{Board: b, Color: rules.White, Last: rules.Pass, BeforeLast: pt(t, "D7")}
	last := positions[2]
	assert.Equal(t, x.Of(pt(t, "C7")), last.Moves[last.Played])
	assert.Len(t, last.Moves, 81-2, "every empty point")
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
