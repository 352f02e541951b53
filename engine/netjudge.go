package engine

import (
	"sync"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// netJudge judges ownership with the network's ownership head, averaged
// over the eight symmetries and over both players to move: the position
// as it is, and after a pass by the player to move. The network was
// trained to predict who owns each point at the end of a game played out
// by strong players, dead stones captured and sekis left standing, which
// is what the dead-stone judgement needs. Its answer depends on who moves
// next: in a capturing race that the next move decides, each side to move
// wins it, so a judgement for one side alone would pass into a lost race
// (the opponent moves after a pass). Averaged, such a race's chains come
// out unsettled, which the pass decision reads. Sixteen evaluations cost
// far less than the playouts' judgement. Safe for concurrent use.
type netJudge struct {
	model *nn.Model
	mu    sync.Mutex
	avg   positionEvaluator // made from model at the first judgement
	feat  nn.Featurizer
	in    nn.Input
	out   nn.Output
}

// positionEvaluator evaluates a position's inputs into the network's
// outputs (an nn.Averager does).
type positionEvaluator interface {
	Evaluate(in *nn.Input, out *nn.Output)
}

// ownership returns the network's judgement of g, or ok false when the
// network cannot take the position (a board larger than it reads).
func (j *netJudge) ownership(g *rules.Game) (o *Ownership, ok bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	b := g.Board()
	o = newOwnership(b)
	if !j.add(g, o) {
		return nil, false
	}
	sides := 1.0
	after := g.Clone()
	if after.Play(rules.Move{Color: g.ToMove(), Point: rules.Pass}) == nil && j.add(after, o) {
		sides = 2
	}
	for _, p := range b.Points() {
		o.black[p] /= sides
		o.white[p] /= sides
	}
	return o, true
}

// add adds the network's ownership of g's position, for its player to
// move, to o's shares.
func (j *netJudge) add(g *rules.Game, o *Ownership) bool {
	if err := j.feat.Fill(g, &j.in); err != nil {
		return false
	}
	if j.avg == nil {
		j.avg = nn.NewAverager(j.model.NewEvaluator())
	}
	j.avg.Evaluate(&j.in, &j.out)
	b := g.Board()
	for _, p := range b.Points() {
		// The head gives White's ownership from -1 (Black's) to 1.
		white := float64(j.out.WhiteOwnership[nn.Index(p, b.Size())])
		o.black[p] += (1 - white) / 2
		o.white[p] += (1 + white) / 2
	}
	return true
}
