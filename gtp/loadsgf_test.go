package gtp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/gtp"
)

// TestLoadSGFReasons: loadsgf through the operating system's files tells a
// missing file, a folder and a file that is no game record apart.
func TestLoadSGFReasons(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.sgf"), []byte(sampleSGF), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "readme.txt"), []byte("not a game"), 0o644))
	for _, tc := range []struct{ file, want string }{
		{"game.sgf", "= \n\n"},
		{"missing.sgf", "? cannot load file: file not found\n\n"},
		{"readme.txt", "? cannot load file: not an SGF file\n\n"},
		{".", "? cannot load file: not a regular file of at most 16 MB\n\n"},
	} {
		var out strings.Builder
		srv := gtp.NewServer(strings.NewReader("loadsgf "+filepath.Join(dir, tc.file)+"\n"), &out, newEngine(),
			gtp.WithVersion("test"), gtp.WithFiles(gtp.OSFiles{}))
		require.NoError(t, srv.Serve())
		assert.Equal(t, tc.want, out.String(), tc.file)
	}
}
