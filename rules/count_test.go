package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestLegalPositionCount enumerates every colouring of the small boards and
// counts those the board accepts as a position (every chain has a liberty):
// the known numbers of legal Go positions, 57 on 2x2 and 12,675 on 3x3. Each
// colouring's verdict is also checked against the reference flood fill.
func TestLegalPositionCount(t *testing.T) {
	tests := []struct{ size, want int }{
		{1, 1},
		{2, 57},
		{3, 12675},
	}
	for _, tt := range tests {
		b := rules.NewBoard(tt.size)
		points := b.Points()
		colouring := make([]rules.Color, len(points))
		total := 1
		for range points {
			total *= 3
		}
		legal := 0
		for code := range total {
			var black, white []rules.Point
			for i, c := 0, code; i < len(points); i, c = i+1, c/3 {
				colouring[i] = rules.Color(c % 3)
				switch colouring[i] {
				case rules.Black:
					black = append(black, points[i])
				case rules.White:
					white = append(white, points[i])
				}
			}
			b.Clear()
			accepted := b.Setup(rules.Black, black) == nil && b.Setup(rules.White, white) == nil
			ref := newRefBoard(tt.size)
			for i, c := range colouring {
				j, _ := ref.index(points[i])
				ref.color[j] = c
			}
			require.Equal(t, ref.valid(), accepted, "%dx%d colouring %v: Setup accepted (actual), flood fill says valid (expected)", tt.size, tt.size, colouring)
			if accepted {
				legal++
				if legal%16 != 1 {
					continue // check the chains of a sample: all of them is slow under -race
				}
				require.Empty(t, boardMismatch(b, ref), "%dx%d colouring %v", tt.size, tt.size, colouring)
			}
		}
		assert.Equal(t, tt.want, legal, "%dx%d: legal positions", tt.size, tt.size)
	}
}
