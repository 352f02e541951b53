package regress

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/gtp/client"
)

// suite is a .tst file read into lines.
type suite struct {
	path  string
	lines []string
	tests int // numbered command lines
}

func readSuite(path string) (*suite, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := &suite{path: path, lines: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")}
	for _, l := range s.lines {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") && commandID(l) >= 0 {
			s.tests++
		}
	}
	return s, nil
}

// commandID returns the number before the first space of a command
// line, or -1 when it has none.
func commandID(line string) int {
	first, _, ok := strings.Cut(line, " ")
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(first)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// pending is the last command sent, waiting for a possible "#?" line.
type pending struct {
	id      int
	command string
	full    string // the whole response
	text    string // the response's text
	failed  bool   // a "?" response
}

// runner runs one suite on a fresh engine.
type runner struct {
	cfg        *Config
	suite      *suite
	prefix     string // file name and space when several files run
	gtpLines   []string
	c          *client.Client
	sum        Summary
	transcript strings.Builder
	done       *int
	total      int
	last       *pending
}

var errDied = errors.New("engine died")

func (r *runner) run() (Summary, error) {
	r.sum = Summary{File: r.suite.path}
	dir, err := filepath.Abs(filepath.Dir(r.suite.path))
	if err != nil {
		return r.sum, err
	}
	r.c, err = client.Start(r.cfg.Engine, client.Options{Dir: dir, Stderr: r.cfg.Stderr, Log: r.cfg.Verbose})
	if err != nil {
		return r.sum, err
	}
	defer r.c.Close()
	for _, l := range r.gtpLines {
		if _, err := r.send(l); err != nil {
			return r.sum, fmt.Errorf("GTP file command %q: %w", l, err)
		}
	}
	if resp, err := r.send("name"); err == nil {
		r.sum.Name = resp.Text
	}
	if resp, err := r.send("version"); err == nil {
		r.sum.Version = resp.Text
	}
	start := time.Now()
	// The time is set before each return (a deferred assignment would
	// come after the summary is copied out).
	elapsed := func() { r.sum.Time = time.Since(start) }
	for n, line := range r.suite.lines {
		if err := r.line(line); err != nil {
			if errors.Is(err, errDied) {
				r.sum.Died = true
				elapsed()
				return r.sum, nil
			}
			elapsed()
			return r.sum, fmt.Errorf("%s:%d: %w", r.suite.path, n+1, err)
		}
	}
	if r.last != nil {
		r.finishLast()
	}
	elapsed()
	return r.sum, nil
}

// line handles one line of the suite.
func (r *runner) line(line string) error {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "#?") {
		if r.last == nil {
			return fmt.Errorf("response pattern without a preceding test command: %s", line)
		}
		err := r.check(strings.TrimSpace(line[2:]))
		r.last = nil
		return err
	}
	if r.last != nil {
		r.finishLast()
		r.last = nil
	}
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	line = strings.ReplaceAll(line, "\t", " ")
	p := &pending{id: commandID(line), command: line}
	resp, err := r.send(line)
	var ce *client.CommandError
	switch {
	case errors.As(err, &ce):
		p.failed = true
	case err != nil:
		r.sum.DiedAt = line
		if p.id >= 0 {
			r.sum.Tests++
			r.sum.UnexpectedFail++
			fmt.Fprintf(r.cfg.Out, "%s%d unexpected FAIL: engine died (%v)\n", r.prefix, p.id, err)
			r.progress()
		}
		return errDied
	}
	p.full, p.text = resp.Full, resp.Text
	r.last = p
	return nil
}

// finishLast records a command that no pattern followed: a test passes
// unless it failed; a setup command that failed is an error.
func (r *runner) finishLast() {
	p := r.last
	if p.id < 0 {
		if p.failed {
			r.sum.Errors++
		}
		return
	}
	r.sum.Tests++
	if p.failed {
		r.sum.UnexpectedFail++
		if p.text == "" {
			fmt.Fprintf(r.cfg.Out, "%s%d unexpected FAIL\n", r.prefix, p.id)
		} else {
			fmt.Fprintf(r.cfg.Out, "%s%d unexpected FAIL: '%s'\n", r.prefix, p.id, p.text)
		}
	} else {
		r.sum.ExpectedPass++
		if r.cfg.Long {
			fmt.Fprintf(r.cfg.Out, "%s%d passed\n", r.prefix, p.id)
		}
	}
	r.progress()
}

// check compares the last response with a "#?" pattern.
func (r *runner) check(pattern string) error {
	if pattern == "" {
		r.finishLast()
		return nil
	}
	v, err := parsePattern(pattern)
	if err != nil {
		return err
	}
	p := r.last
	response := ""
	if i := strings.IndexByte(p.full, ' '); i >= 0 {
		response = strings.TrimSpace(p.full[i:])
	}
	fail := p.failed || v.re.MatchString(response) == v.negate
	r.record(p.id, fail, v, response)
	return nil
}

// verdict is a parsed "#?" pattern.
type verdict struct {
	re           *regexp.Regexp
	negate       bool
	expectedFail bool
	expected     string // the text between the brackets, as printed
}

// parsePattern reads "[PATTERN]" with an optional trailing "*".
func parsePattern(s string) (verdict, error) {
	var v verdict
	if strings.HasSuffix(s, "*") {
		v.expectedFail = true
		s = s[:len(s)-1]
	}
	if !strings.HasPrefix(s, "[") {
		return v, fmt.Errorf("pattern has no opening bracket: %s", s)
	}
	if !strings.HasSuffix(s, "]") {
		return v, fmt.Errorf("pattern has no closing bracket: %s", s)
	}
	s = strings.TrimSpace(s[1 : len(s)-1])
	v.expected = s
	if strings.HasPrefix(s, "!") {
		v.negate, s = true, s[1:]
	}
	re, err := regexp.Compile(`(?ms)\A(?:` + s + `)\z`)
	if err != nil {
		return v, fmt.Errorf("pattern %q: %w", s, err)
	}
	v.re = re
	return v, nil
}

// record counts a test's verdict and prints it as gogui-regress does.
func (r *runner) record(id int, fail bool, v verdict, response string) {
	r.sum.Tests++
	out, pre := r.cfg.Out, r.prefix
	switch {
	case fail && !v.expectedFail:
		r.sum.UnexpectedFail++
		if r.cfg.Long {
			fmt.Fprintf(out, "%s%d FAILED: Correct '%s', got '%s'\n", pre, id, v.expected, response)
		} else {
			fmt.Fprintf(out, "%s%d unexpected FAIL: Correct '%s', got '%s'\n", pre, id, v.expected, response)
		}
	case fail:
		r.sum.ExpectedFail++
		if r.cfg.Long {
			fmt.Fprintf(out, "%s%d failed: Correct '%s', got '%s'\n", pre, id, v.expected, response)
		}
	case v.expectedFail:
		r.sum.UnexpectedPass++
		if r.cfg.Long {
			fmt.Fprintf(out, "%s%d PASSED\n", pre, id)
		} else {
			fmt.Fprintf(out, "%s%d unexpected PASS!\n", pre, id)
		}
	default:
		r.sum.ExpectedPass++
		if r.cfg.Long {
			fmt.Fprintf(out, "%s%d passed\n", pre, id)
		}
	}
	r.progress()
}

func (r *runner) progress() {
	*r.done++
	if r.cfg.Progress != nil {
		r.cfg.Progress(*r.done, r.total)
	}
}

// send sends a command with the run's timeout, keeping a transcript.
func (r *runner) send(line string) (client.Response, error) {
	r.transcript.WriteString(line + "\n")
	resp, err := r.c.Send(line, r.cfg.Timeout)
	if resp.Full != "" {
		r.transcript.WriteString(resp.Full + "\n\n")
	} else if err != nil {
		r.transcript.WriteString("(" + err.Error() + ")\n\n")
	}
	return resp, err
}
