package match

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test between two hypotheses
// about the Elo difference of engine A over engine B: H0 elo = Elo0 and
// H1 elo = Elo1, with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// SPRTResult is the state of the test.
type SPRTResult int

// The states of an SPRT.
const (
	SPRTContinue SPRTResult = iota // no decision yet
	SPRTAcceptH0                   // elo0 accepted: A is not elo1 stronger
	SPRTAcceptH1                   // elo1 accepted
)

func (r SPRTResult) String() string {
	return [...]string{"continue", "H0 accepted (elo0)", "H1 accepted (elo1)"}[r]
}

// ParseSPRT reads "-sprt ELO0,ELO1"; alpha and beta are 0.05.
func ParseSPRT(s string) (*SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("sprt %q: want ELO0,ELO1", s)
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err0 != nil || err1 != nil {
		return nil, fmt.Errorf("sprt %q: want two numbers", s)
	}
	if e0 >= e1 {
		return nil, errors.New("sprt: elo0 must be below elo1")
	}
	return &SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}, nil
}

// Bounds returns the log-likelihood ratio bounds: below the first H0 is
// accepted, above the second H1.
func (t *SPRT) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of the results (wins, draws and
// losses of A) under the normal approximation of the trinomial model
// (as cutechess-cli computes it). Each count gets half a game of prior so
// that one-sided results give a finite variance.
func (t *SPRT) LLR(wins, draws, losses int) float64 {
	n := float64(wins + draws + losses)
	if n == 0 {
		return 0
	}
	w, d, l := float64(wins)+0.5, float64(draws)+0.5, float64(losses)+0.5
	tot := w + d + l
	w, d, l = w/tot, d/tot, l/tot
	s := w + d/2
	v := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * v)
}

// Decide returns the decision for a log-likelihood ratio.
func (t *SPRT) Decide(llr float64) SPRTResult {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return SPRTAcceptH1
	case llr <= lo:
		return SPRTAcceptH0
	}
	return SPRTContinue
}

// expected returns the expected score of an Elo difference.
func expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }
