package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestEyeSpaces: which eye spaces the attacker kills, and their vital
// points ("" when no single point touches the most others), drawn as the
// black stones of a 7x7 board.
func TestEyeSpaces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		diagram string
		kills   bool
		vital   string
	}{
		{"one point", ".......\n.......\n.......\n...X...\n.......\n.......\n.......", true, "D4"},
		{"two points", ".......\n.......\n.......\n...XX..\n.......\n.......\n.......", true, ""},
		{"straight three", ".......\n.......\n.......\n..XXX..\n.......\n.......\n.......", true, "D4"},
		{"bent three", ".......\n.......\n..X....\n..XX...\n.......\n.......\n.......", true, "C4"},
		{"straight four", ".......\n.......\n.......\n.XXXX..\n.......\n.......\n.......", false, ""},
		{"bent four", ".......\n.......\n..X....\n..XXX..\n.......\n.......\n.......", false, ""},
		{"zigzag four", ".......\n.......\n..XX...\n...XX..\n.......\n.......\n.......", false, ""},
		{"square four", ".......\n.......\n..XX...\n..XX...\n.......\n.......\n.......", true, ""},
		{"pyramid four", ".......\n.......\n...X...\n..XXX..\n.......\n.......\n.......", true, "D4"},
		{"bent four in the corner", ".......\n.......\n.......\n.......\n.......\n......X\n....XXX", true, ""},
		{"bent four on the edge", ".......\n.......\n.......\n.......\n.......\n.....X.\n...XXX.", false, ""},
		{"straight four in the corner", ".......\n.......\n.......\n.......\n.......\n.......\n...XXXX", false, ""},
		{"cross five", ".......\n.......\n...X...\n..XXX..\n...X...\n.......\n.......", true, "D4"},
		{"bulky five", ".......\n.......\n..XX...\n..XXX..\n.......\n.......\n.......", true, "D4"},
		{"bent five", ".......\n.......\n..X....\n..XXXX.\n.......\n.......\n.......", false, ""},
		{"rabbity six", ".......\n.......\n..XX...\n..XXX..\n...X...\n.......\n.......", true, "D4"},
		{"rectangular six", ".......\n.......\n..XXX..\n..XXX..\n.......\n.......\n.......", false, ""},
		{"seven", ".......\n.......\n..XXX..\n..XXX..\n...X...\n.......\n.......", false, "D4"},
	} {
		b, err := rules.ParseDiagram(tc.diagram)
		require.NoError(t, err, tc.name)
		var points []rules.Point
		for _, p := range b.Points() {
			if b.At(p) == rules.Black {
				points = append(points, p)
			}
		}
		assert.Equal(t, tc.kills, rules.KillingShape(points, b.Size()), tc.name)
		vital, ok := rules.VitalPoint(points)
		if tc.vital == "" {
			assert.False(t, ok, "%s: vital point %v", tc.name, vital)
		} else if assert.True(t, ok, tc.name) {
			assert.Equal(t, tc.vital, vital.String(), tc.name)
		}
	}
}
