package gtp

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/sirupsen/logrus"
)

// Name is the engine's name as the name command gives it.
const Name = "Yunzi"

// MaxLine is the longest command line the server reads (1 MiB). A longer
// line is answered "syntax error" and skipped; the server goes on.
const MaxLine = 1 << 20

// Server answers GTP commands read from one stream on another.
type Server struct {
	in       *bufio.Reader
	out      *bufio.Writer
	engine   Engine
	commands map[string]command
	version  string
	log      logrus.FieldLogger
	files    Files
	ctx      context.Context
	line     []byte // the line being read, reused by the reader goroutine
	quit     bool

	lines chan input // from the reader goroutine
	queue []input    // lines that arrived while a command ran
	id    string     // the id of the command being answered

	gfx     io.Writer // where live GoGui graphics go (stderr)
	liveGfx bool      // write them during genmove
}

// Option configures a Server.
type Option func(*Server)

// WithVersion sets what the version command answers (default "unknown").
func WithVersion(v string) Option { return func(s *Server) { s.version = v } }

// WithLogger sets where the server logs (default: nowhere).
func WithLogger(l logrus.FieldLogger) Option { return func(s *Server) { s.log = l } }

// WithFiles sets where loadsgf and printsgf find files (default OSFiles).
func WithFiles(f Files) Option { return func(s *Server) { s.files = f } }

// WithLiveGfx sets where live GoGui graphics (gogui-gfx: blocks) are
// written during genmove, normally standard error. With always set they
// are written from the start; otherwise only once gogui-analyze_commands
// has been asked (that is, when the controller is GoGui), so that the log
// stays readable elsewhere.
func WithLiveGfx(w io.Writer, always bool) Option {
	return func(s *Server) { s.gfx, s.liveGfx = w, always }
}

// WithContext sets the context that commands such as genmove run in.
func WithContext(ctx context.Context) Option { return func(s *Server) { s.ctx = ctx } }

// NewServer returns a server reading commands from r, writing responses to
// w and playing through e.
func NewServer(r io.Reader, w io.Writer, e Engine, opts ...Option) *Server {
	quiet := logrus.New()
	quiet.Out = io.Discard
	s := &Server{
		in:      bufio.NewReaderSize(r, 64<<10),
		out:     bufio.NewWriter(w),
		engine:  e,
		version: "unknown",
		log:     quiet,
		ctx:     context.Background(),
		files:   OSFiles{},
		lines:   make(chan input),
	}
	s.commands = commands()
	for _, o := range opts {
		o(s)
	}
	return s
}

// Serve answers commands until quit or the end of the input, and returns
// nil then. It returns an error only if reading or writing fails. A
// goroutine reads the input ahead, so that commands that run until the
// next line arrives (analysis, pondering) and GoGui's "# interrupt" work;
// Serve should be called once.
func (s *Server) Serve() error {
	done := make(chan struct{})
	defer close(done)
	go s.readInput(done)
	for !s.quit {
		in := s.next()
		if len(in.line) > 0 || in.tooLong {
			if werr := s.handleLine(in.line, in.tooLong); werr != nil {
				return werr
			}
		}
		if errors.Is(in.err, io.EOF) {
			return nil
		}
		if in.err != nil {
			return in.err
		}
	}
	return nil
}

// handleLine preprocesses one input line and answers the command on it.
func (s *Server) handleLine(raw []byte, tooLong bool) error {
	id, fields := parseLine(raw)
	if id == "" && len(fields) == 0 {
		return nil
	}
	if tooLong {
		s.log.WithField("bytes", len(raw)).Warn("gtp: line too long")
		return s.respond(id, "", ErrSyntax)
	}
	if len(fields) == 0 {
		return s.respond(id, "", ErrSyntax)
	}
	name, args := fields[0], fields[1:]
	cmd, ok := s.commands[name]
	if !ok {
		return s.respond(id, "", ErrUnknownCommand)
	}
	s.id = id
	result, err := cmd.run(s, args)
	if errors.Is(err, errAnswered) {
		return s.streamed(cmd, err)
	}
	if err != nil {
		s.log.WithFields(logrus.Fields{"command": name, "error": err}).Debug("gtp: command failed")
	}
	if werr := s.respond(id, result, err); werr != nil || err != nil {
		return werr
	}
	if cmd.ponder {
		s.ponder()
	}
	return nil
}

// streamed ends a command that wrote its own response, err being what
// its handler returned: pondering follows if it succeeded and its entry
// asks for it; a write error is returned.
func (s *Server) streamed(cmd command, err error) error {
	switch err {
	case errAnswered:
		if cmd.ponder {
			s.ponder()
		}
		return nil
	case errAnsweredFailure:
		return nil
	}
	return err // the streamed response could not be written
}

// respond writes one response and flushes it. The text of an error that is
// not a Failure never reaches the wire.
func (s *Server) respond(id, result string, err error) error {
	var f Failure
	switch {
	case err == nil:
		s.out.WriteString("=" + id + " " + clean(result))
	case errors.As(err, &f):
		s.out.WriteString("?" + id + " " + clean(string(f)))
	default:
		s.out.WriteString("?" + id + " " + "internal error")
	}
	s.out.WriteString("\n\n")
	return s.out.Flush()
}

// clean makes text safe to send as a response body: no empty or blank
// line inside it (a GUI would take it for the end), no trailing newline.
func clean(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r", ""), "\n")
	out := lines[:1]
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
