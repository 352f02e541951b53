package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/gtp/client/clienttest"
)

func TestMain(m *testing.M) {
	clienttest.Run()
	os.Exit(m.Run())
}

// fake returns the command line of a fake engine.
func fake(flags ...string) string { return clienttest.Command(flags...) }

// runMatch runs a match with SGF output in a temporary folder and returns
// the summary and the prefix.
func runMatch(t *testing.T, cfg Config) (*Summary, string) {
	t.Helper()
	cfg = withDefaults(t, cfg)
	s, err := Run(cfg)
	require.NoError(t, err, "Run")
	return s, cfg.SGFFile
}

// runMatchWithin is runMatch for a match that must end well within guard,
// a hang guard: it fails the test when Run is still running then.
func runMatchWithin(t *testing.T, guard time.Duration, cfg Config) (*Summary, string) {
	t.Helper()
	cfg = withDefaults(t, cfg)
	var s *Summary
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		s, err = Run(cfg)
	}()
	select {
	case <-done:
	case <-time.After(guard):
		require.FailNow(t, "the match hangs", "Run did not return within %v", guard)
	}
	require.NoError(t, err, "Run")
	return s, cfg.SGFFile
}

// withDefaults gives cfg SGF output in a temporary folder and a 5x5
// board, unless it sets them.
func withDefaults(t *testing.T, cfg Config) Config {
	if cfg.SGFFile == "" {
		cfg.SGFFile = filepath.Join(t.TempDir(), "match")
	}
	if cfg.Size == 0 {
		cfg.Size = 5
	}
	return cfg
}

// datRows returns the rows of PREFIX.dat, split into columns.
func datRows(t *testing.T, prefix string) [][]string {
	t.Helper()
	data, err := os.ReadFile(prefix + ".dat")
	require.NoError(t, err)
	var rows [][]string
	sawColumns := false
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(l, "#") {
			if l == "#"+strings.Join(datColumns, "\t") {
				sawColumns = true
			}
			continue
		}
		cols := strings.Split(l, "\t")
		require.Len(t, cols, len(datColumns), "the columns of row %q", l)
		rows = append(rows, cols)
	}
	require.True(t, sawColumns, "no column line in %s.dat:\n%s", prefix, data)
	return rows
}

// col returns a named column of a row.
func col(row []string, name string) string {
	for i, c := range datColumns {
		if c == name {
			return row[i]
		}
	}
	panic("no column " + name)
}

// readFile returns a file's text.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}
