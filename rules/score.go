package rules

import (
	"fmt"
	"math"
	"strconv"
)

// Area returns each side's area under Chinese rules once the dead stones are
// removed: its living stones plus the empty points of regions that only its
// living stones border. Points of regions that both colours border, or
// neither, are neutral and split half and half.
func (b *Board) Area(dead []Point) (black, white float64) {
	var isDead [maxPoints]bool
	for _, p := range dead {
		if b.Contains(p) {
			isDead[p] = true
		}
	}
	open := func(p Point) bool { return b.color[p] == Empty || isDead[p] }
	var seen [maxPoints]bool
	var stack [maxPoints]Point
	for _, p := range b.geo.points {
		switch {
		case !open(p):
			if b.color[p] == Black {
				black++
			} else {
				white++
			}
		case !seen[p]:
			// Flood the region of empty and dead points through p, noting
			// which living colours border it.
			var borders [3]bool
			n, top := 0, 0
			stack[top], seen[p] = p, true
			top++
			for top > 0 {
				top--
				q := stack[top]
				n++
				for _, d := range orthogonal {
					r := q + d
					switch {
					case b.color[r] == Edge:
					case open(r):
						if !seen[r] {
							seen[r] = true
							stack[top] = r
							top++
						}
					default:
						borders[b.color[r]] = true
					}
				}
			}
			switch {
			case borders[Black] && !borders[White]:
				black += float64(n)
			case borders[White] && !borders[Black]:
				white += float64(n)
			default:
				black += float64(n) / 2
				white += float64(n) / 2
			}
		}
	}
	return black, white
}

// Owner returns who owns p at the end of a playout: the colour of the stone
// on it, or of the stones around an empty point that only one colour
// touches, or Empty.
func (b *Board) Owner(p Point) Color {
	c := b.color[p]
	if c != Empty {
		return c
	}
	black, white := b.surroundedBy(Black, p), b.surroundedBy(White, p)
	switch {
	case black && !white:
		return Black
	case white && !black:
		return White
	}
	return Empty // bordered by both, or (on 1x1) by the edge alone
}

// PlayoutScore returns Black's area minus White's with every stone counted
// alive and every empty point owned by the colour that surrounds it alone,
// as Owner says. At the end of a light or heavy playout every empty region
// is a single eye, where this equals Area(nil) at a fraction of its cost.
func (b *Board) PlayoutScore() int {
	score := b.StoneCount(Black) - b.StoneCount(White)
	for _, p := range b.empty {
		switch b.Owner(p) {
		case Black:
			score++
		case White:
			score--
		}
	}
	return score
}

// Result is the outcome of a game.
type Result struct {
	Winner Color   // Black, White, or Empty for a draw
	Margin float64 // points, never negative; 0 after a resignation
	Resign bool    // the loser resigned
}

// ResultOf turns a score difference (Black's points minus White's, komi
// included) into a Result.
func ResultOf(diff float64) Result {
	switch {
	case diff > 0:
		return Result{Winner: Black, Margin: diff}
	case diff < 0:
		return Result{Winner: White, Margin: -diff}
	}
	return Result{Winner: Empty}
}

// Diff returns the result as Black's points minus White's.
func (r Result) Diff() float64 {
	if r.Winner == White {
		return -r.Margin
	}
	return r.Margin
}

// String returns the result as GTP's final_score and SGF's RE write it:
// "B+3.5", "W+0.5", "B+R" after a resignation, "0" for a draw.
func (r Result) String() string {
	switch {
	case r.Winner == Empty:
		return "0"
	case r.Resign:
		return r.Winner.Letter() + "+R"
	}
	return r.Winner.Letter() + "+" + strconv.FormatFloat(r.Margin, 'f', -1, 64)
}

// Chinese returns the result in the Chinese rules' own form, counted in
// stones (one stone is two points): "Black wins by ¾ stone", "White wins by
// 2½ stones", "Draw", "White wins by resignation".
func (r Result) Chinese() string {
	if r.Winner == Empty {
		return "Draw"
	}
	winner := "Black"
	if r.Winner == White {
		winner = "White"
	}
	if r.Resign {
		return winner + " wins by resignation"
	}
	stones := r.Margin / 2
	unit := "stones"
	if stones <= 1 {
		unit = "stone"
	}
	return fmt.Sprintf("%s wins by %s %s", winner, stoneCount(stones), unit)
}

// stoneCount writes a number of stones with the quarter fractions that
// Chinese results use (komi 7.5 makes every margin a multiple of ¼).
func stoneCount(s float64) string {
	whole, frac := math.Modf(s)
	var f string
	switch frac {
	case 0:
		return strconv.FormatFloat(whole, 'f', -1, 64)
	case 0.25:
		f = "¼"
	case 0.5:
		f = "½"
	case 0.75:
		f = "¾"
	default:
		return strconv.FormatFloat(s, 'f', -1, 64)
	}
	if whole == 0 {
		return f
	}
	return strconv.FormatFloat(whole, 'f', -1, 64) + f
}
