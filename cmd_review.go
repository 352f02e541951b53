package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/review"
	"github.com/yunzi-go/yunzi/sgf"
)

// reviewCommand is `yunzi review GAME.sgf`: every position of the main
// line analysed, and the record written back with the analysis.
func reviewCommand() *cli.Command {
	return &cli.Command{
		Name:         "review",
		OnUsageError: onUsageError,
		Usage:        "analyse every move of a game record and write it back with win rates, score leads, losses and Yunzi's lines",
		ArgsUsage:    "GAME.sgf",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "o", Usage: "the output record; default GAME-review.sgf beside the input (never the input itself)"},
			&cli.IntFlag{Name: "visits", Value: 1000, Usage: "playouts (visits) per position, 1 or more"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "positions searched at once, 1 or more"},
			&cli.Float64Flag{Name: "mistake", Value: 3, Usage: "a move losing this many points or more gets Yunzi's line as a variation"},
			&cli.Float64Flag{Name: "drop", Value: 0.1, Usage: "a move dropping its player's win rate by this much (0 to 1) or more gets Yunzi's line too"},
			&cli.Float64Flag{Name: "komi", Usage: "the komi, over the record's"},
			&cli.StringFlag{Name: "json", Usage: "also write the per-move figures as JSON to this file"},
			&cli.StringFlag{Name: "model", EnvVars: []string{"YUNZI_MODEL"}, Usage: "a KataGo network file (model version 8)"},
			&cli.Uint64Flag{Name: "seed", EnvVars: []string{"YUNZI_SEED"}, Usage: "random seed; 0 picks one from the clock"},
		},
		Action: runReview,
	}
}

func runReview(c *cli.Context) error {
	if c.Args().Len() != 1 {
		return usageError{errors.New("review: takes one game record, GAME.sgf")}
	}
	if c.Int("visits") < 1 || c.Int("threads") < 1 {
		return usageError{fmt.Errorf("review: --visits %d --threads %d: take 1 or more", c.Int("visits"), c.Int("threads"))}
	}
	in := c.Args().First()
	out := c.String("o")
	if out == "" {
		out = strings.TrimSuffix(in, filepath.Ext(in)) + "-review.sgf"
	}
	if same(in, out) {
		return usageError{fmt.Errorf("review: -o %s is the input; the review never overwrites it", out)}
	}
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	model, err := loadModel(c.String("model"))
	if err != nil {
		return err
	}
	seed := c.Uint64("seed")
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	cfg := review.Config{
		Visits: c.Int("visits"), Parallel: c.Int("threads"), Mistake: c.Float64("mistake"), Drop: c.Float64("drop"),
		Engine: engine.Config{Seed: seed, Threads: 1, Model: model},
	}
	if c.IsSet("komi") {
		cfg.Komi = new(c.Float64("komi"))
	}
	var bar *progressbar.ProgressBar
	cfg.Progress = func(done, total int) {
		if bar == nil {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(c.App.ErrWriter),
				progressbar.OptionSetDescription("positions"), progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true), progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionClearOnFinish())
		}
		_ = bar.Set(done)
	}
	ctx, stop := signal.NotifyContext(c.Context, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	rep, root, err := review.Run(ctx, cfg, data)
	if err != nil {
		return fmt.Errorf("review %s: %w", in, err)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := sgf.WriteTrees(f, []*sgf.Node{root}); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if j := c.String("json"); j != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(j, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintln(c.App.ErrWriter, rep.Summary(cfg.Mistake))
	fmt.Fprintln(c.App.ErrWriter, "wrote", out)
	return nil
}

// same reports whether the paths name one file (or would).
func same(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	pa, _ := filepath.Abs(a)
	pb, _ := filepath.Abs(b)
	return pa == pb
}
