package pattern

import (
	"fmt"

	"github.com/yunzi-go/yunzi/rules"
)

// A Position is a training example: the features of every move the player
// could make, and which of them was played.
type Position struct {
	Moves  []Features
	Played int
	Player rules.Color // who played it
	Number int         // the move's number in the game, from 1
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

// A Game is what learning needs of a game record: its board size and its
// moves, passes included, played from the empty board. It takes a few
// bytes a move where a rules.Game keeps every position it went through,
// so the tens of thousands of games of a collection fit in memory.
type Game struct {
	Size  int
	Moves []rules.Move
}

// GameOf returns the moves of g, or false if g has setup stones (handicap
// or others): only games played from the empty board are learned from.
func GameOf(g *rules.Game) (Game, bool) {
	out := Game{Size: g.Size()}
	for _, step := range g.Steps() {
		if step.Setup {
			return Game{}, false
		}
		out.Moves = append(out.Moves, step.Move)
	}
	return out, true
}

// replay plays g's moves on one board, from the empty one, and calls f
// with the board before each move, the move's number (from 1) and the two
// moves before it (rules.Pass for none). Superko is not checked: the
// records were checked when they were loaded. It stops at a move the
// board refuses, with an error that names it.
func (g Game) replay(f func(b *rules.Board, number int, m rules.Move, last, beforeLast rules.Point)) error {
	if !rules.ValidSize(g.Size) {
		return fmt.Errorf("pattern: board size %d out of range", g.Size)
	}
	b := rules.NewBoard(g.Size)
	last, beforeLast := rules.Pass, rules.Pass
	for i, m := range g.Moves {
		f(b, i+1, m, last, beforeLast)
		if err := b.Play(m); err != nil {
			return fmt.Errorf("pattern: move %d: %w", i+1, err)
		}
		last, beforeLast = m.Point, last
	}
	return nil
}

// Positions calls f with the training example of each move of g on the
// board whose player learns accepts, with the spatial patterns of d (none
// if d is nil). Passes, and the rare move that fills an own eye, are left
// out. The error is that of a move the board refuses.
func (g Game) Positions(d *Dictionary, learns func(rules.Color) bool, f func(Position)) error {
	return g.replay(func(b *rules.Board, number int, m rules.Move, last, beforeLast rules.Point) {
		if m.Point == rules.Pass || !learns(m.Color) {
			return
		}
		x := Context{Board: b, Color: m.Color, Last: last, BeforeLast: beforeLast, Patterns: d}
		pos := Position{Played: -1, Player: m.Color, Number: number, Moves: make([]Features, 0, len(b.Empties()))}
		Candidates(b, m.Color, func(p rules.Point) {
			if p == m.Point {
				pos.Played = len(pos.Moves)
			}
			pos.Moves = append(pos.Moves, x.Of(p))
		})
		if pos.Played >= 0 {
			f(pos)
		}
	})
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
//
// The strength of every move of every position is kept, and multiplied by
// the change of its group's gamma after each group's update, so that an
// update costs a few operations a move rather than the product of all its
// gammas; the strengths are computed afresh at each iteration's start, so
// that rounding does not build up. That takes 8 bytes a move beside the
// positions' 18.
func Train(d *Dictionary, positions []Position, iterations int) *Model {
	m := NewModel(d)
	var wins [numGroups][]float64
	for g := range wins {
		wins[g] = make([]float64, len(m.gamma[g]))
	}
	n := 0
	for _, pos := range positions {
		for g, v := range pos.Moves[pos.Played] {
			wins[g][v]++
		}
		n += len(pos.Moves)
	}
	strengths := make([]float64, n)
	for range iterations {
		i := 0
		for _, pos := range positions {
			for _, f := range pos.Moves {
				strengths[i] = m.Strength(f)
				i++
			}
		}
		for g := range numGroups {
			gammas := m.gamma[g]
			// share[v]: the sum over positions of the strengths of the
			// moves of value v over the position's total, which is
			// gamma v times Coulom's denominator.
			share := make([]float64, len(gammas))
			i := 0
			for _, pos := range positions {
				s := strengths[i : i+len(pos.Moves)]
				total := 0.0
				for _, x := range s {
					total += x
				}
				for j, f := range pos.Moves {
					share[f[g]] += s[j] / total
				}
				i += len(pos.Moves)
			}
			change := make([]float64, len(gammas))
			change[0] = 1
			for v := 1; v < len(gammas); v++ {
				old := gammas[v]
				gammas[v] = (wins[g][v] + 1) / (share[v]/old + 2/(old+1))
				change[v] = gammas[v] / old
			}
			if g == numGroups-1 {
				break // the next iteration computes them afresh
			}
			i = 0
			for _, pos := range positions {
				for _, f := range pos.Moves {
					strengths[i] *= change[f[g]]
					i++
				}
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
		_, logChance := m.judge(pos)
		sum += logChance
	}
	return sum / float64(len(positions))
}

// Rank returns the place of the played move among the position's moves
// ordered by the model's strength, 1 for the strongest; ties count
// against it.
func (m *Model) Rank(pos Position) int {
	rank, _ := m.judge(pos)
	return rank
}
