package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/yunzi-go/yunzi/rules"
)

// Status is the fate of a stone at the end of the game, as GTP's
// final_status_list names it.
type Status string

// The statuses of final_status_list.
const (
	Alive Status = "alive"
	Dead  Status = "dead"
	Seki  Status = "seki"
)

// How ownership becomes a status. Each chain is judged as a whole, by the
// share of outcomes in which the opponent owns its points (averaged over
// its stones):
//
//   - above deadShare the chain is dead: the opponent owns it in a clear
//     majority of the playouts;
//   - below sekiShare it is alive;
//   - in between the playouts could not settle its fate. That is what a
//     seki looks like to light playouts (the group dies in about half of
//     them, whoever fills a shared liberty first), but an unsettled fight
//     looks the same. Such chains are reported as seki and counted alive.
//     A better judge (the search's ownership) will make this honest; with
//     the playout judge "seki" means "contested".
const (
	deadShare = 0.65
	sekiShare = 0.35
)

// Statuses judges every chain on the board and returns the stones of each
// status, each list in board order.
func (e *Engine) Statuses(ctx context.Context) (map[Status][]rules.Point, error) {
	g := e.game
	key := statusKey{g.Board().Hash(), g.ToMove(), g.Size()}
	if e.statuses.valid && e.statuses.key == key {
		return e.statuses.value, nil
	}
	o, err := e.cfg.Judge.Ownership(ctx, g)
	if err != nil {
		return nil, err
	}
	b := g.Board()
	out := map[Status][]rules.Point{Alive: nil, Dead: nil, Seki: nil}
	seen := map[rules.Point]bool{}
	for _, p := range b.Points() {
		c := b.At(p)
		if c == rules.Empty || seen[p] {
			continue
		}
		var chain []rules.Point
		share := 0.0
		b.Chain(p, func(s rules.Point) {
			chain = append(chain, s)
			seen[s] = true
			share += o.Share(s, c.Opponent())
		})
		share /= float64(len(chain))
		s := Alive
		switch {
		case share > deadShare:
			s = Dead
		case share >= sekiShare:
			s = Seki
		}
		out[s] = append(out[s], chain...)
	}
	for _, pts := range out {
		slices.Sort(pts)
	}
	e.statuses = statusCache{key: key, value: out, valid: true}
	return out, nil
}

// statusKey identifies the position a judgement was made for: the judge
// sees only the stones and the player to move.
type statusKey struct {
	hash   uint64
	toMove rules.Color
	size   int
}

// statusCache keeps the last judgement, so that final_score,
// final_status_list and cleanup moves on one position agree and cost one
// round of playouts. Callers must not modify value.
type statusCache struct {
	key   statusKey
	value map[Status][]rules.Point
	valid bool
}

// FinalStatus returns the stones of one status ("alive", "dead", "seki").
func (e *Engine) FinalStatus(ctx context.Context, status string) ([]rules.Point, error) {
	s := Status(status)
	if s != Alive && s != Dead && s != Seki {
		return nil, fmt.Errorf("unknown status %q", status)
	}
	all, err := e.Statuses(ctx)
	if err != nil {
		return nil, err
	}
	return all[s], nil
}

// FinalScore scores the game by area with the dead stones removed (see
// Statuses), komi and handicap compensation included; a resignation wins
// for the other side.
func (e *Engine) FinalScore(ctx context.Context) (rules.Result, error) {
	if e.game.Resigned() != rules.Empty {
		return e.game.Score(nil), nil
	}
	all, err := e.Statuses(ctx)
	if err != nil {
		return rules.Result{}, err
	}
	return e.game.Score(all[Dead]), nil
}
