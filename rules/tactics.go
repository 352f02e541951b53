package rules

import (
	"math/bits"
	"slices"
)

// The queries in this file serve playout policies and move priors: what a
// move would do, answered without playing it.

// HashAfter returns the hash of the stones after c plays the legal move p:
// the new stone, less every enemy chain it would capture. The search uses it
// to keep superko repetitions out of its tree without playing each move.
func (b *Board) HashAfter(c Color, p Point) uint64 {
	h := b.hash
	if p == Pass {
		return h
	}
	h ^= zobrist[c][p]
	opp := c.Opponent()
	var done [4]Point
	for i, d := range orthogonal {
		n := p + d
		if b.color[n] != opp || b.libCnt[b.head[n]] != 1 {
			continue
		}
		head := b.head[n]
		if head == done[0] || head == done[1] || head == done[2] {
			continue // a chain touching p twice is captured once
		}
		done[i] = head
		s := head
		for {
			h ^= zobrist[opp][s]
			if s = b.next[s]; s == head {
				break
			}
		}
	}
	return h
}

// CapturesAt reports whether c playing p would capture at least one stone.
func (b *Board) CapturesAt(c Color, p Point) bool {
	opp := c.Opponent()
	for _, d := range orthogonal {
		if n := p + d; b.color[n] == opp && b.libCnt[b.head[n]] == 1 {
			return true
		}
	}
	return false
}

// AnyLiberty returns a liberty of the chain through p: for a chain in atari,
// the point where it can be captured or must extend. It returns Pass for a
// point without a stone or a chain without liberties.
func (b *Board) AnyLiberty(p Point) Point {
	if c := b.At(p); c != Black && c != White {
		return Pass
	}
	for w, word := range b.chainLibs(b.head[p]) {
		if word != 0 {
			return b.geo.points[w*64+bits.TrailingZeros64(word)]
		}
	}
	return Pass
}

// LibertiesAfter returns how many liberties the chain of the stone c plays
// on the empty point p would have, counting up to limit (the caller asks
// "is this a self-atari?" with limit 2). Stones the move would capture
// count as liberties wherever they touch the new chain.
func (b *Board) LibertiesAfter(c Color, p Point, limit int) int {
	if e := b.emptyNeighbours(p); e >= limit {
		return limit // the stone's own empty neighbours are enough
	}
	var libs [(MaxSize*MaxSize + 63) / 64]uint64
	set := libs[:b.geo.words]
	opp := c.Opponent()
	var joined [4]Point // heads of the own chains the stone joins
	for i, d := range orthogonal {
		n := p + d
		switch b.color[n] {
		case Empty:
			setBit(set, b.geo.index[n])
		case c:
			h := b.head[n]
			if int(b.libCnt[h])-1 >= limit {
				// The chain keeps all its liberties but p.
				return limit
			}
			joined[i] = h
			for j, w := range b.chainLibs(h) {
				set[j] |= w
			}
		}
	}
	for _, d := range orthogonal {
		if n := p + d; b.color[n] == opp && b.libCnt[b.head[n]] == 1 {
			b.addFreedPoints(set, n, p, joined)
		}
	}
	clearBit(set, b.geo.index[p])
	count := 0
	for _, w := range set {
		if count += bits.OnesCount64(w); count >= limit {
			return limit
		}
	}
	return count
}

// addFreedPoints adds to set the stones of the captured chain through n
// that will touch the new chain: the stone on p or the joined chains.
func (b *Board) addFreedPoints(set []uint64, n, p Point, joined [4]Point) {
	c := b.color[n].Opponent()
	s := n
	for {
		for _, d := range orthogonal {
			q := s + d
			if q == p || (b.color[q] == c && slices.Contains(joined[:], b.head[q])) {
				setBit(set, b.geo.index[s])
				break
			}
		}
		if s = b.next[s]; s == n {
			return
		}
	}
}

// Pattern3x3 returns the contents of the eight neighbours of p packed two
// bits each (the Color values: 0 empty, 1 black, 2 white, 3 edge), in the
// order NW, N, NE, W, E, SW, S, SE from the least significant bits: the key
// of 3x3 shape patterns.
func (b *Board) Pattern3x3(p Point) uint16 {
	c := &b.color // a pointer: the array is 729 bytes
	return uint16(c[p+stride-1]) | uint16(c[p+stride])<<2 | uint16(c[p+stride+1])<<4 |
		uint16(c[p-1])<<6 | uint16(c[p+1])<<8 |
		uint16(c[p-stride-1])<<10 | uint16(c[p-stride])<<12 | uint16(c[p-stride+1])<<14
}
