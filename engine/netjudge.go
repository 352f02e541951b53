package engine

import (
	"sync"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// netJudge judges ownership with the network's ownership head, averaged
// over the eight symmetries. The network was trained to predict who owns
// each point at the end of a game played out by strong players, dead
// stones captured and sekis left standing, which is what the dead-stone
// judgement needs; eight evaluations cost far less than the playouts'
// judgement. Safe for concurrent use.
type netJudge struct {
	model *nn.Model
	mu    sync.Mutex
	avg   *nn.Averager // made at the first judgement
	feat  nn.Featurizer
	in    nn.Input
	out   nn.Output
}

// ownership returns the network's judgement of g for its player to move,
// or ok false when the network cannot take the position (a board larger
// than it reads).
func (j *netJudge) ownership(g *rules.Game) (o *Ownership, ok bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := j.feat.Fill(g, &j.in); err != nil {
		return nil, false
	}
	if j.avg == nil {
		j.avg = nn.NewAverager(j.model.NewEvaluator())
	}
	j.avg.Evaluate(&j.in, &j.out)
	b := g.Board()
	o = newOwnership(b)
	for _, p := range b.Points() {
		// The head gives White's ownership from -1 (Black's) to 1.
		white := float64(j.out.WhiteOwnership[nn.Index(p, b.Size())])
		o.black[p], o.white[p] = (1-white)/2, (1+white)/2
	}
	return o, true
}
