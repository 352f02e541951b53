package gtp_test

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cputime reads the process's CPU time in seconds through a server.
func cputime(t *testing.T) float64 {
	t.Helper()
	out := run(t, newEngine(), nil, "cputime\n")
	require.Regexp(t, `^= [0-9]+\.[0-9]{3}\n\n$`, out)
	secs, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(out, "=")), 64)
	require.NoError(t, err)
	return secs
}

func TestCPUTime(t *testing.T) {
	assert.Equal(t, "= true\n\n", run(t, newEngine(), nil, "known_command cputime\n"))
	assert.Equal(t, "? syntax error\n\n", run(t, newEngine(), nil, "cputime all\n"))

	start, before := time.Now(), cputime(t)
	spin := uint64(1)
	for time.Since(start) < 200*time.Millisecond {
		spin = spin*6364136223846793005 + 1
	}
	after, wall := cputime(t), time.Since(start)
	// The spin used CPU, at most the wall time on each processor the
	// runtime may use (a wrong unit is off by a thousand or more).
	assert.Greater(t, after, before, "spin %d", spin)
	assert.LessOrEqual(t, after-before, wall.Seconds()*float64(runtime.GOMAXPROCS(0))+0.01)
}
