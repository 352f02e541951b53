package rules

// The queries in this file serve the neural network's input features
// (package nn), which look a few steps back into the history on every
// evaluation: they read it in place, where Steps copies it.

// RecentStep returns the step k steps back from the current position (k =
// 1 is the step that reached it) and the position before that step, or
// false if the history holds fewer than k steps. It allocates nothing.
func (g *Game) RecentStep(k int) (step Step, before *Board, ok bool) {
	n := len(g.history) - 1 // steps taken
	if k < 1 || k > n {
		return Step{}, nil, false
	}
	s := &g.history[n-k+1]
	return Step{Move: s.move, Setup: s.setup, Board: s.board, ToMove: s.toMove}, g.history[n-k].board, true
}
