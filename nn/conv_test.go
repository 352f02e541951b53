package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naiveConv is the k×k convolution of the HWC image in (h×w×inC) with
// weights in the model's order, zero padded, activated first by pre and
// post-processed by ep, in float64 with plain loops.
func naiveConv(in []float32, h, w, inC int, weights []float32, outC, k int, pre, ep *Epilogue) []float64 {
	act := make([]float64, len(in))
	for i, v := range in {
		x := float64(v)
		if pre != nil {
			c := i % inC
			if pre.Scale != nil {
				x *= float64(pre.Scale[c])
			}
			if pre.Bias != nil {
				x += float64(pre.Bias[c])
			}
			if pre.ReLU {
				x = math.Max(x, 0)
			}
		}
		act[i] = x
	}
	out := make([]float64, h*w*outC)
	r := k / 2
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for oc := 0; oc < outC; oc++ {
				var s float64
				for ky := 0; ky < k; ky++ {
					for kx := 0; kx < k; kx++ {
						yy, xx := y+ky-r, x+kx-r
						if yy < 0 || yy >= h || xx < 0 || xx >= w {
							continue
						}
						for ic := 0; ic < inC; ic++ {
							s += act[(yy*w+xx)*inC+ic] * float64(weights[((ky*k+kx)*inC+ic)*outC+oc])
						}
					}
				}
				i := (y*w+x)*outC + oc
				if ep != nil {
					if ep.Scale != nil {
						s *= float64(ep.Scale[oc])
					}
					if ep.Bias != nil {
						s += float64(ep.Bias[oc])
					}
					if ep.Residual != nil {
						s += float64(ep.Residual[i])
					}
					if ep.ReLU {
						s = math.Max(s, 0)
					}
				}
				out[i] = s
			}
		}
	}
	return out
}

// randEpilogue draws an epilogue of one of 16 kinds for n channels and
// outputs of size size.
func randEpilogue(r *rand.Rand, kind, n, size int) *Epilogue {
	if kind == 0 {
		return nil
	}
	ep := &Epilogue{ReLU: kind&8 != 0}
	if kind&1 != 0 {
		ep.Scale = randSlice(r, n, 1)
	}
	if kind&2 != 0 {
		ep.Bias = randSlice(r, n, 1)
	}
	if kind&4 != 0 && size > 0 {
		ep.Residual = randSlice(r, size, 1)
	}
	return ep
}

// convCase is one random convolution: a ResNet's magnitudes, inputs
// N(0,1) and weights N(0, 0.05).
type convCase struct {
	h, w, inC, outC, k int
	in, weights        []float32
	pre, ep            *Epilogue
}

func newConvCase(r *rand.Rand, h, w, inC, outC, k int) *convCase {
	c := &convCase{h: h, w: w, inC: inC, outC: outC, k: k,
		in: randSlice(r, h*w*inC, 1), weights: randSlice(r, k*k*inC*outC, 0.05)}
	c.pre = randEpilogue(r, r.IntN(16)&^4, inC, 0)
	c.ep = randEpilogue(r, r.IntN(16), outC, h*w*outC)
	return c
}

// check compares out with the naive convolution: the error must stay
// within 1e-4 of the outputs' scale (their RMS, at least 1).
func (c *convCase) check(t *testing.T, out []float32) float64 {
	t.Helper()
	want := naiveConv(c.in, c.h, c.w, c.inC, c.weights, c.outC, c.k, c.pre, c.ep)
	var ss float64
	for _, v := range want {
		ss += v * v
	}
	scale := math.Max(1, math.Sqrt(ss/float64(len(want))))
	worst := 0.0
	for i, v := range want {
		d := math.Abs(float64(out[i])-v) / scale
		if d > worst {
			worst = d
		}
		require.LessOrEqual(t, d, 1e-4, "%dx%d %d->%d k=%d: point %d channel %d: got %v want %v",
			c.h, c.w, c.inC, c.outC, c.k, i/c.outC, i%c.outC, out[i], v)
	}
	return worst
}

var convShapes = []struct{ h, w, inC, outC int }{
	{1, 1, 1, 1}, {1, 1, 5, 3}, {2, 3, 3, 17}, {3, 3, 8, 8}, {4, 4, 9, 16},
	{5, 5, 13, 7}, {6, 7, 16, 33}, {7, 7, 24, 24}, {8, 8, 1, 40}, {9, 9, 96, 96},
	{10, 13, 17, 15}, {11, 11, 33, 48}, {13, 13, 40, 41}, {17, 2, 7, 9},
	{19, 19, 96, 96}, {19, 19, 22, 3}, {21, 23, 130, 129}, {25, 25, 64, 130},
}

func TestConv3x3(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		ws := &ConvWorkspace{}
		worst := 0.0
		for _, s := range convShapes {
			c := newConvCase(r, s.h, s.w, s.inC, s.outC, 3)
			out := make([]float32, s.h*s.w*s.outC)
			PrepareConv3x3(c.weights, s.inC, s.outC).Apply(ws, c.in, s.h, s.w, c.pre, out, c.ep)
			worst = math.Max(worst, c.check(t, out))
		}
		t.Logf("worst error relative to the outputs' RMS: %.2g", worst)
	})
}

func TestConvDirect(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(9, 10))
		ws := &ConvWorkspace{}
		for _, k := range []int{1, 3, 5} {
			for _, s := range convShapes {
				if s.h*s.w*s.inC*s.outC*k*k > 30_000_000 {
					continue
				}
				c := newConvCase(r, s.h, s.w, s.inC, s.outC, k)
				out := make([]float32, s.h*s.w*s.outC)
				PrepareConv(c.weights, s.inC, s.outC, k).Apply(ws, c.in, s.h, s.w, c.pre, out, c.ep)
				c.check(t, out)
			}
		}
	})
}

func TestMatMul(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(11, 12))
		ws := &ConvWorkspace{}
		for _, s := range []struct{ rows, in, out int }{{1, 1, 1}, {1, 288, 96}, {1, 96, 3}, {3, 50, 17}} {
			c := newConvCase(r, s.rows, 1, s.in, s.out, 1)
			out := make([]float32, s.rows*s.out)
			PrepareMatMul(c.weights, s.in, s.out).Apply(ws, c.in, s.rows, 1, c.pre, out, c.ep)
			c.check(t, out)
		}
	})
}

// TestConvWorkspaceReuse runs convolutions of decreasing then increasing
// sizes on one workspace: stale data from a larger image must not leak
// into the padding of a smaller one.
func TestConvWorkspaceReuse(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(13, 14))
		ws := &ConvWorkspace{}
		for _, n := range []int{19, 7, 13, 2, 19} {
			for _, k := range []int{3, 5} {
				c := newConvCase(r, n, n, 12, 16, k)
				out := make([]float32, n*n*16)
				if k == 3 {
					PrepareConv3x3(c.weights, 12, 16).Apply(ws, c.in, n, n, c.pre, out, c.ep)
				} else {
					PrepareConv(c.weights, 12, 16, k).Apply(ws, c.in, n, n, c.pre, out, c.ep)
				}
				c.check(t, out)
			}
		}
	})
}

func TestConvBatch(t *testing.T) {
	saved := winoChunkBytes
	defer func() { winoChunkBytes = saved }()
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(19, 20))
		ws := &ConvWorkspace{}
		for i, s := range []struct{ h, w, inC, outC, k int }{
			{9, 9, 16, 24, 3}, {5, 7, 13, 9, 3}, {7, 7, 11, 17, 5}, {6, 5, 12, 7, 1}, {9, 9, 16, 24, 3}, {5, 7, 13, 9, 3},
		} {
			// The last cases take their tiles one row at a time.
			winoChunkBytes = saved
			if i >= 4 {
				winoChunkBytes = 1
			}
			const n = 3
			isz, osz := s.h*s.w*s.inC, s.h*s.w*s.outC
			cases := make([]*convCase, n)
			in, res := make([]float32, 0, n*isz), make([]float32, 0, n*osz)
			for i := range cases {
				cases[i] = newConvCase(r, s.h, s.w, s.inC, s.outC, s.k)
				in = append(in, cases[i].in...)
				res = append(res, randSlice(r, osz, 1)...)
			}
			pre := &Epilogue{Scale: randSlice(r, s.inC, 1), Bias: randSlice(r, s.inC, 1), ReLU: true}
			ep := &Epilogue{Bias: randSlice(r, s.outC, 1), Residual: res, ReLU: true}
			weights := cases[0].weights
			out := make([]float32, n*osz)
			if s.k == 3 {
				PrepareConv3x3(weights, s.inC, s.outC).ApplyBatch(ws, in, n, s.h, s.w, pre, out, ep)
			} else {
				PrepareConv(weights, s.inC, s.outC, s.k).ApplyBatch(ws, in, n, s.h, s.w, pre, out, ep)
			}
			for i, c := range cases {
				c.weights, c.pre = weights, pre
				c.ep = &Epilogue{Bias: ep.Bias, Residual: res[i*osz : (i+1)*osz], ReLU: true}
				c.check(t, out[i*osz:(i+1)*osz])
			}
		}
	})
}

func FuzzConv3x3(f *testing.F) {
	f.Add(uint8(19), uint8(19), uint8(96), uint8(96), uint64(1))
	f.Add(uint8(1), uint8(7), uint8(1), uint8(9), uint64(2))
	f.Add(uint8(13), uint8(6), uint8(17), uint8(31), uint64(3))
	f.Fuzz(func(t *testing.T, h, w, inC, outC uint8, seed uint64) {
		r := rand.New(rand.NewPCG(seed, 6))
		hh, ww := int(h)%25+1, int(w)%25+1
		ic, oc := int(inC)%130+1, int(outC)%130+1
		if hh*ww*ic*oc > 2_000_000 {
			return
		}
		c := newConvCase(r, hh, ww, ic, oc, 3)
		saved := useAsm
		defer func() { useAsm = saved }()
		for _, asm := range []bool{false, true} {
			if asm && !haveAsm {
				continue
			}
			useAsm = asm
			out := make([]float32, hh*ww*oc)
			PrepareConv3x3(c.weights, ic, oc).Apply(&ConvWorkspace{}, c.in, hh, ww, c.pre, out, c.ep)
			c.check(t, out)
		}
	})
}

// TestConvInPlace checks the aliasing that Apply allows: out may be in
// (for K > 1) and ep.Residual.
func TestConvInPlace(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		ws := &ConvWorkspace{}
		for _, k := range []int{3, 5} {
			c := newConvCase(r, 11, 9, 20, 20, k)
			c.ep = &Epilogue{Bias: randSlice(r, 20, 1), Residual: c.in, ReLU: true}
			x := append([]float32(nil), c.in...)
			want := naiveConv(c.in, 11, 9, 20, c.weights, 20, k, c.pre, c.ep)
			ep := &Epilogue{Bias: c.ep.Bias, Residual: x, ReLU: true}
			if k == 3 {
				PrepareConv3x3(c.weights, 20, 20).Apply(ws, x, 11, 9, c.pre, x, ep)
			} else {
				PrepareConv(c.weights, 20, 20, k).Apply(ws, x, 11, 9, c.pre, x, ep)
			}
			for i, v := range want {
				require.InDelta(t, v, float64(x[i]), 1e-4*math.Max(1, math.Abs(v)), "k=%d at %d", k, i)
			}
		}
	})
}

func TestChannelPool(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		for _, s := range []struct{ n, c int }{{1, 1}, {1, 8}, {2, 9}, {3, 16}, {49, 96}, {361, 96}, {81, 130}, {5, 7}} {
			x := randSlice(r, s.n*s.c, 1)
			sum, mx := make([]float32, s.c), make([]float32, s.c)
			ChannelPool(x, s.c, sum, mx)
			for ch := 0; ch < s.c; ch++ {
				var ws float64
				wm := float32(math.Inf(-1))
				for i := 0; i < s.n; i++ {
					ws += float64(x[i*s.c+ch])
					wm = max(wm, x[i*s.c+ch])
				}
				require.InDelta(t, ws, float64(sum[ch]), 1e-4*math.Sqrt(float64(s.n)), "%d points, %d channels: sum of %d", s.n, s.c, ch)
				require.Equal(t, wm, mx[ch], "%d points, %d channels: max of %d", s.n, s.c, ch)
			}
		}
	})
}

func BenchmarkChannelPool(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	x := randSlice(r, 361*96, 1)
	sum, mx := make([]float32, 96), make([]float32, 96)
	for _, asm := range []bool{true, false} {
		if asm && !haveAsm {
			continue
		}
		name := map[bool]string{true: "asm", false: "go"}[asm]
		b.Run("19x19_c96/"+name, func(b *testing.B) {
			saved := useAsm
			useAsm = asm
			defer func() { useAsm = saved }()
			for b.Loop() {
				ChannelPool(x, 96, sum, mx)
			}
		})
	}
}

func TestLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	src := randSlice(r, 5*7, 1)
	hwc := make([]float32, len(src))
	CHWToHWC(hwc, src, 5, 7)
	assert.Equal(t, src[2*7+3], hwc[3*5+2])
	back := make([]float32, len(src))
	HWCToCHW(back, hwc, 5, 7)
	assert.Equal(t, src, back)

	kernelPaths(t, func(t *testing.T) {
		x := []float32{-1, 2, 3, -4}
		Activate(&ConvWorkspace{}, x, 2, &Epilogue{Scale: []float32{2, 1}, Bias: []float32{0, -3}, ReLU: true})
		assert.Equal(t, []float32{0, 0, 6, 0}, x)
		x = randSlice(rand.New(rand.NewPCG(1, 2)), 3*20, 1)
		want := append([]float32(nil), x...)
		a := &Epilogue{Bias: randSlice(r, 20, 1), ReLU: true}
		for i := range want {
			want[i] = max(want[i]+a.Bias[i%20], 0)
		}
		Activate(&ConvWorkspace{}, x, 20, a)
		assert.Equal(t, want, x)
	})
}

func TestConvNoAllocation(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	c := newConvCase(r, 19, 19, 32, 32, 3)
	wino := PrepareConv3x3(c.weights, 32, 32)
	direct := PrepareConv(c.weights, 32, 32, 3)
	ws := &ConvWorkspace{}
	out := make([]float32, 19*19*32)
	ep := &Epilogue{Scale: randSlice(r, 32, 1), Bias: randSlice(r, 32, 1), Residual: c.in, ReLU: true}
	allocs := testing.AllocsPerRun(5, func() {
		wino.Apply(ws, c.in, 19, 19, ep, out, ep)
		direct.Apply(ws, c.in, 19, 19, nil, out, ep)
	})
	assert.Zero(t, allocs)
}

// An ordinary residual block of KataGo's trunk,
// x + conv2(ReLU(bn2(conv1(ReLU(bn1(x)))))), is two calls: each batch
// norm and ReLU is fused into a convolution (the first one as its
// pre-activation, the second in conv1's epilogue), and the residual into
// conv2's epilogue, in place.
func ExampleWinograd3x3_Apply() {
	const c, size = 4, 9
	ones := func(n int, v float32) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = v
		}
		return s
	}
	conv1 := PrepareConv3x3(ones(9*c*c, 0.01), c, c)
	conv2 := PrepareConv3x3(ones(9*c*c, 0.02), c, c)
	bn1 := &Epilogue{Scale: ones(c, 1), Bias: ones(c, 0.5), ReLU: true}
	bn2 := &Epilogue{Scale: ones(c, 2), Bias: ones(c, 0), ReLU: true}

	ws := &ConvWorkspace{}
	x := ones(size*size*c, 1) // HWC: point (y, x), channel ch at (y*size+x)*c+ch
	mid := make([]float32, len(x))
	conv1.Apply(ws, x, size, size, bn1, mid, bn2)
	conv2.Apply(ws, mid, size, size, nil, x, &Epilogue{Residual: x})
	fmt.Printf("corner %.4f, centre %.4f\n", x[0], x[(4*size+4)*c])
	// Output:
	// corner 1.2400, centre 1.7776
}

// benchConv reports nominal GFLOP/s: those of the direct convolution,
// 2*inC*outC*k*k per point, whatever the algorithm.
func benchConv(b *testing.B, n, inC, outC, k int, winograd bool) {
	benchConvPre(b, n, inC, outC, k, winograd, false, 1)
}

// benchConvPre is benchConv, with a pre-activation of the input if pre,
// on batches of batch images.
func benchConvPre(b *testing.B, n, inC, outC, k int, winograd, pre bool, batch int) {
	for _, asm := range []bool{true, false} {
		if asm && !haveAsm {
			continue
		}
		name := "go"
		if asm {
			name = "asm"
		}
		if pre {
			name += "_pre"
		}
		if batch > 1 {
			name += fmt.Sprintf("_batch%d", batch)
		}
		b.Run(fmt.Sprintf("%dx%d_c%d/%s", n, n, outC, name), func(b *testing.B) {
			saved := useAsm
			useAsm = asm
			defer func() { useAsm = saved }()
			r := rand.New(rand.NewPCG(1, 1))
			in := randSlice(r, batch*n*n*inC, 1)
			weights := randSlice(r, k*k*inC*outC, 0.05)
			ep := &Epilogue{Scale: randSlice(r, outC, 1), Bias: randSlice(r, outC, 1), ReLU: true}
			var act *Epilogue
			if pre {
				act = &Epilogue{Scale: randSlice(r, inC, 1), Bias: randSlice(r, inC, 1), ReLU: true}
			}
			out := make([]float32, batch*n*n*outC)
			ws := &ConvWorkspace{}
			apply := PrepareConv(weights, inC, outC, k).ApplyBatch
			if winograd {
				apply = PrepareConv3x3(weights, inC, outC).ApplyBatch
			}
			apply(ws, in, batch, n, n, act, out, ep)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				apply(ws, in, batch, n, n, act, out, ep)
			}
			flops := 2 * float64(batch*n*n*inC*outC*k*k) * float64(b.N)
			b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

func BenchmarkConv3x3(b *testing.B) {
	benchConv(b, 19, 96, 96, 3, true)
	benchConv(b, 9, 96, 96, 3, true)
	benchConvPre(b, 19, 96, 96, 3, true, true, 1)
	benchConvPre(b, 19, 96, 96, 3, true, false, 8)
	benchConvPre(b, 9, 96, 96, 3, true, false, 8)
}

func BenchmarkConv3x3Direct(b *testing.B) {
	benchConv(b, 19, 96, 96, 3, false)
	benchConv(b, 9, 96, 96, 3, false)
}

func BenchmarkConv5x5(b *testing.B) {
	benchConv(b, 19, 22, 96, 5, false)
}

// BenchmarkTrunk runs the trunk of a b6c96 network on random weights:
// the 5x5 input convolution (22 planes), then 6 residual blocks of two
// 3x3 convolutions with their batch norms, ReLUs and residual fused, and
// the final batch norm and ReLU: an evaluation less its heads.
func BenchmarkTrunk(b *testing.B) {
	const inC, c, blocks = 22, 96, 6
	r := rand.New(rand.NewPCG(1, 1))
	first := PrepareConv(randSlice(r, 25*inC*c, 0.05), inC, c, 5)
	convs := make([]*Winograd3x3, 2*blocks)
	bns := make([]*Epilogue, 2*blocks+1)
	for i := range convs {
		convs[i] = PrepareConv3x3(randSlice(r, 9*c*c, 0.05), c, c)
	}
	for i := range bns {
		bns[i] = &Epilogue{Scale: randSlice(r, c, 1), Bias: randSlice(r, c, 1), ReLU: true}
	}
	for _, n := range []int{19, 9} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			in := randSlice(r, n*n*inC, 1)
			x, mid := make([]float32, n*n*c), make([]float32, n*n*c)
			ws := &ConvWorkspace{}
			b.ReportAllocs()
			for b.Loop() {
				first.Apply(ws, in, n, n, nil, x, nil)
				for i := 0; i < blocks; i++ {
					convs[2*i].Apply(ws, x, n, n, bns[2*i], mid, bns[2*i+1])
					convs[2*i+1].Apply(ws, mid, n, n, nil, x, &Epilogue{Residual: x})
				}
				Activate(ws, x, c, bns[2*blocks])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trunks/s")
		})
	}
}
