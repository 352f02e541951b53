package rules_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/gnugotest"
	"github.com/yunzi-go/yunzi/rules"
)

// gtpMove writes a move as GTP's play and is_legal take it.
func gtpMove(m rules.Move) string { return strings.ToLower(m.Color.Letter()) + " " + m.Point.String() }

// stoneList returns the points of colour c, sorted, as list_stones writes them.
func stoneList(b *rules.Board, c rules.Color) []string {
	var s []string
	for _, p := range b.Points() {
		if b.At(p) == c {
			s = append(s, p.String())
		}
	}
	slices.Sort(s)
	return s
}

func gnugoStones(t *testing.T, e *gnugotest.Engine, c rules.Color) []string {
	t.Helper()
	s := strings.Fields(e.Must("list_stones " + c.String()))
	slices.Sort(s)
	return s
}

// TestAgainstGNUGo plays random games into both Yunzi and GNU Go: every
// candidate move's legality must agree with GNU Go's is_legal, and after
// every move and undo the stones must agree with its list_stones. GNU Go
// checks the simple ko only, so a move Yunzi refuses for superko is checked
// against the game's own history instead (and must be legal for GNU Go).
func TestAgainstGNUGo(t *testing.T) {
	tests := []struct{ size, games int }{
		{5, 160},
		{7, 100},
		{9, 60},
		{19, 3},
	}
	for _, tt := range tests {
		games := tt.games
		if testing.Short() {
			games = max(1, games/10)
		}
		t.Run(fmt.Sprintf("%dx%d", tt.size, tt.size), func(t *testing.T) {
			t.Parallel()
			e := gnugotest.Start(t, "--chinese-rules")
			e.Must(fmt.Sprintf("boardsize %d", tt.size))
			var n gnugoCounts
			for seed := range games {
				gnugoGame(t, e, tt.size, uint64(seed), &n)
			}
			t.Logf("%d games: %d moves played, %d refused by both, %d superko repetitions, %d undos", games, n.played, n.illegal, n.superko, n.undos)
			assert.NotZero(t, n.illegal, "the games exercised too little: %+v", n)
			assert.NotZero(t, n.played, "the games exercised too little: %+v", n)
			assert.NotZero(t, n.undos, "the games exercised too little: %+v", n)
		})
	}
}

// gnugoCounts counts what the differential games did.
type gnugoCounts struct{ played, illegal, superko, undos int }

// gnugoGameContext names a differential game in failure messages, with its
// moves and position, which it formats only when an assertion fails.
type gnugoGameContext struct {
	size int
	seed uint64
	g    *rules.Game
}

func (c gnugoGameContext) String() string {
	return fmt.Sprintf("in %dx%d game %d\nmoves: %v\n%s", c.size, c.size, c.seed, c.g.Moves(), c.g.Board())
}

// gnugoGame plays one random game in both engines.
func gnugoGame(t *testing.T, e *gnugotest.Engine, size int, seed uint64, n *gnugoCounts) {
	e.Must("clear_board")
	g, err := rules.NewGame(size, rules.DefaultOptions())
	require.NoError(t, err, "NewGame(%d)", size)
	rng := rules.NewRand(seed*7919 + uint64(size))
	history := []string{stones(g.Board())} // every position of the game, for superko
	scratch := rules.NewBoard(size)
	game := gnugoGameContext{size: size, seed: seed, g: g}
	for step := 0; step < 3*size*size && g.Passes() < 2; step++ {
		if rng.IntN(25) == 0 && g.MoveNumber() > 0 {
			require.NoError(t, g.Undo(), "Undo()\n%v", game)
			history = history[:len(history)-1]
			e.Must("undo")
			n.undos++
			compareStones(t, e, game)
			continue
		}
		m := candidateMove(g.Board(), g.ToMove(), rng)
		ours := g.Check(m)
		if m.Point == rules.Pass {
			require.NoError(t, ours, "Check(%v)\n%v", m, game)
		} else {
			legal := e.Must("is_legal " + gtpMove(m))
			if errors.Is(ours, rules.ErrSuperko) {
				require.Equal(t, "1", legal, "Check(%v) = %v but GNU Go's is_legal = %s: the move is illegal on the board\n%v", m, ours, legal, game)
				scratch.CopyFrom(g.Board())
				require.NoError(t, scratch.Play(m), "Check(%v) = %v but the position after it is new\n%v", m, ours, game)
				require.True(t, slices.Contains(history, stones(scratch)), "Check(%v) = %v but the position after it is new\n%v", m, ours, game)
				n.superko++
				continue
			}
			require.Equal(t, legal == "1", ours == nil, "Check(%v) = %v but GNU Go's is_legal = %s (expected: GNU Go's verdict, actual: ours)\n%v", m, ours, legal, game)
		}
		if ours != nil {
			n.illegal++
			continue
		}
		n.played++
		require.NoError(t, g.Play(m), "Play(%v) after Check said legal\n%v", m, game)
		history = append(history, stones(g.Board()))
		_, err := e.Send("play " + gtpMove(m))
		require.NoError(t, err, "GNU Go refused %v\n%v", m, game)
		compareStones(t, e, game)
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		require.Equal(t, e.Must("captures "+c.String()), fmt.Sprint(g.Board().Captures(c)), "Captures(%v): ours (actual), GNU Go's (expected)\n%v", c, game)
	}
}

func compareStones(t *testing.T, e *gnugotest.Engine, game gnugoGameContext) {
	t.Helper()
	for _, c := range []rules.Color{rules.Black, rules.White} {
		require.ElementsMatch(t, gnugoStones(t, e, c), stoneList(game.g.Board(), c), "%v stones: ours (actual), GNU Go's (expected)\n%v", c, game)
	}
}

// candidateMove proposes a move: mostly a random empty point (suicides and
// ko retakes included), sometimes the ko point, an occupied point, a pass or
// a move by the side not to move.
func candidateMove(b *rules.Board, toMove rules.Color, rng *rules.Rand) rules.Move {
	c := toMove
	if rng.IntN(12) == 0 {
		c = c.Opponent()
	}
	switch k := rng.IntN(100); {
	case k < 2:
		return rules.Move{Color: c, Point: rules.Pass}
	case k < 10:
		if p, kc := b.Ko(); p != rules.Pass {
			return rules.Move{Color: kc, Point: p}
		}
	case k < 15:
		points := b.Points()
		return rules.Move{Color: c, Point: points[rng.IntN(len(points))]}
	}
	empties := b.Empties()
	if len(empties) == 0 {
		return rules.Move{Color: c, Point: rules.Pass}
	}
	return rules.Move{Color: c, Point: empties[rng.IntN(len(empties))]}
}

// TestFixedHandicapAgainstGNUGo compares FixedHandicap with GNU Go's
// fixed_handicap on every size GNU Go supports. GNU Go puts the stones of
// 12x12 on the fourth line where the GTP specification's rule (third line
// below 13x13, as gomill also reads it) and Yunzi use the third, so 12x12 is
// left to TestFixedHandicap.
func TestFixedHandicapAgainstGNUGo(t *testing.T) {
	e := gnugotest.Start(t, "--chinese-rules")
	for size := 7; size <= 19; size++ {
		if size == 12 {
			continue
		}
		e.Must(fmt.Sprintf("boardsize %d", size))
		for n := 2; n <= rules.MaxFixedHandicap(size); n++ {
			e.Must("clear_board")
			want := strings.Fields(e.Must(fmt.Sprintf("fixed_handicap %d", n)))
			points, err := rules.FixedHandicap(size, n)
			require.NoError(t, err, "FixedHandicap(%d, %d)", size, n)
			var got []string
			for _, p := range points {
				got = append(got, p.String())
			}
			assert.ElementsMatch(t, want, got, "FixedHandicap(%d, %d) (actual), GNU Go's places (expected)", size, n)
		}
		e.Must("clear_board")
		_, err := e.Send(fmt.Sprintf("fixed_handicap %d", rules.MaxFixedHandicap(size)+1))
		assert.Error(t, err, "GNU Go accepts %d stones on %dx%d, MaxFixedHandicap says %d", rules.MaxFixedHandicap(size)+1, size, size, rules.MaxFixedHandicap(size))
	}
}
