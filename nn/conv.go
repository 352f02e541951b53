package nn

import (
	"fmt"
	"unsafe"
)

// Convolutions on images stored channels last (HWC): an image of C
// channels and H×W points holds the value of channel c at point (y, x) in
// element (y*W+x)*C + c. In that layout a point's channels are contiguous,
// so a convolution is a matrix product with the points as rows and the
// channels as columns: the kernels vectorise over channels and read the
// image in place. CHWToHWC and HWCToCHW convert from and to the planar
// layout of the model's inputs and of a reference implementation.
//
// Weights are given in the model file's order, as Conv.Weights holds
// them: weights[((ky*K+kx)*inC+ic)*outC+oc] multiplies input channel ic
// at offset (ky-K/2, kx-K/2) from the output point into output channel
// oc. They are prepared once (PrepareConv3x3, PrepareConv,
// PrepareMatMul): the prepared forms are read-only and may be shared by
// goroutines, each of which brings its own ConvWorkspace.

// ConvWorkspace holds the scratch memory of the convolutions. It grows on
// demand and is then reused: after the first call at the largest size
// nothing is allocated. A workspace may not be used by two goroutines at
// once.
type ConvWorkspace struct {
	pad, v, m   []float32
	ones, zeros []float32
	offs        []int
	tmp         [36 * 8]float32 // the transforms' 6x6 vectors of 8
}

func growF32(s []float32, n int) []float32 {
	if cap(s) < n {
		return make([]float32, n)
	}
	return s[:n]
}

// CHWToHWC writes into dst the HWC form of the planar image src of c
// channels of n points each.
func CHWToHWC(dst, src []float32, c, n int) {
	src, dst = src[:c*n], dst[:c*n]
	for ch := 0; ch < c; ch++ {
		for i, v := range src[ch*n : (ch+1)*n] {
			dst[i*c+ch] = v
		}
	}
}

// HWCToCHW writes into dst the planar form of the HWC image src of c
// channels of n points each.
func HWCToCHW(dst, src []float32, c, n int) {
	src, dst = src[:c*n], dst[:c*n]
	for ch := 0; ch < c; ch++ {
		d := dst[ch*n : (ch+1)*n]
		for i := range d {
			d[i] = src[i*c+ch]
		}
	}
}

// Activate applies a's scale, bias and ReLU (not its residual) in place to
// the HWC image x of c channels.
func Activate(ws *ConvWorkspace, x []float32, c int, a *Epilogue) {
	activatePoints(ws, x, c, x, c, len(x)/c, c, a)
}

// poolArgs is the argument block of poolChannels (see gemm_gen.go).
type poolArgs struct {
	src       unsafe.Pointer
	pixStride uintptr // bytes between points
	npix      uintptr
	ngroups   uintptr
	sum, max  unsafe.Pointer
}

// ChannelPool writes into sum and max, for each of the c channels of the
// HWC image x, the sum and the maximum of its values over all points:
// the global pooling of KataGo's pooling blocks and heads derives the
// mean and the scaled mean from the sum.
func ChannelPool(x []float32, c int, sum, max []float32) {
	n := len(x) / c
	sum, max = sum[:c], max[:c]
	if n == 0 {
		clear(sum)
		clear(max)
		return
	}
	groups := 0
	if useAsm {
		groups = c / 8
	}
	if groups > 0 {
		args := poolArgs{
			src: unsafe.Pointer(&x[0]), pixStride: uintptr(c * 4), npix: uintptr(n), ngroups: uintptr(groups),
			sum: unsafe.Pointer(&sum[0]), max: unsafe.Pointer(&max[0]),
		}
		poolChannels(&args)
	}
	c0 := groups * 8
	copy(sum[c0:], x[c0:c])
	copy(max[c0:], x[c0:c])
	for i := 1; i < n; i++ {
		for ch, v := range x[i*c+c0 : (i+1)*c] {
			sum[c0+ch] += v
			if v > max[c0+ch] {
				max[c0+ch] = v
			}
		}
	}
}

// actArgs is the argument block of activateRows (see gemm_gen.go).
type actArgs struct {
	dst           unsafe.Pointer
	dstStride     uintptr // bytes between points
	src           unsafe.Pointer
	srcStride     uintptr
	npix, ngroups uintptr
	scale, bias   unsafe.Pointer
	relu          uintptr
}

// activatePoints writes a(src) into dst for n points of c channels, the
// points dstStride and srcStride values apart.
func activatePoints(ws *ConvWorkspace, dst []float32, dstStride int, src []float32, srcStride, n, c int, a *Epilogue) {
	if n <= 0 {
		return
	}
	_ = dst[(n-1)*dstStride+c-1]
	_ = src[(n-1)*srcStride+c-1]
	groups := 0
	if useAsm {
		groups = c / 8
	}
	if groups > 0 {
		scale, bias := ws.onesZeros(c)
		if a.Scale != nil {
			scale = a.Scale
		}
		if a.Bias != nil {
			bias = a.Bias
		}
		args := actArgs{
			dst: unsafe.Pointer(&dst[0]), dstStride: uintptr(dstStride * 4),
			src: unsafe.Pointer(&src[0]), srcStride: uintptr(srcStride * 4),
			npix: uintptr(n), ngroups: uintptr(groups),
			scale: unsafe.Pointer(&scale[:c][0]), bias: unsafe.Pointer(&bias[:c][0]),
		}
		if a.ReLU {
			args.relu = 1
		}
		activateRows(&args)
	}
	if c0 := groups * 8; c0 < c {
		part := *a
		if part.Scale != nil {
			part.Scale = part.Scale[c0:]
		}
		if part.Bias != nil {
			part.Bias = part.Bias[c0:]
		}
		for i := 0; i < n; i++ {
			activateRow(dst[i*dstStride+c0:i*dstStride+c], src[i*srcStride+c0:], &part)
		}
	}
}

// onesZeros returns n ones and n zeros: the scale and bias of no
// activation.
func (ws *ConvWorkspace) onesZeros(n int) (ones, zeros []float32) {
	if len(ws.ones) < n {
		ws.ones = make([]float32, n)
		for i := range ws.ones {
			ws.ones[i] = 1
		}
		ws.zeros = make([]float32, n)
	}
	return ws.ones, ws.zeros
}

// activateRow writes a(src) into dst, both one point's channels.
func activateRow(dst, src []float32, a *Epilogue) {
	src = src[:len(dst)]
	for ch, v := range src {
		if a.Scale != nil {
			v *= a.Scale[ch]
		}
		if a.Bias != nil {
			v += a.Bias[ch]
		}
		if a.ReLU && !(v >= 0) {
			v = 0
		}
		dst[ch] = v
	}
}

// padImage writes into dst (hp×wp points of cp channels) the HWC image
// in (h×w points of c ≤ cp channels), its point (y, x) at (y+top,
// x+left), activated by pre if not nil, and zeros everywhere else: the
// zero padding is applied after the activation, as a convolution of the
// activated image needs.
func padImage(ws *ConvWorkspace, dst []float32, hp, wp, cp, top, left int, in []float32, h, w, c int, pre *Epilogue) {
	dst = dst[:hp*wp*cp]
	in = in[:h*w*c]
	clear(dst[:(top*wp+left)*cp])
	for y := 0; y < h; y++ {
		row := dst[((y+top)*wp+left)*cp:]
		src := in[y*w*c : (y+1)*w*c]
		switch {
		case pre == nil && cp == c:
			copy(row, src)
		case pre == nil:
			for x := 0; x < w; x++ {
				copy(row[x*cp:x*cp+c], src[x*c:x*c+c])
				clear(row[x*cp+c : x*cp+cp])
			}
		default:
			activatePoints(ws, row, cp, src, c, w, c, pre)
			for x := 0; cp > c && x < w; x++ {
				clear(row[x*cp+c : x*cp+cp])
			}
		}
		// The rest of this row and the start of the next.
		end := ((y+top+1)*wp + left) * cp
		clear(dst[((y+top)*wp+left+w)*cp : min(end, len(dst))])
	}
	clear(dst[((h+top)*wp+left)*cp:])
}

// PreparedConv is a prepared K×K convolution (K odd, zero padding (K-1)/2,
// stride 1) computed directly: every output point is a row of a matrix
// product whose K segments (one per kernel row) read the taps from the
// padded image in place. It serves the first layer (5x5), the heads' 1x1 convolutions
// and any 3x3 one (Winograd3x3 is faster for those).
type PreparedConv struct {
	InC, OutC, K int
	b            *Packed // row (ky*K+kx)*InC + ic, column oc
}

// PrepareConv prepares the k×k convolution from inC to outC channels
// with weights in the model's order (see above).
func PrepareConv(weights []float32, inC, outC, k int) *PreparedConv {
	if k <= 0 || k%2 == 0 || inC <= 0 || outC <= 0 || len(weights) != outC*inC*k*k {
		panic(fmt.Sprintf("nn: PrepareConv(%d weights, %d, %d, %d)", len(weights), inC, outC, k))
	}
	// The model's order is already the matrix B of the product: row
	// (ky*k+kx)*inC+ic, column oc.
	return &PreparedConv{InC: inC, OutC: outC, K: k, b: PackB(weights, k*k*inC, outC, outC)}
}

// PrepareMatMul prepares the product by the inC×outC matrix weights
// (KataGo's matmul layers): Apply with h = rows, w = 1 then maps each
// row of inC values to outC values, as a 1x1 convolution would.
func PrepareMatMul(weights []float32, inC, outC int) *PreparedConv {
	if len(weights) != inC*outC {
		panic(fmt.Sprintf("nn: PrepareMatMul(%d weights, %d, %d)", len(weights), inC, outC))
	}
	return &PreparedConv{InC: inC, OutC: outC, K: 1, b: PackB(weights, inC, outC, outC)}
}

// Apply writes into out (h×w×OutC) the convolution of in (h×w×InC, HWC),
// activated first by pre if not nil (its Residual must be nil), then
// post-processed by ep. out may be ep.Residual; it may be in too when
// K > 1.
func (cv *PreparedConv) Apply(ws *ConvWorkspace, in []float32, h, w int, pre *Epilogue, out []float32, ep *Epilogue) {
	cv.ApplyBatch(ws, in, 1, h, w, pre, out, ep)
}

// ApplyBatch is Apply for n images one after the other in in, out and
// ep.Residual.
func (cv *PreparedConv) ApplyBatch(ws *ConvWorkspace, in []float32, n, h, w int, pre *Epilogue, out []float32, ep *Epilogue) {
	c, k := cv.InC, cv.K
	if n <= 0 || h <= 0 || w <= 0 {
		return
	}
	if len(in) < n*h*w*c || len(out) < n*h*w*cv.OutC {
		panic("nn: PreparedConv.Apply: image too short")
	}
	if k == 1 {
		a := in
		if pre != nil {
			ws.pad = growF32(ws.pad, n*h*w*c)
			padImage(ws, ws.pad, n*h, w, c, 0, 0, in, n*h, w, c, pre)
			a = ws.pad
		}
		Gemm(n*h*w, a, c, cv.b, out, cv.OutC, ep)
		return
	}
	r := k / 2
	hp, wp := h+k-1, w+k-1
	ws.pad = growF32(ws.pad, hp*wp*c)
	// The k taps of a kernel row are k*c contiguous values of the padded
	// image: one segment per kernel row.
	ws.offs = ws.offs[:0]
	for ky := 0; ky < k; ky++ {
		ws.offs = append(ws.offs, ky*wp*c)
	}
	job := gemmJob{m: w, a: ws.pad, lda: c, offs: ws.offs, kc: k * c, b: cv.b, c: out, ldc: cv.OutC, ep: ep, ldr: cv.OutC}
	for img := 0; img < n; img++ {
		padImage(ws, ws.pad, hp, wp, c, r, r, in[img*h*w*c:], h, w, c, pre)
		for y := 0; y < h; y++ {
			job.aOff = y * wp * c
			job.cOff = (img*h + y) * w * cv.OutC
			job.rOff = job.cOff
			gemm(&job)
		}
	}
}

// Winograd F(4x4,3x3): an output tile of 4x4 points is Aᵀ[(G g Gᵀ) ⊙
// (Bᵀ d B)]A for the 6x6 input tile d and the 3x3 kernel g. The 36
// elementwise products, summed over input channels, are 36 matrix
// products (tiles × inC by inC × outC), 4x fewer multiplications than
// the direct convolution; the transforms cost a few additions per value.
var (
	winoG = [6][3]float64{
		{1.0 / 4, 0, 0},
		{-1.0 / 6, -1.0 / 6, -1.0 / 6},
		{-1.0 / 6, 1.0 / 6, -1.0 / 6},
		{1.0 / 24, 1.0 / 12, 1.0 / 6},
		{1.0 / 24, -1.0 / 12, 1.0 / 6},
		{0, 0, 1},
	}
)

// Winograd3x3 is a prepared 3x3 convolution (zero padding 1, stride 1)
// computed with Winograd's F(4x4,3x3).
type Winograd3x3 struct {
	InC, OutC int
	cin8      int         // InC rounded up to 8: the transforms' vectors
	n16       int         // OutC rounded up to gemmNR
	u         [36]*Packed // G g Gᵀ per tile position: cin8 × OutC
}

// PrepareConv3x3 prepares the 3x3 convolution from inC to outC channels
// with weights in the model's order (see above).
func PrepareConv3x3(weights []float32, inC, outC int) *Winograd3x3 {
	if len(weights) != outC*inC*9 || inC <= 0 || outC <= 0 {
		panic(fmt.Sprintf("nn: PrepareConv3x3(%d weights, %d, %d)", len(weights), inC, outC))
	}
	cv := &Winograd3x3{InC: inC, OutC: outC, cin8: (inC + 7) &^ 7, n16: (outC + gemmNR - 1) &^ (gemmNR - 1)}
	// One allocation for the 36 matrices, in the order the products read
	// them, so that the kernels' prefetching runs on from one to the next.
	size := len(newPacked(cv.cin8, outC).data)
	all := make([]float32, 36*size)
	for xi := range cv.u {
		cv.u[xi] = &Packed{K: cv.cin8, N: outC, data: all[xi*size : (xi+1)*size : (xi+1)*size]}
	}
	for oc := 0; oc < outC; oc++ {
		for ic := 0; ic < inC; ic++ {
			g := func(ky, kx int) float64 { return float64(weights[((ky*3+kx)*inC+ic)*outC+oc]) }
			var t [6][3]float64 // G g
			for i := 0; i < 6; i++ {
				for j := 0; j < 3; j++ {
					for k := 0; k < 3; k++ {
						t[i][j] += winoG[i][k] * g(k, j)
					}
				}
			}
			for i := 0; i < 6; i++ {
				for j := 0; j < 6; j++ {
					var s float64 // (G g Gᵀ)[i][j]
					for k := 0; k < 3; k++ {
						s += t[i][k] * winoG[j][k]
					}
					cv.u[i*6+j].set(ic, oc, float32(s))
				}
			}
		}
	}
	return cv
}

// winoArgs is the argument block of the assembly transforms; gemm_gen.go
// knows its field offsets (every field is 8 bytes) and TestArgOffsets
// checks them. The meaning of srcA, srcB, dstA, dstB depends on the
// transform (see there).
type winoArgs struct {
	src              unsafe.Pointer
	srcA, srcB       uintptr
	ntiles, ngroups  uintptr
	dst              unsafe.Pointer
	dstA, dstB       uintptr
	res, scale, bias unsafe.Pointer
	ni, njLast       uintptr
	tmp              unsafe.Pointer
}

// Apply writes into out (h×w×OutC, HWC) the convolution of in (h×w×InC,
// HWC), activated first by pre if not nil (its Residual must be nil),
// then post-processed by ep. out may be in or ep.Residual or both.
func (cv *Winograd3x3) Apply(ws *ConvWorkspace, in []float32, h, w int, pre *Epilogue, out []float32, ep *Epilogue) {
	cv.ApplyBatch(ws, in, 1, h, w, pre, out, ep)
}

// winoChunkBytes bounds the transformed tiles (V and M) that one pass
// of ApplyBatch works on, so they stay in the L2 cache between the
// transforms and the products.
var winoChunkBytes = 1 << 20

// ApplyBatch is Apply for n images one after the other in in, out and
// ep.Residual. The images' tiles are taken together, in chunks whose
// transforms fit in the cache, one matrix product per tile position and
// chunk.
func (cv *Winograd3x3) ApplyBatch(ws *ConvWorkspace, in []float32, n, h, w int, pre *Epilogue, out []float32, ep *Epilogue) {
	if n <= 0 || h <= 0 || w <= 0 {
		return
	}
	isz, osz := h*w*cv.InC, h*w*cv.OutC
	if len(in) < n*isz || len(out) < n*osz {
		panic("nn: Winograd3x3.Apply: image too short")
	}
	if ep != nil && (ep.Scale != nil && len(ep.Scale) < cv.OutC || ep.Bias != nil && len(ep.Bias) < cv.OutC ||
		ep.Residual != nil && len(ep.Residual) < n*osz) {
		panic("nn: Winograd3x3.Apply: epilogue too short")
	}
	cp, n16 := cv.cin8, cv.n16
	tY, tX := (h+3)/4, (w+3)/4
	hp, wp := 4*tY+2, 4*tX+2
	psz := hp * wp * cp
	// A chunk is a run of tile rows, of any images.
	rows := max(1, min(n*tY, winoChunkBytes/(36*4*(cp+n16)*tX)))
	ws.pad = growF32(ws.pad, n*psz)
	ws.v = growF32(ws.v, 36*rows*tX*cp)
	ws.m = growF32(ws.m, 36*rows*tX*n16)
	for img := 0; img < n; img++ {
		padImage(ws, ws.pad[img*psz:], hp, wp, cp, 1, 1, in[img*isz:], h, w, cv.InC, pre)
	}

	var scale, bias, res []float32
	relu := false
	if ep != nil {
		scale, bias, res, relu = ep.Scale, ep.Bias, ep.Residual, ep.ReLU
	}
	groups := 0
	if useAsm {
		groups = cv.OutC / 8
		ones, zeros := ws.onesZeros(cv.OutC)
		if scale == nil {
			scale = ones
		}
		if bias == nil {
			bias = zeros
		}
	}
	for r0 := 0; r0 < n*tY; r0 += rows {
		nr := min(rows, n*tY-r0)
		tiles := nr * tX

		// Input transform: V[ξ][tile][channel].
		for r := 0; r < nr; r++ {
			img, ty := (r0+r)/tY, (r0+r)%tY
			pad := ws.pad[img*psz : (img+1)*psz]
			if useAsm {
				args := winoArgs{
					src:  unsafe.Pointer(&pad[4*ty*wp*cp]),
					srcA: uintptr(wp * cp * 4), srcB: uintptr(cp * 4),
					ntiles: uintptr(tX), ngroups: uintptr(cp / 8),
					dst:  unsafe.Pointer(&ws.v[r*tX*cp]),
					dstA: uintptr(tiles * cp * 4), dstB: uintptr(cp * 4),
					tmp: unsafe.Pointer(&ws.tmp),
				}
				winoInput(&args)
			} else {
				winoInputGo(pad, wp, cp, ty, tX, r*tX, tiles, ws.v)
			}
		}

		// The 36 products M[ξ] = V[ξ]·U[ξ].
		segs := [1]int{0}
		job := gemmJob{m: tiles, a: ws.v, lda: cp, offs: segs[:], kc: cp, c: ws.m, ldc: n16, fullPanels: true}
		for xi := 0; xi < 36; xi++ {
			job.aOff = xi * tiles * cp
			job.cOff = xi * tiles * n16
			job.b = cv.u[xi]
			gemm(&job)
		}

		// Output transform and epilogue.
		for r := 0; r < nr; r++ {
			img, ty := (r0+r)/tY, (r0+r)%tY
			imgOut := out[img*osz : (img+1)*osz]
			var imgEp *Epilogue
			if ep != nil {
				e := *ep
				if res != nil {
					e.Residual = res[img*osz : (img+1)*osz]
				}
				imgEp = &e
			}
			if groups > 0 {
				args := winoArgs{
					src:  unsafe.Pointer(&ws.m[r*tX*n16]),
					srcA: uintptr(tiles * n16 * 4), srcB: uintptr(n16 * 4),
					ntiles: uintptr(tX), ngroups: uintptr(groups),
					dst:  unsafe.Pointer(&imgOut[4*ty*w*cv.OutC]),
					dstA: uintptr(w * cv.OutC * 4), dstB: uintptr(cv.OutC * 4),
					scale: unsafe.Pointer(&scale[0]), bias: unsafe.Pointer(&bias[0]),
					ni: uintptr(min(4, h-4*ty)), njLast: uintptr(w - 4*(tX-1)),
					tmp: unsafe.Pointer(&ws.tmp),
				}
				if res != nil {
					args.res = unsafe.Pointer(&imgEp.Residual[4*ty*w*cv.OutC])
				}
				winoOutputAsm(&args, res != nil, relu)
			}
			if groups*8 < cv.OutC {
				winoOutputGo(ws.m, tiles, n16, ty, tX, r*tX, imgOut, h, w, cv.OutC, groups*8, cv.OutC, imgEp)
			}
		}
	}
}

// bt4 is Bᵀ of F(4x4,3x3) applied to one column of 6 values.
func bt4(d0, d1, d2, d3, d4, d5 float32) (o0, o1, o2, o3, o4, o5 float32) {
	o0 = 4*d0 - 5*d2 + d4
	a, b := d4-4*d2, d3-4*d1
	o1, o2 = a+b, a-b
	c, e := d4-d2, 2*(d3-d1)
	o3, o4 = c+e, c-e
	o5 = 4*d1 - 5*d3 + d5
	return
}

// at4 is Aᵀ of F(4x4,3x3) applied to one column of 6 values.
func at4(m0, m1, m2, m3, m4, m5 float32) (o0, o1, o2, o3 float32) {
	s12, d12 := m1+m2, m1-m2
	s34, d34 := m3+m4, m3-m4
	return m0 + s12 + s34, d12 + 2*d34, s12 + 4*s34, d12 + 8*d34 + m5
}

// winoInputGo is the input transform of tile row ty, whose tiles are
// numbered from t0: V[ξ][tile][c] = (Bᵀ d B)[ξ] for the tile's 6x6
// points d of the padded image pad (wp points a row, cp channels).
func winoInputGo(pad []float32, wp, cp, ty, tX, t0, tiles int, v []float32) {
	for tx := 0; tx < tX; tx++ {
		t := t0 + tx
		base := (4*ty*wp + 4*tx) * cp
		for c := 0; c < cp; c++ {
			var d [6][6]float32
			for i := range d {
				for j := range d[i] {
					d[i][j] = pad[base+(i*wp+j)*cp+c]
				}
			}
			for j := 0; j < 6; j++ {
				d[0][j], d[1][j], d[2][j], d[3][j], d[4][j], d[5][j] = bt4(d[0][j], d[1][j], d[2][j], d[3][j], d[4][j], d[5][j])
			}
			for i := 0; i < 6; i++ {
				r := &d[i]
				r[0], r[1], r[2], r[3], r[4], r[5] = bt4(r[0], r[1], r[2], r[3], r[4], r[5])
				for l, x := range r {
					v[((i*6+l)*tiles+t)*cp+c] = x
				}
			}
		}
	}
}

// winoOutputGo is the output transform of tile row ty, whose tiles are
// numbered from t0, for channels c0..c1, with the epilogue, writing the
// points inside the h×w image out.
func winoOutputGo(m []float32, tiles, n16, ty, tX, t0 int, out []float32, h, w, outC, c0, c1 int, ep *Epilogue) {
	for tx := 0; tx < tX; tx++ {
		t := t0 + tx
		for c := c0; c < c1; c++ {
			var d [6][6]float32
			for i := range d {
				for j := range d[i] {
					d[i][j] = m[((i*6+j)*tiles+t)*n16+c]
				}
			}
			var o [4][4]float32
			for j := 0; j < 6; j++ {
				d[0][j], d[1][j], d[2][j], d[3][j] = at4(d[0][j], d[1][j], d[2][j], d[3][j], d[4][j], d[5][j])
			}
			for i := 0; i < 4; i++ {
				r := &d[i]
				o[i][0], o[i][1], o[i][2], o[i][3] = at4(r[0], r[1], r[2], r[3], r[4], r[5])
			}
			for i := 0; i < 4 && 4*ty+i < h; i++ {
				for j := 0; j < 4 && 4*tx+j < w; j++ {
					k := ((4*ty+i)*w+4*tx+j)*outC + c
					v := o[i][j]
					if ep != nil {
						if ep.Scale != nil {
							v *= ep.Scale[c]
						}
						if ep.Bias != nil {
							v += ep.Bias[c]
						}
						if ep.Residual != nil {
							v += ep.Residual[k]
						}
						if ep.ReLU && !(v >= 0) {
							v = 0
						}
					}
					out[k] = v
				}
			}
		}
	}
}
