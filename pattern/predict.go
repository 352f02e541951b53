package pattern

import (
	"fmt"
	"io"
	"math"
)

// A Phase is a part of a game, by move number, over which the prediction
// of the played moves is measured apart: openings, middle games and
// endgames are predicted very differently well.
type Phase struct {
	Name        string
	First, Last int // move numbers, from 1; Last 0: to the end
}

// Phases are the parts Prediction measures: moves 1 to 50, 51 to 150,
// and 151 on.
var Phases = [3]Phase{{"1-50", 1, 50}, {"51-150", 51, 150}, {"151+", 151, 0}}

// A Tally counts how well a model predicted the played moves of some
// positions.
type Tally struct {
	Positions     int
	Top1, Top5    int     // played moves the model ranked first, among its first 5
	RankSum       float64 // the sum of the played moves' ranks
	LogLikelihood float64 // the sum of the log of the chance given the played move
}

// Add counts one position whose played move had this rank and chance.
func (t *Tally) Add(rank int, logChance float64) {
	t.Positions++
	if rank <= 1 {
		t.Top1++
	}
	if rank <= 5 {
		t.Top5++
	}
	t.RankSum += float64(rank)
	t.LogLikelihood += logChance
}

// A Prediction tallies how well a model predicts the played moves, per
// phase of the game and over all.
type Prediction struct {
	Phases [len(Phases)]Tally
	All    Tally
}

// Add ranks the played move of pos with m and counts it in its phase.
func (p *Prediction) Add(m *Model, pos Position) {
	rank, logChance := m.judge(pos)
	p.All.Add(rank, logChance)
	for i, ph := range Phases {
		if pos.Number >= ph.First && (ph.Last == 0 || pos.Number <= ph.Last) {
			p.Phases[i].Add(rank, logChance)
		}
	}
}

// Write writes one line a phase and one for all positions: the positions,
// the played move's share of first choices and of the first five, its
// mean rank, and the mean log-likelihood. Each line starts with prefix.
func (p *Prediction) Write(w io.Writer, prefix string) error {
	for i := range len(Phases) + 1 {
		t, name := &p.All, "all"
		if i < len(Phases) {
			t, name = &p.Phases[i], "moves "+Phases[i].Name
		}
		if t.Positions == 0 {
			continue
		}
		n := float64(t.Positions)
		if _, err := fmt.Fprintf(w, "%s%-12s %8d positions  top-1 %5.1f%%  top-5 %5.1f%%  mean rank %6.2f  log-likelihood %.3f\n",
			prefix, name, t.Positions, 100*float64(t.Top1)/n, 100*float64(t.Top5)/n, t.RankSum/n, t.LogLikelihood/n); err != nil {
			return err
		}
	}
	return nil
}

// judge returns the rank of pos's played move among its moves by m's
// strength (1 the strongest; ties count against it), and the log of the
// chance m gives it.
func (m *Model) judge(pos Position) (rank int, logChance float64) {
	played := m.Strength(pos.Moves[pos.Played])
	rank, total := 1, 0.0
	for i, f := range pos.Moves {
		s := m.Strength(f)
		total += s
		if i != pos.Played && s >= played {
			rank++
		}
	}
	return rank, math.Log(played / total)
}
