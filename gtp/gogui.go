package gtp

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

// GoGui settings.
const (
	// gfxEvery is the time between live graphics during a genmove.
	gfxEvery = 500 * time.Millisecond
	// territoryOwnership is the ownership above which a point is drawn as
	// territory.
	territoryOwnership = 0.5
	// gfxMoves is how many candidate moves the labels show.
	gfxMoves = 10
	// gfxPatternMoves is how many moves yunzi-patterns numbers: about as
	// many as progressive widening lets a well-visited node look at.
	gfxPatternMoves = 20
	// textPatternMoves is how many moves its text line gives with their
	// chances.
	textPatternMoves = 5
)

// analyzeCommands are GoGui's analyze commands: type/label/command.
var analyzeCommands = []string{
	"dboard/Ownership/yunzi-ownership",
	"gfx/Visits/yunzi-visits",
	"gfx/Win rates/yunzi-winrates",
	"gfx/Best sequence/yunzi-pv",
	"gfx/Territory/yunzi-territory",
	"string/Score estimate/yunzi-score",
	"gfx/Pattern ranks/yunzi-patterns",
}

// networkAnalyzeCommands are the analyze commands that need the network,
// listed only when the engine has one.
var networkAnalyzeCommands = []string{
	"gfx/Policy heat map/yunzi-policy",
}

// goguiAnalyzeCommands lists the analyze commands, and from then on the
// genmove commands show live graphics (the controller is GoGui).
func (s *Server) goguiAnalyzeCommands(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	if s.gfx != nil {
		s.liveGfx = true
	}
	list := analyzeCommands
	if s.engine.HasNetwork() {
		list = append(slices.Clip(list), networkAnalyzeCommands...)
	}
	return strings.Join(list, "\n"), nil
}

// goguiInterrupt is listed so that GoGui sends "# interrupt" lines, which
// the input reader watches for during genmove; the command itself does
// nothing.
func (s *Server) goguiInterrupt(args []string) (string, error) { return "", want(args, 0) }

// estimate runs the engine's analysis of the position for the player to
// move; GoGui's interrupt cuts it short.
func (s *Server) estimate(args []string) (*analysis.Snapshot, error) {
	if err := want(args, 0); err != nil {
		return nil, err
	}
	var snap *analysis.Snapshot
	s.watch(stopOnInterrupt, func(ctx context.Context) { snap = s.engine.Estimate(ctx, s.engine.ToMove()) })
	if snap == nil {
		return nil, ErrCannotScore
	}
	return snap, nil
}

// ownershipBoard answers a dboard: size rows from the top, values in
// [-1, 1], positive for Black.
func (s *Server) ownershipBoard(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for y := snap.Size - 1; y >= 0; y-- {
		sb.WriteByte('\n')
		for x := 0; x < snap.Size; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%.2f", snap.OwnershipAt(x, y))
		}
	}
	return sb.String(), nil
}

func (s *Server) visitsGfx(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	return labelsGfx(snap, func(m analysis.Move) string { return fmt.Sprint(m.Visits) }), nil
}

func (s *Server) winratesGfx(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	return labelsGfx(snap, func(m analysis.Move) string { return fmt.Sprintf("%.0f%%", 100*m.WinRate) }), nil
}

func (s *Server) pvGfx(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	return varGfx(snap), nil
}

func (s *Server) territoryGfx(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	return territory(snap), nil
}

func (s *Server) scoreString(args []string) (string, error) {
	snap, err := s.estimate(args)
	if err != nil {
		return "", err
	}
	return scoreText(snap), nil
}

// patternsGfx numbers the player to move's first moves as the learned
// move patterns rank them, and gives the first few chances as text. Those
// chances give part of each move's prior; on 13x13 and up they also, with
// the tactical bonuses, order the moves for the search's widening. It runs
// no search.
func (s *Server) patternsGfx(args []string) (string, error) {
	if err := want(args, 0); err != nil {
		return "", err
	}
	chances := s.engine.PatternChances(s.engine.ToMove())
	if len(chances) == 0 {
		return "", nil
	}
	labels := []string{"LABEL"}
	for i, c := range chances[:min(len(chances), gfxPatternMoves)] {
		labels = append(labels, c.Point.String(), fmt.Sprint(i+1))
	}
	var text []string
	for _, c := range chances[:min(len(chances), textPatternMoves)] {
		text = append(text, fmt.Sprintf("%s %.1f%%", c.Point, 100*c.Chance))
	}
	return strings.Join(labels, " ") + "\nTEXT " + strings.Join(text, ", "), nil
}

// labelsGfx is a gfx LABEL line over the best candidates.
func labelsGfx(snap *analysis.Snapshot, label func(analysis.Move) string) string {
	words := []string{"LABEL"}
	for i, m := range snap.Moves {
		if i == gfxMoves {
			break
		}
		if m.Point != rules.Pass {
			words = append(words, m.Point.String(), label(m))
		}
	}
	if len(words) == 1 {
		return ""
	}
	return strings.Join(words, " ")
}

// varGfx is a gfx VAR line with the best move's variation.
func varGfx(snap *analysis.Snapshot) string {
	best := snap.Best()
	if best == nil {
		return ""
	}
	words := []string{"VAR"}
	c := snap.Color
	for _, p := range pvOf(best) {
		words = append(words, strings.ToLower(c.Letter()), p.String())
		c = c.Opponent()
	}
	return strings.Join(words, " ")
}

func pvOf(m *analysis.Move) []rules.Point {
	if len(m.PV) == 0 {
		return []rules.Point{m.Point}
	}
	return m.PV
}

// territory is gfx BLACK and WHITE lines with the points each side owns.
func territory(snap *analysis.Snapshot) string {
	var black, white []string
	for y := snap.Size - 1; y >= 0; y-- {
		for x := 0; x < snap.Size; x++ {
			switch v := snap.OwnershipAt(x, y); {
			case v > territoryOwnership:
				black = append(black, rules.PointAt(x, y).String())
			case v < -territoryOwnership:
				white = append(white, rules.PointAt(x, y).String())
			}
		}
	}
	var lines []string
	if len(black) > 0 {
		lines = append(lines, "BLACK "+strings.Join(black, " "))
	}
	if len(white) > 0 {
		lines = append(lines, "WHITE "+strings.Join(white, " "))
	}
	return strings.Join(lines, "\n")
}

// scoreText is the score estimate from Black's side, rounded to half
// points and written as final_score writes a result (the two agree on an
// open position), with the mover's win rate: "B+3.5 (black wins 62%, 1200
// playouts)", "W+6 (white wins 56%, 1344 playouts)".
func scoreText(snap *analysis.Snapshot) string {
	lead := snap.ScoreLead
	if snap.Color == rules.White {
		lead = -lead
	}
	result := rules.ResultOf(math.Round(lead*2) / 2)
	return fmt.Sprintf("%s (%s wins %.0f%%, %d playouts)", result, snap.Color, 100*snap.WinRate, snap.Playouts)
}

// writeLiveGfx writes a gogui-gfx block to the graphics writer: the
// candidates' visits, the best variation and a line of text. It runs on
// the search's goroutine during genmove.
func (s *Server) writeLiveGfx(snap *analysis.Snapshot) {
	lines := []string{"gogui-gfx:", "CLEAR"}
	for _, l := range []string{labelsGfx(snap, func(m analysis.Move) string { return fmt.Sprint(m.Visits) }), varGfx(snap)} {
		if l != "" {
			lines = append(lines, l)
		}
	}
	lines = append(lines, "TEXT "+scoreText(snap))
	io.WriteString(s.gfx, strings.Join(lines, "\n")+"\n\n")
}

// clearLiveGfx ends the live graphics of a genmove.
func (s *Server) clearLiveGfx() { io.WriteString(s.gfx, "gogui-gfx:\nCLEAR\n\n") }
