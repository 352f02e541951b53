package gtp_test

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/gtp"
	"github.com/yunzi-go/yunzi/rules"
)

func TestEndOfInputWithoutNewline(t *testing.T) {
	assert.Equal(t, "= Yunzi\n\n=7 2\n\n", run(t, newEngine(), nil, "name\n7 protocol_version"))
}

func TestEmptyInput(t *testing.T) {
	assert.Equal(t, "", run(t, newEngine(), nil, ""))
	assert.Equal(t, "", run(t, newEngine(), nil, "\n\n# only comments\n \t \r\n"))
}

func TestLongLineThenGoOn(t *testing.T) {
	long := "play b " + strings.Repeat("x", gtp.MaxLine+10) + "\n"
	got := run(t, newEngine(), nil, long+"name\n")
	assert.Equal(t, "? syntax error\n\n= Yunzi\n\n", got)
	// A long comment is only a comment.
	got = run(t, newEngine(), nil, "# "+strings.Repeat("x", 2*gtp.MaxLine)+"\nname\n")
	assert.Equal(t, "= Yunzi\n\n", got)
}

func TestListCommandsMatchesKnownCommand(t *testing.T) {
	for _, e := range []*engine.Engine{newEngine(), newNetEngine()} {
		out := run(t, e, nil, "list_commands\n")
		names := strings.Split(strings.TrimSuffix(strings.TrimPrefix(out, "= "), "\n\n"), "\n")
		require.Greater(t, len(names), 25)
		for _, n := range names {
			assert.Equal(t, "= true\n\n", run(t, e, nil, "known_command "+n+"\n"), n)
		}
		assert.Equal(t, e.HasNetwork(), slices.Contains(names, "kata-raw-nn"))
	}
	out := run(t, newEngine(), nil, "list_commands\n")
	names := strings.Split(strings.TrimSuffix(strings.TrimPrefix(out, "= "), "\n\n"), "\n")
	for _, n := range []string{"protocol_version", "name", "version", "known_command", "list_commands",
		"quit", "boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo", "showboard",
		"fixed_handicap", "place_free_handicap", "set_free_handicap", "final_score", "final_status_list",
		"is_legal", "loadsgf", "printsgf", "time_settings", "time_left", "kgs-time_settings",
		"kgs-genmove_cleanup", "kgs-rules", "kgs-game_over", "yunzi-chinese_score"} {
		assert.Contains(t, names, n)
	}
}

// TestFlushEachResponse checks that each response is written and flushed
// before the next command is read, as a GUI waiting on a pipe needs.
func TestFlushEachResponse(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	srv := gtp.NewServer(inR, outW, newEngine())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(); outW.Close() }()
	buf := make([]byte, 64)
	for _, c := range []struct{ in, out string }{{"name\n", "= Yunzi\n\n"}, {"1 boardsize 9\n", "=1 \n\n"}} {
		_, err := io.WriteString(inW, c.in)
		require.NoError(t, err)
		got := ""
		for len(got) < len(c.out) {
			n, err := outR.Read(buf)
			require.NoError(t, err)
			got += string(buf[:n])
		}
		assert.Equal(t, c.out, got)
	}
	_, err := io.WriteString(inW, "quit\n")
	require.NoError(t, err)
	n, _ := io.ReadFull(outR, buf[:3])
	assert.Equal(t, "= \n", string(buf[:n]))
	go io.Copy(io.Discard, outR)
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(hangGuard):
		require.FailNow(t, "Serve did not return after quit")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestWriteErrorEndsServe(t *testing.T) {
	srv := gtp.NewServer(strings.NewReader("name\nname\n"), failingWriter{}, newEngine())
	assert.Error(t, srv.Serve())
}

// TestBlackAndWhiteCommands: GTP version 1's "black VERTEX" and "white
// VERTEX", which GNU Go's regression suites use for setup, play moves.
func TestBlackAndWhiteCommands(t *testing.T) {
	e := newEngine()
	got := run(t, e, nil, "boardsize 5\nblack C3\nwhite D3\nis_legal b C3\nis_legal w D4\n")
	assert.Equal(t, "= \n\n= \n\n= \n\n= 0\n\n= 1\n\n", got)
}

// TestPatternRanks: yunzi-patterns numbers the twenty moves the learned
// patterns rank first and gives the first five chances, without a search.
func TestPatternRanks(t *testing.T) {
	out := run(t, newEngine(), nil, "boardsize 19\nyunzi-patterns\nyunzi-patterns b\n")
	responses := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	require.Len(t, responses, 3)
	assert.Equal(t, "? syntax error", responses[2])
	lines := strings.Split(strings.TrimPrefix(responses[1], "= "), "\n")
	require.Len(t, lines, 2)
	labels := strings.Fields(lines[0])
	require.Len(t, labels, 1+2*20)
	assert.Equal(t, "LABEL", labels[0])
	seen := map[string]bool{}
	for i := 1; i < len(labels); i += 2 {
		assert.Equal(t, strconv.Itoa((i+1)/2), labels[i+1])
		assert.False(t, seen[labels[i]], "%s twice", labels[i])
		seen[labels[i]] = true
	}
	// On the empty board the corners come first: a 3-4 or 4-4 point.
	p, err := rules.ParsePoint(labels[1])
	require.NoError(t, err)
	x, y := p.X(), p.Y()
	line := func(v int) int { return min(v, 18-v) + 1 }
	assert.Subset(t, []int{3, 4}, []int{line(x), line(y)}, "first: %s", labels[1])

	require.True(t, strings.HasPrefix(lines[1], "TEXT "), lines[1])
	text := strings.Split(strings.TrimPrefix(lines[1], "TEXT "), ", ")
	require.Len(t, text, 5)
	assert.True(t, strings.HasPrefix(text[0], labels[1]+" "), "the text starts with the first label")
	last := 100.0
	for _, item := range text {
		var point string
		var chance float64
		_, err := fmt.Sscanf(item, "%s %f%%", &point, &chance)
		require.NoError(t, err, item)
		assert.LessOrEqual(t, chance, last, item)
		assert.Greater(t, chance, 0.0, item)
		last = chance
	}
}
