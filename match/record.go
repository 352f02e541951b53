package match

import (
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// Reason is how a game ended.
type Reason int

// The ways a game ends.
const (
	EndScored    Reason = iota // two passes; counted
	EndResign                  // a player resigned
	EndTime                    // a player overran the time control
	EndIllegal                 // a player answered an illegal or unreadable move
	EndCrash                   // a player's engine died
	EndNoAnswer                // a player failed genmove, timed out without time control, or refused a legal move
	EndMoveLimit               // the move limit was reached; counted as it stands
)

var reasonNames = [...]string{"scored", "resignation", "time", "illegal move", "crash", "no answer", "move limit"}

func (r Reason) String() string { return reasonNames[r] }

// Record is the outcome of one game, in the colours of that game.
type Record struct {
	Index      int  // game number, from 0
	Alternated bool // the Black engine of the command line played white
	Opening    string
	Moves      int         // moves played, passes and opening included
	Result     string      // as SGF's RE: "B+3.5", "W+R", "B+T", "W+F", "0", "?"
	Winner     rules.Color // Black, White, or Empty for a draw or no result
	Reason     Reason
	Loser      rules.Color // who lost by time, forfeit or resignation
	Err        string      // what went wrong, "" for a clean game
	// ResBlack, ResWhite and ResReferee are the final_score answers of the
	// engine playing black, the one playing white and the referee (without
	// a referee, the result the runner counted: see game.score).
	ResBlack, ResWhite, ResReferee string
	// Count is the runner's own area count with every stone alive, ""
	// when the game was not scored.
	Count string
	// Dispute says how an engine's final_score contradicts the result on
	// the winner, "" when none does.
	Dispute   string
	Dup       string             // index of an earlier identical game, or "-"
	MoveTimes [2][]time.Duration // genmove times of black [0] and white [1]
	CPU       [2]float64         // cputime used by black and white, when they tell
	Game      *rules.Game
	Duration  time.Duration

	notes map[int]string     // SGF comment by move number
	left  map[int][2]float64 // time left and stones/periods after a move
}

// colorIndex maps Black to 0 and White to 1.
func colorIndex(c rules.Color) int {
	if c == rules.White {
		return 1
	}
	return 0
}

// engineColor returns the colour engine A (the command line's Black)
// played in the game.
func (r *Record) engineColor(a bool) rules.Color {
	if a != r.Alternated {
		return rules.Black
	}
	return rules.White
}

// winnerOf reads the winner from a result: B+..., W+..., 0 (a draw).
func winnerOf(result string) (rules.Color, bool) {
	s := strings.ToUpper(strings.TrimSpace(result))
	switch {
	case strings.HasPrefix(s, "B+"):
		return rules.Black, true
	case strings.HasPrefix(s, "W+"):
		return rules.White, true
	case s == "0" || s == "DRAW" || s == "JIGO" || s == "B+0" || s == "W+0":
		return rules.Empty, true
	}
	return rules.Empty, false
}

// swapColors exchanges B and W in a result, as gogui-twogtp does to
// report results from the command line's Black engine's side.
func swapColors(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'B':
			return 'W'
		case 'W':
			return 'B'
		}
		return r
	}, s)
}

func totalTime(ts []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ts {
		t += d
	}
	return t
}
