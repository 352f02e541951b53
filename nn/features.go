package nn

import (
	"fmt"
	"math"
	"sync"

	"github.com/yunzi-go/yunzi/rules"
)

// The input features are KataGo's input version 7 (nninputs.cpp,
// fillRowV7), the inputs of model version 8, for the rules Yunzi plays:
// area scoring, no suicide, positional (or situational) superko, White
// receiving the game's komi and handicap compensation. In KataGo's terms
// that is the rule set "chinese-ogs" (friendly passes allowed, no tax, no
// button, one point per handicap stone).
//
// The spatial planes, each Size*Size values in the package's board order,
// from the view of the player to move ("own"):
const (
	PlaneOnBoard     = 0  // 1 everywhere: the net runs at the board's own size
	PlaneOwnStones   = 1  // the player to move's stones
	PlaneOppStones   = 2  // the opponent's stones
	PlaneLiberties1  = 3  // stones of chains with one liberty
	PlaneLiberties2  = 4  // two liberties
	PlaneLiberties3  = 5  // three liberties
	PlaneKoBan       = 6  // the simple ko point and every point superko forbids
	PlanePrevMove1   = 9  // the last move (the opponent's), if not a pass
	PlanePrevMove5   = 13 // planes 9 to 13: the moves one to five back, alternating colours
	PlaneLadder      = 14 // stones of chains a ladder captures
	PlaneLadderPrev1 = 15 // the same on the position one move back
	PlaneLadderPrev2 = 16 // and two moves back
	PlaneLadderMoves = 17 // moves that start a working ladder on an opponent chain with two liberties
	PlaneOwnArea     = 18 // the mover's area: pass-alive stones and territory, other stones, one-colour regions
	PlaneOppArea     = 19 // the opponent's
)

// The global values.
const (
	globalPrevPass1   = 0  // globals 0 to 4: 1 if the moves one to five back were passes
	globalKomi        = 5  // the mover's komi (negative for Black), over 20
	globalKoRule      = 6  // 1: a superko rule
	globalSuperkoKind = 7  // 0.5 positional, -0.5 situational
	globalPassEnds    = 14 // 1: a pass now would end the game
	globalKomiWave    = 18 // the komi's parity wave
)

// Planes 7 and 8 (encore ko marks), 20 and 21 (second encore stones) and
// globals 8 (suicide allowed), 9 (territory scoring), 10 and 11 (group
// tax), 12 and 13 (encore), 15 and 16 (playout doubling advantage) and
// 17 (button) stay zero under these rules.

// friendlyPassOk is KataGo's rule of that name, true in its Chinese rule
// sets: when a pass would end the game (the opponent has just passed),
// the net is shown no history at all and no "pass ends the game" flag, so
// that it judges the position as if play went on.
const friendlyPassOk = true

// komiClipRadius bounds the komi shown to the net at the board's area
// plus this many points either way (KataGo's NNPos::KOMI_CLIP_RADIUS).
const komiClipRadius = 20

// Featurizer computes the network inputs of positions. It holds scratch
// space, reused from call to call, so that filling an Input of a size
// seen before allocates nothing. A Featurizer is for one goroutine at a
// time; the package's Fill shares a pool of them.
type Featurizer struct {
	ladder ladderReader
	area   areaWork
}

var featurizers = sync.Pool{New: func() any { return new(Featurizer) }}

// Fill fills in with the inputs of g's current position for the player to
// move, with a Featurizer from a shared pool: safe for concurrent use, as
// long as nobody plays on g meanwhile (Fill only reads it).
func Fill(g *rules.Game, in *Input) error {
	f := featurizers.Get().(*Featurizer)
	err := f.Fill(g, in)
	featurizers.Put(f)
	return err
}

// Fill fills in with the inputs of g's current position for the player to
// move (g.ToMove()): Size, ToMove, the spatial planes and global values,
// and Legal (every move the game's rules allow ToMove now, superko
// included; the pass last). in.Spatial and in.Legal are allocated only if
// they do not have the size the board needs.
func (f *Featurizer) Fill(g *rules.Game, in *Input) error {
	b := g.Board()
	pla := g.ToMove()
	if pla != rules.Black && pla != rules.White {
		return fmt.Errorf("nn: no player to move (%v)", pla)
	}
	opp := pla.Opponent()
	size := b.Size()
	n := size * size
	if len(in.Spatial) != NumSpatialFeatures*n {
		in.Spatial = make([]float32, NumSpatialFeatures*n)
	} else {
		clear(in.Spatial)
	}
	if len(in.Legal) != n+1 {
		in.Legal = make([]bool, n+1)
	}
	in.Size, in.ToMove = size, pla
	in.Global = [NumGlobalFeatures]float32{}
	plane := func(k int) []float32 { return in.Spatial[k*n : (k+1)*n] }

	f.fillPoints(g, in, plane)
	passEnds, prevBoard, prevPrevBoard := fillHistory(g, in, plane)

	f.ladder.iterate(b, plane(PlaneLadder), plane(PlaneLadderMoves), opp)
	f.ladder.iterate(prevBoard, plane(PlaneLadderPrev1), nil, opp)
	f.ladder.iterate(prevPrevBoard, plane(PlaneLadderPrev2), nil, opp)

	f.area.compute(b)
	own, other := plane(PlaneOwnArea), plane(PlaneOppArea)
	for i := range n {
		switch f.area.result[PointOf(i, size)] {
		case pla:
			own[i] = 1
		case opp:
			other[i] = 1
		}
	}

	selfKomi := float32(g.Compensation())
	if pla == rules.Black {
		selfKomi = -selfKomi
	}
	bound := float32(n + komiClipRadius)
	selfKomi = min(max(selfKomi, -bound), bound)
	in.Global[globalKomi] = selfKomi / 20
	in.Global[globalKoRule] = 1
	in.Global[globalSuperkoKind] = 0.5
	if g.Superko == rules.Situational {
		in.Global[globalSuperkoKind] = -0.5
	}
	if passEnds {
		in.Global[globalPassEnds] = 1
	}
	in.Global[globalKomiWave] = komiWave(selfKomi, n)
	return nil
}

// fillPoints sets the stone, liberty and ko planes and in.Legal.
func (f *Featurizer) fillPoints(g *rules.Game, in *Input, plane func(int) []float32) {
	b := g.Board()
	pla := in.ToMove
	opp := pla.Opponent()
	size := b.Size()
	ko, koColor := b.Ko()
	onBoard, own, other, ban := plane(PlaneOnBoard), plane(PlaneOwnStones), plane(PlaneOppStones), plane(PlaneKoBan)
	for i := range size * size {
		p := PointOf(i, size)
		onBoard[i] = 1
		c := b.At(p)
		in.Legal[i] = false
		switch c {
		case pla, opp:
			if c == pla {
				own[i] = 1
			} else {
				other[i] = 1
			}
			if libs := b.Liberties(p); libs <= 3 {
				plane(PlaneLiberties1 + libs - 1)[i] = 1
			}
		case rules.Empty:
			legal := b.IsLegal(rules.Move{Color: pla, Point: p})
			switch {
			case p == ko && koColor == pla:
				ban[i] = 1
			case legal && g.Repeats(b.HashAfter(pla, p), opp):
				// A move that recreates an earlier position: forbidden
				// by superko, shown on the ko plane as KataGo does.
				ban[i] = 1
				legal = false
			}
			in.Legal[i] = legal
		}
	}
	in.Legal[size*size] = true
}

// fillHistory sets the planes and globals of the last five moves and
// returns whether a pass would end the game (as the net is told) and the
// positions one and two moves back that the ladder planes read: the
// current one where the history shown does not reach that far.
func fillHistory(g *rules.Game, in *Input, plane func(int) []float32) (passEnds bool, prev, prevPrev *rules.Board) {
	b := g.Board()
	pla := in.ToMove
	// Two passes in a row end the game under area scoring. After one,
	// with friendly passes, the net sees no history; after two (a game
	// over), only the last move.
	turns := 5
	passes := g.Passes()
	switch {
	case passes == 1 && friendlyPassOk:
		turns = 0
	case passes >= 2:
		turns = 1
		passEnds = true
	case passes == 1:
		passEnds = true
	}
	shown := 0
	for k := 1; k <= turns; k++ {
		step, _, ok := g.RecentStep(k)
		// Only moves since the last setup count (KataGo's history starts
		// there), and only while the colours alternate back from the
		// opponent.
		want := pla.Opponent()
		if k%2 == 0 {
			want = pla
		}
		if !ok || step.Setup || step.Move.Color != want {
			break
		}
		shown = k
		if step.Move.Point == rules.Pass {
			in.Global[globalPrevPass1+k-1] = 1
		} else {
			plane(PlanePrevMove1 + k - 1)[Index(step.Move.Point, b.Size())] = 1
		}
	}
	prev, prevPrev = b, b
	if shown >= 1 {
		_, prev, _ = g.RecentStep(1)
		prevPrev = prev
	}
	if shown >= 2 {
		_, prevPrev, _ = g.RecentStep(2)
	}
	return passEnds, prev, prevPrev
}

// komiWave is KataGo's parity feature: a triangle wave of the komi with a
// period of two points, rising through the komis where a draw is possible
// (those of the board area's parity under area scoring).
func komiWave(selfKomi float32, area int) float32 {
	var floor float32
	if area%2 == 0 {
		floor = float32(math.Floor(float64(selfKomi/2))) * 2
	} else {
		floor = float32(math.Floor(float64((selfKomi-1)/2)))*2 + 1
	}
	delta := min(max(selfKomi-floor, 0), 2)
	switch {
	case delta < 0.5:
		return delta
	case delta < 1.5:
		return 1 - delta
	}
	return delta - 2
}
