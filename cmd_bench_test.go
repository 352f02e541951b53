package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/bench"
)

// The network's lines follow the playouts' table; JSON puts both in one
// object.
func TestBenchWithModel(t *testing.T) {
	t.Setenv("YUNZI_MODEL", "")
	path := tinyModelFile(t)
	quick := []string{"bench", "--sizes", "5", "--network-sizes", "5", "--threads", "1", "--runs", "1", "--duration", "5ms", "--batches", "1,2"}

	out, _, err := runApp(t, "", append(quick, "--model", path)...)
	require.NoError(t, err)
	playouts, network, ok := strings.Cut(out, "\n\nnetwork: tiny-test-model: model version 8")
	require.True(t, ok, out)
	assert.Contains(t, playouts, "playouts/s")
	assert.Contains(t, network, "evals/s (median)")
	assert.Contains(t, network, "resident memory:")
	assert.Equal(t, 4, strings.Count(network, "  fast "), "1 thread, 2 batches, 2 positions:\n%s", network)
	evals, searches, ok := strings.Cut(network, "the search with the network")
	require.True(t, ok, "the search's table follows the evaluations':\n%s", network)
	assert.Contains(t, evals, "evals/s (median)")
	assert.Contains(t, searches, "visits/s (median)")
	assert.Equal(t, 2, strings.Count(searches, "  search "), "1 thread, 2 positions:\n%s", searches)
	assert.Equal(t, 2, strings.Count(searches, "  apart "), "1 thread, 2 positions:\n%s", searches)

	out, _, err = runApp(t, "", append(quick, "--model", path, "--network-only")...)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "network: tiny-test-model"), out)

	out, _, err = runApp(t, "", append(quick, "--model", path, "--network-search-only")...)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(out, "network: tiny-test-model"), out)
	assert.NotContains(t, out, "evals/s", "no evaluations measured")
	assert.NotContains(t, out, "playouts/s", "no playouts measured")
	assert.Contains(t, out, "visits/s (median)")

	out, _, err = runApp(t, "", append(quick, "--model", path, "--json")...)
	require.NoError(t, err)
	var both struct {
		Playouts []bench.Measurement `json:"playouts"`
		Network  bench.NetworkReport `json:"network"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &both))
	assert.Len(t, both.Playouts, 6, "3 kinds, 2 positions")
	assert.Len(t, both.Network.Measurements, 6, "2 batches and the reference, 2 positions")
	assert.Len(t, both.Network.Searches, 4, "the search and one apart, 2 positions")
	for _, m := range both.Network.Searches {
		assert.Greater(t, m.Median, 0.0, "%+v", m)
	}

	t.Setenv("YUNZI_MODEL", path)
	out, _, err = runApp(t, "", append(quick, "--network-only", "--json")...)
	require.NoError(t, err, "the model from YUNZI_MODEL")
	assert.NotContains(t, out, `"playouts"`)
	assert.Contains(t, out, `"network"`)
}

// Without a model the JSON is the playouts' array, as ever.
func TestBenchJSONWithoutModel(t *testing.T) {
	t.Setenv("YUNZI_MODEL", "")
	out, _, err := runApp(t, "", "bench", "--sizes", "5", "--threads", "1", "--runs", "1", "--duration", "5ms", "--json")
	require.NoError(t, err)
	var ms []bench.Measurement
	require.NoError(t, json.Unmarshal([]byte(out), &ms))
	assert.Len(t, ms, 6)
}

func TestBenchNetworkErrors(t *testing.T) {
	t.Setenv("YUNZI_MODEL", "")
	path := tinyModelFile(t)
	for _, tc := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{"--network-only"}, "--network-only: takes a network to measure, given with --model", true},
		{[]string{"--network-search-only"}, "--network-search-only: takes a network to measure, given with --model", true},
		{[]string{"--model", path, "--batches", "0"}, "--batches", true},
		{[]string{"--model", path, "--network-sizes", "9,x"}, "--network-sizes", true},
		{[]string{"--model", path + ".missing"}, "--model " + path + ".missing: no such file or directory", false},
	} {
		out, _, err := runApp(t, "", append([]string{"bench", "--runs", "1", "--duration", "5ms"}, tc.args...)...)
		require.Error(t, err, "%v", tc.args)
		assert.Contains(t, err.Error(), tc.want)
		var u usageError
		assert.Equal(t, tc.usage, errors.As(err, &u), "%v: usage error", tc.args)
		assert.Empty(t, out)
	}
}
