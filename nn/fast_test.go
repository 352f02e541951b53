package nn

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
	"github.com/yunzi-go/yunzi/rules"
)

// outputDiff is the largest difference between two evaluations of a
// position, per output, as the golden comparison measures them.
type outputDiff struct {
	policy, win, lead, ownership float64
}

func (d *outputDiff) max(o outputDiff) {
	d.policy = math.Max(d.policy, o.policy)
	d.win = math.Max(d.win, o.win)
	d.lead = math.Max(d.lead, o.lead)
	d.ownership = math.Max(d.ownership, o.ownership)
}

func (d outputDiff) String() string {
	return fmt.Sprintf("policy %.2g, win %.2g, lead %.2g, ownership %.2g", d.policy, d.win, d.lead, d.ownership)
}

func diffOutputs(a, b *Output) outputDiff {
	var d outputDiff
	d.policy, _ = maxDiff(a.Policy, b.Policy)
	d.policy = math.Max(d.policy, math.Abs(float64(a.PolicyPass-b.PolicyPass)))
	d.win = math.Max(math.Abs(float64(a.WhiteWin-b.WhiteWin)), math.Abs(float64(a.WhiteLoss-b.WhiteLoss)))
	d.win = math.Max(d.win, math.Abs(float64(a.NoResult-b.NoResult)))
	d.lead = math.Max(math.Abs(float64(a.WhiteLead-b.WhiteLead)), math.Abs(float64(a.WhiteScoreSelfplay-b.WhiteScoreSelfplay)))
	d.ownership, _ = maxDiff(a.WhiteOwnership, b.WhiteOwnership)
	return d
}

// within asserts that d is within the golden comparison's tolerances.
func (d outputDiff) within(t *testing.T, msg string) {
	t.Helper()
	assert.LessOrEqual(t, d.policy, tolPolicy, "%s: policy", msg)
	assert.LessOrEqual(t, d.win, tolWin, "%s: win", msg)
	assert.LessOrEqual(t, d.lead, tolLead, "%s: lead", msg)
	assert.LessOrEqual(t, d.ownership, tolOwnership, "%s: ownership", msg)
}

// rawDiff is the largest difference between two raw outputs relative to
// the magnitude of the first's values, array by array.
func rawDiff(a, b *RawOutput) float64 {
	d := 0.0
	for _, p := range [][2][]float32{
		{a.Policy, b.Policy}, {a.Ownership, b.Ownership},
		{a.Value[:], b.Value[:]}, {a.Score[:], b.Score[:]},
		{[]float32{a.Pass}, []float32{b.Pass}},
	} {
		x, _ := relDiff(p[0], p[1])
		d = math.Max(d, x)
	}
	return d
}

// tinyVariants are synthetic models of every shape the fast pass
// handles: ordinary and pooling blocks, batch norms without scale, 3x3
// and other kernels in the heads and the trunk, channel counts that are
// no multiple of the kernels' vectors.
func tinyVariants() map[string]tinySpec {
	specs := map[string]tinySpec{"default": defaultTiny()}
	s := defaultTiny()
	s.blocks, s.scaleless, s.policyKernel, s.ownershipKernel, s.seed = "gog", true, 3, 3, 9
	specs["gog-3x3-heads"] = s
	s = defaultTiny()
	s.blocks, s.trunk, s.mid, s.regular, s.gpool, s.p1, s.g1, s.v1, s.v2 = "ogg", 20, 24, 17, 9, 10, 11, 12, 13
	s.initialKernel, s.blockKernel, s.seed = 3, 5, 4
	specs["wide-5x5-blocks"] = s
	s = defaultTiny()
	s.blocks, s.initialKernel, s.blockKernel, s.seed = "go", 1, 1, 5
	specs["1x1"] = s
	return specs
}

// The fast pass computes what the reference pass does, on random inputs
// to synthetic models of various shapes, at every symmetry and on boards
// from 1x1 to 25x25, with the assembly kernels and the pure-Go ones.
func TestFastMatchesReferenceTiny(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		for name, spec := range tinyVariants() {
			m, err := Read(bytes.NewReader(tinyModel(spec)))
			require.NoError(t, err, name)
			ref, fast := NewReference(m), NewFast(m)
			worst := 0.0
			sizes, syms := []int{1, 2, 3, 5, 7, 9, 13, 19, 25}, []int{0, 1, 2, 3, 4, 5, 6, 7}
			if underRace {
				sizes, syms = []int{1, 2, 5, 9}, []int{0, 6}
			}
			for _, size := range sizes {
				in := randomInput(size, uint64(size))
				for _, s := range syms {
					var want, got RawOutput
					ref.Forward(in, s, &want)
					fast.Forward(in, s, &got)
					d := rawDiff(&want, &got)
					worst = math.Max(worst, d)
					assert.Less(t, d, 1e-4, "%s: size %d symmetry %d", name, size, s)
				}
			}
			t.Logf("%s: worst relative difference of the raw outputs %.2g", name, worst)
		}
	})
}

// The fast pass of the shared network matches the reference pass on
// random inputs of several board sizes, at every symmetry, within the
// golden comparison's tolerances (and in fact far closer). Under the race
// detector a few sizes and symmetries are checked.
func TestFastMatchesReference(t *testing.T) {
	m := testModel(t)
	sizes, syms := []int{2, 5, 7, 9, 13, 19, 25}, []int{0, 1, 2, 3, 4, 5, 6, 7}
	if underRace {
		sizes, syms = []int{5, 9}, []int{0, 5}
	}
	kernelPaths(t, func(t *testing.T) {
		ref, fast := NewReference(m), NewFast(m)
		var worst outputDiff
		worstRaw := 0.0
		for _, size := range sizes {
			in := randomInput(size, uint64(100+size))
			for _, s := range syms {
				if !useAsm && s%3 != 0 {
					continue // the pure-Go kernels are slow: fewer symmetries
				}
				var (
					rw, rg    RawOutput
					want, got Output
				)
				ref.Forward(in, s, &rw)
				fast.Forward(in, s, &rg)
				r := rawDiff(&rw, &rg)
				assert.Less(t, r, 1e-4, "size %d symmetry %d: raw outputs", size, s)
				worstRaw = math.Max(worstRaw, r)
				PostProcess(in, &rw, &want)
				PostProcess(in, &rg, &got)
				d := diffOutputs(&want, &got)
				d.within(t, fmt.Sprintf("size %d symmetry %d", size, s))
				worst.max(d)
			}
		}
		t.Logf("worst differences from the reference: %v; raw outputs, relative: %.2g", worst, worstRaw)
	})
}

// The fast pass matches KataGo's outputs on every golden position, and
// the reference pass's. The pure-Go kernels, and the race detector, check
// fewer positions.
func TestFastGoldenPositions(t *testing.T) {
	m := testModel(t)
	positions := nnfiles.Golden(t)
	require.Len(t, positions, 66)
	kernelPaths(t, func(t *testing.T) {
		ref, fast := NewReference(m), NewFast(m)
		var (
			in                Input
			f                 Featurizer
			got, want         Output
			fromRef, fromKata outputDiff
		)
		step := 1
		switch {
		case underRace && !useAsm:
			step = 33
		case underRace:
			step = 22
		case !useAsm:
			step = 5
		}
		for i := 0; i < len(positions); i += step {
			g := &positions[i]
			require.NoError(t, f.Fill(goldenGame(t, g), &in), g.ID)
			fast.Evaluate(&in, 0, &got)
			failures, _ := goldenReport(g, &got)
			for _, msg := range failures {
				t.Error(msg)
			}
			fromKata.max(diffGolden(g, &got))
			ref.Evaluate(&in, 0, &want)
			d := diffOutputs(&want, &got)
			d.within(t, g.ID)
			fromRef.max(d)
		}
		t.Logf("worst differences from KataGo: %v", fromKata)
		t.Logf("worst differences from the reference pass: %v", fromRef)
	})
}

// diffGolden is the difference between KataGo's outputs g and out.
func diffGolden(g *goldenPosition, out *Output) outputDiff {
	want := Output{
		Policy: make([]float32, len(g.Policy)), PolicyPass: float32(g.PolicyPass),
		WhiteWin: float32(g.Win), WhiteLoss: float32(g.Loss), NoResult: float32(g.NoResult),
		WhiteLead: float32(g.WhiteLead), WhiteScoreSelfplay: float32(g.WhiteScoreSelfplay),
		WhiteOwnership: make([]float32, len(g.WhiteOwnership)),
	}
	for i, v := range g.Policy {
		want.Policy[i] = float32(v)
	}
	for i, v := range g.WhiteOwnership {
		want.WhiteOwnership[i] = float32(v)
	}
	return diffOutputs(&want, out)
}

// A batch gives each position what evaluating it alone gives, whatever
// its place in the batch and its symmetry, and a batch of one equals
// Evaluate exactly.
func TestFastBatch(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		for name, spec := range tinyVariants() {
			m, err := Read(bytes.NewReader(tinyModel(spec)))
			require.NoError(t, err, name)
			sizes := []int{1, 5, 9, 19}
			if underRace {
				sizes = sizes[:3]
			}
			checkBatch(t, m, name, sizes, 5)
		}
	})
}

func TestFastBatchSharedModel(t *testing.T) {
	m := testModel(t)
	sizes := []int{9, 19}
	if underRace {
		sizes = []int{7}
	}
	checkBatch(t, m, "shared", sizes, 8)
}

func checkBatch(t *testing.T, m *Model, name string, sizes []int, batch int) {
	t.Helper()
	e := NewFast(m)
	for _, size := range sizes {
		ins := make([]*Input, batch)
		syms := make([]int, batch)
		outs := make([]*Output, batch)
		for i := range ins {
			ins[i] = randomInput(size, uint64(1000*size+i))
			syms[i] = (i * 3) % NumSymmetries
			outs[i] = &Output{}
		}
		e.EvaluateBatch(ins, syms, outs)
		var one Output
		worst := 0.0
		for i := range ins {
			e.Evaluate(ins[i], syms[i], &one)
			d := diffOutputs(&one, outs[i])
			// Scores relative to their size: those of random models are large.
			scale := math.Max(1, math.Max(math.Abs(float64(one.WhiteLead)), math.Abs(float64(one.WhiteScoreSelfplay))))
			worst = math.Max(worst, math.Max(math.Max(d.policy, d.win), math.Max(d.lead/scale, d.ownership)))
		}
		// The batch's products sum in the same order as single ones; only
		// the fused bias of a pooling block is applied differently.
		assert.Less(t, worst, 1e-5, "%s: size %d batch %d", name, size, batch)
		e.EvaluateBatch(ins[:1], syms[:1], outs[:1])
		e.Evaluate(ins[0], syms[0], &one)
		assert.Equal(t, one, *outs[0], "%s: size %d, a batch of one", name, size)
	}
}

// The fast pass rejects inputs that do not fit, as the reference does.
func TestFastPanics(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	e := NewFast(m)
	var out Output
	assert.Panics(t, func() { e.Evaluate(randomInput(5, 1), 8, &out) })
	short := randomInput(5, 1)
	short.Spatial = short.Spatial[:10]
	assert.Panics(t, func() { e.Evaluate(short, 0, &out) })
	assert.Panics(t, func() {
		e.EvaluateBatch([]*Input{randomInput(5, 1), randomInput(7, 1)}, []int{0, 0}, []*Output{{}, {}})
	})
	assert.Panics(t, func() { e.EvaluateBatch([]*Input{randomInput(5, 1)}, []int{0, 0}, []*Output{{}}) })
	e.EvaluateBatch(nil, nil, nil)
}

// After warming up at the largest size and batch, evaluating allocates
// nothing, one position or a batch, at any size up to those.
func TestFastDoesNotAllocate(t *testing.T) {
	if underRace {
		t.Skip("the race detector allocates")
	}
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	e := NewFast(m)
	ins := []*Input{randomInput(19, 1), randomInput(19, 2), randomInput(19, 3)}
	syms := []int{0, 3, 6}
	outs := []*Output{{}, {}, {}}
	e.EvaluateBatch(ins, syms, outs)
	allocs := testing.AllocsPerRun(10, func() { e.EvaluateBatch(ins, syms, outs) })
	assert.Zero(t, allocs)
	allocs = testing.AllocsPerRun(10, func() { e.Evaluate(ins[1], 5, outs[1]) })
	assert.Zero(t, allocs)
	small := randomInput(9, 4)
	var out Output
	e.Evaluate(small, 0, &out)
	allocs = testing.AllocsPerRun(10, func() { e.Evaluate(small, 2, &out) })
	assert.Zero(t, allocs)
}

// The weights are prepared once per model, whatever the number of
// evaluators, and the model's NewEvaluator is a Fast that batches.
func TestFastSharesWeights(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	a, b := NewFast(m), NewFast(m)
	assert.Same(t, a.net, b.net)
	ev := m.NewEvaluator()
	require.IsType(t, &Fast{}, ev)
	assert.Same(t, a.net, ev.(*Fast).net)
	assert.Implements(t, (*BatchEvaluator)(nil), ev)
	other, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	assert.NotSame(t, a.net, NewFast(other).net)
	// The models are still equal by their contents.
	assert.Equal(t, m, other)
}

// The prepared weights of a Model nobody holds any more are forgotten,
// while its evaluators go on working.
func TestFastForgetsFreedModels(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	e := NewFast(m)
	key := weak.Make(m)
	in := randomInput(5, 1)
	var want, got Output
	e.Evaluate(in, 0, &want)
	m = nil
	assert.Eventually(t, func() bool {
		runtime.GC()
		fastMu.Lock()
		defer fastMu.Unlock()
		_, ok := fastNets[key]
		return !ok
	}, 10*time.Second, 10*time.Millisecond)
	assert.Nil(t, key.Value())
	e.Evaluate(in, 0, &got)
	assert.Equal(t, want, got)
}

// Goroutines, each with its own Fast, share one model (prepared by
// whichever comes first) and get what one evaluator alone gets.
func TestFastConcurrent(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	const workers, rounds = 4, 10
	inputs := make([]*Input, rounds)
	for i := range inputs {
		inputs[i] = randomInput(7+i%3, uint64(i))
	}
	var wg sync.WaitGroup
	results := make([][]Output, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewFast(m)
			results[w] = make([]Output, rounds)
			for i, in := range inputs {
				e.Evaluate(in, i%NumSymmetries, &results[w][i])
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		assert.Equal(t, results[0], results[w], "worker %d", w)
	}
}

// BenchmarkFast measures the fast pass of the shared network on one
// thread: evaluations per second and the GFLOP/s they imply, on 19x19 and
// 9x9, one position at a time and in batches of 8 (different symmetries
// of a mid-game position, as a search's batch would hold different
// positions).
func BenchmarkFast(b *testing.B) {
	m := testModel(b)
	for _, size := range []int{19, 9} {
		for _, batch := range []int{1, 8} {
			b.Run(fmt.Sprintf("%dx%d/batch%d", size, size, batch), func(b *testing.B) {
				in := benchInput(b, size)
				e := NewFast(m)
				ins := make([]*Input, batch)
				syms := make([]int, batch)
				outs := make([]*Output, batch)
				for i := range ins {
					ins[i], syms[i], outs[i] = in, i%NumSymmetries, &Output{}
				}
				e.EvaluateBatch(ins, syms, outs)
				b.ReportAllocs()
				evals := 0
				for b.Loop() {
					if batch == 1 {
						e.Evaluate(in, evals%NumSymmetries, outs[0])
					} else {
						e.EvaluateBatch(ins, syms, outs)
					}
					evals += batch
				}
				rate := float64(evals) / b.Elapsed().Seconds()
				b.ReportMetric(rate, "evals/s")
				b.ReportMetric(rate*m.EvaluationFLOPs(size)/1e9, "GFLOP/s")
			})
		}
	}
}

// benchInput is the input of a mid-game position on a board of side size:
// the golden position of that size without handicap with the most moves,
// or the empty board.
func benchInput(b testing.TB, size int) *Input {
	var best *goldenPosition
	positions := nnfiles.Golden(b)
	for i := range positions {
		g := &positions[i]
		if g.Size == size && len(g.Handicap) == 0 && (best == nil || len(g.Moves) > len(best.Moves)) {
			best = g
		}
	}
	if best == nil {
		return emptyBoardInput(size, rules.Black, 7.5)
	}
	opts := rules.DefaultOptions()
	opts.Komi = best.Komi
	game, err := rules.NewGame(size, opts)
	require.NoError(b, err)
	for _, mv := range best.Moves {
		c, err := rules.ParseColor(mv[0])
		require.NoError(b, err)
		p, err := rules.ParsePoint(mv[1])
		require.NoError(b, err)
		require.NoError(b, game.Play(rules.Move{Color: c, Point: p}))
	}
	in := &Input{}
	var f Featurizer
	require.NoError(b, f.Fill(game, in))
	return in
}

// residentKB is the process's resident memory (VmRSS) in kB, or 0 where
// /proc/self/status does not tell.
func residentKB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 {
				kb, _ := strconv.Atoi(f[0])
				return kb
			}
		}
	}
	return 0
}

// BenchmarkFastMemory reports the process's resident memory with a
// freshly loaded copy of the shared network, then with its weights
// prepared and one evaluator warmed up on 19x19, then with a second
// evaluator (the prepared weights exist once: a second evaluator adds
// only its scratch space); the loop evaluates with both. Run alone
// (-bench 'FastMemory'), the first figure is the process's memory with
// the network loaded.
func BenchmarkFastMemory(b *testing.B) {
	in := benchInput(b, 19)
	m, err := Load(nnfiles.ModelPath(b))
	require.NoError(b, err)
	runtime.GC()
	debug.FreeOSMemory()
	loaded := residentKB()
	var out Output
	e1 := NewFast(m)
	e1.Evaluate(in, 0, &out)
	debug.FreeOSMemory()
	prepared := residentKB()
	e2 := NewFast(m)
	e2.Evaluate(in, 0, &out)
	debug.FreeOSMemory()
	second := residentKB()
	for b.Loop() {
		e1.Evaluate(in, 1, &out)
		e2.Evaluate(in, 2, &out)
	}
	b.ReportMetric(float64(loaded)/1024, "MB-loaded")
	b.ReportMetric(float64(prepared)/1024, "MB-prepared")
	b.ReportMetric(float64(second)/1024, "MB-two-evaluators")
}
