package jsonanalysis

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfigFile(t *testing.T) {
	kv, err := ReadConfig(strings.NewReader("# KataGo's example\nlogDir = analysis_logs\nnumAnalysisThreads = 2\nnumSearchThreadsPerAnalysisThread = 3 # per position\n\nmaxVisits = 800\nmaxTime = 1.5\nreportAnalysisWinratesAs = SIDETOMOVE\nnnCacheSizePowerOfTwo = 23\n"), "a.cfg")
	require.NoError(t, err)
	s := DefaultSettings()
	unknown, err := s.Apply(kv)
	require.NoError(t, err)
	assert.Equal(t, []string{"logDir", "nnCacheSizePowerOfTwo"}, unknown)
	assert.Equal(t, 2, s.AnalysisThreads)
	assert.Equal(t, 3, s.SearchThreads)
	assert.Equal(t, 800, s.MaxVisits)
	assert.Equal(t, 1500*time.Millisecond, s.MaxTime)
	assert.Equal(t, PerspectiveSideToMove, s.Perspective)
}

func TestConfigErrors(t *testing.T) {
	_, err := ReadConfig(strings.NewReader("maxVisits 800\n"), "b.cfg")
	assert.ErrorContains(t, err, "b.cfg:1")
	s := DefaultSettings()
	_, err = s.Apply([][2]string{{"maxVisits", "10"}, {"numAnalysisThreads", "zero"}})
	assert.ErrorContains(t, err, "numAnalysisThreads")
	assert.Equal(t, DefaultSettings(), s, "a bad value changes nothing")
	_, err = ParseOverrides("maxVisits=5,oops")
	assert.Error(t, err)
	kv, err := ParseOverrides("maxVisits=5, reportAnalysisWinratesAs=WHITE")
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"maxVisits", "5"}, {"reportAnalysisWinratesAs", "WHITE"}}, kv)
}
