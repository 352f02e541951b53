package gtp

import (
	"context"
	"strconv"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

// Analysis settings.
const (
	// defaultInterval is the time between info lines when the command
	// gives none (or 0).
	defaultInterval = time.Second
	// maxInterval bounds the interval argument: a day, in centiseconds.
	maxInterval = 24 * 3600 * 100
)

// analyzeArgs are the arguments of lz-analyze, kata-analyze and their
// genmove forms: [colour] [interval] [key value ...], the interval in
// centiseconds, keys interval, ownership (true or false), minmoves and
// maxmoves.
type analyzeArgs struct {
	color     rules.Color
	interval  time.Duration
	ownership bool
	maxMoves  int // 0: every candidate
}

// parseAnalyzeArgs reads the arguments; needColor is set for the genmove
// forms, whose colour is required.
func parseAnalyzeArgs(args []string, toMove rules.Color, needColor bool) (analyzeArgs, error) {
	a := analyzeArgs{color: toMove, interval: defaultInterval}
	if len(args) > 0 {
		if c, err := rules.ParseColor(args[0]); err == nil {
			a.color, args = c, args[1:]
		} else if needColor {
			return a, ErrSyntax
		}
	} else if needColor {
		return a, ErrSyntax
	}
	if len(args) > 0 {
		if _, err := strconv.Atoi(args[0]); err == nil {
			args = append([]string{"interval"}, args...)
		}
	}
	if len(args)%2 != 0 {
		return a, ErrSyntax
	}
	for i := 0; i < len(args); i += 2 {
		key, val := args[i], args[i+1]
		switch key {
		case "interval":
			cs, err := parseInt(val, 0, maxInterval)
			if err != nil {
				return a, ErrSyntax
			}
			if cs > 0 {
				a.interval = time.Duration(cs) * 10 * time.Millisecond
			}
		case "ownership":
			b, err := strconv.ParseBool(val)
			if err != nil {
				return a, ErrSyntax
			}
			a.ownership = b
		case "maxmoves":
			n, err := parseInt(val, 0, maxCount)
			if err != nil {
				return a, ErrSyntax
			}
			a.maxMoves = n
		case "minmoves":
			if _, err := parseInt(val, 0, maxCount); err != nil {
				return a, ErrSyntax
			}
		default:
			return a, ErrSyntax
		}
	}
	return a, nil
}

// infoFormat prints one snapshot as an info line (without the newline).
type infoFormat func(s *analysis.Snapshot, a analyzeArgs) string

func (s *Server) lzAnalyze(args []string) (string, error) { return s.analyze(args, lzInfo) }

func (s *Server) kataAnalyze(args []string) (string, error) { return s.analyze(args, kataInfo) }

func (s *Server) lzGenmoveAnalyze(args []string) (string, error) {
	return s.genmoveAnalyze(args, lzInfo)
}

func (s *Server) kataGenmoveAnalyze(args []string) (string, error) {
	return s.genmoveAnalyze(args, kataInfo)
}

// analyze answers "=" at once, then an info line every interval until an
// input line arrives, then the empty line that ends the response; that
// input is the next command.
func (s *Server) analyze(args []string, format infoFormat) (string, error) {
	a, err := parseAnalyzeArgs(args, s.engine.ToMove(), false)
	if err != nil {
		return "", err
	}
	w := s.stream()
	s.watch(stopOnAny, func(ctx context.Context) {
		s.engine.Analyze(ctx, a.color, a.interval, func(snap *analysis.Snapshot) { w.line(format(snap, a)) })
	})
	return "", answered(w.end(""))
}

// genmoveAnalyze is genmove streaming info lines while it thinks, then
// "play MOVE" and the empty line. Like genmove, only GoGui's interrupt
// cuts it short, and pondering follows it (see the command table).
func (s *Server) genmoveAnalyze(args []string, format infoFormat) (string, error) {
	a, err := parseAnalyzeArgs(args, s.engine.ToMove(), true)
	if err != nil {
		return "", err
	}
	w := s.stream()
	var p rules.Point
	var resign bool
	s.watch(stopOnInterrupt, func(ctx context.Context) {
		p, resign, err = s.engine.GenMoveAnalyze(ctx, a.color, false, a.interval, func(snap *analysis.Snapshot) {
			w.line(format(snap, a))
		})
	})
	if err != nil { // the engine could not even pass
		if werr := w.end("play pass"); werr != nil {
			return "", answered(werr)
		}
		return "", errAnsweredFailure
	}
	return "", answered(w.end("play " + playText(p, resign)))
}

// streamWriter writes a streamed response: "=ID" at once, lines as they
// come (from the search's goroutine), and the empty line at the end. It
// keeps the first write error.
type streamWriter struct {
	s   *Server
	err error
}

// stream starts a streamed response to the current command.
func (s *Server) stream() *streamWriter {
	w := &streamWriter{s: s}
	w.line("=" + s.id)
	return w
}

func (w *streamWriter) line(text string) {
	if w.err != nil {
		return
	}
	w.s.out.WriteString(clean(text) + "\n")
	w.err = w.s.out.Flush()
}

// end writes the last line, if any, and the empty line.
func (w *streamWriter) end(last string) error {
	if last != "" {
		w.line(last)
	}
	w.line("")
	return w.err
}

// playText is the move of a genmove_analyze response: a vertex, "pass" or
// "resign" (lower case, as Leela Zero and KataGo write them).
func playText(p rules.Point, resign bool) string {
	switch {
	case resign:
		return "resign"
	case p == rules.Pass:
		return "pass"
	}
	return p.String()
}
