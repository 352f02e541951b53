package gtp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/gtp"
)

// FuzzServer feeds arbitrary input to a server and checks that it never
// panics and that its output is a sequence of well-formed responses: each
// starts with '=' or '?', ends with an empty line, and has no empty line
// inside. Inputs of even length run with the tiny network, the others
// without one, so that kata-raw-nn is fuzzed both ways.
func FuzzServer(f *testing.F) {
	for _, tc := range battery {
		if len(tc.command) < 1000 {
			f.Add(tc.setup + tc.command + "\n")
		}
	}
	for _, s := range []string{"", "name", "boardsize 2\ngenmove b\ngenmove w\ngenmove b\nfinal_score\n",
		"boardsize 1\ngenmove b\nfinal_status_list dead\n", "loadsgf game.sgf 2\nprintsgf\n",
		"boardsize 7\nplace_free_handicap 48\nshowboard\n", "\x00\x01\x02#\t\r\n12 \xff\n", "1 quit\nname\n",
		"kata-raw-nn 0\n", "boardsize 3\nplay b b2\nkata-raw-nn all\n", "kata-raw-nn 8\n", "5 kata-raw-nn\n",
		"boardsize 1\nkata-raw-nn 7\nplay w pass\nkata-raw-nn 3\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var out strings.Builder
		e := newEngine()
		if len(input)%2 == 0 {
			e = newNetEngine()
		}
		srv := gtp.NewServer(strings.NewReader(input), &out, e, gtp.WithFiles(batteryFiles()))
		require.NoError(t, srv.Serve())
		checkResponses(t, out.String())
	})
}

func checkResponses(t *testing.T, out string) {
	if out == "" {
		return
	}
	require.True(t, strings.HasSuffix(out, "\n\n"), "output does not end with an empty line: %q", tail(out))
	for _, r := range strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n") {
		require.True(t, r != "" && (r[0] == '=' || r[0] == '?'), "malformed response %q", tail(r))
		require.False(t, strings.HasPrefix(r, "\n") || strings.Contains(r, "\n\n") || strings.Contains(r, "\r"),
			"response with an empty line inside: %q", tail(r))
		for _, line := range strings.Split(r, "\n")[1:] {
			require.NotEmpty(t, strings.TrimSpace(line), "response with a blank line inside: %q", tail(r))
		}
	}
}

func tail(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
