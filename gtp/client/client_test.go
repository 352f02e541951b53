package client_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/yunzi-go/yunzi/gtp/client"
	"github.com/yunzi-go/yunzi/gtp/client/clienttest"
)

func TestMain(m *testing.M) {
	clienttest.Run()
	os.Exit(m.Run())
}

// syncBuffer is a bytes.Buffer safe for the engine's stderr copier.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
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
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "   ", `a 'b`, `"c`} {
		if got, err := client.Split(bad); err == nil {
			t.Errorf("Split(%q) = %q, want an error", bad, got)
		}
	}
}

func TestSendAndResponses(t *testing.T) {
	var stderr syncBuffer
	var log syncBuffer
	c, err := client.Start(clienttest.Command("-name", "Fake Engine", "-stderr", "hello on stderr"),
		client.Options{Stderr: &stderr, Log: &log, LogPrefix: "B"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r, err := c.Send("name", time.Second*10)
	if err != nil || !r.OK || r.Text != "Fake Engine" || r.Full != "= Fake Engine" {
		t.Errorf("name = %+v, %v", r, err)
	}
	r, err = c.Send("12 echo a b", 10*time.Second)
	if err != nil || r.ID != "12" || r.Text != "a b" || r.Full != "=12 a b" {
		t.Errorf("12 echo = %+v, %v", r, err)
	}
	r, err = c.Send("frobnicate", 10*time.Second)
	var ce *client.CommandError
	if !errors.As(err, &ce) || ce.Message != "unknown command" || r.OK {
		t.Errorf("frobnicate = %+v, %v; want a CommandError", r, err)
	}
	r, err = c.Send("boardsize 3", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	r, err = c.Send("showboard", 10*time.Second)
	if err != nil || strings.Count(r.Full, "\n") < 3 || !strings.HasPrefix(r.Full, "= ") {
		t.Errorf("showboard = %q, %v; want several lines", r.Full, err)
	}
	if !c.Alive() {
		t.Error("Alive() = false after answered commands")
	}
	c.Close()
	if _, err := c.Send("name", time.Second); err == nil {
		t.Error("Send after Close succeeded")
	}
	if !strings.Contains(stderr.String(), "hello on stderr") {
		t.Errorf("stderr = %q, want the engine's message", stderr.String())
	}
	if !strings.Contains(log.String(), "B> name") || !strings.Contains(log.String(), "B< = Fake Engine") {
		t.Errorf("log = %q, want commands and responses", log.String())
	}
}

func TestTimeout(t *testing.T) {
	c, err := client.Start(clienttest.Command("-sleep", "5s"), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = c.Send("genmove b", 200*time.Millisecond)
	if !errors.Is(err, client.ErrTimeout) {
		t.Errorf("genmove = %v, want ErrTimeout", err)
	}
	if c.Alive() {
		t.Error("Alive() = true after a timeout")
	}
	if _, err := c.Send("name", time.Second); !errors.Is(err, client.ErrTimeout) {
		t.Errorf("Send after a timeout = %v, want ErrTimeout again", err)
	}
	c.Close() // kills at once: the engine is out of step
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout and close took %v", d)
	}
}

func TestDeath(t *testing.T) {
	c, err := client.Start(clienttest.Command("-crash-at", "1"), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Send("genmove b", 10*time.Second); !errors.Is(err, client.ErrDied) {
		t.Errorf("genmove = %v, want ErrDied", err)
	}
	if _, err := c.Send("die", 10*time.Second); !errors.Is(err, client.ErrDied) {
		t.Errorf("second command = %v, want ErrDied", err)
	}
}

// TestDeathWhileIdle: an engine that dies between commands (killed, say,
// while the controller waits for the other player) is not alive any more,
// though no command has failed yet, so a controller restarts it before
// it counts on it.
func TestDeathWhileIdle(t *testing.T) {
	c, err := client.Start(clienttest.Command("-exit-after", "1"), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Send("name", 10*time.Second); err != nil {
		t.Fatalf("name = %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for c.Alive() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if c.Alive() {
		t.Error("Alive is true 10 s after the engine exited")
	}
}

func TestCloseKillsAStuckEngine(t *testing.T) {
	// The engine ignores quit while it sleeps in genmove; Close must not hang.
	c, err := client.Start(clienttest.Command("-sleep", "30s"), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		c.Send("genmove b", 0) //nolint:errcheck // ends when killed
		close(done)
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	go c.Close()
	select {
	case <-done:
	case <-time.After(client.KillDelay + 5*time.Second):
		t.Fatal("Send did not end after Close")
	}
	if d := time.Since(start); d > client.KillDelay+3*time.Second {
		t.Errorf("Close took %v", d)
	}
}

func TestWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	sgfText := "(;FF[4]SZ[5];B[cc];W[dd])"
	if err := os.WriteFile(filepath.Join(dir, "g.sgf"), []byte(sgfText), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := client.Start(clienttest.Command(), client.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Send("loadsgf g.sgf", 10*time.Second); err != nil {
		t.Fatalf("loadsgf relative to Dir: %v", err)
	}
	r, err := c.Send("is_legal b C3", 10*time.Second)
	if err != nil || r.Text != "false" {
		t.Errorf("is_legal b C3 after loadsgf = %q, %v; want false", r.Text, err)
	}
}

func TestStartFailure(t *testing.T) {
	if _, err := client.Start("/nonexistent/engine --gtp", client.Options{}); err == nil {
		t.Error("Start of a missing program succeeded")
	}
	if _, err := client.Start("  ", client.Options{}); !errors.Is(err, client.ErrEmptyCommand) {
		t.Errorf("Start(blank) = %v, want ErrEmptyCommand", err)
	}
}
