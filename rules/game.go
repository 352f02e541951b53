package rules

import (
	"fmt"
)

// Superko selects which repetitions of a whole-board position are illegal.
type Superko uint8

const (
	// Positional superko forbids recreating any earlier arrangement of stones.
	Positional Superko = iota
	// Situational superko forbids recreating an earlier arrangement with the
	// same player to move.
	Situational
)

// String returns "positional" or "situational".
func (s Superko) String() string {
	if s == Situational {
		return "situational"
	}
	return "positional"
}

// ParseSuperko reads "positional" or "situational".
func ParseSuperko(s string) (Superko, error) {
	switch s {
	case "positional":
		return Positional, nil
	case "situational":
		return Situational, nil
	}
	return Positional, fmt.Errorf("unknown superko rule %q (want positional or situational)", s)
}

// DefaultKomi is the komi of the Chinese rules: 3¾ stones, 7.5 points.
const DefaultKomi = 7.5

// Options are the rule settings of a game.
type Options struct {
	Komi    float64
	Superko Superko
	// HandicapCompensation gives White one point per handicap stone in the
	// count, as the Chinese rules and the common engines do.
	HandicapCompensation bool
}

// DefaultOptions returns the Chinese rules: komi 7.5, positional superko,
// handicap compensation.
func DefaultOptions() Options {
	return Options{Komi: DefaultKomi, Superko: Positional, HandicapCompensation: true}
}

// state is one position of the game's history and how it was reached.
type state struct {
	board  *Board
	hash   uint64 // board.Hash(), kept here so Repeats reads no board
	toMove Color
	passes int  // consecutive passes that led here
	move   Move // the move that led here; unused for setup
	setup  bool // reached by setup stones, not by a move
}

// Game is a game in progress: the position, whose turn it is, and the whole
// history, with superko enforced on every move.
type Game struct {
	Options
	history  []state  // history[0] is the start; the last is the current position
	spare    []*Board // boards of undone positions, reused to avoid allocation
	handicap int
	resigned Color // the colour that resigned, or Empty
}

// NewGame starts a game on an empty board of the given size.
func NewGame(size int, opts Options) (*Game, error) {
	if !ValidSize(size) {
		return nil, fmt.Errorf("size %d: %w", size, ErrBadSize)
	}
	return &Game{Options: opts, history: []state{{board: NewBoard(size), toMove: Black}}}, nil
}

func (g *Game) current() *state { return &g.history[len(g.history)-1] }

// Board returns the current position. It must not be modified; Clone it.
func (g *Game) Board() *Board { return g.current().board }

// Size returns the board size.
func (g *Game) Size() int { return g.Board().Size() }

// ToMove returns the player whose turn it is.
func (g *Game) ToMove() Color { return g.current().toMove }

// SetToMove overrides whose turn it is (an SGF PL property, or a controller
// that lets one colour play twice).
func (g *Game) SetToMove(c Color) { g.current().toMove = c }

// Handicap returns the number of handicap stones set up.
func (g *Game) Handicap() int { return g.handicap }

// Passes returns the number of passes in a row that ended the history.
func (g *Game) Passes() int { return g.current().passes }

// Over reports whether the game has ended: two passes in a row, or a
// resignation. After two passes play may still go on (a dispute, or a
// cleanup phase), which reopens the game; after a resignation it may not.
func (g *Game) Over() bool { return g.resigned != Empty || g.Passes() >= 2 }

// Resigned returns the colour that resigned, or Empty.
func (g *Game) Resigned() Color { return g.resigned }

// Resign ends the game with c resigning. Undo takes it back.
func (g *Game) Resign(c Color) { g.resigned = c }

// MoveNumber returns the number of moves played (passes count, setup does not).
func (g *Game) MoveNumber() int {
	n := 0
	for _, s := range g.history[1:] {
		if !s.setup {
			n++
		}
	}
	return n
}

// Moves returns the moves played, in order.
func (g *Game) Moves() []Move {
	var moves []Move
	for _, s := range g.history[1:] {
		if !s.setup {
			moves = append(moves, s.move)
		}
	}
	return moves
}

// LastMove returns the last move played, and false if there is none or the
// position was last changed by setup stones.
func (g *Game) LastMove() (Move, bool) {
	s := g.current()
	if len(g.history) == 1 || s.setup {
		return Move{}, false
	}
	return s.move, true
}

// Step is one change of a game's position: a move, or setup stones.
type Step struct {
	Move   Move   // the move played; unused for setup
	Setup  bool   // setup stones (SGF's AB, AW, AE, or handicap), not a move
	Board  *Board // the position after the step; shared, do not modify
	ToMove Color  // the player to move after it
}

// Start returns the position the game started from, before any step: an
// empty board. It is shared; do not modify it.
func (g *Game) Start() *Board { return g.history[0].board }

// Steps returns the moves and setups that led from Start to the current
// position, in order.
func (g *Game) Steps() []Step {
	steps := make([]Step, 0, len(g.history)-1)
	for _, s := range g.history[1:] {
		steps = append(steps, Step{Move: s.move, Setup: s.setup, Board: s.board, ToMove: s.toMove})
	}
	return steps
}

// Check returns nil if m is legal now, or the reason it is not: an error
// wrapping ErrGameOver, ErrBadColor, ErrOffBoard, ErrOccupied, ErrKo,
// ErrSuicide or ErrSuperko. The colour need not be the one to move.
func (g *Game) Check(m Move) error {
	b, err := g.next(m, true)
	if err == nil {
		g.spare = append(g.spare, b) // the board is not kept: reuse it
	}
	return err
}

// IsLegal reports whether m may be played now.
func (g *Game) IsLegal(m Move) bool { return g.Check(m) == nil }

// Play plays m, which may be of either colour; the opponent of m.Color is to
// move next. An illegal move returns the error Check gives and changes
// nothing.
func (g *Game) Play(m Move) error { return g.play(m, true) }

// PlayRepetition plays m like Play, except that it may repeat an earlier
// position: for a controller that has ruled the repetition legal under its
// own rules (GTP's play reports a move made, it does not ask). Every other
// rule still holds. The move is an ordinary move: it can be undone and is
// in the move list.
func (g *Game) PlayRepetition(m Move) error { return g.play(m, false) }

func (g *Game) play(m Move, superko bool) error {
	b, err := g.next(m, superko)
	if err != nil {
		return err
	}
	passes := 0
	if m.Point == Pass {
		passes = g.Passes() + 1
	}
	g.push(state{board: b, toMove: m.Color.Opponent(), passes: passes, move: m})
	return nil
}

// next returns the board after m, drawn from the spare boards, or the reason
// m is illegal (the board then goes back to the spares). The superko rule
// is checked when superko is set.
func (g *Game) next(m Move, superko bool) (*Board, error) {
	if g.resigned != Empty {
		return nil, fmt.Errorf("%v: %w", m, ErrGameOver)
	}
	b := g.spareBoard()
	b.CopyFrom(g.Board())
	err := b.Play(m)
	if err == nil && superko && m.Point != Pass && g.Repeats(b.Hash(), m.Color.Opponent()) {
		err = fmt.Errorf("%v: %w", m, ErrSuperko)
	}
	if err != nil {
		g.spare = append(g.spare, b)
		return nil, err
	}
	return b, nil
}

// Repeats reports whether a position with these stones (and, under
// situational superko, this player to move) has occurred in the game, which
// a move must not recreate. The search uses it to keep such moves out of
// its tree.
func (g *Game) Repeats(hash uint64, toMove Color) bool {
	for i := range g.history {
		s := &g.history[i]
		if s.hash == hash && (g.Superko == Positional || s.toMove == toMove) {
			return true
		}
	}
	return false
}

func (g *Game) spareBoard() *Board {
	if n := len(g.spare); n > 0 {
		b := g.spare[n-1]
		g.spare = g.spare[:n-1]
		return b
	}
	return g.Board().Clone()
}

func (g *Game) push(s state) {
	s.hash = s.board.hash
	g.history = append(g.history, s)
}

// Undo takes back a resignation if there was one, else the last move.
// Setup stones and handicap are not moves and are not undone; undoing past
// them, or with no moves, returns an error wrapping ErrCannotUndo.
func (g *Game) Undo() error {
	if g.resigned != Empty {
		g.resigned = Empty
		return nil
	}
	if len(g.history) == 1 || g.current().setup {
		return ErrCannotUndo
	}
	g.spare = append(g.spare, g.current().board)
	g.history = g.history[:len(g.history)-1]
	return nil
}

// Setup puts colour c (Empty to clear) on the points, as SGF's AB, AW and AE
// do. The new position enters the superko history but is not a move and
// cannot be undone. It fails as Board.Setup does, changing nothing.
func (g *Game) Setup(c Color, points []Point) error {
	b := g.spareBoard()
	b.CopyFrom(g.Board())
	if err := b.Setup(c, points); err != nil {
		g.spare = append(g.spare, b)
		return err
	}
	g.push(state{board: b, toMove: g.ToMove(), setup: true})
	return nil
}

// SetupPosition replaces the stones with those of b, a board of the same
// size, as one setup step: like Setup, it enters the superko history, is
// not a move and cannot be undone. Unlike a Setup per colour, it adds no
// in-between position. The captures and the player to move are kept.
func (g *Game) SetupPosition(b *Board) error {
	if b.Size() != g.Size() {
		return fmt.Errorf("setting up a %dx%d position on %dx%d: %w", b.Size(), b.Size(), g.Size(), g.Size(), ErrBadSize)
	}
	next := g.spareBoard()
	captures := g.Board().captures
	next.CopyFrom(b)
	next.captures, next.ko = captures, Pass
	g.push(state{board: next, toMove: g.ToMove(), setup: true})
	return nil
}

// SetHandicap places black handicap stones on the points of an empty board,
// with White to move next. It fails, changing nothing, with
// ErrBoardNotEmpty if a stone has been placed or a move played, and with
// ErrHandicap unless there are at least 2 distinct points.
func (g *Game) SetHandicap(points []Point) error {
	if len(g.history) > 1 || len(g.Board().empty) != len(g.Board().geo.points) {
		return ErrBoardNotEmpty
	}
	seen := map[Point]bool{}
	for _, p := range points {
		if seen[p] || p == Pass {
			return fmt.Errorf("%v: %w", p, ErrHandicap)
		}
		seen[p] = true
	}
	if len(points) < 2 || len(points) >= len(g.Board().geo.points) {
		return fmt.Errorf("%d stones: %w", len(points), ErrHandicap)
	}
	if err := g.Setup(Black, points); err != nil {
		return err
	}
	g.handicap = len(points)
	g.SetToMove(White)
	return nil
}

// Score returns the result under area scoring with the given stones removed
// as dead: Black's area minus White's, komi and handicap compensation.
func (g *Game) Score(dead []Point) Result {
	if g.resigned != Empty {
		return Result{Winner: g.resigned.Opponent(), Resign: true}
	}
	black, white := g.Board().Area(dead)
	return ResultOf(black - white - g.Compensation())
}

// TrompTaylor returns the result counting every stone on the board as alive,
// as CGOS and other servers that remove no dead stones do.
func (g *Game) TrompTaylor() Result { return g.Score(nil) }

// Compensation is what White receives in the count: komi plus, with the
// HandicapCompensation option, one point per handicap stone.
func (g *Game) Compensation() float64 {
	c := g.Komi
	if g.HandicapCompensation {
		c += float64(g.handicap)
	}
	return c
}
