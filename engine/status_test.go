package engine

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

// finishedGame is a 9x9 game: Black owns columns A-E, White F-J, with a
// dead white stone at B5 (in atari, A5 captures) and a dead black stone at
// H5 (in atari, J5 captures).
func finishedGame(t *testing.T) *Engine {
	e := New(Config{Size: 9, Seed: 5})
	for y := 1; y <= 9; y++ {
		playAll(t, e, "b e"+itoa(y), "w f"+itoa(y))
	}
	playAll(t, e, "b b4", "b b6", "b c5", "w b5", "w g5", "w h4", "w h6", "b h5", "b pass", "w pass")
	return e
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestFinalStatusAndScore(t *testing.T) {
	e := finishedGame(t)
	dead, err := e.FinalStatus(ctx, "dead")
	require.NoError(t, err)
	assert.Equal(t, []rules.Point{pt("b5"), pt("h5")}, dead)
	alive, err := e.FinalStatus(ctx, "alive")
	require.NoError(t, err)
	assert.Len(t, alive, 24)
	seki, err := e.FinalStatus(ctx, "seki")
	require.NoError(t, err)
	assert.Empty(t, seki)
	r, err := e.FinalScore(ctx)
	require.NoError(t, err)
	assert.Equal(t, "B+1.5", r.String()) // 45 - 36 - 7.5
	assert.Equal(t, "Black wins by ¾ stone", r.Chinese())
	_, err = e.FinalStatus(ctx, "undead")
	assert.Error(t, err)
}

// TestCleanup: kgs-genmove_cleanup attacks the dead stones first.
func TestCleanup(t *testing.T) {
	e := finishedGame(t)
	p, resign, err := e.GenMove(ctx, rules.Black, true)
	require.NoError(t, err)
	require.False(t, resign)
	assert.Equal(t, pt("a5"), p)
	assert.Equal(t, rules.Empty, e.Game().Board().At(pt("b5")), "dead stone captured")
	assert.Equal(t, 1, e.Game().Board().Captures(rules.Black))
	dead, err := e.FinalStatus(ctx, "dead")
	require.NoError(t, err)
	assert.Equal(t, []rules.Point{pt("h5")}, dead)
}

// sekiDiagram: the white chain on column C and the black chain on columns
// D-E share their only two liberties, D1 and D7: a seki. The outer groups
// (columns A-B and F-G) have four single-point eyes each.
const sekiDiagram = `
. X O . X O .
X X O X X O O
. X O X X O .
X X O X X O O
. X O X X O .
X X O X X O O
. X O . X O .`

// TestSekiIsNotDead: in a seki neither side's stones are dead, whoever is
// to move: the judge reports the two chains that share their liberties as
// seki and the outer groups as alive.
func TestSekiIsNotDead(t *testing.T) {
	b, err := rules.ParseDiagram(sekiDiagram)
	require.NoError(t, err)
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		for seed := range uint64(5) {
			e := New(Config{Size: 7, Seed: seed})
			require.NoError(t, e.Game().SetupPosition(b))
			e.Game().SetToMove(toMove)
			st, err := e.Statuses(ctx)
			require.NoError(t, err)
			assert.Empty(t, st[Dead], "%v to move, seed %d", toMove, seed)
			assert.Contains(t, st[Seki], pt("c1"))
			assert.Contains(t, st[Seki], pt("e1"))
			assert.Contains(t, st[Alive], pt("b1"))
			assert.Contains(t, st[Alive], pt("f1"))
		}
	}
}

// approachDiagram: the white chain in the corner has two liberties, A7 and
// A5, on either side of the black stone A6, and no eye. It is dead, but
// only through a sacrifice: Black A7 (or A5) puts the two black stones
// A6-A7 in atari and White in atari too; White takes the two, Black throws
// in at one of the points again, and White is captured. Either move by
// White is a self-atari. The black group has many eyes.
const approachDiagram = `
. O O X . X .
X O X X X X X
. O X . X . X
O O X X X X X
X X X . X . X
. X X X X X X
X X . X . X .`

// TestDeadThroughSacrifice: the judge finds the corner dead whoever is to
// move. Playouts that never put two stones in atari leave it standing (the
// empty points A7 and A5 then look like a seki's shared liberties).
func TestDeadThroughSacrifice(t *testing.T) {
	b, err := rules.ParseDiagram(approachDiagram)
	require.NoError(t, err)
	corner := []rules.Point{pt("a4"), pt("b4"), pt("b5"), pt("b6"), pt("b7"), pt("c7")}
	for _, toMove := range []rules.Color{rules.Black, rules.White} {
		for seed := range uint64(3) {
			e := New(Config{Size: 7, Komi: new(0.0), Seed: seed})
			require.NoError(t, e.Game().SetupPosition(b))
			e.Game().SetToMove(toMove)
			dead, err := e.FinalStatus(ctx, "dead")
			require.NoError(t, err)
			assert.ElementsMatch(t, corner, dead, "%v to move, seed %d", toMove, seed)
			r, err := e.FinalScore(ctx)
			require.NoError(t, err)
			assert.Equal(t, "B+49", r.String(), "%v to move, seed %d", toMove, seed)
		}
	}
}

// TestCleanupCost grades moves against dead stones. Capturing is safe. In
// the corner of approachDiagram, Black's throw-in on A7 gives White two
// stones at most: bearable. In raceDiagram, Black's nine-stone group has
// an eye on G5 and one more liberty, G3, which it shares with the white
// stone on F3 (whose other liberty, F2, Black cannot play): filling G3
// puts the group in atari, ruinous. The shape is from a game against GNU
// Go (see TestCleanupKeepsTheRaceWon), where Black filled that liberty and
// lost the group and the game.
func TestCleanupCost(t *testing.T) {
	for _, tt := range []struct {
		name, diagram string
		dead, move    string
		want          cost
	}{
		{"capture", ". O X\nO X .\nX . .", "b3", "a3", safe},
		{"throw-in", approachDiagram, "a4", "a7", bearable},
		{"own liberty", raceDiagram, "f3", "g3", ruinous},
	} {
		b, err := rules.ParseDiagram(tt.diagram)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, cleanupCost(b, rules.Black, pt(tt.dead), pt(tt.move)), tt.name)
	}
}

// raceDiagram: see TestCleanupCost.
const raceDiagram = `
. . . O O O X
. . . O X X X
. . . O O X .
. . . O X X X
. . . O X O .
. . . . O . O
. . . . O O O`

// TestCleanupKeepsTheRaceWon replays the game of TestCleanupCost's race: at
// move 227 White had passed three times, Black was winning once the dead
// stones were removed, and to capture them it filled its own group's last
// outside liberty, T15. It must not, and whatever it plays must leave the
// group two liberties.
func TestCleanupKeepsTheRaceWon(t *testing.T) {
	data, err := os.ReadFile("../testdata/gnugo-vs-yunzi/19x19/s19-p11k-6.sgf")
	require.NoError(t, err)
	e := New(Config{Seed: 1, Threads: 1, Playouts: 100})
	require.NoError(t, e.LoadSGF(data, 227))
	p, resign, err := e.GenMove(ctx, rules.Black, false)
	require.NoError(t, err)
	require.False(t, resign)
	assert.NotEqual(t, "T15", p.String())
	assert.GreaterOrEqual(t, e.Game().Board().Liberties(pt("t16")), 2, "Black played %v", p)
}
