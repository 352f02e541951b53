package match

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/gtp/client"
)

// setupTimeout bounds the commands that set a game up and the scoring
// commands, which any engine answers at once.
const setupTimeout = 60 * time.Second

// player is one engine process and what it told about itself.
type player struct {
	role    string // "Black", "White" or "Referee": the option that named it
	command string
	opts    client.Options
	c       *client.Client
	name    string
	version string
	known   map[string]bool
}

// startPlayer starts an engine and asks its name, version and commands.
func startPlayer(role, command string, log, stderr io.Writer) (*player, error) {
	opts := client.Options{Stderr: stderr, Log: log, LogPrefix: role[:1]}
	p := &player{role: role, command: command, opts: opts}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *player) start() error {
	c, err := client.Start(p.command, p.opts)
	if err != nil {
		return fmt.Errorf("%s engine: %w", strings.ToLower(p.role), err)
	}
	p.c = c
	if _, err := c.Send("protocol_version", setupTimeout); err != nil && !isCommandError(err) {
		c.Close()
		return fmt.Errorf("%s engine %q: %w", strings.ToLower(p.role), p.command, err)
	}
	p.name = p.role
	if r, err := c.Send("name", setupTimeout); err == nil && r.Text != "" {
		p.name = r.Text
	}
	p.version = ""
	if r, err := c.Send("version", setupTimeout); err == nil {
		p.version = r.Text
	}
	p.known = map[string]bool{}
	if r, err := c.Send("list_commands", setupTimeout); err == nil {
		for _, l := range strings.Split(r.Text, "\n") {
			p.known[strings.TrimSpace(l)] = true
		}
	}
	if !c.Alive() {
		return fmt.Errorf("%s engine %q died at start", strings.ToLower(p.role), p.command)
	}
	return nil
}

// ensure restarts the engine if it died or fell out of step.
func (p *player) ensure() error {
	if p.c.Alive() {
		return nil
	}
	p.c.Close()
	return p.start()
}

func (p *player) send(cmd string, timeout time.Duration) (client.Response, error) {
	return p.c.Send(cmd, timeout)
}

// sendIfKnown sends cmd when the engine lists it; failures are ignored
// unless the engine died.
func (p *player) sendIfKnown(cmd string) error {
	name, _, _ := strings.Cut(cmd, " ")
	if !p.known[name] {
		return nil
	}
	_, err := p.send(cmd, setupTimeout)
	if err != nil && !isCommandError(err) {
		return err
	}
	return nil
}

func (p *player) close() {
	if p != nil && p.c != nil {
		p.c.Close()
	}
}

// label is the name GoGui shows: the name, with the version when the
// other engine has the same name.
func label(p, other *player) string {
	if other == nil || p.name != other.name || p.version == "" {
		return p.name
	}
	return p.name + ":" + p.version
}

func isCommandError(err error) bool {
	var ce *client.CommandError
	return errors.As(err, &ce)
}
