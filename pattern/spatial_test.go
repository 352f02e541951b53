package pattern

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// hashesAt returns the spatial hashes of c playing at, by size.
func hashesAt(t *testing.T, b *rules.Board, c rules.Color, at string) map[int]uint64 {
	t.Helper()
	h := make(map[int]uint64)
	spatialHashes(b, pt(t, at), c, func(size int, hash uint64) bool {
		h[size] = hash
		return true
	})
	return h
}

func TestSpatialPointsAreTheDiscs(t *testing.T) {
	// Sizes 2 to 10 hold 4, 8, 12, 20, 28, 36, 48, 60 and 72 points.
	counts := make(map[int]int)
	for _, p := range spatialPoints {
		for d := p.dist; d <= maxSpatial; d++ {
			counts[d]++
		}
	}
	assert.Equal(t, map[int]int{2: 4, 3: 8, 4: 12, 5: 20, 6: 28, 7: 36, 8: 48, 9: 60, 10: 72}, counts)
}

func TestSpatialPatternsAreTheSameTurnedMirroredAndForEitherColour(t *testing.T) {
	// Around E5: Black at G6 (two right, one up) and White at E3 (two
	// down), near the lower edge.
	base := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . X . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	mirrored := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . X . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	turned := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . X . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`) // a half turn about E5: Black to C4, White to E7
	swapped := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . O . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	want := hashesAt(t, base, rules.Black, "E5")
	require.Len(t, want, maxSpatial-minSpatial+1)
	assert.Equal(t, want, hashesAt(t, mirrored, rules.Black, "E5"))
	assert.Equal(t, want, hashesAt(t, turned, rules.Black, "E5"))
	assert.Equal(t, want, hashesAt(t, swapped, rules.White, "E5"))
	assert.NotEqual(t, want[10], hashesAt(t, swapped, rules.Black, "E5")[10], "colours matter")
}

func TestSpatialSizesSeeOnlyTheirDisc(t *testing.T) {
	// A stone two points right and one up of E5 is at distance 5: size 4
	// sees nothing of it, sizes 5 and up do. The edge of 9x9, five points
	// below E5, first shows at distance 10.
	empty := board(t, strings.Repeat(". . . . . . . . .\n", 9))
	stone := board(t, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . X . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	e, s := hashesAt(t, empty, rules.Black, "E5"), hashesAt(t, stone, rules.Black, "E5")
	assert.Equal(t, e[4], s[4])
	for size := 5; size <= maxSpatial; size++ {
		assert.NotEqual(t, e[size], s[size], "size %d", size)
	}
	big := board(t, strings.Repeat(". . . . . . . . . . . . .\n", 13))
	b := hashesAt(t, big, rules.Black, "G7") // the centre of 13x13: no edge within 6
	for size := minSpatial; size < maxSpatial; size++ {
		assert.Equal(t, b[size], e[size], "size %d: no edge in the disc yet", size)
	}
	assert.NotEqual(t, b[maxSpatial], e[maxSpatial], "the edge five points away")
}

func TestDictionaryKnowsTheLargestHarvestedPattern(t *testing.T) {
	// Two games that open on the 4-4 point, one on the 3-4 point.
	h := NewHarvest()
	everyone := func(rules.Color) bool { return true }
	for _, game := range []string{"(;SZ[19];B[pd])", "(;SZ[19];B[dp])", "(;SZ[19];B[qd])"} {
		require.NoError(t, h.Add(gameOf(t, game), everyone))
	}
	d := h.Dictionary(2)
	// The 4-4 point's patterns, sizes 4 to 10, were played twice. The
	// edge is three points from the 3-4 point (distance 6) and four from
	// the 4-4 point (distance 8): the 3-4 point's patterns of sizes 4 and 5
	// are the 4-4 point's, its larger ones were played once.
	assert.Equal(t, maxSpatial-minSpatial+1, d.Len())
	empty := rules.NewBoard(19)
	four, three := pt(t, "Q16"), pt(t, "R16")
	assert.Equal(t, d.index[hashesAt(t, empty, rules.Black, "Q16")[10]], d.value(empty, four, rules.Black))
	assert.Equal(t, d.index[hashesAt(t, empty, rules.Black, "Q16")[5]], d.value(empty, three, rules.Black))
	assert.Equal(t, d.value(empty, four, rules.Black), d.value(empty, four, rules.White), "an empty board looks the same to either colour")
	assert.Equal(t, d.index[hashesAt(t, empty, rules.Black, "Q16")[7]], d.value(empty, pt(t, "K10"), rules.Black), "the centre looks like the 4-4 point until the latter sees the edge")
	assert.Zero(t, NewHarvest().Dictionary(1).Len())
}

func TestModelWithSpatialPatternsWritesAndReads(t *testing.T) {
	h := NewHarvest()
	g := gameOf(t, "(;SZ[19];B[pd];W[dp];B[pp];W[dd])")
	require.NoError(t, h.Add(g, func(rules.Color) bool { return true }))
	d := h.Dictionary(1)
	positions := positionsOf(t, g, d)
	m := Train(d, positions, 5)
	var buf bytes.Buffer
	require.NoError(t, m.Write(&buf))
	read, err := Read(&buf)
	require.NoError(t, err)
	require.Equal(t, d.Len(), read.Patterns().Len())
	again := positionsOf(t, g, read.Patterns())
	for i, pos := range positions {
		for j, f := range pos.Moves {
			require.Equal(t, f, again[i].Moves[j], "the patterns keep their numbers")
			assert.InEpsilon(t, m.Strength(f), read.Strength(f), 1e-2, "four digits a gamma")
		}
	}
}

// spatialHashesByMoving is spatialHashes the plain way: each symmetry
// moves every point of the pattern and reads the stone there.
func spatialHashesByMoving(b *rules.Board, p rules.Point, c rules.Color) map[int]uint64 {
	out := make(map[int]uint64)
	var h [8]uint64
	n := b.Size()
	i := 0
	for size := 2; size <= maxSpatial; size++ {
		for ; i < len(spatialPoints) && spatialPoints[i].dist == size; i++ {
			for s, o := range symmetries(spatialPoints[i].dx, spatialPoints[i].dy) {
				x, y := p.X()+o[0], p.Y()+o[1]
				switch {
				case x < 0 || y < 0 || x >= n || y >= n:
					h[s] ^= spatialKeys[i][2]
				case b.At(rules.PointAt(x, y)) == c:
					h[s] ^= spatialKeys[i][0]
				case b.At(rules.PointAt(x, y)) == c.Opponent():
					h[s] ^= spatialKeys[i][1]
				}
			}
		}
		if size >= minSpatial {
			out[size] = slices.Min(h[:]) ^ sizeKeys[size]
		}
	}
	return out
}

// TestSpatialHashesReadEachPointOnce checks the one-read hashing against
// the plain one over random games on several sizes: the stored table's
// hashes depend on it.
func TestSpatialHashesReadEachPointOnce(t *testing.T) {
	for _, size := range []int{7, 13, 19} {
		r := rules.NewRand(uint64(size))
		b := rules.NewBoard(size)
		c := rules.Black
		for move := range size * size {
			for _, p := range b.Empties() {
				want := spatialHashesByMoving(b, p, c)
				got := make(map[int]uint64)
				spatialHashes(b, p, c, func(size int, hash uint64) bool { got[size] = hash; return true })
				require.Equal(t, want, got, "size %d move %d at %s", size, move, p)
			}
			if p := b.RandomMove(c, r); p != rules.Pass {
				require.NoError(t, b.Play(rules.Move{Color: c, Point: p}))
			}
			c = c.Opponent()
		}
	}
}
