package engine

import (
	"context"

	"github.com/yunzi-go/yunzi/rules"
)

// Judge estimates who will own each point when the game in progress is
// played out. It is the seam for dead-stone judgement: final_score,
// final_status_list, kgs-genmove_cleanup and the pass decision use it.
//
// A judgement made during a move must keep to the move's time: when ctx is
// done, Ownership stops early, once it has enough outcomes for a rough
// answer, and marks the answer partial (see Ownership.Partial).
type Judge interface {
	Ownership(ctx context.Context, g *rules.Game) (*Ownership, error)
}

// Ownership is, for each point, the share of outcomes in which Black and in
// which White owned it. The rest of the outcomes left it neutral.
type Ownership struct {
	black, white []float64 // indexed by rules.Point
	partial      bool
}

// Partial reports whether the judgement was cut short by its context and
// rests on fewer outcomes than its judge makes in full.
func (o *Ownership) Partial() bool { return o.partial }

func newOwnership(b *rules.Board) *Ownership {
	pts := b.Points()
	n := int(pts[len(pts)-1]) + 1
	return &Ownership{black: make([]float64, n), white: make([]float64, n)}
}

// Share returns the share of outcomes in which colour c owned p.
func (o *Ownership) Share(p rules.Point, c rules.Color) float64 {
	if int(p) < 0 || int(p) >= len(o.black) {
		return 0
	}
	if c == rules.White {
		return o.white[p]
	}
	return o.black[p]
}

// PlayoutJudge estimates ownership by averaging the final owner of every
// point over light random playouts (rules.Board.Playout) from the current
// position. A point's owner at the end of a playout is the colour of its
// stone, or for an empty point the colour of all its neighbours if they
// agree (an eye), else no one. Its choices follow from the seed and the
// position, so the same position always gets the same answer (unless ctx
// cuts it short).
//
// Half the playouts start with the player to move, half with the other
// one. At the end of a game the side to move matters little, and without
// this a seki would always go against the side to move: light playouts
// know nothing of seki, so whoever moves first fills a shared liberty and
// is captured. With both starts a group in seki dies in about half the
// playouts; see status.go for how that is taken into account.
type PlayoutJudge struct {
	// Playouts is the number of playouts of a judgement.
	Playouts int
	// MinPlayouts is how many of them run even when the context is done;
	// 0 is DefaultTuning's JudgeTuning.MinPlayouts.
	MinPlayouts int
	Seed        uint64
}

// NewPlayoutJudge returns a PlayoutJudge running n playouts (at least 1).
func NewPlayoutJudge(n int, seed uint64) *PlayoutJudge {
	return &PlayoutJudge{Playouts: max(n, 1), Seed: seed}
}

// Ownership runs the playouts.
func (j *PlayoutJudge) Ownership(ctx context.Context, g *rules.Game) (*Ownership, error) {
	start := g.Board()
	rng := rules.NewRand(j.Seed ^ start.Hash() ^ uint64(g.ToMove())*0x9e3779b97f4a7c15)
	o := newOwnership(start)
	b := start.Clone()
	maxMoves := 3 * start.Size() * start.Size()
	n := max(j.Playouts, 1)
	least := j.MinPlayouts
	if least <= 0 {
		least = DefaultTuning().Judge.MinPlayouts
	}
	for i := range n {
		if i >= least && ctx.Err() != nil {
			n, o.partial = i, true
			break
		}
		b.CopyFrom(start)
		first := g.ToMove()
		if i%2 == 1 {
			first = first.Opponent()
		}
		b.Playout(first, rng, maxMoves)
		for _, p := range b.Points() {
			switch b.Owner(p) {
			case rules.Black:
				o.black[p]++
			case rules.White:
				o.white[p]++
			}
		}
	}
	for _, p := range start.Points() {
		o.black[p] /= float64(n)
		o.white[p] /= float64(n)
	}
	return o, nil
}
