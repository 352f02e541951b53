// Package gtp is Yunzi's Go Text Protocol (version 2) server: it reads
// commands from an io.Reader, answers on an io.Writer, and plays through the
// Engine interface it defines here (engine.go: the game, its setup, the
// clock, generation, analysis, scoring and the network, one small
// interface each), so it knows nothing of the search.
//
// Reading order: server.go (the loop: read a line, dispatch, respond),
// input.go (a goroutine reads lines ahead, so that analysis and pondering
// run until the next line and "# interrupt" stops a genmove), line.go
// (preprocessing and the command id), commands.go (the table of
// command names to handlers), then the handlers, one file per concern:
// admin.go, setup.go, play.go, score.go, sgf.go, time.go, kgs.go,
// analyze.go and analyze_format.go (lz-/kata-analyze), gogui.go (GoGui's
// analyze commands and live graphics), network.go (kata-raw-nn), ponder.go. args.go
// parses arguments; errors.go holds the conventional error texts.
//
// The wire follows ../shared/docs/GTP.md: control characters other than
// HT and LF are dropped, HT becomes a space, '#' starts a comment, empty
// lines are skipped; "=ID result" or "?ID message" and an empty line after
// each response, flushed at once; no empty line inside a response. Lines
// longer than MaxLine bytes are answered "syntax error" and skipped.
package gtp
