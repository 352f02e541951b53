package pattern

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func board(t *testing.T, diagram string) *rules.Board {
	t.Helper()
	b, err := rules.ParseDiagram(diagram)
	require.NoError(t, err)
	return b
}

func pt(t *testing.T, s string) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s)
	require.NoError(t, err)
	return p
}

// featuresAt returns the features of c playing at, after last and
// beforeLast ("" for none).
func featuresAt(t *testing.T, b *rules.Board, c rules.Color, at, last, beforeLast string) Features {
	t.Helper()
	x := Context{Board: b, Color: c, Last: rules.Pass, BeforeLast: rules.Pass}
	if last != "" {
		x.Last = pt(t, last)
	}
	if beforeLast != "" {
		x.BeforeLast = pt(t, beforeLast)
	}
	return x.Of(pt(t, at))
}

func TestCaptureFeature(t *testing.T) {
	// White C3, the last move, is in atari at D3. White H5 is in atari at
	// H4 and holds Black G5 in atari. White H1 is in atari at J1.
	b := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . X .
		. . . . . O X O X
		. . X . . . O . .
		. X O . . . . . .
		. . X . . . . X .
		. . . . . . X O .`)
	assert.Equal(t, uint16(1), featuresAt(t, b, rules.Black, "D3", "C3", "")[Capture], "the last move's chain")
	assert.Equal(t, uint16(2), featuresAt(t, b, rules.Black, "H4", "C3", "")[Capture], "saves G5 from atari")
	assert.Equal(t, uint16(3), featuresAt(t, b, rules.Black, "J1", "C3", "")[Capture], "another capture")
	assert.Equal(t, uint16(0), featuresAt(t, b, rules.Black, "E1", "C3", "")[Capture])
}

func TestEscapeFeature(t *testing.T) {
	// Black C5 is in atari at D5 from White's last move C6; D5 gives it
	// three liberties. Black G2 is in atari at G3 from an older move, and
	// G3 gives it only two.
	b := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . O . . . . . .
		. O X . . . . . .
		. . O . . . . . .
		. . . . . O . . .
		. . . . . O X O .
		. . . . . . O . .`)
	assert.Equal(t, uint16(1), featuresAt(t, b, rules.Black, "D5", "C6", "")[Escape])
	assert.Equal(t, uint16(4), featuresAt(t, b, rules.Black, "G3", "C6", "")[Escape])
	assert.Equal(t, uint16(0), featuresAt(t, b, rules.Black, "E5", "C6", "")[Escape])
}

func TestSelfAtariAndAtariFeatures(t *testing.T) {
	b := board(t, `
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . O . . .
		. . O X O . .
		. O X . X O .
		. . O . O . .`)
	// D2 joins the three Black stones into a chain whose only liberty
	// is D1.
	assert.Equal(t, uint16(2), featuresAt(t, b, rules.Black, "D2", "", "")[SelfAtari])
	// D1 is a lone stone with the one liberty D2; its atari on C1 and
	// E1 does not count, since White takes it at once.
	f := featuresAt(t, b, rules.Black, "D1", "", "")
	assert.Equal(t, uint16(1), f[SelfAtari])
	assert.Equal(t, uint16(0), f[Atari])
	// B3 leaves White C3 the one liberty C4 and keeps two of its own.
	f = featuresAt(t, b, rules.Black, "B3", "", "")
	assert.Equal(t, uint16(0), f[SelfAtari])
	assert.Equal(t, uint16(1), f[Atari])
}

func TestLineAndDistanceFeatures(t *testing.T) {
	b := rules.NewBoard(19)
	f := featuresAt(t, b, rules.Black, "D4", "", "")
	assert.Equal(t, uint16(18), f[Line], "4-4 point, nothing near")
	assert.Equal(t, uint16(16), featuresAt(t, b, rules.Black, "R16", "", "")[Line], "3-4 point")
	assert.Equal(t, uint16(17), featuresAt(t, b, rules.Black, "C10", "", "")[Line], "third line on the side")
	assert.Equal(t, uint16(6), featuresAt(t, b, rules.Black, "A1", "", "")[Line], "the corner point")
	assert.Equal(t, uint16(20), featuresAt(t, b, rules.Black, "K10", "", "")[Line], "the centre")
	assert.Equal(t, uint16(0), f[DistLast], "no last move")
	require.NoError(t, b.Play(rules.Move{Color: rules.White, Point: pt(t, "K10")}))
	f = featuresAt(t, b, rules.Black, "L10", "K10", "K10")
	assert.Equal(t, uint16(5), f[Line], "fifth line and beyond, a stone near")
	assert.Equal(t, uint16(1), f[DistLast], "touching: 1+0+1 = 2, less 1")
	assert.Equal(t, uint16(1), f[DistBeforeLast])
	assert.Equal(t, uint16(2+1+2-1), featuresAt(t, b, rules.Black, "M11", "K10", "")[DistLast])
	assert.Equal(t, uint16(16), featuresAt(t, b, rules.Black, "A1", "T19", "")[DistLast], "far: capped")
	assert.Equal(t, uint16(1), featuresAt(t, b, rules.Black, "A1", "A1", "")[DistLast], "the last move's point, its stone captured")
}

func TestShapeIsTheSameTurnedMirroredAndForEitherColour(t *testing.T) {
	// A hane: around C3, White C4 above and Black D4 above right.
	hane := board(t, `
		. . . . .
		. . O X .
		. . . . .
		. . . . .
		. . . . .`)
	turned := board(t, `
		. . . . .
		. . . . .
		. . . O .
		. . . X .
		. . . . .`) // a quarter turn: White right of C3, Black below right
	mirrored := board(t, `
		. . . . .
		. X O . .
		. . . . .
		. . . . .
		. . . . .`)
	swapped := board(t, `
		. . . . .
		. . X O .
		. . . . .
		. . . . .
		. . . . .`)
	other := board(t, `
		. . . . .
		. . O . .
		. . . X .
		. . . . .
		. . . . .`)
	want := featuresAt(t, hane, rules.Black, "C3", "", "")[Shape]
	assert.Equal(t, want, featuresAt(t, turned, rules.Black, "C3", "", "")[Shape])
	assert.Equal(t, want, featuresAt(t, mirrored, rules.Black, "C3", "", "")[Shape])
	assert.Equal(t, want, featuresAt(t, swapped, rules.White, "C3", "", "")[Shape])
	assert.NotEqual(t, want, featuresAt(t, swapped, rules.Black, "C3", "", "")[Shape], "colours matter")
	assert.NotEqual(t, want, featuresAt(t, other, rules.Black, "C3", "", "")[Shape])
}

// TestFeaturesStayInRange plays random games and checks every candidate
// move's features against their groups' ranges, the last two moves
// included: a stone captured where the last move stood, a pass, the start;
// the spatial patterns are those of the table Yunzi plays with.
func TestFeaturesStayInRange(t *testing.T) {
	for _, size := range []int{5, 9, 13, 19} {
		r := rules.NewRand(uint64(size))
		for game := range 2 {
			b := rules.NewBoard(size)
			c := rules.Black
			last, beforeLast := rules.Pass, rules.Pass
			for range 3 * size * size {
				x := Context{Board: b, Color: c, Last: last, BeforeLast: beforeLast, Patterns: Default.Patterns()}
				Candidates(b, c, func(p rules.Point) {
					f := x.Of(p)
					for g, v := range f {
						// Not require.Less, which formats its message on
						// every call: millions of calls here.
						if int(v) >= len(Default.gamma[g]) {
							t.Fatalf("size %d game %d: %s at %s has %s %d, beyond the table's %d values", size, game, c, p, Group(g), v, len(Default.gamma[g]))
						}
					}
				})
				p := b.RandomMove(c, r)
				if p != rules.Pass {
					require.NoError(t, b.Play(rules.Move{Color: c, Point: p}))
				}
				last, beforeLast, c = p, last, c.Opponent()
			}
		}
	}
}
