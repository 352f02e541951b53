package sgf

import (
	"slices"
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// sameGame reports a test error if got and want differ in position, side to
// move, moves, handicap or komi.
func sameGame(t *testing.T, name string, got, want *rules.Game) {
	t.Helper()
	if got.Size() != want.Size() {
		t.Errorf("%s: size %d, want %d", name, got.Size(), want.Size())
		return
	}
	if got.Board().Hash() != want.Board().Hash() {
		t.Errorf("%s: position\n%v\nwant\n%v", name, got.Board(), want.Board())
	}
	if !slices.Equal(got.Moves(), want.Moves()) {
		t.Errorf("%s: moves %v, want %v", name, got.Moves(), want.Moves())
	}
	if got.ToMove() != want.ToMove() {
		t.Errorf("%s: %v to move, want %v", name, got.ToMove(), want.ToMove())
	}
	if got.Handicap() != want.Handicap() {
		t.Errorf("%s: handicap %d, want %d", name, got.Handicap(), want.Handicap())
	}
	if got.Komi != want.Komi {
		t.Errorf("%s: komi %v, want %v", name, got.Komi, want.Komi)
	}
}
