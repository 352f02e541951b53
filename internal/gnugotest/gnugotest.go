package gnugotest

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/yunzi-go/yunzi/gtp/client"
)

// Path is where Debian's gnugo package installs GNU Go.
const Path = "/usr/games/gnugo"

// timeout bounds one command: GNU Go answers these in milliseconds.
const timeout = time.Minute

// Engine is GNU Go in GTP mode, for one test.
type Engine struct {
	t testing.TB
	c *client.Client
}

// Require skips the test when GNU Go is not installed, unless the
// environment sets YUNZI_REQUIRE_GNUGO=1 (as CI does), which makes it fail
// instead. A test that drives GNU Go its own way calls it first.
func Require(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(Path); err != nil {
		if os.Getenv("YUNZI_REQUIRE_GNUGO") == "1" {
			t.Fatalf("GNU Go is required (YUNZI_REQUIRE_GNUGO=1) but %s is missing: %v", Path, err)
		}
		t.Skipf("GNU Go not installed (%v): install the Debian package gnugo", err)
	}
}

// Start starts GNU Go in GTP mode with the extra arguments, and quits it
// when the test ends. When GNU Go is not installed the test is skipped or
// fails, as Require says.
func Start(t testing.TB, args ...string) *Engine {
	t.Helper()
	Require(t)
	c, err := client.StartArgs(append([]string{Path, "--mode", "gtp"}, args...), "gnugo", client.Options{})
	if err != nil {
		t.Fatalf("starting GNU Go: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return &Engine{t: t, c: c}
}

// Send sends a command and returns the response text. A failure response
// ("? ...") returns its text as a *client.CommandError; a broken
// connection fails the test.
func (e *Engine) Send(command string) (string, error) {
	e.t.Helper()
	r, err := e.c.Send(command, timeout)
	var failure *client.CommandError
	if err != nil && !errors.As(err, &failure) {
		e.t.Fatalf("GNU Go, %s: %v", command, err)
	}
	return r.Text, err
}

// Must sends a command and fails the test on a failure response.
func (e *Engine) Must(command string) string {
	e.t.Helper()
	text, err := e.Send(command)
	if err != nil {
		e.t.Fatalf("GNU Go: %v", err)
	}
	return text
}
