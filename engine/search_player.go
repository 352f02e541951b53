package engine

import (
	"context"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// SearchPlayer plays with the tree search and judges dead stones with the
// ownership its searches gather. It is the engine's default Player and
// Judge.
type SearchPlayer struct {
	searcher *search.Searcher
	cfg      SearchSettings
	last     *search.Result // the last search, for the log
	// With a network: its adapter, and the evaluations it had made
	// before the last search, for the log.
	net         *netSearch
	judge       *netJudge
	evalsSince  int64
	lowSearches int // consecutive searches below the resign threshold
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

// evalCacheSize is how many network evaluations a NetworkPlayer keeps.
const evalCacheSize = 1 << 14

// NewNetworkPlayer returns a player searching with the network m (PUCT,
// see search.SetNetwork) and the given settings. It judges dead stones
// with the network's ownership (see netJudge).
func NewNetworkPlayer(s SearchSettings, m *nn.Model) *SearchPlayer {
	p := NewSearchPlayer(s)
	p.net = newNetSearch(m, evalCacheSize)
	p.judge = &netJudge{model: m}
	p.searcher.SetNetwork(p.net)
	return p
}

// GenMove searches for c until the limits (the engine sets them from the
// clock), the context's end or the search's own early stop, and returns
// the move, or ErrResign when the game is clearly lost.
func (p *SearchPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, lim Limits) (rules.Point, error) {
	if p.net != nil {
		p.evalsSince = p.net.evals.Load()
	}
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
	var pr priors
	if !p.searcher.HasNetwork() {
		pr = priorsOf(g, c)
	}
	r := p.searcher.Search(ctx, g, c, lim.budget(ctx, g, c, p.cfg.Tuning.Time.DeadlineShare))
	s := snapshotOf(r, g.Board(), pr)
	if p.searcher.HasNetwork() {
		// The network's policy is the prior: no need of the patterns'.
		for i := range s.Moves {
			s.Moves[i].Prior = r.Candidates[i].Prior
		}
	}
	return s
}

// shouldResign counts searches below the threshold and reports whether the
// game is clearly lost: enough of them in a row, each with enough
// playouts, past the opening; with a network, under a lower threshold
// and behind by enough points (see ResignTuning).
func (p *SearchPlayer) shouldResign(g *rules.Game, r *search.Result) bool {
	rt := p.cfg.Tuning.Resign
	least, threshold, lost := rt.MinPlayouts, p.cfg.ResignThreshold, true
	if p.searcher.HasNetwork() {
		least, threshold = rt.MinVisits, threshold*rt.NetworkScale
		lost = r.ScoreLead <= -rt.NetworkMinLead
	}
	if threshold <= 0 || r.Playouts < least || r.WinRate >= threshold || !lost {
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

// Ownership implements Judge: with a network, by its ownership head (see
// netJudge); otherwise, or on a board the network cannot read, with the
// search's playout policy alone (see search.Ownership): at the end of a
// game it captures dead stones and leaves sekis standing, and exploratory
// tree moves cannot blur it.
func (p *SearchPlayer) Ownership(ctx context.Context, g *rules.Game) (*Ownership, error) {
	if p.judge != nil {
		if o, ok := p.judge.ownership(g); ok {
			return o, nil
		}
	}
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
	if p.net != nil {
		evals := float64(p.net.evals.Load() - p.evalsSince)
		return logrus.Fields{
			"visits": r.Playouts, "evals_per_s": int(evals / max(r.Elapsed.Seconds(), 1e-9)),
			"winrate": float64(int(r.WinRate*1000)) / 1000, "score_lead": float64(int(r.ScoreLead*10)) / 10,
			"nodes": r.Nodes, "pv": pvString(r.PV()),
		}
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
