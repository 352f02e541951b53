package client

import (
	"strings"
	"time"
)

// readResponse reads lines up to the empty line that ends a response.
// Lines before the first one starting with '=' or '?' are not part of
// any response and are skipped.
func (c *Client) readResponse(timeout time.Duration) (Response, error) {
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	var lines []string
	for {
		var line string
		var ok bool
		select {
		case line, ok = <-c.lines:
			if !ok {
				return Response{}, c.deathError()
			}
		case <-deadline:
			return Response{}, ErrTimeout
		}
		line = strings.TrimRight(line, "\r\n")
		c.log("<", line)
		if lines == nil {
			if line != "" && (line[0] == '=' || line[0] == '?') {
				lines = []string{line}
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			return parseResponse(lines), nil
		}
		lines = append(lines, line)
	}
}

// parseResponse splits the marker and id from the lines of a response.
func parseResponse(lines []string) Response {
	first := lines[0]
	r := Response{OK: first[0] == '=', Full: strings.Join(lines, "\n")}
	i := 1
	for i < len(first) && first[i] >= '0' && first[i] <= '9' {
		i++
	}
	r.ID = first[1:i]
	rest := append([]string{first[i:]}, lines[1:]...)
	r.Text = strings.TrimSpace(strings.Join(rest, "\n"))
	return r
}
