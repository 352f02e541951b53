package gtp

import (
	"bufio"
	"errors"
	"strings"
)

// readLine returns the next line, its newline included, up to MaxLine
// bytes; tooLong tells that the rest of a longer line was skipped. At the
// end of the input it returns the last unterminated line with a nil error,
// and io.EOF on the call after.
func (s *Server) readLine() (line []byte, tooLong bool, err error) {
	s.line = s.line[:0]
	for {
		chunk, err := s.in.ReadSlice('\n')
		if room := MaxLine - len(s.line); len(chunk) > room {
			s.line = append(s.line, chunk[:room]...)
			tooLong = true
		} else {
			s.line = append(s.line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && len(s.line) > 0 {
			return s.line, tooLong, nil
		}
		return s.line, tooLong, err
	}
}

// parseLine preprocesses a raw line as GTP says (control characters other
// than HT and LF dropped, HT turned into a space, everything from '#'
// cut) and splits it into the optional numeric id and the words.
func parseLine(raw []byte) (id string, fields []string) {
	var sb strings.Builder
	for _, c := range raw {
		switch {
		case c == '#':
			goto done
		case c == '\t' || c == '\n':
			sb.WriteByte(' ')
		case c < ' ' || c == 0x7f:
		default:
			sb.WriteByte(c)
		}
	}
done:
	fields = strings.FieldsFunc(sb.String(), func(r rune) bool { return r == ' ' })
	if len(fields) > 0 && isID(fields[0]) {
		return fields[0], fields[1:]
	}
	return "", fields
}

// isID reports whether w is a command id: decimal digits only.
func isID(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}
