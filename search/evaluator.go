package search

import "github.com/yunzi-go/yunzi/rules"

// evaluator judges the position a simulation reaches at a leaf of the
// tree. The playouts (playoutPolicy) are one: they play the game out and
// count it. A network would be another: it judges the position as it is.
type evaluator interface {
	// evaluate judges l. It may play on l.board and append the moves it
	// plays to l.seq (the AMAF statistics count them).
	evaluate(l *leaf) evaluation
}

// leaf is the position a simulation reached at the end of its tree moves.
type leaf struct {
	board            *rules.Board
	toMove           rules.Color
	last, beforeLast rules.Point // rules.Pass for a pass, a setup or no move
	komi             float64     // the game's compensation to White
	// seq holds the simulation's moves: the tree's, then the evaluator's.
	seq []played
}

// evaluation is what an evaluator makes of a leaf.
type evaluation struct {
	blackValue int64   // the position's value to Black, in valueUnit
	score      float64 // the expected final margin for Black, komi included
	// final is the position whose owners the ownership tallies count: the
	// end of the playout.
	final *rules.Board
}

// played is one move of a simulation.
type played struct {
	color rules.Color
	point rules.Point
}
