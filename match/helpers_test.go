package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	if cfg.SGFFile == "" {
		cfg.SGFFile = filepath.Join(t.TempDir(), "match")
	}
	if cfg.Size == 0 {
		cfg.Size = 5
	}
	s, err := Run(cfg)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return s, cfg.SGFFile
}

// datRows returns the rows of PREFIX.dat, split into columns.
func datRows(t *testing.T, prefix string) [][]string {
	t.Helper()
	data, err := os.ReadFile(prefix + ".dat")
	if err != nil {
		t.Fatal(err)
	}
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
		if len(cols) != len(datColumns) {
			t.Fatalf("row %q has %d columns, want %d", l, len(cols), len(datColumns))
		}
		rows = append(rows, cols)
	}
	if !sawColumns {
		t.Fatalf("no column line in %s.dat:\n%s", prefix, data)
	}
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

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
