package nn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
)

func TestReadSharedModel(t *testing.T) {
	m := testModel(t)
	t.Log(m)
	assert.Equal(t, "g170-b6c96-s175395328-d26788732", m.Name)
	assert.Equal(t, 8, m.Version)
	assert.Equal(t, NumSpatialFeatures, m.SpatialInputs)
	assert.Equal(t, NumGlobalFeatures, m.GlobalInputs)
	assert.Equal(t, 96, m.TrunkChannels)
	assert.Equal(t, 96, m.MidChannels)
	assert.Equal(t, 64, m.RegularChannels)
	assert.Equal(t, 32, m.GpoolChannels)
	require.Len(t, m.Blocks, 6)
	for i, b := range m.Blocks {
		want := OrdinaryBlock
		if i == 2 || i == 4 {
			want = GlobalPoolingBlock
		}
		assert.Equal(t, want, b.Kind, "block %d", i+1)
	}
	assert.Equal(t, 5, m.InitialConv.KY)
	assert.Equal(t, 32, m.Policy.P1Conv.Out)
	assert.Equal(t, 32, m.Value.V1Conv.Out)
	assert.Equal(t, 64, m.Value.V2Mul.Out)
	// The README's figure: about 1.03 M parameters (batch norms fold four
	// numbers a channel into two).
	assert.InDelta(t, 1.03e6, float64(m.Parameters()), 0.02e6)
}

// The gzipped model, uncompressed, reads the same.
func TestReadSharedModelUncompressed(t *testing.T) {
	m := testModel(t)
	raw := sharedModelBytes(t)
	m2, err := Read(bytes.NewReader(raw))
	require.NoError(t, err)
	assert.Equal(t, m, m2)
}

// sharedModelBytes returns the network file's uncompressed content.
func sharedModelBytes(t testing.TB) []byte {
	t.Helper()
	f, err := os.Open(nnfiles.ModelPath(t))
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	b, err := io.ReadAll(zr)
	require.NoError(t, err)
	return b
}

func TestBatchNormFolding(t *testing.T) {
	read := func(text string) (BatchNorm, error) {
		p := &parser{br: newTestReader(text)}
		b := p.batchNorm("test", 2)
		if p.err != nil {
			return b, p.err
		}
		return b, nil
	}
	// mean 1 2, variance 3 4, gamma 5 6, beta 7 8, epsilon 0.5.
	b, err := read("bn 2 0.5 1 1 1 2 3 4 5 6 7 8")
	require.NoError(t, err)
	for c, want := range []struct{ mean, variance, gamma, beta float32 }{{1, 3, 5, 7}, {2, 4, 6, 8}} {
		scale := want.gamma / float32(math.Sqrt(float64(want.variance+0.5)))
		assert.Equal(t, scale, b.Scale[c])
		assert.Equal(t, want.beta-want.mean*scale, b.Bias[c])
	}
	// Without gamma and beta: gamma 1, beta 0.
	b, err = read("bn 2 0.5 0 0 1 2 3 4")
	require.NoError(t, err)
	assert.Equal(t, float32(1/math.Sqrt(3.5)), b.Scale[0])
	assert.Equal(t, -b.Scale[1]*2, b.Bias[1])

	_, err = read("bn 2 0.5 0 0 1 2 -3 4")
	require.ErrorContains(t, err, "layer test/bn: channel 0: variance -3 plus epsilon is not positive")
	_, err = read("bn 3 0.5 0 0 1 2 3 4")
	require.ErrorContains(t, err, "layer test/bn: expected 2 channels, got 3")
	_, err = read("bn 2 0 0 0 1 2 3 4")
	require.ErrorContains(t, err, "epsilon must be positive")
	_, err = read("bn 2 0.5 0 2 1 2 3 4")
	require.ErrorContains(t, err, "has-bias flag must be 0 or 1, got 2")
}

// The reader's errors name what is wrong and where.
func TestReadErrors(t *testing.T) {
	good := string(tinyModel(defaultTiny()))
	cases := []struct {
		name, data, want string
	}{
		{"empty", "", "nn: not a model file (unexpected end of file)"},
		{"garbage", "\x00\x01\x02 hello", "nn: not a model file: it does not begin with a name and a model version"},
		{"long token", strings.Repeat("x", 1000), "not a model file (malformed file: a token longer than 256 bytes)"},
		{"version 5", "old-net\n5\n22\n19\n", "nn: model version 5 is not supported; Yunzi reads model version 8 (KataGo's g170 networks)"},
		{"version 11", strings.Replace(good, "\n8\n", "\n11\n", 1), "model version 11 is not supported"},
		{"input planes", strings.Replace(good, "\n22\n", "\n21\n", 1), "nn: layer header: expected 22 input planes, got 21"},
		{"in channels", strings.Replace(good, "rconv3/w1 3 3 8 8 1 1", "rconv3/w1 3 3 7 8 1 1", 1),
			"nn: layer trunk/block3/rconv3/w1: expected 8 input channels, got 7"},
		{"gpool bias", strings.Replace(good, "rconv2/w1r 6 6", "rconv2/w1r 6 5", 1),
			"nn: layer trunk/block2/rconv2/w1r: expected 6 output channels, got 5"},
		{"policy", strings.Replace(good, "p2/w 1 1 4 1", "p2/w 1 1 4 2", 1),
			"nn: layer policy head/p2/w: expected 1 output channels, got 2"},
		{"value", strings.Replace(good, "v3/b 3", "v3/b 2", 1), "nn: layer value head/v3/b: expected 3 channels, got 2"},
		{"even kernel", strings.Replace(good, "conv1 5 5", "conv1 4 4", 1), "nn: layer trunk/conv1: kernel 4x4: its sides must be odd"},
		{"dilation", strings.Replace(good, "conv1 5 5 22 8 1 1", "conv1 5 5 22 8 2 2", 1), "dilation 2x2 is not supported"},
		{"absurd", strings.Replace(good, "conv1 5 5 22 8", "conv1 5 5 22 4000000", 1),
			"nn: layer trunk/conv1: output channels must be between 1 and 4096, got 4000000"},
		{"block kind", strings.Replace(good, "ordinary_block", "dilated_block", 1), "nn: layer trunk/block1: dilated blocks are not supported"},
		{"unknown block", strings.Replace(good, "ordinary_block", "fancy_block", 1), `unknown block kind "fancy_block"`},
		{"mid channels", strings.Replace(good, "trunk\n3\n8\n8\n", "trunk\n3\n8\n9\n", 1), "mid channels (9) must be regular (6) plus dilated (2) channels"},
		{"not a number", strings.Replace(good, "ginputw 19 8\n", "ginputw 19 8\nfoo ", 1), `layer trunk/ginputw: expected a weight (a number), got "foo"`},
		{"nan", strings.Replace(good, "ginputw 19 8\n", "ginputw 19 8\nNaN ", 1), "layer trunk/ginputw: weight 0 of 152 is not a finite number (NaN)"},
		{"trailing", good + "more\n", `nn: unexpected data after the value head ('m')`},
		{"truncated", good[:len(good)/2], "unexpected end of file"},
		{"no trunk", strings.Replace(good, "trunk\n", "trunc\n", 1), `nn: layer trunk: expected the trunk, got "trunc"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := Read(strings.NewReader(c.data))
			require.Error(t, err)
			assert.Nil(t, m)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "\n", "a one-line error")
		})
	}
}

// A layer too big for any network is rejected before its weights are read.
func TestReadRejectsHugeLayer(t *testing.T) {
	p := &parser{br: newTestReader("c 15 15 4096 4096 1 1 @BIN@")}
	p.conv("test", 0, 0)
	require.EqualError(t, p.err, "nn: layer test/c: 3774873600 weights is more than any network holds")
}

// Binary arrays: a corrupt marker and a cut-off array.
func TestReadBinaryErrors(t *testing.T) {
	s := defaultTiny()
	s.binary = true
	good := tinyModel(s)
	_, err := Read(bytes.NewReader(bytes.Replace(good, []byte("@BIN@"), []byte("@BIM@"), 3)))
	require.ErrorContains(t, err, `nn: layer trunk/conv1: malformed binary weights: expected @BIN@, got "@BIM@"`)
	i := bytes.Index(good, []byte("ginputw"))
	_, err = Read(bytes.NewReader(good[:i-10]))
	require.ErrorContains(t, err, "nn: layer trunk/conv1: unexpected end of file")
}

func TestReadGzipErrors(t *testing.T) {
	z := gzipped(tinyModel(defaultTiny()))
	_, err := Read(bytes.NewReader(z[:len(z)/2]))
	require.ErrorContains(t, err, "unexpected end of file")

	// A flipped byte in the compressed data: corrupt data or a checksum
	// mismatch, depending on where it lands; never a model.
	for _, at := range []int{len(z) / 3, len(z) / 2, len(z) - 6} {
		bad := bytes.Clone(z)
		bad[at] ^= 0x55
		_, err = Read(bytes.NewReader(bad))
		require.Error(t, err, "byte %d flipped", at)
	}
	bad := bytes.Clone(z)
	bad[len(bad)-8] ^= 1 // the CRC
	_, err = Read(bytes.NewReader(bad))
	require.ErrorContains(t, err, "corrupt gzip data")

	_, err = Read(bytes.NewReader([]byte{0x1f, 0x8b, 1, 2, 3}))
	require.ErrorContains(t, err, "nn: corrupt gzip header")
}

// Load names the file; a missing file is an error too.
func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/old.bin.gz"
	require.NoError(t, os.WriteFile(path, gzipped([]byte("old 5\n")), 0o600))
	_, err := Load(path)
	require.EqualError(t, err, "nn: "+path+": model version 5 is not supported; Yunzi reads model version 8 (KataGo's g170 networks)")
	_, err = Load(dir + "/none.bin.gz")
	require.ErrorContains(t, err, "no such file")
}

// Every prefix of the shared model fails cleanly with "unexpected end of
// file" (a sample of cut points).
func TestReadTruncatedSharedModel(t *testing.T) {
	raw := sharedModelBytes(t)
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 20; i++ {
		n := 10 + rng.IntN(len(raw)-20)
		// A cut inside the last array's trailing whitespace still reads.
		_, err := Read(bytes.NewReader(raw[:n]))
		require.Error(t, err, "cut at %d", n)
		require.Contains(t, err.Error(), "unexpected end of file", "cut at %d", n)
	}
}

func newTestReader(s string) *bufio.Reader { return bufio.NewReader(strings.NewReader(s)) }
