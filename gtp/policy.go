package gtp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// The policy heat map (yunzi-policy), GoGui's gfx.
const (
	// policyLabelFloor is the least probability a move's label shows.
	policyLabelFloor = 0.01
	// policyTextMoves is how many moves the status line names.
	policyTextMoves = 5
)

// heatColors are the heat map's field colours, hottest first: a move
// whose probability is the likeliest move's over 2^x gets heatColors[k]
// for x in [k, k+1), and no colour past the last. A logarithmic scale,
// so that the network's second thoughts show beside a move it is nearly
// sure of.
var heatColors = []string{"#ff0000", "#ff5000", "#ff8c00", "#ffb400", "#ffd24d", "#ffe58f", "#fff3c4"}

// policyGfx answers yunzi-policy: GoGui's heat map of the network's
// policy for the player to move, its move probabilities averaged over the
// 8 symmetries (see heatMap). It runs no search.
func (s *Server) policyGfx(args []string) (string, error) {
	if !s.engine.HasNetwork() {
		return "", ErrNoNetwork
	}
	if err := want(args, 0); err != nil {
		return "", err
	}
	var out nn.Output
	if err := s.engine.MeanNN(&out); err != nil {
		return "", Failure("cannot evaluate the position")
	}
	return heatMap(out.Policy, float64(out.PolicyPass), s.engine.Size(), s.engine.ToMove()), nil
}

// heatMap writes a gfx response from a policy (board array of side size
// in KataGo's order, top row first; negative for an illegal move) and the
// pass's probability, for the player c: one COLOR line per heat with its
// moves (see heatColors), a LABEL line with the probability in percent of
// each move of at least policyLabelFloor, and a TEXT line naming the
// likeliest moves and the pass.
func heatMap(policy []float32, pass float64, size int, c rules.Color) string {
	type move struct {
		p    rules.Point
		prob float64
	}
	var moves []move
	best := 0.0
	for i, p := range policy {
		if prob := float64(p); prob >= 0 {
			moves = append(moves, move{nn.PointOf(i, size), prob})
			best = max(best, prob)
		}
	}
	// Likeliest first; equal ones in the board's order, so that the
	// answer never depends on a sort's whims.
	slices.SortStableFunc(moves, func(a, b move) int {
		switch {
		case a.prob > b.prob:
			return -1
		case a.prob < b.prob:
			return 1
		}
		return 0
	})
	heats := make([][]string, len(heatColors))
	labels := []string{"LABEL"}
	for _, m := range moves {
		if m.prob <= 0 {
			continue
		}
		if k := int(math.Floor(math.Log2(best / m.prob))); k < len(heatColors) {
			heats[k] = append(heats[k], m.p.String())
		}
		if m.prob >= policyLabelFloor {
			labels = append(labels, m.p.String(), percent(m.prob))
		}
	}
	var sb strings.Builder
	for k, points := range heats {
		if len(points) > 0 {
			fmt.Fprintf(&sb, "COLOR %s %s\n", heatColors[k], strings.Join(points, " "))
		}
	}
	if len(labels) > 1 {
		sb.WriteString(strings.Join(labels, " ") + "\n")
	}
	var text []string
	for _, m := range moves[:min(len(moves), policyTextMoves)] {
		text = append(text, fmt.Sprintf("%s %.1f%%", m.p, 100*m.prob))
	}
	text = append(text, fmt.Sprintf("pass %.1f%%", 100*pass))
	fmt.Fprintf(&sb, "TEXT policy for %s: %s", c, strings.Join(text, ", "))
	return sb.String()
}

// percent writes a probability in percent short enough for a label on a
// point: whole percents from 10% up, one decimal below.
func percent(prob float64) string {
	if v := 100 * prob; math.Round(v) >= 10 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", 100*prob)
}
