package search

import "runtime"

// Config holds the search settings. The zero value is not useful; start
// from DefaultConfig.
type Config struct {
	// Threads is the number of worker goroutines sharing the tree.
	Threads int
	// MaxNodes caps the tree; past it the search stops expanding and keeps
	// refining the nodes it has.
	MaxNodes int
	// Seed seeds the workers' generators. With one thread and a playout
	// budget, equal seeds give equal searches.
	Seed uint64

	// ExpandAfter is the number of visits a leaf needs before it gets
	// children; lower grows the tree faster and costs memory.
	ExpandAfter int32
	// Exploration is the UCB exploration constant; priors and RAVE do most
	// of the exploring, so it is small.
	Exploration float64
	// RaveEquivalence is the number of real visits at which RAVE and real
	// statistics weigh the same (Gelly and Silver's k); higher trusts AMAF
	// for longer.
	RaveEquivalence float64

	// Priors are the virtual games given to new children.
	Priors Priors
	// Policy tunes the playouts.
	Policy Policy
}

// Priors are virtual games (visits with a win rate) added to a new node's
// statistics, so knowledge steers the first visits. A bonus is counted in
// won games, a malus in lost ones.
type Priors struct {
	Even        float64 // every move: this many games at 50%
	Capture     float64 // the move captures
	AtariEscape float64 // the move saves an own chain from atari
	// LadderEscape is a malus: the move extends an own chain in atari
	// into a ladder that captures it.
	LadderEscape float64
	// LadderCapture: the move puts an enemy chain in atari and captures
	// it in a ladder.
	LadderCapture float64
	Pattern       float64 // a 3x3 shape pattern matches
	NearLast      float64 // within two points of the last move
	EdgeEarly     float64 // malus: first or second line with nothing near
	SelfAtari     float64 // malus: the move puts its own chain in atari
	Pass          float64 // malus: passing while the opponent has not passed
}

// Policy tunes the heavy playouts.
type Policy struct {
	// MercyMargin ends a playout when one side has captured this many more
	// stones than the other, per point of the board (0.25 on 9x9 is about
	// 20 stones): the game is decided.
	MercyMargin float64
	// SelfAtariRetries is how many times a random move that puts its own
	// multi-stone chain in atari is redrawn.
	SelfAtariRetries int
}

// DefaultConfig returns the settings Yunzi plays with.
func DefaultConfig() Config {
	return Config{
		Threads:         runtime.NumCPU(),
		MaxNodes:        4_000_000,
		Seed:            1,
		ExpandAfter:     8,
		Exploration:     0.05,
		RaveEquivalence: 3000,
		Priors: Priors{
			Even:          10,
			Capture:       20,
			AtariEscape:   15,
			LadderEscape:  15,
			LadderCapture: 15,
			Pattern:       10,
			NearLast:      5,
			EdgeEarly:     10,
			SelfAtari:     15,
			Pass:          30,
		},
		Policy: Policy{MercyMargin: 0.25, SelfAtariRetries: 3},
	}
}
