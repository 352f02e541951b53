package gtp

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// want checks the number of arguments.
func want(args []string, n int) error {
	if len(args) != n {
		return ErrSyntax
	}
	return nil
}

// parseInt reads a decimal integer in [lo, hi].
func parseInt(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, ErrSyntax
	}
	return n, nil
}

// parseFloat reads a finite decimal number (no hex, no inf or nan).
func parseFloat(s string) (float64, error) {
	if strings.ContainsAny(s, "xXpP_") {
		return 0, ErrSyntax
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, ErrSyntax
	}
	return f, nil
}

// maxSeconds bounds every time argument: 30 days.
const maxSeconds = 30 * 24 * 3600

// parseSeconds reads a time in seconds, a non-negative number up to
// maxSeconds.
func parseSeconds(s string) (time.Duration, error) {
	f, err := parseFloat(s)
	if err != nil || f < 0 || f > maxSeconds {
		return 0, ErrSyntax
	}
	return seconds(f), nil
}

// seconds converts a number of seconds to a Duration.
func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// parseColor reads a colour: b, w, black or white in any case.
func parseColor(s string) (rules.Color, error) {
	c, err := rules.ParseColor(s)
	if err != nil {
		return c, ErrSyntax
	}
	return c, nil
}

// parseMove reads a colour and a vertex.
func parseMove(args []string) (rules.Move, error) {
	if err := want(args, 2); err != nil {
		return rules.Move{}, err
	}
	c, err := parseColor(args[0])
	if err != nil {
		return rules.Move{}, err
	}
	p, err := rules.ParsePoint(args[1])
	if err != nil {
		return rules.Move{}, ErrSyntax
	}
	return rules.Move{Color: c, Point: p}, nil
}

// vertexList writes points as a space-separated GTP vertex list.
func vertexList(pts []rules.Point) string {
	words := make([]string, len(pts))
	for i, p := range pts {
		words[i] = p.String()
	}
	return strings.Join(words, " ")
}

// moveText writes a generated move: a vertex, "PASS" or "resign". GTP
// reads vertices in any case; the pass is upper case as GNU Go writes it,
// because regression suites written around GNU Go match it exactly.
func moveText(p rules.Point, resign bool) string {
	switch {
	case resign:
		return "resign"
	case p == rules.Pass:
		return "PASS"
	}
	return p.String()
}
