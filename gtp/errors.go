package gtp

import (
	"errors"
	"fmt"
)

// Failure is a GTP error response: its text goes on the wire after "?".
type Failure string

func (f Failure) Error() string { return string(f) }

// The conventional error texts (GTP version 2 and the programs that follow
// it).
const (
	ErrUnknownCommand Failure = "unknown command"
	ErrSyntax         Failure = "syntax error"
	ErrIllegalMove    Failure = "illegal move"
	ErrCannotUndo     Failure = "cannot undo"
	ErrBadSize        Failure = "unacceptable size"
	ErrCannotScore    Failure = "cannot score"
	ErrCannotLoad     Failure = "cannot load file"
	ErrCannotSave     Failure = "cannot save file"
	ErrBoardNotEmpty  Failure = "board not empty"
	ErrStones         Failure = "invalid number of stones"
	ErrVertexList     Failure = "bad vertex list"
)

// errAnswered is what a streaming command's handler returns once it has
// written its whole response itself (the analysis commands): the server
// then writes nothing more. A write error is returned wrapped in it.
var errAnswered = errors.New("response already written")

// errAnsweredFailure is what a streaming handler returns when it wrote its
// whole response but the command failed (a genmove_analyze whose engine
// could not even pass): the server writes nothing more, and does not
// ponder.
var errAnsweredFailure = fmt.Errorf("%w: the command failed", errAnswered)

// answered is what a streaming handler returns: errAnswered, wrapping the
// write error if there was one.
func answered(werr error) error {
	if werr == nil {
		return errAnswered
	}
	return fmt.Errorf("%w: %w", errAnswered, werr)
}
