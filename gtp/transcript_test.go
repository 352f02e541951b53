package gtp_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the expected output of the transcripts")

// transcriptDir holds the transcripts: GTP input, a line "----", then the
// exact expected output.
const transcriptDir = "../testdata/gtp"

const separator = "----\n"

func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(transcriptDir, "*.gtp"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			require.NoError(t, err)
			input, want, ok := strings.Cut(string(data), separator)
			require.True(t, ok, "%s has no %q line", name, strings.TrimSpace(separator))
			got := run(t, newEngine(), memFiles{"game.sgf": []byte(sampleSGF)}, input)
			if *update {
				require.NoError(t, os.WriteFile(name, []byte(input+separator+got), 0o644))
				return
			}
			assert.Equal(t, want, got, "output of %s", name)
		})
	}
}

// sampleSGF is what transcripts load as "game.sgf".
const sampleSGF = "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gc];W[ge])"
