package rules

import (
	"fmt"
	"strings"
)

// Diagram symbols.
const (
	blackSymbol = 'X'
	whiteSymbol = 'O'
	emptySymbol = '.'
)

// String draws the board as a diagram with coordinates, top row first:
// X for black, O for white, . for empty. ParseDiagram reads it back.
func (b *Board) String() string { return b.Diagram(Pass) }

// Diagram draws the board like String, with the stone on last (if any)
// marked by parentheses, as GNU Go's showboard does.
func (b *Board) Diagram(last Point) string {
	size := b.Size()
	var sb strings.Builder
	letters := func() {
		sb.WriteString("  ")
		for x := 0; x < size; x++ {
			sb.WriteByte(' ')
			sb.WriteByte(columnLetters[x])
		}
		sb.WriteByte('\n')
	}
	letters()
	for y := size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%2d", y+1)
		for x := 0; x < size; x++ {
			p := PointAt(x, y)
			switch {
			case p == last:
				sb.WriteByte('(')
			case PointAt(x-1, y) == last && x > 0:
				sb.WriteByte(')')
			default:
				sb.WriteByte(' ')
			}
			sb.WriteByte(symbol(b.color[p]))
		}
		if PointAt(size-1, y) == last {
			sb.WriteByte(')')
		} else {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d\n", y+1)
	}
	letters()
	return sb.String()
}

func symbol(c Color) byte {
	switch c {
	case Black:
		return blackSymbol
	case White:
		return whiteSymbol
	}
	return emptySymbol
}

// ParseDiagram reads a board drawn as text: one line a row, top row first,
// X (or x) for black, O (or o) for white, . or + for empty, with or without
// the coordinates and parentheses that String and Diagram print. Lines with
// other letters (coordinate headers, captions) and blank lines are skipped.
// The stones must form a valid position (every chain has a liberty).
func ParseDiagram(s string) (*Board, error) {
	var rows [][]Color
	for _, line := range strings.Split(s, "\n") {
		var row []Color
		skip := false
		for _, r := range line {
			switch r {
			case 'X', 'x':
				row = append(row, Black)
			case 'O', 'o':
				row = append(row, White)
			case '.', '+':
				row = append(row, Empty)
			default:
				if 'A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' {
					skip = true
				}
			}
		}
		if !skip && len(row) > 0 {
			rows = append(rows, row)
		}
	}
	size := len(rows)
	if !ValidSize(size) {
		return nil, fmt.Errorf("diagram has %d rows: %w", size, ErrBadSize)
	}
	b := NewBoard(size)
	var black, white []Point
	for i, row := range rows {
		if len(row) != size {
			return nil, fmt.Errorf("diagram row %d has %d points, want %d", i+1, len(row), size)
		}
		for x, c := range row {
			switch p := PointAt(x, size-1-i); c {
			case Black:
				black = append(black, p)
			case White:
				white = append(white, p)
			}
		}
	}
	if err := b.Setup(Black, black); err != nil {
		return nil, err
	}
	if err := b.Setup(White, white); err != nil {
		return nil, err
	}
	return b, nil
}
