// Package engine is the game a GTP session plays: the rules.Game in
// progress, komi, the time settings, and the seams through which moves and
// dead stones are decided.
//
// Engine implements the interface the gtp package defines (gtp.Engine),
// using only the types of packages rules and nn, so gtp never imports this
// package or the search.
// Two seams decide:
//
//   - Player (player.go) generates a move: SearchPlayer (search_player.go)
//     runs the tree search, with playouts or, made by NewNetworkPlayer,
//     with a network; RandomPlayer (random.go), a uniformly random
//     legal move that fills no own eye, serves the tests.
//   - Judge (ownership.go) estimates who owns each point at the end of the
//     game: SearchPlayer with the search's playout policy, PlayoutJudge
//     with light playouts. status.go turns ownership into dead, alive and
//     seki stones for final_score and final_status_list, and seki.go reads
//     the sekis once more for sacrifices that kill.
//
// With a KataGo network (Config.Model), network.go evaluates the position
// in progress for kata-raw-nn, and the Player is a NetworkPlayer
// (search_player.go): the search with the network, which netsearch.go
// adapts to the search's interface.
//
// Start reading at engine.go, then play.go and genmove.go.
package engine
