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
	s := shapeOf(points, size)
	switch len(points) {
	case 1, 2, 3:
		return true
	case 4:
		path := s.maxDegree <= 2 && s.ends == 2
		return !path || s.cornerBend
	case 5:
		return s.maxDegree == 4 || s.square
	case 6:
		return s.maxDegree == 4 && s.square
	}
	return false
}

// shape holds what KillingShape asks of an eye space.
type shape struct {
	maxDegree  int  // most neighbours within the space of any point
	ends       int  // points with one neighbour within the space
	square     bool // four points make a 2x2 square
	cornerBend bool // a corner of the board joins two points of the space
}

func shapeOf(points []Point, size int) shape {
	var s shape
	for _, p := range points {
		d := degreeIn(points, p)
		s.maxDegree = max(s.maxDegree, d)
		if d == 1 {
			s.ends++
		}
		x, y := p.X(), p.Y()
		if x+1 < size && y+1 < size && slices.Contains(points, PointAt(x+1, y)) &&
			slices.Contains(points, PointAt(x, y+1)) && slices.Contains(points, PointAt(x+1, y+1)) {
			s.square = true
		}
		if d == 2 && (x == 0 || x == size-1) && (y == 0 || y == size-1) {
			s.cornerBend = true
		}
	}
	return s
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
