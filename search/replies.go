package search

import "github.com/yunzi-go/yunzi/rules"

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
	points int              // the point indexes in use: 0 to points-1
	one    [2][]rules.Point // [colour][last]: the reply, or Pass
	two    [2][]rules.Point // [colour][beforeLast*points+last]
}

// reset empties the table for boards of the given point range. The zero
// Point is Pass, so a new table stores no reply.
func (t *replyTable) reset(points int) {
	t.points = points
	for i := range 2 {
		t.one[i] = make([]rules.Point, points)
		t.two[i] = make([]rules.Point, points*points)
	}
}

// colourIndex maps Black and White to 0 and 1.
func colourIndex(c rules.Color) int { return int(c) - int(rules.Black) }

// reply returns c's stored replies: pair to beforeLast then last, single
// to last alone; Pass where none is stored.
func (t *replyTable) reply(c rules.Color, beforeLast, last rules.Point) (pair, single rules.Point) {
	i := colourIndex(c)
	return t.two[i][int(beforeLast)*t.points+int(last)], t.one[i][last]
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
		one := &t.one[c][seq[i-1].point]
		two := &t.two[c][int(seq[i-2].point)*t.points+int(seq[i-1].point)]
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
