package sgf

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// newGame returns a game of the given size with the moves played, given as
// "B D4, W pass, ...".
func newGame(t *testing.T, size int, moves string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(size, rules.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
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
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.ParsePoint(f[1])
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(rules.Move{Color: c, Point: p}); err != nil {
			t.Fatal(err)
		}
	}
}

// writeString writes g with info and checks that g is left as it was.
func writeString(t *testing.T, g *rules.Game, info GameInfo) string {
	t.Helper()
	hash, moves, toMove, resigned := g.Board().Hash(), g.Moves(), g.ToMove(), g.Resigned()
	superko := g.Superko
	var b bytes.Buffer
	if err := Write(&b, g, info); err != nil {
		t.Fatalf("Write: %v", err)
	}
	if g.Board().Hash() != hash || !slices.Equal(g.Moves(), moves) || g.ToMove() != toMove ||
		g.Resigned() != resigned || g.Superko != superko {
		t.Errorf("Write changed the game: moves %v, %v to move, %v resigned; want %v, %v, %v",
			g.Moves(), g.ToMove(), g.Resigned(), moves, toMove, resigned)
	}
	return b.String()
}

// reload loads sgf and checks that it holds the same game as g.
func reload(t *testing.T, sgf string, g *rules.Game) *Record {
	t.Helper()
	rec, err := Load([]byte(sgf), rules.DefaultOptions(), 0)
	if err != nil {
		t.Fatalf("Load(%q): %v", sgf, err)
	}
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
	if got != want {
		t.Errorf("Write = %q\nwant %q", got, want)
	}
	rec := reload(t, got, g)
	info.Size, info.Komi, info.Rules = 9, 6.5, "Chinese"
	if rec.Info != info {
		t.Errorf("info read back %+v\nwant %+v", rec.Info, info)
	}
}

func TestWriteDefaults(t *testing.T) {
	g := newGame(t, 19, "")
	got := writeString(t, g, GameInfo{})
	if !strings.HasPrefix(got, "(;FF[4]GM[1]CA[UTF-8]AP[Yunzi:") || !strings.HasSuffix(got, "SZ[19]KM[7.5]RU[Chinese])\n") {
		t.Errorf("Write(empty game) = %q", got)
	}
	if strings.Contains(got, "RE[") || strings.Contains(got, "HA[") || strings.Contains(got, "PL[") {
		t.Errorf("Write(empty game) = %q, want no RE, HA or PL", got)
	}
	reload(t, got, g)
}

func TestWriteHandicap(t *testing.T) {
	g := newGame(t, 19, "")
	pts, err := rules.FixedHandicap(19, 4)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetHandicap(pts); err != nil {
		t.Fatal(err)
	}
	got := writeString(t, g, GameInfo{})
	if !strings.Contains(got, "HA[4]AB[") || strings.Count(got, "][") != 3 {
		t.Errorf("Write = %q, want HA[4] and the stones in the root", got)
	}
	reload(t, got, g)
	playMoves(t, g, "W K10, B C3")
	got = writeString(t, g, GameInfo{Result: "W+R"})
	if !strings.Contains(got, "HA[4]RE[W+R]AB[") || !strings.HasSuffix(got, ";W[jj]\n;B[cq])\n") {
		t.Errorf("Write = %q", got)
	}
	reload(t, got, g)
}

func TestWriteSetupAndPlayer(t *testing.T) {
	g := newGame(t, 9, "")
	if err := g.Setup(rules.Black, mustPoints(t, "C3 D4")); err != nil {
		t.Fatal(err)
	}
	if err := g.Setup(rules.White, mustPoints(t, "E5")); err != nil {
		t.Fatal(err)
	}
	g.SetToMove(rules.White)
	got := writeString(t, g, GameInfo{})
	if !strings.HasSuffix(got, "RU[Chinese]AB[cg][df]AW[ee]PL[W])\n") {
		t.Errorf("Write = %q, want AB, AW and PL in the root", got)
	}
	reload(t, got, g)

	playMoves(t, g, "W F6, B G7")
	g.SetToMove(rules.Black) // Black to play twice
	got = writeString(t, g, GameInfo{})
	if !strings.HasSuffix(got, ";W[fd]\n;B[gc]\n;PL[B])\n") {
		t.Errorf("Write = %q, want a final PL[B] node", got)
	}
	reload(t, got, g)
}

// TestWriteSetupAfterMoves checks a game with stones set up between moves
// (as loading some regression files makes): the record keeps every move
// and puts the setup in a node of its own.
func TestWriteSetupAfterMoves(t *testing.T) {
	rec := loadFixture(t, "setup-later.sgf", 0)
	got := writeString(t, rec.Game, rec.Info)
	want := ";B[ee]\n;W[cc]\n;AE[cc]AB[gd][gc]AW[cg]PL[W]\n;W[dd]\n;B[ff])\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("Write = %q\nwant it to end %q", got, want)
	}
	reload(t, got, rec.Game)

	// A setup in the root and another after the moves: both are kept, in
	// the root and in a node of their own, and so is every move.
	g := newGame(t, 9, "")
	if err := g.Setup(rules.Black, mustPoints(t, "A1")); err != nil {
		t.Fatal(err)
	}
	playMoves(t, g, "W E5, B C3")
	if err := g.Setup(rules.Empty, mustPoints(t, "E5")); err != nil {
		t.Fatal(err)
	}
	got = writeString(t, g, GameInfo{})
	back, err := Load([]byte(got), rules.DefaultOptions(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if back.Game.Board().Hash() != g.Board().Hash() || back.Game.ToMove() != g.ToMove() || len(back.Game.Moves()) != 2 {
		t.Errorf("Write = %q: position\n%v\nwant\n%v", got, back.Game.Board(), g.Board())
	}
	if want := "AB[ai]"; !strings.Contains(got, want) || !strings.Contains(got, ";AE[ee]") {
		t.Errorf("Write = %q, want the root setup %s and the later AE[ee]", got, want)
	}
}

func TestWriteResigned(t *testing.T) {
	g := newGame(t, 9, "B E5, W C3")
	g.Resign(rules.Black)
	got := writeString(t, g, GameInfo{Result: "W+R"})
	if !strings.Contains(got, "RE[W+R]") || !strings.HasSuffix(got, ";B[ee]\n;W[cg])\n") {
		t.Errorf("Write = %q", got)
	}
	if g.Resigned() != rules.Black || len(g.Moves()) != 2 {
		t.Errorf("Write changed the game: resigned %v, moves %v", g.Resigned(), g.Moves())
	}
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
		if !strings.HasSuffix(got, ";B[]\n;W[])\n") {
			t.Errorf("size %d: Write = %q", size, got)
		}
		reload(t, got, g)
	}
	g := newGame(t, 25, "B Z25, W A1, B pass")
	reload(t, writeString(t, g, GameInfo{}), g)
}

func TestTree(t *testing.T) {
	g := newGame(t, 5, "B C3, W pass")
	root := Tree(g, GameInfo{Application: "T"})
	line := root.MainLine()
	if len(line) != 3 || line[1].Value("B") != "cc" || line[2].Value("W") != "" {
		t.Errorf("Tree = %v", root)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = bytes.ErrTooLarge

func TestWriteError(t *testing.T) {
	if err := Write(failWriter{}, newGame(t, 9, ""), GameInfo{}); err != errFail {
		t.Errorf("Write to a failing writer = %v, want %v", err, errFail)
	}
}
