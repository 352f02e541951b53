package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/cputime"
	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

func TestRunNetworkMeasuresEveryLine(t *testing.T) {
	cfg := NetworkConfig{Sizes: []int{5, 9}, Threads: []int{1, 2}, Batches: []int{1, 3}, Runs: 3, Duration: 5 * time.Millisecond}
	rep, err := RunNetwork(context.Background(), nntest.Tiny(), cfg)
	require.NoError(t, err)
	// 2 sizes x 2 positions x (2 thread counts x 2 batches, and the reference).
	require.Len(t, rep.Measurements, 20)
	assert.Contains(t, rep.Model, "tiny-test-model")
	assert.Equal(t, nntest.Tiny().Parameters(), rep.Parameters)
	assert.NotEmpty(t, rep.Fast)
	assert.Equal(t, "*nn.Reference", rep.Reference)
	_, batchAPI := nntest.Tiny().NewEvaluator().(batchEvaluator)
	assert.Equal(t, batchAPI, rep.BatchAPI)
	for _, size := range []int{5, 9} {
		assert.Equal(t, nntest.Tiny().EvaluationFLOPs(size)/1e9, rep.GFLOP[size])
	}
	for i, m := range rep.Measurements {
		assert.Len(t, m.Runs, 3)
		assert.Greater(t, m.Median, 0.0, "%+v", m)
		assert.Contains(t, m.Runs, m.Median, "the median of an odd count is one of the runs")
		assert.InDelta(t, m.Median*rep.GFLOP[m.Size], m.GFLOPS, 1e-9)
		if _, ok := cputime.Process(); ok {
			require.Len(t, m.CPURuns, 3)
			assert.Equal(t, median(m.CPURuns), m.PerCPUSecond)
			assert.Greater(t, m.PerCPUSecond, 0.0)
		}
		assert.Equal(t, rep.BatchAPI && m.Evaluator == FastEvaluator && m.Batch > 1, m.Batched, "%+v", m)
		if i%5 == 4 {
			require.Equal(t, ReferenceEvaluator, m.Evaluator, "the reference closes each position's lines")
			assert.Equal(t, []int{1, 1}, []int{m.Threads, m.Batch})
			fast := rep.Measurements[i-4]
			require.Equal(t, []any{FastEvaluator, m.Position, m.Size, 1, 1}, []any{fast.Evaluator, fast.Position, fast.Size, fast.Threads, fast.Batch})
			assert.Equal(t, median(ratios(fast.Runs, m.Runs)), m.FastOverReference)
			assert.Greater(t, m.FastOverReference, 0.0)
		} else {
			assert.Equal(t, FastEvaluator, m.Evaluator)
			assert.Zero(t, m.FastOverReference)
		}
	}
	assert.Equal(t, []string{"empty", "midgame"}, []string{rep.Measurements[0].Position, rep.Measurements[5].Position})
	assert.Equal(t, []int{5, 9}, []int{rep.Measurements[0].Size, rep.Measurements[10].Size})

	var text bytes.Buffer
	require.NoError(t, WriteNetworkText(&text, rep))
	out := text.String()
	assert.Equal(t, 3+1+20+2, strings.Count(out, "\n"), "three lines of the network, a header, a line a measurement, two notes:\n%s", out)
	if rep.BatchAPI {
		assert.Contains(t, out, "one call of the fast evaluator's batch API")
	} else {
		assert.Contains(t, out, "N evaluations in a row by one goroutine")
	}
	assert.Contains(t, out, "5x5 ")
	assert.Contains(t, out, "fast/reference")

	var js bytes.Buffer
	require.NoError(t, json.NewEncoder(&js).Encode(rep))
	var back NetworkReport
	require.NoError(t, json.Unmarshal(js.Bytes(), &back))
	assert.Equal(t, *rep, back)
}

// fakeEvaluator counts its calls and the symmetries it is asked for.
type fakeEvaluator struct {
	calls, batches int
	syms           []int
}

func (f *fakeEvaluator) Evaluate(_ *nn.Input, s int, _ *nn.Output) {
	f.calls++
	f.syms = append(f.syms, s)
}

// fakeBatchEvaluator has a batch API besides.
type fakeBatchEvaluator struct{ fakeEvaluator }

func (f *fakeBatchEvaluator) EvaluateBatch(ins []*nn.Input, syms []int, outs []*nn.Output) {
	f.batches++
	if len(ins) == len(syms) && len(syms) == len(outs) {
		f.syms = append(f.syms, syms...)
	}
}

// A batch is one call of the batch API when the evaluator has one, else
// that many evaluations in a row; either way its positions are under the
// symmetries in turn.
func TestNetLineBatches(t *testing.T) {
	line := func(e nn.Evaluator, batch int) *netLine {
		l := &netLine{evals: []nn.Evaluator{e}, ins: [][]*nn.Input{nil}, syms: [][]int{nil}, outs: [][]*nn.Output{nil}}
		for k := range batch {
			l.syms[0] = append(l.syms[0], k%nn.NumSymmetries)
			l.ins[0] = append(l.ins[0], new(nn.Input))
			l.outs[0] = append(l.outs[0], new(nn.Output))
		}
		return l
	}
	plain := &fakeEvaluator{}
	l := line(plain, 10)
	l.evaluate(0)
	l.evaluate(0)
	assert.Equal(t, 20, plain.calls)
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3}, plain.syms)

	batched := &fakeBatchEvaluator{}
	l = line(batched, 3)
	l.evaluate(0)
	l.evaluate(0)
	l.evaluate(0)
	assert.Equal(t, []int{0, 3}, []int{batched.calls, batched.batches})
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 0}, batched.syms)

	single := &fakeBatchEvaluator{}
	l = line(single, 1)
	for range 9 {
		l.evaluate(0)
	}
	assert.Equal(t, []int{9, 0}, []int{single.calls, single.batches}, "a batch of one is an evaluation")
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 0}, single.syms, "batches of one under each symmetry in turn")
}

func TestRunNetworkRejectsBadConfig(t *testing.T) {
	m := nntest.Tiny()
	for _, cfg := range []NetworkConfig{
		{Sizes: []int{26}, Threads: []int{1}, Batches: []int{1}},
		{Sizes: []int{9}, Threads: []int{0}, Batches: []int{1}},
		{Sizes: []int{9}, Threads: []int{1}, Batches: []int{0}},
		{Sizes: []int{9}, Threads: nil, Batches: []int{1}},
	} {
		_, err := RunNetwork(context.Background(), m, cfg)
		assert.Error(t, err, "%+v", cfg)
	}
}

// The work of an evaluation of the shared 6-block network, counted by
// hand: per point, the 5x5 initial convolution (22 to 96 channels), four
// ordinary blocks of two 3x3 96-to-96 convolutions, two global-pooling
// blocks (3x3 96 to 64 and 32, then 64 to 96), and the heads' 1x1
// convolutions (96 to 32 three times, 32 to 1 twice); and once a board,
// the matrix products.
func TestEvaluationFLOPsOfTheSharedNetwork(t *testing.T) {
	m := nntest.Model(t)
	perPoint := 5*5*22*96 + 4*2*9*96*96 + 2*(9*96*64+9*96*32+9*64*96) + 3*96*32 + 2*32
	perBoard := 19*96 + 2*96*64 + 96*32 + 96 + 96*64 + 64*3 + 64*4
	for _, size := range []int{9, 19} {
		assert.Equal(t, float64(2*(perPoint*size*size+perBoard)), m.EvaluationFLOPs(size), "%dx%d", size, size)
	}
	assert.InDelta(t, 0.72, m.EvaluationFLOPs(19)/1e9, 0.005)
	assert.InDelta(t, 0.16, m.EvaluationFLOPs(9)/1e9, 0.005)
}

func TestParseVmRSS(t *testing.T) {
	status := "Name:\tyunzi\nVmPeak:\t  900000 kB\nVmRSS:\t   45312 kB\nRssAnon:\t 30000 kB\n"
	assert.Equal(t, int64(45312*1024), parseVmRSS(status))
	assert.Zero(t, parseVmRSS("Name:\tyunzi\n"), "no VmRSS line: unknown")
	assert.Zero(t, parseVmRSS("VmRSS:\t12 MB\n"), "another unit: unknown")
	assert.Zero(t, parseVmRSS("VmRSS:\tlots kB\n"))
	assert.Equal(t, "unknown", megabytes(0))
	assert.Equal(t, "46.4 MB", megabytes(45312*1024))
}

// evenNetwork is a search.Network that judges every position even, every
// empty point alike; it counts the evaluators it makes.
type evenNetwork struct{ evaluators *atomic.Int64 }

func (n evenNetwork) NewEvaluator(uint64) search.LeafEvaluator {
	n.evaluators.Add(1)
	return evenEvaluator{}
}

type evenEvaluator struct{}

func (evenEvaluator) Evaluate(g *rules.Game, out *search.NetOutput) {
	b := g.Board()
	out.Policy = make([]float32, int(rules.PointAt(b.Size()-1, b.Size()-1))+1)
	for _, p := range b.Empties() {
		out.Policy[p] = 1
	}
	out.PassPolicy, out.BlackWin, out.BlackScore, out.BlackLead = 1, 0.5, 0, 0
	out.Ownership = make([]float32, len(b.Points()))
}

// The search with a network is measured as the classic one, search and
// apart, by rounds; each search gets a network of its own.
func TestRunNetworkSearch(t *testing.T) {
	var networks, evaluators atomic.Int64
	newNetwork := func() search.Network {
		networks.Add(1)
		return evenNetwork{&evaluators}
	}
	cfg := DefaultConfig()
	cfg.Sizes, cfg.Threads, cfg.Runs, cfg.Duration = []int{5, 7}, []int{1, 2}, 3, 10*time.Millisecond
	ms, err := RunNetworkSearch(context.Background(), cfg, newNetwork)
	require.NoError(t, err)
	// 2 sizes x 2 positions x 2 kinds x 2 thread counts.
	require.Len(t, ms, 16)
	// A round of a position: the search with 1 thread, with 2 and its
	// base of 1, one search apart, then two.
	assert.Equal(t, int64(2*2*3*(1+2+1+2)), networks.Load())
	assert.Equal(t, int64(2*2*3*(1+2+1+1+2)), evaluators.Load(), "an evaluator a worker")
	for i := 0; i < len(ms); i += 4 {
		search1, search2, apart1, apart2 := ms[i], ms[i+1], ms[i+2], ms[i+3]
		assert.Equal(t, []string{"search", "search", "apart", "apart"}, []string{search1.Kind, search2.Kind, apart1.Kind, apart2.Kind})
		assert.Equal(t, []int{1, 2, 1, 2}, []int{search1.Threads, search2.Threads, apart1.Threads, apart2.Threads})
		for _, m := range ms[i : i+4] {
			assert.Len(t, m.Runs, 3)
			assert.Greater(t, m.Median, 0.0, "%+v", m)
			assert.Zero(t, m.BytesPerNode, "no tree memory with a network: its cache would count")
		}
		assert.NotEqual(t, search1.Runs, search2.Bases, "the search's base is a run of its own")
		assert.Equal(t, median(ratios(search2.Runs, search2.Bases)), search2.Speedup)
		assert.Equal(t, median(ratios(ratios(search2.Runs, search2.Bases), ratios(apart2.Runs, apart2.Bases))), search2.OfApart)
		assert.Greater(t, search2.OfApart, 0.0)
	}
	assert.Equal(t, []any{"empty", 5}, []any{ms[0].Position, ms[0].Size})
	assert.Equal(t, []any{"midgame", 7}, []any{ms[12].Position, ms[12].Size})

	_, err = RunNetworkSearch(context.Background(), cfg, nil)
	assert.ErrorContains(t, err, "no network")
	cfg.Threads = []int{0}
	_, err = RunNetworkSearch(context.Background(), cfg, newNetwork)
	assert.ErrorContains(t, err, "thread counts are 1 or more")
}

// With a network to search with, the report has the searches' table after
// the evaluations'; with SearchOnly, that table alone.
func TestRunNetworkWithSearches(t *testing.T) {
	var evaluators atomic.Int64
	cfg := NetworkConfig{Sizes: []int{5}, Threads: []int{1}, Batches: []int{1}, Runs: 1, Duration: 5 * time.Millisecond,
		NewNetwork: func() search.Network { return evenNetwork{&evaluators} }, Search: search.DefaultConfig()}
	rep, err := RunNetwork(context.Background(), nntest.Tiny(), cfg)
	require.NoError(t, err)
	assert.Len(t, rep.Measurements, 4, "2 positions, the fast evaluator and the reference")
	require.Len(t, rep.Searches, 4, "2 positions, the search and one apart")
	var text bytes.Buffer
	require.NoError(t, WriteNetworkText(&text, rep))
	evals, searches, ok := strings.Cut(text.String(), "\nthe search with the network")
	require.True(t, ok, text.String())
	assert.Contains(t, evals, "evals/s (median)")
	assert.Contains(t, searches, "visits/s (median)")
	assert.NotContains(t, searches, "playouts/s")
	assert.Equal(t, 2+4+1, strings.Count(searches, "\n"), "the title's line, a header, a line a measurement, a note:\n%s", searches)

	cfg.SearchOnly = true
	rep, err = RunNetwork(context.Background(), nntest.Tiny(), cfg)
	require.NoError(t, err)
	assert.Empty(t, rep.Measurements)
	assert.Len(t, rep.Searches, 4)
	text.Reset()
	require.NoError(t, WriteNetworkText(&text, rep))
	assert.NotContains(t, text.String(), "evals/s")
	assert.NotContains(t, text.String(), "GFLOP per evaluation")
	assert.Contains(t, text.String(), "visits/s (median)")

	cfg.NewNetwork = nil
	_, err = RunNetwork(context.Background(), nntest.Tiny(), cfg)
	assert.ErrorContains(t, err, "no network to search with")
}
