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
	assert.Regexp(t, `^# Move-pattern gammas: .* 2 games, \d+ positions`, out)
	assert.Regexp(t, `2 games: \d+ training positions, \d+ test positions`, log)
	assert.Contains(t, log, "training: log-likelihood")
	assert.Contains(t, log, "test: log-likelihood", "the second game is held out")
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
	require.NoError(t, os.WriteFile(bad, []byte("(;SZ[9];B[ee];W[ee])"), 0o644))
	_, _, err = runLearn(games+"g1.sgf", bad)
	assert.ErrorContains(t, err, "bad.sgf")
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
