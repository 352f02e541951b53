package rules

import "fmt"

// MaxFixedHandicap returns the largest number of stones fixed_handicap may
// place on a board of the given size, as the GTP specification defines it:
// none below 7x7, 4 on 7x7 and on even sizes, 9 on odd sizes from 9x9.
func MaxFixedHandicap(size int) int {
	switch {
	case size < 7 || size > MaxSize:
		return 0
	case size == 7 || size%2 == 0:
		return 4
	}
	return 9
}

// FixedHandicap returns the points of the GTP specification's fixed
// handicap placement of n stones (2 ≤ n ≤ MaxFixedHandicap(size)). The
// stones go on the third line on boards smaller than 13x13, on the fourth
// line otherwise: corners first, then the centre for odd counts, then the
// side midpoints.
func FixedHandicap(size, n int) ([]Point, error) {
	if n < 2 || n > MaxFixedHandicap(size) {
		return nil, fmt.Errorf("%d stones on %dx%d: %w", n, size, size, ErrHandicap)
	}
	edge := 2
	if size >= 13 {
		edge = 3
	}
	lo, mid, hi := edge, size/2, size-1-edge
	points := []Point{PointAt(lo, lo), PointAt(hi, hi), PointAt(lo, hi), PointAt(hi, lo)}
	sides := []Point{PointAt(lo, mid), PointAt(hi, mid), PointAt(mid, lo), PointAt(mid, hi)}
	center := PointAt(mid, mid)
	switch {
	case n <= 4:
		return points[:n], nil
	case n%2 == 1:
		return append(append(points, sides[:n-5]...), center), nil
	}
	return append(points, sides[:n-4]...), nil
}
