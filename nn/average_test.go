package nn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
)

// The average is the mean of the eight symmetries' outputs, illegal moves
// stay -1, and the policy is still a distribution.
func TestAveragerIsTheMeanOfTheSymmetries(t *testing.T) {
	m := testModel(t)
	positions := nnfiles.Golden(t)
	var g *goldenPosition
	for i := range positions {
		if positions[i].Size == 9 && len(positions[i].Moves) > 20 {
			g = &positions[i]
			break
		}
	}
	require.NotNil(t, g, "a 9x9 middle game among the golden positions")
	var in Input
	require.NoError(t, Fill(goldenGame(t, g), &in))
	e := m.NewEvaluator()
	var avg Output
	NewAverager(e).Evaluate(&in, &avg)

	area := in.Size * in.Size
	sumPolicy := make([]float64, area)
	var sumWin, sumLead float64
	var one Output
	for s := range NumSymmetries {
		e.Evaluate(&in, s, &one)
		for i := range area {
			sumPolicy[i] += float64(one.Policy[i])
		}
		sumWin += float64(one.WhiteWin)
		sumLead += float64(one.WhiteLead)
	}
	total := float64(avg.PolicyPass)
	for i := range area {
		assert.InDelta(t, sumPolicy[i]/NumSymmetries, avg.Policy[i], 1e-6, "policy at %v", PointOf(i, in.Size))
		if in.Legal[i] {
			total += float64(avg.Policy[i])
		} else {
			assert.Equal(t, float32(-1), avg.Policy[i], "illegal %v", PointOf(i, in.Size))
		}
	}
	assert.InDelta(t, 1, total, 1e-5, "the policy sums to 1")
	assert.InDelta(t, sumWin/NumSymmetries, avg.WhiteWin, 1e-6)
	assert.InDelta(t, sumLead/NumSymmetries, avg.WhiteLead, 1e-5)
}
