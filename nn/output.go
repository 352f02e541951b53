package nn

import (
	"math"

	"github.com/yunzi-go/yunzi/rules"
)

// RawOutput is what a forward pass of a version 8 network gives, before
// post-processing: logits and values from the side to move, per point in
// the package's board order (any symmetry already undone).
type RawOutput struct {
	// Policy holds one logit per board index; Pass the pass's.
	Policy []float32
	Pass   float32
	// Value holds the logits of win, loss and no result.
	Value [3]float32
	// Score holds the score mean, the score's standard deviation before
	// softplus, the lead, and the variance of the time left before
	// softplus, each scaled down by the multipliers below.
	Score [4]float32
	// Ownership holds one logit per board index (tanh of it is the side to
	// move's ownership).
	Ownership []float32
}

// KataGo's post-processing multipliers for models before version 13,
// which do not carry their own (cpp/neuralnet/desc.cpp).
const (
	scoreMeanMultiplier  = 20
	scoreStdevMultiplier = 20
	leadMultiplier       = 20
)

// Global input features that post-processing reads: whether the ko rule
// is a superko rule and whether scoring is by territory
// (cpp/neuralnet/nninputs.cpp, fillRowV7).
const (
	globalSuperko   = 6
	globalTerritory = 9
)

// PostProcess turns a forward pass's raw outputs for in into out, as
// KataGo's NNEvaluator does for a model of version 8
// (cpp/neuralnet/nneval.cpp): a softmax of the policy over the legal moves
// (illegal ones -1), a softmax of the outcome, the score values scaled and
// made unconditional on a result, ownership through tanh; values and
// ownership turned to White's view. Under a superko rule with area
// scoring no result is impossible and its probability is 0, as KataGo
// reports it. out's slices are reused when large enough.
func PostProcess(in *Input, raw *RawOutput, out *Output) {
	area := in.Size * in.Size
	out.Policy = resize(out.Policy, area)
	out.WhiteOwnership = resize(out.WhiteOwnership, area)

	// Policy: softmax over the legal moves, pass last.
	maxLogit := math.Inf(-1)
	for i := 0; i <= area; i++ {
		if in.Legal[i] {
			maxLogit = math.Max(maxLogit, float64(policyLogit(raw, i, area)))
		}
	}
	var sum float64
	for i := 0; i <= area; i++ {
		if in.Legal[i] {
			sum += math.Exp(float64(policyLogit(raw, i, area)) - maxLogit)
		}
	}
	for i := 0; i <= area; i++ {
		p := float32(-1)
		if in.Legal[i] {
			p = float32(math.Exp(float64(policyLogit(raw, i, area))-maxLogit) / sum)
		}
		if i < area {
			out.Policy[i] = p
		} else {
			out.PolicyPass = p
		}
	}

	// Outcome.
	win, loss, noResult := float64(raw.Value[0]), float64(raw.Value[1]), float64(raw.Value[2])
	noResultPossible := in.Global[globalSuperko] == 0 || in.Global[globalTerritory] != 0
	if !noResultPossible {
		noResult -= 100000
	}
	m := math.Max(win, math.Max(loss, noResult))
	pWin, pLoss, pNoResult := math.Exp(win-m), math.Exp(loss-m), math.Exp(noResult-m)
	if !noResultPossible {
		pNoResult = 0
	}
	total := pWin + pLoss + pNoResult
	pWin, pLoss, pNoResult = pWin/total, pLoss/total, pNoResult/total

	// Scores, unconditional on the game having a result (no result scores
	// 0).
	scoreMean := float64(raw.Score[0]) * scoreMeanMultiplier
	scoreStdev := softPlus(float64(raw.Score[1])) * scoreStdevMultiplier
	scoreMeanSq := scoreMean*scoreMean + scoreStdev*scoreStdev
	lead := float64(raw.Score[2]) * leadMultiplier
	scoreMean *= 1 - pNoResult
	scoreMeanSq *= 1 - pNoResult
	lead *= 1 - pNoResult

	sign := float32(1)
	if in.ToMove == rules.White {
		out.WhiteWin, out.WhiteLoss = float32(pWin), float32(pLoss)
	} else {
		out.WhiteWin, out.WhiteLoss = float32(pLoss), float32(pWin)
		scoreMean, lead = -scoreMean, -lead
		sign = -1
	}
	out.NoResult = float32(pNoResult)
	out.WhiteScoreSelfplay = float32(scoreMean)
	out.WhiteScoreSelfplaySq = float32(scoreMeanSq)
	out.WhiteLead = float32(lead)

	for i := 0; i < area; i++ {
		out.WhiteOwnership[i] = sign * float32(math.Tanh(float64(raw.Ownership[i])))
	}
}

// policyLogit is the logit of board index i, or of the pass when i is
// area.
func policyLogit(raw *RawOutput, i, area int) float32 {
	if i == area {
		return raw.Pass
	}
	return raw.Policy[i]
}

// softPlus is log(1+e^x), computed without overflow.
func softPlus(x float64) float64 {
	if x > 40 {
		return x
	}
	return math.Log1p(math.Exp(x))
}

// resize returns s with length n, reusing its memory when it can.
func resize(s []float32, n int) []float32 {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]float32, n)
}
