package gtp_test

import (
	"fmt"
	"math"
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

// heatMapResponse is a yunzi-policy response, parsed: each point's
// colour, each labelled point's text, and the status line.
type heatMapResponse struct {
	colors map[string]string
	labels map[string]string
	order  []string // the COLOR lines' colours, in order
	text   string
}

func parseHeatMap(t *testing.T, text string) heatMapResponse {
	t.Helper()
	r := heatMapResponse{colors: map[string]string{}, labels: map[string]string{}}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		verb, rest, _ := strings.Cut(line, " ")
		switch verb {
		case "COLOR":
			f := strings.Fields(rest)
			require.Greater(t, len(f), 1, "a colour and its points: %q", line)
			require.Regexp(t, `^#[0-9a-f]{6}$`, f[0])
			r.order = append(r.order, f[0])
			for _, p := range f[1:] {
				_, seen := r.colors[p]
				require.False(t, seen, "%s coloured twice", p)
				r.colors[p] = f[0]
			}
		case "LABEL":
			f := strings.Fields(rest)
			require.Zero(t, len(f)%2, "point text pairs: %q", line)
			for k := 0; k < len(f); k += 2 {
				r.labels[f[k]] = f[k+1]
			}
		case "TEXT":
			require.Equal(t, len(lines)-1, i, "the status line comes last")
			r.text = rest
		default:
			require.Failf(t, "not a gfx line", "%q", line)
		}
	}
	return r
}

// meanPolicy is the network's policy for the position averaged over the
// symmetries, by point, and the pass's.
func meanPolicy(t *testing.T, e *engine.Engine) (map[rules.Point]float64, float64) {
	t.Helper()
	size := e.Size()
	mean, pass := map[rules.Point]float64{}, 0.0
	var out nn.Output
	for s := range nn.NumSymmetries {
		require.NoError(t, e.RawNN(s, &out))
		for i, p := range out.Policy {
			mean[nn.PointOf(i, size)] += float64(p) / nn.NumSymmetries
		}
		pass += float64(out.PolicyPass) / nn.NumSymmetries
	}
	return mean, pass
}

// The heat map is the network's policy for the player to move, averaged
// over the symmetries: the likeliest move in the hottest colour, each
// move's colour by how many times less likely than it it is (halvings),
// none on a stone; labels in percent on the moves of 1% or more; the
// likeliest moves and the pass on the status line.
func TestPolicyHeatMap(t *testing.T) {
	e := newNetEngine()
	run(t, e, nil, "boardsize 9\nplay b e5\nplay w c3\nplay b g6\n")
	r := parseHeatMap(t, response(t, run(t, e, nil, "yunzi-policy\n")))
	mean, pass := meanPolicy(t, e)

	// The likeliest, the first of equals in the network's order (top row
	// first).
	best, bestP := rules.Pass, -1.0
	for i := range 9 * 9 {
		if p := nn.PointOf(i, 9); mean[p] > bestP {
			best, bestP = p, mean[p]
		}
	}
	require.Greater(t, bestP, 0.0)
	heats := []string{"#ff0000", "#ff5000", "#ff8c00", "#ffb400", "#ffd24d", "#ffe58f", "#fff3c4"}
	assert.Equal(t, heats[0], r.colors[best.String()], "the likeliest move is the hottest")
	for _, p := range e.Game().Board().Points() {
		v := p.String()
		if e.Game().Board().At(p) != rules.Empty {
			assert.NotContains(t, r.colors, v, "a stone is no move")
			assert.NotContains(t, r.labels, v)
			continue
		}
		if k := int(math.Floor(math.Log2(bestP / mean[p]))); k < len(heats) {
			assert.Equal(t, heats[k], r.colors[v], "%s: %.5f of the best's %.5f", v, mean[p], bestP)
		} else {
			assert.NotContains(t, r.colors, v, "%s is too unlikely to colour", v)
		}
		if mean[p] >= 0.01 {
			require.Contains(t, r.labels, v)
			got, err := strconv.ParseFloat(r.labels[v], 64)
			require.NoError(t, err)
			assert.InDelta(t, 100*mean[p], got, 0.5, "%s's label", v)
			assert.LessOrEqual(t, len(r.labels[v]), 3, "a label fits on a point")
		} else {
			assert.NotContains(t, r.labels, v)
		}
	}
	assert.Less(t, len(r.labels), 81, "not every move is labelled")
	for i, c := range r.order[1:] {
		assert.Less(t, slicesIndex(heats, r.order[i]), slicesIndex(heats, c), "hottest first")
	}
	wantStart := fmt.Sprintf("policy for white: %s %.1f%%, ", best, 100*bestP)
	assert.True(t, strings.HasPrefix(r.text, wantStart), "%q starts %q", r.text, wantStart)
	assert.True(t, strings.HasSuffix(r.text, fmt.Sprintf(", pass %.1f%%", 100*pass)), r.text)
	assert.Equal(t, 5+1, strings.Count(r.text, "%"), "five moves and the pass: %q", r.text)

	assert.Equal(t, "= \n\n", run(t, e, nil, "play w d4\n"))
	again := parseHeatMap(t, response(t, run(t, e, nil, "yunzi-policy\n")))
	assert.True(t, strings.HasPrefix(again.text, "policy for black: "), "now Black's: %q", again.text)
	assert.NotContains(t, again.colors, "D4")
}

func slicesIndex(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// With a network GoGui's list has the heat map; without one the list
// leaves it out and the command says why it cannot answer.
func TestPolicyHeatMapListed(t *testing.T) {
	withNet := strings.Split(response(t, run(t, newNetEngine(), nil, "gogui-analyze_commands\n")), "\n")
	assert.Contains(t, withNet, "gfx/Policy heat map/yunzi-policy")
	assert.Contains(t, withNet, "dboard/Ownership/yunzi-ownership", "the others stay")
	assert.Equal(t, "= true\n\n", run(t, newNetEngine(), nil, "known_command yunzi-policy\n"))
	assert.Equal(t, "? syntax error\n\n", run(t, newNetEngine(), nil, "yunzi-policy b\n"))

	e := newEngine()
	without := strings.Split(response(t, run(t, e, nil, "gogui-analyze_commands\n")), "\n")
	assert.NotContains(t, without, "gfx/Policy heat map/yunzi-policy")
	assert.Len(t, without, len(withNet)-1)
	assert.Equal(t, "? no network loaded (start Yunzi with --model)\n\n", run(t, e, nil, "yunzi-policy\n"))
	assert.Equal(t, "= false\n\n", run(t, e, nil, "known_command yunzi-policy\n"))
	assert.NotContains(t, strings.Split(run(t, e, nil, "list_commands\n"), "\n"), "yunzi-policy")
}

// With KataGo's network, a chain of four stones in atari: capturing it is
// the likeliest move by far, alone in the hottest colour.
func TestPolicyHeatMapCapture(t *testing.T) {
	e := engine.New(engine.Config{Player: firstPlayer{}, Seed: 1, Model: nntest.Model(t)})
	setup := "boardsize 9\n"
	for _, v := range []string{"c5", "d5", "e5", "f5"} {
		setup += "play w " + v + "\n"
	}
	for _, v := range []string{"b5", "c6", "d6", "e6", "f6", "c4", "d4", "e4", "f4"} {
		setup += "play b " + v + "\n"
	}
	setup += "play w a1\n"
	run(t, e, nil, setup)
	r := parseHeatMap(t, response(t, run(t, e, nil, "yunzi-policy\n")))
	assert.True(t, strings.HasPrefix(r.text, "policy for black: G5 "), r.text)
	assert.Equal(t, "#ff0000", r.colors["G5"])
	hottest := 0
	for _, c := range r.colors {
		if c == "#ff0000" {
			hottest++
		}
	}
	assert.Equal(t, 1, hottest, "no other move within half of it")
	p, err := strconv.ParseFloat(r.labels["G5"], 64)
	require.NoError(t, err)
	assert.Greater(t, p, 50.0, "the network is sure of it")
}
