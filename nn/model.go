package nn

import "fmt"

// SupportedVersion is the only model version this package reads: KataGo's
// g170 networks (input version 7: NumSpatialFeatures planes and
// NumGlobalFeatures values).
const SupportedVersion = 8

// A Model is a KataGo network as read from its file, batch norms folded
// into a scale and a bias per channel. Its weights are only read after
// loading, so one Model may serve any number of evaluators at once.
//
// Every activation in a model of version 8 is a ReLU; the model file names
// them but says nothing else about them, so they are not stored.
type Model struct {
	Name    string
	Version int

	// The input sizes: planes and global values.
	SpatialInputs, GlobalInputs int

	// TrunkChannels flow between the residual blocks; MidChannels inside an
	// ordinary block; RegularChannels and GpoolChannels inside a
	// global-pooling block (its regular and pooled convolutions).
	TrunkChannels, MidChannels, RegularChannels, GpoolChannels int

	InitialConv   Conv   // the spatial inputs to the trunk
	InitialMatMul MatMul // the global inputs, a bias per trunk channel
	Blocks        []Block
	TrunkTip      BatchNorm // then ReLU: the trunk's output to both heads

	Policy PolicyHead
	Value  ValueHead
}

// Conv is a convolution with zero padding that keeps the board's size
// (dilation 1, odd kernel sides).
//
// Weights are in the model file's order: Weights[((ky*KX+kx)*In+ic)*Out+oc]
// multiplies input channel ic at offset (ky-KY/2, kx-KX/2) from the output
// point into output channel oc. Row ky=0 is the kernel's top row, in the
// package's board order.
type Conv struct {
	Name    string
	KY, KX  int
	In, Out int
	Weights []float32
}

// BatchNorm is a batch normalisation folded at load time into
// y = x*Scale[c] + Bias[c] per channel c; a ReLU always follows it.
type BatchNorm struct {
	Name        string
	Channels    int
	Scale, Bias []float32
}

// MatMul is a fully connected layer without bias:
// out[oc] = sum over ic of in[ic] * Weights[ic*Out+oc].
type MatMul struct {
	Name    string
	In, Out int
	Weights []float32
}

// MatBias adds Bias[c] to channel c of a vector.
type MatBias struct {
	Name     string
	Channels int
	Bias     []float32
}

// BlockKind tells the two kinds of residual block apart.
type BlockKind int

// The residual blocks of a version 8 model.
const (
	// OrdinaryBlock: x += FinalConv(ReLU(MidBN(RegularConv(ReLU(PreBN(x)))))).
	OrdinaryBlock BlockKind = iota
	// GlobalPoolingBlock: like an ordinary block, except that a second
	// convolution of the pre-activated input (GpoolConv, GpoolBN, ReLU) is
	// pooled over the board and turned by GpoolToBias into a bias per
	// channel of RegularConv's output, before MidBN.
	GlobalPoolingBlock
)

// String names the kind as the model file does.
func (k BlockKind) String() string {
	if k == GlobalPoolingBlock {
		return "gpool_block"
	}
	return "ordinary_block"
}

// Block is one residual block of the trunk. The Gpool fields are set only
// in a GlobalPoolingBlock.
type Block struct {
	Name string
	Kind BlockKind

	PreBN       BatchNorm
	RegularConv Conv

	GpoolConv   Conv
	GpoolBN     BatchNorm
	GpoolToBias MatMul // 3*GpoolChannels pooled values to RegularChannels

	MidBN     BatchNorm
	FinalConv Conv
}

// PolicyHead turns the trunk into one logit per board point and one for
// the pass. P1Conv and G1Conv read the trunk; G1 (after G1BN and ReLU) is
// pooled over the board into 3*G1Conv.Out values, which GpoolToBias turns
// into a bias per P1 channel and GpoolToPass into the pass logit; P1 then
// goes through P1BN, ReLU and P2Conv (one output channel) to the board
// logits.
type PolicyHead struct {
	Name        string
	P1Conv      Conv
	G1Conv      Conv
	G1BN        BatchNorm
	GpoolToBias MatMul
	P1BN        BatchNorm
	P2Conv      Conv
	GpoolToPass MatMul
}

// ValueHead turns the trunk into the game's outcome, the score values and
// the ownership. V1Conv reads the trunk; V1 (after V1BN and ReLU) feeds
// OwnershipConv (one logit per point) and, pooled over the board (mean,
// and the mean scaled twice by the board's size), V2Mul, V2Bias and ReLU;
// from there V3 gives the three outcome logits (win, loss, no result) and
// SV3 the four score values (score mean, score stdev before softplus, lead,
// variance of the time left before softplus), all from the side to move.
type ValueHead struct {
	Name          string
	V1Conv        Conv
	V1BN          BatchNorm
	V2Mul         MatMul
	V2Bias        MatBias
	V3Mul         MatMul
	V3Bias        MatBias
	SV3Mul        MatMul
	SV3Bias       MatBias
	OwnershipConv Conv
}

// String describes the model in one line: its name, version, size and
// number of weights.
func (m *Model) String() string {
	gpool := 0
	for i := range m.Blocks {
		if m.Blocks[i].Kind == GlobalPoolingBlock {
			gpool++
		}
	}
	return fmt.Sprintf("%s: model version %d, %d blocks (%d with global pooling) of %d channels, %.2f M weights",
		m.Name, m.Version, len(m.Blocks), gpool, m.TrunkChannels, float64(m.Parameters())/1e6)
}

// Parameters is the number of weights the model holds (folded batch norms
// count two per channel).
func (m *Model) Parameters() int {
	n := 0
	conv := func(c *Conv) { n += len(c.Weights) }
	bn := func(b *BatchNorm) { n += len(b.Scale) + len(b.Bias) }
	mm := func(w *MatMul) { n += len(w.Weights) }
	conv(&m.InitialConv)
	mm(&m.InitialMatMul)
	for i := range m.Blocks {
		b := &m.Blocks[i]
		bn(&b.PreBN)
		conv(&b.RegularConv)
		if b.Kind == GlobalPoolingBlock {
			conv(&b.GpoolConv)
			bn(&b.GpoolBN)
			mm(&b.GpoolToBias)
		}
		bn(&b.MidBN)
		conv(&b.FinalConv)
	}
	bn(&m.TrunkTip)
	p := &m.Policy
	conv(&p.P1Conv)
	conv(&p.G1Conv)
	bn(&p.G1BN)
	mm(&p.GpoolToBias)
	bn(&p.P1BN)
	conv(&p.P2Conv)
	mm(&p.GpoolToPass)
	v := &m.Value
	conv(&v.V1Conv)
	bn(&v.V1BN)
	mm(&v.V2Mul)
	n += len(v.V2Bias.Bias)
	mm(&v.V3Mul)
	n += len(v.V3Bias.Bias)
	mm(&v.SV3Mul)
	n += len(v.SV3Bias.Bias)
	conv(&v.OwnershipConv)
	return n
}

// EvaluationFLOPs is the floating-point work of one evaluation of m on a
// board of side size: two operations (a multiply and an add) per weight
// of every convolution at every point and per weight of every matrix
// product. Batch norms, activations, pooling and the post-processing,
// each a few operations per value, are left out.
func (m *Model) EvaluationFLOPs(size int) float64 {
	area := float64(size * size)
	var macs float64
	conv := func(c *Conv) { macs += float64(len(c.Weights)) * area }
	mm := func(w *MatMul) { macs += float64(len(w.Weights)) }
	conv(&m.InitialConv)
	mm(&m.InitialMatMul)
	for i := range m.Blocks {
		b := &m.Blocks[i]
		conv(&b.RegularConv)
		if b.Kind == GlobalPoolingBlock {
			conv(&b.GpoolConv)
			mm(&b.GpoolToBias)
		}
		conv(&b.FinalConv)
	}
	p, v := &m.Policy, &m.Value
	conv(&p.P1Conv)
	conv(&p.G1Conv)
	mm(&p.GpoolToBias)
	conv(&p.P2Conv)
	mm(&p.GpoolToPass)
	conv(&v.V1Conv)
	mm(&v.V2Mul)
	mm(&v.V3Mul)
	mm(&v.SV3Mul)
	conv(&v.OwnershipConv)
	return 2 * macs
}
