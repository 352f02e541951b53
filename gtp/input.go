package gtp

import (
	"bytes"
	"context"
	"strings"
)

// input is one line as the reader goroutine read it. The last input of a
// stream carries the error that ended it (io.EOF at the end).
type input struct {
	line    []byte
	tooLong bool
	err     error
}

// readInput reads lines into s.lines until the input ends or done is
// closed. It runs in its own goroutine, so the server learns that a line
// arrived while a command (analysis, pondering, a genmove) is still busy.
func (s *Server) readInput(done <-chan struct{}) {
	for {
		line, tooLong, err := s.readLine()
		in := input{line: bytes.Clone(line), tooLong: tooLong, err: err}
		select {
		case s.lines <- in:
		case <-done:
			return
		}
		if err != nil {
			return
		}
	}
}

// next returns the next input: a line queued while a command ran, else
// the next one read.
func (s *Server) next() input {
	if len(s.queue) > 0 {
		in := s.queue[0]
		s.queue = s.queue[1:]
		return in
	}
	return <-s.lines
}

// stopOnAny stops a watched command at any input line, even an empty one
// (the analysis commands and pondering).
func stopOnAny(input) bool { return true }

// stopOnInterrupt stops a watched command at GoGui's "# interrupt" line
// only; other lines wait their turn (a genmove is not cut short by a
// pipelined command, nor by the end of a script's input).
func stopOnInterrupt(in input) bool { return isInterrupt(in.line) }

// isInterrupt reports whether line is GoGui's interrupt comment.
func isInterrupt(line []byte) bool {
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(line)), "#")
	return ok && strings.TrimSpace(rest) == "interrupt"
}

// watch runs f with a context that is cancelled as soon as an input for
// which stop is true arrives (or is already queued). The lines that arrive
// meanwhile are queued, in order, for the commands after.
func (s *Server) watch(stop func(input) bool, f func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	for _, in := range s.queue {
		if stop(in) {
			cancel()
		}
	}
	got := make(chan []input, 1)
	done := make(chan struct{})
	go func() {
		var ins []input
		defer func() { got <- ins }()
		for {
			select {
			case in := <-s.lines:
				ins = append(ins, in)
				if stop(in) {
					cancel()
				}
				if in.err != nil {
					return // the reader has stopped
				}
			case <-done:
				return
			}
		}
	}()
	f(ctx)
	close(done)
	s.queue = append(s.queue, <-got...)
}
