package rules

import (
	"fmt"
	"math/bits"
)

// Board is a position: the stones, their chains and liberties, the simple
// ko point and the hash. It knows nothing of turn order or history (a Game
// adds those), so playouts can run on it at full speed.
//
// Every chain is a ring of stones linked through next, with one stone, its
// head, holding the chain's length and the slot of its liberties: a bitset
// over the board. Liberty sets are exact, so atari and suicide tests are a
// popcount.
//
// The slots are handed out densely, a freed one first, so that the bitsets
// in use sit at the start of libs and a copy takes only those: the ladder
// reader copies the board many times a playout, and a bitset for every
// point would make most of each copy bitsets no chain holds (see
// docs/TUNING.md).
//
// The per-point tables are arrays over the whole padded grid, whatever the
// size, so the hot paths index them at a fixed offset from the board with
// no slice header to load; only the first geo.length entries are in use.
type Board struct {
	geo      *geometry
	color    [maxPoints]Color  // per point; Edge in the padding and beyond the board
	head     [maxPoints]Point  // chain head of each stone
	next     [maxPoints]Point  // next stone in the chain's ring
	chainLen [maxPoints]int16  // stones in the chain, stored at its head
	libCnt   [maxPoints]int16  // liberties of the chain, stored at its head
	emptyAt  [maxPoints]int16  // position of each empty point in empty
	nbCount  [maxPoints]uint16 // neighbour counts of each point, packed (see nbUnit)
	empty    []Point           // every empty point, in no particular order
	libSlot  [maxPoints]int16  // the chain's slot in libs, stored at its head
	libs     []uint64          // liberty bitsets, geo.words per slot; zero in every slot no chain holds
	nSlots   int16             // slots handed out, to the chains and to freeSlot
	freeSlot []int16           // slots below nSlots that no chain holds; the last is reused first
	stones   [2][]uint64       // bitboards of the black and the white stones
	ko       Point             // the point koColor may not play on now, or Pass
	koColor  Color
	hash     uint64
	captures [3]int // stones captured by Black and by White
}

// ValidSize reports whether a board of this side length is supported.
func ValidSize(size int) bool { return size >= 1 && size <= MaxSize }

// NewBoard returns an empty board of the given size. It panics if the size is
// not valid; callers taking sizes from users check ValidSize first.
func NewBoard(size int) *Board {
	if !ValidSize(size) {
		panic(fmt.Sprintf("rules: board size %d out of range", size))
	}
	g := geometryFor(size)
	n := len(g.points)
	// The slices every move writes are made at least a kilobyte large:
	// from that size on Go's allocator hands out whole 64-byte cache
	// lines, so boards made one after the other for different threads
	// never share a line (the 16-byte bitboards of a small board would,
	// and each thread's moves would stall the other's).
	const minBytes = 1024
	words := make([]uint64, (n+2)*g.words, max((n+2)*g.words, minBytes/8))
	libs, stones := words[:n*g.words:n*g.words], words[n*g.words:]
	b := &Board{
		geo:      g,
		libs:     libs, // a slot per point: never fewer than the chains
		stones:   [2][]uint64{stones[:g.words:g.words], stones[g.words : 2*g.words : 2*g.words]},
		empty:    make([]Point, 0, max(n, minBytes/2)),
		freeSlot: make([]int16, 0, max(n, minBytes/2)),
	}
	b.Clear()
	return b
}

// Clear removes every stone and resets the capture counts and the ko.
func (b *Board) Clear() {
	for i := range b.color {
		b.color[i] = Edge
	}
	b.empty = b.empty[:0]
	b.nSlots, b.freeSlot = 0, b.freeSlot[:0]
	for _, p := range b.geo.points {
		b.color[p] = Empty
		b.emptyAt[p] = int16(len(b.empty))
		b.empty = append(b.empty, p)
	}
	clear(b.libs)
	clear(b.stones[0])
	clear(b.stones[1])
	b.countNeighbours()
	b.ko, b.koColor, b.hash = Pass, Empty, 0
	b.captures = [3]int{}
}

// Clone returns an independent copy of the board.
func (b *Board) Clone() *Board {
	c := NewBoard(b.Size())
	c.CopyFrom(b)
	return c
}

// CopyFrom makes b an exact copy of src. It allocates nothing when both
// boards have the same size, so search workers can reuse a scratch board.
func (b *Board) CopyFrom(src *Board) {
	if b.geo != src.geo {
		*b = *NewBoard(src.Size())
	}
	n := b.geo.length
	copy(b.color[:n], src.color[:n])
	copy(b.head[:n], src.head[:n])
	copy(b.next[:n], src.next[:n])
	copy(b.chainLen[:n], src.chainLen[:n])
	copy(b.libCnt[:n], src.libCnt[:n])
	copy(b.emptyAt[:n], src.emptyAt[:n])
	copy(b.nbCount[:n], src.nbCount[:n])
	copy(b.libSlot[:n], src.libSlot[:n])
	// Past src's slots libs must be zero, as in every slot no chain
	// holds: those b had handed out itself are cleared.
	used := int(src.nSlots) * b.geo.words
	copy(b.libs[:used], src.libs[:used])
	clear(b.libs[used:max(used, int(b.nSlots)*b.geo.words)])
	b.nSlots, b.freeSlot = src.nSlots, append(b.freeSlot[:0], src.freeSlot...)
	copy(b.stones[0], src.stones[0])
	copy(b.stones[1], src.stones[1])
	b.empty = append(b.empty[:0], src.empty...)
	b.ko, b.koColor, b.hash, b.captures = src.ko, src.koColor, src.hash, src.captures
}

// Size returns the side length of the board.
func (b *Board) Size() int { return b.geo.size }

// Points returns the on-board points, bottom-left first. The slice is shared;
// do not modify it.
func (b *Board) Points() []Point { return b.geo.points }

// Contains reports whether p is a point of this board (Pass is not).
func (b *Board) Contains(p Point) bool {
	return p > 0 && int(p) < maxPoints && b.color[p] != Edge
}

// At returns the colour of the stone on p, or Empty. Off the board it
// returns Edge.
func (b *Board) At(p Point) Color {
	if p < 0 || int(p) >= maxPoints {
		return Edge
	}
	return b.color[p]
}

// Hash returns the Zobrist hash of the stones (not of the ko or the player to
// move): equal positions have equal hashes whatever the move order.
func (b *Board) Hash() uint64 { return b.hash }

// Ko returns the point the given colour may not play on because it would
// retake a simple ko at once, or Pass if there is none.
func (b *Board) Ko() (Point, Color) { return b.ko, b.koColor }

// Captures returns how many stones the given colour has captured.
func (b *Board) Captures(c Color) int { return b.captures[c&3] }

// Empties returns the empty points in no particular order. The slice is
// shared and changes with the board.
func (b *Board) Empties() []Point { return b.empty }

// StoneCount returns the number of stones of colour c on the board.
func (b *Board) StoneCount(c Color) int {
	n := 0
	for _, w := range b.stones[c-1] {
		n += bits.OnesCount64(w)
	}
	return n
}

// Liberties returns the number of liberties of the chain through p (0 for
// an empty point).
func (b *Board) Liberties(p Point) int {
	if c := b.At(p); c != Black && c != White {
		return 0
	}
	return b.libCount(b.head[p])
}

// ChainLen returns the number of stones in the chain through p.
func (b *Board) ChainLen(p Point) int {
	if c := b.At(p); c != Black && c != White {
		return 0
	}
	return int(b.chainLen[b.head[p]])
}

// Chain calls f with each stone of the chain through p.
func (b *Board) Chain(p Point, f func(Point)) {
	if c := b.At(p); c != Black && c != White {
		return
	}
	s := p
	for {
		f(s)
		if s = b.next[s]; s == p {
			return
		}
	}
}

// SameChain reports whether p and q are stones of one chain.
func (b *Board) SameChain(p, q Point) bool {
	c := b.At(p)
	return (c == Black || c == White) && b.At(q) == c && b.head[p] == b.head[q]
}

// LibertyPoints calls f with each liberty of the chain through p.
func (b *Board) LibertyPoints(p Point, f func(Point)) {
	if c := b.At(p); c != Black && c != White {
		return
	}
	for w, word := range b.chainLibs(b.head[p]) {
		for word != 0 {
			f(b.geo.points[w*64+bits.TrailingZeros64(word)])
			word &= word - 1
		}
	}
}

// chainLibs returns the liberty bitset of the chain whose head is h.
func (b *Board) chainLibs(h Point) []uint64 {
	i := b.libOffset(h)
	return b.libs[i : i+b.geo.words : i+b.geo.words]
}

// libOffset returns where the liberty bitset of the chain whose head is h
// starts in b.libs.
func (b *Board) libOffset(h Point) int { return int(b.libSlot[h]) * b.geo.words }

// newChain makes the stone on p a chain of its own, with an empty liberty
// bitset.
func (b *Board) newChain(p Point) {
	b.head[p], b.next[p], b.chainLen[p] = p, p, 1
	if n := len(b.freeSlot); n > 0 {
		b.libSlot[p], b.freeSlot = b.freeSlot[n-1], b.freeSlot[:n-1]
		return
	}
	b.libSlot[p] = b.nSlots
	b.nSlots++
}

// releaseSlot gives back the slot of the chain whose head was h, once its
// bitset is all zero.
func (b *Board) releaseSlot(h Point) { b.freeSlot = append(b.freeSlot, b.libSlot[h]) }

// libWord returns the word of the liberty bitset of the chain whose head is
// h that holds bit i. The hot paths use it to flip one liberty with a
// single bounds check.
func (b *Board) libWord(h Point, i int16) *uint64 {
	return &b.libs[b.libOffset(h)+int(i>>6)]
}

func (b *Board) libCount(h Point) int { return int(b.libCnt[h]) }

// countLibs counts the liberties of the chain with head h from its bitset.
func (b *Board) countLibs(h Point) int16 {
	n := 0
	for _, w := range b.chainLibs(h) {
		n += bits.OnesCount64(w)
	}
	return int16(n)
}

func (b *Board) inAtari(h Point) bool { return b.libCount(h) == 1 }

// IsLegal reports whether m can be played on this board: the point is empty
// and on the board, the move is not a suicide and does not retake a simple
// ko. Superko needs the history and is the Game's business.
func (b *Board) IsLegal(m Move) bool { return b.check(m) == nil }

// Play plays m: a pass only clears the ko; a stone captures every enemy chain
// left without liberties. An illegal move returns an error wrapping one of
// ErrBadColor, ErrOffBoard, ErrOccupied, ErrKo or ErrSuicide and leaves the
// board as it was.
func (b *Board) Play(m Move) error {
	if err := b.check(m); err != nil {
		return fmt.Errorf("%v: %w", m, err)
	}
	if m.Point == Pass {
		b.ko = Pass
		return nil
	}
	b.place(m.Color, m.Point)
	return nil
}

// PlayUnchecked plays a stone of colour c on p, which the caller has found
// legal (IsLegal, or RandomMove). Playout policies use it to skip checking
// twice; anything else uses Play.
func (b *Board) PlayUnchecked(c Color, p Point) {
	if p == Pass {
		b.ko = Pass
		return
	}
	b.place(c, p)
}

func (b *Board) check(m Move) error {
	c, p := m.Color, m.Point
	if c != Black && c != White {
		return ErrBadColor
	}
	if p == Pass {
		return nil
	}
	if !b.Contains(p) {
		return ErrOffBoard
	}
	if b.color[p] != Empty {
		return ErrOccupied
	}
	if p == b.ko && c == b.koColor {
		return ErrKo
	}
	if b.isSuicide(c, p) {
		return ErrSuicide
	}
	return nil
}

// isSuicide reports whether a stone of colour c on the empty point p would
// have no liberty: no empty neighbour, every own neighbour chain in atari
// (p was its last liberty) and no enemy neighbour chain in atari (which the
// stone would capture).
func (b *Board) isSuicide(c Color, p Point) bool {
	return b.emptyNeighbours(p) == 0 && !b.capturesOrConnects(c, p)
}

// capturesOrConnects reports whether a stone of colour c on p, a point with
// no empty neighbour, would have a liberty: it joins an own chain with a
// liberty besides p or captures an enemy chain in atari.
func (b *Board) capturesOrConnects(c Color, p Point) bool {
	opp := c.Opponent()
	for _, d := range orthogonal {
		n := p + d
		switch b.color[n] {
		case c:
			if !b.inAtari(b.head[n]) {
				return true
			}
		case opp:
			if b.inAtari(b.head[n]) {
				return true
			}
		}
	}
	return false
}

// place puts a stone of colour c on p, which must be a legal move. The stone
// first joins its own neighbour chains, so that chains it captures give
// their points back as liberties to the chain it is now part of.
func (b *Board) place(c Color, p Point) {
	b.addStone(c, p)
	idx := b.geo.index[p]
	h, enemies, k := b.joinChains(c, p, idx)
	opp := c.Opponent()
	captured, koPoint := 0, Pass
	for _, n := range enemies[:k] {
		if b.color[n] != opp {
			continue // captured already through another neighbour
		}
		nh := b.head[n]
		if w, m := b.libWord(nh, idx), bit(idx); *w&m != 0 {
			*w &^= m
			if b.libCnt[nh]--; b.libCnt[nh] == 0 {
				captured += int(b.chainLen[nh])
				koPoint = n
				b.removeChain(nh)
			}
		}
	}
	b.captures[c] += captured
	// A single stone that captured a single stone and is left with one
	// liberty (the point it captured) can be retaken at once: a simple ko.
	if captured == 1 && b.chainLen[h] == 1 && b.inAtari(h) {
		b.ko, b.koColor = koPoint, opp
	} else {
		b.ko = Pass
	}
}

// joinChains makes the new stone on p (compact index idx) part of a chain:
// its own if no neighbour has colour c, else the neighbours' chains merged,
// with p added to the ring and its empty neighbours to the liberties. It
// returns the chain's head and the k enemy neighbours of p.
func (b *Board) joinChains(c Color, p Point, idx int16) (h Point, enemies [4]Point, k int) {
	opp := c.Opponent()
	// Whether a neighbour is own, enemy or neither is a coin toss in a
	// playout, so the loop avoids branching on it: the tests are arithmetic
	// on 0 and 1 (b2i), and only meeting a second own chain branches.
	for _, d := range orthogonal {
		n := p + d
		col := b.color[n]
		own := b.head[n] * Point(b2i(col == c)) // Pass if not an own stone
		if b2i(own != Pass)&b2i(h != Pass)&b2i(own != h) != 0 {
			h = b.merge(h, own)
		}
		h += own * Point(b2i(h == Pass)) // the first own chain found
		enemies[k] = n
		k += b2i(col == opp)
	}
	w, e0, e1 := b.emptyNeighbourBits(p)
	if h == Pass {
		b.newChain(p)
		i := b.libOffset(p) + w // a new slot's bitset is all zero
		b.libs[i], b.libs[i+1] = e0, e1
		b.libCnt[p] = int16(b.emptyNeighbours(p))
		return p, enemies, k
	}
	b.head[p], b.next[p], b.next[h] = h, b.next[h], p
	b.chainLen[h]++
	*b.libWord(h, idx) &^= bit(idx) // p was a liberty of every chain it joins
	i := b.libOffset(h) + w
	win := b.libs[i : i+2]
	added := bits.OnesCount64(e0&^win[0]) + bits.OnesCount64(e1&^win[1])
	win[0] |= e0
	win[1] |= e1
	b.libCnt[h] += int16(added) - 1
	return h, enemies, k
}

// emptyNeighbourBits returns the empty orthogonal neighbours of p as words
// w and w+1 of a bitset over the board (see geometry.nbWord).
func (b *Board) emptyNeighbourBits(p Point) (w int, lo, hi uint64) {
	w = int(b.geo.nbWord[p])
	m := &b.geo.nbMask[p]
	black, white := b.stones[0][w:w+2], b.stones[1][w:w+2]
	return w, m[0] &^ (black[0] | white[0]), m[1] &^ (black[1] | white[1])
}

// merge joins the chains with heads x and y and returns the new head. The
// smaller chain's stones are relabelled, so a stone is relabelled at most
// log2(n) times over a game.
func (b *Board) merge(x, y Point) Point {
	if b.chainLen[x] < b.chainLen[y] {
		x, y = y, x
	}
	s := y
	for {
		b.head[s] = x
		if s = b.next[s]; s == y {
			break
		}
	}
	b.next[x], b.next[y] = b.next[y], b.next[x]
	b.chainLen[x] += b.chainLen[y]
	lx, ly := b.chainLibs(x), b.chainLibs(y)
	for i := range lx {
		lx[i] |= ly[i]
		ly[i] = 0
	}
	b.releaseSlot(y)
	b.libCnt[x] = b.countLibs(x)
	return x
}

// removeChain takes the chain with head h off the board and gives its
// points as liberties to the neighbouring enemy chains.
func (b *Board) removeChain(h Point) {
	c := b.color[h]
	opp := c.Opponent()
	s := h
	for {
		b.removeStone(c, s)
		idx := b.geo.index[s]
		for _, d := range orthogonal {
			if n := s + d; b.color[n] == opp {
				nh := b.head[n]
				if w, m := b.libWord(nh, idx), bit(idx); *w&m == 0 {
					*w |= m
					b.libCnt[nh]++
				}
			}
		}
		if s = b.next[s]; s == h {
			b.releaseSlot(h) // a captured chain has no liberty: its bitset is zero
			return
		}
	}
}

func (b *Board) addStone(c Color, p Point) {
	b.color[p] = c
	delta := nbUnit[c] - nbUnit[Empty]
	for _, d := range orthogonal {
		b.nbCount[p+d] += delta
	}
	setBit(b.stones[c-1], b.geo.index[p])
	b.hash ^= zobrist[c][p]
	i := b.emptyAt[p]
	last := b.empty[len(b.empty)-1]
	b.empty[i] = last
	b.emptyAt[last] = i
	b.empty = b.empty[:len(b.empty)-1]
}

func (b *Board) removeStone(c Color, p Point) {
	b.color[p] = Empty
	delta := nbUnit[c] - nbUnit[Empty]
	for _, d := range orthogonal {
		b.nbCount[p+d] -= delta
	}
	clearBit(b.stones[c-1], b.geo.index[p])
	b.hash ^= zobrist[c][p]
	b.emptyAt[p] = int16(len(b.empty))
	b.empty = append(b.empty, p)
}

func setBit(s []uint64, i int16)   { s[i>>6] |= 1 << (uint(i) & 63) }
func clearBit(s []uint64, i int16) { s[i>>6] &^= 1 << (uint(i) & 63) }

// b2i returns 1 for true and 0 for false, without a branch.
func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}

// bit returns the mask of bit i within its word.
func bit(i int16) uint64 { return 1 << (uint(i) & 63) }

// Neighbour counts let the hottest tests (is this an eye, can this stone
// have a liberty) read one number instead of four points. Each point keeps
// three 4-bit counts of its orthogonal neighbours: black or edge, white or
// edge, and empty. Counting the edge with both colours makes "surrounded by
// c" a single comparison with 4.
const (
	nbShiftBlack = 0
	nbShiftWhite = 4
	nbShiftEmpty = 8
)

// nbUnit is what one neighbour of each colour adds to a packed count.
var nbUnit = [4]uint16{
	Empty: 1 << nbShiftEmpty,
	Black: 1 << nbShiftBlack,
	White: 1 << nbShiftWhite,
	Edge:  1<<nbShiftBlack | 1<<nbShiftWhite,
}

// countNeighbours recomputes every point's neighbour counts from the colours.
func (b *Board) countNeighbours() {
	for _, p := range b.geo.points {
		var n uint16
		for _, d := range orthogonal {
			n += nbUnit[b.color[p+d]]
		}
		b.nbCount[p] = n
	}
}

func (b *Board) emptyNeighbours(p Point) int { return int(b.nbCount[p]>>nbShiftEmpty) & 15 }

// EmptyNeighbours returns how many of the four orthogonal neighbours of
// the point p of this board are empty, in one read.
func (b *Board) EmptyNeighbours(p Point) int { return b.emptyNeighbours(p) }

// StoneNeighbours returns how many of the four orthogonal neighbours of the
// point p of this board are black stones and how many white ones, in one
// read.
func (b *Board) StoneNeighbours(p Point) (black, white int) {
	n := b.nbCount[p]
	blackOrEdge, whiteOrEdge := int(n>>nbShiftBlack)&15, int(n>>nbShiftWhite)&15
	// The edge counts with both colours, so the three counts add up to
	// four and the edge once more.
	edges := blackOrEdge + whiteOrEdge + b.emptyNeighbours(p) - 4
	return blackOrEdge - edges, whiteOrEdge - edges
}

// surroundedBy reports whether every orthogonal neighbour of p is a stone of
// colour c or the edge.
func (b *Board) surroundedBy(c Color, p Point) bool {
	return int(b.nbCount[p]>>(4*(c-1)))&15 == 4
}
