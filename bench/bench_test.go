package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/cputime"
	"github.com/yunzi-go/yunzi/rules"
)

func TestRunMeasuresEveryCombination(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Sizes, cfg.Threads, cfg.Runs, cfg.Duration = []int{5, 9}, []int{1, 2}, 3, 20*time.Millisecond
	ms, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	// 2 sizes x 2 positions x 2 thread counts x 3 kinds.
	require.Len(t, ms, 24)
	for _, m := range ms {
		assert.Len(t, m.Runs, 3)
		assert.Greater(t, m.Median, 0.0, "%+v", m)
		assert.Contains(t, m.Runs, m.Median, "the median of an odd count is one of the runs")
	}
	kinds := map[string]int{}
	for _, m := range ms {
		kinds[m.Kind]++
	}
	assert.Equal(t, map[string]int{"light": 8, "search": 8, "apart": 8}, kinds)
	for _, m := range ms {
		if m.Kind == "search" {
			// At least a node and its AMAF statistics, 48 bytes; the
			// search's fixed share weighs more in these small trees.
			assert.GreaterOrEqual(t, m.BytesPerNode, 48.0, "%+v", m)
		} else {
			assert.Zero(t, m.BytesPerNode, "%+v", m)
		}
	}
	// Each kind's thread counts are measured side by side, the first one
	// the base of the speedups; but the search's base is a run of its own,
	// twice as long as the two threads' run.
	for i := 0; i < len(ms); i += 2 {
		one, two := ms[i], ms[i+1]
		require.Equal(t, []int{1, 2}, []int{one.Threads, two.Threads})
		assert.Equal(t, one.Kind, two.Kind)
		assert.Equal(t, one.Runs, one.Bases)
		assert.Equal(t, 1.0, one.Speedup)
		if _, ok := cputime.Process(); ok {
			// Each run's CPU rate, paired with its base's as the rates are.
			assert.Equal(t, one.CPURuns, one.CPUBases)
			assert.Equal(t, 1.0, one.CPUEfficiency)
			require.Len(t, two.CPURuns, 3)
			require.Len(t, two.CPUBases, 3)
			assert.Equal(t, median(two.CPURuns), two.PerCPUSecond)
			assert.Equal(t, median(ratios(two.CPURuns, two.CPUBases)), two.CPUEfficiency)
			assert.Greater(t, two.CPUEfficiency, 0.0)
			if two.Kind == "search" {
				assert.NotEqual(t, one.CPURuns, two.CPUBases, "the search's base is a run of its own")
			} else {
				assert.Equal(t, one.CPURuns, two.CPUBases)
			}
		}
		if two.Kind == "search" {
			assert.NotEqual(t, one.Runs, two.Bases)
		} else {
			assert.Equal(t, one.Runs, two.Bases)
		}
		assert.Len(t, two.Bases, 3)
		assert.Equal(t, median(ratios(two.Runs, two.Bases)), two.Speedup)
		assert.Greater(t, two.Speedup, 0.0)
		assert.Zero(t, one.OfApart)
		if two.Kind == "search" {
			// The searches apart follow the search's lines.
			apart := ms[i+3]
			require.Equal(t, []any{"apart", two.Position, two.Size, 2}, []any{apart.Kind, apart.Position, apart.Size, apart.Threads})
			perRound := ratios(ratios(two.Runs, two.Bases), ratios(apart.Runs, apart.Bases))
			assert.Equal(t, median(perRound), two.OfApart)
			assert.Greater(t, two.OfApart, 0.0)
		} else {
			assert.Zero(t, two.OfApart)
		}
	}

	var text bytes.Buffer
	require.NoError(t, WriteText(&text, ms))
	assert.Equal(t, 25, strings.Count(text.String(), "\n"), "a header and one line a measurement")

	var js bytes.Buffer
	require.NoError(t, WriteJSON(&js, ms))
	var back []Measurement
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	assert.Equal(t, ms, back)
}

func TestRunRejectsBadConfig(t *testing.T) {
	for _, change := range []func(*Config){
		func(cfg *Config) { cfg.Sizes = []int{26} },
		func(cfg *Config) { cfg.Threads = nil },
		func(cfg *Config) { cfg.Threads = []int{1, 0} },
	} {
		cfg := DefaultConfig()
		cfg.Runs, cfg.Duration = 1, time.Millisecond
		change(&cfg)
		_, err := Run(context.Background(), cfg)
		assert.Error(t, err, "%+v", cfg)
	}
}

// A run's CPU rate is its count over the CPU time the process used,
// whatever the wall time: 50 counted over 50 ms of CPU time is 1000 a CPU
// second, however long a loaded machine took to give them; a run that
// sleeps costs almost none.
func TestWithCPU(t *testing.T) {
	if _, ok := cputime.Process(); !ok {
		t.Skip("the system does not tell the CPU time")
	}
	start := time.Now()
	rate, perCPU := withCPU(func() float64 {
		begin, _ := cputime.Process()
		for used := time.Duration(0); used < 50*time.Millisecond; {
			now, _ := cputime.Process()
			used = now - begin
		}
		return 50 / time.Since(start).Seconds()
	})
	assert.Greater(t, rate, 0.0)
	assert.InDelta(t, 950, perCPU, 100, "50 over a little more than 50 ms of CPU time")
	_, perCPU = withCPU(func() float64 {
		time.Sleep(50 * time.Millisecond)
		return 1000
	})
	assert.Greater(t, perCPU, 3000.0, "a sleeping run costs little CPU")
}

func TestMidgamePositionIsFixedAndPartlyFilled(t *testing.T) {
	a, b := position(9, "midgame"), position(9, "midgame")
	assert.Equal(t, a.Board().Hash(), b.Board().Hash())
	stones := a.Board().StoneCount(rules.Black) + a.Board().StoneCount(rules.White)
	assert.Greater(t, stones, 10)
	assert.Less(t, stones, 40)
}

func TestRatiosPairRunsByRound(t *testing.T) {
	assert.Equal(t, []float64{2, 1.5, 0.5}, ratios([]float64{2, 3, 4}, []float64{1, 2, 8}))
	assert.Equal(t, []float64{0, 0, 2}, ratios([]float64{0, 5, 4}, []float64{0, 0, 2}), "no playout in the base run: no ratio")
}

func TestMedian(t *testing.T) {
	assert.Equal(t, 2.0, median([]float64{3, 1, 2}))
	assert.Equal(t, 2.5, median([]float64{4, 1, 2, 3}))
}
