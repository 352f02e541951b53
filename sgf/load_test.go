package sgf

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// fixtureDir holds the hand-written SGF files, relative to this package.
const fixtureDir = "../testdata/sgf"

func loadFixture(t *testing.T, name string, moveNumber int) *Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Load(data, rules.DefaultOptions(), moveNumber)
	if err != nil {
		t.Fatalf("Load(%s, %d): %v", name, moveNumber, err)
	}
	return rec
}

// mustPoints parses GTP vertices.
func mustPoints(t *testing.T, vertices string) []rules.Point {
	t.Helper()
	var pts []rules.Point
	for _, v := range strings.Fields(vertices) {
		p, err := rules.ParsePoint(v)
		if err != nil {
			t.Fatal(err)
		}
		pts = append(pts, p)
	}
	return pts
}

// stones returns the points of colour c on b, as GTP vertices, sorted.
func stones(b *rules.Board, c rules.Color) string {
	var s []string
	for _, p := range b.Points() {
		if b.At(p) == c {
			s = append(s, p.String())
		}
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

func moveList(g *rules.Game) string {
	var s []string
	for _, m := range g.Moves() {
		s = append(s, m.String())
	}
	return strings.Join(s, ", ")
}

func TestLoadHandicap(t *testing.T) {
	rec := loadFixture(t, "handicap.sgf", 0)
	want := GameInfo{
		Size: 9, Komi: 0.5, Handicap: 2, Rules: "Chinese", Result: "W+2.5",
		PlayerBlack: "Black player", PlayerWhite: "White player", Date: "2024-05-01",
		Comment: "A two-stone handicap game; it ends with two passes, the second written\nthe FF[3] way.",
	}
	if rec.Info != want {
		t.Errorf("Info = %+v\nwant %+v", rec.Info, want)
	}
	g := rec.Game
	if g.Handicap() != 2 || g.Komi != 0.5 || g.Size() != 9 {
		t.Errorf("handicap %d, komi %v, size %d; want 2, 0.5, 9", g.Handicap(), g.Komi, g.Size())
	}
	if got, want := moveList(g), "W G7, B C3, W E5, B pass, W pass"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
	if !g.Over() {
		t.Error("game not over after two passes")
	}
	if got := stones(g.Board(), rules.Black); got != "C3 C7 G3" {
		t.Errorf("black stones %s, want C3 C7 G3", got)
	}
	for i := range 5 {
		if err := g.Undo(); err != nil {
			t.Errorf("undo %d of the five moves: %v", i+1, err)
		}
	}
	if g.ToMove() != rules.White || g.Undo() == nil {
		t.Errorf("before the first move: %v to move, want white, and no further undo", g.ToMove())
	}
}

func TestLoadSetupInLaterNodes(t *testing.T) {
	rec := loadFixture(t, "setup-later.sgf", 0)
	g := rec.Game
	if got, want := moveList(g), "B E5, W C7, W D6, B F4"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
	if got, want := stones(g.Board(), rules.Black), "E5 F4 G6 G7"; got != want {
		t.Errorf("black stones %s, want %s", got, want)
	}
	if got, want := stones(g.Board(), rules.White), "C3 D6"; got != want {
		t.Errorf("white stones %s, want %s", got, want)
	}
	if g.ToMove() != rules.White {
		t.Errorf("%v to move, want white", g.ToMove())
	}
}

// TestLoadMoveNumber checks that a move number N gives the position before
// move N with that move's player to move, as GTP's loadsgf does.
func TestLoadMoveNumber(t *testing.T) {
	tests := []struct {
		file         string
		n            int
		moves, black string
		toMove       rules.Color
	}{
		{"setup-later.sgf", 1, "", "", rules.Black},
		{"setup-later.sgf", 2, "B E5", "E5", rules.White},
		{"setup-later.sgf", 3, "B E5, W C7", "E5 G6 G7", rules.White},
		{"setup-later.sgf", 4, "B E5, W C7, W D6", "E5 G6 G7", rules.Black},
		{"setup-later.sgf", 5, "B E5, W C7, W D6, B F4", "E5 F4 G6 G7", rules.White},
		{"setup-later.sgf", 99, "B E5, W C7, W D6, B F4", "E5 F4 G6 G7", rules.White},
		{"setup-later.sgf", -1, "B E5, W C7, W D6, B F4", "E5 F4 G6 G7", rules.White},
		{"handicap.sgf", 1, "", "C7 G3", rules.White},
		{"handicap.sgf", 5, "W G7, B C3, W E5, B pass", "C3 C7 G3", rules.White},
		{"ff3.sgf", 2, "W E5", "C7 G7", rules.Black},
		{"variations.sgf", 3, "B E5, W C7", "E5", rules.Black},
	}
	for _, tt := range tests {
		g := loadFixture(t, tt.file, tt.n).Game
		if got := moveList(g); got != tt.moves {
			t.Errorf("Load(%s, %d): moves %q, want %q", tt.file, tt.n, got, tt.moves)
		}
		if got := stones(g.Board(), rules.Black); got != tt.black {
			t.Errorf("Load(%s, %d): black stones %q, want %q", tt.file, tt.n, got, tt.black)
		}
		if g.ToMove() != tt.toMove {
			t.Errorf("Load(%s, %d): %v to move, want %v", tt.file, tt.n, g.ToMove(), tt.toMove)
		}
	}
}

func TestLoadVariationsAndCollections(t *testing.T) {
	g := loadFixture(t, "variations.sgf", 0).Game
	if got, want := moveList(g), "B E5, W C7, B G3"; got != want {
		t.Errorf("variations.sgf: moves %s, want the main line %s", got, want)
	}
	rec := loadFixture(t, "collection.sgf", 0)
	if rec.Info.Size != 9 || rec.Info.PlayerBlack != "first" || rec.Game.Komi != 7 {
		t.Errorf("collection.sgf: %+v, want the first game", rec.Info)
	}
	if got, want := moveList(rec.Game), "B E5, W C7"; got != want {
		t.Errorf("collection.sgf: moves %s, want %s", got, want)
	}
}

func TestLoadFF3(t *testing.T) {
	rec := loadFixture(t, "ff3.sgf", 0)
	if rec.Info.Comment != `A comment with a ] bracket, a \ backslash and a softline break.` {
		t.Errorf("comment %q", rec.Info.Comment)
	}
	if rec.Info.PlayerBlack != "Alice" || rec.Info.PlayerWhite != "Bob" || rec.Game.Komi != 5.5 {
		t.Errorf("info %+v", rec.Info)
	}
	g := rec.Game
	if got := stones(g.Board(), rules.Black); got != "C7 D6 G7" {
		t.Errorf("black stones %s, want C7 D6 G7", got)
	}
	if got := stones(g.Board(), rules.White); got != "C3 E5 G3" {
		t.Errorf("white stones %s, want C3 E5 G3", got)
	}
}

// TestLoadSuperko checks that a move repeating a position with the other
// player to move loads, whatever the superko option, and that the game goes
// on under the option's rule.
func TestLoadSuperko(t *testing.T) {
	for _, sk := range []rules.Superko{rules.Positional, rules.Situational} {
		opts := rules.DefaultOptions()
		opts.Superko = sk
		data, err := os.ReadFile(filepath.Join(fixtureDir, "superko.sgf"))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := Load(data, opts, 0)
		if err != nil {
			t.Fatalf("Load(superko.sgf) under %v superko: %v", sk, err)
		}
		if n := len(rec.Game.Moves()); n != 7 || rec.Game.Superko != sk {
			t.Errorf("%v: %d moves under %v superko, want 7 under %v", sk, n, rec.Game.Superko, sk)
		}
	}
}

func TestLoadKomi(t *testing.T) {
	opts := rules.DefaultOptions()
	opts.Komi = 6.5
	for in, want := range map[string]float64{
		"(;SZ[9])":         6.5,
		"(;SZ[9]KM[])":     6.5,
		"(;SZ[9]KM[0])":    0,
		"(;SZ[9]KM[ -3 ])": -3,
		"(;SZ[9]KM[5,5])":  5.5,
		"(;SZ[9]KM[375])":  375,
	} {
		rec, err := Load([]byte(in), opts, 0)
		if err != nil {
			t.Errorf("Load(%q): %v", in, err)
			continue
		}
		if rec.Game.Komi != want || rec.Info.Komi != want {
			t.Errorf("Load(%q): komi %v (info %v), want %v", in, rec.Game.Komi, rec.Info.Komi, want)
		}
	}
}

func TestLoadSetupProperties(t *testing.T) {
	tests := []struct {
		in, black, white string
		toMove           rules.Color
		handicap         int
	}{
		{"(;SZ[5]AB[aa:bb]AW[ee])", "A4 A5 B4 B5", "E1", rules.Black, 0},
		{"(;SZ[5]AB[bb:aa][ab])", "A4 A5 B4 B5", "", rules.Black, 0},
		{"(;SZ[5]HA[2]AB[bb][dd])", "B4 D2", "", rules.White, 2},
		{"(;SZ[5]HA[2]AB[bb][dd]PL[B])", "B4 D2", "", rules.Black, 2},
		{"(;SZ[5]HA[2]AB[bb][dd][cc])", "B4 C3 D2", "", rules.Black, 0},
		{"(;SZ[5]HA[3]AB[bb][dd])", "B4 D2", "", rules.Black, 0},
		{"(;SZ[5]AB[bb][dd]PL[W])", "B4 D2", "", rules.White, 0},
		{"(;SZ[5]PL[2])", "", "", rules.White, 0},
		{"(;SZ[5]PL[ b ])", "", "", rules.Black, 0},
		{"(;SZ[5]AB[aa];AW[aa];AE[aa]AB[bb])", "B4", "", rules.Black, 0},
		{"(;SZ[5]AB[ab][ba];W[bb];AW[aa]AE[ab][ba])", "", "A5 B4", rules.Black, 0},
	}
	for _, tt := range tests {
		rec, err := Load([]byte(tt.in), rules.DefaultOptions(), 0)
		if err != nil {
			t.Errorf("Load(%q): %v", tt.in, err)
			continue
		}
		g := rec.Game
		if b, w := stones(g.Board(), rules.Black), stones(g.Board(), rules.White); b != tt.black || w != tt.white {
			t.Errorf("Load(%q): black %q, white %q; want %q, %q", tt.in, b, w, tt.black, tt.white)
		}
		if g.ToMove() != tt.toMove || g.Handicap() != tt.handicap {
			t.Errorf("Load(%q): %v to move, handicap %d; want %v, %d", tt.in, g.ToMove(), g.Handicap(), tt.toMove, tt.handicap)
		}
	}
}

// A node that sets up both colours (and clears points) is one setup step:
// the superko history gets the final position only.
func TestLoadSetupNodeIsOneStep(t *testing.T) {
	rec, err := Load([]byte("(;SZ[5]AB[aa][bb]AW[cc][dd];B[ee];AE[aa]AW[ab]AB[ca])"), rules.DefaultOptions(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, s := range rec.Game.Steps() {
		if s.Setup {
			kinds = append(kinds, "setup")
		} else {
			kinds = append(kinds, s.Move.String())
		}
	}
	if want := []string{"setup", "B E1", "setup"}; !slices.Equal(kinds, want) {
		t.Errorf("steps %v, want %v", kinds, want)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		in, want string // want: a part of the error message
		is       error  // nil, or the error it must wrap
	}{
		{"(;B[aa]", "missing ')'", nil},
		{"(;SZ[0])", "SZ[0]", nil},
		{"(;SZ[30])", "SZ[30]", nil},
		{"(;SZ[26])", "SZ[26]", nil},
		{"(;SZ[-9])", "SZ[-9]", nil},
		{"(;SZ[nine])", "SZ[nine]", nil},
		{"(;SZ[9:13])", "rectangular", nil},
		{"(;GM[3])", "not a game of Go", nil},
		{"(;KM[six])", "KM[six]", nil},
		{"(;KM[NaN])", "KM[NaN]", nil},
		{"(;HA[-1])", "HA[-1]", nil},
		{"(;HA[two])", "HA[two]", nil},
		{"(;PL[X])", "PL[X]", nil},
		{"(;SZ[9];B[zz])", "move 1", nil},
		{"(;SZ[9];B[ee];W[jj])", "move 2", nil},
		{"(;SZ[9];B[e])", "move 1", nil},
		{"(;SZ[9];B[eee])", "move 1", nil},
		{"(;SZ[9];B[EE])", "move 1", nil},
		{"(;SZ[9];B[aa][bb])", "move 1", nil},
		{"(;SZ[19];B[uu])", "move 1", nil},
		{"(;SZ[20];B[tu])", "move 1", nil},
		{"(;SZ[9];B[ee];W[cc];B[ee])", "move 3", rules.ErrOccupied},
		{"(;SZ[3]AW[ba][ab];B[aa])", "move 1", rules.ErrSuicide},
		{"(;SZ[4];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[cb];W[bb];B[cb])", "move 9", rules.ErrKo},
		{"(;SZ[9]AB[ee]AW[de][fe][ed][ef])", "node 0", rules.ErrInvalidSetup},
		{"(;SZ[9];B[ee];AB[zz])", "node 2", nil},
		{"(;AB[tt])", "AB[tt]", nil},
		{"(;SZ[9]AB[aa:zz])", "AB[aa:zz]", nil},
		{"(;SZ[9]AE[])", "AE[]", nil},
	}
	for _, tt := range tests {
		rec, err := Load([]byte(tt.in), rules.DefaultOptions(), 0)
		if err == nil {
			t.Errorf("Load(%q) = %v, want an error", tt.in, moveList(rec.Game))
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Load(%q) error %q, want it to mention %q", tt.in, err, tt.want)
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("Load(%q) error %q, want it to wrap %q", tt.in, err, tt.is)
		}
	}
}
