package nn

// Evaluator runs the network on positions for one goroutine at a time: it
// keeps its own scratch space, while the Model's weights are shared
// read-only by every Evaluator made from it.
type Evaluator interface {
	// Evaluate runs the network on in under symmetry s (0 to 7, see
	// SymmetricIndex) and writes KataGo's post-processed outputs to out.
	Evaluate(in *Input, s int, out *Output)
}

// NewEvaluator returns the fastest evaluator of m this build has: a Fast,
// which is also a BatchEvaluator.
func (m *Model) NewEvaluator() Evaluator { return NewFast(m) }
