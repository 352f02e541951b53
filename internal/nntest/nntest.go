// Package nntest gives tests a KataGo network: a tiny synthetic one that
// needs no file (Tiny), and the shared g170 network and KataGo's own
// outputs for it (Model, Golden) when they are present (package nnfiles
// finds them, and says what happens when they are missing).
package nntest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
	"github.com/yunzi-go/yunzi/nn"
)

// Position is one golden position: see nnfiles.Position.
type Position = nnfiles.Position

// The shared files, found as package nnfiles finds them.
var (
	// ModelPath is nnfiles.ModelPath.
	ModelPath = nnfiles.ModelPath
	// Golden is nnfiles.Golden.
	Golden = nnfiles.Golden
	// Find is nnfiles.Find.
	Find = nnfiles.Find
)

var (
	sharedOnce  sync.Once
	sharedModel *nn.Model
	sharedErr   error
)

// Model loads the shared network, once for all the tests of a package
// (see ModelPath for a missing file).
func Model(t testing.TB) *nn.Model {
	t.Helper()
	path := ModelPath(t)
	sharedOnce.Do(func() { sharedModel, sharedErr = nn.Load(path) })
	if sharedErr != nil {
		t.Fatalf("loading %s: %v", path, sharedErr)
	}
	return sharedModel
}

// TinyFile returns the text of a tiny model file of version 8: KataGo's
// format and layer names, two residual blocks (an ordinary one and one
// with global pooling) of 8 channels, random weights from a fixed seed.
// It evaluates in microseconds, and its outputs mean nothing.
func TinyFile() []byte {
	const trunk, mid, regular, gpool, p1, g1, v1, v2 = 8, 8, 6, 2, 4, 3, 4, 5
	w := &tinyWriter{rng: rand.New(rand.NewPCG(1, 7))}
	w.line("tiny-test-model")
	w.line(nn.SupportedVersion)
	w.line(nn.NumSpatialFeatures)
	w.line(nn.NumGlobalFeatures)
	w.line("trunk")
	w.line(2) // blocks
	w.line(trunk)
	w.line(mid)
	w.line(regular)
	w.line(mid - regular) // dilated channels
	w.line(gpool)
	w.conv("conv1", 5, nn.NumSpatialFeatures, trunk)
	w.matMul("ginputw", nn.NumGlobalFeatures, trunk)

	w.line("ordinary_block")
	w.line("rconv1")
	w.bn("rconv1/norm1", trunk)
	w.line("rconv1/actv1")
	w.conv("rconv1/w1", 3, trunk, mid)
	w.bn("rconv1/norm2", mid)
	w.line("rconv1/actv2")
	w.conv("rconv1/w2", 3, mid, trunk)

	w.line("gpool_block")
	w.line("rconv2")
	w.bn("rconv2/norm1", trunk)
	w.line("rconv2/actv1")
	w.conv("rconv2/w1a", 3, trunk, regular)
	w.conv("rconv2/w1b", 3, trunk, gpool)
	w.bn("rconv2/norm1b", gpool)
	w.line("rconv2/actv1b")
	w.matMul("rconv2/w1r", 3*gpool, regular)
	w.bn("rconv2/norm2", regular)
	w.line("rconv2/actv2")
	w.conv("rconv2/w2", 3, regular, trunk)

	w.bn("trunk/norm", trunk)
	w.line("trunk/actv")
	w.line("policyhead")
	w.conv("p1/intermediate_conv/w", 1, trunk, p1)
	w.conv("g1/w", 1, trunk, g1)
	w.bn("g1/norm", g1)
	w.line("g1/actv")
	w.matMul("matmulg2w", 3*g1, p1)
	w.bn("p1/norm", p1)
	w.line("p1/actv")
	w.conv("p2/w", 1, p1, 1)
	w.matMul("matmulpass", 3*g1, 1)
	w.line("valuehead")
	w.conv("v1/w", 1, trunk, v1)
	w.bn("v1/norm", v1)
	w.line("v1/actv")
	w.matMul("v2/w", 3*v1, v2)
	w.matBias("v2/b", v2)
	w.line("v2/actv")
	w.matMul("v3/w", v2, 3)
	w.matBias("v3/b", 3)
	w.matMul("sv3/w", v2, 4)
	w.matBias("sv3/b", 4)
	w.conv("vownership/w", 1, v1, 1)
	return w.b.Bytes()
}

var (
	tinyOnce  sync.Once
	tinyModel *nn.Model
	tinyErr   error
)

// Tiny returns the model of TinyFile, read once; it panics if the reader
// refuses it, which would be a bug in TinyFile or in the reader.
func Tiny() *nn.Model {
	tinyOnce.Do(func() { tinyModel, tinyErr = nn.Read(bytes.NewReader(TinyFile())) })
	if tinyErr != nil {
		panic(fmt.Sprintf("nntest: the tiny model does not read: %v", tinyErr))
	}
	return tinyModel
}

// tinyWriter writes a model file's tokens, the arrays as text numbers.
type tinyWriter struct {
	b   bytes.Buffer
	rng *rand.Rand
}

func (w *tinyWriter) line(tokens ...any) {
	for i, t := range tokens {
		if i > 0 {
			w.b.WriteByte(' ')
		}
		fmt.Fprint(&w.b, t)
	}
	w.b.WriteByte('\n')
}

// floats writes n values drawn by f.
func (w *tinyWriter) floats(n int, f func() float64) {
	for i := range n {
		if i > 0 {
			w.b.WriteByte(' ')
		}
		fmt.Fprintf(&w.b, "%.5g", f())
	}
	w.b.WriteByte('\n')
}

func (w *tinyWriter) weight() float64 { return w.rng.NormFloat64() * 0.3 }

// positive draws a variance or a scale, from 0.5 to 1.5.
func (w *tinyWriter) positive() float64 { return 0.5 + w.rng.Float64() }

func (w *tinyWriter) conv(name string, k, in, out int) {
	w.line(name, k, k, in, out, 1, 1)
	w.floats(k*k*in*out, w.weight)
}

// bn writes a batch norm with a scale and a bias: mean, variance, scale,
// bias.
func (w *tinyWriter) bn(name string, c int) {
	w.line(name, c, 1e-5, 1, 1)
	w.floats(c, w.weight)
	w.floats(c, w.positive)
	w.floats(c, w.positive)
	w.floats(c, w.weight)
}

func (w *tinyWriter) matMul(name string, in, out int) {
	w.line(name, in, out)
	w.floats(in*out, w.weight)
}

func (w *tinyWriter) matBias(name string, c int) {
	w.line(name, c)
	w.floats(c, w.weight)
}
