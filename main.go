// Command yunzi is the Yunzi Go (weiqi) engine. With no arguments it speaks
// GTP version 2 on standard input and output; logs go to standard error or
// to --log-file. Run `yunzi --help` for the flags.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/gtp"
	"github.com/yunzi-go/yunzi/rules"
)

// version is set at link time (-ldflags "-X main.version=1.2.3"); when it
// is empty the build information gives one.
var version string

// compile-time check: the engine is what the GTP server plays through.
var _ gtp.Engine = (*engine.Engine)(nil)

func main() {
	if err := newApp(os.Stdin, os.Stdout, os.Stderr).Run(os.Args); err != nil {
		fmt.Fprintln(os.Stderr, "yunzi:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// newApp builds the command line: flags, each with an environment
// variable, and the GTP action.
func newApp(in io.Reader, out, errOut io.Writer) *cli.App {
	return &cli.App{
		Name:      "yunzi",
		Usage:     "a Go (weiqi, baduk) engine speaking GTP on stdin/stdout",
		Version:   buildVersion(),
		Reader:    in,
		Writer:    out,
		ErrWriter: errOut,
		Flags:     flags(),
		Commands:  append(toolCommands(), benchCommand(), learnCommand(), analysisCommand(), reviewCommand()),
		// Nothing but GTP may reach stdout while yunzi serves GTP: a usage
		// error is one line on stderr, the help only when asked for.
		OnUsageError: onUsageError,
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return usageError{fmt.Errorf("unexpected argument %q (yunzi takes only flags; see yunzi --help)", c.Args().First())}
			}
			return runGTP(c, in, out, errOut)
		},
	}
}

func flags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "threads", Value: runtime.NumCPU(), EnvVars: []string{"YUNZI_THREADS"}, Usage: "search threads, 1 or more; the default is the number of CPUs"},
		&cli.IntFlag{Name: "playouts", Value: engine.DefaultPlayouts, EnvVars: []string{"YUNZI_PLAYOUTS"}, Usage: "playouts per move when no time control is set; the first limit reached, playouts or --time, stops the search; 0: no cap; set alone, it lifts the default --time"},
		&cli.DurationFlag{Name: "time", Value: defaultMoveTime, EnvVars: []string{"YUNZI_TIME"}, Usage: "time per move when no time control is set, a Go duration such as 1500ms or 2s; 0: no limit; set alone, it lifts the default --playouts cap"},
		&cli.IntFlag{Name: "max-nodes", Value: 1_000_000, EnvVars: []string{"YUNZI_MAX_NODES"}, Usage: "cap on search tree nodes, 1 or more"},
		&cli.Float64Flag{Name: "resign-threshold", Value: 0.1, EnvVars: []string{"YUNZI_RESIGN_THRESHOLD"}, Usage: "win rate under which to resign, 0 to 1 (0: never)"},
		&cli.BoolFlag{Name: "ponder", EnvVars: []string{"YUNZI_PONDER"}, Usage: "think on the opponent's time, until the next command arrives"},
		&cli.DurationFlag{Name: "lag", Value: engine.DefaultLag, EnvVars: []string{"YUNZI_LAG"}, Usage: "time kept on the clock for the controller's and the network's delays; at most a fifth of a byo-yomi period; 0 or negative: none"},
		&cli.BoolFlag{Name: "gogui-gfx", EnvVars: []string{"YUNZI_GOGUI_GFX"}, Usage: "write live gogui-gfx: graphics to stderr during genmove (on anyway once gogui-analyze_commands is asked)"},
		&cli.StringFlag{Name: "superko", Value: "positional", EnvVars: []string{"YUNZI_SUPERKO"}, Usage: "repetition rule: positional or situational"},
		&cli.BoolFlag{Name: "allow-repetition", EnvVars: []string{"YUNZI_ALLOW_REPETITION"}, Usage: "accept a play command that repeats an earlier position (a generated move never does)"},
		&cli.Float64Flag{Name: "komi", Value: rules.DefaultKomi, EnvVars: []string{"YUNZI_KOMI"}, Usage: "komi of a new game"},
		&cli.Uint64Flag{Name: "seed", EnvVars: []string{"YUNZI_SEED"}, Usage: "random seed; 0 picks one from the clock"},
		&cli.StringFlag{Name: "log-level", Value: "info", EnvVars: []string{"YUNZI_LOG_LEVEL"}, Usage: "one of " + strings.Join(logLevels(), ", ")},
		&cli.StringFlag{Name: "log-file", EnvVars: []string{"YUNZI_LOG_FILE"}, Usage: "append logs to this file instead of stderr"},
		&cli.StringFlag{Name: "model", EnvVars: []string{"YUNZI_MODEL"}, Usage: "a KataGo network file (model version 8: the g170 networks, .bin.gz or .txt.gz); the search, analysis and dead-stone judgement then use it"},
		&cli.Float64Flag{Name: "playout-mix", EnvVars: []string{"YUNZI_PLAYOUT_MIX"}, Usage: "with --model, the share of a playout's result in each position's value, 0 to 1 (AlphaGo's lambda; 0: the network alone)"},
	}
}

// defaultMoveTime is --time's default.
const defaultMoveTime = 5 * time.Second

// runGTP serves GTP until quit or the end of the input.
func runGTP(c *cli.Context, in io.Reader, out, errOut io.Writer) error {
	if err := validate(c); err != nil {
		return err
	}
	log, closeLog, err := newLogger(c.String("log-level"), c.String("log-file"), errOut)
	if err != nil {
		return err
	}
	defer closeLog()
	cfg, err := engineConfig(c, log)
	if err != nil {
		return err
	}
	if cfg.Model, err = loadModel(c.String("model")); err != nil {
		return err
	}
	log.WithFields(logrus.Fields{
		"version": buildVersion(), "seed": cfg.Seed, "superko": cfg.Superko,
		"threads": cfg.Threads, "playouts": budgetText(cfg.Playouts), "move_time": durationText(cfg.MoveTime),
		"max_nodes": cfg.MaxNodes, "model": modelText(c.String("model"), cfg.Model),
	}).Info("yunzi: GTP on stdin/stdout")
	srv := gtp.NewServer(in, out, engine.New(cfg), gtp.WithVersion(buildVersion()), gtp.WithLogger(log),
		gtp.WithLiveGfx(errOut, c.Bool("gogui-gfx")))
	return srv.Serve()
}

// budgetText is a playout cap for the log, "none" for 0.
func budgetText(n int) string {
	if n == 0 {
		return "none"
	}
	return strconv.Itoa(n)
}

// durationText is a time limit for the log, "none" for 0.
func durationText(d time.Duration) string {
	if d == 0 {
		return "none"
	}
	return d.String()
}

// engineConfig turns the flags into the engine's settings. A budget the
// user sets wins over the other's default: a --time alone lifts the
// default playout cap, a --playouts cap alone the default time, so that
// the limit asked for is the one that stops the search. With both set the
// first reached stops it.
func engineConfig(c *cli.Context, log logrus.FieldLogger) (engine.Config, error) {
	sk, err := rules.ParseSuperko(c.String("superko"))
	if err != nil {
		return engine.Config{}, usageError{fmt.Errorf("--superko: %w", err)}
	}
	seed := c.Uint64("seed")
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	playouts, moveTime := c.Int("playouts"), c.Duration("time")
	switch {
	case c.IsSet("time") && !c.IsSet("playouts") && moveTime > 0:
		playouts = 0
	case c.IsSet("playouts") && !c.IsSet("time") && playouts > 0:
		moveTime = 0
	}
	if playouts == 0 && moveTime == 0 {
		playouts = engine.DefaultPlayouts // what the engine does with no budget at all
	}
	return engine.Config{
		Komi: new(c.Float64("komi")), Superko: sk, AllowRepetition: c.Bool("allow-repetition"),
		Seed: seed, Log: log,
		Threads: c.Int("threads"), Playouts: playouts, MoveTime: moveTime,
		MaxNodes: c.Int("max-nodes"), ResignThreshold: c.Float64("resign-threshold"), Ponder: c.Bool("ponder"),
		PlayoutMix: c.Float64("playout-mix"),
		Lag:        new(c.Duration("lag")), // zero or negative: no margin
	}, nil
}

// validate refuses the values the engine cannot use, naming the flag and
// what it takes.
func validate(c *cli.Context) error {
	var problems []string
	if n := c.Int("threads"); n < 1 {
		problems = append(problems, fmt.Sprintf("--threads %d: takes a number of search threads, 1 or more", n))
	}
	if n := c.Int("playouts"); n < 0 {
		problems = append(problems, fmt.Sprintf("--playouts %d: takes a number of playouts, 0 (no cap) or more", n))
	}
	if d := c.Duration("time"); d < 0 {
		problems = append(problems, fmt.Sprintf("--time %v: takes a Go duration such as 1500ms or 2s, 0 (no limit) or more", d))
	}
	if n := c.Int("max-nodes"); n < 1 {
		problems = append(problems, fmt.Sprintf("--max-nodes %d: takes a number of tree nodes, 1 or more", n))
	}
	if m := c.Float64("playout-mix"); !(m >= 0 && m <= 1) {
		problems = append(problems, fmt.Sprintf("--playout-mix %g: takes a share from 0 (the network alone) to 1", m))
	}
	if r := c.Float64("resign-threshold"); !(r >= 0 && r <= 1) {
		problems = append(problems, fmt.Sprintf("--resign-threshold %g: takes a win rate from 0 (never resign) to 1", r))
	}
	if k := c.Float64("komi"); math.IsNaN(k) || math.IsInf(k, 0) {
		problems = append(problems, fmt.Sprintf("--komi %g: takes a finite number such as 7.5", k))
	}
	if _, err := logrus.ParseLevel(c.String("log-level")); err != nil {
		problems = append(problems, fmt.Sprintf("--log-level %q: takes one of %s", c.String("log-level"), strings.Join(logLevels(), ", ")))
	}
	if len(problems) > 0 {
		return usageError{errors.New(strings.Join(problems, "; "))}
	}
	return nil
}

// logLevels are the names --log-level takes, most severe first.
func logLevels() []string {
	var names []string
	for _, l := range logrus.AllLevels {
		names = append(names, l.String())
	}
	return names
}

// newLogger logs to errOut, or appends to file when one is named.
func newLogger(level, file string, errOut io.Writer) (*logrus.Logger, func(), error) {
	lv, err := logrus.ParseLevel(level)
	if err != nil {
		return nil, nil, err
	}
	log := logrus.New()
	log.SetLevel(lv)
	log.Out = errOut
	if file == "" {
		return log, func() {}, nil
	}
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	log.Out = f
	return log, func() { f.Close() }, nil
}

// buildVersion is the link-time version, else what the build information
// knows (see versionOf).
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf is the module's version when it has one: a release, or the
// pseudo-version the go command gives a build from a git checkout
// (v0.0.0-DATE-REVISION, +dirty with uncommitted changes). Without it, it
// is the VCS revision and time Go embedded, and "devel" only when nothing
// is known (a build with -buildvcs=false, or outside a checkout).
func versionOf(bi *debug.BuildInfo) string {
	if bi == nil {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	rev := vcs["vcs.revision"]
	if len(rev) < 12 {
		return "devel"
	}
	v := "git-" + rev[:12]
	if t, err := time.Parse(time.RFC3339, vcs["vcs.time"]); err == nil {
		v += "-" + t.UTC().Format("20060102150405")
	}
	if vcs["vcs.modified"] == "true" {
		v += "+dirty"
	}
	return v
}
