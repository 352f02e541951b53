package review

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/gnugotest"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// sharedRecords is a collection of Tom 9-dan games shared beside the
// repository (../shared/data).
var sharedRecords = filepath.Join("..", "..", "shared", "data", "tom9d", "tom9d-2003.sgf")

// sharedGame writes to dir, and returns the path of, the first game of
// the shared collection with at most maxMoves moves: a whole game,
// reviewed fast enough under the race detector. The test is skipped
// when the collection is missing.
func sharedGame(t *testing.T, dir string, maxMoves int) string {
	t.Helper()
	data, err := os.ReadFile(sharedRecords)
	if err != nil {
		t.Skipf("no shared game records: %v", err)
	}
	roots, err := sgf.Parse(data)
	require.NoError(t, err)
	for _, root := range roots {
		if n := len(root.MainLine()) - 1; n >= maxMoves/2 && n <= maxMoves {
			path := filepath.Join(dir, "shared.sgf")
			require.NoError(t, os.WriteFile(path, []byte(root.String()), 0o644))
			return path
		}
	}
	t.Fatalf("%s has no game of %d to %d moves", sharedRecords, maxMoves/2, maxMoves)
	return ""
}

// TestReviewReloadsInYunziAndGNUGo reviews game records at a tiny budget
// and loads each review, comments, SBKV and variations included, in Yunzi
// and in GNU Go: both must find the record's moves, its setup stones,
// its final position and its komi. GNU Go follows the main line and
// skips what it does not know, so a review that broke the record for
// other programs fails here.
func TestReviewReloadsInYunziAndGNUGo(t *testing.T) {
	gg := gnugotest.Start(t)
	dir := t.TempDir()
	cfg := quick()
	cfg.Visits = 8
	cfg.Mistake, cfg.Drop = -1000, 2 // a variation wherever the engine prefers another move
	for _, rec := range []struct{ name, path string }{
		{"9x9 match game", "../testdata/gnugo-vs-yunzi/9x9/s21-base-0.sgf"},
		{"handicap game", "../testdata/sgf/handicap.sgf"},
		{"shared 19x19 game", ""},
	} {
		t.Run(rec.name, func(t *testing.T) {
			if rec.path == "" {
				rec.path = sharedGame(t, t.TempDir(), 120)
			}
			orig := firstGame(t, rec.path)
			require.NotEmpty(t, orig.Moves())
			_, root := reviewFile(t, rec.path, cfg)
			path := filepath.Join(dir, "review.sgf")
			require.NoError(t, os.WriteFile(path, []byte(root.String()), 0o644))
			variations := 0
			for _, n := range root.MainLine() {
				variations += max(len(n.Children)-1, 0)
			}
			require.Positive(t, variations, "the review has variations for GNU Go to skip")

			toMove, err := gg.Send("loadsgf " + path)
			require.NoError(t, err, "GNU Go loads the review: %s", toMove)
			assert.Equal(t, orig.ToMove().String(), toMove, "GNU Go's player to move")
			assert.Equal(t, strconv.Itoa(orig.Size()), gg.Must("query_boardsize"))
			assert.Equal(t, strconv.FormatFloat(orig.Komi, 'f', 1, 64), gg.Must("get_komi"))
			assert.Equal(t, movesOf(orig), gnugoMoves(t, gg), "GNU Go's moves")
			for _, c := range []rules.Color{rules.Black, rules.White} {
				assert.Equal(t, stonesOf(orig.Board(), c), gnugoStones(gg, c), "GNU Go's %v stones", c)
			}
		})
	}
}

// firstGame loads the first game of the collection at path as Yunzi
// reads it.
func firstGame(t *testing.T, path string) *rules.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	rec, err := sgf.Load(data, rules.DefaultOptions(), 0)
	require.NoError(t, err)
	return rec.Game
}

// movesOf returns g's moves as GNU Go's move_history names them, first
// move first: "black C3", "white PASS".
func movesOf(g *rules.Game) []string {
	var out []string
	for _, m := range g.Moves() {
		out = append(out, strings.ToLower(m.Color.String())+" "+strings.ToUpper(m.Point.String()))
	}
	return out
}

// gnugoMoves returns the moves of GNU Go's game, first move first
// (move_history lists the last first).
func gnugoMoves(t *testing.T, gg *gnugotest.Engine) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(gg.Must("move_history"), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			out = append(out, strings.ToLower(f[0])+" "+strings.ToUpper(f[1]))
		} else if len(f) != 0 {
			t.Fatalf("GNU Go's move_history line %q", l)
		}
	}
	slices.Reverse(out)
	return out
}

// stonesOf returns the points of b's stones of colour c, sorted.
func stonesOf(b *rules.Board, c rules.Color) []string {
	var out []string
	for _, p := range b.Points() {
		if b.At(p) == c {
			out = append(out, p.String())
		}
	}
	slices.Sort(out)
	return out
}

// gnugoStones returns GNU Go's stones of colour c, sorted.
func gnugoStones(gg *gnugotest.Engine, c rules.Color) []string {
	out := strings.Fields(gg.Must("list_stones " + c.String()))
	slices.Sort(out)
	return out
}
