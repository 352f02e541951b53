package nn

import "github.com/yunzi-go/yunzi/rules"

// The area planes (18 and 19) are KataGo's calculateArea with the options
// its input version 7 uses under area scoring: pass-alive stones and
// territory by Benson's algorithm, plus every empty region that only one
// colour's stones border ("unsafe big territories"), plus every other
// stone as its own colour's. Suicide is illegal, as in every rule set
// Yunzi plays.

// gridLen bounds every rules.Point of every board size: the padded grid.
const gridLen = (rules.MaxSize + 2) * (rules.MaxSize + 2)

// maxChains bounds the chains and the regions of a position.
const maxChains = rules.MaxSize * rules.MaxSize

// noID marks a point that belongs to no chain or no region.
const noID = -1

// areaWork is the scratch space of the area computation, indexed by
// rules.Point or by chain and region number. It is reused from one call to
// the next.
type areaWork struct {
	color  [gridLen]rules.Color
	chain  [gridLen]int16 // chain number of each stone, noID elsewhere
	region [gridLen]int16 // region number of each empty-or-enemy point in the current pass
	result [gridLen]rules.Color

	// The chains: their stones, in stones[chainStart[c]:chainStart[c+1]].
	nChains    int
	chainColor [maxChains]rules.Color
	chainStart [maxChains + 1]int16
	stones     [maxChains]rules.Point

	// The regions of one colour's pass: their points in
	// regionPts[regionStart[r]:regionStart[r+1]], and what Benson's
	// algorithm needs to know of each.
	nRegions    int
	regionStart [maxChains + 1]int16
	regionPts   [maxChains]rules.Point
	vital       [maxChains][4]int16 // chains every empty point of the region touches
	nVital      [maxChains]uint8
	internal    [maxChains]uint8 // points touching no stone of the colour, counted up to 2
	bordersPla  [maxChains]bool
	containsOpp [maxChains]bool
	nearDead    [maxChains]bool // borders a chain found not pass-alive

	alive      [maxChains]bool
	vitalCount [maxChains]int16
	stack      [maxChains]rules.Point
}

// compute fills w.result with each point's owner as KataGo's area planes
// see it: Black, White or Empty.
func (w *areaWork) compute(b *rules.Board) {
	pts := b.Points()
	w.label(b)
	for _, p := range pts {
		w.result[p] = rules.Empty
	}
	w.passFor(rules.Black, pts)
	w.passFor(rules.White, pts) // White's marks win a tie, as in KataGo
	for _, p := range pts {
		if w.result[p] == rules.Empty {
			w.result[p] = w.color[p]
		}
	}
}

// label copies the colours and numbers the chains.
func (w *areaWork) label(b *rules.Board) {
	pts := b.Points()
	for _, p := range pts {
		w.color[p] = b.At(p)
		w.chain[p] = noID
		for _, q := range p.Neighbours() {
			// The padding around the board: its colour is read by
			// every flood fill below, never written.
			if !b.Contains(q) {
				w.color[q] = rules.Edge
			}
		}
	}
	w.nChains = 0
	n := int16(0)
	for _, p := range pts {
		c := w.color[p]
		if (c != rules.Black && c != rules.White) || w.chain[p] != noID {
			continue
		}
		id := int16(w.nChains)
		w.nChains++
		w.chainColor[id] = c
		w.chainStart[id] = n
		w.chain[p] = id
		w.stones[n] = p
		for i := n; i <= n; i++ { // the list grows as the fill finds stones
			for _, q := range w.stones[i].Neighbours() {
				if w.color[q] == c && w.chain[q] == noID {
					w.chain[q] = id
					n++
					w.stones[n] = q
				}
			}
		}
		n++
	}
	w.chainStart[w.nChains] = n
}

// passFor runs Benson's algorithm for pla's chains and marks in w.result
// its pass-alive stones and the regions KataGo counts as its territory.
func (w *areaWork) passFor(pla rules.Color, pts []rules.Point) {
	opp := pla.Opponent()
	w.buildRegions(pla, opp, pts)

	for c := 0; c < w.nChains; c++ {
		w.alive[c] = w.chainColor[c] == pla
	}
	for {
		for c := 0; c < w.nChains; c++ {
			w.vitalCount[c] = 0
		}
		for r := 0; r < w.nRegions; r++ {
			if w.nearDead[r] {
				continue
			}
			for _, c := range w.vital[r][:w.nVital[r]] {
				w.vitalCount[c]++
			}
		}
		killed := false
		for c := 0; c < w.nChains; c++ {
			if !w.alive[c] || w.vitalCount[c] >= 2 {
				continue
			}
			// Fewer than two vital regions left: not pass-alive, and no
			// region it touches can serve the other chains any more.
			w.alive[c] = false
			killed = true
			for _, s := range w.stones[w.chainStart[c]:w.chainStart[c+1]] {
				for _, q := range s.Neighbours() {
					if r := w.region[q]; r != noID && (w.color[q] == rules.Empty || w.color[q] == opp) {
						w.nearDead[r] = true
					}
				}
			}
		}
		if !killed {
			break
		}
	}

	for c := 0; c < w.nChains; c++ {
		if w.alive[c] {
			for _, s := range w.stones[w.chainStart[c]:w.chainStart[c+1]] {
				w.result[s] = pla
			}
		}
	}
	for r := 0; r < w.nRegions; r++ {
		// A small region (at most one point away from pla's stones) next
		// to pass-alive chains only; a region free of enemy stones next
		// to pass-alive chains only; and, the "unsafe" option, a region
		// free of enemy stones whatever borders it.
		mark := w.bordersPla[r] && ((w.internal[r] <= 1 && !w.nearDead[r]) || !w.containsOpp[r])
		if mark {
			for _, q := range w.regionPts[w.regionStart[r]:w.regionStart[r+1]] {
				w.result[q] = pla
			}
		}
	}
}

// buildRegions splits the points that are empty or opp's into connected
// regions, each started from an empty point, and records for each the
// pla chains it is vital to: those every empty point of it touches.
func (w *areaWork) buildRegions(pla, opp rules.Color, pts []rules.Point) {
	for _, p := range pts {
		w.region[p] = noID
	}
	w.nRegions = 0
	n := int16(0)
	for _, p := range pts {
		if w.color[p] != rules.Empty || w.region[p] != noID {
			continue
		}
		r := int16(w.nRegions)
		w.nRegions++
		w.regionStart[r] = n
		w.nVital[r], w.internal[r] = 0, 0
		w.bordersPla[r], w.containsOpp[r], w.nearDead[r] = false, false, false
		// Every chain next to the first point is a candidate; each empty
		// point of the region keeps those it touches.
		for _, q := range p.Neighbours() {
			if w.color[q] == pla {
				w.addVital(r, w.chain[q])
			}
		}
		w.region[p] = r
		w.regionPts[n] = p
		for i := n; i <= n; i++ {
			q := w.regionPts[i]
			w.visit(r, q, pla, opp)
			for _, s := range q.Neighbours() {
				if c := w.color[s]; (c == rules.Empty || c == opp) && w.region[s] == noID {
					w.region[s] = r
					n++
					w.regionPts[n] = s
				}
			}
		}
		n++
	}
	w.regionStart[w.nRegions] = n
}

// addVital adds chain c to region r's candidates, once.
func (w *areaWork) addVital(r, c int16) {
	for _, v := range w.vital[r][:w.nVital[r]] {
		if v == c {
			return
		}
	}
	w.vital[r][w.nVital[r]] = c
	w.nVital[r]++
}

// visit records what point q tells of its region r.
func (w *areaWork) visit(r int16, q rules.Point, pla, opp rules.Color) {
	nb := q.Neighbours()
	if w.color[q] == rules.Empty {
		kept := uint8(0)
		for _, c := range w.vital[r][:w.nVital[r]] {
			for _, s := range nb {
				if w.color[s] == pla && w.chain[s] == c {
					w.vital[r][kept] = c
					kept++
					break
				}
			}
		}
		w.nVital[r] = kept
	}
	touches := false
	for _, s := range nb {
		if w.color[s] == pla {
			touches = true
			break
		}
	}
	if touches {
		w.bordersPla[r] = true
	} else if w.internal[r] < 2 {
		w.internal[r]++
	}
	if w.color[q] == opp {
		w.containsOpp[r] = true
	}
}
