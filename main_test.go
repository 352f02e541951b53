package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/gnugotest"
	"github.com/yunzi-go/yunzi/rules"
)

// gtpProcess is an engine driven over pipes, the way GoGui and Sabaki do.
type gtpProcess struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr syncBuffer
}

// syncBuffer collects a process's stderr while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func start(t *testing.T, ctx context.Context, name string, args ...string) *gtpProcess {
	t.Helper()
	p := &gtpProcess{t: t, cmd: exec.CommandContext(ctx, name, args...)}
	var err error
	p.in, err = p.cmd.StdinPipe()
	require.NoError(t, err)
	out, err := p.cmd.StdoutPipe()
	require.NoError(t, err)
	p.out = bufio.NewReader(out)
	p.cmd.Stderr = &p.stderr
	require.NoError(t, p.cmd.Start())
	t.Cleanup(func() { p.in.Close(); _ = p.cmd.Wait() })
	return p
}

// send writes one command and reads its response: ok and the text after
// "= " or "? " (lines joined by "\n").
func (p *gtpProcess) send(command string) (bool, string) {
	p.t.Helper()
	_, err := fmt.Fprintln(p.in, command)
	require.NoError(p.t, err, command)
	var lines []string
	for {
		line, err := p.out.ReadString('\n')
		require.NoError(p.t, err, "reading the response to %q; stderr:\n%s", command, p.stderr.String())
		line = strings.TrimSuffix(line, "\n")
		if line == "" && len(lines) > 0 {
			break
		}
		lines = append(lines, line)
	}
	first := lines[0]
	require.Regexp(p.t, `^[=?]\d* ?`, first, "response to %q", command)
	ok := first[0] == '='
	text := strings.Join(append([]string{strings.TrimLeft(first[1:], "0123456789")}, lines[1:]...), "\n")
	return ok, strings.TrimPrefix(text, " ")
}

// must sends a command that has to succeed.
func (p *gtpProcess) must(command string) string {
	p.t.Helper()
	ok, text := p.send(command)
	require.True(p.t, ok, "%s: %s", command, text)
	return text
}

// exitGuard bounds the wait for a process to exit after quit: long enough
// for any loaded machine, so that it only catches a process that hangs.
const exitGuard = 30 * time.Second

// waitExit waits for the process to exit on its own and checks that it
// exits cleanly; after exitGuard it kills the process and fails the test.
func (p *gtpProcess) waitExit() {
	p.t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	select {
	case err := <-exited:
		require.NoError(p.t, err, "exit; stderr:\n%s", p.stderr.String())
	case <-time.After(exitGuard):
		_ = p.cmd.Process.Kill()
		<-exited
		require.FailNow(p.t, "the process hangs", "still running %v after quit", exitGuard)
	}
}

// buildYunzi builds the command into a temporary folder.
func buildYunzi(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "yunzi")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

var vertexOrPass = regexp.MustCompile(`^([A-HJ-Z]([1-9]|1[0-9]|2[0-5])|PASS|resign)$`)

// TestVersionFromGitCheckout builds the command from this checkout with the
// VCS information Go embeds, and expects GTP's version to name the
// checkout's revision.
func TestVersionFromGitCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skip("not a git checkout")
	}
	bin := filepath.Join(t.TempDir(), "yunzi")
	out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	p := start(t, context.Background(), bin, "--threads", "1")
	v := p.must("version")
	assert.NotEqual(t, "devel", v)
	assert.Contains(t, v, strings.TrimSpace(string(head))[:12], "the version names the revision")
	p.must("quit")
	p.waitExit()
}

func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildYunzi(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	t.Run("help and version", func(t *testing.T) {
		out, err := exec.Command(bin, "--help").CombinedOutput()
		require.NoError(t, err)
		for _, flag := range []string{"--threads", "YUNZI_THREADS", "--playouts", "--time", "--max-nodes",
			"--resign-threshold", "--ponder", "--superko", "--komi", "--seed", "--log-level", "--log-file"} {
			assert.Contains(t, string(out), flag)
		}
		out, err = exec.Command(bin, "--version").CombinedOutput()
		require.NoError(t, err)
		assert.Contains(t, string(out), "yunzi version")
	})

	t.Run("usage errors on stderr, never stdout", func(t *testing.T) {
		for _, args := range [][]string{
			{"--bogus"}, {"--time", "banana"}, {"--komi", "abc"}, {"--threads", "0"}, {"--playouts", "-5"},
			{"match", "-games", "0", "-black", "x", "-white", "y"}, {"match", "--bogus"}, {"regress"},
		} {
			cmd := exec.Command(bin, args...)
			cmd.Stdin = strings.NewReader("name\n")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, "%v", args)
			assert.NotZero(t, exit.ExitCode(), "%v", args)
			assert.Empty(t, stdout.String(), "%v: stdout is the GTP channel", args)
			assert.NotEmpty(t, stderr.String(), "%v: the error is on stderr", args)
			assert.Less(t, strings.Count(stderr.String(), "\n"), 3, "%v: a message, not the help: %s", args, stderr.String())
		}
	})

	t.Run("regress exit codes", func(t *testing.T) {
		cmd := exec.Command(bin, "regress", bin+" --threads 1", filepath.Join(t.TempDir(), "missing.tst"))
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit)
		assert.Equal(t, 3, exit.ExitCode(), "a missing file is not an engine that died (2): %s", out)
		assert.Contains(t, string(out), "missing.tst")
		cmd = exec.Command(bin, "regress", bin)
		out, err = cmd.CombinedOutput()
		require.ErrorAs(t, err, &exit)
		assert.Equal(t, 3, exit.ExitCode())
		assert.Contains(t, string(out), "missing the suites")
	})

	t.Run("bad flag from environment", func(t *testing.T) {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "YUNZI_SUPERKO=sideways")
		cmd.Stdin = strings.NewReader("name\n")
		out, err := cmd.Output()
		assert.Error(t, err)
		assert.Empty(t, out, "nothing on stdout")
	})

	t.Run("full game, undo, quit", func(t *testing.T) {
		logFile := filepath.Join(t.TempDir(), "yunzi.log")
		p := start(t, ctx, bin, "--seed", "3", "--log-file", logFile, "--playouts", "300", "--threads", "1")
		assert.Equal(t, "Yunzi", p.must("name"))
		assert.Equal(t, "2", p.must("protocol_version"))
		p.must("boardsize 9")
		p.must("komi 7.5")
		p.must("clear_board")
		c, passes, moves := "b", 0, 0
		for ; passes < 2 && moves < 500; moves++ {
			m := p.must("genmove " + c)
			require.Regexp(t, vertexOrPass, m)
			if m == "PASS" {
				passes++
			} else {
				passes = 0
			}
			c = map[string]string{"b": "w", "w": "b"}[c]
		}
		require.Less(t, moves, 500, "the game did not end")
		require.Greater(t, moves, 20, "a random 9x9 game is longer")
		assert.Regexp(t, `^([BW]\+\d+(\.5)?|0)$`, p.must("final_score"))
		p.must("final_status_list dead")
		p.must("undo")
		p.must("undo")
		assert.Contains(t, p.must("showboard"), "A B C D E F G H J")
		p.must("quit")
		p.waitExit()
		log, err := os.ReadFile(logFile)
		require.NoError(t, err)
		assert.Equal(t, moves, strings.Count(string(log), "msg=genmove"), "one log line per genmove")
	})

	t.Run("match stops at an interrupt", func(t *testing.T) {
		// The first interrupt lets the games in progress end and prints
		// the summary of those played.
		prefix := filepath.Join(t.TempDir(), "m")
		engine := bin + " --playouts 30 --threads 1"
		cmd := exec.CommandContext(ctx, bin, "match", "-black", engine, "-white", engine,
			"-size", "9", "-games", "50", "-sgffile", prefix)
		var stdout, stderr syncBuffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Start())
		require.Eventually(t, func() bool {
			_, err := os.Stat(prefix + "-0.sgf")
			return err == nil
		}, time.Minute, 10*time.Millisecond, "the first game ends")
		require.NoError(t, cmd.Process.Signal(os.Interrupt))
		require.NoError(t, cmd.Wait(), "stderr: %s", stderr.String())
		out := stdout.String()
		// Every game is either played or counted as stopped, and the ones
		// in progress at the interrupt (at least the first) were played
		// to their end.
		stopped := regexp.MustCompile(`stopped: (\d+) games not played\n`).FindStringSubmatch(out)
		played := regexp.MustCompile(`games: (\d+), `).FindStringSubmatch(out)
		require.Len(t, stopped, 2, "the summary says how many games were not played: %s", out)
		require.Len(t, played, 2, "the summary counts the games played: %s", out)
		notPlayed, _ := strconv.Atoi(stopped[1])
		games, _ := strconv.Atoi(played[1])
		assert.Equal(t, 50, notPlayed+games, "games played and not played: %s", out)
		assert.GreaterOrEqual(t, games, 1, "the first game counts")
		assert.Less(t, notPlayed, 50, "the interrupt came after the first game")
		assert.Contains(t, stderr.String(), "stopping after the games in progress")
		assert.Contains(t, out, "A errors: 0 illegal moves, 0 crashes")
	})

	t.Run("open position: no seki, final_score agrees with yunzi-score", func(t *testing.T) {
		p := start(t, ctx, bin, "--seed", "3", "--playouts", "2000", "--threads", "1")
		p.must("boardsize 9")
		for _, m := range []string{"b d4", "w f6", "b f4", "w d6", "b e5"} {
			p.must("play " + m)
		}
		assert.Empty(t, p.must("final_status_list seki"))
		score := p.must("final_score")
		estimate := p.must("yunzi-score")
		assert.True(t, strings.HasPrefix(estimate, score+" "), "final_score %q, yunzi-score %q", score, estimate)
		p.must("quit")
		p.waitExit()
	})

	t.Run("handicap", func(t *testing.T) {
		p := start(t, ctx, bin)
		p.must("boardsize 19")
		assert.Equal(t, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10", p.must("fixed_handicap 9"))
		assert.Regexp(t, vertexOrPass, p.must("genmove w"))
		p.must("undo")
		ok, text := p.send("undo")
		assert.False(t, ok)
		assert.Equal(t, "cannot undo", text)
		ok, text = p.send("fixed_handicap 2")
		assert.False(t, ok)
		assert.Equal(t, "board not empty", text)
	})

	t.Run("loadsgf shared files", func(t *testing.T) {
		files, err := filepath.Glob("../shared/regress/gnugo/games/*.sgf")
		require.NoError(t, err)
		if len(files) == 0 {
			t.Skip("no ../shared/regress/gnugo/games")
		}
		p := start(t, ctx, bin)
		var failed []string
		for _, f := range files {
			for _, cmd := range []string{"loadsgf " + f, "loadsgf " + f + " 12"} {
				if ok, text := p.send(cmd); !ok {
					failed = append(failed, cmd+": "+text)
				}
			}
		}
		assert.Empty(t, failed, "of %d files", len(files))
	})

	t.Run("printsgf reloaded by GNU Go", func(t *testing.T) {
		gnugotest.Require(t)
		for _, setup := range [][]string{
			{"boardsize 9", "komi 6.5"},
			{"boardsize 19", "fixed_handicap 4"},
			{"boardsize 13", "set_free_handicap D4 K10 C12"},
		} {
			p := start(t, ctx, bin, "--seed", "11", "--playouts", "300", "--threads", "1")
			for _, cmd := range setup {
				p.must(cmd)
			}
			c := "w"
			if strings.HasPrefix(setup[1], "komi") {
				c = "b"
			}
			for range 40 {
				p.must("genmove " + c)
				c = map[string]string{"b": "w", "w": "b"}[c]
			}
			file := filepath.Join(t.TempDir(), "game.sgf")
			p.must("printsgf " + file)
			board, err := rules.ParseDiagram(p.must("showboard"))
			require.NoError(t, err)

			g := gnugotest.Start(t)
			g.Must("loadsgf " + file)
			if strings.HasPrefix(setup[1], "komi") {
				assert.Equal(t, "6.5", strings.TrimSpace(g.Must("get_komi")))
			}
			for _, color := range []rules.Color{rules.Black, rules.White} {
				var want []string
				for _, pt := range board.Points() {
					if board.At(pt) == color {
						want = append(want, pt.String())
					}
				}
				got := strings.Fields(g.Must("list_stones " + color.String()))
				assert.ElementsMatch(t, want, got, "%v stones after %v", color, setup)
			}
		}
	})
}
