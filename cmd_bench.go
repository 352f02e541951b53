package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/bench"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/search"
)

// benchCommand is `yunzi bench`: playouts per second, light and with the
// full search, by board size, position and thread count; with --model,
// the network's evaluations per second and the search with it, visits per
// second, too.
func benchCommand() *cli.Command {
	d, dn := bench.DefaultConfig(), bench.DefaultNetworkConfig()
	return &cli.Command{
		Name:         "bench",
		OnUsageError: onUsageError,
		Usage:        "measure playouts per second (light playouts, the full search, and separate one-thread searches at once) and the tree's bytes per node; with --model, the network's evaluations per second and the search with it, visits per second",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "sizes", Value: "9,13,19", Usage: "board sizes of the playouts, comma-separated"},
			&cli.StringFlag{Name: "threads", Value: "1,2", Usage: "thread counts, comma-separated"},
			&cli.IntFlag{Name: "runs", Value: d.Runs, Usage: "runs per measurement; the median is reported"},
			&cli.DurationFlag{Name: "duration", Value: d.Duration, Usage: "length of one run"},
			&cli.BoolFlag{Name: "json", Usage: "write JSON instead of a table"},
			&cli.StringFlag{Name: "model", EnvVars: []string{"YUNZI_MODEL"}, Usage: "a KataGo network file: also measure its evaluations per second"},
			&cli.StringFlag{Name: "network-sizes", Value: "9,19", Usage: "board sizes of the network, comma-separated"},
			&cli.StringFlag{Name: "batches", Value: "1,8", Usage: "the network's batch sizes, comma-separated"},
			&cli.BoolFlag{Name: "network-only", Usage: "with --model, measure the network alone, not the playouts"},
			&cli.BoolFlag{Name: "network-search-only", Usage: "with --model, measure the search with the network alone, not the playouts nor the evaluations"},
		},
		Action: func(c *cli.Context) error {
			cfg, ncfg := d, dn
			var err error
			if cfg.Sizes, err = intList(c.String("sizes")); err != nil {
				return usageError{fmt.Errorf("--sizes: %w", err)}
			}
			if cfg.Threads, err = intList(c.String("threads")); err != nil {
				return usageError{fmt.Errorf("--threads: %w", err)}
			}
			if ncfg.Sizes, err = intList(c.String("network-sizes")); err != nil {
				return usageError{fmt.Errorf("--network-sizes: %w", err)}
			}
			if ncfg.Batches, err = intList(c.String("batches")); err != nil {
				return usageError{fmt.Errorf("--batches: %w", err)}
			}
			if c.Int("runs") < 1 || c.Duration("duration") <= 0 {
				return usageError{fmt.Errorf("--runs %d --duration %v: take 1 or more runs of a positive Go duration such as 500ms or 1s", c.Int("runs"), c.Duration("duration"))}
			}
			for _, only := range []string{"network-only", "network-search-only"} {
				if c.Bool(only) && c.String("model") == "" {
					return usageError{fmt.Errorf("--%s: takes a network to measure, given with --model", only)}
				}
			}
			cfg.Runs, cfg.Duration = c.Int("runs"), c.Duration("duration")
			ncfg.Threads, ncfg.Runs, ncfg.Duration = cfg.Threads, cfg.Runs, cfg.Duration
			model, err := loadModel(c.String("model"))
			if err != nil {
				return err
			}
			if model != nil {
				ncfg.NewNetwork = func() search.Network { return engine.NewSearchNetwork(model) }
				ncfg.SearchOnly = c.Bool("network-search-only")
			}
			var ms []bench.Measurement
			if !c.Bool("network-only") && !ncfg.SearchOnly {
				if ms, err = bench.Run(c.Context, cfg); err != nil {
					return err
				}
			}
			var rep *bench.NetworkReport
			if model != nil {
				if rep, err = bench.RunNetwork(c.Context, model, ncfg); err != nil {
					return err
				}
			}
			return writeBench(c.App.Writer, c.Bool("json"), ms, rep)
		},
	}
}

// writeBench writes the measurements: the playouts' table, then the
// network's report if there is one; or, with JSON, the playouts' array
// as ever when there is no network, else an object with the playouts
// (unless they were not measured) and the network.
func writeBench(w io.Writer, asJSON bool, ms []bench.Measurement, rep *bench.NetworkReport) error {
	if asJSON {
		if rep == nil {
			return bench.WriteJSON(w, ms)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Playouts []bench.Measurement  `json:"playouts,omitempty"`
			Network  *bench.NetworkReport `json:"network"`
		}{ms, rep})
	}
	if ms != nil {
		if err := bench.WriteText(w, ms); err != nil {
			return err
		}
	}
	if rep == nil {
		return nil
	}
	if ms != nil {
		fmt.Fprintln(w)
	}
	return bench.WriteNetworkText(w, rep)
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
