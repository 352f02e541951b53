package gtp

import "context"

// ponder lets the engine think on the opponent's time after a command
// whose table entry asks for it (the genmove commands), until the next
// input line arrives. The line is then answered as usual; pondering only
// ever helps the search's tree.
func (s *Server) ponder() {
	if !s.engine.Pondering() {
		return
	}
	s.watch(stopOnAny, func(ctx context.Context) { s.engine.Ponder(ctx) })
}
