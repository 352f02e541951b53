package rules

import "errors"

// The reasons a move is refused. Errors returned by Board and Game wrap one
// of these, so callers test them with errors.Is.
var (
	ErrOffBoard      = errors.New("point is off the board")
	ErrOccupied      = errors.New("point is occupied")
	ErrSuicide       = errors.New("suicide")
	ErrKo            = errors.New("ko")
	ErrSuperko       = errors.New("superko: the position repeats")
	ErrGameOver      = errors.New("game is over")
	ErrBadColor      = errors.New("color must be black or white")
	ErrBadSize       = errors.New("board size out of range")
	ErrCannotUndo    = errors.New("cannot undo")
	ErrInvalidSetup  = errors.New("setup leaves a chain without liberties")
	ErrHandicap      = errors.New("invalid number of handicap stones")
	ErrBoardNotEmpty = errors.New("board not empty")
)
