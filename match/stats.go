package match

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of a proportion: score
// points out of n games (a draw scores one half).
func Wilson(score float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	fn := float64(n)
	p := score / fn
	z2 := z95 * z95
	den := 1 + z2/fn
	centre := (p + z2/(2*fn)) / den
	half := z95 * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn)) / den
	return max(0, centre-half), min(1, centre+half)
}

// Elo returns the rating difference that gives an expected score p:
// 400 log10(p / (1-p)); infinite at 0 and 1. (The usual form,
// -400 log10(1/p - 1), gives -0 at an even score, which prints as "-0".)
func Elo(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return 400 * math.Log10(p/(1-p))
}

// EngineStats are one engine's numbers over a match.
type EngineStats struct {
	Label, Command                                   string
	Wins, WinsBlack, WinsWhite                       int
	GamesBlack, GamesWhite                           int
	Moves                                            int
	TotalTime, MaxTime                               time.Duration
	Illegal, Crashes, TimeLosses, NoAnswer, Resigned int
	// CPUSeconds is the CPU time the engine's cputime counted over the
	// games in which it told it, whose moves are CPUMoves. It includes
	// what the engine did between its moves (pondering), which its
	// genmove times do not.
	CPUSeconds float64
	CPUMoves   int
}

// AvgTime returns the average time per move.
func (s *EngineStats) AvgTime() time.Duration {
	if s.Moves == 0 {
		return 0
	}
	return s.TotalTime / time.Duration(s.Moves)
}

// Summary is what a match found.
type Summary struct {
	Records   []*Record // in game order
	A, B      EngineStats
	Draws     int
	Unknown   int // games without a result
	BlackWins int
	Resumed   int // games of an earlier run of the same .dat, counted but for times
	Stopped   int // games left unplayed because Config.Stop was closed
	// Disputed are the numbers of the games in which an engine's
	// final_score named another winner than the result (Record.Dispute).
	Disputed  []int
	Scoring   string
	Settings  string
	SPRT      *SPRT
	SPRTState SPRTResult
	LLR       float64
}

// Games returns the number of games counted: those played in this run
// and those resumed from an earlier one.
func (s *Summary) Games() int { return len(s.Records) + s.Resumed }

// Score returns engine A's points: wins plus half the draws, and the
// number of games with a result.
func (s *Summary) Score() (float64, int) {
	return float64(s.A.Wins) + float64(s.Draws)/2, s.A.Wins + s.B.Wins + s.Draws
}

// add counts a game played in this run.
func (s *Summary) add(r *Record) {
	s.Records = append(s.Records, r)
	s.count(r)
}

// count adds a game to the statistics: a game of this run, or one resumed
// from the .dat, whose record has no move times.
func (s *Summary) count(r *Record) {
	for ai, st := range []*EngineStats{&s.A, &s.B} {
		c := r.engineColor(ai == 0)
		ci := colorIndex(c)
		if c == rules.Black {
			st.GamesBlack++
		} else {
			st.GamesWhite++
		}
		for _, d := range r.MoveTimes[ci] {
			st.Moves++
			st.TotalTime += d
			st.MaxTime = max(st.MaxTime, d)
		}
		if cpu := r.CPU[ci]; cpu > 0 {
			st.CPUSeconds += cpu
			st.CPUMoves += len(r.MoveTimes[ci])
		}
		if r.Winner == c {
			st.Wins++
			if c == rules.Black {
				st.WinsBlack++
			} else {
				st.WinsWhite++
			}
		}
		if r.Loser == c && r.Reason != EndScored && r.Reason != EndMoveLimit {
			switch r.Reason {
			case EndIllegal:
				st.Illegal++
			case EndCrash:
				st.Crashes++
			case EndTime:
				st.TimeLosses++
			case EndNoAnswer:
				st.NoAnswer++
			case EndResign:
				st.Resigned++
			}
		}
	}
	if r.Dispute != "" {
		s.Disputed = append(s.Disputed, r.Index)
	}
	switch _, known := winnerOf(r.Result); {
	case !known:
		s.Unknown++
	case r.Winner == rules.Empty:
		s.Draws++
	case r.Winner == rules.Black:
		s.BlackWins++
	}
	if s.SPRT != nil {
		s.LLR = s.SPRT.LLR(s.A.Wins, s.Draws, s.B.Wins)
		s.SPRTState = s.SPRT.Decide(s.LLR)
	}
}

// Write prints the summary as the documentation of package match shows.
func (s *Summary) Write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "A: %s (%s)\nB: %s (%s)\n", s.A.Label, s.A.Command, s.B.Label, s.B.Command)
	fmt.Fprintf(&b, "settings: %s\nscoring: %s\n", s.Settings, s.Scoring)
	if s.Resumed > 0 {
		fmt.Fprintf(&b, "resumed: %d earlier games from the .dat, counted below (the times are this run's %d games')\n", s.Resumed, len(s.Records))
	}
	if s.Stopped > 0 {
		fmt.Fprintf(&b, "stopped: %d games not played\n", s.Stopped)
	}
	fmt.Fprintf(&b, "games: %d, A wins %d, B wins %d, draws %d, no result %d\n", s.Games(), s.A.Wins, s.B.Wins, s.Draws, s.Unknown)
	if n := len(s.Disputed); n > 0 {
		games := make([]string, n)
		for i, g := range slices.Sorted(slices.Values(s.Disputed)) {
			games[i] = strconv.Itoa(g)
		}
		fmt.Fprintf(&b, "disputed: %s (%s): an engine's final_score names another winner than the result (ERR_MSG in the .dat, the SGF comments)\n",
			plural(n, "game"), strings.Join(games, ", "))
	}
	for _, st := range []*EngineStats{&s.A, &s.B} {
		name := "A"
		if st == &s.B {
			name = "B"
		}
		fmt.Fprintf(&b, "%s as black: %d/%d wins, as white: %d/%d wins\n", name, st.WinsBlack, st.GamesBlack, st.WinsWhite, st.GamesWhite)
	}
	decided := s.A.Wins + s.B.Wins + s.Draws
	fmt.Fprintf(&b, "black wins: %d/%d\n", s.BlackWins, decided)
	score, n := s.Score()
	if n > 0 {
		lo, hi := Wilson(score, n)
		p := score / float64(n)
		fmt.Fprintf(&b, "A win rate: %.1f%% (95%% Wilson interval %.1f%% to %.1f%%)\n", 100*p, 100*lo, 100*hi)
		fmt.Fprintf(&b, "Elo A-B: %s (95%% interval %s to %s)\n", eloText(Elo(p)), eloText(Elo(lo)), eloText(Elo(hi)))
	} else {
		fmt.Fprintf(&b, "A win rate: - (no game with a result)\nElo A-B: -\n")
	}
	for _, st := range []*EngineStats{&s.A, &s.B} {
		name := "A"
		if st == &s.B {
			name = "B"
		}
		fmt.Fprintf(&b, "%s time per move: average %.2f s, max %.2f s over %d moves", name, st.AvgTime().Seconds(), st.MaxTime.Seconds(), st.Moves)
		if st.CPUMoves > 0 {
			fmt.Fprintf(&b, "; CPU %.2f s a move", st.CPUSeconds/float64(st.CPUMoves))
		}
		b.WriteString("\n")
	}
	for _, st := range []*EngineStats{&s.A, &s.B} {
		name := "A"
		if st == &s.B {
			name = "B"
		}
		fmt.Fprintf(&b, "%s errors: %d illegal moves, %d crashes, %d time losses, %d no answer; %d resignations\n",
			name, st.Illegal, st.Crashes, st.TimeLosses, st.NoAnswer, st.Resigned)
	}
	if s.SPRT != nil {
		lo, hi := s.SPRT.Bounds()
		fmt.Fprintf(&b, "SPRT elo0=%g elo1=%g alpha=beta=%g: LLR %.3f (bounds %.3f, %.3f): %s\n",
			s.SPRT.Elo0, s.SPRT.Elo1, s.SPRT.Alpha, s.LLR, lo, hi, s.SPRTState)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural is "1 game", "2 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func eloText(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", e)
}
