package gtp

import (
	"errors"
	"strconv"

	"github.com/yunzi-go/yunzi/rules"
)

// boardsize clears the board to a new size, keeping komi and time.
func (s *Server) boardsize(args []string) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", ErrSyntax
	}
	if !rules.ValidSize(n) || s.engine.SetBoardSize(n) != nil {
		return "", ErrBadSize
	}
	return "", nil
}

func (s *Server) clearBoard(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	s.engine.ClearBoard()
	return "", nil
}

// komi sets the komi. GTP 2: "The engine must accept the komi even if it
// should be ridiculous": any finite number is taken; NaN and infinities
// are a syntax error.
func (s *Server) komi(args []string) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	k, err := parseFloat(args[0])
	if err != nil {
		return "", ErrSyntax
	}
	s.engine.SetKomi(k)
	return "", nil
}

// maxStones bounds a handicap count before it reaches the engine.
const maxStones = rules.MaxSize * rules.MaxSize

func (s *Server) fixedHandicap(args []string) (string, error) {
	return s.handicap(args, s.engine.FixedHandicap)
}

func (s *Server) placeFreeHandicap(args []string) (string, error) {
	return s.handicap(args, s.engine.PlaceFreeHandicap)
}

func (s *Server) handicap(args []string, place func(int) ([]rules.Point, error)) (string, error) {
	if err := want(args, 1); err != nil {
		return "", err
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", ErrSyntax
	}
	if n < 0 || n > maxStones {
		return "", ErrStones
	}
	pts, err := place(n)
	if err != nil {
		return "", handicapError(err)
	}
	return vertexList(pts), nil
}

// setFreeHandicap places the stones the controller chose. GTP 2 knows two
// failures: "board not empty", and "bad vertex list" for anything wrong
// with the list (fewer than two vertices, too many for the board, a
// repeated, an off-board or a malformed one).
func (s *Server) setFreeHandicap(args []string) (string, error) {
	pts := make([]rules.Point, 0, len(args))
	seen := map[rules.Point]bool{}
	for _, a := range args {
		p, err := rules.ParsePoint(a)
		if err != nil || p == rules.Pass || seen[p] {
			return "", ErrVertexList
		}
		seen[p] = true
		pts = append(pts, p)
	}
	if err := s.engine.SetFreeHandicap(pts); err != nil {
		if errors.Is(err, rules.ErrBoardNotEmpty) {
			return "", ErrBoardNotEmpty
		}
		return "", ErrVertexList
	}
	return "", nil
}

// handicapError picks the GTP text for a handicap count the engine
// refused (fixed_handicap, place_free_handicap).
func handicapError(err error) error {
	switch {
	case errors.Is(err, rules.ErrBoardNotEmpty):
		return ErrBoardNotEmpty
	case errors.Is(err, rules.ErrHandicap):
		return ErrStones
	}
	return ErrVertexList
}
