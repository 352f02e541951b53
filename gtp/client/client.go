package client

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// KillDelay is how long Close waits for an engine to exit after quit
// before it kills it, as GUIs do.
const KillDelay = 3 * time.Second

// The errors Send returns besides a *CommandError.
var (
	// ErrTimeout: the engine did not answer within the timeout. The
	// client is then out of step with the engine and refuses further
	// commands; Close it.
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrDied: the engine closed its output (it exited or crashed).
	ErrDied = errors.New("engine died")
	// ErrClosed: the client was closed.
	ErrClosed = errors.New("engine connection closed")
)

// CommandError is a failure response ("? message") to a command.
type CommandError struct {
	Command string // the command line sent
	Message string // the text of the response
}

func (e *CommandError) Error() string {
	return fmt.Sprintf("%s: %s", e.Command, e.Message)
}

// Options are the settings of an engine connection. The zero value runs
// the engine in the current directory and discards its standard error.
type Options struct {
	// Dir is the engine's working directory; "" is the current one. A
	// relative program path containing a slash is resolved against the
	// current directory first, so that "./yunzi" works with any Dir.
	Dir string
	// Stderr receives the engine's standard error; nil discards it.
	Stderr io.Writer
	// Log, when set, receives every command sent (prefixed "Prefix> ")
	// and every response line read ("Prefix< ").
	Log io.Writer
	// LogPrefix names the engine in Log lines.
	LogPrefix string
	// Env is added to this process's environment for the engine.
	Env []string
}

// Response is one GTP response.
type Response struct {
	OK   bool   // "=" rather than "?"
	ID   string // the id echoed after the marker, if any
	Text string // the response without marker and id, trimmed
	// Full is the response as the engine wrote it (marker, id, every
	// line), without the empty line that ends it.
	Full string
}

// Client is a connection to an engine subprocess. Its methods may be
// called from several goroutines; commands are sent one at a time.
type Client struct {
	command string
	opts    Options
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // stdout lines; closed at end of output
	done    chan struct{} // closed by Close: stops the reader
	exited  chan struct{} // closed once the process has been waited for
	waitErr error         // valid after exited is closed

	mu        sync.Mutex // serialises commands
	state     sync.Mutex // guards broken
	broken    error      // set after a timeout, death or Close
	closeOnce sync.Once
}

// Start starts the engine command line, split as a shell would split it.
func Start(command string, opts Options) (*Client, error) {
	argv, err := Split(command)
	if err != nil {
		return nil, err
	}
	return StartArgs(argv, command, opts)
}

// StartArgs starts the engine given as program and arguments; command is
// the line shown in messages.
func StartArgs(argv []string, command string, opts Options) (*Client, error) {
	if len(argv) == 0 {
		return nil, ErrEmptyCommand
	}
	prog := argv[0]
	if opts.Dir != "" && !filepath.IsAbs(prog) && strings.ContainsRune(prog, filepath.Separator) {
		if abs, err := filepath.Abs(prog); err == nil {
			prog = abs
		}
	}
	cmd := exec.Command(prog, argv[1:]...)
	cmd.Dir = opts.Dir
	if len(opts.Env) > 0 {
		cmd.Env = append(os.Environ(), opts.Env...)
	}
	if opts.Stderr != nil {
		cmd.Stderr = opts.Stderr
	}
	cmd.WaitDelay = time.Second
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %q: %w", command, err)
	}
	c := &Client{
		command: command, opts: opts, cmd: cmd, stdin: stdin,
		lines: make(chan string), done: make(chan struct{}), exited: make(chan struct{}),
	}
	go c.read(stdout)
	return c, nil
}

// Command returns the command line the engine was started with.
func (c *Client) Command() string { return c.command }

// read passes stdout lines to c.lines until the end of output, then waits
// for the process.
func (c *Client) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 64*1024)
	stopped := false
	for {
		line, err := r.ReadString('\n')
		if line != "" && !stopped {
			select {
			case c.lines <- line:
			case <-c.done:
				stopped = true // nobody reads any more: drain to the end
			}
		}
		if err != nil {
			break
		}
	}
	close(c.lines)
	c.wait()
}

func (c *Client) wait() {
	c.waitErr = c.cmd.Wait()
	close(c.exited)
}

// Send sends one command line and returns the engine's response. A
// failure response returns a *CommandError along with the response.
// A timeout of zero or less waits for ever.
func (c *Client) Send(command string, timeout time.Duration) (Response, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.send(command, timeout)
}

// send is Send with c.mu held.
func (c *Client) send(command string, timeout time.Duration) (Response, error) {
	if err := c.brokenErr(); err != nil {
		return Response{}, err
	}
	command = strings.TrimRight(command, "\r\n")
	c.log(">", command)
	if _, err := io.WriteString(c.stdin, command+"\n"); err != nil {
		return Response{}, c.setBroken(c.deathError())
	}
	resp, err := c.readResponse(timeout)
	if err != nil {
		return Response{}, c.setBroken(err)
	}
	if !resp.OK {
		return resp, &CommandError{Command: command, Message: resp.Text}
	}
	return resp, nil
}

// setBroken records the first reason the connection became unusable and
// returns it.
func (c *Client) setBroken(err error) error {
	c.state.Lock()
	defer c.state.Unlock()
	if c.broken == nil {
		c.broken = err
	}
	return c.broken
}

func (c *Client) brokenErr() error {
	c.state.Lock()
	defer c.state.Unlock()
	return c.broken
}

// deathError returns ErrDied with the exit status when it is known.
func (c *Client) deathError() error {
	select {
	case <-c.exited:
		if c.waitErr != nil {
			return fmt.Errorf("%w (%v)", ErrDied, c.waitErr)
		}
	case <-time.After(500 * time.Millisecond):
	}
	return ErrDied
}

// Alive reports whether the engine can still take commands: it has not
// died, timed out or been closed. An engine that exited while no command
// was in progress counts as dead at once, before a command fails on it.
func (c *Client) Alive() bool {
	if c.brokenErr() != nil {
		return false
	}
	select {
	case <-c.exited:
		return false
	default:
		return true
	}
}

// Close ends the engine: it sends quit (unless a command is in progress or
// the engine is out of step or dead), closes its input, and kills it if it
// has not exited within KillDelay. An engine out of step after a timeout
// is killed at once. A command in progress in another goroutine then
// fails.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		delay := KillDelay
		if c.mu.TryLock() {
			if c.Alive() {
				c.send("quit", KillDelay) //nolint:errcheck // best effort
			}
			c.mu.Unlock()
		}
		if !errors.Is(c.brokenErr(), ErrDied) && c.brokenErr() != nil {
			delay = 0 // out of step: no use waiting
		}
		c.setBroken(ErrClosed)
		c.stdin.Close()
		close(c.done)
		select {
		case <-c.exited:
		case <-time.After(delay):
			killProcess(c.cmd)
			<-c.exited
		}
	})
	return nil
}

func (c *Client) log(dir, text string) {
	if c.opts.Log == nil {
		return
	}
	for _, l := range strings.Split(text, "\n") {
		fmt.Fprintf(c.opts.Log, "%s%s %s\n", c.opts.LogPrefix, dir, l)
	}
}
