package search

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/yunzi-go/yunzi/rules"
)

// The search with a network (SetNetwork) is AlphaZero's and KataGo's: a
// simulation goes down the tree by PUCT (puctselect.go), has the network
// judge the leaf it reaches, gives the leaf its children with the
// network's policy as their priors, and backs the network's value up; no
// playout is played. It shares the tree, the workers, the budgets, the
// stopping rules, tree reuse and the move choice with the classic search.
//
// Each node's visits and value (the win rate, in valueUnit) are the
// classic ones, so that what reads them (the move choice and its LCB, the
// stopping rules, the result) reads a win rate; the utility the selection
// maximises, the score lead and the policy are kept beside them in
// children.puct.

// puctStats are a child's statistics beyond its node's, in the search
// with a network: sums over the simulations through it, for the player
// who made its move.
type puctStats struct {
	utility atomic.Int64 // in utilityUnit
	squares atomic.Int64 // the utilities' squares, in utilityUnit
	lead    atomic.Int64 // the score lead, in scoreUnit
	// score and scoreSq sum the expected final margin (KataGo's
	// scoreMean) and its expected square (scoreMeanSq), in scoreUnit:
	// the score's standard deviation (scoreStdev) comes from them.
	score   atomic.Int64
	scoreSq atomic.Int64
	policy  float32 // the network's prior, renormalised over the children
}

// Fixed-point units of the sums of puctStats, kept in atomic integers.
const (
	utilityUnit = 1 << 24
	scoreUnit   = 1 << 16
)

// puctWorker is a worker's own state in the search with a network: its
// evaluator, its copy of the game (on which it plays each simulation's
// tree moves, so that the network sees the game's history and its ko and
// superko bans as they are at the leaf), and its scratch.
type puctWorker struct {
	eval  LeafEvaluator
	game  *rules.Game
	out   NetOutput
	stats []*puctStats // the puctStats of the path's nodes but the root
}

// SetNetwork makes the searcher search with the network n (nil: the
// classic search with playouts), forgetting the tree.
func (s *Searcher) SetNetwork(n Network) {
	s.net = n
	s.workers = nil
	s.Reset()
}

// HasNetwork reports whether the searcher searches with a network.
func (s *Searcher) HasNetwork() bool { return s.net != nil }

// newPUCTChildren returns n children for the search with a network: no
// AMAF statistics, which it does not keep.
func newPUCTChildren(n int) *children {
	return &children{nodes: make([]node, n), puct: make([]puctStats, n)}
}

// startPUCT prepares the workers and the root of a search with a network
// of g for c: each worker's copy of the game, the root's evaluation (for
// its ownership, its utility and the dynamic score's centre) and, if the
// tree has none, the root's children.
func (s *Searcher) startPUCT(g *rules.Game, c rules.Color) {
	for i, w := range s.workers {
		if w.pw == nil {
			w.pw = &puctWorker{eval: s.net.NewEvaluator(s.cfg.Seed + uint64(i)*0x9E3779B97F4A7C15)}
		}
		w.pw.game = g.Clone()
		w.pw.game.SetToMove(c)
	}
	w := s.workers[0]
	w.pw.eval.Evaluate(w.pw.game, &w.pw.out)
	s.rootOut.CopyFrom(&w.pw.out)
	pc := &s.cfg.PUCT
	s.scoreCenter = s.rootOut.BlackScore * (1 - pc.DynamicScoreZeroWeight)
	s.sqrtArea = float64(g.Size())
	s.rootUtility = s.utility(s.rootOut.BlackWin, s.rootOut.BlackScore, c)
	if s.root.childNodes() == nil {
		w.expandPUCT(s.root, w.pw.game, &w.pw.out, 0)
	}
}

// utility returns a position's utility for c from Black's chance to win
// and expected margin (see PUCT).
func (s *Searcher) utility(blackWin, blackScore float64, c rules.Color) float64 {
	pc := &s.cfg.PUCT
	u := pc.WinLoss*(2*blackWin-1) +
		pc.StaticScore*s.scoreValue(blackScore, 0, pc.StaticScoreScale) +
		pc.DynamicScore*s.scoreValue(blackScore, s.scoreCenter, pc.DynamicScoreScale)
	if c == rules.White {
		return -u
	}
	return u
}

// scoreValue is KataGo's value of a margin: from -1 to 1, steep near the
// centre and flat far from it.
func (s *Searcher) scoreValue(margin, center, scale float64) float64 {
	return math.Atan((margin-center)/(scale*s.sqrtArea)) * (2 / math.Pi)
}

// simulatePUCT runs one simulation of the search with a network: down the
// tree by PUCT to a leaf, played on the worker's copy of the game; the
// leaf judged by the network (or counted, when two passes end the game)
// and expanded; the value backed up; the copy of the game taken back to
// the root.
func (w *worker) simulatePUCT() {
	s, pw := w.s, w.pw
	g := pw.game
	w.countRootVisit()
	w.path, pw.stats = append(w.path[:0], s.root), pw.stats[:0]
	w.rootChild = -1
	n := s.root
	for ch := n.loadChildren(); ch != nil && g.Passes() < 2; ch = n.loadChildren() {
		parent := s.rootUtility
		if len(pw.stats) > 0 {
			// The parent's statistics are for the player who made its
			// move, the opponent of the one who chooses now.
			parent = -pw.stats[len(pw.stats)-1].mean(n)
		}
		i := w.selectPUCT(ch, parent, n == s.root)
		if n == s.root {
			w.rootChild = i
		}
		k := &ch.nodes[i]
		k.visits.Add(w.virtualLoss)
		if w.virtualLoss > 1 {
			// With other workers, the visits in flight count as lost
			// (the utility of a sure loss) until the result replaces
			// them, which sends the others down other lines.
			ch.puct[i].utility.Add(-int64(w.virtualLoss) * utilityUnit)
		}
		if err := g.PlayRepetition(rules.Move{Color: g.ToMove(), Point: k.move}); err != nil {
			panic(fmt.Sprintf("search: a tree move is illegal: %v", err))
		}
		w.path, pw.stats = append(w.path, k), append(pw.stats, &ch.puct[i])
		n = k
	}

	var blackWin, blackScore, blackLead, blackScoreSq float64
	ended := g.Passes() >= 2
	if ended {
		black, white := g.Board().Area(nil)
		diff := black - white - g.Compensation()
		blackWin, blackScore, blackLead, blackScoreSq = 0.5, diff, diff, diff*diff
		if diff > 0 {
			blackWin = 1
		} else if diff < 0 {
			blackWin = 0
		}
	} else {
		pw.eval.Evaluate(g, &pw.out)
		blackWin, blackScore, blackLead = pw.out.BlackWin, pw.out.BlackScore, pw.out.BlackLead
		// A mean square is at least the square of the mean; this also
		// covers a network that reports none.
		blackScoreSq = max(pw.out.BlackScoreSq, blackScore*blackScore)
		if mix := w.cfg.PUCT.PlayoutMix; mix > 0 {
			blackWin = (1-mix)*blackWin + mix*w.playoutWin(g)
		}
		if s.nodes.Load() < int64(w.cfg.MaxNodes) {
			w.expandPUCT(n, g, &pw.out, len(pw.stats))
		}
	}
	w.backupPUCT(blackWin, blackScore, blackLead, blackScoreSq)
	if s.budget.MovesOwnership && w.rootChild >= 0 {
		w.countLeafOwnership(g.Board(), ended)
	}
	for range pw.stats {
		if err := g.Undo(); err != nil {
			panic(fmt.Sprintf("search: undoing a tree move: %v", err))
		}
	}
}

// playoutWin plays the classic search's playout from g's position and
// returns its result for Black: 1 won, 0 lost, one half drawn.
func (w *worker) playoutWin(g *rules.Game) float64 {
	b := w.board
	b.CopyFrom(g.Board())
	last, beforeLast := recentPoint(g, 1), recentPoint(g, 2)
	w.leaf = leaf{board: b, toMove: g.ToMove(), last: last, beforeLast: beforeLast, komi: w.s.komi, seq: w.seq[:0]}
	e := w.evaluator.evaluate(&w.leaf)
	w.seq = w.leaf.seq
	return float64(e.blackValue) / valueUnit
}

// recentPoint is the point of the move k steps back in g (see
// rules.Game.RecentStep), rules.Pass for a pass, a setup or no move.
func recentPoint(g *rules.Game, k int) rules.Point {
	if st, _, ok := g.RecentStep(k); ok && !st.Setup {
		return st.Move.Point
	}
	return rules.Pass
}

// backupPUCT adds a leaf's value to the path's nodes, each for the player
// who made its move, and takes back their virtual losses but the one
// visit that stays, and the losses' utility.
func (w *worker) backupPUCT(blackWin, blackScore, blackLead, blackScoreSq float64) {
	s := w.s
	black := s.utility(blackWin, blackScore, rules.Black)
	c := s.color
	for i, k := range w.path[1:] {
		win, u, lead, score := blackWin, black, blackLead, blackScore
		if c == rules.White {
			win, u, lead, score = 1-win, -u, -lead, -score
		}
		k.value.Add(int64(math.Round(win * valueUnit)))
		st := w.pw.stats[i]
		st.utility.Add(int64(math.Round(u * utilityUnit)))
		st.squares.Add(int64(math.Round(u * u * utilityUnit)))
		st.lead.Add(int64(math.Round(lead * scoreUnit)))
		st.score.Add(int64(math.Round(score * scoreUnit)))
		st.scoreSq.Add(int64(math.Round(blackScoreSq * scoreUnit)))
		if w.virtualLoss > 1 {
			k.visits.Add(1 - w.virtualLoss)
			st.utility.Add(int64(w.virtualLoss) * utilityUnit)
		}
		c = c.Opponent()
	}
}

// expandPUCT gives n, the position of g, its children: every legal move
// of the player to move that repeats no position of g (whose history is
// the game's and the path's) and that the budget's Restriction allows at
// ply (the tree moves from the root to n), and the pass, last, unless the
// restriction bans it. Their priors are the network's policy out,
// renormalised over them.
func (w *worker) expandPUCT(n *node, g *rules.Game, out *NetOutput, ply int) {
	if !n.children.CompareAndSwap(nil, building) {
		return
	}
	b, c := g.Board(), g.ToMove()
	restrict := w.s.budget.Restrict
	x := &w.scratch
	x.moves = x.moves[:0]
	withPass, total := restrict.Allows(c, rules.Pass, ply), 0.0
	if withPass {
		total = float64(max(out.PassPolicy, 0))
	}
	for _, p := range b.Empties() {
		if !restrict.Allows(c, p, ply) || !b.IsLegal(rules.Move{Color: c, Point: p}) || g.Repeats(b.HashAfter(c, p), c.Opponent()) {
			continue
		}
		x.moves = append(x.moves, p)
		total += float64(max(out.Policy[p], 0))
	}
	if !withPass && restrict.passStays(c, ply, len(x.moves)) {
		withPass, total = true, float64(max(out.PassPolicy, 0))
	}
	kids := len(x.moves)
	if withPass {
		kids++
	}
	ch := newPUCTChildren(kids)
	ch.noPass = !withPass
	prior := func(p float32) float32 {
		if total <= 0 {
			return float32(1 / float64(len(ch.nodes)))
		}
		return float32(float64(max(p, 0)) / total)
	}
	for i, p := range x.moves {
		ch.nodes[i].move, ch.puct[i].policy = p, prior(out.Policy[p])
	}
	if withPass {
		pass := len(x.moves)
		ch.nodes[pass].move, ch.puct[pass].policy = rules.Pass, prior(out.PassPolicy)
	}
	n.children.Store(ch)
	w.s.nodes.Add(int64(len(ch.nodes)))
}

// mean returns the mean utility of the node k whose statistics st are,
// 0 without visits.
func (st *puctStats) mean(k *node) float64 {
	v := k.visits.Load()
	if v <= 0 {
		return 0
	}
	return float64(st.utility.Load()) / utilityUnit / float64(v)
}

// meanLead returns the mean score lead through k for the player who made
// its move, 0 without visits.
func (st *puctStats) meanLead(k *node) float64 {
	v := k.visits.Load()
	if v <= 0 {
		return 0
	}
	return float64(st.lead.Load()) / scoreUnit / float64(v)
}

// lcb is a lower confidence bound on the mean utility through k, whose
// statistics st are: deviations standard errors below it, the variance
// taken as at least minUtilityVariance.
func (st *puctStats) lcb(k *node, deviations float64) float64 {
	v := float64(k.visits.Load())
	if v <= 0 {
		return math.Inf(-1)
	}
	mean := st.mean(k)
	variance := float64(st.squares.Load())/utilityUnit/v - mean*mean
	return mean - deviations*math.Sqrt(max(variance, minUtilityVariance)/v)
}

// minUtilityVariance is the least variance lcb assumes, so that a few
// visits all alike are not certain (a utility spans about twice a win
// rate's range, and the classic bound's floor is 0.01).
const minUtilityVariance = 0.04

// puctResult completes r, the classic result of a search with a network:
// each candidate's prior is its policy and its score lead its mean
// lead (the network's, KataGo's scoreLead); the move is chosen as the classic search chooses it, but by the
// lower bound of the utility, not of the win rate (so that a won game is
// still played for points); the result's score lead is its move's;
// ownership is the network's at the root.
func (s *Searcher) puctResult(r *Result) {
	ch := s.root.loadChildren()
	if ch == nil {
		return
	}
	best, bestLCB := -1, math.Inf(-1)
	for ci := range r.Candidates {
		cd := &r.Candidates[ci]
		for i := range ch.nodes {
			if ch.nodes[i].move == cd.Move {
				cd.Prior = float64(ch.puct[i].policy)
				cd.ScoreLead = ch.puct[i].meanLead(&ch.nodes[i])
				cd.ScoreStdev = ch.puct[i].scoreStdev(&ch.nodes[i])
				lcb := ch.puct[i].lcb(&ch.nodes[i], s.cfg.Choice.LCBDeviations)
				if best < 0 || (cd.Visits*s.cfg.Choice.LCBVisitDivisor >= r.Candidates[0].Visits && lcb > bestLCB) {
					best, bestLCB = ci, lcb
				}
				break
			}
		}
	}
	if best >= 0 {
		cd := &r.Candidates[best]
		r.Move, r.WinRate, r.ScoreLead = cd.Move, cd.WinRate, cd.ScoreLead
	}
	r.ScoreStdev = s.rootScoreStdev(ch)
	r.Ownership = r.Ownership[:0]
	for _, o := range s.rootOut.Ownership {
		r.Ownership = append(r.Ownership, float64(o))
	}
}
