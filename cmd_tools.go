package main

import (
	"errors"
	"flag"
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
)

// toolCommands returns the match and regress subcommands. They take their
// arguments raw and parse them with package flag, so that gogui-twogtp's
// and gogui-regress's single-dash options work unchanged.
func toolCommands() []*cli.Command {
	return []*cli.Command{
		{
			Name: "match", Usage: "play two GTP engines against each other (gogui-twogtp options)",
			ArgsUsage:       "-black CMD -white CMD [-referee CMD] [-games N] [-size N] [-komi K] [-alternate] [-sgffile PREFIX] ...",
			SkipFlagParsing: true,
			Action: func(c *cli.Context) error {
				return exitCode(runMatch(c.Args().Slice(), c.App.Writer, c.App.ErrWriter))
			},
		},
		{
			Name: "regress", Usage: "run GTP regression suites (gogui-regress options)",
			ArgsUsage:       "[-long] [-output DIR] [-gtpfile FILE] 'ENGINE COMMAND' suite.tst ...",
			SkipFlagParsing: true,
			Action: func(c *cli.Context) error {
				return exitCode(runRegress(c.Args().Slice(), c.App.Writer, c.App.ErrWriter))
			},
		},
	}
}

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

// runMatch is `yunzi match`; it returns the exit status.
func runMatch(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("yunzi match", flag.ContinueOnError)
	fs.SetOutput(errOut)
	cfg := match.Config{}
	fs.StringVar(&cfg.Black, "black", "", "command of the black engine (white in odd games with -alternate)")
	fs.StringVar(&cfg.White, "white", "", "command of the white engine")
	fs.StringVar(&cfg.Referee, "referee", "", "command of an engine that scores finished games with final_score")
	fs.IntVar(&cfg.Games, "games", 1, "number of games (a resumed match counts the earlier ones)")
	fs.IntVar(&cfg.Size, "size", 19, "board size")
	fs.Float64Var(&cfg.Komi, "komi", 7.5, "komi")
	fs.IntVar(&cfg.Handicap, "handicap", 0, "fixed handicap stones for Black, placed with fixed_handicap (0: none; komi 0.5 is usual with one)")
	fs.BoolVar(&cfg.Alternate, "alternate", false, "exchange colours every other game")
	fs.StringVar(&cfg.SGFFile, "sgffile", "", "prefix of the files PREFIX-N.sgf and PREFIX.dat")
	fs.StringVar(&cfg.Openings, "openings", "", "folder of SGF openings the games start from, in turn")
	fs.BoolVar(&cfg.Force, "force", false, "overwrite PREFIX.dat instead of resuming it")
	fs.Bool("auto", true, "play games without a GUI (always on; accepted for gogui-twogtp scripts)")
	timeSpec := fs.String("time", "", "main time per game, BASE[+OVERTIME/MOVES], minutes unless m or s follows (gogui-twogtp)")
	byoyomi := fs.String("byoyomi", "", "Japanese byo-yomi after main time: PERIODSxTIME, seconds by default (3x30s)")
	canadian := fs.String("canadian", "", "Canadian overtime after main time: TIME/STONES, seconds by default (300/25)")
	fs.DurationVar(&cfg.Grace, "grace", time.Second, "lag allowed beyond the time control before a loss on time")
	fs.DurationVar(&cfg.MoveTimeout, "timeout", 0, "without time control: longest wait for a move (0: none)")
	fs.IntVar(&cfg.Threads, "threads", 1, "games played at once, each with its own engines")
	sprt := fs.String("sprt", "", "stop early by SPRT: ELO0,ELO1 (alpha = beta = 0.05)")
	fs.IntVar(&cfg.MaxMoves, "maxmoves", match.DefaultMaxMoves, "game length after which the game is scored as it stands")
	verbose := fs.Bool("verbose", false, "log the GTP streams and the engines' stderr to stderr")
	progress := fs.Bool("progress", false, "show a progress bar even when stderr is not a terminal")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "yunzi match: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	tc, err := timeControl(*timeSpec, *byoyomi, *canadian)
	if err == nil && *sprt != "" {
		cfg.SPRT, err = match.ParseSPRT(*sprt)
	}
	if err != nil {
		fmt.Fprintln(errOut, "yunzi match:", err)
		return 2
	}
	cfg.Time = tc
	if *verbose {
		cfg.Verbose, cfg.EngineStderr = errOut, errOut
	}
	if *progress || (isTerminal(errOut) && !*verbose) {
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

// runRegress is `yunzi regress`; it returns gogui-regress's exit status.
func runRegress(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("yunzi regress", flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintln(errOut, "usage: yunzi regress [-long] [-output DIR] [-gtpfile FILE] 'ENGINE COMMAND' suite.tst ...")
		fs.PrintDefaults()
	}
	long := fs.Bool("long", false, "print every test's result")
	output := fs.String("output", "", "folder for HTML transcripts, index.html and summary.dat")
	gtpFile := fs.String("gtpfile", "", "GTP commands to send to the engine before each file")
	timeout := fs.Duration("timeout", 0, "longest wait for one response (0: none)")
	verbose := fs.Bool("verbose", false, "log the GTP streams and the engine's stderr to stderr")
	progress := fs.Bool("progress", false, "show a progress bar even when stderr is not a terminal")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() < 2 {
		fs.Usage()
		return 2
	}
	cfg := regress.Config{Engine: fs.Arg(0), Files: fs.Args()[1:], Long: *long, OutputDir: *output,
		GTPFile: *gtpFile, Timeout: *timeout, Out: out}
	if *verbose {
		cfg.Verbose, cfg.Stderr = errOut, errOut
	}
	if *progress || (isTerminal(errOut) && !*verbose) {
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
		return 2
	}
	return res.ExitCode()
}
