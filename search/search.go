package search

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// Searcher runs searches and keeps the tree between them: when the game
// has moved on by moves the tree already holds, the subtree of the position
// reached is kept.
type Searcher struct {
	cfg  Config
	root *node

	// What the tree's root stands for, to decide whether it can be reused.
	rootBoard *rules.Board
	rootColor rules.Color
	rootMoves []rules.Move // the game's moves when the root was made
	// rootRestricted is set when the tree was made under a Restriction,
	// whose plies count from its root: such a tree is not reused.
	rootRestricted bool

	// The search in progress; read-only while workers run.
	game       *rules.Game
	color      rules.Color
	last       rules.Point // the game's last move, rules.Pass if none
	beforeLast rules.Point // the move before it
	moveNumber int
	komi       float64
	workers    []*worker
	budget     Budget
	started    time.Time

	// Counters every simulation writes, each on a cache line of its own:
	// next to the settings above, every add would make the other workers
	// read those again from memory.
	// The search with a network (puct.go): the network, nil for the
	// classic search; the root's evaluation; the centre of the dynamic
	// score utility, as Black's margin; the board's side, which scales the
	// score utility; the root's utility for the player to move.
	net         Network
	rootOut     NetOutput
	scoreCenter float64
	sqrtArea    float64
	rootUtility float64

	playouts counter // simulations started in this search
	nodes    counter // nodes in the tree, against cfg.MaxNodes
	_        [64]byte
}

// counter is an atomic count alone on its cache line (64 bytes on the
// machines Yunzi runs on), away from whatever precedes it.
type counter struct {
	_ [64]byte
	atomic.Int64
}

// New returns a searcher with the given settings.
func New(cfg Config) *Searcher {
	cfg.Threads = max(cfg.Threads, 1)
	return &Searcher{cfg: cfg}
}

// Config returns the searcher's settings.
func (s *Searcher) Config() Config { return s.cfg }

// Reset forgets the tree.
func (s *Searcher) Reset() {
	s.root, s.rootBoard, s.rootMoves = nil, nil, nil
	s.nodes.Store(0)
}

// lastMoves returns the points of the game's last two moves, the last
// first: rules.Pass for a pass, a setup, or no move.
func lastMoves(g *rules.Game) (last, beforeLast rules.Point) {
	last, beforeLast = rules.Pass, rules.Pass
	steps := g.Steps()
	if n := len(steps); n > 0 && !steps[n-1].Setup {
		last = steps[n-1].Move.Point
		if n > 1 && !steps[n-2].Setup {
			beforeLast = steps[n-2].Move.Point
		}
	}
	return last, beforeLast
}

// Search looks for the best move for c in the game's current position
// within the budget, or until ctx is done, and returns what it found. The
// game must not change while the search runs.
func (s *Searcher) Search(ctx context.Context, g *rules.Game, c rules.Color, budget Budget) *Result {
	s.game, s.color, s.budget = g, c, budget
	s.komi = g.Compensation()
	s.moveNumber = g.MoveNumber()
	s.last, s.beforeLast = lastMoves(g)
	s.prepareRoot(g, c)
	s.playouts.Store(0)
	s.started = time.Now()

	if len(s.workers) != s.cfg.Threads {
		s.workers = make([]*worker, s.cfg.Threads)
		for i := range s.workers {
			s.workers[i] = newWorker(s, s.cfg.Seed+uint64(i)*0x9E3779B97F4A7C15)
		}
	}
	if s.net != nil {
		s.startPUCT(g, c)
	} else if s.root.childNodes() == nil {
		w := s.workers[0]
		w.useBoard(g.Board())
		w.hashes = w.hashes[:0] // no tree path yet: only the game's history counts
		w.expand(s.root, g.Board(), c, s.last, s.beforeLast, 0)
	}
	for _, w := range s.workers {
		w.reset(g.Board(), len(s.root.childNodes()))
	}

	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(ctx)
		}()
	}
	wg.Wait()
	return s.result(g.Board())
}

// prepareRoot reuses the subtree of the current position if the tree holds
// it, and starts a new tree otherwise, or when the tree or the search is
// under a Restriction.
func (s *Searcher) prepareRoot(g *rules.Game, c rules.Color) {
	moves := g.Moves()
	restricted := s.budget.Restrict != nil
	if s.root != nil && s.rootBoard != nil && !s.rootRestricted && !restricted && len(moves) >= len(s.rootMoves) {
		n, b, color := s.root, s.rootBoard.Clone(), s.rootColor
		for i, m := range moves {
			if i < len(s.rootMoves) {
				if m != s.rootMoves[i] {
					n = nil
					break
				}
				continue
			}
			if m.Color != color || b.Play(m) != nil {
				n = nil
				break
			}
			if n = n.child(m.Point); n == nil {
				break
			}
			color = color.Opponent()
		}
		if n != nil && color == c && b.Hash() == g.Board().Hash() {
			s.root = n
			s.rootBoard, s.rootColor, s.rootMoves = g.Board().Clone(), c, moves
			s.nodes.Store(int64(n.countNodes()))
			return
		}
	}
	s.root = &node{move: rules.Pass}
	s.rootBoard, s.rootColor, s.rootMoves = g.Board().Clone(), c, moves
	s.rootRestricted = restricted
	s.nodes.Store(1)
}
