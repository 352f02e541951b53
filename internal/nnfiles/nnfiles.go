// Package nnfiles finds, for tests, the shared KataGo network and
// KataGo's own outputs for it (golden.jsonl), and replays the golden
// positions as games. It imports only package rules, so that package nn's
// own tests can use it too; package nntest adds the loaded network.
//
// The shared network lives outside the repository, in ../shared/nn/
// beside its root, or at $YUNZI_MODEL. Where it is missing the tests that
// need it are skipped, unless the environment sets YUNZI_REQUIRE_MODEL=1,
// as CI does, which makes them fail instead.
package nnfiles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

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

// DefaultPath returns where the shared network is looked for:
// $YUNZI_MODEL, or the shared directory's file. It may not exist.
func DefaultPath() string {
	if path := os.Getenv("YUNZI_MODEL"); path != "" {
		return path
	}
	return filepath.Join(sharedDir(), SharedModelName)
}

// ModelPath returns the shared network's path: $YUNZI_MODEL, or the shared
// directory's. When the file is missing the test is skipped, or fails when
// YUNZI_REQUIRE_MODEL=1.
func ModelPath(t testing.TB) string {
	t.Helper()
	path := DefaultPath()
	if _, err := os.Stat(path); err != nil {
		Missing(t, "no network at %s (set YUNZI_MODEL)", path)
	}
	return path
}

// Missing skips a test that needs a file that is absent, or fails it when
// YUNZI_REQUIRE_MODEL=1.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("YUNZI_REQUIRE_MODEL") == "1" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
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
		Missing(t, "no golden outputs at %s", path)
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
