package pattern

import (
	"github.com/yunzi-go/yunzi/rules"
)

// Group is a kind of feature. A move has one value of each group; value 0
// means the feature is absent and weighs nothing (gamma 1).
type Group uint8

// The feature groups.
const (
	// Shape is the 3x3 neighbourhood of the move, from the mover's view
	// and up to rotation and reflection: its value is shapeIndex+1.
	Shape Group = iota
	// Capture: 1 captures the last move's chain, 2 captures a chain next
	// to an own chain in atari (and so saves it), 3 another capture.
	Capture
	// Escape extends an own chain out of atari: 1 and 2 from the atari
	// the last move made, to three or more liberties and to two; 3 and 4
	// the same from an older atari.
	Escape
	// SelfAtari leaves the move's own chain in atari without capturing:
	// 1 a single stone, 2 a larger chain.
	SelfAtari
	// Atari puts an enemy chain in atari: 1 a single stone, 2 a larger
	// chain.
	Atari
	// Line: with a stone within two points (the 5x5 square less its
	// corners), the line from the nearest edge, 1 to 4 or 5 for the
	// rest: 1 to 5. With none, the lines from the nearest edges across
	// and along, each 1 to 5, which tells a corner's 3-4 point from a
	// side's third line: 6 to 20 (see lineValue).
	Line
	// DistLast is the distance to the last move, dx+dy+max(dx,dy) as
	// Coulom measures it, from 2 (touching) to 17 and beyond, less 1:
	// 1 to 16. Absent after a pass or at the start.
	DistLast
	// DistBeforeLast is the same for the move before the last.
	DistBeforeLast
	// Spatial is the largest spatial pattern around the move that the
	// model's dictionary knows (see spatial.go): its number plus one.
	Spatial
	numGroups
)

// groupNames name the groups in the gamma table.
var groupNames = [numGroups]string{"shape", "capture", "escape", "self-atari", "atari", "line", "dist-last", "dist-before-last", "spatial"}

func (g Group) String() string { return groupNames[g] }

// groupValues is the number of values of each group, absence included.
// Spatial's depends on the dictionary (see NewModel).
var groupValues = [numGroups]int{
	Shape:          1 + len(shapeKeys),
	Capture:        4,
	Escape:         5,
	SelfAtari:      3,
	Atari:          3,
	Line:           21,
	DistLast:       17,
	DistBeforeLast: 17,
	Spatial:        1,
}

// Features are a move's value of each group.
type Features [numGroups]uint16

// Context is what the features of a position's moves share: the board,
// the player, the last two moves (rules.Pass when there were none), and
// the spatial patterns known (nil: none, and Spatial is always absent).
type Context struct {
	Board      *rules.Board
	Color      rules.Color
	Last       rules.Point
	BeforeLast rules.Point
	Patterns   *Dictionary
}

// Of returns the features of the move p, an empty point where x.Color may
// play.
func (x *Context) Of(p rules.Point) Features {
	b, c := x.Board, x.Color
	var f Features
	f[Shape] = 1 + shapeIndex[blackView(b.Pattern3x3(p), c)]
	f[Line] = lineValue(p, b.Size(), NothingNear(b, p, false))
	f[DistLast] = distance(p, x.Last)
	f[DistBeforeLast] = distance(p, x.BeforeLast)
	if x.Patterns != nil {
		f[Spatial] = x.Patterns.value(b, p, c)
	}

	opp := c.Opponent()
	captures, capturePriority := false, uint16(0)
	ownSize := 1            // the stones of the move's chain once played
	var seen [4]rules.Point // the stones looked at so far, one per chain; Pass elsewhere
	for i, n := range p.Neighbours() {
		if !b.Contains(n) || b.At(n) == rules.Empty {
			continue
		}
		if dup(b, seen[:i], n) {
			continue
		}
		seen[i] = n
		libs := b.Liberties(n)
		switch b.At(n) {
		case opp:
			switch {
			case libs == 1:
				captures = true
				capturePriority = max(capturePriority, x.capturePriority(n))
			case libs == 2:
				f[Atari] = max(f[Atari], 1+b2u(b.ChainLen(n) > 1))
			}
		case c:
			ownSize += b.ChainLen(n)
			if libs == 1 {
				if v := x.escapeValue(p, n); f[Escape] == 0 || v < f[Escape] {
					f[Escape] = v
				}
			}
		}
	}
	if captures {
		f[Capture] = 4 - capturePriority
	}
	if !captures && b.LibertiesAfter(c, p, 2) < 2 {
		f[SelfAtari] = 1 + b2u(ownSize > 1)
		f[Atari] = 0 // an atari that can be taken at once is no threat
	}
	return f
}

// capturePriority returns the priority of capturing the chain through n,
// highest first: 3 for the last move's chain, 2 for a chain that holds an
// own chain in atari, 1 for another.
func (x *Context) capturePriority(n rules.Point) uint16 {
	b := x.Board
	if x.Last != rules.Pass && b.SameChain(n, x.Last) {
		return 3
	}
	saves := false
	b.Chain(n, func(s rules.Point) {
		for _, q := range s.Neighbours() {
			if b.At(q) == x.Color && b.Liberties(q) == 1 {
				saves = true
			}
		}
	})
	if saves {
		return 2
	}
	return 1
}

// escapeValue returns the Escape value of p for the own chain in atari
// through n.
func (x *Context) escapeValue(p, n rules.Point) uint16 {
	b := x.Board
	v := uint16(1)
	if b.LibertiesAfter(x.Color, p, 3) < 3 {
		v = 2
	}
	newAtari := false
	if x.Last != rules.Pass && b.Contains(x.Last) {
		for _, q := range x.Last.Neighbours() {
			if b.SameChain(q, n) {
				newAtari = true
			}
		}
	}
	if !newAtari {
		v += 2
	}
	return v
}

// dup reports whether n's chain is among the chains through seen.
func dup(b *rules.Board, seen []rules.Point, n rules.Point) bool {
	for _, s := range seen {
		if s != rules.Pass && b.SameChain(s, n) {
			return true
		}
	}
	return false
}

// distance returns the DistLast value of p for the earlier move q. The
// point q itself (its stone since captured) counts as touching.
func distance(p, q rules.Point) uint16 {
	if q == rules.Pass {
		return 0
	}
	dx, dy := abs(p.X()-q.X()), abs(p.Y()-q.Y())
	return uint16(min(max(dx+dy+max(dx, dy), 2), 17) - 1)
}

// lineValue returns the Line value of p. The lines across and along, a <=
// b, number the pairs from 6: (1,1) to (1,5) are 6 to 10, (2,2) to (2,5)
// 11 to 14, and so on to (5,5), 20.
func lineValue(p rules.Point, size int, alone bool) uint16 {
	x, y := p.X(), p.Y()
	lx, ly := min(1+min(x, size-1-x), 5), min(1+min(y, size-1-y), 5)
	a, b := min(lx, ly), max(lx, ly)
	if !alone {
		return uint16(a)
	}
	before := 0 // the pairs whose first line is below a
	for i := 1; i < a; i++ {
		before += 6 - i
	}
	return uint16(5 + before + b - a + 1)
}

// NothingNear reports whether no stone stands within two points of p: in
// the 5x5 square around it, less the square's four corners unless
// corners is set. The features leave the corners out; the search's
// edge malus counts them.
func NothingNear(b *rules.Board, p rules.Point, corners bool) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if !corners && abs(dx)+abs(dy) == 4 {
				continue
			}
			x, y := p.X()+dx, p.Y()+dy
			if x < 0 || y < 0 || x >= b.Size() || y >= b.Size() {
				continue
			}
			if c := b.At(rules.PointAt(x, y)); c == rules.Black || c == rules.White {
				return false
			}
		}
	}
	return true
}

func b2u(v bool) uint16 {
	if v {
		return 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
