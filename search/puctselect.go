package search

import "math"

// selectPUCT returns the index of the child to visit among ch, by KataGo's
// PUCT (see the PUCT settings): the child's mean utility, or the
// first-play urgency for an unvisited child (parent, the parent's utility
// for the player choosing, less a reduction that grows with the policy of
// the visited siblings), plus the exploration term. At the root, parent
// is the root's evaluation, and the children's results are averaged in
// with it. The first best child wins ties, so that one worker with a seed
// always searches alike.
func (w *worker) selectPUCT(ch *children, parent float64, root bool) int {
	pc := &w.cfg.PUCT
	nodes, stats := ch.nodes, ch.puct
	total, mass, sum := 0.0, 0.0, 0.0
	for i := range nodes {
		if v := nodes[i].visits.Load(); v > 0 {
			total += float64(v)
			mass += float64(stats[i].policy)
			sum += float64(stats[i].utility.Load()) / utilityUnit
		}
	}
	reduction := pc.FPUReduction
	if root {
		reduction = pc.RootFPUReduction
		parent = (parent + sum) / (1 + total)
	}
	fpu := parent - reduction*math.Sqrt(mass)
	explore := (pc.Exploration + pc.ExplorationLog*math.Log((total+pc.ExplorationBase)/pc.ExplorationBase)) *
		math.Sqrt(total+0.01)
	best, bestValue := 0, math.Inf(-1)
	for i := range nodes {
		v := nodes[i].visits.Load()
		q := fpu
		if v > 0 {
			q = float64(stats[i].utility.Load()) / utilityUnit / float64(v)
		}
		if value := q + explore*float64(stats[i].policy)/(1+float64(v)); value > bestValue {
			best, bestValue = i, value
		}
	}
	return best
}
