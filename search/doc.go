// Package search is Yunzi's Monte-Carlo tree search: a tree shared by all
// worker goroutines (lock-free, virtual loss), selection by win rate
// blended with RAVE/AMAF statistics (by default no UCB exploration term:
// the priors and AMAF do the exploring), knowledge priors at expansion,
// heavy playouts in the style of Pachi's Moggy judging the leaves, and
// ownership gathered from every playout.
//
// Reading order:
//   - config.go: every setting, with what it does (what each was measured
//     at is in docs/TUNING.md);
//   - node.go: the tree and its statistics;
//   - search.go and stop.go: a search, its budget and when it stops;
//   - worker.go: one simulation, phase by phase: select.go (down the
//     tree), expand.go and priors.go (a leaf's children and the knowledge
//     they start with), evaluator.go (what judges a leaf), backup.go and
//     amafbatch.go (the value back up the path), tally.go (who owned the
//     board at the end);
//   - policy.go: the playouts, the evaluator the search plays with, with
//     blunders.go (the random moves they refuse), nakade.go, shapes.go
//     (MoGo's 3x3 shapes), replies.go (the replies they learn from won
//     simulations) and ladder.go (ladder reading, for the playouts and the
//     priors);
//   - result.go: what a search returns; ownership.go: the playouts alone
//     as a dead-stone judge; restrict.go: the moves a search may be told
//     to leave out of its tree (Budget.Restrict);
//   - puct.go and puctselect.go: the search with a network (SetNetwork),
//     AlphaZero's and KataGo's PUCT, where the network (network.go, the
//     interface it is reached through) replaces the playouts, the priors
//     and AMAF;
//   - prefetch.go: asking for memory before it is used (the instructions
//     are in prefetch_amd64.s).
package search
