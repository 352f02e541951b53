package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReviewCommand(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.sgf")
	data, err := os.ReadFile("testdata/gnugo-vs-yunzi/9x9/s21-base-1.sgf")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(game, data, 0o644))
	figures := filepath.Join(dir, "figures.json")
	out, errOut, err := runApp(t, "", "review", "-visits", "20", "-threads", "2", "-seed", "1", "-json", figures, game)
	require.NoError(t, err)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "Yunzi's review")
	reviewed, err := os.ReadFile(filepath.Join(dir, "game-review.sgf"))
	require.NoError(t, err)
	assert.Contains(t, string(reviewed), "SBKV[")
	var rep struct {
		Moves []map[string]any `json:"moves"`
	}
	b, err := os.ReadFile(figures)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &rep))
	assert.NotEmpty(t, rep.Moves)
	after, err := os.ReadFile(game)
	require.NoError(t, err)
	assert.Equal(t, data, after, "the input is untouched")

	_, _, err = runApp(t, "", "review", "-o", game, game)
	var u usageError
	require.ErrorAs(t, err, &u)
	assert.Contains(t, err.Error(), "never overwrites")
	_, _, err = runApp(t, "", "review")
	require.ErrorAs(t, err, &u)
	_, _, err = runApp(t, "", "review", filepath.Join(dir, "missing.sgf"))
	assert.ErrorContains(t, err, "missing.sgf")
}
