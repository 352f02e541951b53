package jsonanalysis

import (
	"bytes"
	"context"
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden transcript")

// TestTranscript runs query lines that need no search (actions, errors)
// and compares every response line with the golden transcript: the
// errors' fields and texts are KataGo's, and a tool may match on them.
func TestTranscript(t *testing.T) {
	in, err := os.ReadFile("testdata/transcript.in")
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, New(testConfig(1), &out).Serve(context.Background(), bytes.NewReader(in)))
	if *update {
		require.NoError(t, os.WriteFile("testdata/transcript.golden", out.Bytes(), 0o644))
	}
	want, err := os.ReadFile("testdata/transcript.golden")
	require.NoError(t, err)
	assert.Equal(t, string(want), out.String())
}
