package engine

import (
	"fmt"

	"github.com/yunzi-go/yunzi/rules"
)

// State is a comparable summary of everything a GTP command can change:
// tests take one before and after a failing command to check that nothing
// changed.
type State struct {
	Board    string // the diagram, last move marked
	Moves    string // the moves played, in order
	ToMove   rules.Color
	Komi     float64
	Handicap int
	Captures [2]int
	Time     TimeControl
	Clocks   [2]Clock
	Rules    string
}

// State returns the engine's state.
func (e *Engine) State() State {
	g := e.game
	last := rules.Pass
	if m, ok := g.LastMove(); ok {
		last = m.Point
	}
	return State{
		Board:    g.Board().Diagram(last),
		Moves:    fmt.Sprint(g.Moves()),
		ToMove:   g.ToMove(),
		Komi:     g.Komi,
		Handicap: g.Handicap(),
		Captures: [2]int{g.Board().Captures(rules.Black), g.Board().Captures(rules.White)},
		Time:     e.time,
		Clocks:   e.clocks,
		Rules:    e.rules,
	}
}
