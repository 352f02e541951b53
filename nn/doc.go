// Package nn evaluates KataGo's neural networks (model version 8, the
// g170 networks) on the CPU, in pure Go: it reads a model file, computes
// KataGo's input features for a position of package rules, runs the
// network and post-processes its outputs as KataGo does.
//
// It imports only package rules. Orientation: everything indexed by board
// point here (input planes, policy, ownership) is in KataGo's order, row
// by row from the top row (GTP row Size) down to row 1, columns left to
// right: index (Size-1-p.Y())*Size + p.X() for a rules.Point p (see
// Index).
package nn
