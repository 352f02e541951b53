package nn

// Averager evaluates a position under all NumSymmetries symmetries and
// reports the mean of the outputs, as KataGo does when it averages
// symmetries: a steadier judgement for eight times the work. It keeps
// its own scratch output, so like its Evaluator it serves one goroutine.
type Averager struct {
	e   Evaluator
	one Output
}

// NewAverager returns an averager over e.
func NewAverager(e Evaluator) *Averager { return &Averager{e: e} }

// Evaluate writes to out the mean of e's outputs for in under every
// symmetry. An illegal move's policy stays -1.
func (a *Averager) Evaluate(in *Input, out *Output) {
	area := in.Size * in.Size
	out.Policy = growF32(out.Policy, area)[:area]
	out.WhiteOwnership = growF32(out.WhiteOwnership, area)[:area]
	clear(out.Policy)
	clear(out.WhiteOwnership)
	*out = Output{Policy: out.Policy, WhiteOwnership: out.WhiteOwnership}
	for s := range NumSymmetries {
		a.e.Evaluate(in, s, &a.one)
		for i := range area {
			out.Policy[i] += a.one.Policy[i]
			out.WhiteOwnership[i] += a.one.WhiteOwnership[i]
		}
		out.PolicyPass += a.one.PolicyPass
		out.WhiteWin += a.one.WhiteWin
		out.WhiteLoss += a.one.WhiteLoss
		out.NoResult += a.one.NoResult
		out.WhiteLead += a.one.WhiteLead
		out.WhiteScoreSelfplay += a.one.WhiteScoreSelfplay
		out.WhiteScoreSelfplaySq += a.one.WhiteScoreSelfplaySq
	}
	const n = NumSymmetries
	for i := range area {
		out.Policy[i] /= n
		out.WhiteOwnership[i] /= n
	}
	out.PolicyPass /= n
	out.WhiteWin /= n
	out.WhiteLoss /= n
	out.NoResult /= n
	out.WhiteLead /= n
	out.WhiteScoreSelfplay /= n
	out.WhiteScoreSelfplaySq /= n
}
