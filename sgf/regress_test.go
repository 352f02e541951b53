package sgf

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// regressDir holds the shared regression suites' SGF files, relative to
// this package's folder.
const regressDir = "../../shared/regress"

// regressFiles returns the paths of the shared SGF files, skipping the test
// if the folder is absent.
func regressFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(regressDir); err != nil {
		t.Skipf("no shared regression files: %v", err)
	}
	var files []string
	err := filepath.WalkDir(regressDir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
			files = append(files, path)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, files, "no .sgf files under %s", regressDir)
	return files
}

// raceStride thins the shared files under the race detector, which makes
// loading them several times slower: one in raceStride is checked then.
// Without the race detector every file is.
const raceStride = 4

// TestRegressFilesLoad loads every shared SGF file, writes the game back
// and loads that, checking the position and the moves survive.
func TestRegressFilesLoad(t *testing.T) {
	files := regressFiles(t)
	t.Logf("checking %d shared SGF files", len(files))
	for i, path := range files {
		if raceEnabled && i%raceStride != 0 {
			continue
		}
		t.Run(strings.TrimPrefix(path, regressDir+"/"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			rec, err := Load(data, rules.DefaultOptions(), 0)
			require.NoError(t, err, "Load")
			checkRoundTrip(t, path, rec)
		})
	}
}

// checkRoundTrip writes the game loaded from the file at path and loads it
// back.
func checkRoundTrip(t *testing.T, path string, rec *Record) {
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, rec.Game, rec.Info), "Write")
	back, err := Load(buf.Bytes(), rules.DefaultOptions(), 0)
	require.NoError(t, err, "Load(Write(...))\n%s", buf.Bytes())
	sameGame(t, "round trip", back.Game, rec.Game)
}
