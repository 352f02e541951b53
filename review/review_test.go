package review

import (
	"context"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

func quick() Config {
	return Config{Visits: 40, Parallel: 2, Engine: engine.Config{Seed: 3, Threads: 1}, Mistake: 3, Drop: 0.1}
}

// reviewFile reviews a record and checks that the output reloads with the
// same moves and the same setup.
func reviewFile(t *testing.T, path string, cfg Config) (*Report, *sgf.Node) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	rep, root, err := Run(context.Background(), cfg, data)
	require.NoError(t, err)
	orig, err := sgf.Load(data, rules.DefaultOptions(), 0)
	require.NoError(t, err)
	back, err := sgf.Load([]byte(root.String()), rules.DefaultOptions(), 0)
	require.NoError(t, err, "the review reloads")
	assert.Equal(t, orig.Game.Moves(), back.Game.Moves())
	assert.Equal(t, orig.Game.Board().Hash(), back.Game.Board().Hash())
	assert.Equal(t, orig.Game.Komi, back.Game.Komi)
	assert.Len(t, rep.Moves, len(orig.Game.Moves()))
	return rep, root
}

var sbkv = regexp.MustCompile(`^\d{1,3}\.\d\d$`)

func TestReviewGame(t *testing.T) {
	cfg := quick()
	var progress []int
	cfg.Progress = func(done, total int) { progress = append(progress, done) }
	rep, root := reviewFile(t, "../testdata/gnugo-vs-yunzi/9x9/s21-base-0.sgf", cfg)
	assert.Len(t, progress, len(rep.Moves)+1, "one report per position")
	assert.Equal(t, len(rep.Moves)+1, progress[len(progress)-1])
	line := root.MainLine()
	moves := 0
	for _, n := range line[1:] {
		if _, ok := n.Props["B"]; !ok {
			if _, ok := n.Props["W"]; !ok {
				continue
			}
		}
		moves++
		assert.Regexp(t, sbkv, n.Value("SBKV"))
		assert.Contains(t, n.Value("C"), "Yunzi: Black's win rate")
		assert.Contains(t, n.Value("C"), "points")
	}
	assert.Equal(t, len(rep.Moves), moves)
	assert.Contains(t, root.Value("C"), "Yunzi's review")
	assert.Contains(t, root.Value("C"), "Biggest swings")
	for _, m := range rep.Moves {
		assert.InDelta(t, m.Loss, sign(m.Color)*(m.LeadBefore-m.LeadAfter), 1e-9)
		assert.GreaterOrEqual(t, m.WinRateAfter, 0.0)
		assert.LessOrEqual(t, m.WinRateAfter, 1.0)
	}
}

func sign(c string) float64 {
	if c == "W" {
		return -1
	}
	return 1
}

func TestReviewVariations(t *testing.T) {
	cfg := quick()
	cfg.Mistake, cfg.Drop = -1000, 2 // every move whose best differs gets a line
	rep, root := reviewFile(t, "../testdata/gnugo-vs-yunzi/9x9/s21-base-0.sgf", cfg)
	different := 0
	for _, m := range rep.Moves {
		if m.Best != "" && m.Best != m.Move {
			different++
		}
	}
	vars := 0
	for _, n := range root.MainLine() {
		vars += max(len(n.Children)-1, 0)
		for _, v := range n.Children[min(1, len(n.Children)):] {
			assert.Contains(t, v.Value("C"), "Yunzi's line instead of")
		}
	}
	assert.Equal(t, different, vars)
	assert.NotZero(t, vars)
}

func TestReviewHandicapAndKomi(t *testing.T) {
	cfg := quick()
	cfg.Komi = new(0.5)
	data, err := os.ReadFile("../testdata/sgf/handicap.sgf")
	require.NoError(t, err)
	rep, _, err := Run(context.Background(), cfg, data)
	require.NoError(t, err)
	if len(rep.Moves) > 0 {
		assert.Equal(t, "W", rep.Moves[0].Color, "White moves first after the handicap")
	}
}

func TestReviewRefusesBadRecords(t *testing.T) {
	for _, data := range []string{"not sgf", "(;SZ[9];B[ee];W[ee])", "(;SZ[40])"} {
		_, _, err := Run(context.Background(), quick(), []byte(data))
		assert.Error(t, err, data)
	}
}

func TestReviewStopsWithContext(t *testing.T) {
	data, err := os.ReadFile("../testdata/gnugo-vs-yunzi/9x9/s21-base-0.sgf")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = Run(ctx, quick(), data)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestReviewLongGame(t *testing.T) {
	cfg := quick()
	cfg.Visits = 8
	calls := 0
	cfg.Progress = func(done, total int) { calls++ }
	rep, _ := reviewFile(t, "../testdata/gnugo-selfplay/19x19/g1.sgf", cfg)
	assert.Greater(t, len(rep.Moves), 150)
	assert.Equal(t, len(rep.Moves)+1, calls)
}
