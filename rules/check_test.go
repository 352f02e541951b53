package rules_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// sentinels are the errors Board and Game wrap, most specific first.
var sentinels = []error{
	rules.ErrBadColor, rules.ErrOffBoard, rules.ErrOccupied, rules.ErrKo,
	rules.ErrSuicide, rules.ErrSuperko, rules.ErrGameOver, rules.ErrCannotUndo,
	rules.ErrInvalidSetup, rules.ErrHandicap, rules.ErrBoardNotEmpty, rules.ErrBadSize,
}

// sentinel returns the sentinel error err wraps, err itself if it wraps
// none, or nil.
func sentinel(err error) error {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return s
		}
	}
	return err
}

// stoneKeys holds, per board size, the hash of a board with a single stone
// of each colour on each point. The hash of any position is the XOR of its
// stones' keys, so the tests can rebuild it from scratch.
var stoneKeys = struct {
	sync.Mutex
	bySize map[int]*[3][]uint64
}{bySize: map[int]*[3][]uint64{}}

func keysFor(size int) *[3][]uint64 {
	stoneKeys.Lock()
	defer stoneKeys.Unlock()
	if k, ok := stoneKeys.bySize[size]; ok {
		return k
	}
	k := new([3][]uint64)
	points := rules.NewBoard(size).Points()
	for _, c := range []rules.Color{rules.Black, rules.White} {
		k[c] = make([]uint64, len(points))
		for i, p := range points {
			b := rules.NewBoard(size)
			if b.Setup(c, []rules.Point{p}) == nil { // fails only on 1x1, where no stone can stand
				k[c][i] = b.Hash()
			}
		}
	}
	stoneKeys.bySize[size] = k
	return k
}

// hashOf computes the hash of the reference position from the stone keys.
func hashOf(r *refBoard) uint64 {
	k := keysFor(r.size)
	var h uint64
	for i, c := range r.color {
		if c != rules.Empty {
			h ^= k[c][i]
		}
	}
	return h
}

// refFromBoard reads a board's stones into a refBoard (the ko and captures
// are copied as the board reports them).
func refFromBoard(b *rules.Board) *refBoard {
	r := newRefBoard(b.Size())
	for i := range r.color {
		r.color[i] = b.At(r.point(i))
	}
	if p, c := b.Ko(); p != rules.Pass {
		r.ko, _ = r.index(p)
		r.koColor = c
	}
	r.captures[rules.Black] = b.Captures(rules.Black)
	r.captures[rules.White] = b.Captures(rules.White)
	return r
}

// stonesOf reads only a board's stones into a refBoard: no ko, no captures,
// as a position set up or parsed from a diagram has.
func stonesOf(b *rules.Board) *refBoard {
	r := refFromBoard(b)
	r.ko, r.captures = -1, [3]int{}
	return r
}

// boardMismatch compares everything a Board reports with the reference
// position rebuilt from scratch: stones, empty list, chains, liberties, the
// hash, the ko and the captures. It returns "" when they agree.
func boardMismatch(b *rules.Board, r *refBoard) string {
	if b.Size() != r.size {
		return fmt.Sprintf("Size() = %d, want %d", b.Size(), r.size)
	}
	for i, want := range r.color {
		if got := b.At(r.point(i)); got != want {
			return fmt.Sprintf("At(%v) = %v, want %v", r.point(i), got, want)
		}
	}
	for _, p := range []rules.Point{rules.Pass, rules.PointAt(r.size, 0), rules.PointAt(0, r.size), rules.PointAt(-1, 0)} {
		if got := b.At(p); got != rules.Edge {
			return fmt.Sprintf("At(%v) off the board = %v, want edge", p, got)
		}
	}
	if msg := emptiesMismatch(b, r); msg != "" {
		return msg
	}
	if msg := chainsMismatch(b, r); msg != "" {
		return msg
	}
	if got, want := b.Hash(), hashOf(r); got != want {
		return fmt.Sprintf("Hash() = %#x, want %#x rebuilt from the stones", got, want)
	}
	wantKo := rules.Pass
	if r.ko >= 0 {
		wantKo = r.point(r.ko)
	}
	if p, c := b.Ko(); p != wantKo || (p != rules.Pass && c != r.koColor) {
		return fmt.Sprintf("Ko() = %v %v, want %v %v", p, c, wantKo, r.koColor)
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if got := b.Captures(c); got != r.captures[c] {
			return fmt.Sprintf("Captures(%v) = %d, want %d", c, got, r.captures[c])
		}
	}
	return ""
}

func emptiesMismatch(b *rules.Board, r *refBoard) string {
	var want []rules.Point
	count := [3]int{}
	for i, c := range r.color {
		count[c]++
		if c == rules.Empty {
			want = append(want, r.point(i))
		}
	}
	got := slices.Clone(b.Empties())
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return fmt.Sprintf("Empties() = %v, want %v", got, want)
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if got := b.StoneCount(c); got != count[c] {
			return fmt.Sprintf("StoneCount(%v) = %d, want %d", c, got, count[c])
		}
	}
	return ""
}

// chainsMismatch checks ChainLen and Liberties on every stone, and Chain,
// LibertyPoints and SameChain on every chain.
func chainsMismatch(b *rules.Board, r *refBoard) string {
	seen := make([]bool, len(r.color))
	var prevHead [3]rules.Point // the previous chain of each colour, to test SameChain across chains
	for i, c := range r.color {
		if c == rules.Empty || seen[i] {
			continue
		}
		stones, libs := r.chain(i)
		head := r.point(i)
		wantStones, wantLibs := r.points(stones), r.points(libs)
		if got := collect(b.Chain, head); !slices.Equal(got, wantStones) {
			return fmt.Sprintf("Chain(%v) = %v, want %v", head, got, wantStones)
		}
		if got := collect(b.LibertyPoints, head); !slices.Equal(got, wantLibs) {
			return fmt.Sprintf("LibertyPoints(%v) = %v, want %v", head, got, wantLibs)
		}
		for _, s := range stones {
			seen[s] = true
			p := r.point(s)
			if got := b.ChainLen(p); got != len(stones) {
				return fmt.Sprintf("ChainLen(%v) = %d, want %d", p, got, len(stones))
			}
			if got := b.Liberties(p); got != len(libs) {
				return fmt.Sprintf("Liberties(%v) = %d, want %d", p, got, len(libs))
			}
			if !b.SameChain(head, p) {
				return fmt.Sprintf("SameChain(%v, %v) = false, want true", head, p)
			}
		}
		if prev := prevHead[c]; prev != rules.Pass && b.SameChain(prev, head) {
			return fmt.Sprintf("SameChain(%v, %v) = true for two chains", prev, head)
		}
		prevHead[c] = head
	}
	return ""
}

func (r *refBoard) points(indices []int) []rules.Point {
	ps := make([]rules.Point, len(indices))
	for i, x := range indices {
		ps[i] = r.point(x)
	}
	slices.Sort(ps)
	return ps
}

// collect gathers, sorted, the points an iterator method such as Board.Chain
// calls its function with.
func collect(iter func(rules.Point, func(rules.Point)), p rules.Point) []rules.Point {
	var ps []rules.Point
	iter(p, func(q rules.Point) { ps = append(ps, q) })
	slices.Sort(ps)
	return ps
}

// gameMismatch compares a Game with the reference game: the board and what
// the history says (side to move, moves, passes, move number).
func gameMismatch(g *rules.Game, r *refGame) string {
	top := r.top()
	if msg := boardMismatch(g.Board(), top.board); msg != "" {
		return msg
	}
	if got := g.ToMove(); got != top.toMove {
		return fmt.Sprintf("ToMove() = %v, want %v", got, top.toMove)
	}
	if got := g.Passes(); got != top.passes {
		return fmt.Sprintf("Passes() = %d, want %d", got, top.passes)
	}
	moves := r.moves()
	if got := g.MoveNumber(); got != len(moves) {
		return fmt.Sprintf("MoveNumber() = %d, want %d", got, len(moves))
	}
	if got := g.Moves(); !slices.Equal(got, moves) {
		return fmt.Sprintf("Moves() = %v, want %v", got, moves)
	}
	last, ok := g.LastMove()
	wantOK := len(r.history) > 1 && !top.setup
	if ok != wantOK || (ok && last != top.move) {
		return fmt.Sprintf("LastMove() = %v, %v, want %v, %v", last, ok, top.move, wantOK)
	}
	if got, want := g.Over(), r.resigned != rules.Empty || top.passes >= 2; got != want {
		return fmt.Sprintf("Over() = %v, want %v", got, want)
	}
	return ""
}

// snapshot is what must not change when a move is refused.
type snapshot struct {
	hash     uint64
	diagram  string
	toMove   rules.Color
	moves    int
	passes   int
	captures [3]int
}

func snapshotOf(g *rules.Game) snapshot {
	b := g.Board()
	return snapshot{
		hash: b.Hash(), diagram: stones(b), toMove: g.ToMove(), moves: g.MoveNumber(),
		passes: g.Passes(), captures: [3]int{0, b.Captures(rules.Black), b.Captures(rules.White)},
	}
}

// stones returns the board's stones as a string, one byte a point: a
// cheaper stand-in for String when comparing positions.
func stones(b *rules.Board) string {
	s := make([]byte, len(b.Points()))
	for i, p := range b.Points() {
		s[i] = ".XO#"[b.At(p)]
	}
	return string(s)
}

// mustBoard parses a diagram or fails the test.
func mustBoard(t testing.TB, diagram string) *rules.Board {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err, "ParseDiagram(%q)", diagram)
	return b
}

// mustPoint parses a GTP vertex or fails the test.
func mustPoint(t testing.TB, s string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s)
	require.NoError(t, err, "ParsePoint(%q)", s)
	return p
}

// mustPoints parses a list of GTP vertices.
func mustPoints(t testing.TB, vertices ...string) []rules.Point {
	t.Helper()
	ps := make([]rules.Point, len(vertices))
	for i, v := range vertices {
		ps[i] = mustPoint(t, v)
	}
	return ps
}

// gameFrom starts a game whose position is the diagram, set up as stones.
func gameFrom(t testing.TB, diagram string, opts rules.Options) *rules.Game {
	t.Helper()
	b := mustBoard(t, diagram)
	g, err := rules.NewGame(b.Size(), opts)
	require.NoError(t, err, "NewGame(%d)", b.Size())
	for _, c := range []rules.Color{rules.Black, rules.White} {
		var ps []rules.Point
		for _, p := range b.Points() {
			if b.At(p) == c {
				ps = append(ps, p)
			}
		}
		require.NoError(t, g.Setup(c, ps), "Setup(%v, %v)", c, ps)
	}
	return g
}
