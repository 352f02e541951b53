package gtp_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/gtp"
	"github.com/yunzi-go/yunzi/rules"
)

// BenchmarkCommands measures non-search commands through the whole server
// (read, parse, dispatch, engine, write), one command per op, on 19x19.
func BenchmarkCommands(b *testing.B) {
	opening := "boardsize 19\nplay b d4\nplay w q16\nplay b q4\nplay w d16\nplay b c10\n"
	for _, bc := range []struct{ name, setup, cmd string }{
		{"play+undo", opening, "play w k10\nundo\n"},
		{"showboard", opening, "showboard\n"},
		{"is_legal", opening, "is_legal w k10\n"},
		{"final_score", "", "final_score\n"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e := newEngine()
			run(b, e, nil, bc.setup)
			if bc.setup == "" {
				e = finishedGame(b, 19)
			}
			input := strings.Repeat(bc.cmd, b.N)
			b.ResetTimer()
			srv := gtp.NewServer(strings.NewReader(input), io.Discard, e)
			require.NoError(b, srv.Serve())
		})
	}
}

// finishedGame plays a random game to its end (two passes), with the
// random player so that setting up costs no search.
func finishedGame(b testing.TB, size int) *engine.Engine {
	e := engine.New(engine.Config{Size: size, Seed: 1, Player: engine.NewRandomPlayer(1)})
	c := rules.Black
	for !e.Game().Over() {
		_, _, err := e.GenMove(context.Background(), c, false)
		require.NoError(b, err)
		c = c.Opponent()
	}
	return e
}
