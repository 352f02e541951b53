// Package sgf reads and writes game records in the Smart Game Format
// (SGF, FF[4]), the file format of Go programs, servers and regression
// suites.
//
// It has two layers. The lower one knows only the syntax: Parse reads a
// collection of game trees into Nodes, whose properties are kept as
// decoded strings, and WriteTrees prints them back. It is tolerant of the
// older FF[3] files that real collections still hold: long property names
// such as "AddBlack" are reduced to their upper-case letters ("AB").
//
// The upper layer knows Go: Load plays the main line of the first game of
// a collection into a rules.Game, setup stones, handicap and all, and can
// stop before a given move as GTP's loadsgf does, and LoadTree does the
// same with one tree of those Trees reads from a large collection one at
// a time, where a broken game does not stop the others (collection.go);
// Write prints a rules.Game as a record that other programs (GNU Go among
// them) load back.
//
// Start reading at node.go (the tree), then parse.go and encode.go (the
// syntax), then load.go and write.go (games).
package sgf
