package nn

import (
	"fmt"
	"runtime"
	"sync"
	"weak"
)

// The fast forward pass: the same network as Reference, layer for layer,
// computed with the kernels of conv.go and gemm.go on channels-last (HWC)
// images. Every batch norm and ReLU is fused into a convolution, either
// as its pre-activation (the padding copy of a block's input) or in its
// epilogue (the output write), and so is the residual sum; the 3x3
// convolutions of the trunk use Winograd's F(4x4,3x3).

// BatchEvaluator is an Evaluator that also evaluates several positions in
// one call.
type BatchEvaluator interface {
	Evaluator
	// EvaluateBatch evaluates ins[i] under symmetry syms[i] into outs[i],
	// as Evaluate would, for positions of one board size.
	EvaluateBatch(ins []*Input, syms []int, outs []*Output)
}

// fastOnce holds a Model's weights prepared for the fast pass, made on
// first use and then shared read-only by every Fast evaluator of the
// model, so that they exist once per process.
type fastOnce struct {
	once sync.Once
	net  *fastNet
}

// fastNets holds the prepared weights of each Model that has a Fast, by a
// weak pointer, so that a Model nobody holds any more is freed (and its
// entry deleted). The prepared weights do not point back to the Model
// itself, only to some of its weight slices; nor does the Model point to
// them, so that Models stay comparable by their contents.
var (
	fastMu   sync.Mutex
	fastNets = map[weak.Pointer[Model]]*fastOnce{}
)

// fastNetOf returns m's prepared weights, preparing them on first use.
func fastNetOf(m *Model) *fastNet {
	key := weak.Make(m)
	fastMu.Lock()
	f := fastNets[key]
	if f == nil {
		f = &fastOnce{}
		fastNets[key] = f
		runtime.AddCleanup(m, forgetFastNet, key)
	}
	fastMu.Unlock()
	f.once.Do(func() { f.net = prepareFast(m) })
	return f.net
}

// forgetFastNet deletes the prepared weights of a Model that is gone.
func forgetFastNet(key weak.Pointer[Model]) {
	fastMu.Lock()
	delete(fastNets, key)
	fastMu.Unlock()
}

// convKernel is a prepared convolution: a Winograd3x3 or a PreparedConv.
type convKernel interface {
	ApplyBatch(ws *ConvWorkspace, in []float32, n, h, w int, pre *Epilogue, out []float32, ep *Epilogue)
}

// fastBlock is a residual block prepared.
type fastBlock struct {
	gpool          bool
	pre            Epilogue // PreBN and ReLU: the pre-activation of the block's convolutions
	regular        convKernel
	regularC       int
	mid            Epilogue // MidBN and ReLU
	final          convKernel
	gpoolConv      convKernel
	gpoolC         int
	gpoolBN        Epilogue // GpoolBN and ReLU
	gpoolToBias    *PreparedConv
	midScale, midB []float32
}

// fastNet is a Model prepared for the fast pass: read-only once made.
type fastNet struct {
	inC, globalC, c   int // spatial inputs, global inputs, trunk channels
	midW, gpW         int // widest block middle, widest pooled branch
	initial           convKernel
	initialMul        *PreparedConv
	blocks            []fastBlock
	tip               Epilogue
	p1, g1, p2        convKernel
	p1C, g1C          int
	g1BN              Epilogue
	p1Scale, p1Bias   []float32     // P1BN
	policyBias        *PreparedConv // the pooled G1 to a bias per P1 channel
	policyPass        *PreparedConv // the pooled G1 to the pass logit
	v1, ownership     convKernel
	v1C, v2C          int
	v1BN              Epilogue
	v2, v3, sv3       *PreparedConv
	v2Ep, v3Ep, sv3Ep Epilogue
}

// bnReLU is the epilogue of a batch norm followed by a ReLU.
func bnReLU(b *BatchNorm) Epilogue {
	return Epilogue{Scale: b.Scale, Bias: b.Bias, ReLU: true}
}

func prepareFast(m *Model) *fastNet {
	f := &fastNet{
		inC: m.SpatialInputs, globalC: m.GlobalInputs, c: m.TrunkChannels,
		initial:    prepareConv(&m.InitialConv),
		initialMul: prepareMatMul(&m.InitialMatMul),
		tip:        bnReLU(&m.TrunkTip),
	}
	for i := range m.Blocks {
		b := &m.Blocks[i]
		fb := fastBlock{
			gpool:    b.Kind == GlobalPoolingBlock,
			pre:      bnReLU(&b.PreBN),
			regular:  prepareConv(&b.RegularConv),
			regularC: b.RegularConv.Out,
			mid:      bnReLU(&b.MidBN),
			final:    prepareConv(&b.FinalConv),
			midScale: b.MidBN.Scale,
			midB:     b.MidBN.Bias,
		}
		f.midW = max(f.midW, fb.regularC)
		if fb.gpool {
			fb.gpoolConv = prepareConv(&b.GpoolConv)
			fb.gpoolC = b.GpoolConv.Out
			fb.gpoolBN = bnReLU(&b.GpoolBN)
			fb.gpoolToBias = prepareMatMul(&b.GpoolToBias)
			f.gpW = max(f.gpW, fb.gpoolC)
		}
		f.blocks = append(f.blocks, fb)
	}
	ph, vh := &m.Policy, &m.Value
	f.p1, f.p1C = prepareConv(&ph.P1Conv), ph.P1Conv.Out
	f.g1, f.g1C = prepareConv(&ph.G1Conv), ph.G1Conv.Out
	f.g1BN = bnReLU(&ph.G1BN)
	f.p1Scale, f.p1Bias = ph.P1BN.Scale, ph.P1BN.Bias
	f.p2 = prepareConv(&ph.P2Conv)
	f.policyBias = prepareMatMul(&ph.GpoolToBias)
	f.policyPass = prepareMatMul(&ph.GpoolToPass)
	f.v1, f.v1C = prepareConv(&vh.V1Conv), vh.V1Conv.Out
	f.v1BN = bnReLU(&vh.V1BN)
	f.v2C = vh.V2Mul.Out
	f.v2, f.v2Ep = prepareMatMul(&vh.V2Mul), Epilogue{Bias: vh.V2Bias.Bias, ReLU: true}
	f.v3, f.v3Ep = prepareMatMul(&vh.V3Mul), Epilogue{Bias: vh.V3Bias.Bias}
	f.sv3, f.sv3Ep = prepareMatMul(&vh.SV3Mul), Epilogue{Bias: vh.SV3Bias.Bias}
	f.ownership = prepareConv(&vh.OwnershipConv)
	return f
}

// prepareConv prepares c: by Winograd when it is 3x3, directly
// otherwise, a kernel of unequal sides centred in a square one of zeros.
func prepareConv(c *Conv) convKernel {
	if c.KY == 3 && c.KX == 3 {
		return PrepareConv3x3(c.Weights, c.In, c.Out)
	}
	k := max(c.KY, c.KX)
	w := c.Weights
	if c.KY != c.KX {
		w = make([]float32, k*k*c.In*c.Out)
		oy, ox := (k-c.KY)/2, (k-c.KX)/2
		tap := c.In * c.Out // the weights of one kernel position
		for ky := 0; ky < c.KY; ky++ {
			for kx := 0; kx < c.KX; kx++ {
				copy(w[((ky+oy)*k+kx+ox)*tap:][:tap], c.Weights[(ky*c.KX+kx)*tap:][:tap])
			}
		}
	}
	return PrepareConv(w, c.In, c.Out, k)
}

func prepareMatMul(w *MatMul) *PreparedConv { return PrepareMatMul(w.Weights, w.In, w.Out) }

// Fast is the fast forward pass of a Model, the one Model.NewEvaluator
// returns: the same layers and outputs as Reference (within float32
// rounding), several times faster. The weights, prepared for the kernels
// on the first Fast of a Model, are shared by all of that Model's Fast
// evaluators; each Fast keeps its own scratch space (grown to the largest
// board and batch it has seen, then reused: nothing is allocated per
// evaluation after that), so one must not be used by two goroutines at
// once.
//
// EvaluateBatch evaluates several positions in one pass through the
// network: each convolution then multiplies the weights with the points
// of all the positions at once, so that every weight loaded from memory
// serves several positions, and the per-layer costs (calls, the small
// pooling products, the heads) are paid once a batch. The gain is small
// on this package's kernels, which are already limited by arithmetic
// rather than by memory for one position, 9x9 included; a batch serves
// rather a search that collects positions anyway.
type Fast struct {
	net *fastNet
	ws  ConvWorkspace

	capPoints, capImages int // the scratch space holds this many points and images

	in, trunk, act, mid, gp []float32 // images of all the batch's positions
	p1, g1, v1              []float32
	policy, owner           []float32 // one plane per position, in the network's frame
	pooled, sums, maxs      []float32 // pooled rows, one a position; one image's pooling
	rowBias, fusedBias      []float32
	global                  []float32
	v2, v3, sv3, pass       []float32

	resEp, actEp Epilogue // epilogues set per call
	one          [1]*Input
	oneSym       [1]int
	oneOut       [1]*Output
	raw          RawOutput
}

// NewFast returns a fast evaluator of m, preparing m's weights for it if
// no Fast of m has yet.
func NewFast(m *Model) *Fast { return &Fast{net: fastNetOf(m)} }

// Evaluate runs the network on in under symmetry s (0 to 7, see
// SymmetricIndex) and post-processes its outputs into out (see
// PostProcess). It panics when in does not fit the model or s is out of
// range, as Reference.Evaluate does.
func (e *Fast) Evaluate(in *Input, s int, out *Output) {
	e.one[0], e.oneSym[0], e.oneOut[0] = in, s, out
	e.EvaluateBatch(e.one[:], e.oneSym[:], e.oneOut[:])
	e.one[0], e.oneOut[0] = nil, nil
}

// Forward runs the network on in under symmetry s and writes its raw
// outputs, in the package's board order, to raw (whose slices are reused
// when large enough), as Reference.Forward does.
func (e *Fast) Forward(in *Input, s int, raw *RawOutput) {
	e.one[0], e.oneSym[0] = in, s
	e.forward(e.one[:], e.oneSym[:])
	e.one[0] = nil
	e.rawOutput(0, in.Size, s, raw)
}

// EvaluateBatch evaluates ins[i] under symmetry syms[i] into outs[i] for
// every i, all in one pass through the network (see Fast). The positions
// must have one board size; the three slices must have one length. It
// panics otherwise, or when an input does not fit the model.
func (e *Fast) EvaluateBatch(ins []*Input, syms []int, outs []*Output) {
	if len(syms) != len(ins) || len(outs) != len(ins) {
		panic(fmt.Sprintf("nn: EvaluateBatch: %d inputs, %d symmetries, %d outputs", len(ins), len(syms), len(outs)))
	}
	if len(ins) == 0 {
		return
	}
	e.forward(ins, syms)
	size := ins[0].Size
	for i, in := range ins {
		e.rawOutput(i, size, syms[i], &e.raw)
		PostProcess(in, &e.raw, outs[i])
	}
}

// check panics unless the inputs fit the model and each other.
func (e *Fast) check(ins []*Input, syms []int) {
	inC := e.net.inC
	size := ins[0].Size
	for i, in := range ins {
		n := in.Size
		area := n * n
		s := syms[i]
		if n < 1 || n != size || len(in.Spatial) != inC*area || len(in.Legal) != area+1 || s < 0 || s >= NumSymmetries {
			panic(fmt.Sprintf("nn: Fast: input %d of size %d (the first's %d) with %d spatial values and %d legal flags, symmetry %d: want %d*%d*%d values, %d flags, symmetry 0 to 7",
				i, n, size, len(in.Spatial), len(in.Legal), s, inC, n, n, area+1))
		}
	}
}

// grow makes the scratch space big enough for images images of area
// points each.
func (e *Fast) grow(images, area int) {
	points := images * area
	if points <= e.capPoints && images <= e.capImages {
		return
	}
	f := e.net
	e.capPoints, e.capImages = max(points, e.capPoints), max(images, e.capImages)
	p, n := e.capPoints, e.capImages
	poolW := max(f.gpW, f.g1C, f.v1C)
	e.in = make([]float32, p*f.inC)
	e.trunk = make([]float32, p*f.c)
	e.act = make([]float32, p*f.c)
	e.mid = make([]float32, p*f.midW)
	e.gp = make([]float32, p*f.gpW)
	e.p1 = make([]float32, p*f.p1C)
	e.g1 = make([]float32, p*f.g1C)
	e.v1 = make([]float32, p*f.v1C)
	e.policy = make([]float32, p)
	e.owner = make([]float32, p)
	e.pooled = make([]float32, n*3*poolW)
	e.sums = make([]float32, poolW)
	e.maxs = make([]float32, poolW)
	e.rowBias = make([]float32, n*max(f.c, f.midW, f.p1C))
	e.fusedBias = make([]float32, max(f.midW, f.p1C))
	e.global = make([]float32, n*f.globalC)
	e.v2 = make([]float32, n*f.v2C)
	e.v3 = make([]float32, n*3)
	e.sv3 = make([]float32, n*4)
	e.pass = make([]float32, n)
}

// forward runs the network on the batch, leaving the outputs in the
// scratch space, for rawOutput to collect.
func (e *Fast) forward(ins []*Input, syms []int) {
	e.check(ins, syms)
	f, ws := e.net, &e.ws
	nb, size := len(ins), ins[0].Size
	area := size * size
	e.grow(nb, area)
	points := nb * area

	// The inputs, in the network's frame, and the initial convolution,
	// whose bias comes from each position's global inputs.
	for i, in := range ins {
		e.loadInput(e.in[i*area*f.inC:(i+1)*area*f.inC], in, syms[i])
		copy(e.global[i*f.globalC:(i+1)*f.globalC], in.Global[:f.globalC])
	}
	f.initialMul.ApplyBatch(ws, e.global, 1, nb, 1, nil, e.rowBias, nil)
	trunk := e.trunk[:points*f.c]
	for i := range nb {
		e.actEp = Epilogue{Bias: e.rowBias[i*f.c : (i+1)*f.c]}
		f.initial.ApplyBatch(ws, e.in[i*area*f.inC:], 1, size, size, nil, trunk[i*area*f.c:(i+1)*area*f.c], &e.actEp)
	}
	e.actEp = Epilogue{}

	// The residual blocks.
	e.resEp.Residual = trunk
	for i := range f.blocks {
		b := &f.blocks[i]
		mid := e.mid[:points*b.regularC]
		if !b.gpool {
			b.regular.ApplyBatch(ws, trunk, nb, size, size, &b.pre, mid, &b.mid)
		} else {
			gp := e.gp[:points*b.gpoolC]
			b.gpoolConv.ApplyBatch(ws, trunk, nb, size, size, &b.pre, gp, &b.gpoolBN)
			e.globalPool(gp, nb, area, b.gpoolC, false)
			b.gpoolToBias.ApplyBatch(ws, e.pooled, 1, nb, 1, nil, e.rowBias, nil)
			// MidBN of the regular branch plus a position's bias is MidBN
			// with the bias scaled into MidBN's own.
			if nb == 1 {
				e.fuse(e.rowBias[:b.regularC], b.midScale, b.midB)
				b.regular.ApplyBatch(ws, trunk, nb, size, size, &b.pre, mid, &e.actEp)
			} else {
				b.regular.ApplyBatch(ws, trunk, nb, size, size, &b.pre, mid, nil)
				for k := range nb {
					e.fuse(e.rowBias[k*b.regularC:(k+1)*b.regularC], b.midScale, b.midB)
					Activate(ws, mid[k*area*b.regularC:(k+1)*area*b.regularC], b.regularC, &e.actEp)
				}
			}
			e.actEp = Epilogue{}
		}
		b.final.ApplyBatch(ws, mid, nb, size, size, nil, trunk, &e.resEp)
	}
	e.resEp.Residual = nil
	act := e.act[:points*f.c]
	activatePoints(ws, act, f.c, trunk, f.c, points, f.c, &f.tip)

	// The policy head: P1 plus a bias per position from the pooled G1,
	// then P1BN, ReLU and P2; the pass from the pooled G1.
	p1 := e.p1[:points*f.p1C]
	f.p1.ApplyBatch(ws, act, nb, size, size, nil, p1, nil)
	g1 := e.g1[:points*f.g1C]
	f.g1.ApplyBatch(ws, act, nb, size, size, nil, g1, &f.g1BN)
	e.globalPool(g1, nb, area, f.g1C, false)
	f.policyBias.ApplyBatch(ws, e.pooled, 1, nb, 1, nil, e.rowBias, nil)
	f.policyPass.ApplyBatch(ws, e.pooled, 1, nb, 1, nil, e.pass, nil)
	for k := range nb {
		e.fuse(e.rowBias[k*f.p1C:(k+1)*f.p1C], f.p1Scale, f.p1Bias)
		Activate(ws, p1[k*area*f.p1C:(k+1)*area*f.p1C], f.p1C, &e.actEp)
	}
	e.actEp = Epilogue{}
	f.p2.ApplyBatch(ws, p1, nb, size, size, nil, e.policy[:points], nil)

	// The value head.
	v1 := e.v1[:points*f.v1C]
	f.v1.ApplyBatch(ws, act, nb, size, size, nil, v1, &f.v1BN)
	e.globalPool(v1, nb, area, f.v1C, true)
	f.v2.ApplyBatch(ws, e.pooled, 1, nb, 1, nil, e.v2, &f.v2Ep)
	f.v3.ApplyBatch(ws, e.v2, 1, nb, 1, nil, e.v3, &f.v3Ep)
	f.sv3.ApplyBatch(ws, e.v2, 1, nb, 1, nil, e.sv3, &f.sv3Ep)
	f.ownership.ApplyBatch(ws, v1, nb, size, size, nil, e.owner[:points], nil)
}

// fuse sets e.actEp to the batch norm (scale, bias) and ReLU of values
// that have bias[c] added first: the scale, and bias*scale + the norm's
// bias.
func (e *Fast) fuse(bias, scale, bnBias []float32) {
	fused := e.fusedBias[:len(bias)]
	for c, b := range bias {
		fused[c] = b*scale[c] + bnBias[c]
	}
	e.actEp = Epilogue{Scale: scale, Bias: fused, ReLU: true}
}

// loadInput writes in's planes into dst as an HWC image in the network's
// frame under symmetry s.
func (e *Fast) loadInput(dst []float32, in *Input, s int) {
	n, c := in.Size, e.net.inC
	area := n * n
	src := in.Spatial[:c*area]
	for i := 0; i < area; i++ {
		j := SymmetricIndex(i, n, s)
		d := dst[j*c : (j+1)*c]
		for k := range d {
			d[k] = src[k*area+i]
		}
	}
}

// globalPool pools each of the nb images of x (area points of c channels)
// into a row of 3*c values of e.pooled, as KataGo's global pooling does
// (see globalPool in reference.go): the means, the means scaled by the
// board's size, then the maxima; or, for the value head, the means, the
// means scaled by the board's size, and the means scaled by the square of
// that less 0.1 (see valuePool).
func (e *Fast) globalPool(x []float32, nb, area, c int, value bool) {
	scale := boardScale(area)
	sums, maxs := e.sums[:c], e.maxs[:c]
	for k := range nb {
		ChannelPool(x[k*area*c:(k+1)*area*c], c, sums, maxs)
		row := e.pooled[k*3*c : (k+1)*3*c]
		for ch, sum := range sums {
			mean := sum / float32(area)
			row[ch] = mean
			row[c+ch] = mean * scale
			if value {
				row[2*c+ch] = mean * (scale*scale - 0.1)
			} else {
				row[2*c+ch] = maxs[ch]
			}
		}
	}
}

// rawOutput writes the raw outputs of the batch's k-th position, of
// symmetry s, into raw, in the package's board order.
func (e *Fast) rawOutput(k, size, s int, raw *RawOutput) {
	area := size * size
	raw.Policy = resize(raw.Policy, area)
	raw.Ownership = resize(raw.Ownership, area)
	UndoSymmetry(raw.Policy, e.policy[k*area:(k+1)*area], 1, size, s)
	UndoSymmetry(raw.Ownership, e.owner[k*area:(k+1)*area], 1, size, s)
	raw.Pass = e.pass[k]
	copy(raw.Value[:], e.v3[k*3:(k+1)*3])
	copy(raw.Score[:], e.sv3[k*4:(k+1)*4])
}
