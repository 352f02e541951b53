package sgf

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// newGame returns a game of the given size with the moves played, given as
// "B D4, W pass, ...".
func newGame(t *testing.T, size int, moves string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(size, rules.DefaultOptions())
	require.NoError(t, err, "NewGame(%d)", size)
	playMoves(t, g, moves)
	return g
}

func playMoves(t *testing.T, g *rules.Game, moves string) {
	t.Helper()
	for _, s := range strings.Split(moves, ",") {
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		c, err := rules.ParseColor(f[0])
		require.NoError(t, err, "ParseColor(%q)", f[0])
		p, err := rules.ParsePoint(f[1])
		require.NoError(t, err, "ParsePoint(%q)", f[1])
		require.NoError(t, g.Play(rules.Move{Color: c, Point: p}), "Play(%s)", s)
	}
}

// writeString writes g with info and checks that g is left as it was.
func writeString(t *testing.T, g *rules.Game, info GameInfo) string {
	t.Helper()
	hash, moves, toMove, resigned := g.Board().Hash(), g.Moves(), g.ToMove(), g.Resigned()
	superko := g.Superko
	var b bytes.Buffer
	require.NoError(t, Write(&b, g, info), "Write")
	changed := []any{"Write changed the game: moves %v, %v to move, %v resigned, %v superko; want %v, %v, %v, %v",
		g.Moves(), g.ToMove(), g.Resigned(), g.Superko, moves, toMove, resigned, superko}
	assert.Equal(t, hash, g.Board().Hash(), changed...)
	// Moves returns nil for no moves, never an empty slice, so Equal
	// compares the moves as slices.Equal would.
	assert.Equal(t, moves, g.Moves(), changed...)
	assert.Equal(t, toMove, g.ToMove(), changed...)
	assert.Equal(t, resigned, g.Resigned(), changed...)
	assert.Equal(t, superko, g.Superko, changed...)
	return b.String()
}

// reload loads sgf and checks that it holds the same game as g.
func reload(t *testing.T, sgf string, g *rules.Game) *Record {
	t.Helper()
	rec, err := Load([]byte(sgf), rules.DefaultOptions(), 0)
	require.NoError(t, err, "Load(%q)", sgf)
	sameGame(t, sgf, rec.Game, g)
	return rec
}

func TestWrite(t *testing.T) {
	g := newGame(t, 9, "B E5, W C3, B G7, W pass, B pass")
	g.Komi = 6.5
	info := GameInfo{
		PlayerBlack: "Yunzi", PlayerWhite: "GNU Go", Date: "2024-05-01",
		Result: "B+9.5", Comment: "a ] bracket and a \\ backslash", Application: "Test:1",
	}
	got := writeString(t, g, info)
	want := "(;FF[4]GM[1]CA[UTF-8]AP[Test:1]SZ[9]KM[6.5]RU[Chinese]PB[Yunzi]PW[GNU Go]DT[2024-05-01]RE[B+9.5]" +
		"C[a \\] bracket and a \\\\ backslash]\n;B[ee]\n;W[cg]\n;B[gc]\n;W[]\n;B[])\n"
	assert.Equal(t, want, got, "Write")
	rec := reload(t, got, g)
	info.Size, info.Komi, info.Rules = 9, 6.5, "Chinese"
	assert.Equal(t, info, rec.Info, "info read back")
}

func TestWriteDefaults(t *testing.T) {
	g := newGame(t, 19, "")
	got := writeString(t, g, GameInfo{})
	assert.True(t, strings.HasPrefix(got, "(;FF[4]GM[1]CA[UTF-8]AP[Yunzi:"), "Write(empty game) = %q", got)
	assert.True(t, strings.HasSuffix(got, "SZ[19]KM[7.5]RU[Chinese])\n"), "Write(empty game) = %q", got)
	for _, id := range []string{"RE[", "HA[", "PL["} {
		assert.NotContains(t, got, id, "Write(empty game), want no RE, HA or PL")
	}
	reload(t, got, g)
}

func TestWriteHandicap(t *testing.T) {
	g := newGame(t, 19, "")
	pts, err := rules.FixedHandicap(19, 4)
	require.NoError(t, err, "FixedHandicap(19, 4)")
	require.NoError(t, g.SetHandicap(pts), "SetHandicap(%v)", pts)
	got := writeString(t, g, GameInfo{})
	assert.Contains(t, got, "HA[4]AB[", "Write, want HA[4] and the stones in the root")
	assert.Equal(t, 3, strings.Count(got, "]["), "Write = %q, want HA[4] and the stones in the root", got)
	reload(t, got, g)
	playMoves(t, g, "W K10, B C3")
	got = writeString(t, g, GameInfo{Result: "W+R"})
	assert.Contains(t, got, "HA[4]RE[W+R]AB[", "Write")
	assert.True(t, strings.HasSuffix(got, ";W[jj]\n;B[cq])\n"), "Write = %q", got)
	reload(t, got, g)
}

func TestWriteSetupAndPlayer(t *testing.T) {
	g := newGame(t, 9, "")
	require.NoError(t, g.Setup(rules.Black, mustPoints(t, "C3 D4")), "Setup(B, C3 D4)")
	require.NoError(t, g.Setup(rules.White, mustPoints(t, "E5")), "Setup(W, E5)")
	g.SetToMove(rules.White)
	got := writeString(t, g, GameInfo{})
	assert.True(t, strings.HasSuffix(got, "RU[Chinese]AB[cg][df]AW[ee]PL[W])\n"), "Write = %q, want AB, AW and PL in the root", got)
	reload(t, got, g)

	playMoves(t, g, "W F6, B G7")
	g.SetToMove(rules.Black) // Black to play twice
	got = writeString(t, g, GameInfo{})
	assert.True(t, strings.HasSuffix(got, ";W[fd]\n;B[gc]\n;PL[B])\n"), "Write = %q, want a final PL[B] node", got)
	reload(t, got, g)
}

// TestWriteSetupAfterMoves checks a game with stones set up between moves
// (as loading some regression files makes): the record keeps every move
// and puts the setup in a node of its own.
func TestWriteSetupAfterMoves(t *testing.T) {
	rec := loadFixture(t, "setup-later.sgf", 0)
	got := writeString(t, rec.Game, rec.Info)
	want := ";B[ee]\n;W[cc]\n;AE[cc]AB[gd][gc]AW[cg]PL[W]\n;W[dd]\n;B[ff])\n"
	assert.True(t, strings.HasSuffix(got, want), "Write = %q\nwant it to end %q", got, want)
	reload(t, got, rec.Game)

	// A setup in the root and another after the moves: both are kept, in
	// the root and in a node of their own, and so is every move.
	g := newGame(t, 9, "")
	require.NoError(t, g.Setup(rules.Black, mustPoints(t, "A1")), "Setup(B, A1)")
	playMoves(t, g, "W E5, B C3")
	require.NoError(t, g.Setup(rules.Empty, mustPoints(t, "E5")), "Setup(empty, E5)")
	got = writeString(t, g, GameInfo{})
	back, err := Load([]byte(got), rules.DefaultOptions(), 0)
	require.NoError(t, err, "Load(%q)", got)
	position := []any{"Write = %q: position\n%v\nwant\n%v", got, back.Game.Board(), g.Board()}
	assert.Equal(t, g.Board().Hash(), back.Game.Board().Hash(), position...)
	assert.Equal(t, g.ToMove(), back.Game.ToMove(), position...)
	assert.Len(t, back.Game.Moves(), 2, position...)
	assert.Contains(t, got, "AB[ai]", "Write, want the root setup AB[ai] and the later AE[ee]")
	assert.Contains(t, got, ";AE[ee]", "Write, want the root setup AB[ai] and the later AE[ee]")
}

func TestWriteResigned(t *testing.T) {
	g := newGame(t, 9, "B E5, W C3")
	g.Resign(rules.Black)
	got := writeString(t, g, GameInfo{Result: "W+R"})
	assert.Contains(t, got, "RE[W+R]", "Write")
	assert.True(t, strings.HasSuffix(got, ";B[ee]\n;W[cg])\n"), "Write = %q", got)
	assert.Equal(t, rules.Black, g.Resigned(), "Write changed the game: resigned %v, moves %v", g.Resigned(), g.Moves())
	assert.Len(t, g.Moves(), 2, "Write changed the game: resigned %v, moves %v", g.Resigned(), g.Moves())
}

// TestWriteSuperko checks a game holding a move that positional superko
// forbids (loaded from a record) with the option changed since.
func TestWriteSuperko(t *testing.T) {
	rec := loadFixture(t, "superko.sgf", 0)
	got := writeString(t, rec.Game, rec.Info)
	reload(t, got, rec.Game)
}

// TestWritePasses checks that passes are written as FF[4] asks, "" on every
// board size.
func TestWritePasses(t *testing.T) {
	for _, size := range []int{1, 19, 20, 25} {
		g := newGame(t, size, "B pass, W pass")
		got := writeString(t, g, GameInfo{})
		assert.True(t, strings.HasSuffix(got, ";B[]\n;W[])\n"), "size %d: Write = %q", size, got)
		reload(t, got, g)
	}
	g := newGame(t, 25, "B Z25, W A1, B pass")
	reload(t, writeString(t, g, GameInfo{}), g)
}

func TestTree(t *testing.T) {
	g := newGame(t, 5, "B C3, W pass")
	root := Tree(g, GameInfo{Application: "T"})
	line := root.MainLine()
	if assert.Len(t, line, 3, "Tree = %v", root) {
		assert.Equal(t, "cc", line[1].Value("B"), "Tree = %v", root)
		assert.Equal(t, "", line[2].Value("W"), "Tree = %v", root)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = bytes.ErrTooLarge

func TestWriteError(t *testing.T) {
	err := Write(failWriter{}, newGame(t, 9, ""), GameInfo{})
	assert.Same(t, errFail, err, "Write to a failing writer = %v, want the writer's error %v itself", err, errFail)
}
