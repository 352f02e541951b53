package search

import "github.com/yunzi-go/yunzi/rules"

// nakadeMove returns the vital point of a three-point eye space next to
// the last move, if there is one: an empty region of exactly three points
// enclosed by stones of one colour. Its middle point (the one touching the
// other two) makes two eyes for the owner and kills when the other side
// takes it first, so it is the move for either side.
func nakadeMove(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	for _, e := range last.Neighbours() {
		if b.At(e) != rules.Empty {
			continue
		}
		if m, ok := threePointMiddle(b, e); ok && b.IsLegal(rules.Move{Color: c, Point: m}) {
			return m
		}
	}
	return rules.Pass
}

// threePointMiddle returns the middle point of the empty region through e
// (the point touching the other two) if the region has exactly three
// points and stones of only one colour around it, the edge aside. In such
// a region each end has one empty neighbour and the middle two, so the
// test reads neighbour counts, not the points around: it runs for most
// playout moves, and most empty points fail it at the first or second
// count.
func threePointMiddle(b *rules.Board, e rules.Point) (middle rules.Point, ok bool) {
	var ends [2]rules.Point
	switch b.EmptyNeighbours(e) {
	case 1: // e can only be an end
		middle = emptyNeighbours(b, e, rules.Pass)[0]
		if b.EmptyNeighbours(middle) != 2 {
			return rules.Pass, false
		}
		ends = [2]rules.Point{e, emptyNeighbours(b, middle, e)[0]}
	case 2: // e can only be the middle
		middle, ends = e, emptyNeighbours(b, e, rules.Pass)
	default:
		return rules.Pass, false
	}
	// Two neighbours of one point never touch each other, so if the ends
	// have no other empty neighbour the three points are the whole region.
	if b.EmptyNeighbours(ends[0]) != 1 || b.EmptyNeighbours(ends[1]) != 1 {
		return rules.Pass, false
	}
	var black, white int
	for _, p := range [3]rules.Point{middle, ends[0], ends[1]} {
		bn, wn := b.StoneNeighbours(p)
		black, white = black+bn, white+wn
	}
	if (black == 0) == (white == 0) { // no stones, or both colours
		return rules.Pass, false
	}
	return middle, true
}

// emptyNeighbours returns the first two empty orthogonal neighbours of p
// other than except (rules.Pass where there are fewer).
func emptyNeighbours(b *rules.Board, p, except rules.Point) [2]rules.Point {
	found, n := [2]rules.Point{rules.Pass, rules.Pass}, 0
	for _, q := range p.Neighbours() {
		if n < 2 && q != except && b.At(q) == rules.Empty {
			found[n] = q
			n++
		}
	}
	return found
}
