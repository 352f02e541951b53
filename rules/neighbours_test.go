package rules_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// TestNeighbourCounts checks the one-read neighbour counts against the
// colours of the four neighbours, at every point of positions along random
// games, edges and corners included.
func TestNeighbourCounts(t *testing.T) {
	for _, size := range []int{1, 2, 3, 5, 9, 19} {
		for seed := range uint64(6) {
			b, _ := randomPosition(size, int(seed)*size*size/4, seed)
			for _, p := range b.Points() {
				var empty, black, white int
				for _, q := range p.Neighbours() {
					switch b.At(q) {
					case rules.Empty:
						empty++
					case rules.Black:
						black++
					case rules.White:
						white++
					}
				}
				gotBlack, gotWhite := b.StoneNeighbours(p)
				require.Equal(t, [3]int{empty, black, white}, [3]int{b.EmptyNeighbours(p), gotBlack, gotWhite},
					"%dx%d seed %d at %v: counts empty, black, white\n%s", size, size, seed, p, b)
			}
		}
	}
}
