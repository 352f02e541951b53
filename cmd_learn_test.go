package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/pattern"
)

func runLearn(args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	app := newApp(strings.NewReader(""), &out, &errOut)
	err = app.Run(append([]string{"yunzi", "learn-patterns"}, args...))
	return out.String(), errOut.String(), err
}

func TestLearnPatterns(t *testing.T) {
	games := "testdata/gnugo-selfplay/19x19/"
	out, log, err := runLearn("--iterations", "3", "--test-every", "2", games+"g1.sgf", games+"g2.sgf")
	require.NoError(t, err)
	m, err := pattern.Read(strings.NewReader(out))
	require.NoError(t, err, "the table reads back")
	assert.Regexp(t, `^# Move-pattern gammas: .* 1 games, \d+ positions`, out, "the games learned from")
	assert.Contains(t, log, "1 games to learn from, 1 held out")
	assert.Regexp(t, `\d+ training positions`, log)
	assert.Regexp(t, `training: all +\d+ positions  top-1`, log)
	assert.Regexp(t, `test: all +\d+ positions  top-1`, log, "the second game is held out")
	assert.Positive(t, m.Patterns().Len(), "the spatial patterns played at least --min-count times")
	assert.Contains(t, log, " spatial patterns")

	out, _, err = runLearn("--iterations", "1", "--test-every", "0", "--min-count", "0", games+"g1.sgf")
	require.NoError(t, err)
	m, err = pattern.Read(strings.NewReader(out))
	require.NoError(t, err)
	assert.Zero(t, m.Patterns().Len(), "--min-count 0: none")

	_, _, err = runLearn()
	assert.ErrorContains(t, err, "no SGF games")

	bad := filepath.Join(t.TempDir(), "bad.sgf")
	require.NoError(t, os.WriteFile(bad, []byte("(;SZ[19];B[ee];W[ee])"), 0o644))
	_, log, err = runLearn("--iterations", "1", "--test-every", "0", games+"g1.sgf", bad)
	require.NoError(t, err, "a bad game is skipped")
	assert.Contains(t, log, "1 games to learn from")
	assert.Contains(t, log, "1 refused by the rules")
	assert.Contains(t, log, "bad.sgf: game 1: sgf: move 2")

	notSGF := filepath.Join(t.TempDir(), "notes.sgf")
	require.NoError(t, os.WriteFile(notSGF, []byte("no game here"), 0o644))
	_, _, err = runLearn(games+"g1.sgf", notSGF)
	assert.ErrorContains(t, err, "notes.sgf: no game could be read")
	_, _, err = runLearn("--sample", "0", games+"g1.sgf")
	assert.ErrorContains(t, err, "--sample must be 1 or more")
	_, _, err = runLearn("--test", games+"g1.sgf", games+"g1.sgf")
	assert.ErrorContains(t, err, "both learned from and held out")
}

// collection writes an SGF collection of the given games, the files'
// trees one after the other, each on lines of its own, and returns its
// path.
func collection(t *testing.T, games ...string) string {
	t.Helper()
	var b strings.Builder
	for _, g := range games {
		if strings.HasSuffix(g, ".sgf") {
			data, err := os.ReadFile(g)
			require.NoError(t, err)
			g = strings.TrimSpace(string(data))
		}
		b.WriteString(g + "\n")
	}
	path := filepath.Join(t.TempDir(), "games.sgf")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

func TestLearnPatternsFromCollections(t *testing.T) {
	games := "testdata/gnugo-selfplay/19x19/"
	train := collection(t,
		games+"g1.sgf",
		"(;GM[1]SZ[19];B[pd];W[pd])",          // an illegal move
		"(;GM[1]SZ[9];B[ee])",                 // another size
		"(;GM[1]SZ[19]HA[2]AB[dd][pp];W[dp])", // handicap
		"(;GM[1]SZ[19];B[pd];W[dp]",           // never closed
		games+"g2.sgf",
		games+"g3.sgf",
	)
	test := collection(t, games+"g4.sgf", games+"g5.sgf", games+"g6.sgf")
	out, log, err := runLearn("--iterations", "2", "--min-count", "2", "--test", test, train)
	require.NoError(t, err)
	assert.Contains(t, log, "3 games to learn from, 3 held out")
	assert.Contains(t, log, "skipped 4 games: 1 unreadable, 1 refused by the rules, 1 of another board size, 1 with handicap or setup stones")
	assert.Contains(t, log, "games.sgf: game 2: sgf: move 2")
	for _, phase := range []string{"moves 1-50", "moves 51-150", "moves 151+", "all"} {
		assert.Regexp(t, `test: `+regexp.QuoteMeta(phase)+` +\d+ positions  top-1 +[\d.]+%  top-5 +[\d.]+%  mean rank +[\d.]+  log-likelihood -[\d.]+`, log)
	}
	assert.Regexp(t, `(?m)^# Move-pattern gammas: .* 3 games, \d+ positions\.\n# From games\.sgf\.$`, out)
	_, err = pattern.Read(strings.NewReader(out))
	require.NoError(t, err)

	// Every second game: the first, third, fifth and seventh of the
	// collection, of which two can be learned from.
	out, log, err = runLearn("--iterations", "1", "--sample", "2", "--test-every", "0", train)
	require.NoError(t, err)
	assert.Regexp(t, `^# Move-pattern gammas: yunzi learn-patterns --iterations 1 --min-count 10 --sample 2, 2 games`, out)
	assert.Contains(t, log, "2 games to learn from, 0 held out; skipped 2 games: 1 unreadable, 0 refused by the rules, 1 of another board size")

	// Any size: the 9x9 game is learned from too.
	_, log, err = runLearn("--iterations", "1", "--size", "0", "--test-every", "0", train)
	require.NoError(t, err)
	assert.Contains(t, log, "4 games to learn from")
}

func TestLearnPatternsEvaluate(t *testing.T) {
	games := "testdata/gnugo-selfplay/19x19/"
	table := filepath.Join(t.TempDir(), "table.txt")
	out, _, err := runLearn("--iterations", "3", "--min-count", "2", "--test-every", "0", games+"g1.sgf", games+"g2.sgf")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(table, []byte(out), 0o644))

	test := collection(t, games+"g3.sgf", "(;GM[1]SZ[19];B[pd];W[pd])", games+"g4.sgf")
	out, _, err = runLearn("--evaluate", "--table", table, test)
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^embedded: \d+ bytes, \d+ spatial patterns, read in [\d.]+ ms \(the fastest of 5\)$`, out)
	assert.Regexp(t, `(?m)^`+regexp.QuoteMeta(table)+`: \d+ bytes, \d+ spatial patterns, read in [\d.]+ ms \(the fastest of 5\)$`, out)
	assert.Contains(t, out, "2 games; skipped 1 games: 0 unreadable, 1 refused by the rules")
	for _, name := range []string{"embedded", table} {
		for _, phase := range []string{"moves 1-50", "moves 51-150", "moves 151+", "all"} {
			assert.Regexp(t, `(?m)^`+regexp.QuoteMeta(name+": "+phase)+` +\d+ positions  top-1`, out)
		}
	}
	// Both tables are measured on the same positions.
	counts := regexp.MustCompile(`(?m)^.*: all +(\d+) positions`).FindAllStringSubmatch(out, -1)
	require.Len(t, counts, 2, out)
	assert.Equal(t, counts[0][1], counts[1][1])

	_, _, err = runLearn("--evaluate", "--table", filepath.Join(t.TempDir(), "missing.txt"), test)
	assert.Error(t, err)
	_, _, err = runLearn("--evaluate")
	assert.ErrorContains(t, err, "no SGF games")
}

func TestLearnPatternsOfOnePlayer(t *testing.T) {
	// Yunzi is Black and GNU Go White in this game: with --player, only
	// White's moves are learned, about half of them.
	game := "testdata/gnugo-vs-yunzi/19x19/s4-w19-0.sgf"
	positions := func(log string) int {
		m := regexp.MustCompile(`(\d+) training positions`).FindStringSubmatch(log)
		require.NotNil(t, m, log)
		n, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		return n
	}
	_, all, err := runLearn("--iterations", "1", "--test-every", "0", game)
	require.NoError(t, err)
	_, gnugo, err := runLearn("--iterations", "1", "--test-every", "0", "--player", "GNU Go", game)
	require.NoError(t, err)
	assert.InDelta(t, positions(all)/2, positions(gnugo), 1)
	_, notYunzi, err := runLearn("--iterations", "1", "--test-every", "0", "--skip-player", "Yunzi", game)
	require.NoError(t, err)
	assert.Equal(t, positions(gnugo), positions(notYunzi))

	_, _, err = runLearn("--player", "Nobody", game)
	assert.ErrorContains(t, err, "no moves to learn")
}
