package sgf

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// fixtureDir holds the hand-written SGF files, relative to this package.
const fixtureDir = "../testdata/sgf"

func loadFixture(t *testing.T, name string, moveNumber int) *Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, name))
	require.NoError(t, err)
	rec, err := Load(data, rules.DefaultOptions(), moveNumber)
	require.NoError(t, err, "Load(%s, %d)", name, moveNumber)
	return rec
}

// mustPoints parses GTP vertices.
func mustPoints(t *testing.T, vertices string) []rules.Point {
	t.Helper()
	var pts []rules.Point
	for _, v := range strings.Fields(vertices) {
		p, err := rules.ParsePoint(v)
		require.NoError(t, err, "ParsePoint(%q)", v)
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
	assert.Equal(t, want, rec.Info, "Info")
	g := rec.Game
	assert.Equal(t, 2, g.Handicap(), "handicap")
	assert.Equal(t, 0.5, g.Komi, "komi")
	assert.Equal(t, 9, g.Size(), "size")
	assert.Equal(t, "W G7, B C3, W E5, B pass, W pass", moveList(g), "moves")
	assert.True(t, g.Over(), "game not over after two passes")
	assert.Equal(t, "C3 C7 G3", stones(g.Board(), rules.Black), "black stones")
	for i := range 5 {
		assert.NoError(t, g.Undo(), "undo %d of the five moves", i+1)
	}
	if assert.Equal(t, rules.White, g.ToMove(), "before the first move: player to move") {
		assert.Error(t, g.Undo(), "before the first move: an undo")
	}
}

func TestLoadSetupInLaterNodes(t *testing.T) {
	rec := loadFixture(t, "setup-later.sgf", 0)
	g := rec.Game
	assert.Equal(t, "B E5, W C7, W D6, B F4", moveList(g), "moves")
	assert.Equal(t, "E5 F4 G6 G7", stones(g.Board(), rules.Black), "black stones")
	assert.Equal(t, "C3 D6", stones(g.Board(), rules.White), "white stones")
	assert.Equal(t, rules.White, g.ToMove(), "player to move")
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
		assert.Equal(t, tt.moves, moveList(g), "Load(%s, %d): moves", tt.file, tt.n)
		assert.Equal(t, tt.black, stones(g.Board(), rules.Black), "Load(%s, %d): black stones", tt.file, tt.n)
		assert.Equal(t, tt.toMove, g.ToMove(), "Load(%s, %d): player to move", tt.file, tt.n)
	}
}

func TestLoadVariationsAndCollections(t *testing.T) {
	g := loadFixture(t, "variations.sgf", 0).Game
	assert.Equal(t, "B E5, W C7, B G3", moveList(g), "variations.sgf: moves, want the main line")
	rec := loadFixture(t, "collection.sgf", 0)
	assert.Equal(t, 9, rec.Info.Size, "collection.sgf: %+v, want the first game", rec.Info)
	assert.Equal(t, "first", rec.Info.PlayerBlack, "collection.sgf: %+v, want the first game", rec.Info)
	assert.Equal(t, 7.0, rec.Game.Komi, "collection.sgf: %+v, want the first game", rec.Info)
	assert.Equal(t, "B E5, W C7", moveList(rec.Game), "collection.sgf: moves")
}

func TestLoadFF3(t *testing.T) {
	rec := loadFixture(t, "ff3.sgf", 0)
	assert.Equal(t, `A comment with a ] bracket, a \ backslash and a softline break.`, rec.Info.Comment, "comment")
	assert.Equal(t, "Alice", rec.Info.PlayerBlack, "info %+v", rec.Info)
	assert.Equal(t, "Bob", rec.Info.PlayerWhite, "info %+v", rec.Info)
	assert.Equal(t, 5.5, rec.Game.Komi, "info %+v", rec.Info)
	g := rec.Game
	assert.Equal(t, "C7 D6 G7", stones(g.Board(), rules.Black), "black stones")
	assert.Equal(t, "C3 E5 G3", stones(g.Board(), rules.White), "white stones")
}

// TestLoadSuperko checks that a move repeating a position with the other
// player to move loads, whatever the superko option, and that the game goes
// on under the option's rule.
func TestLoadSuperko(t *testing.T) {
	for _, sk := range []rules.Superko{rules.Positional, rules.Situational} {
		opts := rules.DefaultOptions()
		opts.Superko = sk
		data, err := os.ReadFile(filepath.Join(fixtureDir, "superko.sgf"))
		require.NoError(t, err)
		rec, err := Load(data, opts, 0)
		require.NoError(t, err, "Load(superko.sgf) under %v superko", sk)
		assert.Len(t, rec.Game.Moves(), 7, "%v: moves", sk)
		assert.Equal(t, sk, rec.Game.Superko, "%v: superko of the game loaded", sk)
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
		if !assert.NoError(t, err, "Load(%q)", in) {
			continue
		}
		assert.Equal(t, want, rec.Game.Komi, "Load(%q): komi", in)
		assert.Equal(t, want, rec.Info.Komi, "Load(%q): info's komi", in)
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
		if !assert.NoError(t, err, "Load(%q)", tt.in) {
			continue
		}
		g := rec.Game
		assert.Equal(t, tt.black, stones(g.Board(), rules.Black), "Load(%q): black stones", tt.in)
		assert.Equal(t, tt.white, stones(g.Board(), rules.White), "Load(%q): white stones", tt.in)
		assert.Equal(t, tt.toMove, g.ToMove(), "Load(%q): player to move", tt.in)
		assert.Equal(t, tt.handicap, g.Handicap(), "Load(%q): handicap", tt.in)
	}
}

// A node that sets up both colours (and clears points) is one setup step:
// the superko history gets the final position only.
func TestLoadSetupNodeIsOneStep(t *testing.T) {
	rec, err := Load([]byte("(;SZ[5]AB[aa][bb]AW[cc][dd];B[ee];AE[aa]AW[ab]AB[ca])"), rules.DefaultOptions(), 0)
	require.NoError(t, err)
	var kinds []string
	for _, s := range rec.Game.Steps() {
		if s.Setup {
			kinds = append(kinds, "setup")
		} else {
			kinds = append(kinds, s.Move.String())
		}
	}
	assert.Equal(t, []string{"setup", "B E1", "setup"}, kinds, "steps")
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
		var loaded string // the moves of a game loaded after all
		if err == nil {
			loaded = moveList(rec.Game)
		}
		if !assert.Error(t, err, "Load(%q) = %q, want an error", tt.in, loaded) {
			continue
		}
		assert.ErrorContains(t, err, tt.want, "Load(%q)", tt.in)
		if tt.is != nil {
			assert.ErrorIs(t, err, tt.is, "Load(%q)", tt.in)
		}
	}
}
