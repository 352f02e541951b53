// Package review analyses every position of a game record's main line and
// writes the record back with the analysis: for each move the win rate and
// score lead before and after it, the engine's preferred move and line,
// the points the move lost, Sabaki's SBKV win rate, and the engine's line
// as a variation where a move lost much; with a summary of each player's
// mistakes.
package review

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// Config says how a game is reviewed.
type Config struct {
	// Visits caps each position's playouts.
	Visits int
	// Parallel is the number of positions searched at once.
	Parallel int
	// Engine is the template of each position's engine (seed, network,
	// search threads).
	Engine engine.Config
	// Komi, when not nil, replaces the record's.
	Komi *float64
	// Mistake is the loss in points from which a move gets the engine's
	// line as a variation; Drop the fall in the mover's win rate (a
	// fraction) that does too.
	Mistake, Drop float64
	// Progress, if set, is called after each position with the number
	// analysed and the total.
	Progress func(done, total int)
}

// Move is the review of one move, every value from Black's side but Loss
// and Drop, which are the mover's.
type Move struct {
	Number int    `json:"number"`
	Color  string `json:"color"`
	Move   string `json:"move"`
	// WinRateBefore and WinRateAfter are Black's win rate before and after
	// the move; LeadBefore and LeadAfter Black's score lead.
	WinRateBefore float64 `json:"winrateBefore"`
	WinRateAfter  float64 `json:"winrateAfter"`
	LeadBefore    float64 `json:"scoreLeadBefore"`
	LeadAfter     float64 `json:"scoreLeadAfter"`
	// Loss is the points the move lost for its player (negative: gained);
	// Drop the fall of its player's win rate.
	Loss float64 `json:"loss"`
	Drop float64 `json:"winrateDrop"`
	// Best is the move the engine preferred and PV its line.
	Best string   `json:"best"`
	PV   []string `json:"pv"`
}

// Report is a game's review.
type Report struct {
	Moves []Move `json:"moves"`
}

// Run reviews the first game of the SGF collection data: it searches the
// position before each move of the main line and the final one, and
// returns the review with the game tree annotated (comments, SBKV,
// variations). The record is refused, with the reason, when Yunzi cannot
// load it.
func Run(ctx context.Context, cfg Config, data []byte) (*Report, *sgf.Node, error) {
	roots, err := sgf.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	root := roots[0]
	opts := rules.DefaultOptions()
	if _, err := sgf.LoadTree(root, opts, 0); err != nil {
		return nil, nil, err
	}
	// The main line's move nodes, in order.
	var nodes, parents []*sgf.Node
	line := root.MainLine()
	for i, n := range line {
		if _, ok := n.Props["B"]; ok {
			nodes, parents = append(nodes, n), append(parents, parentOf(line, i))
		} else if _, ok := n.Props["W"]; ok {
			nodes, parents = append(nodes, n), append(parents, parentOf(line, i))
		}
	}
	// Position k is the game before move k+1; the last, after every move.
	games := make([]*rules.Game, len(nodes)+1)
	for k := range games {
		num := k + 1
		if k == len(nodes) {
			num = 0
		}
		rec, err := sgf.LoadTree(root, opts, num)
		if err != nil {
			return nil, nil, err
		}
		if cfg.Komi != nil {
			rec.Game.Komi = *cfg.Komi
		}
		games[k] = rec.Game
	}
	snaps := analyse(ctx, cfg, games)
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}

	rep := &Report{}
	for k, n := range nodes {
		before, after := snaps[k], snaps[k+1]
		gb, ga := games[k], games[k+1]
		mv := ga.Moves()[len(ga.Moves())-1]
		c := mv.Color
		sign := 1.0
		if c == rules.White {
			sign = -1
		}
		m := Move{
			Number: k + 1, Color: c.Letter(), Move: mv.Point.String(),
			WinRateBefore: blackWin(before, gb.ToMove()), WinRateAfter: blackWin(after, ga.ToMove()),
			LeadBefore: blackLead(before, gb.ToMove()), LeadAfter: blackLead(after, ga.ToMove()),
		}
		m.Loss = sign * (m.LeadBefore - m.LeadAfter)
		m.Drop = sign * (m.WinRateBefore - m.WinRateAfter)
		if b := before.Best(); b != nil && gb.ToMove() == c {
			m.Best = b.Point.String()
			for _, p := range b.PV {
				m.PV = append(m.PV, p.String())
			}
		}
		rep.Moves = append(rep.Moves, m)
		n.Set("C", joinComment(n.Value("C"), m.comment()))
		n.Set("SBKV", strconv.FormatFloat(100*m.WinRateAfter, 'f', 2, 64))
		if (m.Loss >= cfg.Mistake || m.Drop >= cfg.Drop) && m.Best != "" && m.Best != m.Move {
			addVariation(parents[k], c, before.Best().PV, gb.Size(), m)
		}
	}
	root.Set("C", joinComment(root.Value("C"), rep.Summary(cfg.Mistake)))
	return rep, root, nil
}

// analyse searches the positions on cfg.Parallel workers, each with a
// fresh engine.
func analyse(ctx context.Context, cfg Config, games []*rules.Game) []*analysis.Snapshot {
	snaps := make([]*analysis.Snapshot, len(games))
	next := make(chan int)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	for range max(cfg.Parallel, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				e := engine.New(cfg.Engine)
				s := e.AnalyzeGame(ctx, games[k], games[k].ToMove(), engine.Limits{Playouts: cfg.Visits})
				if s == nil {
					s = &analysis.Snapshot{WinRate: 0.5}
				}
				snaps[k] = s
				mu.Lock()
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, len(games))
				}
				mu.Unlock()
			}
		}()
	}
	for k := range games {
		select {
		case next <- k:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	return snaps
}

// parentOf returns the node before line[i], nil for the root.
func parentOf(line []*sgf.Node, i int) *sgf.Node {
	if i == 0 {
		return nil
	}
	return line[i-1]
}

func blackWin(s *analysis.Snapshot, toMove rules.Color) float64 {
	if toMove == rules.White {
		return 1 - s.WinRate
	}
	return s.WinRate
}

func blackLead(s *analysis.Snapshot, toMove rules.Color) float64 {
	if toMove == rules.White {
		return -s.ScoreLead
	}
	return s.ScoreLead
}

// comment is the move's SGF comment.
func (m Move) comment() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Yunzi: Black's win rate %.1f%% -> %.1f%%, Black's score lead %+.1f -> %+.1f\n",
		100*m.WinRateBefore, 100*m.WinRateAfter, m.LeadBefore, m.LeadAfter)
	fmt.Fprintf(&b, "%s %s lost %.1f points (win rate %+.1f%% for %s)", colorName(m.Color), m.Move, m.Loss, -100*m.Drop, colorName(m.Color))
	if m.Best != "" {
		fmt.Fprintf(&b, "\nYunzi prefers %s: %s", m.Best, strings.Join(m.PV, " "))
	}
	return b.String()
}

func colorName(letter string) string {
	if letter == "W" {
		return "White"
	}
	return "Black"
}

// joinComment adds a comment after the one a node has.
func joinComment(old, add string) string {
	if old == "" {
		return add
	}
	return old + "\n\n" + add
}

// addVariation adds the engine's line from parent as a variation beside
// the move played, c moving first.
func addVariation(parent *sgf.Node, c rules.Color, pv []rules.Point, size int, m Move) {
	if parent == nil || len(pv) == 0 {
		return
	}
	n := parent
	for i, p := range pv {
		child := sgf.NewNode()
		child.Add(c.Letter(), p.SGF(size))
		if i == 0 {
			child.Add("C", fmt.Sprintf("Yunzi's line instead of %s (%.1f points better)", m.Move, math.Max(m.Loss, 0)))
		}
		n.AddChild(child)
		n, c = child, c.Opponent()
	}
}

// Summary tells each player's mistakes by size, the biggest swings and the
// average loss per move.
func (r *Report) Summary(mistake float64) string {
	var b strings.Builder
	b.WriteString("Yunzi's review")
	for _, c := range []string{"B", "W"} {
		var n int
		var total float64
		var small, medium, big int
		for _, m := range r.Moves {
			if m.Color != c {
				continue
			}
			n++
			total += math.Max(m.Loss, 0)
			switch {
			case m.Loss >= 3*mistake:
				big++
			case m.Loss >= 2*mistake:
				medium++
			case m.Loss >= mistake:
				small++
			}
		}
		avg := 0.0
		if n > 0 {
			avg = total / float64(n)
		}
		fmt.Fprintf(&b, "\n%s: %d moves, average loss %.2f points; moves losing %g to %g points: %d, %g to %g: %d, %g or more: %d",
			colorName(c), n, avg, mistake, 2*mistake, small, 2*mistake, 3*mistake, medium, 3*mistake, big)
	}
	worst := slices.Clone(r.Moves)
	slices.SortStableFunc(worst, func(a, b Move) int { return cmp.Compare(b.Loss, a.Loss) })
	if len(worst) > 5 {
		worst = worst[:5]
	}
	if len(worst) > 0 {
		b.WriteString("\nBiggest swings:")
		for _, m := range worst {
			fmt.Fprintf(&b, "\n  move %d, %s %s: %.1f points", m.Number, colorName(m.Color), m.Move, m.Loss)
		}
	}
	return b.String()
}
