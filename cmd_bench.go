package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/bench"
)

// benchCommand is `yunzi bench`: playouts per second, light and with the
// full search, by board size, position and thread count.
func benchCommand() *cli.Command {
	d := bench.DefaultConfig()
	return &cli.Command{
		Name:         "bench",
		OnUsageError: onUsageError,
		Usage:        "measure playouts per second (light playouts, the full search, and separate one-thread searches at once) and the tree's bytes per node",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "sizes", Value: "9,13,19", Usage: "board sizes, comma-separated"},
			&cli.StringFlag{Name: "threads", Value: "1,2", Usage: "thread counts, comma-separated"},
			&cli.IntFlag{Name: "runs", Value: d.Runs, Usage: "runs per measurement; the median is reported"},
			&cli.DurationFlag{Name: "duration", Value: d.Duration, Usage: "length of one run"},
			&cli.BoolFlag{Name: "json", Usage: "write JSON instead of a table"},
		},
		Action: func(c *cli.Context) error {
			cfg := d
			var err error
			if cfg.Sizes, err = intList(c.String("sizes")); err != nil {
				return usageError{fmt.Errorf("--sizes: %w", err)}
			}
			if cfg.Threads, err = intList(c.String("threads")); err != nil {
				return usageError{fmt.Errorf("--threads: %w", err)}
			}
			if c.Int("runs") < 1 || c.Duration("duration") <= 0 {
				return usageError{fmt.Errorf("--runs %d --duration %v: take 1 or more runs of a positive Go duration such as 500ms or 1s", c.Int("runs"), c.Duration("duration"))}
			}
			cfg.Runs, cfg.Duration = c.Int("runs"), c.Duration("duration")
			ms, err := bench.Run(c.Context, cfg)
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return bench.WriteJSON(c.App.Writer, ms)
			}
			return bench.WriteText(c.App.Writer, ms)
		},
	}
}

// intList parses "9,13,19".
func intList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad number %q in %q", f, s)
		}
		out = append(out, n)
	}
	return out, nil
}
