package engine

import (
	"context"
	"math/rand/v2"

	"github.com/yunzi-go/yunzi/rules"
)

// RandomPlayer plays a uniformly random legal move that does not fill one of
// its own eyes, and passes when there is none. It never resigns. It stands
// in for the tree search and is not safe for concurrent use.
type RandomPlayer struct {
	rng   *rand.Rand
	order []rules.Point // scratch: the candidate points, shuffled
}

// NewRandomPlayer returns a RandomPlayer whose choices follow from seed.
func NewRandomPlayer(seed uint64) *RandomPlayer {
	return &RandomPlayer{rng: rand.New(rand.NewPCG(seed, 0x59756e7a69))}
}

// GenMove returns a random legal non-eye-filling move for c, checked with
// Game.Check so that it never repeats a position, or rules.Pass.
func (r *RandomPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, _ Limits) (rules.Point, error) {
	b := g.Board()
	r.order = append(r.order[:0], b.Empties()...)
	// Draw without replacement: a partial Fisher-Yates shuffle, stopping at
	// the first acceptable point, is uniform over the acceptable points.
	for k := len(r.order); k > 0; k-- {
		if err := ctx.Err(); err != nil {
			return rules.Pass, err
		}
		i := r.rng.IntN(k)
		p := r.order[i]
		r.order[i] = r.order[k-1]
		if !b.IsEye(c, p) && g.Check(rules.Move{Color: c, Point: p}) == nil {
			return p, nil
		}
	}
	return rules.Pass, nil
}
