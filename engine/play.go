package engine

import (
	"errors"

	"github.com/yunzi-go/yunzi/rules"
)

// Play plays m for either colour. It returns the rules' error for an
// illegal move and changes nothing then. A move that repeats an earlier
// position is refused (rules.ErrSuperko) unless Config.AllowRepetition is
// set; see forceRepetition for how it is then played.
func (e *Engine) Play(m rules.Move) error {
	err := e.game.Play(m)
	if errors.Is(err, rules.ErrSuperko) && e.cfg.AllowRepetition {
		return e.forceRepetition(m)
	}
	return err
}

// forceRepetition plays a move that the game's superko rule refuses but
// that is otherwise legal (on an empty point, no suicide, no simple ko
// retake). rules.Game has no way to play such a move, so:
//
//  1. Under positional superko it retries with the game switched to
//     situational superko for that one move: a move that repeats only the
//     stones, not the player to move, then goes in as an ordinary move
//     (undo, move list and SGF stay right).
//  2. Otherwise it changes the position with setup stones: the captured
//     stones are removed and the stone is put down, and the opponent is
//     to move. That is not a move: it does not show in the move list and
//     cannot be undone, and the capture counts do not change.
func (e *Engine) forceRepetition(m rules.Move) error {
	g := e.game
	if g.Superko == rules.Positional {
		g.Superko = rules.Situational
		err := g.Play(m)
		g.Superko = rules.Positional
		if !errors.Is(err, rules.ErrSuperko) {
			return err
		}
	}
	after := g.Board().Clone()
	if err := after.Play(m); err != nil {
		return err
	}
	var removed []rules.Point
	for _, p := range g.Board().Points() {
		if g.Board().At(p) != rules.Empty && after.At(p) == rules.Empty {
			removed = append(removed, p)
		}
	}
	if len(removed) > 0 {
		if err := g.Setup(rules.Empty, removed); err != nil {
			return err
		}
	}
	if err := g.Setup(m.Color, []rules.Point{m.Point}); err != nil {
		return err
	}
	g.SetToMove(m.Color.Opponent())
	return nil
}

// IsLegal reports whether m may be played now: legal under the game's
// superko rule (a repetition counts as illegal even with AllowRepetition,
// as generated moves see it).
func (e *Engine) IsLegal(m rules.Move) bool { return e.game.IsLegal(m) }

// Undo takes back the last move. It returns an error wrapping
// rules.ErrCannotUndo when there is none.
func (e *Engine) Undo() error { return e.game.Undo() }
