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
		Name:      "learn-patterns",
		Usage:     "learn move-pattern strengths from SGF games (writes the gamma table to stdout)",
		ArgsUsage: "GAME.sgf|FOLDER ...",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "iterations", Value: 40, Usage: "minorization-maximization iterations"},
			&cli.IntFlag{Name: "test-every", Value: 10, Usage: "hold out every Nth game to measure the prediction on (0: none)"},
			&cli.StringFlag{Name: "player", Usage: "learn only the moves of the players whose names (PB, PW) begin with this"},
		},
		Action: func(c *cli.Context) error {
			files, err := sgfFiles(c.Args().Slice())
			if err != nil {
				return err
			}
			if len(files) == 0 {
				return fmt.Errorf("no SGF games given")
			}
			var train, test []pattern.Position
			for i, f := range files {
				positions, err := gamePositions(f, c.String("player"))
				if err != nil {
					return err
				}
				if n := c.Int("test-every"); n > 0 && i%n == n-1 {
					test = append(test, positions...)
				} else {
					train = append(train, positions...)
				}
			}
			if len(train) == 0 {
				return fmt.Errorf("no moves to learn from in %d games", len(files))
			}
			log := c.App.ErrWriter
			fmt.Fprintf(log, "%d games: %d training positions, %d test positions\n", len(files), len(train), len(test))
			m := pattern.Train(train, c.Int("iterations"))
			report(log, "training", m, train)
			if len(test) > 0 {
				report(log, "test", m, test)
			}
			player := ""
			if c.String("player") != "" {
				player = fmt.Sprintf(" --player %q", c.String("player"))
			}
			fmt.Fprintf(c.App.Writer, "# Move-pattern gammas: yunzi learn-patterns --iterations %d%s, %d games, %d positions.\n", c.Int("iterations"), player, len(files), len(train))
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

// gamePositions returns the training positions of the game in file: all
// of them, or with player set, those of the colours whose player's name
// begins with it.
func gamePositions(file, player string) ([]pattern.Position, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	rec, err := sgf.Load(data, rules.DefaultOptions(), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	positions := pattern.Positions(rec.Game)
	if player == "" {
		return positions, nil
	}
	learns := map[rules.Color]bool{
		rules.Black: strings.HasPrefix(rec.Info.PlayerBlack, player),
		rules.White: strings.HasPrefix(rec.Info.PlayerWhite, player),
	}
	return slices.DeleteFunc(positions, func(p pattern.Position) bool { return !learns[p.Player] }), nil
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
