package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestLadderCaught(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		chain   string // a stone of the chain in atari
		caught  bool
	}{{
		// The classic ladder: White D4 runs towards the empty upper right
		// (D5, E5, E6, F6, ...) and is caught at the edge.
		name: "ladder to the edge",
		diagram: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . X . . . . . .
			. . X O X . . . .
			. . . X . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "D4", caught: true,
	}, {
		// The same with a White stone on the ladder's path: the breaker.
		name: "ladder breaker",
		diagram: `
			. . . . . . . . .
			. . . . . . O . .
			. . . . . . . . .
			. . . . . . . . .
			. . X . . . . . .
			. . X O X . . . .
			. . . X . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "D4", caught: false,
	}, {
		// Extending gives three liberties: no ladder.
		name: "open extension",
		diagram: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . X O X . . . .
			. . . X . . . . .
			. . . . . . . . .`,
		chain: "D3", caught: false,
	}, {
		// The atari stone C4 is itself in atari: White captures it.
		name: "capture the attacker",
		diagram: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . O . . . . . .
			. O X O X . . . .
			. . . X . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "D4", caught: false,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := rules.ParseDiagram(tt.diagram)
			require.NoError(t, err)
			p := point(t, tt.chain)
			require.Equal(t, 1, b.Liberties(p), "the chain must be in atari")
			before := b.Hash()
			l := ladder{budget: DefaultConfig().Policy.LadderBudget}
			assert.Equal(t, tt.caught, l.caught(b, p))
			assert.Equal(t, before, b.Hash(), "reading must not change the board")
		})
	}
}

func TestLadderAtariCaptures(t *testing.T) {
	// White D4 has two liberties, D5 and E4 (C4 and D3 are Black). Black
	// E4 starts a ladder that works (C5 blocks); Black D5 lets White run
	// to E4 with three liberties.
	b, err := rules.ParseDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . X . . . . . .
		. . X O . . . . .
		. . . X . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	require.NoError(t, err)
	l := ladder{budget: DefaultConfig().Policy.LadderBudget}
	w := point(t, "D4")
	assert.True(t, l.atariCaptures(b, rules.Black, point(t, "E4"), w))
	assert.False(t, l.atariCaptures(b, rules.Black, point(t, "D5"), w))
}

// A ladder across the 19x19 board is read to its end, and a breaker near
// the far corner is seen.
func TestLadderLong(t *testing.T) {
	b := rules.NewBoard(19)
	for _, s := range []string{"C5", "C4", "D3", "E4"} {
		require.NoError(t, b.Play(rules.Move{Color: rules.Black, Point: point(t, s)}))
	}
	require.NoError(t, b.Play(rules.Move{Color: rules.White, Point: point(t, "D4")}))
	l := ladder{budget: DefaultConfig().Policy.LadderBudget}
	assert.True(t, l.caught(b, point(t, "D4")))
	require.NoError(t, b.Play(rules.Move{Color: rules.White, Point: point(t, "Q17")}))
	assert.False(t, l.caught(b, point(t, "D4")))
}
