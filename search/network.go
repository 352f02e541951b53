package search

import "github.com/yunzi-go/yunzi/rules"

// Network is what the search with a network (puct.go) judges positions
// with. The search knows nothing of how it works: the engine adapts a
// KataGo network to it, so that this package does not depend on one.
type Network interface {
	// NewEvaluator returns an evaluator for one worker, which uses it
	// alone; seed seeds whatever it chooses at random.
	NewEvaluator(seed uint64) LeafEvaluator
}

// LeafEvaluator judges positions for one worker.
type LeafEvaluator interface {
	// Evaluate judges g's current position for the player to move,
	// g.ToMove(), which is Black or White, and writes what it finds to
	// out, reusing out's slices. It reads g's history (the last moves,
	// ko and superko) and does not change g.
	Evaluate(g *rules.Game, out *NetOutput)
}

// NetOutput is a network's judgement of a position.
type NetOutput struct {
	// Policy holds, per rules.Point (indexed by the point, so at least
	// rules.PointAt(size-1, size-1)+1 long), the probability that the move
	// is the best one for the player to move: 0 or less for an illegal
	// move and for what is not a point of the board. PassPolicy is the
	// pass's.
	Policy     []float32
	PassPolicy float32
	// BlackWin is the probability that Black wins, a game without result
	// counted half.
	BlackWin float64
	// BlackScore is Black's expected final margin, komi included (the mean
	// over the games the network expects); BlackLead is how many points
	// Black leads by, what komi would make the game even.
	BlackScore, BlackLead float64
	// BlackScoreSq is the expected square of that margin (KataGo's
	// scoreMeanSq), from which the spread of the score comes. A network
	// without it leaves it 0: the search then takes BlackScore's square,
	// so that the spread is the leaves' alone.
	BlackScoreSq float64
	// Ownership holds, per point of Board.Points(), who the point will
	// belong to: +1 Black, -1 White.
	Ownership []float32
}

// CopyFrom makes o a copy of src, reusing o's slices.
func (o *NetOutput) CopyFrom(src *NetOutput) {
	policy, own := append(o.Policy[:0], src.Policy...), append(o.Ownership[:0], src.Ownership...)
	*o = *src
	o.Policy, o.Ownership = policy, own
}
