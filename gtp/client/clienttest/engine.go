package clienttest

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// config holds the fake engine's flags.
type config struct {
	name, version string
	moves         []string // scripted genmove answers
	random        bool     // after the script: random legal moves
	seed          uint64
	passAfter     int // pass once the game has this many moves (0: never)
	sleep         time.Duration
	sleepAt       int // genmove number to sleep at; 0 every one
	crashAt       int
	exitAfter     int // exit once this many commands are answered (0: never)
	resignAt      int
	score         string
	handicapAt    []rules.Point // fixed_handicap's stones, in place of the usual ones
	noTime        bool
	logFile       string
	stderr        string
}

// Main runs the fake engine on in and out and returns its exit code.
// Flags:
//
//	-name, -version   what name and version answer
//	-moves D4,E5,...  genmove answers, in order (any text, even illegal)
//	-random -seed N   then random legal moves (never filling an own eye)
//	-pass-after N     pass once the game has N moves
//	-sleep D -sleep-at N  sleep D before answering genmove number N (0: all)
//	-crash-at N       exit with status 3 instead of answering genmove N
//	-exit-after N     exit with status 3 after answering N commands, as an
//	                  engine killed while it waits for the next one
//	-resign-at N      resign at genmove N
//	-score S          final_score answer (default: area count, all alive)
//	-handicap-at C3,G7  fixed_handicap places (and lists) these stones
//	-no-time          do not list the time commands
//	-log FILE         append every command received to FILE
//	-stderr TEXT      write TEXT to standard error at start
//
// Besides the usual commands (fixed_handicap among them) it answers
// reg_genmove (the move capturing the most stones, else the first legal
// point), is_legal, showboard, loadsgf, undo, echo (its arguments) and die
// (exits with status 3).
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	var cfg config
	fs := flag.NewFlagSet("fake-engine", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.StringVar(&cfg.name, "name", "Fake", "")
	fs.StringVar(&cfg.version, "version", "1.0", "")
	moves := fs.String("moves", "", "")
	fs.BoolVar(&cfg.random, "random", false, "")
	fs.Uint64Var(&cfg.seed, "seed", 1, "")
	fs.IntVar(&cfg.passAfter, "pass-after", 0, "")
	fs.DurationVar(&cfg.sleep, "sleep", 0, "")
	fs.IntVar(&cfg.sleepAt, "sleep-at", 0, "")
	fs.IntVar(&cfg.crashAt, "crash-at", 0, "")
	fs.IntVar(&cfg.exitAfter, "exit-after", 0, "")
	fs.IntVar(&cfg.resignAt, "resign-at", 0, "")
	fs.StringVar(&cfg.score, "score", "", "")
	handicapAt := fs.String("handicap-at", "", "")
	fs.BoolVar(&cfg.noTime, "no-time", false, "")
	fs.StringVar(&cfg.logFile, "log", "", "")
	fs.StringVar(&cfg.stderr, "stderr", "", "")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *moves != "" {
		cfg.moves = strings.Split(*moves, ",")
	}
	if *handicapAt != "" {
		for _, v := range strings.Split(*handicapAt, ",") {
			p, err := rules.ParsePoint(v)
			if err != nil {
				fmt.Fprintln(errOut, err)
				return 2
			}
			cfg.handicapAt = append(cfg.handicapAt, p)
		}
	}
	if cfg.stderr != "" {
		fmt.Fprintln(errOut, cfg.stderr)
	}
	e := newEngine(cfg)
	return e.serve(in, out)
}

type engine struct {
	cfg      config
	size     int
	komi     float64
	game     *rules.Game
	rnd      *rules.Rand
	genmoves int
	log      *os.File
}

func newEngine(cfg config) *engine {
	e := &engine{cfg: cfg, size: 19, komi: 7.5, rnd: rules.NewRand(cfg.seed)}
	e.reset()
	return e
}

func (e *engine) reset() {
	opts := rules.DefaultOptions()
	opts.Komi = e.komi
	g, err := rules.NewGame(e.size, opts)
	if err == nil {
		e.game = g
	}
}

// exitCode is returned by a handler to end the engine.
type exitCode int

func (e *engine) serve(in io.Reader, out io.Writer) int {
	if e.cfg.logFile != "" {
		f, err := os.OpenFile(e.cfg.logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			e.log = f
			defer f.Close()
		}
	}
	w := bufio.NewWriter(out)
	sc := bufio.NewScanner(in)
	for answered := 0; sc.Scan(); {
		line := strings.TrimSpace(strings.SplitN(sc.Text(), "#", 2)[0])
		if line == "" {
			continue
		}
		if e.log != nil {
			fmt.Fprintln(e.log, line)
		}
		words := strings.Fields(line)
		id := ""
		if _, err := strconv.Atoi(words[0]); err == nil {
			id, words = words[0], words[1:]
		}
		if len(words) == 0 {
			continue
		}
		text, code, err := e.handle(words[0], words[1:])
		if code >= 0 {
			if words[0] == "quit" {
				fmt.Fprintf(w, "=%s\n\n", id)
				w.Flush()
			}
			return int(code)
		}
		if err != nil {
			fmt.Fprintf(w, "?%s %s\n\n", id, err)
		} else {
			fmt.Fprintf(w, "=%s %s\n\n", id, text)
		}
		w.Flush()
		if answered++; answered == e.cfg.exitAfter {
			return 3
		}
	}
	return 0
}
