package search

import "github.com/yunzi-go/yunzi/rules"

// backup adds a simulation's value to Black, blackValue, to the nodes of
// the path and to the AMAF statistics of their children. treeMoves is the
// number of the simulation's moves made in the tree, leafColor the colour
// to move at the leaf.
func (w *worker) backup(blackValue int64, treeMoves int, leafColor rules.Color) {
	// The path's nodes are asked for first, to arrive while the
	// playout's first plays are found (see prefetch.go).
	for _, n := range w.path[1:] {
		prefetchNodeForWrite(n)
	}
	w.markPlayoutFirstPlays(treeMoves)
	w.addPathResults(blackValue, treeMoves)
	w.addAmafResults(blackValue, treeMoves, leafColor)
}

// valueTo returns a simulation's value to c, given its value to Black.
func valueTo(c rules.Color, blackValue int64) int64 {
	if c == rules.Black {
		return blackValue
	}
	return valueUnit - blackValue
}

// markPlayoutFirstPlays records in w.amaf who played each point first in
// the moves after the tree's, and where.
func (w *worker) markPlayoutFirstPlays(treeMoves int) {
	clear(w.amaf)
	for i := len(w.seq) - 1; i >= treeMoves; i-- {
		if m := w.seq[i]; m.point != rules.Pass {
			w.amaf[m.point] = firstPlay{m.color, int32(i)}
		}
	}
}

// addPathResults adds the value to the path's nodes, each for the colour
// that made its move, and takes back their virtual losses but the one
// visit that stays.
func (w *worker) addPathResults(blackValue int64, treeMoves int) {
	for i, m := range w.seq[:treeMoves] {
		w.path[i+1].value.Add(valueTo(m.color, blackValue))
		if w.virtualLoss > 1 {
			w.path[i+1].visits.Add(1 - w.virtualLoss)
		}
	}
}

// addAmafResults adds the value to the AMAF statistics of the children of
// the path's nodes, from the leaf up: a child's move counts for its colour
// if that colour played the point first, at the child's depth or later in
// the simulation. A busy node's children get theirs through the worker's
// batch (see amafBatches).
//
// On large boards a move played soon after the child's depth counts more
// than one played near the end of the playout (Pachi's distance RAVE):
// late moves fill the board in whatever order, while early ones still
// shape the game. The weight runs from 1 (the last move) to
// 1+Large.DistanceRave (the first).
func (w *worker) addAmafResults(blackValue int64, treeMoves int, leafColor rules.Color) {
	distance := int32(0)
	if w.large {
		distance = int32(w.cfg.Large.DistanceRave)
	}
	length := len(w.seq)
	// Level i is the node path[i], whose children are moves of colour c
	// played at w.seq[i].
	c := leafColor
	for i := treeMoves; i >= 0; i-- {
		if i < treeMoves {
			m := w.seq[i]
			c = m.color
			if m.point != rules.Pass {
				w.amaf[m.point] = firstPlay{m.color, int32(i)}
			}
		}
		var ch *children
		if i < len(w.pathChildren) {
			ch = w.pathChildren[i]
		} else if ch = w.path[i].loadChildren(); ch == nil { // the leaf, maybe expanded by now
			continue
		}
		w.addAmafLevel(w.path[i], ch, i, c, valueTo(c, blackValue), int32(length-i), distance)
	}
}

// addAmafLevel adds the value v for colour c to the AMAF statistics of
// ch, the children of the node n at depth i, with span moves from there
// to the end of the simulation.
func (w *worker) addAmafLevel(n *node, ch *children, i int, c rules.Color, v int64, span, distance int32) {
	if batch := w.batches.batchFor(n, ch); batch != nil {
		for j := range batch.pending {
			r := &batch.pending[j]
			if weight := w.amafWeight(r.move, c, i, span, distance); weight > 0 {
				r.visits += weight
				r.value += int64(weight) * v
			}
		}
		if batch.sims++; batch.sims >= batch.due {
			batch.flush()
		}
		return
	}
	prefetchAmafForWrite(ch.amaf)
	for j := range ch.amaf {
		a := &ch.amaf[j]
		if weight := w.amafWeight(a.move, c, i, span, distance); weight > 0 {
			a.visits.Add(weight)
			a.value.Add(int64(weight) * v)
		}
	}
}

// amafWeight is the AMAF weight that move m, a child of the node at depth
// i of the simulation, gets for colour c: 0 unless c played m first at
// depth i or later. span is the number of moves from depth i to the end.
func (w *worker) amafWeight(m rules.Point, c rules.Color, i int, span, distance int32) int32 {
	if m == rules.Pass {
		return 0
	}
	first := w.amaf[m]
	if first.color != c {
		return 0
	}
	if distance == 0 { // small boards skip the division
		return 1
	}
	return raveWeight(distance, first.at-int32(i), span)
}

// raveWeight is the AMAF weight of a move played `after` moves into the
// span moves from a node's children to the end of the simulation:
// 1+distance for the first of them, falling linearly to 1 for the last.
func raveWeight(distance, after, span int32) int32 {
	return 1 + distance*(span-after)/span
}

// firstPlay is the colour that played a point first in the rest of a
// simulation, and the index in the simulation's moves where it did.
type firstPlay struct {
	color rules.Color
	at    int32
}
