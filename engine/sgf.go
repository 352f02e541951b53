package engine

import (
	"context"
	"io"

	"github.com/yunzi-go/yunzi/sgf"
)

// LoadSGF replaces the game with the first game of an SGF record, set up
// before move moveNumber (the whole main line when moveNumber <= 0), as
// loadsgf does. Size and komi come from the record (komi stays as it is
// when the record has no KM); the time settings are kept. On error nothing
// changes.
func (e *Engine) LoadSGF(data []byte, moveNumber int) error {
	rec, err := sgf.Load(data, e.options(e.game.Komi), moveNumber)
	if err != nil {
		return err
	}
	e.game = rec.Game
	e.resetClocks()
	return nil
}

// WriteSGF writes the game as SGF (FF[4], RU[Chinese]) with its size, komi,
// handicap stones and moves, and the result once the game is over (two
// passes or a resignation), scored as final_score scores it.
func (e *Engine) WriteSGF(ctx context.Context, w io.Writer) error {
	g := e.game
	info := sgf.GameInfo{Size: g.Size(), Komi: g.Komi, Handicap: g.Handicap(), Rules: "Chinese"}
	if g.Over() {
		r, err := e.FinalScore(ctx)
		if err != nil {
			return err
		}
		info.Result = r.String()
	}
	return sgf.Write(w, g, info)
}
