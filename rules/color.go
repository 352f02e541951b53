package rules

import (
	"fmt"
	"strings"
)

// Color is the content of a point: empty, a black or white stone, or the
// edge of the board (the padding around it).
type Color uint8

// The point contents.
const (
	Empty Color = iota
	Black
	White
	Edge
)

// Opponent returns the other player's colour. It is meant for Black and White.
func (c Color) Opponent() Color { return 3 - c }

// String returns "black", "white", "empty" or "edge".
func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "edge"
}

// Letter returns "B" or "W" for a player, as GTP results and SGF use.
func (c Color) Letter() string {
	if c == White {
		return "W"
	}
	return "B"
}

// ParseColor reads a player's colour as GTP writes it: "b", "w", "black" or
// "white", in any case.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	}
	return Empty, fmt.Errorf("invalid color %q", s)
}

// Sign returns +1 for Black, -1 for White and 0 for anything else,
// without a branch: ownership counts add it up over many positions, where
// which colour owns a point is a coin toss to the branch predictor.
func (c Color) Sign() int { return b2i(c == Black) - b2i(c == White) }
