package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonLines parses output lines as JSON objects.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var ls []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m), l)
		ls = append(ls, m)
	}
	return ls
}

func TestAnalysisCommand(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "analysis.cfg")
	require.NoError(t, os.WriteFile(cfg, []byte("numAnalysisThreads = 2\nmaxVisits = 40\nnnCacheSizePowerOfTwo = 20\nreportAnalysisWinratesAs = WHITE\n"), 0o644))
	in := `{"id":"v","action":"query_version"}` + "\n" +
		`{"id":"q","moves":[["B","C3"]],"rules":"chinese","komi":7.5,"boardXSize":7,"boardYSize":7}` + "\n"
	out, errOut, err := runApp(t, in, "analysis", "-config", cfg, "-override-config", "maxVisits=20", "-seed", "5")
	require.NoError(t, err)
	ls := jsonLines(t, out)
	require.Len(t, ls, 2)
	assert.Equal(t, "query_version", ls[0]["action"])
	assert.Equal(t, "q", ls[1]["id"])
	root := ls[1]["rootInfo"].(map[string]any)
	assert.LessOrEqual(t, root["visits"].(float64), 20.0, "the override's visits")
	assert.Equal(t, "W", root["currentPlayer"])
	assert.Contains(t, errOut, "nnCacheSizePowerOfTwo", "an unknown key is logged")

	_, _, err = runApp(t, "", "analysis", "-config", cfg, "-analysis-threads", "2")
	var u usageError
	require.ErrorAs(t, err, &u)
	assert.Contains(t, err.Error(), "numAnalysisThreads")

	_, _, err = runApp(t, "", "analysis", "-override-config", "maxVisits=0")
	require.ErrorAs(t, err, &u)
	assert.Contains(t, err.Error(), "maxVisits")

	_, _, err = runApp(t, "", "analysis", "-config", filepath.Join(t.TempDir(), "missing.cfg"))
	assert.ErrorContains(t, err, "missing.cfg")
}

func TestAnalysisCommandWithModel(t *testing.T) {
	path := tinyModelFile(t)
	in := `{"id":"p","moves":[],"rules":"chinese","boardXSize":5,"boardYSize":5,"maxVisits":10,"includePolicy":true}` + "\n"
	out, _, err := runApp(t, in, "analysis", "-model", path, "-seed", "1")
	require.NoError(t, err)
	ls := jsonLines(t, out)
	require.Len(t, ls, 1)
	pol := ls[0]["policy"].([]any)
	require.Len(t, pol, 26)
	sum := 0.0
	for _, p := range pol {
		sum += p.(float64)
	}
	assert.InDelta(t, 1, sum, 1e-3, "the network's policy over an empty board")
}

func TestAnalysisBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildYunzi(t)
	cmd := exec.Command(bin, "analysis", "-analysis-threads", "2", "-seed", "9", "-override-config", "maxVisits=30")
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = io.Discard
	require.NoError(t, cmd.Start())
	lines := make(chan map[string]any)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				lines <- m
			} else {
				lines <- map[string]any{"not json": sc.Text()}
			}
		}
	}()
	next := func() map[string]any {
		select {
		case m, ok := <-lines:
			require.True(t, ok, "the engine quit")
			return m
		case <-time.After(60 * time.Second):
			t.Fatal("no response")
			return nil
		}
	}
	// A bad line first: the process answers it and goes on.
	io.WriteString(stdin, "{not json\n")
	assert.Contains(t, next(), "error")
	io.WriteString(stdin, `{"id":"g","moves":[["B","E5"],["W","C3"],["B","G3"]],"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9,"analyzeTurns":[1,3],"includeOwnership":true}`+"\n")
	turns := map[float64]bool{}
	for range 2 {
		m := next()
		assert.Equal(t, "g", m["id"])
		assert.Equal(t, false, m["isDuringSearch"])
		assert.Len(t, m["ownership"], 81)
		turns[m["turnNumber"].(float64)] = true
	}
	assert.Equal(t, map[float64]bool{1: true, 3: true}, turns)
	io.WriteString(stdin, `{"id":"bad","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":11}`+"\n")
	m := next()
	assert.Equal(t, "boardYSize", m["field"])
	// Closing stdin finishes the queued work, then the process exits.
	io.WriteString(stdin, `{"id":"last","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9}`+"\n")
	stdin.Close()
	assert.Equal(t, "last", next()["id"])
	for range lines { // read to the end before Wait closes the pipe
	}
	require.NoError(t, cmd.Wait())
}
