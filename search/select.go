package search

import "math"

// selectChild returns the index of the child of n with the best selection
// value. On large boards it looks only at the first children, those with
// the best priors, at the pass, which is the last child (unless a
// Restriction left it out), and at the one child beyond them that AMAF
// promotes (see Widening).
func (w *worker) selectChild(n *node, ch *children) int {
	nodes, amaf := ch.nodes, ch.amaf
	visits := n.visits.Load()
	logParent := math.Log(float64(visits) + 1)
	// The moves are nodes[:end]; the pass, if there is one, is nodes[end].
	end := len(nodes) - 1
	if ch.noPass {
		end = len(nodes)
	}
	moves := end
	if w.large {
		moves = min(moves, w.cfg.Large.Widening.width(visits))
	}
	priorAmaf := 0.0
	if n == w.s.root {
		priorAmaf = w.priorAmaf
	}
	best, bestValue := 0, math.Inf(-1)
	if !ch.noPass {
		best, bestValue = end, w.ucb(&nodes[end], &amaf[end], logParent, priorAmaf)
	}
	for i := range nodes[:moves] {
		if v := w.ucb(&nodes[i], &amaf[i], logParent, priorAmaf); v > bestValue {
			best, bestValue = i, v
		}
	}
	if w.large && moves < end && float64(visits) >= w.cfg.Large.Widening.PromoteVisits {
		if i := w.promoted(amaf[moves:end], bestAmaf(amaf[:moves])); i >= 0 {
			if v := w.ucb(&nodes[moves+i], &amaf[moves+i], logParent, priorAmaf); v > bestValue {
				best = moves + i
			}
		}
	}
	return best
}

// width returns how many children, best priors first, a node with the
// given visits looks at.
func (wd *Widening) width(visits int32) int {
	if float64(visits) < wd.Visits {
		return wd.Base
	}
	return wd.Base + 1 + int(math.Log(float64(visits)/wd.Visits)/math.Log(wd.Growth))
}

// ucb returns the selection value of child k, whose AMAF statistics are a:
// its win rate blended with its AMAF win rate (weight beta falls as real
// visits grow, MC-RAVE), plus the UCB exploration term, if any. The prior
// counts priorAmaf times over in the AMAF win rate too: on large boards,
// for the root's children (see LargeBoard.PriorAmaf).
func (w *worker) ucb(k *node, a *amafStats, logParent, priorAmaf float64) float64 {
	v := float64(k.visits.Load()) + float64(k.prior.visits)
	q := k.winRate()
	if amafGames := float64(a.visits.Load()); amafGames > 0 {
		amaf := a.rate()
		if priorAmaf > 0 {
			amaf, amafGames = a.withPrior(k.prior, priorAmaf)
		}
		beta := amafGames / (amafGames + v + amafGames*v/w.cfg.RaveEquivalence)
		q = (1-beta)*q + beta*amaf
	}
	if w.cfg.Exploration == 0 {
		// Without an exploration term the square root and division per
		// child are spared: selection runs for every child on the path.
		return q
	}
	return q + w.cfg.Exploration*math.Sqrt(logParent/(v+1))
}

// bestAmaf is the best AMAF win rate among the children's stats.
func bestAmaf(stats []amafStats) float64 {
	best := 0.0
	for i := range stats {
		best = max(best, stats[i].rate())
	}
	return best
}

// promoted returns the index in outside (children beyond the widening's
// width) of the one whose AMAF win rate is most surely above rate: whose
// rate less PromoteZ standard errors is highest, -1 if none is above rate.
// The standard error is taken at the largest variance a rate can have (a
// quarter): hundreds of outside children are compared, and the best of
// their AMAF noise must not let any of them in. Most children are far from
// the bound, so it is first tested in squares, without a square root.
func (w *worker) promoted(outside []amafStats, rate float64) int {
	z := w.cfg.Large.Widening.PromoteZ
	found, bestBound := -1, rate
	for i := range outside {
		games := float64(outside[i].visits.Load())
		if games == 0 {
			continue
		}
		amaf := outside[i].rate()
		if lead := amaf - rate; lead <= 0 || 4*lead*lead*games <= z*z {
			continue
		}
		if bound := amaf - z*0.5/math.Sqrt(games); bound > bestBound {
			found, bestBound = i, bound
		}
	}
	return found
}
