// Package nntest gives tests a KataGo network: a tiny synthetic one that
// needs no file (Tiny), the shared g170 network and KataGo's own outputs
// for it (Model, Golden) when they are present.
//
// The shared network lives outside the repository, in ../shared/nn/
// beside its root, or at $YUNZI_MODEL. Where it is missing the tests that
// need it are skipped, unless the environment sets YUNZI_REQUIRE_MODEL=1,
// as CI does, which makes them fail instead.
package nntest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// SharedModelName is the file name of the shared network: KataGo's final
// 6-block network of its 2020 run.
const SharedModelName = "g170-b6c96-s175395328-d26788732.bin.gz"

// sharedDir is the shared network's directory: ../shared/nn beside the
// repository's root, found from this file's own place so that tests of
// any package agree.
func sharedDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return filepath.Join("..", "shared", "nn")
	}
	root := filepath.Join(filepath.Dir(file), "..", "..")
	return filepath.Join(root, "..", "shared", "nn")
}

// ModelPath returns the shared network's path: $YUNZI_MODEL, or the shared
// directory's. When the file is missing the test is skipped, or fails when
// YUNZI_REQUIRE_MODEL=1.
func ModelPath(t testing.TB) string {
	t.Helper()
	path := os.Getenv("YUNZI_MODEL")
	if path == "" {
		path = filepath.Join(sharedDir(), SharedModelName)
	}
	if _, err := os.Stat(path); err != nil {
		missing(t, "no network at %s (set YUNZI_MODEL)", path)
	}
	return path
}

// missing skips a test that needs a file that is absent, or fails it when
// YUNZI_REQUIRE_MODEL=1.
func missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("YUNZI_REQUIRE_MODEL") == "1" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

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

// Position is one line of golden.jsonl, KataGo's `kata-raw-nn 0` for the
// shared network on one position (see the README beside it): the
// position's record, and the outputs from White's view, board arrays row
// by row from the top.
type Position struct {
	ID                 string      `json:"id"`
	Size               int         `json:"size"`
	Komi               float64     `json:"komi"`
	Handicap           []string    `json:"handicap"`
	Moves              [][2]string `json:"moves"`
	ToMove             string      `json:"to_move"`
	Win                float64     `json:"win"`
	Loss               float64     `json:"loss"`
	NoResult           float64     `json:"no_result"`
	WhiteLead          float64     `json:"white_lead"`
	WhiteScoreSelfplay float64     `json:"white_score_selfplay"`
	Policy             []float64   `json:"policy"`
	PolicyPass         float64     `json:"policy_pass"`
	WhiteOwnership     []float64   `json:"white_ownership"`
}

// Golden reads golden.jsonl from beside the shared network (see ModelPath
// for a missing file).
func Golden(t testing.TB) []Position {
	t.Helper()
	path := filepath.Join(filepath.Dir(ModelPath(t)), "golden.jsonl")
	data, err := os.ReadFile(path)
	if err != nil {
		missing(t, "no golden outputs at %s", path)
	}
	var out []Position
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var p Position
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// Find returns the golden position with the given id, failing the test
// when there is none.
func Find(t testing.TB, positions []Position, id string) *Position {
	t.Helper()
	for i := range positions {
		if positions[i].ID == id {
			return &positions[i]
		}
	}
	t.Fatalf("no golden position %q", id)
	return nil
}

// Game replays the position's record under its rules (Chinese, positional
// superko, one point to White per handicap stone).
func (p *Position) Game() (*rules.Game, error) {
	opts := rules.DefaultOptions()
	opts.Komi = p.Komi
	g, err := rules.NewGame(p.Size, opts)
	if err != nil {
		return nil, err
	}
	if len(p.Handicap) > 0 {
		var stones []rules.Point
		for _, v := range p.Handicap {
			pt, err := rules.ParsePoint(v)
			if err != nil {
				return nil, fmt.Errorf("%s: handicap %s: %w", p.ID, v, err)
			}
			stones = append(stones, pt)
		}
		if err := g.SetHandicap(stones); err != nil {
			return nil, fmt.Errorf("%s: %w", p.ID, err)
		}
	}
	for i, m := range p.Moves {
		c, err := rules.ParseColor(m[0])
		if err != nil {
			return nil, fmt.Errorf("%s: move %d: %w", p.ID, i+1, err)
		}
		pt, err := rules.ParsePoint(m[1])
		if err != nil {
			return nil, fmt.Errorf("%s: move %d: %w", p.ID, i+1, err)
		}
		if err := g.Play(rules.Move{Color: c, Point: pt}); err != nil {
			return nil, fmt.Errorf("%s: move %d %v: %w", p.ID, i+1, m, err)
		}
	}
	return g, nil
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
