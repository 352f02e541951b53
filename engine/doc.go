// Package engine is the game a GTP session plays: the rules.Game in
// progress, komi, the time settings, and the seams through which moves and
// dead stones are decided.
//
// Engine implements the interface the gtp package defines (gtp.Engine),
// using only rules types, so gtp never imports this package or the search.
// Two seams are meant to be replaced by the tree search:
//
//   - Player (player.go) generates a move; RandomPlayer (random.go) is the
//     stand-in, a uniformly random legal move that fills no own eye.
//   - Judge (ownership.go) estimates who owns each point at the end of the
//     game; PlayoutJudge averages light playouts. status.go turns ownership
//     into dead, alive and seki stones for final_score and
//     final_status_list.
//
// Start reading at engine.go, then play.go and genmove.go.
package engine
