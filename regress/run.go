package regress

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Config is a regression run's settings.
type Config struct {
	Engine    string        // engine command line, split as a shell does
	Files     []string      // .tst files; "@LIST" expands to the files named in LIST
	Long      bool          // print every test (gogui-regress -long, GNU Go's eval.sh)
	OutputDir string        // when set, write NAME.out.html, index.html and summary.dat there
	GTPFile   string        // GTP commands to send to each engine before its file
	Timeout   time.Duration // longest wait for one response; 0 waits for ever
	Out       io.Writer     // test lines and summaries (standard output)
	Verbose   io.Writer     // receives the GTP streams when set
	Stderr    io.Writer     // receives the engine's stderr; nil discards it
	// Progress, when set, is called after each test with the tests run
	// and the total of all files.
	Progress func(done, total int)
}

// Summary counts one file's tests, as gogui-regress's summary does.
type Summary struct {
	File           string
	Name, Version  string // of the engine
	Tests          int
	UnexpectedFail int // FAIL
	ExpectedFail   int // fail
	UnexpectedPass int // PASS
	ExpectedPass   int // pass
	Errors         int // failed setup commands
	Time           time.Duration
	Died           bool   // the engine died during the file
	DiedAt         string // the command it died at
}

// Result is a whole run.
type Result struct {
	Files []Summary
}

// The exit statuses of a regression run: each names one outcome, so a
// script can tell a failed test from an engine that died and from a run
// that never started.
const (
	ExitPassed = 0 // nothing unexpected (unexpected passes are good news)
	ExitFailed = 1 // a test failed unexpectedly
	ExitDied   = 2 // an engine died during a suite
	ExitUsage  = 3 // nothing ran: a missing argument, a missing or malformed file, an engine that cannot start
)

// ExitCode is the run's exit status: ExitDied when an engine died, else
// ExitFailed when a test failed unexpectedly, else ExitPassed.
func (r *Result) ExitCode() int {
	code := ExitPassed
	for _, s := range r.Files {
		if s.Died {
			return ExitDied
		}
		if s.UnexpectedFail > 0 {
			code = ExitFailed
		}
	}
	return code
}

// Total adds up the files.
func (r *Result) Total() Summary {
	t := Summary{File: "total"}
	for _, s := range r.Files {
		t.Tests += s.Tests
		t.UnexpectedFail += s.UnexpectedFail
		t.ExpectedFail += s.ExpectedFail
		t.UnexpectedPass += s.UnexpectedPass
		t.ExpectedPass += s.ExpectedPass
		t.Errors += s.Errors
		t.Time += s.Time
		t.Died = t.Died || s.Died
	}
	return t
}

// Run runs every file and prints unexpected results (every result with
// Long) and a summary line per file to cfg.Out. It returns an error for a
// missing or malformed file or an engine that cannot start; an engine
// that dies is recorded in the result instead.
func Run(cfg Config) (*Result, error) {
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	files, err := expand(cfg.Files)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no test file")
	}
	suites := make([]*suite, len(files))
	total := 0
	for i, f := range files {
		if suites[i], err = readSuite(f); err != nil {
			return nil, err
		}
		total += suites[i].tests
	}
	var gtpLines []string
	if cfg.GTPFile != "" {
		if gtpLines, err = readGTPFile(cfg.GTPFile); err != nil {
			return nil, err
		}
	}
	if cfg.OutputDir != "" {
		if err := os.MkdirAll(cfg.OutputDir, 0o755); err != nil {
			return nil, err
		}
	}
	res := &Result{}
	done := 0
	names := outNames(files)
	for i, s := range suites {
		r := &runner{cfg: &cfg, suite: s, prefix: "", gtpLines: gtpLines, done: &done, total: total}
		if len(files) > 1 {
			r.prefix = s.path + " "
		}
		sum, err := r.run()
		if err != nil {
			return res, err
		}
		res.Files = append(res.Files, sum)
		fmt.Fprintln(cfg.Out, summaryLine(sum))
		if cfg.OutputDir != "" {
			if err := writeTranscript(filepath.Join(cfg.OutputDir, names[i]+".out.html"), s.path, r.transcript.String()); err != nil {
				return res, err
			}
		}
	}
	if len(res.Files) > 1 {
		fmt.Fprintln(cfg.Out, summaryLine(res.Total()))
	}
	if cfg.OutputDir != "" {
		if err := writeSummaries(cfg.OutputDir, &cfg, res, names); err != nil {
			return res, err
		}
	}
	return res, nil
}

// summaryLine is the per-file line printed after the tests.
func summaryLine(s Summary) string {
	line := fmt.Sprintf("%s: %d tests, %d FAIL, %d fail, %d PASS, %d pass, %d errors, %.1f s",
		s.File, s.Tests, s.UnexpectedFail, s.ExpectedFail, s.UnexpectedPass, s.ExpectedPass, s.Errors, s.Time.Seconds())
	if s.Died {
		line += ", engine died"
		if s.DiedAt != "" {
			line += " at '" + s.DiedAt + "'"
		}
	}
	return line
}

// expand replaces each "@LIST" by the files LIST names, recursively.
func expand(names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		if !strings.HasPrefix(n, "@") {
			out = append(out, n)
			continue
		}
		list, err := readList(n[1:])
		if err != nil {
			return nil, err
		}
		more, err := expand(list)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

func readList(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, sc.Err()
}

// readGTPFile returns the command lines of a GTP file.
func readGTPFile(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("GTP file: %w", err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, nil
}

// outNames gives each file a unique output name: its base name without
// .tst, with _2, _3... for repeats, as gogui-regress does.
func outNames(files []string) []string {
	seen := map[string]bool{}
	out := make([]string, len(files))
	for i, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".tst")
		for j := 2; seen[name]; j++ {
			if cand := fmt.Sprintf("%s_%d", strings.TrimSuffix(filepath.Base(f), ".tst"), j); !seen[cand] {
				name = cand
			}
		}
		seen[name] = true
		out[i] = name
	}
	return out
}
