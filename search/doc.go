// Package search is Yunzi's Monte-Carlo tree search: a tree shared by all
// worker goroutines (lock-free, virtual loss), selection by win rate
// blended with RAVE/AMAF statistics (by default no UCB exploration term:
// the priors and AMAF do the exploring), knowledge priors at expansion,
// heavy playouts in the style of Pachi's Moggy, and ownership gathered
// from every playout.
//
// Reading order: config.go (every tunable, with what it does), node.go (the
// tree and its statistics), search.go (budgets and stopping), worker.go
// (one simulation: descend, expand, play out, back up), policy.go and
// patterns.go (the playout policy), replies.go (the replies the playouts
// learn from won simulations), ladder.go (ladder reading for the
// policy and the priors), priors.go (knowledge given to new nodes),
// result.go (what a search returns), ownership.go (the policy alone as a
// dead-stone judge), prefetch.go (asking for memory before it is used:
// the lines backup adds to, so that the workers' adds to shared lines do
// not wait one after the other, and the playouts' stored replies; the
// instructions are in prefetch_amd64.s).
package search
