package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/gnugotest"
	"github.com/yunzi-go/yunzi/internal/nnfiles"
)

// networkMatchVisits is Yunzi's visit budget a move in the match with the
// network: enough for a sound game, few enough for a short test.
const networkMatchVisits = "64"

// A short match of the search with KataGo's network against GNU Go level
// 1, as CI runs it: 9x9, two games, colours alternating, a small visit
// budget, GNU Go as referee. Every game is scored by the referee (no
// resignation, forfeit or game without result), and neither engine makes
// an illegal move, crashes or falls silent. Skipped without the network
// or GNU Go, unless YUNZI_REQUIRE_MODEL=1 or YUNZI_REQUIRE_GNUGO=1.
func TestNetworkMatchAgainstGNUGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays two games")
	}
	model := nnfiles.ModelPath(t)
	gnugotest.Require(t)
	bin := buildYunzi(t)
	dir := t.TempDir()
	logFile, prefix := filepath.Join(dir, "yunzi.log"), filepath.Join(dir, "net")
	yunzi := strings.Join([]string{quoteWord(bin), "--model", quoteWord(model), "--playouts", networkMatchVisits,
		"--threads", "1", "--seed", "1", "--log-file", quoteWord(logFile)}, " ")
	// GNU Go may resign a lost game; never resigning, every game is
	// played out and counted by the referee, which the test checks.
	gnugo := gnugotest.Path + " --mode gtp --level 1 --chinese-rules --never-resign"
	referee := gnugotest.Path + " --mode gtp --level 1 --chinese-rules"

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "match", "-black", yunzi, "-white", gnugo, "-referee", referee,
		"-size", "9", "-komi", "7.5", "-games", "2", "-alternate", "-parallel", "2", "-timeout", "2m", "-sgffile", prefix)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stderr: %s", stderr.String())
	summary := stdout.String()
	t.Log(summary)

	assert.Contains(t, summary, "games: 2, ")
	assert.Contains(t, summary, "no result 0\n")
	assert.Contains(t, summary, "A errors: 0 illegal moves, 0 crashes, 0 time losses, 0 no answer; 0 resignations\n")
	assert.Contains(t, summary, "B errors: 0 illegal moves, 0 crashes, 0 time losses, 0 no answer; 0 resignations\n")

	// The .dat's rows: the referee's count in RES_R for each game, no
	// error, and the colours exchanged in the second.
	dat, err := os.ReadFile(prefix + ".dat")
	require.NoError(t, err)
	var alternated []string
	score := regexp.MustCompile(`^([BW]\+\d+(\.5)?|0)$`)
	for _, line := range strings.Split(strings.TrimSpace(string(dat)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		require.GreaterOrEqual(t, len(cols), 12, "%q", line)
		assert.Regexp(t, score, cols[3], "game %s: the referee's count, %q", cols[0], line)
		assert.Equal(t, "0", cols[11], "game %s: no error, %q", cols[0], line)
		alternated = append(alternated, cols[4])
	}
	assert.Equal(t, []string{"0", "1"}, alternated, "two games, colours exchanged in the second")

	// Yunzi played with the network: the log says so, and each move
	// searched the budget's visits.
	log, err := os.ReadFile(logFile)
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(log), "the search plays with the network"), "one engine a game")
	moves := strings.Count(string(log), "msg=genmove")
	assert.Greater(t, moves, 10, "two games' moves")
	assert.Equal(t, moves, strings.Count(string(log), " visits="+networkMatchVisits+" "), "each move searched %s visits", networkMatchVisits)
}

// quoteWord quotes a word for a command line that yunzi match splits as a
// POSIX shell does, so that a path with spaces stays one word.
func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
