package jsonanalysis

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Perspective is whose side the reported values take
// (reportAnalysisWinratesAs).
type Perspective int

// The perspectives KataGo's reportAnalysisWinratesAs names.
const (
	PerspectiveBlack Perspective = iota
	PerspectiveWhite
	PerspectiveSideToMove
)

// String returns the name the config key takes.
func (p Perspective) String() string {
	switch p {
	case PerspectiveWhite:
		return "WHITE"
	case PerspectiveSideToMove:
		return "SIDETOMOVE"
	}
	return "BLACK"
}

// ParsePerspective reads BLACK, WHITE or SIDETOMOVE, in any case.
func ParsePerspective(s string) (Perspective, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "BLACK", "B":
		return PerspectiveBlack, nil
	case "WHITE", "W":
		return PerspectiveWhite, nil
	case "SIDETOMOVE":
		return PerspectiveSideToMove, nil
	}
	return 0, fmt.Errorf("reportAnalysisWinratesAs must be BLACK, WHITE or SIDETOMOVE, not %q", s)
}

// Settings are what the config file, the command line and a query's
// overrideSettings decide.
type Settings struct {
	// AnalysisThreads is how many positions are searched at once
	// (numAnalysisThreads).
	AnalysisThreads int
	// SearchThreads is the number of search threads of each position
	// (numSearchThreadsPerAnalysisThread, or numSearchThreads).
	SearchThreads int
	// MaxVisits caps a position's playouts (maxVisits; maxPlayouts is
	// read as the same cap).
	MaxVisits int
	// MaxTime caps a position's search time (maxTime, in seconds); 0 is
	// no limit.
	MaxTime time.Duration
	// PVLen is the longest principal variation reported (analysisPVLen).
	PVLen int
	// Perspective is whose view the values take (reportAnalysisWinratesAs).
	Perspective Perspective
	// LogRequests, LogResponses and LogErrors log the query lines, the
	// response lines, and the error and warning lines (logAllRequests,
	// logAllResponses, logErrorsAndWarnings).
	LogRequests, LogResponses, LogErrors bool
}

// DefaultSettings are those of KataGo's example analysis config that
// Yunzi has: one position at a time, one search thread, 500 visits, PVs
// of 15 moves, values from Black's side.
func DefaultSettings() Settings {
	return Settings{AnalysisThreads: 1, SearchThreads: 1, MaxVisits: 500, PVLen: 15, Perspective: PerspectiveBlack, LogErrors: true}
}

// Keys lists the config keys Yunzi reads, in the order README documents
// them.
var Keys = []string{
	"numAnalysisThreads", "numSearchThreadsPerAnalysisThread", "numSearchThreads",
	"maxVisits", "maxPlayouts", "maxTime", "analysisPVLen", "reportAnalysisWinratesAs",
	"logAllRequests", "logAllResponses", "logErrorsAndWarnings",
}

// queryKeys are the keys a query's overrideSettings may change: the
// per-position ones. The thread counts and the logging are the process's.
var queryKeys = []string{"maxVisits", "maxPlayouts", "maxTime", "reportAnalysisWinratesAs"}

// ReadConfig reads a KataGo config file: one "key = value" a line, "#"
// starting a comment. It returns the keys and values in file order; a
// line that is not a setting is an error naming the line.
func ReadConfig(r io.Reader, name string) ([][2]string, error) {
	var kv [][2]string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("%s:%d: %q is not a setting (key = value)", name, n, line)
		}
		kv = append(kv, [2]string{k, v})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return kv, nil
}

// ReadConfigFile reads the config file at path (see ReadConfig).
func ReadConfigFile(path string) ([][2]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadConfig(f, path)
}

// ParseOverrides reads -override-config's "key=value,key=value".
func ParseOverrides(s string) ([][2]string, error) {
	var kv [][2]string
	for _, f := range strings.Split(s, ",") {
		if strings.TrimSpace(f) == "" {
			continue
		}
		k, v, ok := strings.Cut(f, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, fmt.Errorf("-override-config: %q is not key=value", f)
		}
		kv = append(kv, [2]string{k, v})
	}
	return kv, nil
}

// Apply sets the keys Yunzi knows on s, checking each value, and returns
// the keys it does not know (which Yunzi ignores). A bad value is an
// error naming its key, and leaves s as it was.
func (s *Settings) Apply(kv [][2]string) (unknown []string, err error) {
	return s.apply(kv, Keys)
}

// apply sets the keys among known on s; see Apply.
func (s *Settings) apply(kv [][2]string, known []string) (unknown []string, err error) {
	next := *s
	for _, e := range kv {
		k, v := e[0], e[1]
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
			continue
		}
		if err := next.set(k, v); err != nil {
			return nil, fmt.Errorf("%s = %s: %w", k, v, err)
		}
	}
	*s = next
	return unknown, nil
}

// set sets one known key.
func (s *Settings) set(k, v string) error {
	switch k {
	case "numAnalysisThreads":
		return setInt(&s.AnalysisThreads, v, 1, 16384)
	case "numSearchThreadsPerAnalysisThread", "numSearchThreads":
		return setInt(&s.SearchThreads, v, 1, 4096)
	case "maxVisits", "maxPlayouts":
		return setInt(&s.MaxVisits, v, 1, 1<<50)
	case "analysisPVLen":
		return setInt(&s.PVLen, v, 1, 1000)
	case "maxTime":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || f <= 0 || f > 1e9 {
			return fmt.Errorf("takes a number of seconds above 0")
		}
		s.MaxTime = time.Duration(f * float64(time.Second))
		return nil
	case "reportAnalysisWinratesAs":
		p, err := ParsePerspective(v)
		if err != nil {
			return err
		}
		s.Perspective = p
		return nil
	case "logAllRequests":
		return setBool(&s.LogRequests, v)
	case "logAllResponses":
		return setBool(&s.LogResponses, v)
	case "logErrorsAndWarnings":
		return setBool(&s.LogErrors, v)
	}
	return fmt.Errorf("unknown key")
}

func setInt(dst *int, v string, lo, hi int) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return fmt.Errorf("takes an integer from %d to %d", lo, hi)
	}
	*dst = n
	return nil
}

func setBool(dst *bool, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("takes true or false")
	}
	*dst = b
	return nil
}
