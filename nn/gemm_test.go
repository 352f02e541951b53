package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kernelPaths runs f once per kernel implementation available here: the
// assembly one (when the CPU has it) and the pure-Go one.
func kernelPaths(t *testing.T, f func(t *testing.T)) {
	saved := useAsm
	defer func() { useAsm = saved }()
	if haveAsm {
		useAsm = true
		t.Run("asm", f)
	}
	useAsm = false
	t.Run("go", f)
}

func TestArgOffsets(t *testing.T) {
	// gemm_gen.go addresses every field as index*8.
	var g gemmArgs
	gemmOffs := []uintptr{
		unsafe.Offsetof(g.a), unsafe.Offsetof(g.lda), unsafe.Offsetof(g.offs), unsafe.Offsetof(g.nseg),
		unsafe.Offsetof(g.kc), unsafe.Offsetof(g.b), unsafe.Offsetof(g.c), unsafe.Offsetof(g.ldc),
		unsafe.Offsetof(g.scale), unsafe.Offsetof(g.bias), unsafe.Offsetof(g.res), unsafe.Offsetof(g.ldr),
		unsafe.Offsetof(g.flags), unsafe.Offsetof(g.mask),
	}
	for i, o := range gemmOffs {
		assert.Equal(t, uintptr(8*i), o, "gemmArgs field %d", i)
	}
	var w winoArgs
	winoOffs := []uintptr{
		unsafe.Offsetof(w.src), unsafe.Offsetof(w.srcA), unsafe.Offsetof(w.srcB), unsafe.Offsetof(w.ntiles),
		unsafe.Offsetof(w.ngroups), unsafe.Offsetof(w.dst), unsafe.Offsetof(w.dstA), unsafe.Offsetof(w.dstB),
		unsafe.Offsetof(w.res), unsafe.Offsetof(w.scale), unsafe.Offsetof(w.bias), unsafe.Offsetof(w.ni),
		unsafe.Offsetof(w.njLast), unsafe.Offsetof(w.tmp),
	}
	for i, o := range winoOffs {
		assert.Equal(t, uintptr(8*i), o, "winoArgs field %d", i)
	}
	var a actArgs
	actOffs := []uintptr{
		unsafe.Offsetof(a.dst), unsafe.Offsetof(a.dstStride), unsafe.Offsetof(a.src), unsafe.Offsetof(a.srcStride),
		unsafe.Offsetof(a.npix), unsafe.Offsetof(a.ngroups), unsafe.Offsetof(a.scale), unsafe.Offsetof(a.bias),
		unsafe.Offsetof(a.relu),
	}
	for i, o := range actOffs {
		assert.Equal(t, uintptr(8*i), o, "actArgs field %d", i)
	}
	var p poolArgs
	poolOffs := []uintptr{
		unsafe.Offsetof(p.src), unsafe.Offsetof(p.pixStride), unsafe.Offsetof(p.npix), unsafe.Offsetof(p.ngroups),
		unsafe.Offsetof(p.sum), unsafe.Offsetof(p.max),
	}
	for i, o := range poolOffs {
		assert.Equal(t, uintptr(8*i), o, "poolArgs field %d", i)
	}
}

func randSlice(r *rand.Rand, n int, sd float64) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.NormFloat64() * sd)
	}
	return s
}

// naiveGemm is C = A·B then ep, in float64, with row strides lda, ldb, ldc.
func naiveGemm(m, n, k int, a []float32, lda int, b []float32, ldb int, ldc int, ep *Epilogue) []float64 {
	c := make([]float64, m*ldc)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for kk := 0; kk < k; kk++ {
				s += float64(a[i*lda+kk]) * float64(b[kk*ldb+j])
			}
			if ep != nil {
				if ep.Scale != nil {
					s *= float64(ep.Scale[j])
				}
				if ep.Bias != nil {
					s += float64(ep.Bias[j])
				}
				if ep.Residual != nil {
					s += float64(ep.Residual[i*ldc+j])
				}
				if ep.ReLU {
					s = math.Max(s, 0)
				}
			}
			c[i*ldc+j] = s
		}
	}
	return c
}

// checkGemm multiplies random matrices of the given shape both ways and
// compares, leaving the padding columns of C untouched.
func checkGemm(t *testing.T, r *rand.Rand, m, n, k int, epKind int) {
	lda, ldb, ldc := k+r.IntN(3), n+r.IntN(3), n+r.IntN(3)
	a := randSlice(r, m*lda, 1)
	b := randSlice(r, k*ldb, 1)
	var ep *Epilogue
	if epKind&1 != 0 {
		ep = &Epilogue{Scale: randSlice(r, n, 1), Bias: randSlice(r, n, 1)}
	}
	if epKind&2 != 0 {
		if ep == nil {
			ep = &Epilogue{}
		}
		ep.Residual = randSlice(r, m*ldc, 1)
	}
	if epKind&4 != 0 {
		if ep == nil {
			ep = &Epilogue{}
		}
		ep.ReLU = true
	}
	want := naiveGemm(m, n, k, a, lda, b, ldb, ldc, ep)
	c := make([]float32, m*ldc)
	const sentinel = 12345
	for i := range c {
		c[i] = sentinel
	}
	Gemm(m, a, lda, PackB(b, k, n, ldb), c, ldc, ep)
	tol := 1e-5 * math.Sqrt(float64(k)+1) * 4
	for i := 0; i < m; i++ {
		for j := 0; j < ldc; j++ {
			got := c[i*ldc+j]
			if j >= n {
				require.Equal(t, float32(sentinel), got, "m=%d n=%d k=%d: wrote padding (%d,%d)", m, n, k, i, j)
				continue
			}
			require.InDelta(t, want[i*ldc+j], float64(got), tol, "m=%d n=%d k=%d ep=%d at (%d,%d)", m, n, k, epKind, i, j)
		}
	}
}

func TestGemm(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, m := range []int{1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 25, 37} {
			for _, n := range []int{1, 7, 8, 15, 16, 17, 33, 48, 96} {
				for _, k := range []int{1, 3, 4, 5, 8, 22, 96, 131} {
					checkGemm(t, r, m, n, k, r.IntN(8))
				}
			}
		}
	})
}

func TestGemmEpilogues(t *testing.T) {
	kernelPaths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		for kind := 0; kind < 8; kind++ {
			for _, n := range []int{5, 16, 40} {
				checkGemm(t, r, 9, n, 19, kind)
			}
		}
	})
}

func TestGemmChecksBounds(t *testing.T) {
	b := PackB(make([]float32, 8*8), 8, 8, 8)
	assert.Panics(t, func() { Gemm(4, make([]float32, 3*8), 8, b, make([]float32, 4*8), 8, nil) })
	assert.Panics(t, func() { Gemm(4, make([]float32, 4*8), 8, b, make([]float32, 3*8+7), 8, nil) })
	assert.Panics(t, func() {
		Gemm(4, make([]float32, 4*8), 8, b, make([]float32, 4*8), 8, &Epilogue{Bias: make([]float32, 7)})
	})
}

func FuzzGemm(f *testing.F) {
	f.Add(uint8(1), uint8(1), uint8(1), uint8(0), uint64(1))
	f.Add(uint8(25), uint8(96), uint8(96), uint8(7), uint64(2))
	f.Add(uint8(7), uint8(17), uint8(3), uint8(5), uint64(3))
	f.Fuzz(func(t *testing.T, m, n, k, ep uint8, seed uint64) {
		if m == 0 || n == 0 || k == 0 {
			return
		}
		r := rand.New(rand.NewPCG(seed, 5))
		saved := useAsm
		defer func() { useAsm = saved }()
		for _, asm := range []bool{false, true} {
			if asm && !haveAsm {
				continue
			}
			useAsm = asm
			checkGemm(t, r, int(m)%64+1, int(n), int(k), int(ep%8))
		}
	})
}

func BenchmarkSgemm(b *testing.B) {
	shapes := []struct{ m, n, k int }{
		{25, 96, 96},    // one Winograd product, 19x19, 96 channels
		{361, 96, 96},   // a 1x1 convolution over 19x19
		{100, 256, 256}, // one Winograd product, 19x19, 256 channels
	}
	for _, s := range shapes {
		for _, asm := range []bool{true, false} {
			if asm && !haveAsm {
				continue
			}
			name := fmt.Sprintf("m%d_n%d_k%d/go", s.m, s.n, s.k)
			if asm {
				name = fmt.Sprintf("m%d_n%d_k%d/asm", s.m, s.n, s.k)
			}
			b.Run(name, func(b *testing.B) {
				saved := useAsm
				useAsm = asm
				defer func() { useAsm = saved }()
				r := rand.New(rand.NewPCG(1, 1))
				a := randSlice(r, s.m*s.k, 1)
				pb := PackB(randSlice(r, s.k*s.n, 1), s.k, s.n, s.n)
				c := make([]float32, s.m*s.n)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					Gemm(s.m, a, s.k, pb, c, s.n, nil)
				}
				b.ReportMetric(2*float64(s.m*s.n*s.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
