package nn

import "github.com/yunzi-go/yunzi/rules"

// The input sizes of model version 8 (KataGo's input version 7).
const (
	NumSpatialFeatures = 22 // input planes
	NumGlobalFeatures  = 19 // input values for the whole board
)

// Index returns the index of p in a board array of side size in KataGo's
// order (top row first, see the package doc).
func Index(p rules.Point, size int) int { return (size-1-p.Y())*size + p.X() }

// PointOf returns the point at index i of a board array of side size.
func PointOf(i, size int) rules.Point { return rules.PointAt(i%size, size-1-i/size) }
