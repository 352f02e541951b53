package client_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/gtp/client"
	"github.com/yunzi-go/yunzi/gtp/client/clienttest"
)

// hangGuard bounds what must end by itself: long enough for a loaded
// machine under the race detector, there only to catch hangs.
const hangGuard = 30 * time.Second

func TestMain(m *testing.M) {
	clienttest.Run()
	os.Exit(m.Run())
}

// syncBuffer is a bytes.Buffer safe for the engine's stderr copier. If
// signal is set, it is closed the first time the buffer holds signalOn.
type syncBuffer struct {
	mu       sync.Mutex
	b        bytes.Buffer
	signalOn string
	signal   chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	if s.signal != nil && strings.Contains(s.b.String(), s.signalOn) {
		close(s.signal)
		s.signal = nil
	}
	return n, err
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"gnugo --mode gtp", []string{"gnugo", "--mode", "gtp"}},
		{`  a   b  `, []string{"a", "b"}},
		{`prog 'two words' "and \"three\"" x\ y`, []string{"prog", "two words", `and "three"`, "x y"}},
		{`a''b ""`, []string{"ab", ""}},
		{`'it'\''s'`, []string{"it's"}},
	}
	for _, tt := range tests {
		got, err := client.Split(tt.in)
		if assert.NoError(t, err, "Split(%q)", tt.in) {
			assert.Equal(t, tt.want, got, "Split(%q)", tt.in)
		}
	}
	for _, bad := range []string{"", "   ", `a 'b`, `"c`} {
		got, err := client.Split(bad)
		assert.Error(t, err, "Split(%q) = %q", bad, got)
	}
}

func TestSendAndResponses(t *testing.T) {
	var stderr syncBuffer
	var log syncBuffer
	c, err := client.Start(clienttest.Command("-name", "Fake Engine", "-stderr", "hello on stderr"),
		client.Options{Stderr: &stderr, Log: &log, LogPrefix: "B"})
	require.NoError(t, err)
	defer c.Close()
	r, err := c.Send("name", 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, client.Response{OK: true, Text: "Fake Engine", Full: "= Fake Engine"}, r)
	r, err = c.Send("12 echo a b", 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, client.Response{OK: true, ID: "12", Text: "a b", Full: "=12 a b"}, r)
	r, err = c.Send("frobnicate", 10*time.Second)
	var ce *client.CommandError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "unknown command", ce.Message)
	assert.False(t, r.OK)
	_, err = c.Send("boardsize 3", 10*time.Second)
	require.NoError(t, err)
	r, err = c.Send("showboard", 10*time.Second)
	require.NoError(t, err)
	assert.GreaterOrEqual(t, strings.Count(r.Full, "\n"), 3, "showboard spans several lines: %q", r.Full)
	assert.True(t, strings.HasPrefix(r.Full, "= "), r.Full)
	assert.True(t, c.Alive(), "alive after answered commands")
	c.Close()
	_, err = c.Send("name", time.Second)
	assert.Error(t, err, "Send after Close")
	assert.Contains(t, stderr.String(), "hello on stderr")
	assert.Contains(t, log.String(), "B> name")
	assert.Contains(t, log.String(), "B< = Fake Engine")
}

// TestTimeout: a command not answered in time breaks the connection, and
// Close then kills the engine rather than wait for its genmove to end.
func TestTimeout(t *testing.T) {
	c, err := client.Start(clienttest.Command("-sleep", "10m"), client.Options{})
	require.NoError(t, err)
	_, err = c.Send("genmove b", 200*time.Millisecond)
	assert.ErrorIs(t, err, client.ErrTimeout)
	assert.False(t, c.Alive(), "alive after a timeout")
	_, err = c.Send("name", time.Second)
	assert.ErrorIs(t, err, client.ErrTimeout, "Send after a timeout")
	closed := make(chan struct{})
	go func() {
		c.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(hangGuard):
		require.FailNow(t, "Close waited for the engine's genmove")
	}
}

func TestDeath(t *testing.T) {
	c, err := client.Start(clienttest.Command("-crash-at", "1"), client.Options{})
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Send("genmove b", 10*time.Second)
	assert.ErrorIs(t, err, client.ErrDied)
	_, err = c.Send("die", 10*time.Second)
	assert.ErrorIs(t, err, client.ErrDied, "second command")
}

// TestDeathWhileIdle: an engine that dies between commands (killed, say,
// while the controller waits for the other player) is not alive any more,
// though no command has failed yet, so a controller restarts it before
// it counts on it.
func TestDeathWhileIdle(t *testing.T) {
	c, err := client.Start(clienttest.Command("-exit-after", "1"), client.Options{})
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Send("name", 10*time.Second)
	require.NoError(t, err)
	assert.Eventually(t, func() bool { return !c.Alive() }, hangGuard, 10*time.Millisecond,
		"still alive after the engine exited")
}

// TestCloseKillsAStuckEngine: the engine ignores quit while it sleeps in
// genmove; Close, called while Send waits, must not hang.
func TestCloseKillsAStuckEngine(t *testing.T) {
	log := &syncBuffer{signalOn: "> genmove b", signal: make(chan struct{})}
	sent := log.signal
	c, err := client.Start(clienttest.Command("-sleep", "10m"), client.Options{Log: log})
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		c.Send("genmove b", 0) //nolint:errcheck // ends when killed
		close(done)
	}()
	<-sent // Send holds the connection
	go c.Close()
	select {
	case <-done:
	case <-time.After(client.KillDelay + hangGuard):
		require.FailNow(t, "Send did not end after Close")
	}
}

func TestWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	sgfText := "(;FF[4]SZ[5];B[cc];W[dd])"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "g.sgf"), []byte(sgfText), 0o644))
	c, err := client.Start(clienttest.Command(), client.Options{Dir: dir})
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Send("loadsgf g.sgf", 10*time.Second)
	require.NoError(t, err, "loadsgf relative to Dir")
	r, err := c.Send("is_legal b C3", 10*time.Second)
	require.NoError(t, err)
	assert.Equal(t, "false", r.Text, "is_legal b C3 after loadsgf")
}

func TestStartFailure(t *testing.T) {
	_, err := client.Start("/nonexistent/engine --gtp", client.Options{})
	assert.Error(t, err, "Start of a missing program")
	_, err = client.Start("  ", client.Options{})
	assert.ErrorIs(t, err, client.ErrEmptyCommand)
}
