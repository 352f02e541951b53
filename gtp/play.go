package gtp

import (
	"context"

	"github.com/yunzi-go/yunzi/rules"
)

// play plays a move for either colour; passes and the same colour twice
// are fine.
func (s *Server) play(args []string) (string, error) {
	m, err := parseMove(args)
	if err != nil {
		return "", err
	}
	if s.engine.Play(m) != nil {
		return "", ErrIllegalMove
	}
	return "", nil
}

// playBlack and playWhite are GTP version 1's "black VERTEX" and "white
// VERTEX", which GNU Go's regression suites still use to set positions up.
func (s *Server) playBlack(args []string) (string, error) {
	return s.play(append([]string{"b"}, args...))
}

func (s *Server) playWhite(args []string) (string, error) {
	return s.play(append([]string{"w"}, args...))
}

func (s *Server) genmove(args []string) (string, error) { return s.generate(args, false) }

func (s *Server) genmoveCleanup(args []string) (string, error) { return s.generate(args, true) }

func (s *Server) generate(args []string, cleanup bool) (string, error) {
	c, err := oneColor(args)
	if err != nil {
		return "", err
	}
	var p rules.Point
	var resign bool
	s.watch(stopOnInterrupt, func(ctx context.Context) {
		if s.liveGfx && s.gfx != nil {
			p, resign, err = s.engine.GenMoveAnalyze(ctx, c, cleanup, gfxEvery, s.writeLiveGfx)
			s.clearLiveGfx()
		} else {
			p, resign, err = s.engine.GenMove(ctx, c, cleanup)
		}
	})
	if err != nil {
		// genmove never fails while the game can go on; this is an engine
		// that could not even pass.
		return "", ErrIllegalMove
	}
	return moveText(p, resign), nil
}

func (s *Server) regGenmove(args []string) (string, error) {
	c, err := oneColor(args)
	if err != nil {
		return "", err
	}
	var p rules.Point
	var resign bool
	s.watch(stopOnInterrupt, func(ctx context.Context) { p, resign, err = s.engine.SuggestMove(ctx, c) })
	if err != nil {
		return "", ErrIllegalMove
	}
	return moveText(p, resign), nil
}

func oneColor(args []string) (rules.Color, error) {
	if err := want(args, 1); err != nil {
		return rules.Empty, err
	}
	return parseColor(args[0])
}

func (s *Server) undo(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	if s.engine.Undo() != nil {
		return "", ErrCannotUndo
	}
	return "", nil
}

// isLegal answers 1 or 0; a vertex off this board is simply not legal.
func (s *Server) isLegal(args []string) (string, error) {
	m, err := parseMove(args)
	if err != nil {
		return "", err
	}
	if s.engine.IsLegal(m) {
		return "1", nil
	}
	return "0", nil
}

// showboard answers the diagram on the lines after the "=".
func (s *Server) showboard(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	return "\n" + s.engine.ShowBoard(), nil
}
