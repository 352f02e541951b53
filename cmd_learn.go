package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/pattern"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// learnCommand is `yunzi learn-patterns`: the move-pattern gammas learned
// from game records, written to stdout in the form pattern.Read reads; or,
// with --evaluate, how well gamma tables predict the moves of games.
func learnCommand() *cli.Command {
	return &cli.Command{
		Name:         "learn-patterns",
		OnUsageError: onUsageError,
		Usage:        "learn move-pattern strengths from SGF games (writes the gamma table to stdout), or --evaluate tables on games",
		ArgsUsage:    "GAME.sgf|FOLDER ...",
		Description: `Every SGF file may be a collection of many games. Games that cannot be
read or played, on another board size than --size, or with handicap or
other setup stones are skipped and counted.

The played moves are ranked by each model among the legal moves; the
report gives, per phase of the game (moves 1-50, 51-150, 151 on) and
over all, the share of played moves ranked first and among the first 5,
their mean rank and the mean log-likelihood.`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "iterations", Value: 40, Usage: "minorization-maximization iterations"},
			&cli.IntFlag{Name: "test-every", Value: 10, Usage: "hold out every Nth game to measure the prediction on (0: none; not used with --test)"},
			&cli.StringSliceFlag{Name: "test", Usage: "hold out the games of this SGF file or folder (repeatable) instead of every --test-every'th"},
			&cli.IntFlag{Name: "sample", Value: 1, Usage: "read only every Nth game of the arguments, from the first"},
			&cli.IntFlag{Name: "test-sample", Value: 1, Usage: "read only every Nth game of the --test files, from the first"},
			&cli.IntFlag{Name: "size", Value: 19, Usage: "learn from the games of this board size only (0: any)"},
			&cli.IntFlag{Name: "min-count", Value: 10, Usage: "learn the spatial patterns played at least this often (0: none)"},
			&cli.StringFlag{Name: "player", Usage: "learn only the moves of the players whose names (PB, PW) begin with this"},
			&cli.StringFlag{Name: "skip-player", Usage: "leave out the moves of the players whose names begin with this"},
			&cli.BoolFlag{Name: "evaluate", Usage: "learn nothing: report how well the embedded table and each --table predict the games' moves"},
			&cli.StringSliceFlag{Name: "table", Usage: "with --evaluate, a gamma table file to measure besides the embedded one (repeatable)"},
		},
		Action: func(c *cli.Context) error {
			for _, name := range []string{"sample", "test-sample"} {
				if c.Int(name) < 1 {
					return fmt.Errorf("--%s must be 1 or more, not %d", name, c.Int(name))
				}
			}
			if c.Bool("evaluate") {
				return evaluateTables(c)
			}
			return learnPatterns(c)
		},
	}
}

// learnPatterns learns a table from the games and writes it to stdout,
// reporting on stderr what it read and how well the table predicts the
// held-out games.
func learnPatterns(c *cli.Context) error {
	log := c.App.ErrWriter
	start := time.Now()
	files, err := sgfFiles(c.Args().Slice())
	if err != nil {
		return err
	}
	testFiles, err := sgfFiles(c.StringSlice("test"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no SGF games given")
	}
	for _, f := range testFiles {
		if slices.Contains(files, f) {
			return fmt.Errorf("%s is both learned from and held out (--test)", f)
		}
	}
	filter := gameFilter{size: c.Int("size"), player: c.String("player"), skip: c.String("skip-player")}
	var skipped skipCount
	trainGames, err := readGames(files, c.Int("sample"), filter, &skipped)
	if err != nil {
		return err
	}
	var testGames []learnGame
	if len(testFiles) > 0 {
		if testGames, err = readGames(testFiles, c.Int("test-sample"), filter, &skipped); err != nil {
			return err
		}
	} else if n := c.Int("test-every"); n > 0 {
		var kept []learnGame
		for i, g := range trainGames {
			if i%n == n-1 {
				testGames = append(testGames, g)
			} else {
				kept = append(kept, g)
			}
		}
		trainGames = kept
	}
	fmt.Fprintf(log, "%d games to learn from, %d held out; %s (read in %.0f s)\n", len(trainGames), len(testGames), skipped, time.Since(start).Seconds())
	skipped.writeExamples(log)

	start = time.Now()
	var dict *pattern.Dictionary
	if n := c.Int("min-count"); n > 0 {
		h := pattern.NewHarvest()
		for _, g := range trainGames {
			if err := h.Add(g.game, g.learns); err != nil {
				return err // the games were checked when read
			}
		}
		dict = h.Dictionary(n)
	}
	var train []pattern.Position
	for _, g := range trainGames {
		if err := g.game.Positions(dict, g.learns, func(pos pattern.Position) { train = append(train, pos) }); err != nil {
			return err
		}
	}
	if len(train) == 0 {
		return fmt.Errorf("no moves to learn from in %d games", len(trainGames))
	}
	moves := 0
	for _, pos := range train {
		moves += len(pos.Moves)
	}
	fmt.Fprintf(log, "%d training positions (%.0f legal moves each), %d spatial patterns (%.0f s)\n", len(train), float64(moves)/float64(len(train)), dict.Len(), time.Since(start).Seconds())

	start = time.Now()
	m := pattern.Train(dict, train, c.Int("iterations"))
	fmt.Fprintf(log, "%d iterations (%.0f s)\n", c.Int("iterations"), time.Since(start).Seconds())
	var fit pattern.Prediction
	for _, pos := range train {
		fit.Add(m, pos)
	}
	if err := fit.Write(log, "training: "); err != nil {
		return err
	}
	positions := len(train)
	train = nil // the held-out games' positions take their place
	if len(testGames) > 0 {
		var p pattern.Prediction
		for _, g := range testGames {
			if err := g.game.Positions(dict, g.learns, func(pos pattern.Position) { p.Add(m, pos) }); err != nil {
				return err
			}
		}
		if err := p.Write(log, "test: "); err != nil {
			return err
		}
	}

	flags := "" // the flags that chose the moves, for the table's header
	for _, name := range []string{"sample", "size"} {
		if c.IsSet(name) {
			flags += fmt.Sprintf(" --%s %d", name, c.Int(name))
		}
	}
	for _, name := range []string{"player", "skip-player"} {
		if c.IsSet(name) {
			flags += fmt.Sprintf(" --%s %q", name, c.String(name))
		}
	}
	var sources []string
	for _, f := range files {
		sources = append(sources, filepath.Base(f))
	}
	out := c.App.Writer
	fmt.Fprintf(out, "# Move-pattern gammas: yunzi learn-patterns --iterations %d --min-count %d%s, %d games, %d positions.\n", c.Int("iterations"), c.Int("min-count"), flags, len(trainGames), positions)
	if len(sources) <= 20 {
		fmt.Fprintf(out, "# From %s.\n", strings.Join(sources, ", "))
	}
	return m.Write(out)
}

// evaluateTables reports on stdout how well the embedded table and each
// --table predict the moves of the games, with each table's size and the
// time it takes to read.
func evaluateTables(c *cli.Context) error {
	files, err := sgfFiles(c.Args().Slice())
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no SGF games given")
	}
	type table struct {
		name  string
		model *pattern.Model
		p     pattern.Prediction
	}
	var embedded bytes.Buffer
	if err := pattern.Default.Write(&embedded); err != nil {
		return err
	}
	sources := []struct{ name, text string }{{"embedded", embedded.String()}}
	for _, f := range c.StringSlice("table") {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		sources = append(sources, struct{ name, text string }{f, string(data)})
	}
	out := c.App.Writer
	var tables []*table
	for _, s := range sources {
		// The fastest of a few reads: on a busy machine one read's time is
		// mostly other processes'.
		fastest := time.Duration(math.MaxInt64)
		var m *pattern.Model
		for range 5 {
			start := time.Now()
			if m, err = pattern.Read(strings.NewReader(s.text)); err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			fastest = min(fastest, time.Since(start))
		}
		fmt.Fprintf(out, "%s: %d bytes, %d spatial patterns, read in %.1f ms (the fastest of 5)\n", s.name, len(s.text), m.Patterns().Len(), float64(fastest.Microseconds())/1000)
		tables = append(tables, &table{name: s.name, model: m})
	}
	filter := gameFilter{size: c.Int("size"), player: c.String("player"), skip: c.String("skip-player")}
	var skipped skipCount
	start := time.Now()
	games, err := readGames(files, c.Int("sample"), filter, &skipped)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d games; %s\n", len(games), skipped)
	skipped.writeExamples(c.App.ErrWriter)
	for _, g := range games {
		for _, t := range tables {
			if err := g.game.Positions(t.model.Patterns(), g.learns, func(pos pattern.Position) { t.p.Add(t.model, pos) }); err != nil {
				return err
			}
		}
	}
	for _, t := range tables {
		if err := t.p.Write(out, t.name+": "); err != nil {
			return err
		}
	}
	fmt.Fprintf(c.App.ErrWriter, "evaluated in %.0f s\n", time.Since(start).Seconds())
	return nil
}

// sgfFiles expands folders among args into the .sgf files they hold,
// sorted.
func sgfFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		found, err := filepath.Glob(filepath.Join(a, "*.sgf"))
		if err != nil {
			return nil, err
		}
		slices.Sort(found)
		files = append(files, found...)
	}
	return files, nil
}

// A learnGame is a game record to learn from, and whose moves to learn.
type learnGame struct {
	game   pattern.Game
	learns func(rules.Color) bool
}

// gameFilter says which games and moves are learned: the board size (0:
// any) and the players' name prefixes (see the flags).
type gameFilter struct {
	size         int
	player, skip string
}

// skipCount counts the games left out, by reason, and keeps the first
// few messages as examples.
type skipCount struct {
	broken, refused, size, setup int
	examples                     []string
}

func (s skipCount) String() string {
	return fmt.Sprintf("skipped %d games: %d unreadable, %d refused by the rules, %d of another board size, %d with handicap or setup stones",
		s.broken+s.refused+s.size+s.setup, s.broken, s.refused, s.size, s.setup)
}

// note keeps a message as an example, up to a few.
func (s *skipCount) note(format string, args ...any) {
	if len(s.examples) < 5 {
		s.examples = append(s.examples, fmt.Sprintf(format, args...))
	}
}

// writeExamples writes the example messages, one a line.
func (s *skipCount) writeExamples(w io.Writer) {
	for _, e := range s.examples {
		fmt.Fprintf(w, "  skipped: %s\n", e)
	}
}

// readGames reads every sample'th game of the SGF files (collections or
// single games), counting across the files from the first game of the
// first, and returns those f accepts. A game that cannot be read or
// played, of another size or with setup stones is counted in skipped; only
// a file that cannot be read, or holds no game tree at all, is an error.
func readGames(files []string, sample int, f gameFilter, skipped *skipCount) ([]learnGame, error) {
	var out []learnGame
	n := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		place, trees := 0, 0
		for root, err := range sgf.Trees(data) {
			place++
			if err == nil {
				trees++
			}
			n++
			if (n-1)%sample != 0 {
				continue
			}
			if err != nil {
				skipped.broken++
				skipped.note("%s: game %d: %v", file, place, err)
				continue
			}
			rec, err := sgf.LoadTree(root, rules.DefaultOptions(), 0)
			if err != nil {
				skipped.refused++
				skipped.note("%s: game %d: %v", file, place, err)
				continue
			}
			if f.size > 0 && rec.Info.Size != f.size {
				skipped.size++
				skipped.note("%s: game %d: %dx%d", file, place, rec.Info.Size, rec.Info.Size)
				continue
			}
			g, ok := pattern.GameOf(rec.Game)
			if !ok {
				skipped.setup++
				skipped.note("%s: game %d: handicap or setup stones", file, place)
				continue
			}
			out = append(out, learnGame{game: g, learns: f.learns(rec.Info)})
		}
		if trees == 0 {
			return nil, fmt.Errorf("%s: no game could be read", file)
		}
	}
	return out, nil
}

// learns returns which colours' moves of a game with this information are
// learned: with player set, only those of the colours whose player's name
// begins with it; with skip set, not those whose player's name begins with
// that.
func (f gameFilter) learns(info sgf.GameInfo) func(rules.Color) bool {
	learned := func(name string) bool {
		return strings.HasPrefix(name, f.player) && (f.skip == "" || !strings.HasPrefix(name, f.skip))
	}
	black, white := learned(info.PlayerBlack), learned(info.PlayerWhite)
	return func(c rules.Color) bool { return c == rules.Black && black || c == rules.White && white }
}
