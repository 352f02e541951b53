package nn

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
)

// The model file format (KataGo's, cpp/neuralnet/desc.cpp): a text header
// and layers as whitespace-separated tokens, each weight array either as
// text numbers (.txt.gz) or as "@BIN@" and little-endian float32 (.bin.gz);
// the whole usually gzipped. Each array's form is told by its first
// character, so both formats, and plain files, go through the same code.

// Limits on the sizes a model file may declare, far above any KataGo
// network: they reject absurd headers before anything is allocated.
const (
	maxChannels    = 4096
	maxKernel      = 15
	maxBlocks      = 1024
	maxLayerFloats = 1 << 27
	maxToken       = 256
	floatChunk     = 1 << 14 // floats read (and allocated) at a time
)

// A FormatError says why a model could not be read and where: the file
// (set by Load) and the layer.
type FormatError struct {
	Path  string // the file, "" when read from a stream
	Layer string // the layer being read, "" for the header
	Msg   string
}

// Error says it in one line: "nn: FILE: layer LAYER: what is wrong".
func (e *FormatError) Error() string {
	s := "nn: "
	if e.Path != "" {
		s += e.Path + ": "
	}
	if e.Layer != "" {
		s += "layer " + e.Layer + ": "
	}
	return s + e.Msg
}

// Load reads the model file at path (see Read).
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nn: %w", err)
	}
	defer f.Close()
	m, err := Read(f)
	if fe, ok := err.(*FormatError); ok {
		fe.Path = path
	}
	return m, err
}

// Read reads a KataGo model of version 8 from r: gzipped or not (told by
// its first bytes), its weights in binary or in text. It checks every
// layer's shape against its neighbours and folds the batch norms. Any
// error is a *FormatError naming the layer.
func Read(r io.Reader) (*Model, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	magic, _ := br.Peek(2)
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, &FormatError{Msg: "corrupt gzip header: " + err.Error()}
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	p := &parser{br: br}
	m := p.model()
	if p.err != nil {
		return nil, p.err
	}
	return m, nil
}

// parser reads a model's tokens. Its error is sticky: after the first
// failure every read returns zero values, and callers check p.err before
// trusting what they read.
type parser struct {
	br    *bufio.Reader
	err   *FormatError
	layer string
	tok   []byte
	bytes []byte
}

func (p *parser) failf(format string, args ...any) {
	if p.err == nil {
		p.err = &FormatError{Layer: p.layer, Msg: fmt.Sprintf(format, args...)}
	}
}

// ioFail records a read error of the underlying stream.
func (p *parser) ioFail(err error) {
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		p.failf("unexpected end of file")
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader), errors.As(err, new(flate.CorruptInputError)):
		p.failf("corrupt gzip data: %v", err)
	default:
		p.failf("reading the file: %v", err)
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// skipSpace consumes whitespace and reports the next byte (without
// consuming it), or the error that ended the stream.
func (p *parser) skipSpace() (byte, error) {
	for {
		c, err := p.br.ReadByte()
		if err != nil {
			return 0, err
		}
		if !isSpace(c) {
			if err := p.br.UnreadByte(); err != nil {
				return 0, err
			}
			return c, nil
		}
	}
}

// token reads the next whitespace-separated token.
func (p *parser) token() string {
	if p.err != nil {
		return ""
	}
	if _, err := p.skipSpace(); err != nil {
		p.ioFail(err)
		return ""
	}
	p.tok = p.tok[:0]
	for {
		c, err := p.br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			p.ioFail(err)
			return ""
		}
		if isSpace(c) {
			break
		}
		if len(p.tok) == maxToken {
			p.failf("malformed file: a token longer than %d bytes", maxToken)
			return ""
		}
		p.tok = append(p.tok, c)
	}
	return string(p.tok)
}

// integer reads a whole number described by what.
func (p *parser) integer(what string) int {
	t := p.token()
	if p.err != nil {
		return 0
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		p.failf("expected %s (a whole number), got %q", what, t)
		return 0
	}
	return n
}

// size reads a whole number that must lie in [1, limit].
func (p *parser) size(what string, limit int) int {
	n := p.integer(what)
	if p.err == nil && (n < 1 || n > limit) {
		p.failf("%s must be between 1 and %d, got %d", what, limit, n)
		return 0
	}
	return n
}

// flag reads a 0 or 1.
func (p *parser) flag(what string) bool {
	n := p.integer(what)
	if p.err == nil && n != 0 && n != 1 {
		p.failf("%s must be 0 or 1, got %d", what, n)
	}
	return n == 1
}

// number reads one text float.
func (p *parser) number(what string) float32 {
	t := p.token()
	if p.err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(t, 32)
	if err != nil {
		p.failf("expected %s (a number), got %q", what, t)
		return 0
	}
	return float32(f)
}

// floats reads an array of n weights, binary or text. Its memory grows
// with the data actually read, so a header that lies about sizes cannot
// make it allocate much more than the file holds.
func (p *parser) floats(n int) []float32 {
	if p.err != nil {
		return nil
	}
	c, err := p.skipSpace()
	if err != nil {
		p.ioFail(err)
		return nil
	}
	out := make([]float32, 0, min(n, floatChunk))
	if c != '@' {
		for len(out) < n && p.err == nil {
			out = append(out, p.number("a weight"))
		}
	} else {
		var marker [5]byte
		if _, err := io.ReadFull(p.br, marker[:]); err != nil {
			p.ioFail(err)
			return nil
		}
		if string(marker[:]) != "@BIN@" {
			p.failf("malformed binary weights: expected @BIN@, got %q", marker[:])
			return nil
		}
		if p.bytes == nil {
			p.bytes = make([]byte, 4*floatChunk)
		}
		for len(out) < n {
			k := min(n-len(out), floatChunk)
			b := p.bytes[:4*k]
			if _, err := io.ReadFull(p.br, b); err != nil {
				p.ioFail(err)
				return nil
			}
			for i := 0; i < k; i++ {
				out = append(out, math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:])))
			}
		}
	}
	if p.err != nil {
		return nil
	}
	for i, f := range out {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			p.failf("weight %d of %d is not a finite number (%v)", i, n, f)
			return nil
		}
	}
	return out
}

// enter names the layer the next errors are about: the section (or block)
// and the layer's own name in the file.
func (p *parser) enter(section string) string {
	name := p.token()
	p.layer = section + "/" + name
	return name
}

// expect checks one dimension of the layer just read against what its
// neighbours say it must be.
func (p *parser) expect(what string, want, got int) {
	if p.err == nil && want != got {
		p.failf("expected %d %s, got %d", want, what, got)
	}
}

// conv reads a convolution layer; in and out, when positive, are the
// channel counts it must have.
func (p *parser) conv(section string, in, out int) Conv {
	var c Conv
	c.Name = p.enter(section)
	c.KY = p.size("kernel height", maxKernel)
	c.KX = p.size("kernel width", maxKernel)
	c.In = p.size("input channels", maxChannels)
	c.Out = p.size("output channels", maxChannels)
	dy := p.integer("vertical dilation")
	dx := p.integer("horizontal dilation")
	if p.err != nil {
		return c
	}
	if c.KY%2 == 0 || c.KX%2 == 0 {
		p.failf("kernel %dx%d: its sides must be odd", c.KY, c.KX)
	}
	if dy != 1 || dx != 1 {
		p.failf("dilation %dx%d is not supported (only 1x1)", dy, dx)
	}
	if in > 0 {
		p.expect("input channels", in, c.In)
	}
	if out > 0 {
		p.expect("output channels", out, c.Out)
	}
	n := c.KY * c.KX * c.In * c.Out
	if p.err == nil && n > maxLayerFloats {
		p.failf("%d weights is more than any network holds", n)
	}
	c.Weights = p.floats(n)
	return c
}

// batchNorm reads a batch norm layer of the given number of channels (when
// positive) and folds it into a scale and a bias per channel, in float32
// exactly as KataGo computes them: scale = gamma / sqrt(var + eps),
// bias = beta - mean*scale (gamma 1 and beta 0 when the file has none).
func (p *parser) batchNorm(section string, channels int) BatchNorm {
	var b BatchNorm
	b.Name = p.enter(section)
	b.Channels = p.size("channels", maxChannels)
	eps := p.number("epsilon")
	hasScale := p.flag("has-scale flag")
	hasBias := p.flag("has-bias flag")
	if p.err != nil {
		return b
	}
	if channels > 0 {
		p.expect("channels", channels, b.Channels)
	}
	if p.err == nil && !(eps > 0) {
		p.failf("epsilon must be positive, got %v", eps)
	}
	n := b.Channels
	mean := p.floats(n)
	variance := p.floats(n)
	var gamma, beta []float32
	if hasScale {
		gamma = p.floats(n)
	}
	if hasBias {
		beta = p.floats(n)
	}
	if p.err != nil {
		return b
	}
	b.Scale = make([]float32, n)
	b.Bias = make([]float32, n)
	for c := 0; c < n; c++ {
		v := variance[c] + eps
		if !(v > 0) {
			p.failf("channel %d: variance %v plus epsilon is not positive", c, variance[c])
			return b
		}
		g := float32(1)
		if hasScale {
			g = gamma[c]
		}
		scale := g / float32(math.Sqrt(float64(v)))
		var bias float32
		if hasBias {
			bias = beta[c]
		}
		b.Scale[c] = scale
		b.Bias[c] = bias - float32(mean[c]*scale)
	}
	return b
}

// activation reads an activation layer: in version 8 only its name, and
// it is always a ReLU.
func (p *parser) activation(section string) {
	p.enter(section)
}

// matMul reads a fully connected layer of in inputs and out outputs (each
// checked when positive).
func (p *parser) matMul(section string, in, out int) MatMul {
	var w MatMul
	w.Name = p.enter(section)
	w.In = p.size("input channels", 3*maxChannels)
	w.Out = p.size("output channels", maxChannels)
	if p.err != nil {
		return w
	}
	if in > 0 {
		p.expect("input channels", in, w.In)
	}
	if out > 0 {
		p.expect("output channels", out, w.Out)
	}
	w.Weights = p.floats(w.In * w.Out)
	return w
}

// matBias reads a bias layer of the given number of channels.
func (p *parser) matBias(section string, channels int) MatBias {
	var b MatBias
	b.Name = p.enter(section)
	b.Channels = p.size("channels", maxChannels)
	if p.err != nil {
		return b
	}
	p.expect("channels", channels, b.Channels)
	b.Bias = p.floats(b.Channels)
	return b
}

// model reads the whole file: header, trunk, policy head, value head.
func (p *parser) model() *Model {
	m := &Model{}
	m.Name = p.token()
	v := p.token()
	if p.err != nil {
		p.err.Msg = "not a model file (" + p.err.Msg + ")"
		return nil
	}
	version, err := strconv.Atoi(v)
	if err != nil {
		p.failf("not a model file: it does not begin with a name and a model version")
		return nil
	}
	if version != SupportedVersion {
		p.failf("model version %d is not supported; Yunzi reads model version %d (KataGo's g170 networks)",
			version, SupportedVersion)
		return nil
	}
	m.Version = version
	p.layer = "header"
	m.SpatialInputs = p.size("input planes", maxChannels)
	m.GlobalInputs = p.size("global inputs", maxChannels)
	p.expect("input planes", NumSpatialFeatures, m.SpatialInputs)
	p.expect("global inputs", NumGlobalFeatures, m.GlobalInputs)

	p.trunk(m)
	p.policyHead(m)
	p.valueHead(m)
	if p.err != nil {
		return nil
	}
	// Only whitespace may follow: this also reads a gzip stream to its end,
	// which checks its checksum.
	p.layer = ""
	if c, err := p.skipSpace(); err == nil {
		p.failf("unexpected data after the value head (%q)", c)
	} else if err != io.EOF {
		p.ioFail(err)
	}
	if p.err != nil {
		return nil
	}
	return m
}

func (p *parser) trunk(m *Model) {
	p.layer = "trunk"
	if name := p.token(); p.err == nil && name != "trunk" {
		p.failf("expected the trunk, got %q", name)
	}
	numBlocks := p.size("number of blocks", maxBlocks)
	m.TrunkChannels = p.size("trunk channels", maxChannels)
	m.MidChannels = p.size("mid channels", maxChannels)
	m.RegularChannels = p.size("regular channels", maxChannels)
	dilated := p.size("dilated channels", maxChannels)
	m.GpoolChannels = p.size("global pooling channels", maxChannels)
	if p.err != nil {
		return
	}
	if m.MidChannels != m.RegularChannels+dilated {
		p.failf("mid channels (%d) must be regular (%d) plus dilated (%d) channels",
			m.MidChannels, m.RegularChannels, dilated)
		return
	}
	tc := m.TrunkChannels
	m.InitialConv = p.conv("trunk", m.SpatialInputs, tc)
	m.InitialMatMul = p.matMul("trunk", m.GlobalInputs, tc)
	for i := 0; i < numBlocks && p.err == nil; i++ {
		section := fmt.Sprintf("trunk/block%d", i+1)
		p.layer = section
		var b Block
		switch kind := p.token(); {
		case p.err != nil:
		case kind == "ordinary_block":
			b.Kind = OrdinaryBlock
			b.Name = p.token()
			b.PreBN = p.batchNorm(section, tc)
			p.activation(section)
			b.RegularConv = p.conv(section, tc, m.MidChannels)
			b.MidBN = p.batchNorm(section, m.MidChannels)
			p.activation(section)
			b.FinalConv = p.conv(section, m.MidChannels, tc)
		case kind == "gpool_block":
			b.Kind = GlobalPoolingBlock
			b.Name = p.token()
			b.PreBN = p.batchNorm(section, tc)
			p.activation(section)
			b.RegularConv = p.conv(section, tc, m.RegularChannels)
			b.GpoolConv = p.conv(section, tc, m.GpoolChannels)
			b.GpoolBN = p.batchNorm(section, m.GpoolChannels)
			p.activation(section)
			b.GpoolToBias = p.matMul(section, 3*m.GpoolChannels, m.RegularChannels)
			b.MidBN = p.batchNorm(section, m.RegularChannels)
			p.activation(section)
			b.FinalConv = p.conv(section, m.RegularChannels, tc)
		case kind == "dilated_block":
			p.failf("dilated blocks are not supported")
		default:
			p.failf("unknown block kind %q", kind)
		}
		m.Blocks = append(m.Blocks, b)
	}
	m.TrunkTip = p.batchNorm("trunk", tc)
	p.activation("trunk")
}

func (p *parser) policyHead(m *Model) {
	const section = "policy head"
	h := &m.Policy
	p.layer = section
	h.Name = p.token()
	tc := m.TrunkChannels
	h.P1Conv = p.conv(section, tc, 0)
	h.G1Conv = p.conv(section, tc, 0)
	h.G1BN = p.batchNorm(section, h.G1Conv.Out)
	p.activation(section)
	h.GpoolToBias = p.matMul(section, 3*h.G1Conv.Out, h.P1Conv.Out)
	h.P1BN = p.batchNorm(section, h.P1Conv.Out)
	p.activation(section)
	h.P2Conv = p.conv(section, h.P1Conv.Out, 1)
	h.GpoolToPass = p.matMul(section, 3*h.G1Conv.Out, 1)
}

func (p *parser) valueHead(m *Model) {
	const section = "value head"
	h := &m.Value
	p.layer = section
	h.Name = p.token()
	h.V1Conv = p.conv(section, m.TrunkChannels, 0)
	h.V1BN = p.batchNorm(section, h.V1Conv.Out)
	p.activation(section)
	h.V2Mul = p.matMul(section, 3*h.V1Conv.Out, 0)
	h.V2Bias = p.matBias(section, h.V2Mul.Out)
	p.activation(section)
	h.V3Mul = p.matMul(section, h.V2Mul.Out, 3)
	h.V3Bias = p.matBias(section, 3)
	h.SV3Mul = p.matMul(section, h.V2Mul.Out, 4)
	h.SV3Bias = p.matBias(section, 4)
	h.OwnershipConv = p.conv(section, h.V1Conv.Out, 1)
}
