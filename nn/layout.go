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

// Input is one position's network input, as KataGo's input version 7
// defines it (model version 8).
type Input struct {
	Size int // the board's side; the network runs at this size, unpadded
	// Spatial holds NumSpatialFeatures planes of Size*Size values, plane
	// after plane, each in the package's board order.
	Spatial []float32
	Global  [NumGlobalFeatures]float32
	// ToMove is the player to move: the network sees the board from its
	// side, and its outputs are turned to White's view with it.
	ToMove rules.Color
	// Legal says, per board index and then for the pass (the last
	// element), whether ToMove may play there; the policy of an illegal
	// move is reported as -1, as KataGo does.
	Legal []bool
}

// Output is what the network says of a position, post-processed as
// KataGo's kata-raw-nn reports it: probabilities, and values from White's
// view.
type Output struct {
	// Policy is the probability of each move for the player to move, per
	// board index, -1 for an illegal move; PolicyPass is the pass's.
	Policy     []float32
	PolicyPass float32
	// WhiteWin, WhiteLoss and NoResult are the game's outcome
	// probabilities from White's view.
	WhiteWin, WhiteLoss, NoResult float32
	// WhiteLead is White's expected score lead in points; WhiteScoreSelfplay
	// the expected final score of self-play (KataGo's scoreMean).
	WhiteLead, WhiteScoreSelfplay float32
	// WhiteScoreSelfplaySq is the expected square of that score (KataGo's
	// scoreMeanSq, kata-raw-nn's whiteScoreSelfplaySq).
	WhiteScoreSelfplaySq float32
	// WhiteOwnership is, per board index, from -1 (Black's) to +1
	// (White's).
	WhiteOwnership []float32
}
