package rules

import "fmt"

// Setup puts colour c (Empty to clear) on each point, as SGF's AB, AW and AE
// properties do: nothing is captured and no move is made. It fails, leaving
// the board as it was, with ErrOffBoard for a point not on the board and
// with ErrInvalidSetup if some chain would be left without liberties.
func (b *Board) Setup(c Color, points []Point) error {
	if c == Edge {
		return ErrBadColor
	}
	for _, p := range points {
		if !b.Contains(p) {
			return fmt.Errorf("%v: %w", p, ErrOffBoard)
		}
	}
	saved := b.Clone()
	for _, p := range points {
		b.color[p] = c
	}
	b.rebuild()
	b.countNeighbours()
	for _, p := range b.geo.points {
		if b.color[p] != Empty && b.head[p] == p && b.libCount(p) == 0 {
			b.CopyFrom(saved)
			return fmt.Errorf("%v: %w", p, ErrInvalidSetup)
		}
	}
	b.ko = Pass
	return nil
}

// rebuild recomputes chains, liberties, bitboards, the empty list and the
// hash from the colours alone. Points are visited bottom-left first, row by
// row, so a stone's west and south neighbours already belong to chains.
func (b *Board) rebuild() {
	b.empty = b.empty[:0]
	clear(b.libs)
	b.nSlots, b.freeSlot = 0, b.freeSlot[:0]
	clear(b.stones[0])
	clear(b.stones[1])
	b.hash = 0
	for _, p := range b.geo.points {
		c := b.color[p]
		if c == Empty {
			b.emptyAt[p] = int16(len(b.empty))
			b.empty = append(b.empty, p)
			continue
		}
		setBit(b.stones[c-1], b.geo.index[p])
		b.hash ^= zobrist[c][p]
		b.newChain(p)
		libs := b.chainLibs(p)
		for _, d := range orthogonal {
			if n := p + d; b.color[n] == Empty {
				setBit(libs, b.geo.index[n])
			}
		}
		b.libCnt[p] = b.countLibs(p)
		for _, n := range [2]Point{p - 1, p - stride} {
			if b.color[n] == c && b.head[n] != b.head[p] {
				b.merge(b.head[p], b.head[n])
			}
		}
	}
}
