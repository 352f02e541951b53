package engine

import (
	"context"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// SearchPlayer plays with the tree search and judges dead stones with the
// ownership its searches gather. It is the engine's default Player and
// Judge.
type SearchPlayer struct {
	searcher    *search.Searcher
	cfg         SearchSettings
	last        *search.Result // the last search, for the log
	lowSearches int            // consecutive searches below the resign threshold
}

// SearchSettings are what a SearchPlayer takes from the engine's Config.
type SearchSettings struct {
	Search search.Config
	// ResignThreshold is the win rate under which, held over
	// Tuning.Resign.Moves searches in a row, the player resigns; 0 never
	// resigns.
	ResignThreshold float64
	// Tuning holds the resignation rules, the dead-stone judgement's
	// playouts and the share of the deadline a search may use; the zero
	// value is DefaultTuning().
	Tuning Tuning
}

// NewSearchPlayer returns a player searching with the given settings.
func NewSearchPlayer(s SearchSettings) *SearchPlayer {
	if s.Tuning == (Tuning{}) {
		s.Tuning = DefaultTuning()
	}
	return &SearchPlayer{searcher: search.New(s.Search), cfg: s}
}

// GenMove searches for c until the limits (the engine sets them from the
// clock), the context's end or the search's own early stop, and returns
// the move, or ErrResign when the game is clearly lost.
func (p *SearchPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error) {
	r := p.searcher.Search(ctx, g, c, lim.budget(ctx, g, c, p.cfg.Tuning.Time.DeadlineShare))
	p.last = r
	if p.shouldResign(g, r) {
		return rules.Pass, ErrResign
	}
	return r.Move, nil
}

// Analyze implements Analyst: it searches for c until ctx is done or the
// limits are spent, keeping the tree for the next search (so pondering
// helps the next genmove), and returns what it found.
func (p *SearchPlayer) Analyze(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) *analysis.Snapshot {
	pr := priorsOf(g, c)
	r := p.searcher.Search(ctx, g, c, lim.budget(ctx, g, c, p.cfg.Tuning.Time.DeadlineShare))
	return snapshotOf(r, g.Board(), pr)
}

// shouldResign counts searches below the threshold and reports whether the
// game is clearly lost: enough of them in a row, each with enough
// playouts, past the opening.
func (p *SearchPlayer) shouldResign(g *rules.Game, r *search.Result) bool {
	rt := p.cfg.Tuning.Resign
	if p.cfg.ResignThreshold <= 0 || r.Playouts < rt.MinPlayouts || r.WinRate >= p.cfg.ResignThreshold {
		p.lowSearches = 0
		return false
	}
	p.lowSearches++
	opening := rt.Opening
	if g.Handicap() > 0 {
		opening *= rt.HandicapFactor
	}
	played := float64(g.MoveNumber()) / float64(g.Size()*g.Size())
	return p.lowSearches >= rt.Moves && played >= opening
}

// Ownership implements Judge with the search's playout policy alone (see
// search.Ownership): at the end of a game it captures dead stones and
// leaves sekis standing, and exploratory tree moves cannot blur it.
func (p *SearchPlayer) Ownership(ctx context.Context, g *rules.Game) (*Ownership, error) {
	b := g.Board()
	jt := p.cfg.Tuning.Judge
	net, played := search.Ownership(ctx, p.cfg.Search, b, jt.Playouts, jt.MinPlayouts)
	o := newOwnership(b)
	o.partial = played < jt.Playouts
	for i, pt := range b.Points() {
		// Net ownership is Black's outcomes minus White's; the few neutral
		// ones are split evenly.
		o.black[pt], o.white[pt] = (1+net[i])/2, (1-net[i])/2
	}
	return o, nil
}

// Summary returns the last search's summary for the genmove log line.
func (p *SearchPlayer) Summary() logrus.Fields {
	r := p.last
	if r == nil {
		return nil
	}
	return logrus.Fields{
		"playouts": r.Playouts, "playouts_per_s": int(r.PlayoutsPerSecond()),
		"winrate": float64(int(r.WinRate*1000)) / 1000, "score_lead": float64(int(r.ScoreLead*10)) / 10,
		"nodes": r.Nodes, "pv": pvString(r.PV()),
	}
}

func pvString(pv []rules.Point) string {
	s := ""
	for i, p := range pv {
		if i > 0 {
			s += " "
		}
		s += p.String()
	}
	return s
}
