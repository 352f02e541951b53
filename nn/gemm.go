package nn

import (
	"fmt"
	"unsafe"
)

// The compute kernels: a single-precision matrix product (SGEMM) with a
// fused per-column epilogue, on which the convolutions of conv.go are
// built. Matrices are row-major. B is packed once (PackB) into panels of
// gemmNR columns; A is read in place, one block of at most gemmMR rows at
// a time, possibly as several "segments" at different offsets (the taps
// of a convolution read straight from a padded image, without im2col).
// On amd64 with AVX2 and FMA the blocks are computed by the assembly
// kernels of gemm_amd64.s, elsewhere by the pure-Go kernel below.

const (
	gemmMR = 6  // rows of a micro-kernel block at most
	gemmNR = 16 // columns of a packed panel (two AVX vectors)
)

// useAsm selects the assembly kernels; tests clear it to exercise the
// pure-Go path.
var useAsm = haveAsm

// Epilogue is what is done to each value v of output column (channel) c
// before it is stored: v = v*Scale[c] + Bias[c], then v += the residual
// at the same position, then v = max(v, 0) if ReLU. Nil slices skip their
// step; Scale and Bias have one value per output column, Residual has the
// output's shape. A nil *Epilogue stores v as is.
type Epilogue struct {
	Scale, Bias []float32
	Residual    []float32
	ReLU        bool
}

// Packed is a k×n matrix B packed for the kernels: panels of gemmNR
// columns (the last one padded with zeros), each k rows of gemmNR values.
type Packed struct {
	K, N int
	data []float32
}

// PackB packs the k×n row-major matrix b (row stride ldb) for Gemm.
func PackB(b []float32, k, n, ldb int) *Packed {
	p := newPacked(k, n)
	for kk := 0; kk < k; kk++ {
		for j := 0; j < n; j++ {
			p.set(kk, j, b[kk*ldb+j])
		}
	}
	return p
}

func newPacked(k, n int) *Packed {
	np := (n + gemmNR - 1) / gemmNR
	return &Packed{K: k, N: n, data: make([]float32, np*k*gemmNR)}
}

func (p *Packed) set(kk, j int, v float32) {
	p.data[((j/gemmNR)*p.K+kk)*gemmNR+j%gemmNR] = v
}

func (p *Packed) panels() int { return (p.N + gemmNR - 1) / gemmNR }

// Gemm computes C = A·B for the m×b.K matrix A (row stride lda) and the
// packed matrix b, then applies ep column by column and stores the m×b.N
// result in c (row stride ldc); ep's Residual, if any, has row stride ldc
// too. It allocates nothing.
func Gemm(m int, a []float32, lda int, b *Packed, c []float32, ldc int, ep *Epilogue) {
	segs := [1]int{0}
	gemm(&gemmJob{m: m, a: a, lda: lda, offs: segs[:], kc: b.K, b: b, c: c, ldc: ldc, ldr: ldc, ep: ep})
}

// gemmJob is one product: C (m×b.N, at c[cOff:], row stride ldc) = the
// sum over segments s of A_s·B_s, where A_s is the m×kc matrix at
// a[aOff+offs[s]:] with row stride lda and B_s rows s*kc.. of b.
type gemmJob struct {
	m          int
	a          []float32
	aOff, lda  int
	offs       []int
	kc         int
	b          *Packed
	c          []float32
	cOff, ldc  int
	ep         *Epilogue
	rOff, ldr  int  // position of C's first row in ep.Residual, its row stride
	fullPanels bool // c has room for whole panels: no masked stores
	boffs      []uintptr
}

// gemmArgs is the argument block of the assembly kernels; gemm_gen.go
// knows its field offsets (every field is 8 bytes) and TestArgOffsets
// checks them.
type gemmArgs struct {
	a     unsafe.Pointer // row 0 of A's block
	lda   uintptr        // bytes between rows of A
	offs  unsafe.Pointer // *uintptr: byte offset of each segment
	nseg  uintptr
	kc    uintptr // rows of B per segment
	b     unsafe.Pointer
	c     unsafe.Pointer
	ldc   uintptr        // bytes
	scale unsafe.Pointer // gemmNR values, with flags&1
	bias  unsafe.Pointer // gemmNR values, with flags&2
	res   unsafe.Pointer // with flags&4
	ldr   uintptr        // bytes
	flags uintptr        // 1 scale, 2 bias, 4 residual, 8 ReLU
	mask  unsafe.Pointer // *[gemmNR]int32, nil for a whole panel
}

var maskTable = func() (t [gemmNR + 1][gemmNR]int32) {
	for n := range t {
		for j := 0; j < n; j++ {
			t[n][j] = -1
		}
	}
	return t
}()

// checkJob panics if the job would read or write outside its slices, so
// that the assembly kernels cannot touch memory they do not own.
func checkJob(j *gemmJob) {
	if j.m <= 0 {
		return
	}
	if len(j.offs)*j.kc != j.b.K {
		panic(fmt.Sprintf("nn: gemm with %d segments of %d rows, B has %d", len(j.offs), j.kc, j.b.K))
	}
	maxOff := 0
	for _, o := range j.offs {
		if o < 0 {
			panic("nn: gemm with a negative segment offset")
		}
		maxOff = max(maxOff, o)
	}
	if j.kc > 0 && j.aOff+(j.m-1)*j.lda+maxOff+j.kc > len(j.a) {
		panic(fmt.Sprintf("nn: gemm A too short: %d", len(j.a)))
	}
	width := j.b.N
	if j.fullPanels {
		width = j.b.panels() * gemmNR
	}
	if j.cOff+(j.m-1)*j.ldc+width > len(j.c) {
		panic(fmt.Sprintf("nn: gemm C too short: %d", len(j.c)))
	}
	if ep := j.ep; ep != nil {
		if ep.Scale != nil && len(ep.Scale) < j.b.N || ep.Bias != nil && len(ep.Bias) < j.b.N {
			panic("nn: gemm epilogue with fewer values than columns")
		}
		if ep.Residual != nil && j.rOff+(j.m-1)*j.ldr+width > len(ep.Residual) {
			panic(fmt.Sprintf("nn: gemm residual too short: %d", len(ep.Residual)))
		}
	}
}

// rowBlocks splits m rows into ceil(m/gemmMR) blocks of nearly equal
// sizes: 25 rows make five blocks of 5 rather than four of 6 and one of
// 1, which would waste most of the last block's time.
func rowBlocks(m int, f func(r0, mr int)) {
	nb := (m + gemmMR - 1) / gemmMR
	if nb == 0 {
		return
	}
	base, rem := m/nb, m%nb
	r0 := 0
	for b := 0; b < nb; b++ {
		mr := base
		if b < rem {
			mr++
		}
		f(r0, mr)
		r0 += mr
	}
}

func gemm(j *gemmJob) {
	checkJob(j)
	if j.m <= 0 || j.b.N <= 0 {
		return
	}
	if useAsm {
		gemmAsm(j)
	} else {
		gemmGo(j)
	}
}

func gemmAsm(j *gemmJob) {
	var offsBuf [32]uintptr
	boffs := offsBuf[:0]
	if len(j.offs) > len(offsBuf) {
		if cap(j.boffs) < len(j.offs) {
			j.boffs = make([]uintptr, len(j.offs))
		}
		boffs = j.boffs[:0]
	}
	for _, o := range j.offs {
		boffs = append(boffs, uintptr(o)*4)
	}
	var args gemmArgs
	args.lda = uintptr(j.lda) * 4
	args.offs = unsafe.Pointer(&boffs[0])
	args.nseg = uintptr(len(boffs))
	args.kc = uintptr(j.kc)
	args.ldc = uintptr(j.ldc) * 4
	args.ldr = uintptr(j.ldr) * 4
	var flags uintptr
	var scaleBuf, biasBuf [gemmNR]float32
	ep := j.ep
	if ep != nil {
		if ep.Scale != nil {
			flags |= 1
		}
		if ep.Bias != nil {
			flags |= 2
		}
		if ep.Residual != nil {
			flags |= 4
		}
		if ep.ReLU {
			flags |= 8
		}
	}
	args.flags = flags
	np := j.b.panels()
	aBase := unsafe.Pointer(unsafe.SliceData(j.a))
	cBase := unsafe.Pointer(unsafe.SliceData(j.c))
	for p := 0; p < np; p++ {
		c0 := p * gemmNR
		nc := min(gemmNR, j.b.N-c0)
		args.b = unsafe.Pointer(&j.b.data[p*j.b.K*gemmNR])
		args.mask = nil
		if nc < gemmNR && !j.fullPanels {
			args.mask = unsafe.Pointer(&maskTable[nc])
		}
		if ep != nil {
			if ep.Scale != nil {
				if nc == gemmNR {
					args.scale = unsafe.Pointer(&ep.Scale[c0])
				} else {
					copy(scaleBuf[:], ep.Scale[c0:c0+nc])
					args.scale = unsafe.Pointer(&scaleBuf)
				}
			}
			if ep.Bias != nil {
				if nc == gemmNR {
					args.bias = unsafe.Pointer(&ep.Bias[c0])
				} else {
					copy(biasBuf[:], ep.Bias[c0:c0+nc])
					args.bias = unsafe.Pointer(&biasBuf)
				}
			}
		}
		rowBlocks(j.m, func(r0, mr int) {
			args.a = unsafe.Add(aBase, (j.aOff+r0*j.lda)*4)
			args.c = unsafe.Add(cBase, (j.cOff+r0*j.ldc+c0)*4)
			if ep != nil && ep.Residual != nil {
				args.res = unsafe.Pointer(&ep.Residual[j.rOff+r0*j.ldr+c0])
			}
			sgemmKernel(mr, &args)
		})
	}
}

// gemmGo is the portable kernel: the same blocks as the assembly, in
// plain Go.
func gemmGo(j *gemmJob) {
	var acc [gemmMR][gemmNR]float32
	np := j.b.panels()
	for p := 0; p < np; p++ {
		c0 := p * gemmNR
		nc := min(gemmNR, j.b.N-c0)
		if j.fullPanels {
			nc = gemmNR
		}
		panel := j.b.data[p*j.b.K*gemmNR : (p+1)*j.b.K*gemmNR]
		rowBlocks(j.m, func(r0, mr int) {
			for r := 0; r < mr; r++ {
				row := &acc[r]
				*row = [gemmNR]float32{}
				kb := 0
				for _, off := range j.offs {
					start := j.aOff + (r0+r)*j.lda + off
					for kk, av := range j.a[start : start+j.kc] {
						bq := (*[gemmNR]float32)(panel[(kb+kk)*gemmNR:])
						for q := range row {
							row[q] += av * bq[q]
						}
					}
					kb += j.kc
				}
				out := j.c[j.cOff+(r0+r)*j.ldc+c0:][:nc]
				if ep := j.ep; ep != nil {
					var res []float32
					if ep.Residual != nil {
						res = ep.Residual[j.rOff+(r0+r)*j.ldr+c0:][:nc]
					}
					for q := range out {
						v := row[q]
						if ep.Scale != nil && c0+q < j.b.N {
							v *= ep.Scale[c0+q]
						}
						if ep.Bias != nil && c0+q < j.b.N {
							v += ep.Bias[c0+q]
						}
						if res != nil {
							v += res[q]
						}
						if ep.ReLU && !(v >= 0) {
							v = 0
						}
						out[q] = v
					}
				} else {
					copy(out, row[:nc])
				}
			}
		})
	}
}
