package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"

	"github.com/yunzi-go/yunzi/engine"
)

// runApp runs the command line in process and returns its stdout, stderr
// and error.
func runApp(t *testing.T, input string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := newApp(strings.NewReader(input), &out, &errOut).Run(append([]string{"yunzi"}, args...))
	return out.String(), errOut.String(), err
}

func TestUsageErrorsLeaveStdoutEmpty(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error
	}{
		{[]string{"--bogus"}, "unknown flag --bogus"},
		{[]string{"--time", "banana"}, `--time "banana": not a Go duration such as 1500ms or 2s`},
		{[]string{"--komi", "abc"}, `--komi "abc": not a number`},
		{[]string{"--threads", "0"}, "--threads 0: takes a number of search threads, 1 or more"},
		{[]string{"--threads", "-1"}, "--threads -1"},
		{[]string{"--playouts", "-5"}, "--playouts -5: takes a number of playouts, 0 (no cap) or more"},
		{[]string{"--time", "-1s"}, "--time -1s"},
		{[]string{"--max-nodes", "0"}, "--max-nodes 0"},
		{[]string{"--resign-threshold", "1.5"}, "--resign-threshold 1.5"},
		{[]string{"--playout-mix", "-0.5"}, "--playout-mix -0.5: takes a share"},
		{[]string{"--log-level", "loud"}, "panic, fatal, error, warning, info, debug, trace"},
		{[]string{"--superko", "sideways"}, "--superko"},
		{[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"match", "--bogus"}, "yunzi help match"},
		{[]string{"bench", "--runs", "x"}, `--runs "x"`},
	} {
		out, errOut, err := runApp(t, "name\n", tc.args...)
		require.Error(t, err, "%v", tc.args)
		assert.Contains(t, err.Error(), tc.want, "%v", tc.args)
		var u usageError
		assert.ErrorAs(t, err, &u, "%v is a usage error (status 2)", tc.args)
		assert.Empty(t, out, "%v: stdout is the GTP channel", tc.args)
		assert.NotContains(t, errOut, "GLOBAL OPTIONS", "%v: no help dumped for an error", tc.args)
	}
}

func TestHelpOnStdoutWhenAsked(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help", "match"}, {"match", "--help"}, {"help", "regress"}, {"help", "bench"}, {"help", "learn-patterns"}} {
		out, errOut, err := runApp(t, "", args...)
		require.NoError(t, err, "%v", args)
		assert.Empty(t, errOut, "%v", args)
		assert.Contains(t, out, "--", "%v", args)
	}
	out, _, _ := runApp(t, "", "help", "match")
	for _, flag := range []string{"--black", "--white", "--referee", "--games", "--sgffile", "--parallel value, --threads value", "--alternate", "--chinese-rules"} {
		assert.Contains(t, out, flag, "yunzi help match")
	}
	out, _, _ = runApp(t, "", "help", "regress")
	for _, flag := range []string{"--long", "--output", "--gtpfile", "--timeout"} {
		assert.Contains(t, out, flag, "yunzi help regress")
	}
	out, _, _ = runApp(t, "", "--help")
	assert.Regexp(t, `--allow-repetition +accept`, out, "a boolean flag shows no value placeholder")
	assert.Contains(t, out, "the first limit reached")
	assert.Contains(t, out, "0: no cap")
	assert.Contains(t, out, "0: no limit")
}

// configOf returns the engine settings a command line gives.
func configOf(t *testing.T, env map[string]string, args ...string) engine.Config {
	t.Helper()
	for k, v := range env {
		t.Setenv(k, v)
	}
	var cfg engine.Config
	app := &cli.App{Name: "yunzi", Flags: flags(), Action: func(c *cli.Context) error {
		require.NoError(t, validate(c))
		var err error
		cfg, err = engineConfig(c, logrus.New())
		return err
	}}
	require.NoError(t, app.Run(append([]string{"yunzi"}, args...)))
	return cfg
}

func TestBudgetFlagsTheUserSetsWin(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		env      map[string]string
		playouts int
		time     time.Duration
	}{
		{nil, nil, engine.DefaultPlayouts, defaultMoveTime},
		{[]string{"--time", "10s"}, nil, 0, 10 * time.Second},
		{nil, map[string]string{"YUNZI_TIME": "10s"}, 0, 10 * time.Second},
		{[]string{"--playouts", "50000"}, nil, 50000, 0},
		{[]string{"--playouts", "500", "--time", "2s"}, nil, 500, 2 * time.Second},
		{[]string{"--playouts", "0"}, nil, 0, defaultMoveTime},
		{[]string{"--time", "0"}, nil, engine.DefaultPlayouts, 0},
		{[]string{"--time", "0", "--playouts", "0"}, nil, engine.DefaultPlayouts, 0},
		{[]string{"--time", "0", "--playouts", "300"}, nil, 300, 0},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			cfg := configOf(t, tc.env, tc.args...)
			assert.Equal(t, tc.playouts, cfg.Playouts, "playouts of %v %v", tc.args, tc.env)
			assert.Equal(t, tc.time, cfg.MoveTime, "time of %v %v", tc.args, tc.env)
		})
	}
}

func TestStartupLogShowsTheBudget(t *testing.T) {
	_, errOut, err := runApp(t, "quit\n", "--threads", "1", "--time", "3s")
	require.NoError(t, err)
	for _, want := range []string{"threads=1", "playouts=none", "move_time=3s", "max_nodes=1000000", "model="} {
		assert.Contains(t, errOut, want)
	}
}

func TestVersionOf(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	rev := "25d72e717cdd9209114696d70160fd7ff5aa1bb3"
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261207165008-25d72e717cdd+dirty"}}, "v0.0.0-20261207165008-25d72e717cdd+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting("vcs.revision", rev, "vcs.time", "2026-12-07T16:50:08Z", "vcs.modified", "true")}, "git-25d72e717cdd-20261207165008+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting("vcs.revision", rev, "vcs.modified", "false")}, "git-25d72e717cdd"},
	} {
		assert.Equal(t, tc.want, versionOf(tc.bi))
	}
}
