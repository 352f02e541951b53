package gtp

import (
	"strconv"

	"github.com/yunzi-go/yunzi/internal/cputime"
)

// cputime answers GoGui's cputime: the CPU time the process has used so
// far, all threads, user and system, in seconds. Match runners
// (gogui-twogtp, yunzi match) ask before and after a game and report the
// difference. The server offers the command only where the system tells a
// process its CPU time (cputime.Process).
func (s *Server) cputime(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	d, ok := cputime.Process()
	if !ok {
		return "", Failure("cannot read the CPU time")
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64), nil
}
