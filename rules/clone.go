package rules

// Clone returns an independent copy of the game: its options, history,
// handicap and resignation. Playing on or undoing the copy leaves g as it
// is, so a search can play its lines on a copy of the real game.
func (g *Game) Clone() *Game {
	c := &Game{Options: g.Options, handicap: g.handicap, resigned: g.resigned}
	c.history = make([]state, len(g.history), len(g.history)+64)
	for i, s := range g.history {
		s.board = s.board.Clone()
		c.history[i] = s
	}
	return c
}
