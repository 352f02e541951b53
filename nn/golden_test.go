package nn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
	"github.com/yunzi-go/yunzi/rules"
)

// goldenGame replays a golden position's record under its rules and
// checks whose turn it is.
func goldenGame(t *testing.T, g *goldenPosition) *rules.Game {
	t.Helper()
	game, err := g.Game()
	require.NoError(t, err, g.ID)
	want := rules.Black
	if g.ToMove == "W" {
		want = rules.White
	}
	require.Equal(t, want, game.ToMove(), "%s: the player to move", g.ID)
	return game
}

// The whole chain, features and network, against KataGo's own outputs on
// every golden position (empty boards, handicap games, middle games and
// endgames on 9x9, 13x13 and 19x19), under symmetry 0 as kata-raw-nn 0
// evaluates them. Under the race detector, which makes the reference pass
// some ten times slower, every sixth position is checked; CI also runs
// the test in full without it.
func TestGoldenPositions(t *testing.T) {
	m := testModel(t)
	e := NewReference(m)
	var (
		in  Input
		out Output
		f   Featurizer
	)
	positions := nnfiles.Golden(t)
	require.NotEmpty(t, positions)
	step := 1
	if underRace {
		step = 6
	}
	for i := 0; i < len(positions); i += step {
		g := &positions[i]
		game := goldenGame(t, g)
		require.NoError(t, f.Fill(game, &in), g.ID)
		e.Evaluate(&in, 0, &out)
		failures, worst := goldenReport(g, &out)
		t.Log(worst)
		for _, msg := range failures {
			t.Error(msg)
		}
	}
	assert.Len(t, positions, 66, "positions in golden.jsonl")
}
