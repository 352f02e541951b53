package rules

import "slices"

// KillingShape reports whether an eye space of these points (connected,
// enclosed by one group), with the attacker to move, cannot make two
// eyes: the nakade shapes. Up to three points, every shape; of four, the
// square and the pyramid (the straight and bent fours live, their two
// vital points being miai), and the bent four in the corner, which lives
// only through a ko that the attacker starts when it likes, once it has
// removed the defender's ko threats (which costs nothing under area
// scoring); of five, the cross and the bulky five; of six, the rabbity
// six. Larger spaces live.
func KillingShape(points []Point, size int) bool {
	if len(points) <= 3 {
		return true
	}
	if len(points) > 6 {
		return false
	}
	maxDegree, ends, square, cornerBend := 0, 0, false, false
	for _, p := range points {
		d := degreeIn(points, p)
		maxDegree = max(maxDegree, d)
		if d == 1 {
			ends++
		}
		x, y := p.X(), p.Y()
		if x+1 < size && y+1 < size && slices.Contains(points, PointAt(x+1, y)) &&
			slices.Contains(points, PointAt(x, y+1)) && slices.Contains(points, PointAt(x+1, y+1)) {
			square = true // p is the lower left of a 2x2 square
		}
		if d == 2 && (x == 0 || x == size-1) && (y == 0 || y == size-1) {
			cornerBend = true // a board corner joins two points of the space
		}
	}
	switch len(points) {
	case 4:
		path := maxDegree <= 2 && ends == 2
		return !path || cornerBend
	case 5:
		return maxDegree == 4 || square
	}
	return maxDegree == 4 && square
}

// degreeIn returns how many of p's neighbours are among points.
func degreeIn(points []Point, p Point) int {
	d := 0
	for _, n := range p.Neighbours() {
		if slices.Contains(points, n) {
			d++
		}
	}
	return d
}
