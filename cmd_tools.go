package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/yunzi-go/yunzi/match"
	"github.com/yunzi-go/yunzi/regress"
	"github.com/yunzi-go/yunzi/rules"
)

// toolCommands returns the match and regress subcommands. Their flags
// take one dash or two, so gogui-twogtp's and gogui-regress's options
// work unchanged.
func toolCommands() []*cli.Command {
	return []*cli.Command{
		{
			Name: "match", Usage: "play two GTP engines against each other (gogui-twogtp options)",
			UsageText:    "yunzi match -black CMD -white CMD [-referee CMD] [-games N] [-size N] [-komi K] [-alternate] [-sgffile PREFIX] ...",
			Flags:        matchFlags(),
			OnUsageError: onUsageError,
			Action: func(c *cli.Context) error {
				return exitCode(runMatch(c, c.App.Writer, c.App.ErrWriter))
			},
		},
		{
			Name: "regress", Usage: "run GTP regression suites (gogui-regress options)",
			UsageText:    "yunzi regress [-long] [-output DIR] [-gtpfile FILE] 'ENGINE COMMAND' suite.tst ...",
			Flags:        regressFlags(),
			OnUsageError: onUsageError,
			Action: func(c *cli.Context) error {
				return exitCode(runRegress(c, c.App.Writer, c.App.ErrWriter))
			},
		},
	}
}

// exitCode turns an exit status into the error that makes main exit with
// it; status 2 is a usage error, whose message runMatch and runRegress
// have printed.
func exitCode(code int) error {
	if code == 0 {
		return nil
	}
	return cli.Exit("", code)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func matchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "black", Usage: "command of the black engine (white in odd games with -alternate)"},
		&cli.StringFlag{Name: "white", Usage: "command of the white engine"},
		&cli.StringFlag{Name: "referee", Usage: "command of an engine that scores finished games with final_score, such as '/usr/games/gnugo --mode gtp --chinese-rules'"},
		&cli.IntFlag{Name: "games", Value: 1, Usage: "number of games, 1 or more (a resumed match counts the earlier ones)"},
		&cli.IntFlag{Name: "size", Value: 19, Usage: "board size, 1 to 25"},
		&cli.Float64Flag{Name: "komi", Value: 7.5, Usage: "komi"},
		&cli.IntFlag{Name: "handicap", Usage: "fixed handicap stones for Black, placed with fixed_handicap (0: none; komi 0.5 is usual with one)"},
		&cli.BoolFlag{Name: "alternate", Usage: "exchange colours every other game"},
		&cli.StringFlag{Name: "sgffile", Usage: "prefix of the files PREFIX-N.sgf and PREFIX.dat; an existing PREFIX.dat with the same settings is resumed"},
		&cli.StringFlag{Name: "openings", Usage: "folder of SGF openings the games start from, in turn"},
		&cli.BoolFlag{Name: "force", Usage: "overwrite PREFIX.dat instead of resuming it"},
		&cli.BoolFlag{Name: "auto", Value: true, Usage: "play games without a GUI (always on; accepted for gogui-twogtp scripts)"},
		&cli.StringFlag{Name: "time", Usage: "main time per game, BASE[+OVERTIME/MOVES], minutes unless m or s follows (gogui-twogtp)"},
		&cli.StringFlag{Name: "byoyomi", Usage: "Japanese byo-yomi after main time: PERIODSxTIME, seconds by default (3x30s)"},
		&cli.StringFlag{Name: "canadian", Usage: "Canadian overtime after main time: TIME/STONES, seconds by default (300/25)"},
		&cli.DurationFlag{Name: "grace", Value: time.Second, Usage: "lag allowed beyond the time control before a loss on time, a Go duration such as 1500ms or 2s"},
		&cli.DurationFlag{Name: "timeout", Usage: "without time control: longest wait for a move, a Go duration (0: none)"},
		&cli.IntFlag{Name: "parallel", Aliases: []string{"threads"}, Value: 1, Usage: "games played at once, each with its own engines (gogui-twogtp's -threads; not the engines' search threads)"},
		&cli.StringFlag{Name: "sprt", Usage: "stop early by SPRT: ELO0,ELO1 (alpha = beta = 0.05)"},
		&cli.IntFlag{Name: "maxmoves", Value: match.DefaultMaxMoves, Usage: "game length after which the game is scored as it stands"},
		&cli.BoolFlag{Name: "verbose", Usage: "log the GTP streams and the engines' stderr to stderr"},
		&cli.BoolFlag{Name: "progress", Usage: "show a progress bar even when stderr is not a terminal"},
	}
}

// matchConfig reads the match's settings from its flags and refuses the
// values it cannot play with.
func matchConfig(c *cli.Context) (match.Config, error) {
	cfg := match.Config{
		Black: c.String("black"), White: c.String("white"), Referee: c.String("referee"),
		Games: c.Int("games"), Size: c.Int("size"), Komi: c.Float64("komi"), Handicap: c.Int("handicap"),
		Alternate: c.Bool("alternate"), SGFFile: c.String("sgffile"), Openings: c.String("openings"),
		Force: c.Bool("force"), Grace: c.Duration("grace"), MoveTimeout: c.Duration("timeout"),
		Threads: c.Int("parallel"), MaxMoves: c.Int("maxmoves"),
	}
	if c.Args().Present() {
		return cfg, fmt.Errorf("unexpected argument %q (engine commands go in -black and -white, quoted)", c.Args().First())
	}
	var problems []string
	if cfg.Black == "" || cfg.White == "" {
		problems = append(problems, "-black and -white: both engines' commands are needed")
	}
	if cfg.Games < 1 {
		problems = append(problems, fmt.Sprintf("-games %d: takes a number of games, 1 or more (gogui-twogtp's 0 for no limit is not supported)", cfg.Games))
	}
	if !rules.ValidSize(cfg.Size) {
		problems = append(problems, fmt.Sprintf("-size %d: takes a board size from 1 to 25", cfg.Size))
	}
	if cfg.Threads < 1 {
		problems = append(problems, fmt.Sprintf("-parallel %d: takes a number of games at once, 1 or more", cfg.Threads))
	}
	if cfg.MaxMoves < 1 {
		problems = append(problems, fmt.Sprintf("-maxmoves %d: takes a number of moves, 1 or more", cfg.MaxMoves))
	}
	if cfg.Handicap < 0 {
		problems = append(problems, fmt.Sprintf("-handicap %d: takes a number of stones, 0 (none) or 2 and more", cfg.Handicap))
	}
	if cfg.Grace < 0 {
		problems = append(problems, fmt.Sprintf("-grace %v: takes a Go duration such as 1500ms or 2s, 0 or more", cfg.Grace))
	}
	if cfg.MoveTimeout < 0 {
		problems = append(problems, fmt.Sprintf("-timeout %v: takes a Go duration such as 1500ms or 2s, 0 (none) or more", cfg.MoveTimeout))
	}
	if len(problems) > 0 {
		return cfg, errors.New(strings.Join(problems, "; "))
	}
	tc, err := timeControl(c.String("time"), c.String("byoyomi"), c.String("canadian"))
	if err != nil {
		return cfg, err
	}
	cfg.Time = tc
	if s := c.String("sprt"); s != "" {
		if cfg.SPRT, err = match.ParseSPRT(s); err != nil {
			return cfg, fmt.Errorf("-sprt %q: %w", s, err)
		}
	}
	return cfg, nil
}

// runMatch is `yunzi match`; it returns the exit status: 0 when the match
// was played, 1 when it could not be, 2 for a usage error.
func runMatch(c *cli.Context, out, errOut io.Writer) int {
	cfg, err := matchConfig(c)
	if err != nil {
		fmt.Fprintf(errOut, "yunzi match: %v (see yunzi help match)\n", err)
		return 2
	}
	verbose := c.Bool("verbose")
	if verbose {
		cfg.Verbose, cfg.EngineStderr = errOut, errOut
	}
	if c.Bool("progress") || (isTerminal(errOut) && !verbose) {
		bar := progressbar.NewOptions(cfg.Games, progressbar.OptionSetWriter(errOut),
			progressbar.OptionSetDescription("games"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
		cfg.Progress = func(p match.Progress) {
			bar.Describe(fmt.Sprintf("A %d - B %d (draws %d)", p.WinsA, p.WinsB, p.Draws))
			bar.ChangeMax(p.Total)
			bar.Set(p.Done) //nolint:errcheck // display only
		}
		defer bar.Finish() //nolint:errcheck // display only
	}
	stop := make(chan struct{})
	cfg.Stop = stop
	defer stopOnInterrupt(stop, errOut)()
	sum, err := match.Run(cfg)
	if sum != nil {
		sum.Write(out) //nolint:errcheck // stdout
	}
	if err != nil {
		fmt.Fprintln(errOut, "yunzi match:", err)
		return 1
	}
	return 0
}

// stopOnInterrupt closes stop at the first interrupt (SIGINT or SIGTERM)
// and from then on leaves the signals their default effect, so a second
// one ends the program at once. The match then finishes its games in
// progress and prints its summary: games of many minutes are not thrown
// away by a Ctrl-C. The engines, in process groups of their own, do not
// see the terminal's interrupt. The returned function stops listening.
func stopOnInterrupt(stop chan<- struct{}, errOut io.Writer) (release func()) {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-signals:
			signal.Stop(signals)
			fmt.Fprintln(errOut, "yunzi match: stopping after the games in progress (interrupt again to quit at once)")
			close(stop)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(signals)
		close(done)
	}
}

// timeControl combines -time with -byoyomi or -canadian.
func timeControl(main, byoyomi, canadian string) (match.TimeControl, error) {
	var tc match.TimeControl
	var err error
	if main != "" {
		if tc, err = match.ParseTime(main); err != nil {
			return tc, err
		}
	}
	if byoyomi != "" && canadian != "" {
		return tc, errors.New("-byoyomi and -canadian exclude each other")
	}
	over := tc
	switch {
	case byoyomi != "":
		over, err = match.ParseByoyomi(byoyomi)
	case canadian != "":
		over, err = match.ParseCanadian(canadian)
	default:
		return tc, nil
	}
	if err != nil {
		return tc, err
	}
	if tc.Kind == match.Canadian {
		return tc, errors.New("-time already sets Canadian overtime")
	}
	over.Main = tc.Main
	return over, nil
}

func regressFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "long", Usage: "print every test's result"},
		&cli.StringFlag{Name: "output", Usage: "folder for HTML transcripts, index.html and summary.dat"},
		&cli.StringFlag{Name: "gtpfile", Usage: "GTP commands to send to the engine before each file"},
		&cli.DurationFlag{Name: "timeout", Usage: "longest wait for one response, a Go duration such as 1500ms or 2s (0: none)"},
		&cli.BoolFlag{Name: "verbose", Usage: "log the GTP streams and the engine's stderr to stderr"},
		&cli.BoolFlag{Name: "progress", Usage: "show a progress bar even when stderr is not a terminal"},
	}
}

// runRegress is `yunzi regress`; it returns gogui-regress's exit status
// (see regress.Result.ExitCode), or regress.ExitUsage when the suites
// cannot be run at all: a missing argument, file or engine.
func runRegress(c *cli.Context, out, errOut io.Writer) int {
	args := c.Args().Slice()
	switch len(args) {
	case 0:
		fmt.Fprintln(errOut, "yunzi regress: missing the engine command and the suites (see yunzi help regress)")
		return regress.ExitUsage
	case 1:
		fmt.Fprintf(errOut, "yunzi regress: missing the suites after the engine command %q (see yunzi help regress)\n", args[0])
		return regress.ExitUsage
	}
	if c.Duration("timeout") < 0 {
		fmt.Fprintf(errOut, "yunzi regress: -timeout %v: takes a Go duration such as 1500ms or 2s, 0 (none) or more\n", c.Duration("timeout"))
		return regress.ExitUsage
	}
	cfg := regress.Config{Engine: args[0], Files: args[1:], Long: c.Bool("long"), OutputDir: c.String("output"),
		GTPFile: c.String("gtpfile"), Timeout: c.Duration("timeout"), Out: out}
	verbose := c.Bool("verbose")
	if verbose {
		cfg.Verbose, cfg.Stderr = errOut, errOut
	}
	if c.Bool("progress") || (isTerminal(errOut) && !verbose) {
		bar := progressbar.NewOptions(-1, progressbar.OptionSetWriter(errOut), progressbar.OptionSetDescription("tests"),
			progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
		cfg.Progress = func(done, total int) {
			bar.ChangeMax(total)
			bar.Set(done) //nolint:errcheck // display only
		}
		defer bar.Finish() //nolint:errcheck // display only
	}
	res, err := regress.Run(cfg)
	if err != nil {
		fmt.Fprintln(errOut, "yunzi regress:", strings.TrimSpace(err.Error()))
		return regress.ExitUsage
	}
	return res.ExitCode()
}
