package engine

import (
	"errors"

	"github.com/yunzi-go/yunzi/rules"
)

// Play plays m for either colour. It returns the rules' error for an
// illegal move and changes nothing then. A move that repeats an earlier
// position is refused (rules.ErrSuperko) unless Config.AllowRepetition is
// set; it is then played as an ordinary move (rules.Game.PlayRepetition).
func (e *Engine) Play(m rules.Move) error {
	err := e.game.Play(m)
	if errors.Is(err, rules.ErrSuperko) && e.cfg.AllowRepetition {
		return e.game.PlayRepetition(m)
	}
	return err
}

// IsLegal reports whether m may be played now: legal under the game's
// superko rule (a repetition counts as illegal even with AllowRepetition,
// as generated moves see it).
func (e *Engine) IsLegal(m rules.Move) bool { return e.game.IsLegal(m) }

// Undo takes back the last move. It returns an error wrapping
// rules.ErrCannotUndo when there is none.
func (e *Engine) Undo() error { return e.game.Undo() }
