package nn

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
	"github.com/yunzi-go/yunzi/rules"
)

// goldenPosition is one line of golden.jsonl: KataGo's kata-raw-nn 0 for
// the shared network.
type goldenPosition = nnfiles.Position

// The tolerances of the golden comparison: how far our outputs may be
// from KataGo's printed ones and still count as the same network.
const (
	tolPolicy    = 0.002
	tolWin       = 0.002
	tolLead      = 0.05
	tolOwnership = 0.005
)

// goldenReport compares out with KataGo's g and returns the failures, one
// a line, with the worst point of each array; worst says the largest
// differences in any case.
func goldenReport(g *goldenPosition, out *Output) (failures []string, worst string) {
	size := g.Size
	point := func(i int) string {
		if i == size*size {
			return "pass"
		}
		return PointOf(i, size).String()
	}
	policy, policyAt := 0.0, 0
	for i := 0; i <= size*size; i++ {
		want, got := g.PolicyPass, float64(out.PolicyPass)
		if i < size*size {
			want, got = g.Policy[i], float64(out.Policy[i])
		}
		if d := math.Abs(want - got); d > policy {
			policy, policyAt = d, i
		}
	}
	own, ownAt := 0.0, 0
	for i := 0; i < size*size; i++ {
		if d := math.Abs(g.WhiteOwnership[i] - float64(out.WhiteOwnership[i])); d > own {
			own, ownAt = d, i
		}
	}
	win := math.Abs(g.Win - float64(out.WhiteWin))
	loss := math.Abs(g.Loss - float64(out.WhiteLoss))
	noResult := math.Abs(g.NoResult - float64(out.NoResult))
	lead := math.Abs(g.WhiteLead - float64(out.WhiteLead))
	selfplay := math.Abs(g.WhiteScoreSelfplay - float64(out.WhiteScoreSelfplay))
	check := func(name string, d, tol float64, format string, args ...any) {
		if d > tol {
			failures = append(failures, fmt.Sprintf("%s: %s differs by %.6f (tolerance %g): %s",
				g.ID, name, d, tol, fmt.Sprintf(format, args...)))
		}
	}
	policyWant := g.PolicyPass
	if policyAt < size*size {
		policyWant = g.Policy[policyAt]
	}
	check("policy", policy, tolPolicy, "worst at %s, KataGo %.6f", point(policyAt), policyWant)
	check("win", win, tolWin, "KataGo %.6f, ours %.6f", g.Win, out.WhiteWin)
	check("loss", loss, tolWin, "KataGo %.6f, ours %.6f", g.Loss, out.WhiteLoss)
	check("no result", noResult, tolWin, "KataGo %.6f, ours %.6f", g.NoResult, out.NoResult)
	check("lead", lead, tolLead, "KataGo %.3f, ours %.3f", g.WhiteLead, out.WhiteLead)
	check("self-play score", selfplay, tolLead, "KataGo %.3f, ours %.3f", g.WhiteScoreSelfplay, out.WhiteScoreSelfplay)
	check("ownership", own, tolOwnership, "worst at %s, KataGo %.6f", point(ownAt), g.WhiteOwnership[ownAt])
	worst = fmt.Sprintf("%-16s policy %.6f (%s)  win %.6f  lead %.4f  selfplay %.4f  ownership %.6f (%s)",
		g.ID, policy, point(policyAt), win, lead, selfplay, own, point(ownAt))
	return failures, worst
}

// emptyBoardInput builds by hand the input KataGo gives the network for an
// empty board under the golden positions' rules (Chinese, positional
// superko, suicide forbidden, komi 7.5; cpp/neuralnet/nninputs.cpp,
// fillRowV7): only the on-board plane among the planes, and the global
// values for komi, the ko rule and komi's parity.
//
// The golden positions with White to move follow a pass by Black, yet
// KataGo's input for them shows neither that pass (global 0) nor that a
// pass would end the game (global 14): with either set the outputs differ
// from KataGo's by several hundredths, with neither they agree to 1e-6.
func emptyBoardInput(size int, toMove rules.Color, komi float32) *Input {
	area := size * size
	in := &Input{Size: size, Spatial: make([]float32, NumSpatialFeatures*area), Legal: make([]bool, area+1), ToMove: toMove}
	for i := 0; i < area; i++ {
		in.Spatial[i] = 1
	}
	for i := range in.Legal {
		in.Legal[i] = true
	}
	selfKomi := komi
	if toMove == rules.Black {
		selfKomi = -komi
	}
	in.Global[5] = selfKomi / 20
	in.Global[6] = 1   // a superko rule...
	in.Global[7] = 0.5 // ...positional
	// Komi's parity: a triangle wave of the distance from the komi below
	// it at which a draw is possible (even komi on even areas, odd on odd).
	var floor float32
	if area%2 == 0 {
		floor = float32(math.Floor(float64(selfKomi)/2)) * 2
	} else {
		floor = float32(math.Floor(float64(selfKomi-1)/2))*2 + 1
	}
	delta := min(max(selfKomi-floor, 0), 2)
	switch {
	case delta < 0.5:
		in.Global[18] = delta
	case delta < 1.5:
		in.Global[18] = 1 - delta
	default:
		in.Global[18] = delta - 2
	}
	return in
}

// The key correctness test: the reference forward pass matches KataGo's
// own outputs on the empty boards, whose inputs are known without the
// feature code.
func TestReferenceGoldenEmptyBoards(t *testing.T) {
	m := testModel(t)
	e := NewReference(m)
	var out Output
	n := 0
	for _, g := range nnfiles.Golden(t) {
		if !strings.HasPrefix(g.ID, "empty-") {
			continue
		}
		require.Empty(t, g.Handicap, g.ID)
		blackPassed := len(g.Moves) == 1 && g.Moves[0] == [2]string{"B", "pass"}
		require.True(t, len(g.Moves) == 0 || blackPassed, g.ID)
		toMove := rules.Black
		if g.ToMove == "W" {
			toMove = rules.White
		}
		in := emptyBoardInput(g.Size, toMove, float32(g.Komi))
		e.Evaluate(in, 0, &out)
		failures, worst := goldenReport(&g, &out)
		t.Log(worst)
		for _, f := range failures {
			t.Error(f)
		}
		n++
	}
	assert.Equal(t, 6, n, "empty-board positions in golden.jsonl")
}

// Evaluating under symmetry s is evaluating the transformed board under
// symmetry 0 and moving the outputs back (on a random, asymmetric input
// to a small synthetic model).
func TestReferenceSymmetryEquivariance(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	e := NewReference(m)
	const n = 6
	in := randomInput(n, 5)
	var want, got RawOutput
	for s := 0; s < NumSymmetries; s++ {
		moved := *in
		moved.Spatial = make([]float32, len(in.Spatial))
		ApplySymmetry(moved.Spatial, in.Spatial, NumSpatialFeatures, n, s)
		e.Forward(&moved, 0, &want)
		policy := make([]float32, n*n)
		owner := make([]float32, n*n)
		UndoSymmetry(policy, want.Policy, 1, n, s)
		UndoSymmetry(owner, want.Ownership, 1, n, s)

		e.Forward(in, s, &got)
		d, _ := maxDiff(policy, got.Policy)
		assert.Less(t, d, 1e-4, "symmetry %d policy", s)
		d, _ = maxDiff(owner, got.Ownership)
		assert.Less(t, d, 1e-4, "symmetry %d ownership", s)
		assert.InDelta(t, want.Pass, got.Pass, 1e-4)
		for i := range want.Value {
			assert.InDelta(t, want.Value[i], got.Value[i], 1e-4)
		}
	}
}

// The forward pass matches a direct, independent computation of a small
// synthetic model: every layer written out naively in float64.
func TestReferenceMatchesNaive(t *testing.T) {
	for _, s := range []tinySpec{defaultTiny(), func() tinySpec {
		s := defaultTiny()
		s.blocks, s.scaleless, s.policyKernel, s.ownershipKernel, s.seed = "gog", true, 3, 3, 9
		return s
	}()} {
		m, err := Read(bytes.NewReader(tinyModel(s)))
		require.NoError(t, err)
		for _, n := range []int{1, 2, 5} {
			in := randomInput(n, uint64(n))
			var got RawOutput
			NewReference(m).Forward(in, 0, &got)
			want := naiveForward(m, in)
			d, at := relDiff(want.Policy, got.Policy)
			assert.Less(t, d, 1e-5, "size %d policy at %d", n, at)
			d, at = relDiff(want.Ownership, got.Ownership)
			assert.Less(t, d, 1e-5, "size %d ownership at %d", n, at)
			d, _ = relDiff(want.Value[:], got.Value[:])
			assert.Less(t, d, 1e-5, "size %d value", n)
			d, _ = relDiff(want.Score[:], got.Score[:])
			assert.Less(t, d, 1e-5, "size %d score", n)
			d, _ = relDiff([]float32{want.Pass}, []float32{got.Pass})
			assert.Less(t, d, 1e-5, "size %d pass", n)
		}
	}
}

// relDiff returns the largest difference between a and b relative to the
// magnitude of a's values, and where it is.
func relDiff(a, b []float32) (float64, int) {
	scale := 1.0
	for _, x := range a {
		scale = math.Max(scale, math.Abs(float64(x)))
	}
	d, at := maxDiff(a, b)
	return d / scale, at
}

// naiveForward computes a model's raw outputs with tensors indexed
// [channel][y][x] in float64, straight from the layer definitions.
func naiveForward(m *Model, in *Input) RawOutput {
	n := in.Size
	type tensor [][][]float64
	newT := func(c int) tensor {
		t := make(tensor, c)
		for i := range t {
			t[i] = make([][]float64, n)
			for y := range t[i] {
				t[i][y] = make([]float64, n)
			}
		}
		return t
	}
	conv := func(c *Conv, x tensor) tensor {
		out := newT(c.Out)
		for oc := 0; oc < c.Out; oc++ {
			for y := 0; y < n; y++ {
				for xx := 0; xx < n; xx++ {
					var s float64
					for ky := 0; ky < c.KY; ky++ {
						for kx := 0; kx < c.KX; kx++ {
							sy, sx := y+ky-c.KY/2, xx+kx-c.KX/2
							if sy < 0 || sx < 0 || sy >= n || sx >= n {
								continue
							}
							for ic := 0; ic < c.In; ic++ {
								s += x[ic][sy][sx] * float64(c.Weights[((ky*c.KX+kx)*c.In+ic)*c.Out+oc])
							}
						}
					}
					out[oc][y][xx] = s
				}
			}
		}
		return out
	}
	bnRelu := func(b *BatchNorm, x tensor) tensor {
		out := newT(len(x))
		for c := range x {
			for y := range x[c] {
				for xx := range x[c][y] {
					out[c][y][xx] = math.Max(0, x[c][y][xx]*float64(b.Scale[c])+float64(b.Bias[c]))
				}
			}
		}
		return out
	}
	mul := func(w *MatMul, v []float64) []float64 {
		out := make([]float64, w.Out)
		for o := range out {
			for i := range v {
				out[o] += v[i] * float64(w.Weights[i*w.Out+o])
			}
		}
		return out
	}
	addBias := func(x tensor, b []float64) {
		for c := range x {
			for y := range x[c] {
				for xx := range x[c][y] {
					x[c][y][xx] += b[c]
				}
			}
		}
	}
	area := float64(n * n)
	k := (math.Sqrt(area) - 14) / 10
	pool := func(x tensor, value bool) []float64 {
		c := len(x)
		out := make([]float64, 3*c)
		for i := range x {
			sum, mx := 0.0, math.Inf(-1)
			for y := range x[i] {
				for _, v := range x[i][y] {
					sum += v
					mx = math.Max(mx, v)
				}
			}
			mean := sum / area
			out[i], out[c+i] = mean, mean*k
			if value {
				out[2*c+i] = mean * (k*k - 0.1)
			} else {
				out[2*c+i] = mx
			}
		}
		return out
	}
	x := newT(m.SpatialInputs)
	for c := range x {
		for i := 0; i < n*n; i++ {
			x[c][i/n][i%n] = float64(in.Spatial[c*n*n+i])
		}
	}
	global := make([]float64, m.GlobalInputs)
	for i := range global {
		global[i] = float64(in.Global[i])
	}
	trunk := conv(&m.InitialConv, x)
	addBias(trunk, mul(&m.InitialMatMul, global))
	for i := range m.Blocks {
		b := &m.Blocks[i]
		a := bnRelu(&b.PreBN, trunk)
		r := conv(&b.RegularConv, a)
		if b.Kind == GlobalPoolingBlock {
			g := bnRelu(&b.GpoolBN, conv(&b.GpoolConv, a))
			addBias(r, mul(&b.GpoolToBias, pool(g, false)))
		}
		f := conv(&b.FinalConv, bnRelu(&b.MidBN, r))
		for c := range trunk {
			for y := range trunk[c] {
				for xx := range trunk[c][y] {
					trunk[c][y][xx] += f[c][y][xx]
				}
			}
		}
	}
	a := bnRelu(&m.TrunkTip, trunk)
	ph := &m.Policy
	p1 := conv(&ph.P1Conv, a)
	g1 := bnRelu(&ph.G1BN, conv(&ph.G1Conv, a))
	pooled := pool(g1, false)
	addBias(p1, mul(&ph.GpoolToBias, pooled))
	p2 := conv(&ph.P2Conv, bnRelu(&ph.P1BN, p1))
	vh := &m.Value
	v1 := bnRelu(&vh.V1BN, conv(&vh.V1Conv, a))
	v2 := mul(&vh.V2Mul, pool(v1, true))
	for i := range v2 {
		v2[i] = math.Max(0, v2[i]+float64(vh.V2Bias.Bias[i]))
	}
	v3 := mul(&vh.V3Mul, v2)
	sv3 := mul(&vh.SV3Mul, v2)
	own := conv(&vh.OwnershipConv, v1)

	var raw RawOutput
	raw.Policy = make([]float32, n*n)
	raw.Ownership = make([]float32, n*n)
	for i := 0; i < n*n; i++ {
		raw.Policy[i] = float32(p2[0][i/n][i%n])
		raw.Ownership[i] = float32(own[0][i/n][i%n])
	}
	raw.Pass = float32(mul(&ph.GpoolToPass, pooled)[0])
	for i := range raw.Value {
		raw.Value[i] = float32(v3[i] + float64(vh.V3Bias.Bias[i]))
	}
	for i := range raw.Score {
		raw.Score[i] = float32(sv3[i] + float64(vh.SV3Bias.Bias[i]))
	}
	return raw
}

// After the first evaluation, evaluating allocates nothing.
func TestReferenceDoesNotAllocate(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	e := NewReference(m)
	in := randomInput(9, 1)
	var out Output
	e.Evaluate(in, 3, &out)
	allocs := testing.AllocsPerRun(20, func() { e.Evaluate(in, 5, &out) })
	assert.Zero(t, allocs)
	// A smaller board reuses the buffers too.
	small := randomInput(5, 2)
	e.Evaluate(small, 0, &out)
	allocs = testing.AllocsPerRun(20, func() { e.Evaluate(small, 1, &out) })
	assert.Zero(t, allocs)
}

// Several goroutines, each with its own Reference, share one Model and get
// the same results as one alone.
func TestReferenceConcurrent(t *testing.T) {
	m, err := Read(bytes.NewReader(tinyModel(defaultTiny())))
	require.NoError(t, err)
	const workers, rounds = 4, 10
	inputs := make([]*Input, rounds)
	want := make([]Output, rounds)
	for i := range inputs {
		inputs[i] = randomInput(7+i%3, uint64(i))
		NewReference(m).Evaluate(inputs[i], i%NumSymmetries, &want[i])
	}
	var wg sync.WaitGroup
	errs := make(chan string, workers*rounds)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := NewReference(m)
			var out Output
			for i := range inputs {
				e.Evaluate(inputs[i], i%NumSymmetries, &out)
				if d, _ := maxDiff(want[i].Policy, out.Policy); d != 0 || out.WhiteWin != want[i].WhiteWin {
					errs <- fmt.Sprintf("worker %d input %d differs", w, i)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// Post-processing: a softmax over the legal moves only, the outcome from
// White's view, no result impossible under superko with area scoring.
func TestPostProcess(t *testing.T) {
	in := &Input{Size: 2, Legal: []bool{true, false, true, true, true}, ToMove: rules.Black}
	in.Global[globalSuperko] = 1
	raw := &RawOutput{
		Policy:    []float32{1, 5, 1, 0},
		Pass:      -1,
		Value:     [3]float32{2, 0, 1},
		Score:     [4]float32{0.1, 0, -0.2, 0},
		Ownership: []float32{0, 1, -2, 0.5},
	}
	var out Output
	PostProcess(in, raw, &out)
	e, e0, em := math.E, 1.0, math.Exp(-1)
	sum := e + e + e0 + em
	assert.InDelta(t, e/sum, out.Policy[0], 1e-6)
	assert.Equal(t, float32(-1), out.Policy[1])
	assert.InDelta(t, e0/sum, out.Policy[3], 1e-6)
	assert.InDelta(t, em/sum, out.PolicyPass, 1e-6)
	// Black to move wins with e^2/(e^2+1): White's win is the rest.
	pWin := math.Exp(2) / (math.Exp(2) + 1)
	assert.InDelta(t, 1-pWin, out.WhiteWin, 1e-6)
	assert.InDelta(t, pWin, out.WhiteLoss, 1e-6)
	assert.Zero(t, out.NoResult)
	assert.InDelta(t, -0.1*20, out.WhiteScoreSelfplay, 1e-5)
	assert.InDelta(t, 0.2*20, out.WhiteLead, 1e-5)
	stdev := math.Log(2) * 20
	assert.InDelta(t, 4+stdev*stdev, out.WhiteScoreSelfplaySq, 1e-3)
	assert.InDelta(t, -math.Tanh(1), out.WhiteOwnership[1], 1e-6)
	assert.InDelta(t, math.Tanh(2), out.WhiteOwnership[2], 1e-6)

	// Simple ko: no result is possible, and the scores are scaled by the
	// chance of a result.
	in.Global[globalSuperko] = 0
	in.ToMove = rules.White
	PostProcess(in, raw, &out)
	z := math.Exp(2) + 1 + math.E
	assert.InDelta(t, math.Exp(2)/z, out.WhiteWin, 1e-6)
	assert.InDelta(t, math.E/z, out.NoResult, 1e-6)
	assert.InDelta(t, -0.2*20*(1-math.E/z), out.WhiteLead, 1e-5)
}

func BenchmarkReference(b *testing.B) {
	m := testModel(b)
	for _, size := range []int{19, 9} {
		b.Run(fmt.Sprintf("%dx%d", size, size), func(b *testing.B) {
			e := NewReference(m)
			in := emptyBoardInput(size, rules.Black, 7.5)
			var out Output
			e.Evaluate(in, 0, &out)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				e.Evaluate(in, i%NumSymmetries, &out)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
		})
	}
}
