package gtp_test

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/internal/nntest"
	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
)

// newNetEngine returns an engine like newEngine's with the tiny network.
func newNetEngine() *engine.Engine {
	return engine.New(engine.Config{Player: firstPlayer{}, Seed: 1, Model: nntest.Tiny()})
}

// rawNN is one symmetry's block of a kata-raw-nn response, parsed.
type rawNN struct {
	symmetry       int
	values         map[string]float64 // whiteWin ... shorttermScoreError
	policy         [][]string         // rows from the top, as printed
	policyPass     float64
	whiteOwnership [][]float64
}

// The lines of one block, in KataGo's order, and the number formats of
// its values.
var (
	rawNNScalars = []string{"whiteWin", "whiteLoss", "noResult", "whiteLead", "whiteScoreSelfplay",
		"whiteScoreSelfplaySq", "varTimeLeft", "shorttermWinlossError", "shorttermScoreError"}
	sixDecimals   = regexp.MustCompile(`^-?\d+\.\d{6}$`)
	threeDecimals = regexp.MustCompile(`^-?\d+\.\d{3}$`)
	policyValue   = regexp.MustCompile(`^(\d\.\d{6}|NAN)$`)
	ownerValue    = regexp.MustCompile(`^-?\d\.\d{7}$`)
)

// policyRow writes a row of the policy as KataGo does: each probability
// with 6 decimals (8 characters), an illegal move as NAN right-aligned in
// 7, each followed by a space.
func policyRow(values []string) string {
	var sb strings.Builder
	for _, v := range values {
		fmt.Fprintf(&sb, "%7s ", v)
	}
	return sb.String()
}

// parseRawNN parses a kata-raw-nn response (without its "= ") into its
// blocks, checking every line's form on a board of side size: the
// names, the decimals, the rows' widths (each value followed by a space,
// as KataGo prints them, but the response's last line).
func parseRawNN(t *testing.T, text string, size int) []rawNN {
	t.Helper()
	lines := strings.Split(text, "\n")
	perBlock := 1 + len(rawNNScalars) + 1 + size + 1 + 1 + size
	require.Zero(t, len(lines)%perBlock, "%d lines, %d a block:\n%s", len(lines), perBlock, text)
	var out []rawNN
	for len(lines) > 0 {
		block, rest := lines[:perBlock], lines[perBlock:]
		lines = rest
		last := len(lines) == 0
		var r rawNN
		_, err := fmt.Sscanf(block[0], "symmetry %d", &r.symmetry)
		require.NoError(t, err, block[0])
		require.Equal(t, fmt.Sprintf("symmetry %d", r.symmetry), block[0])
		r.values = map[string]float64{}
		for i, name := range rawNNScalars {
			key, v, ok := strings.Cut(block[1+i], " ")
			require.True(t, ok, block[1+i])
			require.Equal(t, name, key)
			if i < 3 {
				require.Regexp(t, sixDecimals, v, name)
			} else {
				require.Regexp(t, threeDecimals, v, name)
			}
			r.values[name], err = strconv.ParseFloat(v, 64)
			require.NoError(t, err)
		}
		at := 1 + len(rawNNScalars)
		require.Equal(t, "policy", block[at])
		for _, row := range block[at+1 : at+1+size] {
			values := strings.Fields(row)
			require.Len(t, values, size, "%q", row)
			for _, v := range values {
				require.Regexp(t, policyValue, v)
			}
			require.Equal(t, policyRow(values), row)
			r.policy = append(r.policy, values)
		}
		at += 1 + size
		pass, ok := strings.CutPrefix(block[at], "policyPass ")
		require.True(t, ok, block[at])
		require.Regexp(t, policyValue, strings.TrimSpace(pass))
		require.Equal(t, policyRow([]string{strings.TrimSpace(pass)}), pass)
		r.policyPass, err = strconv.ParseFloat(pass[:len(pass)-1], 64)
		require.NoError(t, err)
		require.Equal(t, "whiteOwnership", block[at+1])
		for y, row := range block[at+2:] {
			fields := strings.Fields(row)
			require.Len(t, fields, size, row)
			if !(last && y == size-1) {
				require.True(t, strings.HasSuffix(row, " "), "%q ends with a space", row)
			}
			var values []float64
			for _, f := range fields {
				require.Regexp(t, ownerValue, f)
				v, err := strconv.ParseFloat(f, 64)
				require.NoError(t, err)
				values = append(values, v)
			}
			r.whiteOwnership = append(r.whiteOwnership, values)
		}
		out = append(out, r)
	}
	return out
}

// response strips a single response's "= " and its closing empty line.
func response(t *testing.T, out string) string {
	t.Helper()
	require.True(t, strings.HasPrefix(out, "= "), "%.200q", out)
	require.True(t, strings.HasSuffix(out, "\n\n"), "%.200q", out)
	require.Equal(t, 1, strings.Count(out, "\n\n"), "one response")
	return strings.TrimSuffix(strings.TrimPrefix(out, "= "), "\n\n")
}

func TestKataRawNNLayout(t *testing.T) {
	e := newNetEngine()
	run(t, e, nil, "boardsize 9\nplay b e5\nplay w c3\n")
	blocks := parseRawNN(t, response(t, run(t, e, nil, "kata-raw-nn 0\n")), 9)
	require.Len(t, blocks, 1)
	b := blocks[0]
	assert.Equal(t, 0, b.symmetry)
	assert.InDelta(t, 1, b.values["whiteWin"]+b.values["whiteLoss"]+b.values["noResult"], 3e-6)
	assert.Zero(t, b.values["noResult"], "no result is impossible under superko and area scoring")
	for _, name := range []string{"varTimeLeft", "shorttermWinlossError", "shorttermScoreError"} {
		assert.Equal(t, -1.0, b.values[name], "model version 8 has no %s: KataGo prints -1", name)
	}
	// The rows run from the top: E5 is row 5 from the top of 9, column E;
	// C3 is row 7, column C. Both are occupied, so illegal.
	assert.Equal(t, "NAN", b.policy[4][4])
	assert.Equal(t, "NAN", b.policy[6][2])
	sum := b.policyPass
	nans := 0
	for _, row := range b.policy {
		for _, v := range row {
			if v == "NAN" {
				nans++
				continue
			}
			p, err := strconv.ParseFloat(v, 64)
			require.NoError(t, err)
			sum += p
		}
	}
	assert.Equal(t, 2, nans)
	assert.InDelta(t, 1, sum, 1e-4, "the policy is a distribution over the legal moves")

	// The numbers are the engine's own evaluation, rounded as printed.
	var out nn.Output
	require.NoError(t, e.RawNN(0, &out))
	assert.InDelta(t, out.WhiteWin, b.values["whiteWin"], 5e-7)
	assert.InDelta(t, out.WhiteLead, b.values["whiteLead"], 5e-4)
	assert.InDelta(t, out.WhiteScoreSelfplaySq, b.values["whiteScoreSelfplaySq"], 5e-4)
	assert.InDelta(t, out.PolicyPass, b.policyPass, 5e-7)
	assert.InDelta(t, out.WhiteOwnership[nn.Index(pt(t, "A1"), 9)], b.whiteOwnership[8][0], 5e-8)
}

func TestKataRawNNAllSymmetries(t *testing.T) {
	e := newNetEngine()
	run(t, e, nil, "boardsize 7\nplay b d4\n")
	one := map[int]rawNN{}
	for s := range nn.NumSymmetries {
		bs := parseRawNN(t, response(t, run(t, e, nil, fmt.Sprintf("kata-raw-nn %d\n", s))), 7)
		require.Len(t, bs, 1)
		one[s] = bs[0]
	}
	for _, arg := range []string{"all", "ALL", "All"} {
		all := parseRawNN(t, response(t, run(t, e, nil, "kata-raw-nn "+arg+"\n")), 7)
		require.Len(t, all, nn.NumSymmetries, "one block a symmetry, with no empty line between them")
		for s, b := range all {
			assert.Equal(t, one[s], b, "all, symmetry %d, is kata-raw-nn %d", s, s)
		}
	}
	assert.NotEqual(t, one[0].policy, one[1].policy, "symmetries evaluate differently")
}

func TestKataRawNNBadArguments(t *testing.T) {
	e := newNetEngine()
	run(t, e, nil, "boardsize 9\nplay b e5\n")
	before := run(t, e, nil, "showboard\nkata-raw-nn 3\n")
	for _, args := range []string{"", " 8", " -1", " 9", " 1.5", " foo", " 0 1", " all 0", " 00x", " " + strings.Repeat("9", 30)} {
		assert.Equal(t, "? syntax error\n\n", run(t, e, nil, "kata-raw-nn"+args+"\n"), "kata-raw-nn%s", args)
	}
	assert.Equal(t, before, run(t, e, nil, "showboard\nkata-raw-nn 3\n"), "nothing changed")
	assert.Equal(t, "=7 true\n\n", run(t, e, nil, "7 known_command kata-raw-nn\n"))
	assert.Contains(t, strings.Split(run(t, e, nil, "list_commands\n"), "\n"), "kata-raw-nn")
}

// Without a network kata-raw-nn says why it cannot answer, and
// list_commands and known_command leave it out: a controller that probes
// them learns that it cannot ask for the network's outputs.
func TestKataRawNNWithoutNetwork(t *testing.T) {
	e := newEngine()
	run(t, e, nil, "boardsize 9\nplay b e5\n")
	before := run(t, e, nil, "showboard\n")
	for _, args := range []string{" 0", " all", "", " 8", " foo"} {
		assert.Equal(t, "? no network loaded (start Yunzi with --model)\n\n", run(t, e, nil, "kata-raw-nn"+args+"\n"))
	}
	assert.Equal(t, before, run(t, e, nil, "showboard\n"))
	assert.Equal(t, "= false\n\n", run(t, e, nil, "known_command kata-raw-nn\n"))
	assert.NotContains(t, strings.Split(run(t, e, nil, "list_commands\n"), "\n"), "kata-raw-nn")
}

// kata-raw-nn 0 through GTP against KataGo's own kata-raw-nn 0 for the
// shared network, within the tolerances the evaluator is held to: the
// position set up with boardsize, komi, set_free_handicap and play, as a
// GUI sends it.
func TestKataRawNNMatchesKataGo(t *testing.T) {
	m := nntest.Model(t)
	positions := nntest.Golden(t)
	ids := []string{
		"gnugo/games/nicklas/nicklas21.sgf@71",                     // 9x9, four handicap stones
		"empty-9-white",                                            // White to move after Black's pass
		"gnugo/games/nngs/evand-gnugo-3.3.11-200211151742.sgf@116", // 19x19, five handicap stones, White to move
	}
	if raceEnabled {
		ids = ids[:1] // the race detector makes the evaluation some ten times slower
	}
	for _, id := range ids {
		g := nntest.Find(t, positions, id)
		t.Run(id, func(t *testing.T) {
			e := engine.New(engine.Config{Player: firstPlayer{}, Seed: 1, Model: m})
			var setup strings.Builder
			fmt.Fprintf(&setup, "boardsize %d\nkomi %g\n", g.Size, g.Komi)
			if len(g.Handicap) > 0 {
				fmt.Fprintf(&setup, "set_free_handicap %s\n", strings.Join(g.Handicap, " "))
			}
			for _, mv := range g.Moves {
				fmt.Fprintf(&setup, "play %s %s\n", mv[0], mv[1])
			}
			out := run(t, e, nil, setup.String())
			require.Equal(t, strings.Repeat("= \n\n", 2+min(len(g.Handicap), 1)+len(g.Moves)), out, "the setup is accepted")

			blocks := parseRawNN(t, response(t, run(t, e, nil, "kata-raw-nn 0\n")), g.Size)
			require.Len(t, blocks, 1)
			b := blocks[0]
			const (
				tolPolicy    = 0.002
				tolWin       = 0.002
				tolLead      = 0.05
				tolOwnership = 0.005
			)
			assert.InDelta(t, g.Win, b.values["whiteWin"], tolWin, "whiteWin")
			assert.InDelta(t, g.Loss, b.values["whiteLoss"], tolWin, "whiteLoss")
			assert.InDelta(t, g.NoResult, b.values["noResult"], tolWin, "noResult")
			assert.InDelta(t, g.WhiteLead, b.values["whiteLead"], tolLead, "whiteLead")
			assert.InDelta(t, g.WhiteScoreSelfplay, b.values["whiteScoreSelfplay"], tolLead, "whiteScoreSelfplay")
			assert.InDelta(t, g.PolicyPass, b.policyPass, tolPolicy, "policyPass")
			for i, want := range g.Policy {
				v := b.policy[i/g.Size][i%g.Size]
				if want < 0 {
					assert.Equal(t, "NAN", v, "policy at %s", nn.PointOf(i, g.Size))
					continue
				}
				got, err := strconv.ParseFloat(v, 64)
				require.NoError(t, err, "policy at %s: %q", nn.PointOf(i, g.Size), v)
				assert.InDelta(t, want, got, tolPolicy, "policy at %s", nn.PointOf(i, g.Size))
			}
			worst := 0.0
			for i, want := range g.WhiteOwnership {
				got := b.whiteOwnership[i/g.Size][i%g.Size]
				assert.InDelta(t, want, got, tolOwnership, "ownership at %s", nn.PointOf(i, g.Size))
				worst = math.Max(worst, math.Abs(want-got))
			}
			t.Logf("%s: whiteWin %.6f (KataGo %.6f), whiteLead %.3f (KataGo %.3f), worst ownership difference %.7f",
				id, b.values["whiteWin"], g.Win, b.values["whiteLead"], g.WhiteLead, worst)
		})
	}
}

func pt(t *testing.T, v string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(v)
	require.NoError(t, err)
	return p
}
