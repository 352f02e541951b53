package rules_test

import (
	"slices"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// refBoard is a deliberately plain second implementation of the rules that
// the tests check Board and Game against: colours on a size*size grid, chains
// found by flood fill every time they are needed, nothing incremental. It
// shares no code with the package under test.
type refBoard struct {
	size     int
	color    []rules.Color // index y*size+x
	adj      [][]int       // the orthogonal neighbours of each index, shared by clones
	ko       int           // index koColor may not play on now, or -1
	koColor  rules.Color
	captures [3]int
}

func newRefBoard(size int) *refBoard {
	adj := make([][]int, size*size)
	for i := range adj {
		x, y := i%size, i/size
		if x > 0 {
			adj[i] = append(adj[i], i-1)
		}
		if x < size-1 {
			adj[i] = append(adj[i], i+1)
		}
		if y > 0 {
			adj[i] = append(adj[i], i-size)
		}
		if y < size-1 {
			adj[i] = append(adj[i], i+size)
		}
	}
	return &refBoard{size: size, color: make([]rules.Color, size*size), adj: adj, ko: -1}
}

func (r *refBoard) clone() *refBoard {
	c := *r
	c.color = slices.Clone(r.color)
	return &c
}

// index returns the grid index of p, and false if p is not on the board.
func (r *refBoard) index(p rules.Point) (int, bool) {
	if p == rules.Pass {
		return 0, false
	}
	x, y := p.X(), p.Y()
	if x < 0 || x >= r.size || y < 0 || y >= r.size || rules.PointAt(x, y) != p {
		return 0, false
	}
	return y*r.size + x, true
}

func (r *refBoard) point(i int) rules.Point { return rules.PointAt(i%r.size, i/r.size) }

// chain returns the stones of the chain through the stone on i and its
// liberties, both sorted.
func (r *refBoard) chain(i int) (stones, libs []int) {
	c := r.color[i]
	mark := make([]bool, len(r.color)) // stones and liberties already found
	mark[i] = true
	stones = []int{i}
	for k := 0; k < len(stones); k++ {
		for _, n := range r.adj[stones[k]] {
			switch {
			case mark[n]:
			case r.color[n] == rules.Empty:
				mark[n] = true
				libs = append(libs, n)
			case r.color[n] == c:
				mark[n] = true
				stones = append(stones, n)
			}
		}
	}
	slices.Sort(stones)
	slices.Sort(libs)
	return stones, libs
}

// valid reports whether every chain has a liberty.
func (r *refBoard) valid() bool {
	for i, c := range r.color {
		if c != rules.Empty {
			if _, libs := r.chain(i); len(libs) == 0 {
				return false
			}
		}
	}
	return true
}

// play plays m by the book and returns the sentinel error Board.Play should
// wrap, changing nothing when the move is illegal.
func (r *refBoard) play(m rules.Move) error {
	c := m.Color
	if c != rules.Black && c != rules.White {
		return rules.ErrBadColor
	}
	if m.Point == rules.Pass {
		r.ko = -1
		return nil
	}
	i, ok := r.index(m.Point)
	switch {
	case !ok:
		return rules.ErrOffBoard
	case r.color[i] != rules.Empty:
		return rules.ErrOccupied
	case i == r.ko && c == r.koColor:
		return rules.ErrKo
	}
	next := r.clone()
	next.color[i] = c
	captured, capturedAt := 0, -1
	for _, n := range next.adj[i] {
		if next.color[n] != c.Opponent() {
			continue
		}
		if stones, libs := next.chain(n); len(libs) == 0 {
			for _, s := range stones {
				next.color[s] = rules.Empty
			}
			captured += len(stones)
			capturedAt = n
		}
	}
	stones, libs := next.chain(i)
	if len(libs) == 0 {
		return rules.ErrSuicide
	}
	next.ko = -1
	if captured == 1 && len(stones) == 1 && len(libs) == 1 {
		next.ko, next.koColor = capturedAt, c.Opponent()
	}
	next.captures[c] += captured
	*r = *next
	return nil
}

// setup puts colour c on the points as Board.Setup should.
func (r *refBoard) setup(c rules.Color, points []rules.Point) error {
	if c == rules.Edge {
		return rules.ErrBadColor
	}
	next := r.clone()
	for _, p := range points {
		i, ok := r.index(p)
		if !ok {
			return rules.ErrOffBoard
		}
		next.color[i] = c
	}
	if !next.valid() {
		return rules.ErrInvalidSetup
	}
	next.ko = -1
	*r = *next
	return nil
}

// key identifies the arrangement of stones, for superko.
func (r *refBoard) key() string {
	var sb strings.Builder
	for _, c := range r.color {
		sb.WriteByte(".XO"[c])
	}
	return sb.String()
}

// refState is one position of a refGame's history.
type refState struct {
	board  *refBoard
	toMove rules.Color
	passes int
	setup  bool
	move   rules.Move
	key    string // board.key(), kept to make superko checks cheap
}

// refGame is the reference for Game: a history of refBoards with superko
// checked by comparing whole arrangements of stones, not hashes.
type refGame struct {
	superko  rules.Superko
	history  []refState
	resigned rules.Color
}

func newRefGame(size int, superko rules.Superko) *refGame {
	b := newRefBoard(size)
	return &refGame{superko: superko, history: []refState{{board: b, toMove: rules.Black, key: b.key()}}}
}

func (g *refGame) top() *refState { return &g.history[len(g.history)-1] }

// play plays m as Game.Play should, returning the expected sentinel error.
func (g *refGame) play(m rules.Move) error {
	if g.resigned != rules.Empty {
		return rules.ErrGameOver
	}
	next := g.top().board.clone()
	if err := next.play(m); err != nil {
		return err
	}
	key := next.key()
	if m.Point != rules.Pass && g.repeats(key, m.Color.Opponent()) {
		return rules.ErrSuperko
	}
	passes := 0
	if m.Point == rules.Pass {
		passes = g.top().passes + 1
	}
	g.history = append(g.history, refState{board: next, toMove: m.Color.Opponent(), passes: passes, move: m, key: key})
	return nil
}

func (g *refGame) repeats(key string, toMove rules.Color) bool {
	for _, s := range g.history {
		if s.key == key && (g.superko == rules.Positional || s.toMove == toMove) {
			return true
		}
	}
	return false
}

func (g *refGame) undo() error {
	if g.resigned != rules.Empty {
		g.resigned = rules.Empty // a resignation is taken back on its own
		return nil
	}
	if len(g.history) == 1 || g.top().setup {
		return rules.ErrCannotUndo
	}
	g.history = g.history[:len(g.history)-1]
	return nil
}

func (g *refGame) setup(c rules.Color, points []rules.Point) error {
	next := g.top().board.clone()
	if err := next.setup(c, points); err != nil {
		return err
	}
	g.history = append(g.history, refState{board: next, toMove: g.top().toMove, setup: true, key: next.key()})
	return nil
}

func (g *refGame) moves() []rules.Move {
	var moves []rules.Move
	for _, s := range g.history[1:] {
		if !s.setup {
			moves = append(moves, s.move)
		}
	}
	return moves
}
