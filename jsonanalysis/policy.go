package jsonanalysis

import (
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// policyOf returns the side to move's move probabilities in g's
// position, as KataGo's policy field has them: n*n values row by row from
// the top-left point, then the pass; -1 for an illegal move. With a
// network (eval not nil) they are its policy; without, the learned move
// patterns' chances (engine.PatternChancesIn) scaled to add up to 1, 0
// for a legal move the patterns do not rate (the pass, filling an own
// eye), or alike for every legal move when they rate none.
func policyOf(g *rules.Game, eval nn.Evaluator) []float64 {
	n := g.Size()
	out := make([]float64, n*n+1)
	c := g.ToMove()
	if eval != nil {
		var (
			f  nn.Featurizer
			in nn.Input
			o  nn.Output
		)
		if err := f.Fill(g, &in); err == nil {
			eval.Evaluate(&in, 0, &o)
			for i := range n * n {
				out[i] = float64(o.Policy[i])
			}
			out[n*n] = float64(o.PolicyPass)
			return out
		}
	}
	legal := 0
	for y := range n {
		for x := range n {
			i := (n-1-y)*n + x
			if g.IsLegal(rules.Move{Color: c, Point: rules.PointAt(x, y)}) {
				legal++
			} else {
				out[i] = -1
			}
		}
	}
	if !g.Over() {
		legal++ // the pass
	} else {
		out[n*n] = -1
	}
	sum := 0.0
	for _, ch := range engine.PatternChancesIn(g, c) {
		out[nn.Index(ch.Point, n)] = ch.Chance
		sum += ch.Chance
	}
	for i, v := range out {
		switch {
		case v < 0:
		case sum > 0:
			out[i] = v / sum
		case legal > 0:
			out[i] = 1 / float64(legal)
		}
	}
	return out
}
