// Command yunzi is the Yunzi Go (weiqi) engine. With no arguments it speaks
// GTP version 2 on standard input and output; logs go to standard error or
// to --log-file. Run `yunzi --help` for the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
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
		Commands:  append(toolCommands(), benchCommand(), learnCommand()),
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return fmt.Errorf("unexpected argument %q (yunzi takes only flags)", c.Args().First())
			}
			return runGTP(c, in, out, errOut)
		},
	}
}

func flags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "threads", Value: runtime.NumCPU(), EnvVars: []string{"YUNZI_THREADS"}, Usage: "search threads"},
		&cli.IntFlag{Name: "playouts", Value: 10000, EnvVars: []string{"YUNZI_PLAYOUTS"}, Usage: "playouts per move"},
		&cli.DurationFlag{Name: "time", Value: 5 * time.Second, EnvVars: []string{"YUNZI_TIME"}, Usage: "time per move when no time control is set"},
		&cli.IntFlag{Name: "max-nodes", Value: 1_000_000, EnvVars: []string{"YUNZI_MAX_NODES"}, Usage: "cap on search tree nodes"},
		&cli.Float64Flag{Name: "resign-threshold", Value: 0.1, EnvVars: []string{"YUNZI_RESIGN_THRESHOLD"}, Usage: "win rate under which to resign"},
		&cli.BoolFlag{Name: "ponder", EnvVars: []string{"YUNZI_PONDER"}, Usage: "think on the opponent's time, until the next command arrives"},
		&cli.DurationFlag{Name: "lag", Value: engine.DefaultLag, EnvVars: []string{"YUNZI_LAG"}, Usage: "time kept on the clock for the controller's and the network's delays (at most a fifth of a byo-yomi period; 0 or negative: none)"},
		&cli.BoolFlag{Name: "gogui-gfx", EnvVars: []string{"YUNZI_GOGUI_GFX"}, Usage: "write live gogui-gfx: graphics to stderr during genmove (on anyway once gogui-analyze_commands is asked)"},
		&cli.StringFlag{Name: "superko", Value: "positional", EnvVars: []string{"YUNZI_SUPERKO"}, Usage: "repetition rule: positional or situational"},
		&cli.BoolFlag{Name: "allow-repetition", EnvVars: []string{"YUNZI_ALLOW_REPETITION"}, Usage: "accept a `play` that repeats an earlier position (never generated)"},
		&cli.Float64Flag{Name: "komi", Value: rules.DefaultKomi, EnvVars: []string{"YUNZI_KOMI"}, Usage: "komi of a new game"},
		&cli.Uint64Flag{Name: "seed", EnvVars: []string{"YUNZI_SEED"}, Usage: "random seed; 0 picks one from the clock"},
		&cli.StringFlag{Name: "log-level", Value: "info", EnvVars: []string{"YUNZI_LOG_LEVEL"}, Usage: "panic, fatal, error, warn, info, debug or trace"},
		&cli.StringFlag{Name: "log-file", EnvVars: []string{"YUNZI_LOG_FILE"}, Usage: "append logs to this file instead of stderr"},
	}
}

// runGTP serves GTP until quit or the end of the input.
func runGTP(c *cli.Context, in io.Reader, out, errOut io.Writer) error {
	log, closeLog, err := newLogger(c.String("log-level"), c.String("log-file"), errOut)
	if err != nil {
		return err
	}
	defer closeLog()
	cfg, err := engineConfig(c, log)
	if err != nil {
		return err
	}
	log.WithFields(logrus.Fields{"version": buildVersion(), "seed": cfg.Seed, "superko": cfg.Superko}).Info("yunzi: GTP on stdin/stdout")
	srv := gtp.NewServer(in, out, engine.New(cfg), gtp.WithVersion(buildVersion()), gtp.WithLogger(log),
		gtp.WithLiveGfx(errOut, c.Bool("gogui-gfx")))
	return srv.Serve()
}

// engineConfig turns the flags into the engine's settings.
func engineConfig(c *cli.Context, log logrus.FieldLogger) (engine.Config, error) {
	sk, err := rules.ParseSuperko(c.String("superko"))
	if err != nil {
		return engine.Config{}, err
	}
	seed := c.Uint64("seed")
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	return engine.Config{
		Komi: new(c.Float64("komi")), Superko: sk, AllowRepetition: c.Bool("allow-repetition"),
		Seed: seed, Log: log,
		Threads: c.Int("threads"), Playouts: c.Int("playouts"), MoveTime: c.Duration("time"),
		MaxNodes: c.Int("max-nodes"), ResignThreshold: c.Float64("resign-threshold"), Ponder: c.Bool("ponder"),
		Lag: new(c.Duration("lag")), // zero or negative: no margin
	}, nil
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

// buildVersion is the link-time version, else the module version, else the
// VCS revision the binary was built from, else "devel".
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return "devel+" + s.Value[:12]
		}
	}
	return "devel"
}
