package search

import (
	"math"
	"runtime"
)

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

	// VirtualLoss is the number of lost games a simulation in flight counts
	// at each node of its path, until its result replaces them, when more
	// than one worker searches. Each one makes the other workers less
	// likely to follow the same line; following it, they would write to
	// the same nodes at the same time, and each worker would stall on the
	// cache lines the other has just written. With 8 (was 1), two workers
	// on empty 9x9 went from 0.87 to 0.99 times the playouts of two
	// one-thread searches run at once in separate processes, on 19x19 from
	// 0.91 to 0.99; in 9x9 self-play with two threads at 3000 playouts a
	// move, 8 won 98 of 200 games against 1.
	//
	// A larger one at the root's children alone (64, 8 below them) did
	// not reach 1.9 times one thread's playouts on 9x9: over 12 rounds of
	// `yunzi bench --sizes 9 --runs 3` alternating with 8 everywhere, the
	// median speedup with two threads was 1.875 mid-game (8: 1.785) and
	// 1.85 on the empty board (8: 1.885), and it won 58 of 120 games of
	// 9x9 self-play with two threads at 3000 playouts a move. A virtual
	// loss of a 64th of each node's visits (at least 8) did no better:
	// medians 1.825 mid-game and 1.81 empty over 6 rounds (8: 1.84, 1.885).
	// Neither is kept. The mid-game gain of the first is no larger than
	// the spread between rounds (1.65 to 1.92 for 8 alone).
	//
	// With 8 the workers still share a subtree most of the time: on empty
	// 9x9, the root child one picks is the one the other took last in 51
	// to 68% of its picks (the same depth-1 child in 18 to 29%); with 32
	// in 23 to 48% (5 to 10%), with 128 or more in 5 to 15%. 32 was not
	// kept either. Over 22 interleaved rounds of `yunzi bench --sizes 9`
	// each, its two-thread speedup was 1.854 empty and 1.891 mid-game
	// (8: 1.819 and 1.839), and its share of the apart speedup 0.951 and
	// 0.965 (8: 0.941 and 0.949). But 8 alone ranged from 1.785 to 1.884
	// empty, and from 0.938 to 0.979 of apart, over five such runs that
	// day. In 9x9 self-play with two threads at 0.3 s a move, 32 won 54
	// of 100 games against 8 (Wilson 44.3-63.4%); 19x19 is unmeasured.
	VirtualLoss int32
	// ExpandAfter is the number of visits a leaf needs before it gets
	// children; lower grows the tree faster and costs memory. 4 won 50 of
	// 100 games of 13x13 self-play at 0.3 s a move against 8: not kept.
	ExpandAfter int32
	// Exploration is the UCB exploration constant. Priors and RAVE do the
	// exploring: a move the AMAF results have not ruled out keeps being
	// tried, and one they have ruled out is not worth the visits. In 9x9
	// self-play at 3000 playouts a move, 0 won 120 of 199 games against
	// 0.05; against GNU Go level 10 at 1 s a move it won 98 of 100, where
	// 0.05 won 94 of 100 on the same machine. The search then settles
	// sooner (0.61 s a move used of the 1 s, was 0.74 s), and two threads
	// follow the same lines more often: they gained 1.53 to 1.62 times one
	// thread's playouts on 9x9, 0.05 1.67 to 1.73 times, on that machine.
	// On 13x13 and up, where the widening already narrows the choice, 0
	// won 130 of 200 games of 13x13 self-play at 0.3 s a move against
	// 0.05 (65%, Wilson 58.2-71.3%), so every size searches without it.
	Exploration float64
	// RaveEquivalence is the number of real visits at which RAVE and real
	// statistics weigh the same (Gelly and Silver's k); higher trusts AMAF
	// for longer. 1500 won 46 of 100 games of 13x13 self-play at 0.3 s a
	// move against 3000 (Wilson 36.6-55.7%): not kept.
	RaveEquivalence float64
	// ScoreWeight is the share of a simulation's value that its final
	// margin decides; the rest is the win (see gameValue). It keeps the
	// search purposeful when every line wins or every line loses: it still
	// prefers the bigger win, the smaller loss. Self-play at 3000 playouts
	// a move on 9x9 preferred 0.02 (113 wins in 200 games), but against
	// GNU Go at 1 s a move 0.1 won 87/100 and 0.02 81/100.
	ScoreWeight float64

	// Priors are the virtual games given to new children.
	Priors Priors
	// Large holds what changes on large boards.
	Large LargeBoard
	// Policy tunes the playouts.
	Policy Policy
}

// Priors are virtual games (visits with a win rate) added to a new node's
// statistics, so knowledge steers the first visits. A bonus is counted in
// won games, a malus in lost ones.
type Priors struct {
	// Even is every move's share: this many games at 50%. Doubled on
	// 13x13 and up, it won 50 of 100 games of 13x13 self-play at 0.3 s a
	// move: not kept.
	Even        float64
	Capture     float64 // the move captures
	AtariEscape float64 // the move saves an own chain from atari
	// LadderEscape is a malus: the move extends an own chain in atari
	// into a ladder that captures it.
	LadderEscape float64
	// LadderCapture: the move puts an enemy chain in atari and captures
	// it in a ladder.
	LadderCapture float64
	// TwoLiberties: the move is one the playouts answer the last move with
	// when it leaves a chain with two liberties (see twoLibertyMove).
	TwoLiberties float64
	// Learned is the bonus of a move the learned move patterns (package
	// pattern) are sure a strong player picks; a move they give the
	// chance p gets Learned times the square root of p. The patterns were
	// learned on 19x19 and serve every size: in 9x9 self-play at 3000
	// playouts a move they won 74 of 100 games against a bonus for a move
	// near the last one (more if it made a 3x3 shape), and against GNU Go
	// level 10 at 1 s a move 240 of 254, where that bonus won 51 of 62 on
	// the same machine. Halving the weight lost 127 of 199 self-play games
	// against it; doubling it won 69 of 125, no difference. Doubled on
	// 13x13 and up alone (160), it won 198 of 363 games of 13x13 self-play
	// at 0.3 s a move over two runs (113 of 200, then 85 of 163; 54.5%,
	// Wilson 49.4-59.6%): not shown better, not kept. Without the UCB
	// exploration term it won 41 of 100 of those games (Wilson
	// 31.9-50.8%).
	Learned   float64
	EdgeEarly float64 // malus: first or second line with nothing near
	SelfAtari float64 // malus: the move puts its own chain in atari
	Pass      float64 // malus: passing while the opponent has not passed
}

// LargeBoard holds the settings for boards of MinSize and up: there some
// 300 moves compete for a few thousand playouts, and the search needs
// knowledge to pick the few it reads. On 9x9 the same settings lost more
// games against GNU Go (see the note of session 3), so small boards
// search every move alike, guided by the priors alone.
type LargeBoard struct {
	MinSize int
	// DistanceRave is the extra AMAF weight of a move played at once
	// after the node over one played at the end of the playout (Pachi's
	// distance RAVE); the weight falls linearly in between. On 9x9 it
	// lost: 47 of 109 self-play games at 3000 playouts a move. 5 won 51
	// of 100 games of 13x13 self-play at 0.3 s a move against 3: not kept.
	DistanceRave int
	// Widening narrows selection to the moves with the best priors.
	Widening Widening
	// FillBoardTries is how many random points a playout tries, before its
	// random move, for one whose eight neighbours are all empty (MoGo's
	// "fill the board", Chaslot et al. 2010). Plain random moves on a large
	// board mostly land next to stones, in fights; these spread the
	// playout's first moves over the open areas, as real games do.
	FillBoardTries int
	// LastGoodReply makes the playouts play the replies that won earlier
	// simulations (see replyTable). On 9x9 it lost: 40 of 90 self-play
	// games at 3000 playouts a move.
	LastGoodReply bool
	// ScoreWeight replaces Config.ScoreWeight. It is larger because a
	// large board's playouts misjudge more of it (a corner's life, a long
	// race): a search that counts little but the win gives away every
	// point its playouts think it can spare. At 0.1, 74 of the 100 games
	// won on the count against GNU Go on 19x19 in sessions 12 to 14 were
	// won by 3.5 points or less. In 13x13 self-play at 0.3 s a move, 0.25
	// won 39 of 60 games against 0.1. On 19x19 against GNU Go it won 21 of
	// 26, 7 of the 21 by 3.5 points or less (the mean winning margin 9.2
	// points, was 3.9); 0.1 won 54 of 65 over sessions 14 and 15: not
	// told apart. Higher gained nothing more: 0.4 won 30 of 60 games of
	// 13x13 self-play at 0.3 s a move against 0.25.
	ScoreWeight float64
	// PriorAmaf is how many times over the prior games of the root's
	// children also count among their AMAF games (Gelly and Silver's
	// heuristic MC-RAVE starts both statistics from the prior). Within a
	// second a root child on 19x19 has thousands of AMAF games, and while
	// its real visits are few the AMAF rate takes nearly all of the
	// selection value (see ucb). A prior counted with the real games
	// alone then weighs a few percent, less than the noise between the
	// AMAF rates of the opening moves, which no playout tells apart: the
	// search played D5, Q10 and R15 with a corner still empty, where the
	// learned patterns gave the empty corner's 4-4 point 38%.
	//
	// Deeper nodes have far fewer AMAF games, and there the same weight
	// would drown them: counted at every node, 30 won 12 of 34 games of
	// 13x13 self-play at 0.3 s a move against 0. At the root alone it
	// won 139 of 266 of those games (52%, no difference), and 20 of 24
	// against GNU Go level 10 on 19x19 at 2 s a move, where the builds
	// before it had won 41 of 52. It is kept for the opening, where it
	// takes the empty corners first (TestOpeningTakesTheEmptyCorner).
	PriorAmaf float64
}

// Widening is progressive widening (Chaslot's progressive unpruning,
// Coulom's CrazyStone): a node's children are ordered by prior when it is
// expanded, and selection looks only at the first Base of them (and at the
// pass) until the node has Visits visits; from then on one more child joins
// each time the visits grow by the factor Growth. On a large board a few
// thousand playouts spread over some 300 moves measure none of them; spread
// over the twenty that knowledge likes best, they read those deeply.
//
// The price is a blind spot for a good move the priors rank low (on 19x19,
// a cut that leaves two enemy chains with two liberties each was 27th), and
// it is worth paying: in 13x13 self-play at 0.3 s a move against the
// defaults below, the same engine looking at every child from the start
// won 1 game of 18. Narrower settings (Base 5; or Growth 1.7) won 45 of 84
// and 23 of 44: no measurable difference. Without the UCB exploration term
// (see Config.Exploration), Base 5 won 55 of 100 games and Base 12 47 of
// 100 against 8, in the same self-play: none told apart.
//
// The AMAF statistics see every move, so they shrink the blind spot: from
// PromoteVisits visits on, the one child beyond the width whose AMAF win
// rate is most surely above those within it (by PromoteZ standard errors)
// competes with them for selection. That finds the cut above at once; in
// 13x13 self-play at 0.3 s a move it won 38 of 64 games against the same
// engine without promotion, and on 19x19 against GNU Go 44 of 52 (before
// it, 67 of 80). Looser settings (200 visits, 3 standard errors) promoted
// a child at up to 8% of a 13x13 search's selections and gained nothing
// in self-play (26 of 55 games against no promotion).
//
// Ordering by criticality as well (Coulom 2009: how much more often than
// chance the owner of a point at the end of the search's playouts is the
// playout's winner) did not help: a child expanded below the root, once
// the search had 500 playouts, got 150 won games per unit of its point's
// criticality (on 19x19 mid-game positions the fight's key points scored
// 0.15 to 0.23, the median point 0.05), and it won 52 of 119 games of
// 13x13 self-play at 0.3 s a move (43.7%, Wilson 35.1-52.7%). Not kept.
type Widening struct {
	Base   int     // children looked at from the start
	Visits float64 // visits at which the next child joins
	Growth float64 // factor of visits between one child's joining and the next's

	// PromoteVisits is the visits from which a child beyond the width
	// may join the selection on its AMAF win rate; PromoteZ is the
	// standard errors by which that rate must beat the best AMAF win rate
	// within the width.
	PromoteVisits float64
	PromoteZ      float64
}

// width returns how many children, best priors first, a node with the
// given visits looks at.
func (wd *Widening) width(visits int32) int {
	if float64(visits) < wd.Visits {
		return wd.Base
	}
	return wd.Base + 1 + int(math.Log(float64(visits)/wd.Visits)/math.Log(wd.Growth))
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
		VirtualLoss:     8,
		ExpandAfter:     8,
		Exploration:     0,
		RaveEquivalence: 3000,
		ScoreWeight:     0.1,
		Priors: Priors{
			Even:          10,
			Capture:       20,
			AtariEscape:   15,
			LadderEscape:  15,
			LadderCapture: 15,
			TwoLiberties:  10,
			Learned:       80,
			EdgeEarly:     10,
			SelfAtari:     15,
			Pass:          30,
		},
		Large: LargeBoard{
			MinSize:        13,
			DistanceRave:   3,
			Widening:       Widening{Base: 8, Visits: 40, Growth: 1.4, PromoteVisits: 500, PromoteZ: 4},
			FillBoardTries: 5,
			LastGoodReply:  true,
			ScoreWeight:    0.25,
			PriorAmaf:      30,
		},
		Policy: Policy{MercyMargin: 0.25, SelfAtariRetries: 3},
	}
}
