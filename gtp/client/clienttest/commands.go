package clienttest

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

var commandNames = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "fixed_handicap", "play", "genmove", "reg_genmove", "undo",
	"is_legal", "showboard", "final_score", "loadsgf", "echo", "die",
}

var timeCommands = []string{"time_settings", "kgs-time_settings", "time_left"}

// handle runs one command; a code of 0 or more ends the engine.
func (e *engine) handle(name string, args []string) (string, exitCode, error) {
	const goOn = exitCode(-1)
	switch name {
	case "protocol_version":
		return "2", goOn, nil
	case "name":
		return e.cfg.name, goOn, nil
	case "version":
		return e.cfg.version, goOn, nil
	case "known_command":
		for _, c := range e.commands() {
			if len(args) > 0 && c == args[0] {
				return "true", goOn, nil
			}
		}
		return "false", goOn, nil
	case "list_commands":
		return strings.Join(e.commands(), "\n"), goOn, nil
	case "quit":
		return "", 0, nil
	case "die":
		return "", 3, nil
	case "echo":
		return strings.Join(args, " "), goOn, nil
	case "genmove":
		return e.genmove(args)
	case "time_settings", "kgs-time_settings", "time_left":
		if e.cfg.noTime {
			return "", goOn, errors.New("unknown command")
		}
		return "", goOn, nil
	}
	text, err := e.handleBoard(name, args)
	return text, goOn, err
}

func (e *engine) commands() []string {
	if e.cfg.noTime {
		return commandNames
	}
	return append(append([]string{}, commandNames...), timeCommands...)
}

func (e *engine) handleBoard(name string, args []string) (string, error) {
	switch name {
	case "boardsize":
		n, err := intArg(args)
		if err != nil || !rules.ValidSize(n) {
			return "", errors.New("unacceptable size")
		}
		e.size = n
		e.reset()
	case "clear_board":
		e.reset()
	case "komi":
		if len(args) != 1 {
			return "", errors.New("syntax error")
		}
		k, err := strconv.ParseFloat(args[0], 64)
		if err != nil {
			return "", errors.New("syntax error")
		}
		e.komi, e.game.Komi = k, k
	case "fixed_handicap":
		return e.fixedHandicap(args)
	case "play":
		m, err := e.move(args)
		if err != nil {
			return "", err
		}
		if err := e.game.Play(m); err != nil {
			return "", errors.New("illegal move")
		}
	case "is_legal":
		m, err := e.move(args)
		if err != nil {
			return "", err
		}
		return strconv.FormatBool(e.game.IsLegal(m)), nil
	case "undo":
		if err := e.game.Undo(); err != nil {
			return "", errors.New("cannot undo")
		}
	case "reg_genmove":
		c, err := colorArg(args)
		if err != nil {
			return "", err
		}
		return e.greedy(c).String(), nil
	case "showboard":
		return "\n" + strings.TrimRight(e.game.Board().String(), "\n"), nil
	case "final_score":
		if e.cfg.score != "" {
			return e.cfg.score, nil
		}
		return e.game.TrompTaylor().String(), nil
	case "loadsgf":
		return "", e.loadsgf(args)
	default:
		return "", errors.New("unknown command")
	}
	return "", nil
}

// fixedHandicap places the fixed handicap stones, or with -handicap-at
// the stones the flag names, and lists them.
func (e *engine) fixedHandicap(args []string) (string, error) {
	n, err := intArg(args)
	if err != nil {
		return "", errors.New("syntax error")
	}
	pts, err := rules.FixedHandicap(e.size, n)
	if err != nil {
		return "", errors.New("invalid number of stones")
	}
	if e.cfg.handicapAt != nil {
		pts = e.cfg.handicapAt
	}
	if err := e.game.SetHandicap(pts); err != nil {
		return "", errors.New("board not empty")
	}
	vertices := make([]string, len(pts))
	for i, p := range pts {
		vertices[i] = p.String()
	}
	return strings.Join(vertices, " "), nil
}

func (e *engine) genmove(args []string) (string, exitCode, error) {
	const goOn = exitCode(-1)
	c, err := colorArg(args)
	if err != nil {
		return "", goOn, err
	}
	e.genmoves++
	n := e.genmoves
	if e.cfg.crashAt == n {
		return "", 3, nil
	}
	if e.cfg.sleep > 0 && (e.cfg.sleepAt == 0 || e.cfg.sleepAt == n) {
		time.Sleep(e.cfg.sleep)
	}
	if e.cfg.resignAt == n {
		return "resign", goOn, nil
	}
	var answer string
	switch {
	case n <= len(e.cfg.moves):
		answer = e.cfg.moves[n-1]
	case e.cfg.passAfter > 0 && e.game.MoveNumber() >= e.cfg.passAfter:
		answer = "pass"
	case e.cfg.random:
		answer = e.random(c).String()
	default:
		answer = "pass"
	}
	// Play the answer on the engine's own board when it can.
	if p, err := rules.ParsePoint(answer); err == nil {
		e.game.Play(rules.Move{Color: c, Point: p}) //nolint:errcheck // scripted answers may be illegal
	}
	return answer, goOn, nil
}

// random returns a random legal move that fills no own eye, or Pass.
func (e *engine) random(c rules.Color) rules.Point {
	for range 20 {
		b := e.game.Board().Clone()
		p := b.RandomMove(c, e.rnd)
		if p == rules.Pass || e.game.IsLegal(rules.Move{Color: c, Point: p}) {
			return p
		}
	}
	return rules.Pass
}

// greedy returns the legal move capturing the most stones, else the first
// legal point (bottom-left first), else Pass.
func (e *engine) greedy(c rules.Color) rules.Point {
	b := e.game.Board()
	best, most := rules.Pass, -1
	for _, p := range b.Points() {
		m := rules.Move{Color: c, Point: p}
		if !e.game.IsLegal(m) {
			continue
		}
		after := b.Clone()
		if after.Play(m) != nil {
			continue
		}
		caught := b.StoneCount(c.Opponent()) - after.StoneCount(c.Opponent())
		if caught > most {
			best, most = p, caught
		}
	}
	return best
}

func (e *engine) loadsgf(args []string) error {
	if len(args) < 1 {
		return errors.New("syntax error")
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		return errors.New("cannot load file")
	}
	n := 0
	if len(args) > 1 {
		if n, err = strconv.Atoi(args[1]); err != nil {
			return errors.New("syntax error")
		}
	}
	rec, err := sgf.Load(data, rules.DefaultOptions(), n)
	if err != nil {
		return errors.New("cannot load file")
	}
	e.game, e.size = rec.Game, rec.Game.Size()
	return nil
}

func (e *engine) move(args []string) (rules.Move, error) {
	if len(args) != 2 {
		return rules.Move{}, errors.New("syntax error")
	}
	c, err := rules.ParseColor(args[0])
	if err != nil {
		return rules.Move{}, errors.New("syntax error")
	}
	p, err := rules.ParsePoint(args[1])
	if err != nil || (p != rules.Pass && !e.game.Board().Contains(p)) {
		return rules.Move{}, errors.New("syntax error")
	}
	return rules.Move{Color: c, Point: p}, nil
}

func colorArg(args []string) (rules.Color, error) {
	if len(args) != 1 {
		return 0, errors.New("syntax error")
	}
	c, err := rules.ParseColor(args[0])
	if err != nil {
		return 0, fmt.Errorf("syntax error")
	}
	return c, nil
}

func intArg(args []string) (int, error) {
	if len(args) != 1 {
		return 0, errors.New("syntax error")
	}
	return strconv.Atoi(args[0])
}
