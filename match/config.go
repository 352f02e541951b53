package match

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// DefaultMaxMoves is gogui-twogtp's move limit.
const DefaultMaxMoves = 1000

// Config is a match's settings. Engines are command lines, split as a
// shell splits them.
type Config struct {
	Black, White string // the two engines; Black plays black in game 0
	Referee      string // optional: scores finished games with final_score
	Games        int    // games to play in all (a resumed match counts the earlier ones)
	Size         int    // board size
	Komi         float64
	Handicap     int    // fixed handicap stones for Black (fixed_handicap), 0 for none
	Alternate    bool   // exchange colours every other game
	SGFFile      string // prefix of PREFIX-N.sgf and PREFIX.dat; "" writes no file
	Openings     string // folder of SGF openings, "" for none
	Force        bool   // overwrite PREFIX.dat instead of resuming it
	Time         TimeControl
	Grace        time.Duration // lag allowed beyond the time control
	MoveTimeout  time.Duration // without time control: longest wait for a move (0: none)
	MaxMoves     int           // game length after which the game is scored as it is
	Threads      int           // games played at once, each with its own engines
	SPRT         *SPRT         // stop early when the test decides; nil for none
	Verbose      io.Writer     // receives the GTP streams when set
	EngineStderr io.Writer     // receives the engines' stderr; nil discards it
	// Progress, when set, is called after each game with the running score.
	Progress func(Progress)
	// Stop, when closed, ends the match after the games in progress: no
	// game starts after it, and the summary counts those that finished.
	Stop <-chan struct{}
}

// Progress is the running state of a match.
type Progress struct {
	Done, Total         int // games finished and to play in this run
	WinsA, WinsB, Draws int // A is the Black engine of the command line
}

// validate fills defaults and checks the settings.
func (c *Config) validate() error {
	if c.Black == "" || c.White == "" {
		return errors.New("both -black and -white engines are needed")
	}
	if c.Size == 0 {
		c.Size = 19
	}
	if !rules.ValidSize(c.Size) {
		return errors.New("board size must be 1 to 25")
	}
	if c.Games <= 0 {
		c.Games = 1
	}
	if c.Threads <= 0 {
		c.Threads = 1
	}
	if c.MaxMoves <= 0 {
		c.MaxMoves = DefaultMaxMoves
	}
	if c.Grace < 0 {
		return errors.New("grace must not be negative")
	}
	if c.Handicap != 0 {
		if _, err := rules.FixedHandicap(c.Size, c.Handicap); err != nil {
			return fmt.Errorf("handicap: %w", err)
		}
		if c.Openings != "" {
			// An opening's first move is Black's; after a handicap White moves first.
			return errors.New("handicap and openings do not go together")
		}
	}
	return nil
}

// handicapStones returns the fixed handicap stones, none without a handicap.
func (c *Config) handicapStones() []rules.Point {
	if c.Handicap == 0 {
		return nil
	}
	pts, _ := rules.FixedHandicap(c.Size, c.Handicap) // checked by validate
	return pts
}

// ruleOptions are the rules the runner's own board plays: Chinese rules,
// positional superko, the match's komi.
func (c *Config) ruleOptions() rules.Options {
	o := rules.DefaultOptions()
	o.Komi = c.Komi
	o.Superko = rules.Positional
	return o
}
