package nn

import (
	"fmt"
	"math"
)

// Reference is the reference forward pass: plain float32 Go, one layer
// after the other as KataGo defines them, written to be read and trusted
// rather than to be fast. Activations are planes: channel c of a board of
// area A at [c*A, (c+1)*A), points in the package's board order.
//
// A Reference keeps its own scratch buffers (grown to the largest board
// it has seen, then reused), so one must not be used by two goroutines at
// once; any number of References may share one Model.
type Reference struct {
	m    *Model
	size int

	input   []float32 // the spatial input in the network's frame
	trunk   []float32 // the residual stream
	act     []float32 // activated trunk (the blocks' and heads' input)
	mid     []float32 // a block's middle, the policy's P1, the value's V1
	mid2    []float32 // ...activated
	gpool   []float32 // a block's pooled branch, the policy's G1
	pooled  []float32 // pooled values
	bias    []float32 // a vector of one value per channel
	v2      []float32 // the value head's hidden layer
	policy  []float32 // policy logits in the network's frame
	owner   []float32 // ownership logits in the network's frame
	raw     RawOutput
	maxArea int
}

// NewReference returns a reference evaluator of m.
func NewReference(m *Model) *Reference { return &Reference{m: m} }

// Evaluate runs the network on in under symmetry s (0 to 7, numbered as
// KataGo numbers them: see SymmetricIndex) and post-processes its outputs
// into out (see PostProcess). It panics when in does not fit the model
// (its planes, its Legal) or s is out of range: those are programming
// errors.
func (e *Reference) Evaluate(in *Input, s int, out *Output) {
	e.Forward(in, s, &e.raw)
	PostProcess(in, &e.raw, out)
}

// Forward runs the network on in under symmetry s and writes its raw
// outputs, in the package's board order, to raw (whose slices are reused
// when large enough).
func (e *Reference) Forward(in *Input, s int, raw *RawOutput) {
	m := e.m
	n := in.Size
	area := n * n
	if n < 1 || len(in.Spatial) != m.SpatialInputs*area || len(in.Legal) != area+1 || s < 0 || s >= NumSymmetries {
		panic(fmt.Sprintf("nn: Forward: input of size %d with %d spatial values and %d legal flags, symmetry %d: want %d*%d*%d values, %d flags, symmetry 0 to 7",
			n, len(in.Spatial), len(in.Legal), s, m.SpatialInputs, n, n, area+1))
	}
	e.grow(area)
	e.size = n

	ApplySymmetry(e.input, in.Spatial, m.SpatialInputs, n, s)

	// Trunk: the initial convolution plus a bias from the global inputs.
	trunk := e.trunk[:m.TrunkChannels*area]
	e.conv(&m.InitialConv, e.input, trunk, false)
	matMul(&m.InitialMatMul, in.Global[:m.GlobalInputs], e.bias)
	addChannelBias(trunk, e.bias[:m.TrunkChannels], area)

	act := e.act[:m.TrunkChannels*area]
	for i := range m.Blocks {
		b := &m.Blocks[i]
		batchNormReLU(&b.PreBN, trunk, act, area)
		mid := e.mid[:b.RegularConv.Out*area]
		e.conv(&b.RegularConv, act, mid, false)
		if b.Kind == GlobalPoolingBlock {
			g := e.gpool[:b.GpoolConv.Out*area]
			e.conv(&b.GpoolConv, act, g, false)
			batchNormReLU(&b.GpoolBN, g, g, area)
			pooled := e.pooled[:3*b.GpoolConv.Out]
			globalPool(g, pooled, b.GpoolConv.Out, area)
			matMul(&b.GpoolToBias, pooled, e.bias)
			addChannelBias(mid, e.bias[:b.RegularConv.Out], area)
		}
		mid2 := e.mid2[:len(mid)]
		batchNormReLU(&b.MidBN, mid, mid2, area)
		e.conv(&b.FinalConv, mid2, trunk, true)
	}
	batchNormReLU(&m.TrunkTip, trunk, act, area)

	// Policy head.
	ph := &m.Policy
	p1 := e.mid[:ph.P1Conv.Out*area]
	e.conv(&ph.P1Conv, act, p1, false)
	g1 := e.gpool[:ph.G1Conv.Out*area]
	e.conv(&ph.G1Conv, act, g1, false)
	batchNormReLU(&ph.G1BN, g1, g1, area)
	pooled := e.pooled[:3*ph.G1Conv.Out]
	globalPool(g1, pooled, ph.G1Conv.Out, area)
	matMul(&ph.GpoolToBias, pooled, e.bias)
	addChannelBias(p1, e.bias[:ph.P1Conv.Out], area)
	p1a := e.mid2[:len(p1)]
	batchNormReLU(&ph.P1BN, p1, p1a, area)
	e.conv(&ph.P2Conv, p1a, e.policy[:area], false)
	var pass [1]float32
	matMul(&ph.GpoolToPass, pooled, pass[:])

	// Value head.
	vh := &m.Value
	v1 := e.mid[:vh.V1Conv.Out*area]
	e.conv(&vh.V1Conv, act, v1, false)
	batchNormReLU(&vh.V1BN, v1, v1, area)
	vpooled := e.pooled[:3*vh.V1Conv.Out]
	valuePool(v1, vpooled, vh.V1Conv.Out, area)
	v2 := e.v2[:vh.V2Mul.Out]
	matMul(&vh.V2Mul, vpooled, v2)
	for i := range v2 {
		v2[i] = relu(v2[i] + vh.V2Bias.Bias[i])
	}
	matMul(&vh.V3Mul, v2, raw.Value[:])
	for i := range raw.Value {
		raw.Value[i] += vh.V3Bias.Bias[i]
	}
	matMul(&vh.SV3Mul, v2, raw.Score[:])
	for i := range raw.Score {
		raw.Score[i] += vh.SV3Bias.Bias[i]
	}
	e.conv(&vh.OwnershipConv, v1, e.owner[:area], false)

	raw.Policy = resize(raw.Policy, area)
	raw.Ownership = resize(raw.Ownership, area)
	UndoSymmetry(raw.Policy, e.policy, 1, n, s)
	UndoSymmetry(raw.Ownership, e.owner, 1, n, s)
	raw.Pass = pass[0]
}

// grow makes the scratch buffers big enough for a board of the given area.
func (e *Reference) grow(area int) {
	if area <= e.maxArea {
		return
	}
	m := e.m
	widest := max(m.TrunkChannels, m.MidChannels, m.RegularChannels, m.Policy.P1Conv.Out, m.Value.V1Conv.Out)
	pooledWidest := max(m.GpoolChannels, m.Policy.G1Conv.Out, m.Value.V1Conv.Out)
	e.input = make([]float32, m.SpatialInputs*area)
	e.trunk = make([]float32, m.TrunkChannels*area)
	e.act = make([]float32, m.TrunkChannels*area)
	e.mid = make([]float32, widest*area)
	e.mid2 = make([]float32, widest*area)
	e.gpool = make([]float32, pooledWidest*area)
	e.pooled = make([]float32, 3*pooledWidest)
	e.bias = make([]float32, max(widest, m.Value.V2Mul.Out))
	e.v2 = make([]float32, m.Value.V2Mul.Out)
	e.policy = make([]float32, area)
	e.owner = make([]float32, area)
	e.maxArea = area
}

// conv computes the convolution c of src into dst (planes of the current
// board), or adds it to dst when accumulate is set. Points beyond the
// board's edge count as zero.
func (e *Reference) conv(c *Conv, src, dst []float32, accumulate bool) {
	n := e.size
	area := n * n
	if !accumulate {
		clear(dst[:c.Out*area])
	}
	ry, rx := c.KY/2, c.KX/2
	for oc := 0; oc < c.Out; oc++ {
		out := dst[oc*area : (oc+1)*area]
		for ic := 0; ic < c.In; ic++ {
			in := src[ic*area : (ic+1)*area]
			for ky := 0; ky < c.KY; ky++ {
				dy := ky - ry
				y0, y1 := max(0, -dy), min(n, n-dy)
				for kx := 0; kx < c.KX; kx++ {
					w := c.Weights[((ky*c.KX+kx)*c.In+ic)*c.Out+oc]
					dx := kx - rx
					x0, x1 := max(0, -dx), min(n, n-dx)
					if w == 0 || x0 >= x1 {
						continue
					}
					for y := y0; y < y1; y++ {
						o := out[y*n+x0 : y*n+x1]
						i := in[(y+dy)*n+x0+dx : (y+dy)*n+x1+dx]
						for x := range o {
							o[x] += w * i[x]
						}
					}
				}
			}
		}
	}
}

// batchNormReLU applies a folded batch norm and a ReLU from src to dst
// (which may be the same).
func batchNormReLU(b *BatchNorm, src, dst []float32, area int) {
	for c := 0; c < b.Channels; c++ {
		scale, bias := b.Scale[c], b.Bias[c]
		s, d := src[c*area:(c+1)*area], dst[c*area:(c+1)*area]
		for i := range d {
			d[i] = relu(s[i]*scale + bias)
		}
	}
}

func relu(x float32) float32 {
	if x > 0 {
		return x
	}
	return 0
}

// matMul computes out = in * w.
func matMul(w *MatMul, in, out []float32) {
	out = out[:w.Out]
	clear(out)
	for ic := 0; ic < w.In; ic++ {
		x := in[ic]
		row := w.Weights[ic*w.Out : (ic+1)*w.Out]
		for oc := range out {
			out[oc] += x * row[oc]
		}
	}
}

// addChannelBias adds bias[c] to every point of plane c.
func addChannelBias(planes, bias []float32, area int) {
	for c, b := range bias {
		p := planes[c*area : (c+1)*area]
		for i := range p {
			p[i] += b
		}
	}
}

// boardScale is KataGo's board-size factor of pooled means:
// (sqrt(area) - 14) / 10, so 0.5 on 19x19 and -0.5 on 9x9.
func boardScale(area int) float32 {
	return (float32(math.Sqrt(float64(area))) - 14) * 0.1
}

// globalPool pools each of the channels planes into out: the means, then
// the means scaled by the board's size, then the maxima (KataGo's
// global pooling; every point is on the board, so no mask).
func globalPool(planes, out []float32, channels, area int) {
	scale := boardScale(area)
	for c := 0; c < channels; c++ {
		p := planes[c*area : (c+1)*area]
		var sum float32
		mx := p[0]
		for _, x := range p {
			sum += x
			mx = max(mx, x)
		}
		mean := sum / float32(area)
		out[c] = mean
		out[channels+c] = mean * scale
		out[2*channels+c] = mx
	}
}

// valuePool pools each of the channels planes into out as the value head
// does: the means, the means scaled by the board's size, and the means
// scaled by the square of that less 0.1.
func valuePool(planes, out []float32, channels, area int) {
	scale := boardScale(area)
	for c := 0; c < channels; c++ {
		var sum float32
		for _, x := range planes[c*area : (c+1)*area] {
			sum += x
		}
		mean := sum / float32(area)
		out[c] = mean
		out[channels+c] = mean * scale
		out[2*channels+c] = mean * (scale*scale - 0.1)
	}
}
