// Package rules implements the rules of Go (weiqi) as Yunzi plays them:
// Chinese rules with area scoring, suicide forbidden, positional superko by
// default and situational superko as an option.
//
// It has two tiers. A Board is the fast tier that playouts use: stones kept
// as bitboards, chains with exact liberty sets kept incrementally, simple ko
// and an incremental Zobrist hash, and no notion of turn order or history.
// A Game is the rules tier on top of it: history with undo, superko, passes,
// resignation, setup stones, handicap and scoring.
//
// Start reading at point.go (coordinates), then board.go (placing stones and
// capturing), then game.go. Nothing here knows about search or GTP.
package rules
