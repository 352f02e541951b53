// Package search is Yunzi's Monte-Carlo tree search: a tree shared by all
// worker goroutines (lock-free, virtual loss), UCT selection blended with
// RAVE/AMAF statistics, knowledge priors at expansion, heavy playouts in
// the style of Pachi's Moggy, and ownership gathered from every playout.
//
// Reading order: config.go (every tunable, with what it does), node.go (the
// tree and its statistics), search.go (one simulation: descend, expand,
// playout, back up), policy.go and patterns.go (the playout policy),
// priors.go (knowledge given to new nodes), result.go (what a search
// returns).
package search
