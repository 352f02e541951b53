package search

import (
	"unsafe"

	"github.com/yunzi-go/yunzi/rules"
)

// replyTable is one worker's memory of good replies: Drake's last good
// reply, with Baier and Drake's forgetting (LGRF-2, "The power of
// forgetting", 2010). After each simulation the winner's every move is
// stored as the reply to the move before it, and to the two moves before
// it; the loser's moves are deleted where they were stored. The playouts
// then play a stored reply to the last moves when it is still legal.
// Where the fixed policy cannot tell a good local answer from a bad one
// (which liberty to fill in a capturing race, where to make the eye), the
// table learns it from the simulations that won, and keeps learning over
// the search as the tree's lines change.
//
// The table lasts from one search to the next (the replies that won the
// last position's simulations mostly still apply after one more move),
// and is emptied only when the board's size changes.
type replyTable struct {
	// index numbers the board's points from 1, leaving 0 for Pass, so the
	// pair table has a row and a column per point and none for the padding
	// around the board (on 19x19 a colour's table is 2.4 times smaller
	// than one indexed by Point). A playout reads it at random on every
	// move, and the smaller table more often stays in the cache.
	index  []int32
	points int              // the indexes in use: 0 to points-1
	one    [2][]rules.Point // [colour][index of last]: the reply, or Pass
	two    [2][]rules.Point // [colour][index of beforeLast*points + index of last]
}

// reset empties the table for boards like b. The zero Point is Pass, so a
// new table stores no reply.
func (t *replyTable) reset(b *rules.Board) {
	t.index = make([]int32, int(rules.PointAt(b.Size(), b.Size()))+1)
	for i, p := range b.Points() {
		t.index[p] = int32(i + 1)
	}
	t.points = len(b.Points()) + 1
	for i := range 2 {
		t.one[i] = make([]rules.Point, t.points)
		t.two[i] = make([]rules.Point, t.points*t.points)
	}
}

// colourIndex maps Black and White to 0 and 1.
func colourIndex(c rules.Color) int { return int(c) - int(rules.Black) }

// reply returns c's stored replies: pair to beforeLast then last, single
// to last alone; Pass where none is stored.
func (t *replyTable) reply(c rules.Color, beforeLast, last rules.Point) (pair, single rules.Point) {
	i := colourIndex(c)
	return t.two[i][t.pair(beforeLast, last)], t.one[i][t.index[last]]
}

// pair is where the pair table keeps a colour's reply to beforeLast then
// last.
func (t *replyTable) pair(beforeLast, last rules.Point) int32 {
	return t.index[beforeLast]*int32(t.points) + t.index[last]
}

// prefetch asks for the cache line of c's stored reply to beforeLast then
// last (see reply). The pair table is read at random, and on 19x19 it
// takes half a megabyte a worker, so the read often misses the cache;
// asked for before the tactical answers are looked for, the reply has
// mostly arrived by the time it is read (the single replies take a
// kilobyte and a half and stay in the cache). See docs/TUNING.md,
// "Prefetch".
func (t *replyTable) prefetch(c rules.Color, beforeLast, last rules.Point) {
	prefetchLine(unsafe.Pointer(&t.two[colourIndex(c)][t.pair(beforeLast, last)]))
}

// learn updates the table with the moves of a simulation that Black won if
// blackWon is set: each move is the reply of its colour to the one or two
// moves before it. A pass is never stored as a reply.
func (t *replyTable) learn(seq []played, blackWon bool) {
	for i := 2; i < len(seq); i++ {
		m := seq[i]
		if m.point == rules.Pass {
			continue
		}
		c := colourIndex(m.color)
		one := &t.one[c][t.index[seq[i-1].point]]
		two := &t.two[c][t.pair(seq[i-2].point, seq[i-1].point)]
		if (m.color == rules.Black) == blackWon {
			*one, *two = m.point, m.point
			continue
		}
		if *one == m.point {
			*one = rules.Pass
		}
		if *two == m.point {
			*two = rules.Pass
		}
	}
}
