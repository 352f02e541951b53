package nn

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
	"github.com/yunzi-go/yunzi/rules"
)

var (
	sharedModelOnce sync.Once
	sharedModel     *Model
	sharedModelErr  error
)

// testModel loads the network once for all tests.
func testModel(t testing.TB) *Model {
	t.Helper()
	path := nnfiles.ModelPath(t)
	sharedModelOnce.Do(func() { sharedModel, sharedModelErr = Load(path) })
	require.NoError(t, sharedModelErr)
	return sharedModel
}

// A tinySpec describes a small synthetic version 8 model for tests of the
// reader and the forward pass that need no network file.
type tinySpec struct {
	blocks                        string // one letter a block: o(rdinary) or g(pool)
	trunk, mid, regular, gpool    int
	p1, g1, v1, v2                int
	binary                        bool
	scaleless                     bool // batch norms without gamma
	seed                          uint64
	initialKernel, blockKernel    int
	policyKernel, ownershipKernel int
}

func defaultTiny() tinySpec {
	return tinySpec{
		blocks: "ogo", trunk: 8, mid: 8, regular: 6, gpool: 2,
		p1: 4, g1: 3, v1: 4, v2: 5, seed: 1,
		initialKernel: 5, blockKernel: 3, policyKernel: 1, ownershipKernel: 1,
	}
}

// tinyModelWriter writes a model file's text, its arrays as text or binary.
type tinyModelWriter struct {
	b   bytes.Buffer
	bin bool
	rng *rand.Rand
}

func (w *tinyModelWriter) line(tokens ...any) {
	for i, t := range tokens {
		if i > 0 {
			w.b.WriteByte(' ')
		}
		fmt.Fprint(&w.b, t)
	}
	w.b.WriteByte('\n')
}

// floats writes n values drawn by f.
func (w *tinyModelWriter) floats(n int, f func() float32) {
	if w.bin {
		w.b.WriteString("@BIN@")
		for i := 0; i < n; i++ {
			_ = binary.Write(&w.b, binary.LittleEndian, f())
		}
		w.b.WriteByte('\n')
		return
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			w.b.WriteByte(' ')
		}
		fmt.Fprintf(&w.b, "%g", f())
	}
	w.b.WriteByte('\n')
}

func (w *tinyModelWriter) weight() float32 { return float32(w.rng.NormFloat64() * 0.3) }

func (w *tinyModelWriter) conv(name string, k, in, out int) {
	w.line(name, k, k, in, out, 1, 1)
	w.floats(k*k*in*out, w.weight)
}

func (w *tinyModelWriter) bn(name string, c int, scaleless bool) {
	hasScale := 1
	if scaleless {
		hasScale = 0
	}
	w.line(name, c, 1e-5, hasScale, 1)
	w.floats(c, w.weight)                                                 // mean
	w.floats(c, func() float32 { return float32(0.5 + w.rng.Float64()) }) // variance
	if !scaleless {
		w.floats(c, func() float32 { return float32(0.5 + w.rng.Float64()) })
	}
	w.floats(c, w.weight) // bias
}

func (w *tinyModelWriter) matMul(name string, in, out int) {
	w.line(name, in, out)
	w.floats(in*out, w.weight)
}

func (w *tinyModelWriter) matBias(name string, c int) {
	w.line(name, c)
	w.floats(c, w.weight)
}

// tinyModel returns the model file s describes, uncompressed.
func tinyModel(s tinySpec) []byte {
	w := &tinyModelWriter{bin: s.binary, rng: rand.New(rand.NewPCG(s.seed, 7))}
	w.line("tiny-test-model")
	w.line(8)
	w.line(NumSpatialFeatures)
	w.line(NumGlobalFeatures)
	w.line("trunk")
	w.line(len(s.blocks))
	w.line(s.trunk)
	w.line(s.mid)
	w.line(s.regular)
	w.line(s.mid - s.regular)
	w.line(s.gpool)
	w.conv("conv1", s.initialKernel, NumSpatialFeatures, s.trunk)
	w.matMul("ginputw", NumGlobalFeatures, s.trunk)
	for i, kind := range s.blocks {
		n := fmt.Sprintf("rconv%d", i+1)
		if kind == 'g' {
			w.line("gpool_block")
			w.line(n)
			w.bn(n+"/norm1", s.trunk, s.scaleless)
			w.line(n + "/actv1")
			w.conv(n+"/w1a", s.blockKernel, s.trunk, s.regular)
			w.conv(n+"/w1b", s.blockKernel, s.trunk, s.gpool)
			w.bn(n+"/norm1b", s.gpool, s.scaleless)
			w.line(n + "/actv1b")
			w.matMul(n+"/w1r", 3*s.gpool, s.regular)
			w.bn(n+"/norm2", s.regular, s.scaleless)
			w.line(n + "/actv2")
			w.conv(n+"/w2", s.blockKernel, s.regular, s.trunk)
		} else {
			w.line("ordinary_block")
			w.line(n)
			w.bn(n+"/norm1", s.trunk, s.scaleless)
			w.line(n + "/actv1")
			w.conv(n+"/w1", s.blockKernel, s.trunk, s.mid)
			w.bn(n+"/norm2", s.mid, s.scaleless)
			w.line(n + "/actv2")
			w.conv(n+"/w2", s.blockKernel, s.mid, s.trunk)
		}
	}
	w.bn("trunk/norm", s.trunk, s.scaleless)
	w.line("trunk/actv")
	w.line("policyhead")
	w.conv("p1/intermediate_conv/w", s.policyKernel, s.trunk, s.p1)
	w.conv("g1/w", s.policyKernel, s.trunk, s.g1)
	w.bn("g1/norm", s.g1, s.scaleless)
	w.line("g1/actv")
	w.matMul("matmulg2w", 3*s.g1, s.p1)
	w.bn("p1/norm", s.p1, s.scaleless)
	w.line("p1/actv")
	w.conv("p2/w", s.policyKernel, s.p1, 1)
	w.matMul("matmulpass", 3*s.g1, 1)
	w.line("valuehead")
	w.conv("v1/w", s.policyKernel, s.trunk, s.v1)
	w.bn("v1/norm", s.v1, s.scaleless)
	w.line("v1/actv")
	w.matMul("v2/w", 3*s.v1, s.v2)
	w.matBias("v2/b", s.v2)
	w.line("v2/actv")
	w.matMul("v3/w", s.v2, 3)
	w.matBias("v3/b", 3)
	w.matMul("sv3/w", s.v2, 4)
	w.matBias("sv3/b", 4)
	w.conv("vownership/w", s.ownershipKernel, s.v1, 1)
	return w.b.Bytes()
}

func gzipped(b []byte) []byte {
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return out.Bytes()
}

// randomInput returns a board input of the given side with random planes,
// globals and legal moves (pass always legal).
func randomInput(size int, seed uint64) *Input {
	rng := rand.New(rand.NewPCG(seed, 11))
	area := size * size
	in := &Input{Size: size, Spatial: make([]float32, NumSpatialFeatures*area), Legal: make([]bool, area+1)}
	for i := range in.Spatial {
		if i < area {
			in.Spatial[i] = 1 // on board
		} else if rng.IntN(5) == 0 {
			in.Spatial[i] = 1
		}
	}
	for i := range in.Global {
		in.Global[i] = float32(rng.NormFloat64() * 0.5)
	}
	for i := range in.Legal {
		in.Legal[i] = i == area || rng.IntN(6) != 0
	}
	in.ToMove = rules.Black
	if rng.IntN(2) == 0 {
		in.ToMove = rules.White
	}
	return in
}

// maxDiff returns the largest absolute difference between a and b and
// where it is.
func maxDiff(a, b []float32) (float64, int) {
	worst, at := 0.0, -1
	for i := range a {
		if d := math.Abs(float64(a[i]) - float64(b[i])); d > worst || at < 0 {
			worst, at = d, i
		}
	}
	return worst, at
}

func TestTinyModelReadsInBothFormats(t *testing.T) {
	for _, bin := range []bool{false, true} {
		for _, gz := range []bool{false, true} {
			t.Run(fmt.Sprintf("binary=%v,gzip=%v", bin, gz), func(t *testing.T) {
				s := defaultTiny()
				s.binary = bin
				data := tinyModel(s)
				if gz {
					data = gzipped(data)
				}
				m, err := Read(bytes.NewReader(data))
				require.NoError(t, err)
				require.Equal(t, "tiny-test-model", m.Name)
				require.Len(t, m.Blocks, 3)
				require.Equal(t, GlobalPoolingBlock, m.Blocks[1].Kind)
				require.Equal(t, "rconv2", m.Blocks[1].Name)
				require.Equal(t, 6, m.Blocks[1].GpoolToBias.Out)
				require.True(t, strings.HasPrefix(m.String(), "tiny-test-model: model version 8, 3 blocks (1 with global pooling) of 8 channels"), m.String())
			})
		}
	}
}

// Models of other shapes read and run through the same code: the g170
// networks differ only in their numbers of blocks and channels.
func TestTinyModelShapes(t *testing.T) {
	for i, change := range []func(*tinySpec){
		func(s *tinySpec) { s.blocks = "o" },
		func(s *tinySpec) { s.blocks = "g" },
		func(s *tinySpec) { s.blocks = "oogoogoo"; s.trunk, s.mid, s.regular, s.gpool = 12, 12, 8, 4 },
		func(s *tinySpec) { s.p1, s.g1, s.v1, s.v2 = 1, 1, 1, 1 },
		func(s *tinySpec) { s.initialKernel, s.blockKernel, s.policyKernel, s.ownershipKernel = 3, 5, 3, 1 },
		func(s *tinySpec) { s.scaleless, s.binary = true, true },
	} {
		s := defaultTiny()
		change(&s)
		m, err := Read(bytes.NewReader(gzipped(tinyModel(s))))
		require.NoError(t, err, "shape %d", i)
		require.Len(t, m.Blocks, len(s.blocks), "shape %d", i)
		var out Output
		e := NewReference(m)
		for _, n := range []int{2, 7} {
			e.Evaluate(randomInput(n, uint64(i)), i%NumSymmetries, &out)
			sum := float64(out.PolicyPass)
			for _, p := range out.Policy {
				if p >= 0 {
					sum += float64(p)
				}
			}
			require.InDelta(t, 1, sum, 1e-4, "shape %d size %d: policy sums to 1", i, n)
			require.InDelta(t, 1, float64(out.WhiteWin+out.WhiteLoss+out.NoResult), 1e-5)
		}
	}
}
