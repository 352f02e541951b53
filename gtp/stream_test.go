package gtp_test

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/gtp"
	"github.com/yunzi-go/yunzi/rules"
)

// session drives a server through pipes, as a GUI does.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

// hangGuard bounds what must end by itself: long enough for a loaded
// machine under the race detector, there only to catch hangs.
const hangGuard = 30 * time.Second

func newSession(t *testing.T, cfg engine.Config, opts ...gtp.Option) *session {
	return newSessionOn(t, engine.New(cfg), opts...)
}

// newSessionOn is newSession playing through e.
func newSessionOn(t *testing.T, e gtp.Engine, opts ...gtp.Option) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	srv := gtp.NewServer(inR, outW, e, opts...)
	s := &session{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() { s.done <- srv.Serve(); outW.Close() }()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR)
		select {
		case err := <-s.done:
			assert.NoError(t, err)
		case <-time.After(hangGuard):
			assert.Fail(t, "Serve did not return at the end of the input")
		}
	})
	return s
}

func (s *session) send(line string) {
	_, err := io.WriteString(s.in, line+"\n")
	require.NoError(s.t, err)
}

// line reads one output line without its newline.
func (s *session) line() string {
	l, err := s.out.ReadString('\n')
	require.NoError(s.t, err)
	return strings.TrimSuffix(l, "\n")
}

// response reads one whole response (up to the empty line).
func (s *session) response() string {
	var lines []string
	for l := s.line(); l != ""; l = s.line() {
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

func searchConfig() engine.Config {
	return engine.Config{Size: 9, Seed: 1, Threads: 1, MaxNodes: 20000, MoveTime: 200 * time.Millisecond}
}

var (
	lzBlock   = regexp.MustCompile(`^info move ([A-HJ-T]\d+|pass) visits \d+ winrate \d+ prior \d+ lcb \d+ order \d+ pv( ([A-HJ-T]\d+|pass))+$`)
	kataBlock = regexp.MustCompile(`^info move ([A-HJ-T]\d+|pass) visits \d+ utility -?\d+\.\d+ winrate \d\.\d+ scoreMean -?\d+\.\d+ scoreLead -?\d+\.\d+ prior \d\.\d+ lcb -?\d\.\d+ order \d+ pv( ([A-HJ-T]\d+|pass))+$`)
)

// blocks splits an info line into its "info move" blocks.
func blocks(line string) []string {
	parts := strings.Split(line, " info ")
	for i := range parts {
		if i > 0 {
			parts[i] = "info " + parts[i]
		}
	}
	return parts
}

// TestAnalyzeStreams runs lz-analyze and kata-analyze as Sabaki does: "="
// at once, info lines every interval, stopped by the next command, whose
// response follows the closing empty line.
func TestAnalyzeStreams(t *testing.T) {
	s := newSession(t, searchConfig())
	s.send("boardsize 9")
	assert.Equal(t, "= ", s.response())
	s.send("play b e5")
	assert.Equal(t, "= ", s.response())

	s.send("7 lz-analyze W 5")
	require.Equal(t, "=7", s.line())
	for range 2 {
		line := s.line()
		for _, b := range blocks(line) {
			assert.Regexp(t, lzBlock, b)
		}
	}
	s.send("name")
	for l := s.line(); l != ""; l = s.line() {
		require.True(t, strings.HasPrefix(l, "info move"), l)
	}
	assert.Equal(t, "= Yunzi", s.response())

	s.send("kata-analyze W 5 ownership true")
	require.Equal(t, "=", s.line())
	line := s.line()
	main, own, ok := strings.Cut(line, " ownership ")
	require.True(t, ok, line)
	for _, b := range blocks(main) {
		assert.Regexp(t, kataBlock, b)
	}
	vals := strings.Fields(own)
	assert.Len(t, vals, 81)
	for _, v := range vals {
		assert.Regexp(t, `^-?[01]\.\d+$`, v)
	}
	s.send("") // any line stops the analysis, even an empty one
	for l := s.line(); l != ""; l = s.line() {
		require.True(t, strings.HasPrefix(l, "info move"), l)
	}
	s.send("genmove w")
	assert.Regexp(t, `^= ([A-HJ-T]\d+|PASS|pass)$`, s.response())

	s.send("lz-genmove_analyze b 5")
	require.Equal(t, "=", s.line())
	var last string
	for l := s.line(); l != ""; l = s.line() {
		last = l
	}
	assert.Regexp(t, `^play ([A-HJ-T]\d+|pass|resign)$`, last)

	s.send("lz-analyze B 5 bogus 1")
	assert.Equal(t, "? syntax error", s.response())
	s.send("kata-genmove_analyze")
	assert.Equal(t, "? syntax error", s.response())
}

// signalling is an engine that says when a genmove or pondering starts.
type signalling struct {
	*engine.Engine
	genmove, ponder chan struct{}
}

func newSignalling(cfg engine.Config) *signalling {
	return &signalling{engine.New(cfg), make(chan struct{}, 8), make(chan struct{}, 8)}
}

func (e *signalling) GenMove(ctx context.Context, c rules.Color, cleanup bool) (rules.Point, bool, error) {
	e.genmove <- struct{}{}
	return e.Engine.GenMove(ctx, c, cleanup)
}

func (e *signalling) Ponder(ctx context.Context) {
	e.ponder <- struct{}{}
	e.Engine.Ponder(ctx)
}

// TestInterruptStopsGenmove: with an hour to think, GoGui's "# interrupt"
// line, sent while the search runs, ends the genmove with a move.
func TestInterruptStopsGenmove(t *testing.T) {
	cfg := searchConfig()
	cfg.MoveTime, cfg.Playouts = time.Hour, 1<<30
	e := newSignalling(cfg)
	s := newSessionOn(t, e)
	s.send("genmove b")
	<-e.genmove
	start := time.Now()
	s.send("# interrupt")
	assert.Regexp(t, `^= ([A-HJ-T]\d+|PASS)$`, s.response())
	assert.Less(t, time.Since(start), hangGuard, "only the interrupt ends an hour's search")
}

// TestPipelinedGenmoveNotInterrupted: a command sent while genmove thinks
// waits its turn and does not cut the genmove short.
func TestPipelinedGenmoveNotInterrupted(t *testing.T) {
	s := newSession(t, searchConfig())
	s.send("genmove b")
	s.send("name")
	assert.Regexp(t, `^= [A-HJ-T]\d+$`, s.response())
	assert.Equal(t, "= Yunzi", s.response())
}

// TestPonderStopsAtNextCommand: with pondering on, the engine thinks after
// genmove, with no limit but the next line, and answers that line when it
// comes (pondering that went on would never answer).
func TestPonderStopsAtNextCommand(t *testing.T) {
	cfg := searchConfig()
	cfg.Ponder = true
	e := newSignalling(cfg)
	s := newSessionOn(t, e)
	s.send("genmove b")
	s.response()
	<-e.ponder
	s.send("play w c3")
	assert.Equal(t, "= ", s.response())
	s.send("genmove b")
	assert.Regexp(t, `^= [A-HJ-T]\d+$`, s.response())
}

// TestLiveGfxAfterAnalyzeCommands: gogui-gfx blocks go to the graphics
// writer during genmove once GoGui has asked for the analyze commands.
func TestLiveGfxAfterAnalyzeCommands(t *testing.T) {
	gfx := &syncBuffer{}
	cfg := searchConfig()
	cfg.MoveTime = 1200 * time.Millisecond
	s := newSession(t, cfg, gtp.WithLiveGfx(gfx, false))
	s.send("genmove b")
	s.response()
	assert.Empty(t, gfx.String(), "not before gogui-analyze_commands")
	s.send("gogui-analyze_commands")
	cmds := s.response()
	for _, want := range []string{"dboard/", "gfx/", "string/"} {
		assert.Contains(t, cmds, want)
	}
	s.send("genmove w")
	s.response()
	assert.Contains(t, gfx.String(), "gogui-gfx:\nCLEAR\n")
	s.send("yunzi-ownership")
	rows := strings.Split(s.response(), "\n")
	require.Len(t, rows, 10)
	assert.Len(t, strings.Fields(rows[1]), 9)
	for _, c := range []string{"yunzi-visits", "yunzi-winrates", "yunzi-pv", "yunzi-territory", "yunzi-score"} {
		s.send(c)
		assert.Regexp(t, `^= `, s.response(), c)
	}
	s.send("yunzi-score extra")
	assert.Equal(t, "? syntax error", s.response())
}
