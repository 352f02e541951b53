package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// simulation returns the moves, alternating from Black, as played.
func simulation(t *testing.T, moves ...string) []played {
	seq := make([]played, len(moves))
	c := rules.Black
	for i, m := range moves {
		seq[i] = played{c, point(t, m)}
		c = c.Opponent()
	}
	return seq
}

func TestReplyTableLearnsTheWinnersReplies(t *testing.T) {
	var r replyTable
	r.reset(rules.NewBoard(9))
	r.learn(simulation(t, "D4", "D5", "E5", "E4"), true)

	pair, single := r.reply(rules.Black, point(t, "D4"), point(t, "D5"))
	assert.Equal(t, "E5", pair.String(), "Black won: its E5 answers D4 then D5")
	assert.Equal(t, "E5", single.String(), "and D5 alone")
	pair, single = r.reply(rules.White, point(t, "D5"), point(t, "E5"))
	assert.Equal(t, rules.Pass, pair, "White lost: nothing stored for its E4")
	assert.Equal(t, rules.Pass, single)
}

func TestReplyTableForgetsLosingReplies(t *testing.T) {
	var r replyTable
	r.reset(rules.NewBoard(9))
	r.learn(simulation(t, "D4", "D5", "E5"), true)
	// The same answer to D5 after another first move now loses: the
	// single reply is forgotten, the pair after D4 is another key and
	// stays.
	r.learn(simulation(t, "C3", "D5", "E5"), false)

	pair, single := r.reply(rules.Black, point(t, "D4"), point(t, "D5"))
	assert.Equal(t, "E5", pair.String())
	assert.Equal(t, rules.Pass, single)
	pair, _ = r.reply(rules.Black, point(t, "C3"), point(t, "D5"))
	assert.Equal(t, rules.Pass, pair)
}

func TestGoodReplyPlaysOnlyPlayableReplies(t *testing.T) {
	// Black played D4, White answered E5. Black has learned F5 after the
	// pair and E4 after E5 alone. F5 is taken now, so E4 is played; once
	// E4 is taken too, nothing is.
	g := gameFrom(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . O X . . .
		. . . X . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, 0, rules.Black)
	w := policyWorker(g)
	b := g.Board()
	d4, e5 := point(t, "D4"), point(t, "E5")
	w.policy.replies.learn(simulation(t, "D4", "E5", "F5"), true)
	w.policy.replies.learn(simulation(t, "C3", "E5", "E4"), true) // E4 is now the answer to E5 alone
	assert.Equal(t, "E4", w.policy.goodReply(b, rules.Black, d4, e5).String())

	require.NoError(t, b.Play(rules.Move{Color: rules.Black, Point: point(t, "E4")}))
	assert.Equal(t, rules.Pass, w.policy.goodReply(b, rules.Black, d4, e5))
}
