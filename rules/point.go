package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxSize is the largest board side the package supports (GTP's limit).
const MaxSize = 25

// stride is the distance between vertically adjacent points: the widest
// row plus one column of padding on each side. Using one stride for every
// board size makes a Point mean the same intersection on every board, so
// points can be parsed and printed without knowing the size.
const stride = MaxSize + 2

// maxPoints bounds every Point value: the padded 27x27 grid.
const maxPoints = stride * stride

// Point is an intersection, or Pass. Internally it is an index into a grid
// padded by one line of Edge points on every side, with rows counted from
// the bottom as GTP numbers them.
type Point int16

// Pass is the point of a pass move. It lies in the padding, never on a board.
const Pass Point = 0

// PointAt returns the point in column x and row y, both counted from 0 at the
// bottom-left corner (A1).
func PointAt(x, y int) Point { return Point((y+1)*stride + x + 1) }

// X returns the column, 0 for column A.
func (p Point) X() int { return int(p)%stride - 1 }

// Y returns the row, 0 for row 1 at the bottom.
func (p Point) Y() int { return int(p)/stride - 1 }

// neighbour offsets: north, south, east, west, then the diagonals.
var (
	orthogonal = [4]Point{stride, -stride, 1, -1}
	diagonal   = [4]Point{stride + 1, stride - 1, -stride + 1, -stride - 1}
)

// columnLetters are GTP's column names: A to Z without I.
const columnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// String returns the point as GTP writes it ("D4", "pass").
func (p Point) String() string {
	if p == Pass {
		return "pass"
	}
	x, y := p.X(), p.Y()
	if x < 0 || x >= MaxSize || y < 0 || y >= MaxSize {
		return fmt.Sprintf("Point(%d)", int(p))
	}
	return string(columnLetters[x]) + strconv.Itoa(y+1)
}

// ParsePoint reads a GTP vertex: a column letter A-Z skipping I and a row
// number from 1, in any case, or "pass". It checks only the syntax and the
// 25x25 limit; Board.Contains tells whether the point is on a given board.
func ParsePoint(s string) (Point, error) {
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if len(s) < 2 || len(s) > 3 {
		return Pass, fmt.Errorf("invalid vertex %q", s)
	}
	x := strings.IndexByte(columnLetters, upper(s[0]))
	if x < 0 {
		return Pass, fmt.Errorf("invalid vertex %q", s)
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || row < 1 || row > MaxSize || s[1] == '0' || s[1] == '+' {
		return Pass, fmt.Errorf("invalid vertex %q", s)
	}
	return PointAt(x, row-1), nil
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// SGF returns the point in SGF coordinates for a board of the given size
// ("dd"; "" for a pass). SGF counts rows from the top.
func (p Point) SGF(size int) string {
	if p == Pass {
		return ""
	}
	return string([]byte{byte('a' + p.X()), byte('a' + size - 1 - p.Y())})
}

// ParseSGFPoint reads SGF coordinates on a board of the given size. An empty
// value, and "tt" on boards up to 19x19, are a pass.
func ParseSGFPoint(s string, size int) (Point, error) {
	if s == "" || (s == "tt" && size <= 19) {
		return Pass, nil
	}
	if len(s) != 2 {
		return Pass, fmt.Errorf("invalid SGF point %q", s)
	}
	x, row := int(s[0])-'a', int(s[1])-'a'
	if x < 0 || x >= size || row < 0 || row >= size {
		return Pass, fmt.Errorf("SGF point %q is off the %dx%d board", s, size, size)
	}
	return PointAt(x, size-1-row), nil
}

// Move is a stone of one colour on a point, or a pass (Point == Pass).
type Move struct {
	Color Color
	Point Point
}

// String returns the move as "B D4" or "W pass".
func (m Move) String() string { return m.Color.Letter() + " " + m.Point.String() }

// Neighbours returns the four orthogonal neighbours of p (north, south,
// east, west). On the edge some of them are off the board, where Board.At
// returns Edge.
func (p Point) Neighbours() [4]Point {
	return [4]Point{p + orthogonal[0], p + orthogonal[1], p + orthogonal[2], p + orthogonal[3]}
}

// Neighbours8 returns the orthogonal then the diagonal neighbours of p.
func (p Point) Neighbours8() [8]Point {
	return [8]Point{p + orthogonal[0], p + orthogonal[1], p + orthogonal[2], p + orthogonal[3],
		p + diagonal[0], p + diagonal[1], p + diagonal[2], p + diagonal[3]}
}
