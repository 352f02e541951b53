package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// maxFuzzOps bounds the actions decoded from one input, so that each run is
// quick and the fuzzer explores widely.
const maxFuzzOps = 300

// FuzzGame decodes bytes into a board size and a sequence of moves, passes,
// undos, setups, turn overrides and resignations, and runs them through the
// harness: no panic, and after each action the game equals the reference
// implementation (stones, chains, liberties, hash, ko, captures, history).
//
// Byte 0 picks the size (small sizes four times out of five), byte 1 the
// superko rule; then each pair of bytes is one action, see fuzzAction.
func FuzzGame(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 0, 0, 10, 0, 10, 0})                        // 1x1: the only point, then two passes
	f.Add([]byte{1, 0, 0, 0, 0, 4, 9, 1, 0, 3, 11, 0, 0, 2, 0, 5}) // 2x2 captures and undo
	f.Add([]byte{4, 1, 0, 7, 0, 11, 0, 13, 0, 17, 0, 12, 0, 6, 0, 8, 0, 12, 12, 5, 11, 0})
	f.Add([]byte{200, 0, 0, 30, 0, 31, 0, 32, 13, 1, 0, 33, 14, 0, 11, 0, 15, 3, 12, 200})
	rng := rand.New(rand.NewPCG(1, 2))
	for range 8 {
		data := make([]byte, 2+2*rng.IntN(100))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		size, superko := 3, rules.Positional
		if len(data) >= 2 {
			size = 1 + int(data[0])%7
			if data[0] >= 200 {
				size = 1 + int(data[0])%rules.MaxSize
			}
			if data[1]&1 == 1 {
				superko = rules.Situational
			}
			data = data[2:]
		}
		h := newHarness(t, "fuzz", size, superko, rand.New(rand.NewPCG(0, 0)))
		for i := 0; i+1 < len(data) && i < 2*maxFuzzOps; i += 2 {
			fuzzAction(h, size, data[i], data[i+1])
		}
		h.undoAll()
	})
}

// fuzzAction applies the action coded by op and arg. The low four bits of
// op choose it: 0-8 a move by the side to move, 9 a move by the other side,
// 10 a pass, 11 an undo, 12 a setup of colour op>>4%3, 13 a turn override,
// 14 a resignation then an undo, 15 a move with an invalid colour.
func fuzzAction(h *harness, size int, op, arg byte) {
	p := fuzzPoint(size, arg)
	c := h.g.ToMove()
	switch op & 15 {
	case 9:
		h.play(rules.Move{Color: c.Opponent(), Point: p})
	case 10:
		h.play(rules.Move{Color: c, Point: rules.Pass})
	case 11:
		h.undo()
	case 12:
		h.setup(rules.Color(op>>4%3), []rules.Point{p})
	case 13:
		h.setToMove(rules.Black + rules.Color(arg&1))
	case 14:
		if h.g.MoveNumber() > 0 && !h.ref.top().setup {
			h.resign(rules.Black + rules.Color(arg&1))
			h.play(rules.Move{Color: c, Point: rules.Pass})
			h.undo()
		}
	case 15:
		h.play(rules.Move{Color: []rules.Color{rules.Empty, rules.Edge}[arg&1], Point: p})
	default:
		h.play(rules.Move{Color: c, Point: p})
	}
}

// fuzzPoint maps a byte to a point of a (size+1)x(size+1) grid, so that
// some points fall just off the board; 255 is a pass.
func fuzzPoint(size int, arg byte) rules.Point {
	if arg == 255 {
		return rules.Pass
	}
	n := int(arg)
	return rules.PointAt(n%(size+1), n/(size+1)%(size+1))
}
