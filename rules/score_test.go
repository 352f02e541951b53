package rules_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// walls has a black wall on column B and a white wall on column C, a white
// stone on A2 in Black's area and a black stone on E3 in White's.
const walls = `
. X O . .
. X O . .
. X O . X
O X O . .
. X O . .`

func TestArea(t *testing.T) {
	tests := []struct {
		name         string
		diagram      string
		dead         []string
		black, white float64
	}{
		// Every stone alive: the A column borders both colours (the white
		// A2), so does the D-E region (the black E3): all neutral.
		{"walls, nothing dead", walls, nil, 5 + 1 + 2 + 4.5, 5 + 1 + 2 + 4.5},
		{"walls, both invaders dead", walls, []string{"A2", "E3"}, 10, 15},
		{"walls, white invader dead", walls, []string{"A2"}, 10 + 1 + 4.5, 5 + 4.5},
		{"dead list with an empty point", walls, []string{"A2", "E3", "D4"}, 10, 15},
		{"empty board is neutral", ". . .\n. . .\n. . .", nil, 4.5, 4.5},
		{"neutral column split half and half", "X . O\nX . O\nX . O", nil, 4.5, 4.5},
		{"one stone owns the board", ". . .\n. X .\n. . .", nil, 9, 0},
		{"a dead stone alone leaves the board neutral", ". . .\n. X .\n. . .", []string{"B2"}, 4.5, 4.5},
		{"a dead chain counts for its captor", `
. . . . .
X X X X X
O O . O O
X X X X X
. . . . .`, []string{"A3", "B3", "D3", "E3"}, 25, 0},
	}
	for _, tt := range tests {
		b := mustBoard(t, tt.diagram)
		black, white := b.Area(mustPoints(t, tt.dead...))
		assert.Equal(t, [2]float64{tt.black, tt.white}, [2]float64{black, white},
			"%s: Area(%v) = %v, %v, want %v, %v", tt.name, tt.dead, black, white, tt.black, tt.white)
		assert.Equal(t, float64(b.Size()*b.Size()), black+white, "%s: the areas add up to the board", tt.name)
	}
}

func TestAreaIgnoresPointsOffTheBoard(t *testing.T) {
	b := mustBoard(t, walls)
	black, white := b.Area([]rules.Point{rules.Pass, rules.PointAt(7, 7), rules.Point(-3), mustPoint(t, "A2")})
	assert.Equal(t, 10+1+4.5, black)
	assert.Equal(t, 5+4.5, white)
}

func TestGameScore(t *testing.T) {
	tests := []struct {
		komi  float64
		dead  []string
		want  string
		diff  float64
		china string
	}{
		{7.5, []string{"A2", "E3"}, "W+12.5", -12.5, "White wins by 6¼ stones"},
		{0, []string{"A2", "E3"}, "W+5", -5, "White wins by 2½ stones"},
		{-5, []string{"A2", "E3"}, "0", 0, "Draw"},
		{-8.5, []string{"A2", "E3"}, "B+3.5", 3.5, "Black wins by 1¾ stones"},
		{0.5, nil, "W+0.5", -0.5, "White wins by ¼ stone"},
	}
	for _, tt := range tests {
		opts := rules.DefaultOptions()
		opts.Komi = tt.komi
		g := gameFrom(t, walls, opts)
		r := g.Score(mustPoints(t, tt.dead...))
		assert.Equal(t, tt.want, r.String(), "komi %v, dead %v: Score = %+v", tt.komi, tt.dead, r)
		assert.Equal(t, tt.diff, r.Diff(), "komi %v: Diff()", tt.komi)
		assert.Equal(t, tt.china, r.Chinese(), "komi %v: Chinese()", tt.komi)
		if tt.dead == nil {
			assert.Equal(t, r, g.TrompTaylor(), "TrompTaylor counts every stone alive")
		}
	}
}

func TestHandicapCompensation(t *testing.T) {
	for _, compensate := range []bool{true, false} {
		opts := rules.DefaultOptions()
		opts.HandicapCompensation = compensate
		g, err := rules.NewGame(9, opts)
		require.NoError(t, err)
		points, err := rules.FixedHandicap(9, 4)
		require.NoError(t, err)
		require.NoError(t, g.SetHandicap(points))
		assert.Equal(t, 4, g.Handicap())
		assert.Equal(t, rules.White, g.ToMove(), "White moves first after handicap")
		want, wantComp := "B+73.5", 7.5 // 81 points of area, komi 7.5
		if compensate {
			want, wantComp = "B+69.5", 11.5 // and one point per handicap stone
		}
		assert.Equal(t, wantComp, g.Compensation(), "compensation %v", compensate)
		assert.Equal(t, want, g.Score(nil).String(), "compensation %v", compensate)
	}
}

func TestResultStrings(t *testing.T) {
	tests := []struct {
		result  rules.Result
		gtp     string
		chinese string
	}{
		{rules.ResultOf(3.5), "B+3.5", "Black wins by 1¾ stones"},
		{rules.ResultOf(-0.5), "W+0.5", "White wins by ¼ stone"},
		{rules.ResultOf(0), "0", "Draw"},
		{rules.ResultOf(1.5), "B+1.5", "Black wins by ¾ stone"},
		{rules.ResultOf(1), "B+1", "Black wins by ½ stone"},
		{rules.ResultOf(2), "B+2", "Black wins by 1 stone"},
		{rules.ResultOf(-2.5), "W+2.5", "White wins by 1¼ stones"},
		{rules.ResultOf(-12), "W+12", "White wins by 6 stones"},
		{rules.Result{Winner: rules.Black, Resign: true}, "B+R", "Black wins by resignation"},
		{rules.Result{Winner: rules.White, Resign: true}, "W+R", "White wins by resignation"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.gtp, tt.result.String(), "%+v.String()", tt.result)
		assert.Equal(t, tt.chinese, tt.result.Chinese(), "%+v.Chinese()", tt.result)
	}
	for _, diff := range []float64{-7.5, -0.5, 0, 0.5, 184 - 177 - 7.5} {
		assert.Equal(t, diff, rules.ResultOf(diff).Diff(), "ResultOf(%v).Diff()", diff)
	}
}

func TestResignScore(t *testing.T) {
	g, err := rules.NewGame(9, rules.DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, g.Play(parseMove(t, "B E5")))
	g.Resign(rules.White)
	assert.True(t, g.Over())
	assert.Equal(t, rules.White, g.Resigned())
	assert.Equal(t, "B+R", g.Score(nil).String())
	assert.Equal(t, "Black wins by resignation", g.Score(nil).Chinese())
	assert.ErrorIs(t, g.Play(parseMove(t, "W C3")), rules.ErrGameOver)
	require.NoError(t, g.Undo(), "Undo takes back the resignation")
	assert.Equal(t, rules.Empty, g.Resigned())
	assert.False(t, g.Over())
}

// regionBoard builds a board from an owner for each point: the points each
// colour owns hold its stones where they border anything else, and are empty
// inside; neutral points (Empty) stay empty.
func regionBoard(t *testing.T, size int, owner func(x, y int) rules.Color) *rules.Board {
	t.Helper()
	b := rules.NewBoard(size)
	var stones [3][]rules.Point
	for y := range size {
		for x := range size {
			c := owner(x, y)
			if c == rules.Empty {
				continue
			}
			for _, n := range [][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] >= 0 && n[0] < size && n[1] >= 0 && n[1] < size && owner(n[0], n[1]) != c {
					stones[c] = append(stones[c], rules.PointAt(x, y))
					break
				}
			}
		}
	}
	require.NoError(t, b.Setup(rules.Black, stones[rules.Black]))
	require.NoError(t, b.Setup(rules.White, stones[rules.White]))
	return b
}

// TestChineseThresholds checks the rules' own examples: on 19x19 with komi
// 7.5 Black wins with 185 points by ¾ stone, loses with 184 by ¼ stone, and
// 184.5 (a neutral point) wins by ¼ stone.
func TestChineseThresholds(t *testing.T) {
	tests := []struct {
		black   int  // Black owns the first points in row order from A1
		neutral bool // the next point is neutral
		area    float64
		gtp     string
		chinese string
	}{
		{185, false, 185, "B+1.5", "Black wins by ¾ stone"},
		{184, false, 184, "W+0.5", "White wins by ¼ stone"},
		{184, true, 184.5, "B+0.5", "Black wins by ¼ stone"},
	}
	for _, tt := range tests {
		b := regionBoard(t, 19, func(x, y int) rules.Color {
			switch i := y*19 + x; {
			case i < tt.black:
				return rules.Black
			case i == tt.black && tt.neutral:
				return rules.Empty
			}
			return rules.White
		})
		black, white := b.Area(nil)
		require.Equal(t, tt.area, black, "Black's area on\n%s", b)
		require.Equal(t, 361-tt.area, white, "White's area on\n%s", b)
		g := gameFrom(t, b.String(), rules.DefaultOptions())
		r := g.Score(nil)
		assert.Equal(t, tt.gtp, r.String(), "%v points", tt.area)
		assert.Equal(t, tt.chinese, r.Chinese(), "%v points", tt.area)
		assert.Equal(t, fmt.Sprint(tt.area-(361-tt.area)-rules.DefaultKomi), fmt.Sprint(r.Diff()))
	}
}
