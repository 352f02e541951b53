package gtp

import (
	"fmt"
	"strings"

	"github.com/yunzi-go/yunzi/nn"
)

// ErrNoNetwork answers kata-raw-nn when the engine has no network.
const ErrNoNetwork Failure = "no network loaded (start Yunzi with --model)"

// kataRawNN answers KataGo's kata-raw-nn SYMMETRY: the network's raw
// outputs for the current position, evaluated under one symmetry (0 to 7)
// or under each of them in turn ("all"), in KataGo's layout and number
// formats (see formatRawNN). KataGo requires the argument, and so does
// this.
func (s *Server) kataRawNN(args []string) (string, error) {
	if !s.engine.HasNetwork() {
		return "", ErrNoNetwork
	}
	if err := want(args, 1); err != nil {
		return "", err
	}
	first, last := 0, nn.NumSymmetries-1
	if !strings.EqualFold(args[0], "all") {
		n, err := parseInt(args[0], 0, nn.NumSymmetries-1)
		if err != nil {
			return "", err
		}
		first, last = n, n
	}
	size := s.engine.Size()
	var (
		sb  strings.Builder
		out nn.Output
	)
	for sym := first; sym <= last; sym++ {
		if err := s.engine.RawNN(sym, &out); err != nil {
			return "", Failure("cannot evaluate the position")
		}
		formatRawNN(&sb, sym, size, &out)
	}
	return strings.TrimRight(sb.String(), " \n"), nil
}

// formatRawNN writes one symmetry's outputs as KataGo's kata-raw-nn prints
// them (cpp/command/gtp.cpp): probabilities with 6 decimals, scores with
// 3; the policy ("NAN" where the move is illegal) and White's ownership
// (7 decimals) row by row from the top row, each value followed by a
// space. KataGo puts an empty line after each symmetry; GTP ends a
// response at an empty line, so here the next symmetry follows at once.
//
// Model version 8 has no outputs for the variance of the time left and
// the short-term errors: KataGo reports them as -1, and so does this.
func formatRawNN(sb *strings.Builder, sym, size int, out *nn.Output) {
	fmt.Fprintf(sb, "symmetry %d\n", sym)
	fmt.Fprintf(sb, "whiteWin %.6f\n", out.WhiteWin)
	fmt.Fprintf(sb, "whiteLoss %.6f\n", out.WhiteLoss)
	fmt.Fprintf(sb, "noResult %.6f\n", out.NoResult)
	fmt.Fprintf(sb, "whiteLead %.3f\n", out.WhiteLead)
	fmt.Fprintf(sb, "whiteScoreSelfplay %.3f\n", out.WhiteScoreSelfplay)
	fmt.Fprintf(sb, "whiteScoreSelfplaySq %.3f\n", out.WhiteScoreSelfplaySq)
	const missing = -1.0
	fmt.Fprintf(sb, "varTimeLeft %.3f\n", missing)
	fmt.Fprintf(sb, "shorttermWinlossError %.3f\n", missing)
	fmt.Fprintf(sb, "shorttermScoreError %.3f\n", missing)
	sb.WriteString("policy\n")
	for y := range size {
		for _, p := range out.Policy[y*size : (y+1)*size] {
			writeProb(sb, p)
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("policyPass ")
	writeProb(sb, out.PolicyPass)
	sb.WriteString("\nwhiteOwnership\n")
	for y := range size {
		for _, o := range out.WhiteOwnership[y*size : (y+1)*size] {
			fmt.Fprintf(sb, "%9.7f ", o)
		}
		sb.WriteByte('\n')
	}
}

// writeProb writes a move's probability as KataGo does, "NAN" for an
// illegal move (a negative probability).
func writeProb(sb *strings.Builder, p float32) {
	if p < 0 {
		sb.WriteString("    NAN ")
		return
	}
	fmt.Fprintf(sb, "%8.6f ", p)
}
