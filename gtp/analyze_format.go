package gtp

import (
	"math"
	"strconv"
	"strings"

	"github.com/yunzi-go/yunzi/analysis"
	"github.com/yunzi-go/yunzi/rules"
)

// lzInfo prints a snapshot in Leela Zero's format: per candidate "info move
// D4 visits 836 winrate 4656 prior 839 lcb 4640 order 0 pv D4 Q16", win
// rates scaled by 10000 and from the mover's side, pv last.
func lzInfo(s *analysis.Snapshot, a analyzeArgs) string {
	var sb strings.Builder
	for i, m := range candidates(s, a) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString("info move " + m.Point.String())
		sb.WriteString(" visits " + strconv.Itoa(m.Visits))
		sb.WriteString(" winrate " + strconv.Itoa(scaled(m.WinRate)))
		sb.WriteString(" prior " + strconv.Itoa(scaled(m.Prior)))
		sb.WriteString(" lcb " + strconv.Itoa(scaled(m.LCB)))
		sb.WriteString(" order " + strconv.Itoa(i))
		sb.WriteString(" pv " + pvText(m))
	}
	return sb.String()
}

// kataInfo prints a snapshot in KataGo's format: floats with a decimal
// point, scoreLead and scoreMean (the same: the mean margin of the
// playouts through the move), pv last in each block, then, if asked,
// "ownership" and size*size values from the top-left, from the mover's
// side.
func kataInfo(s *analysis.Snapshot, a analyzeArgs) string {
	var sb strings.Builder
	for i, m := range candidates(s, a) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString("info move " + m.Point.String())
		sb.WriteString(" visits " + strconv.Itoa(m.Visits))
		sb.WriteString(" utility " + decimal(2*m.WinRate-1))
		sb.WriteString(" winrate " + decimal(m.WinRate))
		sb.WriteString(" scoreMean " + decimal(m.ScoreLead))
		sb.WriteString(" scoreLead " + decimal(m.ScoreLead))
		sb.WriteString(" prior " + decimal(m.Prior))
		sb.WriteString(" lcb " + decimal(m.LCB))
		sb.WriteString(" order " + strconv.Itoa(i))
		sb.WriteString(" pv " + pvText(m))
	}
	if a.ownership && len(s.Ownership) == s.Size*s.Size {
		sign := 1.0
		if s.Color == rules.White {
			sign = -1
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString("ownership")
		for _, v := range s.Ownership {
			sb.WriteString(" " + decimal(sign*v))
		}
	}
	return sb.String()
}

// candidates returns the snapshot's moves, at most a.maxMoves of them.
func candidates(s *analysis.Snapshot, a analyzeArgs) []analysis.Move {
	if a.maxMoves > 0 && len(s.Moves) > a.maxMoves {
		return s.Moves[:a.maxMoves]
	}
	return s.Moves
}

// scaled turns a rate in [0, 1] into an integer in [0, 10000].
func scaled(r float64) int {
	return int(math.Round(min(max(r, 0), 1) * 10000))
}

// decimal prints a number with up to six decimals and always a decimal
// point ("0.5", "-1.0", "0.123457"), never "-0.0".
func decimal(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	t := strconv.FormatFloat(v, 'f', 6, 64)
	t = strings.TrimRight(t, "0")
	if strings.HasSuffix(t, ".") {
		t += "0"
	}
	if t == "-0.0" {
		t = "0.0"
	}
	return t
}

// pvText is the move's variation, or the move alone.
func pvText(m analysis.Move) string {
	if len(m.PV) == 0 {
		return m.Point.String()
	}
	return vertexList(m.PV)
}
