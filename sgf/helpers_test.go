package sgf

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/yunzi-go/yunzi/rules"
)

// sameGame reports a test error if got and want differ in position, side to
// move, moves, handicap or komi.
func sameGame(t *testing.T, name string, got, want *rules.Game) {
	t.Helper()
	if !assert.Equal(t, want.Size(), got.Size(), "%s: size", name) {
		return
	}
	assert.Equal(t, want.Board().Hash(), got.Board().Hash(), "%s: position\n%v\nwant\n%v", name, got.Board(), want.Board())
	// Moves returns nil for no moves, never an empty slice, so Equal
	// compares the moves as slices.Equal would.
	assert.Equal(t, want.Moves(), got.Moves(), "%s: moves %v, want %v", name, got.Moves(), want.Moves())
	assert.Equal(t, want.ToMove(), got.ToMove(), "%s: player to move", name)
	assert.Equal(t, want.Handicap(), got.Handicap(), "%s: handicap", name)
	assert.Equal(t, want.Komi, got.Komi, "%s: komi", name)
}
