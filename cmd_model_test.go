package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nntest"
)

// tinyModelFile writes the tiny test network to a file and returns its
// path.
func tinyModelFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tiny.txt")
	require.NoError(t, os.WriteFile(path, nntest.TinyFile(), 0o644))
	return path
}

func TestModelFlagLoadsTheNetwork(t *testing.T) {
	path := tinyModelFile(t)
	for _, tc := range []struct {
		args []string
		env  string
	}{
		{args: []string{"--model", path}},
		{env: path},
	} {
		t.Setenv("YUNZI_MODEL", tc.env)
		out, errOut, err := runApp(t, "known_command kata-raw-nn\nkata-raw-nn 0\nquit\n", append([]string{"--threads", "1"}, tc.args...)...)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(out, "= true\n\n= symmetry 0\nwhiteWin "), "%.100q", out)
		assert.Contains(t, errOut, "model=\""+path+" (tiny-test-model: model version 8, 2 blocks (1 with global pooling) of 8 channels")
	}
}

func TestNoModelIsTheClassicEngine(t *testing.T) {
	t.Setenv("YUNZI_MODEL", "")
	out, errOut, err := runApp(t, "known_command kata-raw-nn\nkata-raw-nn 0\nquit\n", "--threads", "1")
	require.NoError(t, err)
	assert.Equal(t, "= false\n\n? no network loaded (start Yunzi with --model)\n\n= \n\n", out)
	assert.Contains(t, errOut, `model="none (Monte-Carlo playouts)"`)
}

// A network that cannot be loaded is one line naming the file and the
// reason, exit status 1 (not a usage error), and nothing on stdout.
func TestModelThatFailsToLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, data, 0o644))
		return path
	}
	tiny := nntest.TinyFile()
	for _, tc := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "missing.bin.gz"), "no such file or directory"},
		{dir, "not a model file"},
		{write("v5.txt", []byte("old-network\n5\n22\n19\n")), "model version 5 is not supported; Yunzi reads model version 8 (KataGo's g170 networks)"},
		{write("text.txt", []byte("hello, world\n")), "not a model file"},
		{write("truncated.txt", tiny[:len(tiny)/2]), "layer "},
		{write("corrupt.bin.gz", []byte{0x1f, 0x8b, 1, 2, 3}), "gzip"},
	} {
		t.Setenv("YUNZI_MODEL", "")
		out, errOut, err := runApp(t, "name\n", "--model", tc.path)
		require.Error(t, err, tc.path)
		msg := err.Error()
		assert.True(t, strings.HasPrefix(msg, "--model "+tc.path+": "), msg)
		assert.Contains(t, msg, tc.want)
		assert.NotContains(t, msg, "\n", "one line")
		var u usageError
		assert.NotErrorAs(t, err, &u, "%s: exit status 1, not 2", tc.path)
		assert.Empty(t, out, "stdout is the GTP channel")
		assert.NotContains(t, errOut, "GTP on stdin/stdout", "no engine started")
	}
}

// The shared network loads through the command line, and its start-up
// line names it.
func TestModelFlagWithTheSharedNetwork(t *testing.T) {
	path := nntest.ModelPath(t)
	t.Setenv("YUNZI_MODEL", "")
	out, errOut, err := runApp(t, "boardsize 9\nkata-raw-nn 0\nquit\n", "--threads", "1", "--model", path)
	require.NoError(t, err)
	assert.Contains(t, out, "= \n\n= symmetry 0\nwhiteWin ")
	assert.Contains(t, errOut, "g170-b6c96-s175395328-d26788732: model version 8, 6 blocks (2 with global pooling) of 96 channels")
}
