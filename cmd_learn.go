package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/pattern"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// learnCommand is `yunzi learn-patterns`: the move-pattern gammas learned
// from game records, written to stdout in the form pattern.Read reads.
func learnCommand() *cli.Command {
	return &cli.Command{
		Name:         "learn-patterns",
		OnUsageError: onUsageError,
		Usage:        "learn move-pattern strengths from SGF games (writes the gamma table to stdout)",
		ArgsUsage:    "GAME.sgf|FOLDER ...",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "iterations", Value: 40, Usage: "minorization-maximization iterations"},
			&cli.IntFlag{Name: "test-every", Value: 10, Usage: "hold out every Nth game to measure the prediction on (0: none)"},
			&cli.IntFlag{Name: "min-count", Value: 10, Usage: "learn the spatial patterns played at least this often (0: none)"},
			&cli.StringFlag{Name: "player", Usage: "learn only the moves of the players whose names (PB, PW) begin with this"},
			&cli.StringFlag{Name: "skip-player", Usage: "leave out the moves of the players whose names begin with this"},
		},
		Action: func(c *cli.Context) error {
			files, err := sgfFiles(c.Args().Slice())
			if err != nil {
				return err
			}
			if len(files) == 0 {
				return fmt.Errorf("no SGF games given")
			}
			var trainGames, testGames []*learnGame
			for i, f := range files {
				g, err := loadLearnGame(f, c.String("player"), c.String("skip-player"))
				if err != nil {
					return err
				}
				if n := c.Int("test-every"); n > 0 && i%n == n-1 {
					testGames = append(testGames, g)
				} else {
					trainGames = append(trainGames, g)
				}
			}
			var dict *pattern.Dictionary
			if n := c.Int("min-count"); n > 0 {
				h := pattern.NewHarvest()
				for _, g := range trainGames {
					h.Add(g.game, g.learns)
				}
				dict = h.Dictionary(n)
			}
			train, test := learnPositions(trainGames, dict), learnPositions(testGames, dict)
			if len(train) == 0 {
				return fmt.Errorf("no moves to learn from in %d games", len(files))
			}
			log := c.App.ErrWriter
			fmt.Fprintf(log, "%d games: %d training positions, %d test positions, %d spatial patterns\n", len(files), len(train), len(test), dict.Len())
			m := pattern.Train(dict, train, c.Int("iterations"))
			report(log, "training", m, train)
			if len(test) > 0 {
				report(log, "test", m, test)
			}
			filters := "" // the player flags, for the table's header
			if c.String("player") != "" {
				filters += fmt.Sprintf(" --player %q", c.String("player"))
			}
			if c.String("skip-player") != "" {
				filters += fmt.Sprintf(" --skip-player %q", c.String("skip-player"))
			}
			fmt.Fprintf(c.App.Writer, "# Move-pattern gammas: yunzi learn-patterns --iterations %d --min-count %d%s, %d games, %d positions.\n", c.Int("iterations"), c.Int("min-count"), filters, len(files), len(train))
			return m.Write(c.App.Writer)
		},
	}
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
	game   *rules.Game
	learns func(rules.Color) bool
}

// loadLearnGame reads the game in file. With player set, only the moves
// of the colours whose player's name begins with it are learned; with skip
// set, not those of the colours whose player's name begins with that.
func loadLearnGame(file, player, skip string) (*learnGame, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	rec, err := sgf.Load(data, rules.DefaultOptions(), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	learned := func(name string) bool {
		return strings.HasPrefix(name, player) && (skip == "" || !strings.HasPrefix(name, skip))
	}
	learns := map[rules.Color]bool{rules.Black: learned(rec.Info.PlayerBlack), rules.White: learned(rec.Info.PlayerWhite)}
	return &learnGame{game: rec.Game, learns: func(c rules.Color) bool { return learns[c] }}, nil
}

// learnPositions returns the training positions of the games' learned
// moves, with the spatial patterns of d.
func learnPositions(games []*learnGame, d *pattern.Dictionary) []pattern.Position {
	var out []pattern.Position
	for _, g := range games {
		for _, pos := range pattern.Positions(g.game, d) {
			if g.learns(pos.Player) {
				out = append(out, pos)
			}
		}
	}
	return out
}

// report writes how well m predicts the played moves of positions: the
// mean log-likelihood, and how often the played move is the model's first
// choice or among its first 5 and 10.
func report(w io.Writer, name string, m *pattern.Model, positions []pattern.Position) {
	var top [3]int
	for _, pos := range positions {
		r := m.Rank(pos)
		for i, n := range []int{1, 5, 10} {
			if r <= n {
				top[i]++
			}
		}
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(len(positions)) }
	fmt.Fprintf(w, "%s: log-likelihood %.3f, played move first %.1f%%, in the first 5 %.1f%%, in the first 10 %.1f%%\n",
		name, m.LogLikelihood(positions), pct(top[0]), pct(top[1]), pct(top[2]))
}
