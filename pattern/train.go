package pattern

import (
	"math"

	"github.com/yunzi-go/yunzi/rules"
)

// A Position is a training example: the features of every move the player
// could make, and which of them was played.
type Position struct {
	Moves  []Features
	Played int
	Player rules.Color // who played it
}

// Candidates calls f with every move the search would consider for c on b:
// the legal ones that do not fill an own eye. Superko is not checked.
func Candidates(b *rules.Board, c rules.Color, f func(rules.Point)) {
	for _, p := range b.Empties() {
		if !b.IsEye(c, p) && b.IsLegal(rules.Move{Color: c, Point: p}) {
			f(p)
		}
	}
}

// Positions returns the training examples of a game: one per move on the
// board that is among the candidates, with the spatial patterns of d (none
// if d is nil). Passes, setups, and the rare move that fills an own eye
// are left out.
func Positions(g *rules.Game, d *Dictionary) []Position {
	var out []Position
	before := g.Start()
	last, beforeLast := rules.Pass, rules.Pass
	for _, step := range g.Steps() {
		b := before
		before = step.Board
		if step.Setup {
			last, beforeLast = rules.Pass, rules.Pass
			continue
		}
		m := step.Move
		if m.Point != rules.Pass {
			x := Context{Board: b, Color: m.Color, Last: last, BeforeLast: beforeLast, Patterns: d}
			pos := Position{Played: -1, Player: m.Color}
			Candidates(b, m.Color, func(p rules.Point) {
				if p == m.Point {
					pos.Played = len(pos.Moves)
				}
				pos.Moves = append(pos.Moves, x.Of(p))
			})
			if pos.Played >= 0 {
				out = append(out, pos)
			}
		}
		last, beforeLast = m.Point, last
	}
	return out
}

// Train learns gammas from the positions, whose spatial patterns are those
// of d, by Coulom's minorization-maximization, starting from all gammas 1
// and running the given number of iterations. Each iteration updates the
// groups one after the other; the values of one group can be updated
// together because a move has only one value of each group, Coulom's
// condition for the update.
// Every gamma also gets one virtual win and one virtual loss against a
// move of gamma 1, Coulom's prior, which keeps rare values near 1 and
// values never seen finite.
func Train(d *Dictionary, positions []Position, iterations int) *Model {
	m := NewModel(d)
	var wins [numGroups][]float64
	for g := range wins {
		wins[g] = make([]float64, len(m.gamma[g]))
	}
	for _, pos := range positions {
		for g, v := range pos.Moves[pos.Played] {
			wins[g][v]++
		}
	}
	strengths := make([]float64, 0, 512)
	for range iterations {
		for g := range numGroups {
			denominator := make([]float64, len(m.gamma[g]))
			gammas := m.gamma[g]
			for _, pos := range positions {
				strengths = strengths[:0]
				total := 0.0
				for _, f := range pos.Moves {
					s := m.Strength(f)
					strengths = append(strengths, s)
					total += s
				}
				for i, f := range pos.Moves {
					v := f[g]
					denominator[v] += strengths[i] / gammas[v] / total
				}
			}
			for v := 1; v < len(gammas); v++ {
				gammas[v] = (wins[g][v] + 1) / (denominator[v] + 2/(gammas[v]+1))
			}
		}
	}
	return m
}

// LogLikelihood returns the mean log of the chance the model gives the
// played move of each position.
func (m *Model) LogLikelihood(positions []Position) float64 {
	sum := 0.0
	for _, pos := range positions {
		total := 0.0
		for _, f := range pos.Moves {
			total += m.Strength(f)
		}
		sum += math.Log(m.Strength(pos.Moves[pos.Played]) / total)
	}
	return sum / float64(len(positions))
}

// Rank returns the place of the played move among the position's moves
// ordered by the model's strength, 1 for the strongest; ties count
// against it.
func (m *Model) Rank(pos Position) int {
	played := m.Strength(pos.Moves[pos.Played])
	rank := 1
	for i, f := range pos.Moves {
		if i != pos.Played && m.Strength(f) >= played {
			rank++
		}
	}
	return rank
}
