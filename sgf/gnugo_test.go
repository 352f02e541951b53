package sgf

import (
	"bytes"
	"fmt"
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
)

// check compares GNU Go's board, and the player to move its loadsgf
// reported, with want.
func check(t *testing.T, g *gnugotest.Engine, name string, toMove string, want *rules.Game) {
	t.Helper()
	for _, c := range []rules.Color{rules.Black, rules.White} {
		f := strings.Fields(g.Must("list_stones " + c.String()))
		slices.Sort(f)
		assert.Equal(t, stones(want.Board(), c), strings.Join(f, " "), "%s: GNU Go's %v stones", name, c)
	}
	assert.Equal(t, want.ToMove().String(), toMove, "%s: GNU Go's player to move", name)
}

// TestGNUGoLoadsWrittenGames writes games with Write and has GNU Go load
// them, checking it sees the same position and player to move.
func TestGNUGoLoadsWrittenGames(t *testing.T) {
	gg := gnugotest.Start(t)
	dir := t.TempDir()
	games := map[string]*rules.Game{
		"passes":  newGame(t, 9, "B E5, W C3, B pass, W D4, B pass, W pass"),
		"capture": newGame(t, 5, "B A1, W B1, B C1, W A2"),
	}
	for _, name := range []string{"handicap.sgf", "setup-later.sgf", "ff3.sgf", "variations.sgf", "superko.sgf"} {
		games[name] = loadFixture(t, name, 0).Game
	}
	hg := newGame(t, 19, "")
	pts, _ := rules.FixedHandicap(19, 9)
	require.NoError(t, hg.SetHandicap(pts), "SetHandicap(%v)", pts)
	playMoves(t, hg, "W C3, B C4, W pass")
	games["handicap9"] = hg
	for _, f := range regressFiles(t)[:40] {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		rec, err := Load(data, rules.DefaultOptions(), 0)
		require.NoError(t, err, "Load(%s)", f)
		games[f] = rec.Game
	}
	for name, g := range games {
		var b bytes.Buffer
		require.NoError(t, Write(&b, g, GameInfo{Result: "B+R"}), "%s: Write", name)
		path := filepath.Join(dir, "game.sgf")
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		toMove, err := gg.Send("loadsgf " + path)
		if !assert.NoError(t, err, "%s: GNU Go cannot load %q: %s", name, b.String(), toMove) {
			continue
		}
		assert.Equal(t, strconv.FormatFloat(g.Komi, 'f', 1, 64), gg.Must("get_komi"), "%s: GNU Go's komi", name)
		if bytes.Contains(b.Bytes(), []byte("AE[")) {
			// GNU Go 3.8's loadsgf ignores AE, so it cannot follow a
			// setup that removes stones: it loads the record, but not
			// the position.
			continue
		}
		check(t, gg, name, toMove, g)
	}
}

// TestGNUGoMoveNumbers checks that Load with a move number gives the
// position GNU Go's "loadsgf file N" gives, on the loadsgf commands of the
// shared regression suites.
func TestGNUGoMoveNumbers(t *testing.T) {
	gg := gnugotest.Start(t)
	suites, err := filepath.Glob(filepath.Join(regressDir, "gnugo", "*.tst"))
	if err != nil || len(suites) == 0 {
		t.Skipf("no regression suites in %s: %v", regressDir, err)
	}
	stride := 7 // check one loadsgf command in stride
	if raceEnabled {
		stride = 29
	}
	checked := 0
	for _, suite := range suites {
		text, err := os.ReadFile(suite)
		require.NoError(t, err)
		for i, line := range strings.Split(string(text), "\n") {
			f := strings.Fields(line)
			if len(f) != 3 || f[0] != "loadsgf" || i%stride != 0 {
				continue // a sample of the loadsgf commands with a move number
			}
			path := filepath.Join(filepath.Dir(suite), f[1])
			n, err := strconv.Atoi(f[2])
			require.NoError(t, err, "%s: %q", suite, line)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			rec, err := Load(data, rules.DefaultOptions(), n)
			if !assert.NoError(t, err, "Load(%s, %d)", path, n) {
				continue
			}
			toMove, err := gg.Send("loadsgf " + path + " " + f[2])
			require.NoError(t, err, "GNU Go: loadsgf %s %d: %s", path, n, toMove)
			check(t, gg, fmt.Sprintf("%s %d", f[1], n), toMove, rec.Game)
			checked++
		}
	}
	t.Logf("checked %d positions against GNU Go", checked)
}
