package client

import (
	"errors"
	"strings"
)

// ErrEmptyCommand is returned for a command line with no words.
var ErrEmptyCommand = errors.New("empty command line")

// Split splits a command line into words as a POSIX shell does, without
// expansions: words are separated by blanks; single quotes keep everything
// up to the next single quote; double quotes keep everything up to the next
// double quote except that a backslash escapes ", \, $ and `; outside
// quotes a backslash escapes the next character.
func Split(line string) ([]string, error) {
	var (
		words   []string
		cur     strings.Builder
		inWord  bool
		rs      = []rune(line)
		n       = len(rs)
		errOpen = errors.New("unterminated quote in command line")
	)
	for i := 0; i < n; i++ {
		r := rs[i]
		switch {
		case r == '\'':
			inWord = true
			j := i + 1
			for j < n && rs[j] != '\'' {
				j++
			}
			if j >= n {
				return nil, errOpen
			}
			cur.WriteString(string(rs[i+1 : j]))
			i = j
		case r == '"':
			inWord = true
			j := i + 1
			for ; j < n && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < n && strings.ContainsRune("\"\\$`", rs[j+1]) {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j >= n {
				return nil, errOpen
			}
			i = j
		case r == '\\':
			inWord = true
			if i+1 < n {
				i++
				cur.WriteRune(rs[i])
			}
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			inWord = true
			cur.WriteRune(r)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, ErrEmptyCommand
	}
	return words, nil
}
