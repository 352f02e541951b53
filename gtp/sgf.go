package gtp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/yunzi-go/yunzi/sgf"
)

// MaxSGF bounds the size of a file loadsgf reads.
const MaxSGF = 16 << 20

// loadsgf FILE [N] sets up the game of an SGF file before move N.
func (s *Server) loadsgf(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", ErrSyntax
	}
	n := 0
	if len(args) == 2 {
		var err error
		if n, err = parseInt(args[1], 1, 1<<20); err != nil {
			return "", err
		}
	}
	data, err := s.files.ReadFile(args[0])
	if err != nil {
		s.log.WithError(err).Warn("loadsgf")
		return "", readFailure(err)
	}
	if err := s.engine.LoadSGF(data, n); err != nil {
		s.log.WithError(err).Warn("loadsgf")
		if _, perr := sgf.Parse(data); perr != nil || len(bytes.TrimSpace(data)) == 0 {
			return "", cannotLoad("not an SGF file")
		}
		return "", cannotLoad(strings.TrimPrefix(err.Error(), "sgf: "))
	}
	return "", nil
}

// cannotLoad is GTP's "cannot load file" followed by why, so that a user
// can tell a mistyped path from a file that is not a game record.
func cannotLoad(why string) Failure { return Failure(string(ErrCannotLoad) + ": " + why) }

// readFailure says why a file could not be read.
func readFailure(err error) Failure {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return cannotLoad("file not found")
	case errors.Is(err, fs.ErrPermission):
		return cannotLoad("permission denied")
	case errors.Is(err, errNotRegular):
		return cannotLoad(fmt.Sprintf("not a regular file of at most %d MB", MaxSGF>>20))
	}
	return cannotLoad("cannot read the file")
}

// errNotRegular is a file OSFiles does not read: a folder, a device, a
// pipe, or a file larger than MaxSGF.
var errNotRegular = errors.New("not a regular file of at most MaxSGF bytes")

// Files is where loadsgf reads and printsgf writes files.
type Files interface {
	ReadFile(name string) ([]byte, error)
	WriteFile(name string, data []byte) error
}

// OSFiles are the files of the operating system.
type OSFiles struct{}

// ReadFile reads a regular file of at most MaxSGF bytes, so that a device
// or a pipe named by mistake cannot hang the server.
func (OSFiles) ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > MaxSGF {
		return nil, errNotRegular
	}
	return io.ReadAll(io.LimitReader(f, MaxSGF))
}

// printsgf [FILE] answers the game as SGF, or writes it to FILE.
func (s *Server) printsgf(args []string) (string, error) {
	if len(args) > 1 {
		return "", ErrSyntax
	}
	var buf bytes.Buffer
	if err := s.engine.WriteSGF(s.ctx, &buf); err != nil {
		s.log.WithError(err).Warn("printsgf")
		return "", ErrCannotSave
	}
	if len(args) == 0 {
		return "\n" + buf.String(), nil
	}
	if err := s.files.WriteFile(args[0], buf.Bytes()); err != nil {
		s.log.WithError(err).Warn("printsgf")
		return "", ErrCannotSave
	}
	return "", nil
}

// WriteFile creates or truncates the file.
func (OSFiles) WriteFile(name string, data []byte) error { return os.WriteFile(name, data, 0o644) }
