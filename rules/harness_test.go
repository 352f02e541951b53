package rules_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// The harness methods do not call t.Helper: it is costly under the race
// detector, and failure messages name the game and its moves instead. For
// the same reason they compare first and call testify (which calls
// t.Helper in every assertion) only through fatalf, when a check fails: they
// check thousands of times a game.

// harness drives a Game and the reference game side by side. Every action
// is applied to both and checked: the error must be the one the reference
// expects, a refused action must change nothing, and afterwards the whole
// state (stones, chains, liberties, hash, ko, captures, history) must equal
// the reference, rebuilt from scratch.
type harness struct {
	t    testing.TB
	name string // identifies the game in failure messages (size, seed)
	g    *rules.Game
	ref  *refGame
	rng  *rand.Rand
	// outcomes counts the results of Game.Play by sentinel error, so tests
	// can make sure every kind of illegal move was really tried.
	outcomes map[error]int
	scratch  *rules.Board // reused by checkBoardPlay
}

func newHarness(t testing.TB, name string, size int, superko rules.Superko, rng *rand.Rand) *harness {
	opts := rules.DefaultOptions()
	opts.Superko = superko
	g, err := rules.NewGame(size, opts)
	require.NoError(t, err, "%s: NewGame(%d)", name, size)
	return &harness{t: t, name: name, g: g, ref: newRefGame(size, superko), rng: rng, outcomes: map[error]int{}}
}

// fatalf fails the test, naming the game and showing its moves and position.
func (h *harness) fatalf(format string, args ...any) {
	h.t.Helper()
	require.Failf(h.t, h.name+": "+fmt.Sprintf(format, args...), "moves so far: %v\nposition:\n%s", h.g.Moves(), h.g.Board())
}

// verify compares the whole game with the reference after action(arg).
func (h *harness) verify(action string, arg any) {
	if msg := gameMismatch(h.g, h.ref); msg != "" {
		h.fatalf("after %s(%v): %s", action, arg, msg)
	}
	if got := h.g.Resigned(); got != h.ref.resigned {
		h.fatalf("after %s(%v): Resigned() = %v, want %v", action, arg, got, h.ref.resigned)
	}
}

// unchanged fails if the game differs from the snapshot taken before a
// refused action.
func (h *harness) unchanged(action string, before snapshot) {
	if after := snapshotOf(h.g); after != before {
		h.fatalf("refused %s changed the game:\nbefore %+v\nafter  %+v", action, before, after)
	}
}

// play checks m on a copy of the board (Board.IsLegal against Board.Play,
// which ignores superko) and then on the game.
func (h *harness) play(m rules.Move) {
	h.checkBoardPlay(m)
	before := snapshotOf(h.g)
	want := h.ref.play(m)
	if got := sentinel(h.g.Check(m)); got != want {
		h.fatalf("Check(%v) = %v, want %v", m, got, want)
	}
	if got := h.g.IsLegal(m); got != (want == nil) {
		h.fatalf("IsLegal(%v) = %v, want %v", m, got, want == nil)
	}
	err := h.g.Play(m)
	h.outcomes[sentinel(err)]++
	if got := sentinel(err); got != want {
		h.fatalf("Play(%v) = %v, want %v", m, err, want)
	}
	if err != nil {
		h.unchanged("Play("+m.String()+")", before) // and the state before was verified
		return
	}
	h.verify("Play", m)
}

// checkBoardPlay plays m on a clone of the game's board.
func (h *harness) checkBoardPlay(m rules.Move) {
	if h.scratch == nil {
		h.scratch = h.g.Board().Clone()
	}
	b := h.scratch
	b.CopyFrom(h.g.Board())
	hash, diagram := b.Hash(), stones(b)
	ref := h.ref.top().board.clone()
	want := ref.play(m)
	var queries moveQueries
	if want == nil && m.Point != rules.Pass {
		queries = askMoveQueries(b, m)
	}
	legal := b.IsLegal(m)
	err := b.Play(m)
	if legal != (err == nil) {
		h.fatalf("Board.IsLegal(%v) = %v but Board.Play = %v", m, legal, err)
	}
	if got := sentinel(err); got != want {
		h.fatalf("Board.Play(%v) = %v, want %v", m, err, want)
	}
	if err != nil {
		if b.Hash() != hash || stones(b) != diagram {
			h.fatalf("refused Board.Play(%v) changed the board:\n%s", m, b)
		}
		return
	}
	// The game's board gets the full check; here the stones and hash suffice.
	if got, want := stones(b), ref.key(); got != want || b.Hash() != hashOf(ref) {
		h.fatalf("after Board.Play(%v): stones %q hash %#x, want %q hash %#x", m, got, b.Hash(), want, hashOf(ref))
	}
	if m.Point != rules.Pass {
		if msg := queries.mismatch(b, m, ref.captures[m.Color] > h.ref.top().board.captures[m.Color]); msg != "" {
			h.fatalf("%s", msg)
		}
	}
}

func (h *harness) undo() {
	before := snapshotOf(h.g)
	want := h.ref.undo()
	err := h.g.Undo()
	if got := sentinel(err); got != want {
		h.fatalf("Undo() = %v, want %v", err, want)
	}
	if err != nil {
		h.unchanged("Undo()", before)
	}
	h.verify("Undo", "")
}

func (h *harness) setup(c rules.Color, points []rules.Point) {
	before := snapshotOf(h.g)
	want := h.ref.setup(c, points)
	err := h.g.Setup(c, points)
	h.outcomes[sentinel(err)]++
	if got := sentinel(err); got != want {
		h.fatalf("Setup(%v, %v) = %v, want %v", c, points, err, want)
	}
	if err != nil {
		h.unchanged(fmt.Sprintf("Setup(%v, %v)", c, points), before)
	}
	h.verify("Setup", []any{c, points})
}

func (h *harness) setToMove(c rules.Color) {
	h.g.SetToMove(c)
	h.ref.top().toMove = c
	h.verify("SetToMove", c)
}

func (h *harness) resign(c rules.Color) {
	h.g.Resign(c)
	h.ref.resigned = c
	h.verify("Resign", c)
	if r := h.g.Score(nil); r.Winner != c.Opponent() || !r.Resign {
		h.fatalf("Score after Resign(%v) = %+v", c, r)
	}
}

// undoAll takes back every move, checking each position on the way.
func (h *harness) undoAll() {
	for len(h.ref.history) > 1 && !h.ref.top().setup {
		h.undo()
	}
	h.undo() // refused: nothing (or only setup) left to take back
}

// randomMove picks a move, often a deliberately illegal one.
func (h *harness) randomMove() rules.Move {
	r := h.ref.top().board
	c := h.g.ToMove()
	if h.rng.IntN(20) == 0 {
		c = c.Opponent()
	}
	switch k := h.rng.IntN(100); {
	case k < 3:
		return rules.Move{Color: c, Point: rules.Pass}
	case k < 7:
		return rules.Move{Color: c, Point: h.offBoardPoint(r.size)}
	case k < 11:
		if p, ok := h.stonePoint(r); ok {
			return rules.Move{Color: c, Point: p}
		}
	case k < 17:
		if r.ko >= 0 {
			return rules.Move{Color: r.koColor, Point: r.point(r.ko)}
		}
	case k < 22:
		if p, ok := h.suicidePoint(r, c); ok {
			return rules.Move{Color: c, Point: p}
		}
	case k < 23:
		return rules.Move{Color: []rules.Color{rules.Empty, rules.Edge}[h.rng.IntN(2)], Point: h.emptyPoint(r)}
	}
	return rules.Move{Color: c, Point: h.emptyPoint(r)}
}

func (h *harness) offBoardPoint(size int) rules.Point {
	candidates := []rules.Point{
		rules.PointAt(size, h.rng.IntN(size)), rules.PointAt(h.rng.IntN(size), size),
		rules.PointAt(-1, h.rng.IntN(size)), rules.PointAt(h.rng.IntN(size), -1),
		rules.PointAt(rules.MaxSize, rules.MaxSize), rules.Point(-7), rules.Point(30000),
	}
	return candidates[h.rng.IntN(len(candidates))]
}

// emptyPoint returns a random empty point, or Pass on a full board.
func (h *harness) emptyPoint(r *refBoard) rules.Point {
	var empties []int
	for i, c := range r.color {
		if c == rules.Empty {
			empties = append(empties, i)
		}
	}
	if len(empties) == 0 {
		return rules.Pass
	}
	return r.point(empties[h.rng.IntN(len(empties))])
}

func (h *harness) stonePoint(r *refBoard) (rules.Point, bool) {
	var stones []int
	for i, c := range r.color {
		if c != rules.Empty {
			stones = append(stones, i)
		}
	}
	if len(stones) == 0 {
		return rules.Pass, false
	}
	return r.point(stones[h.rng.IntN(len(stones))]), true
}

// suicidePoint looks at up to 24 random points for one where c would commit
// suicide.
func (h *harness) suicidePoint(r *refBoard, c rules.Color) (rules.Point, bool) {
	for range 24 {
		i := h.rng.IntN(len(r.color))
		if r.color[i] != rules.Empty {
			continue
		}
		if r.clone().play(rules.Move{Color: c, Point: r.point(i)}) == rules.ErrSuicide {
			return r.point(i), true
		}
	}
	return rules.Pass, false
}

// randomSetup sets up a few stones (or clears points), sometimes leaving a
// chain without liberties, sometimes off the board.
func (h *harness) randomSetup() {
	size := h.ref.top().board.size
	c := []rules.Color{rules.Empty, rules.Black, rules.White}[h.rng.IntN(3)]
	n := 1 + h.rng.IntN(3)
	points := make([]rules.Point, n)
	for i := range points {
		points[i] = rules.PointAt(h.rng.IntN(size), h.rng.IntN(size))
	}
	if h.rng.IntN(10) == 0 {
		points[0] = h.offBoardPoint(size)
	}
	h.setup(c, points)
}

// randomGame plays one random game of at most maxSteps actions with every
// check on, then undoes it all. It returns the count of each outcome.
func randomGame(t testing.TB, size int, seed uint64, superko rules.Superko, maxSteps int) map[error]int {
	rng := rand.New(rand.NewPCG(seed, uint64(size)))
	h := newHarness(t, fmt.Sprintf("%dx%d seed %d %v", size, size, seed, superko), size, superko, rng)
	for range maxSteps {
		switch k := rng.IntN(200); {
		case k < 12:
			h.undo()
		case k < 14:
			h.randomSetup()
		case k < 16:
			h.setToMove([]rules.Color{rules.Black, rules.White}[rng.IntN(2)])
		case k < 17 && h.g.MoveNumber() > 0 && !h.ref.top().setup:
			h.resign([]rules.Color{rules.Black, rules.White}[rng.IntN(2)])
			h.play(rules.Move{Color: h.g.ToMove(), Point: rules.Pass}) // refused: the game is over
			h.undo()
		default:
			h.play(h.randomMove())
		}
		if h.g.Passes() >= 2 && rng.IntN(3) == 0 {
			break
		}
	}
	h.undoAll()
	return h.outcomes
}

// moveQueries are the answers of the Board's move queries (what a move would
// do, asked without playing it), to compare with what playing it did.
type moveQueries struct {
	hashAfter      uint64
	capturesAt     bool
	libertiesAfter int
	// libertiesUpTo[k] is LibertiesAfter with the limit k+1, which may
	// stop counting early.
	libertiesUpTo [3]int
}

func askMoveQueries(b *rules.Board, m rules.Move) moveQueries {
	q := moveQueries{
		hashAfter:      b.HashAfter(m.Color, m.Point),
		capturesAt:     b.CapturesAt(m.Color, m.Point),
		libertiesAfter: b.LibertiesAfter(m.Color, m.Point, 1000),
	}
	for k := range q.libertiesUpTo {
		q.libertiesUpTo[k] = b.LibertiesAfter(m.Color, m.Point, k+1)
	}
	return q
}

// mismatch compares the answers with the board after the move.
func (q moveQueries) mismatch(after *rules.Board, m rules.Move, captured bool) string {
	switch {
	case q.hashAfter != after.Hash():
		return fmt.Sprintf("HashAfter(%v) = %#x, but the hash after playing it is %#x", m, q.hashAfter, after.Hash())
	case q.capturesAt != captured:
		return fmt.Sprintf("CapturesAt(%v) = %v, but playing it captured: %v", m, q.capturesAt, captured)
	case q.libertiesAfter != after.Liberties(m.Point):
		return fmt.Sprintf("LibertiesAfter(%v) = %d, but the chain has %d liberties after it", m, q.libertiesAfter, after.Liberties(m.Point))
	}
	for k, got := range q.libertiesUpTo {
		if want := min(k+1, after.Liberties(m.Point)); got != want {
			return fmt.Sprintf("LibertiesAfter(%v, limit %d) = %d, want %d", m, k+1, got, want)
		}
	}
	return ""
}
