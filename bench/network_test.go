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

	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
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
