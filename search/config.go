package search

import "runtime"

// Config holds the search settings. The zero value is not useful; start
// from DefaultConfig. What each setting was measured at, and with what
// result, is in docs/TUNING.md under the setting's name.
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
	// than one worker searches. It makes the other workers less likely to
	// follow the same line, where they would write to the same nodes at
	// the same time and stall on each other's cache lines.
	VirtualLoss int32
	// AmafLag bounds how late a busy node's children get a worker's AMAF
	// results: the worker holds them back until it has those of a
	// AmafLag-th of the node's visits, then adds them at once, so that the
	// workers do not fight over the lines of the nodes they all pass
	// through (see amafBatch). A node with fewer than 2*AmafLag visits
	// gets them at once: a young node's selection leans on them.
	AmafLag int32
	// ExpandAfter is the number of visits a leaf needs before it gets
	// children; lower grows the tree faster and costs memory.
	ExpandAfter int32
	// Exploration is the UCB exploration constant; 0 leaves the exploring
	// to the priors and the AMAF statistics (a move the AMAF results have
	// not ruled out keeps being tried).
	Exploration float64
	// RaveEquivalence is the number of real visits at which RAVE and real
	// statistics weigh the same (Gelly and Silver's k); higher trusts AMAF
	// for longer.
	RaveEquivalence float64
	// ScoreWeight is the share of a simulation's value that its final
	// margin decides; the rest is the win (see gameValue). It keeps the
	// search purposeful when every line wins or every line loses: it still
	// prefers the bigger win, the smaller loss.
	ScoreWeight float64

	// Priors are the virtual games given to new children.
	Priors Priors
	// Large holds what changes on large boards.
	Large LargeBoard
	// Policy tunes the playouts.
	Policy Policy
	// Choice picks the move a search returns.
	Choice Choice
	// Stopping says when a search stops before its budget is spent (stop.go).
	Stopping Stopping
	// PUCT tunes the search with a network (puct.go), which replaces the
	// settings above but Threads, MaxNodes, Seed, VirtualLoss, Choice and
	// Stopping.
	PUCT PUCT
}

// PUCT holds the settings of the search with a network: KataGo's
// selection (AlphaZero's PUCT with a log-growing exploration constant and
// first-play urgency) and its utility, the network's win/loss plus score
// utilities, so that a decided game is still played for points. The
// defaults are KataGo's (cpp/search/searchparams.cpp).
type PUCT struct {
	// A child's exploration term is prior * C * sqrt(N) / (1 + visits),
	// where N is the visits of its siblings together and
	// C = Exploration + ExplorationLog * log((N + ExplorationBase) /
	// ExplorationBase).
	Exploration, ExplorationLog, ExplorationBase float64
	// FPUReduction is how far below its parent's utility an unvisited
	// child starts, times the square root of the policy of the siblings
	// already visited (first-play urgency); RootFPUReduction is the root's.
	FPUReduction, RootFPUReduction float64
	// A position's utility for a player is WinLoss times (win - loss), plus
	// StaticScore times the score value of its expected margin, plus
	// DynamicScore times the score value of that margin less a centre
	// (the root's expected margin, drawn DynamicScoreZeroWeight of the way
	// to zero). A score value is 2/pi * atan(margin / (scale * the board's
	// side)), with StaticScoreScale and DynamicScoreScale.
	WinLoss, StaticScore, DynamicScore  float64
	StaticScoreScale, DynamicScoreScale float64
	DynamicScoreZeroWeight              float64
	// PlayoutMix is AlphaGo's lambda: a leaf's win/loss is this share of
	// a playout's result (the classic search's policy, from the leaf)
	// and the rest the network's value; 0 plays no playouts.
	PlayoutMix float64
}

// Priors are virtual games (visits with a win rate) added to a new node's
// statistics, so knowledge steers the first visits. A bonus is counted in
// won games, a malus in lost ones.
type Priors struct {
	Even        float64 // every move's share: this many games at 50%
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
	// pattern, learned on 19x19, used on every size) are sure a strong
	// player picks; a move they give the chance p gets Learned times the
	// square root of p.
	Learned   float64
	EdgeEarly float64 // malus: first or second line with nothing near, early in the game
	// EarlyDivisor says when a game is early for EdgeEarly: while fewer
	// than a 1/EarlyDivisor share of the board's points hold stones.
	EarlyDivisor int
	SelfAtari    float64 // malus: the move puts its own chain in atari
	Pass         float64 // malus: passing while the opponent has not passed
}

// LargeBoard holds the settings for boards of MinSize and up: there some
// 300 moves compete for a few thousand playouts, and the search needs
// knowledge to pick the few it reads. Smaller boards search every move
// alike, guided by the priors alone.
type LargeBoard struct {
	MinSize int // the smallest board side these settings apply to
	// DistanceRave is the extra AMAF weight of a move played at once
	// after the node over one played at the end of the playout (Pachi's
	// distance RAVE); the weight falls linearly in between.
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
	// simulations (see replyTable).
	LastGoodReply bool
	// ScoreWeight replaces Config.ScoreWeight. It is larger because a
	// large board's playouts misjudge more of it (a corner's life, a long
	// race): a search that counts little but the win gives away every
	// point its playouts think it can spare.
	ScoreWeight float64
	// PriorAmaf is how many times over the prior games of the root's
	// children also count among their AMAF games (Gelly and Silver's
	// heuristic MC-RAVE starts both statistics from the prior). Within a
	// second a root child on 19x19 has thousands of AMAF games, and while
	// its real visits are few the AMAF rate takes nearly all of the
	// selection value (see ucb); a prior counted with the real games alone
	// would weigh less than the noise between the AMAF rates of opening
	// moves, and the search would leave an empty corner for a fifth-line
	// move (TestOpeningTakesTheEmptyCorner). Deeper nodes have far fewer
	// AMAF games, and there the same weight would drown them, so it counts
	// at the root alone.
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
// a cut that leaves two enemy chains with two liberties each can rank
// 27th). The AMAF statistics see every move, so they shrink it: from
// PromoteVisits visits on, the one child beyond the width whose AMAF win
// rate is most surely above those within it (by PromoteZ standard errors)
// competes with them for selection.
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

// Policy tunes the heavy playouts.
type Policy struct {
	// MercyMargin ends a playout when one side has captured this many more
	// stones than the other, per point of the board (0.25 on 9x9 is about
	// 20 stones): the game is decided.
	MercyMargin float64
	// SelfAtariRetries is how many times a random move that puts its own
	// multi-stone chain in atari is redrawn.
	SelfAtariRetries int
	// The probabilities of trying each heuristic, when it applies, before
	// the random move: the answers to the last move's ataris
	// (tacticalMove), to its chains left with two liberties
	// (twoLibertyMove), and the 3x3 shapes around it (shapeMove). Below
	// one, so that the playouts keep some variety.
	TacticsRate, TwoLibertyRate, ShapeRate float64
	// LadderBudget bounds the ataris one ladder reading may play (for the
	// playouts and the priors alike), so that a long ladder on 19x19,
	// about 35 steps, is read to its end in bounded time. A reading that
	// runs out counts as an escape.
	LadderBudget int
}

// Choice picks the move a search returns: the most visited, unless
// another with enough visits has a better lower confidence bound (LCB):
// visits alone can favour a move whose late results turned bad.
type Choice struct {
	// LCBDeviations is how many standard errors below a move's win rate
	// its lower confidence bound lies.
	LCBDeviations float64
	// LCBVisitDivisor: a move competes with the most visited one on its
	// LCB when it has at least a 1/LCBVisitDivisor share of its visits.
	LCBVisitDivisor int
}

// DefaultConfig returns the settings Yunzi plays with.
func DefaultConfig() Config {
	return Config{
		Threads:         runtime.NumCPU(),
		MaxNodes:        4_000_000,
		Seed:            1,
		VirtualLoss:     8,
		AmafLag:         32,
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
			EarlyDivisor:  4,
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
		Policy: Policy{
			MercyMargin:      0.25,
			SelfAtariRetries: 3,
			TacticsRate:      0.9,
			TwoLibertyRate:   0.5,
			ShapeRate:        0.8,
			LadderBudget:     60,
		},
		Choice:   Choice{LCBDeviations: 2, LCBVisitDivisor: 10},
		Stopping: DefaultStopping(),
		PUCT: PUCT{
			Exploration: 1, ExplorationLog: 0.45, ExplorationBase: 500,
			FPUReduction: 0.2, RootFPUReduction: 0.1,
			WinLoss: 1, StaticScore: 0.1, DynamicScore: 0.3,
			StaticScoreScale: 2, DynamicScoreScale: 0.75, DynamicScoreZeroWeight: 0.2,
		},
	}
}

// Constants of the implementation: they set how the workers share their
// counts and how much they report, not how the search plays.
const (
	// sharedClaimBlock is how many simulations a worker claims from the
	// budget, and owes the root's visits, at a time when other workers
	// search beside it (1 alone): every worker adding to the same two
	// counters each simulation would make each add wait for the cache
	// line the other had just written.
	sharedClaimBlock = 16
	// tallyBatch is how many playouts a worker counts for an ownership
	// slot before it adds them to the shared tallies (see owedTally).
	tallyBatch = 16
	// maxBatchSlots bounds a worker's AMAF batches, counted in children:
	// past it, they are all added to the tree and dropped.
	maxBatchSlots = 1 << 16
	// minSlotPlayouts is the least number of playouts through the chosen
	// move for its own ownership and score to be reported; with fewer,
	// all are used.
	minSlotPlayouts = 50
	// maxPVLength bounds a principal variation's moves.
	maxPVLength = 30
)

// isLarge reports whether a board of the given side is large, where
// Config.Large applies.
func (cfg *Config) isLarge(size int) bool { return size >= cfg.Large.MinSize }
