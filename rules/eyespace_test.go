package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestEyeSpaces: which eye spaces the attacker kills, drawn as the black
// stones of a 7x7 board.
func TestEyeSpaces(t *testing.T) {
	for _, tc := range []struct {
		name    string
		diagram string
		kills   bool
	}{
		{"one point", ".......\n.......\n.......\n...X...\n.......\n.......\n.......", true},
		{"two points", ".......\n.......\n.......\n...XX..\n.......\n.......\n.......", true},
		{"straight three", ".......\n.......\n.......\n..XXX..\n.......\n.......\n.......", true},
		{"bent three", ".......\n.......\n..X....\n..XX...\n.......\n.......\n.......", true},
		{"straight four", ".......\n.......\n.......\n.XXXX..\n.......\n.......\n.......", false},
		{"bent four", ".......\n.......\n..X....\n..XXX..\n.......\n.......\n.......", false},
		{"zigzag four", ".......\n.......\n..XX...\n...XX..\n.......\n.......\n.......", false},
		{"square four", ".......\n.......\n..XX...\n..XX...\n.......\n.......\n.......", true},
		{"pyramid four", ".......\n.......\n...X...\n..XXX..\n.......\n.......\n.......", true},
		{"bent four in the corner", ".......\n.......\n.......\n.......\n.......\n......X\n....XXX", true},
		{"bent four on the edge", ".......\n.......\n.......\n.......\n.......\n.....X.\n...XXX.", false},
		{"straight four in the corner", ".......\n.......\n.......\n.......\n.......\n.......\n...XXXX", false},
		{"cross five", ".......\n.......\n...X...\n..XXX..\n...X...\n.......\n.......", true},
		{"bulky five", ".......\n.......\n..XX...\n..XXX..\n.......\n.......\n.......", true},
		{"bent five", ".......\n.......\n..X....\n..XXXX.\n.......\n.......\n.......", false},
		{"rabbity six", ".......\n.......\n..XX...\n..XXX..\n...X...\n.......\n.......", true},
		{"rectangular six", ".......\n.......\n..XXX..\n..XXX..\n.......\n.......\n.......", false},
		{"seven", ".......\n.......\n..XXX..\n..XXX..\n...X...\n.......\n.......", false},
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
	}
}
