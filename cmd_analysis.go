package main

import (
	"errors"
	"fmt"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/jsonanalysis"
)

// analysisCommand is `yunzi analysis`: KataGo's JSON analysis engine
// protocol on stdin and stdout, started with KataGo's command line so
// that a tool configured for `katago analysis` can run Yunzi instead.
func analysisCommand() *cli.Command {
	return &cli.Command{
		Name:         "analysis",
		OnUsageError: onUsageError,
		Usage:        "KataGo's JSON analysis engine: one JSON query a line on stdin, one JSON response a line on stdout",
		Description: "Reads the keys " + strings.Join(jsonanalysis.Keys, ", ") +
			" from -config (a KataGo config file) and -override-config; other keys are ignored with a log line.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "model", EnvVars: []string{"YUNZI_MODEL"}, Usage: "a KataGo network file (model version 8); without one, the classic search"},
			&cli.StringFlag{Name: "config", Usage: "a KataGo analysis config file (key = value lines)"},
			&cli.IntFlag{Name: "analysis-threads", Usage: "positions searched at once (numAnalysisThreads); not with numAnalysisThreads in -config"},
			&cli.StringFlag{Name: "override-config", Usage: "config keys over the file's: key=value,key=value"},
			&cli.BoolFlag{Name: "quit-without-waiting", Usage: "when stdin ends, stop the searches and quit without finishing the queued positions"},
			&cli.Uint64Flag{Name: "seed", EnvVars: []string{"YUNZI_SEED"}, Usage: "random seed of every search; 0 picks one from the clock"},
			&cli.IntFlag{Name: "max-nodes", Value: 1_000_000, EnvVars: []string{"YUNZI_MAX_NODES"}, Usage: "cap on each search's tree nodes, 1 or more"},
			&cli.StringFlag{Name: "log-level", Value: "info", EnvVars: []string{"YUNZI_LOG_LEVEL"}, Usage: "one of " + strings.Join(logLevels(), ", ")},
			&cli.StringFlag{Name: "log-file", EnvVars: []string{"YUNZI_LOG_FILE"}, Usage: "append logs to this file instead of stderr"},
		},
		Action: runAnalysis,
	}
}

// runAnalysis serves the protocol until stdin ends (or an interrupt).
func runAnalysis(c *cli.Context) error {
	if c.Args().Len() > 0 {
		return usageError{fmt.Errorf("analysis: unexpected argument %q (it takes only flags)", c.Args().First())}
	}
	if _, err := logrus.ParseLevel(c.String("log-level")); err != nil {
		return usageError{fmt.Errorf("--log-level %q: takes one of %s", c.String("log-level"), strings.Join(logLevels(), ", "))}
	}
	if n := c.Int("max-nodes"); n < 1 {
		return usageError{fmt.Errorf("--max-nodes %d: takes a number of tree nodes, 1 or more", n)}
	}
	log, closeLog, err := newLogger(c.String("log-level"), c.String("log-file"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	defer closeLog()
	settings, err := analysisSettings(c, log)
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
	cfg := jsonanalysis.Config{
		Settings: settings,
		Engine:   engine.Config{Seed: seed, MaxNodes: c.Int("max-nodes"), Model: model, Log: log},
		Version:  buildVersion(), GitHash: gitHash(),
		QuitWithoutWaiting: c.Bool("quit-without-waiting"),
		Log:                log,
	}
	log.WithFields(logrus.Fields{
		"version": buildVersion(), "seed": seed, "model": modelText(c.String("model"), model),
		"max_visits": settings.MaxVisits, "perspective": settings.Perspective.String(),
	}).Info("yunzi: KataGo JSON analysis engine on stdin/stdout")
	ctx, stop := signal.NotifyContext(c.Context, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	return jsonanalysis.New(cfg, c.App.Writer).Serve(ctx, c.App.Reader)
}

// analysisSettings reads -config, then -override-config, then
// -analysis-threads, as KataGo does: the thread count may come from the
// config or the flag, not both.
func analysisSettings(c *cli.Context, log logrus.FieldLogger) (jsonanalysis.Settings, error) {
	s := jsonanalysis.DefaultSettings()
	var kv [][2]string
	if path := c.String("config"); path != "" {
		file, err := jsonanalysis.ReadConfigFile(path)
		if err != nil {
			return s, fmt.Errorf("-config: %w", err)
		}
		kv = append(kv, file...)
	}
	if o := c.String("override-config"); o != "" {
		over, err := jsonanalysis.ParseOverrides(o)
		if err != nil {
			return s, usageError{err}
		}
		kv = append(kv, over...)
	}
	if c.IsSet("analysis-threads") {
		if slices.ContainsFunc(kv, func(e [2]string) bool { return e[0] == "numAnalysisThreads" }) {
			return s, usageError{errors.New("-analysis-threads: numAnalysisThreads is in the config already; give it in one place")}
		}
		kv = append(kv, [2]string{"numAnalysisThreads", fmt.Sprint(c.Int("analysis-threads"))})
	}
	unknown, err := s.Apply(kv)
	if err != nil {
		return s, usageError{fmt.Errorf("config: %w", err)}
	}
	for _, k := range unknown {
		log.WithField("key", k).Info("config: Yunzi has no such setting; ignored")
	}
	return s, nil
}

// gitHash is the VCS revision Go embedded in the build, or "<omitted>"
// as KataGo says when it has none.
func gitHash() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && s.Value != "" {
				return s.Value
			}
		}
	}
	return "<omitted>"
}
