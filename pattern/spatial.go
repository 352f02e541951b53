package pattern

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// Spatial patterns are the stones around a move out to a distance, as
// Coulom and Pachi use them: the points within gridcular distance D of the
// move, dx+dy+max(dx,dy) <= D, each empty, the mover's, the opponent's or
// off the board. Size 3 is the 3x3 square, which the Shape group already
// holds; sizes minSpatial to maxSpatial grow from the 5x5 diamond (size 4)
// to a disc eleven points across (size 10). A pattern is known by a
// hash that is the same for its eight rotations and reflections. A move's
// Spatial value is the largest of its patterns that the dictionary knows:
// where a fight's stones make the big patterns unseen, a smaller one still
// speaks.
const (
	minSpatial = 4
	maxSpatial = 10
)

// spatialPoint is one point of the patterns, at dx, dy from the move
// and distance dist. Under symmetry s, the point whose stone is hashed
// with this point's keys is the point numbered from[s].
type spatialPoint struct {
	dx, dy int
	dist   int
	from   [8]int
}

// spatialPoints lists the points of the largest pattern, nearest first:
// every pattern is a prefix of it, so the hashes of all sizes are built in
// one pass.
var spatialPoints = buildSpatialPoints()

// spatialKeys are the hashes' Zobrist keys: one per point and state (the
// mover's stone, the opponent's, off the board; empty adds nothing), and
// one per size. They come from a fixed generator because the gamma table
// stores hashes: changing the generator, its seed or the points' order
// makes every stored pattern unknown.
var spatialKeys, sizeKeys = buildSpatialKeys()

func buildSpatialPoints() []spatialPoint {
	var pts []spatialPoint
	r := maxSpatial / 2
	for dist := 2; dist <= maxSpatial; dist++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				if gridcular(dx, dy) == dist {
					pts = append(pts, spatialPoint{dx: dx, dy: dy, dist: dist})
				}
			}
		}
	}
	number := make(map[[2]int]int, len(pts))
	for i, p := range pts {
		number[[2]int{p.dx, p.dy}] = i
	}
	for i, p := range pts {
		for s, q := range symmetries(p.dx, p.dy) {
			pts[number[q]].from[s] = i
		}
	}
	return pts
}

// symmetries returns dx, dy under the eight rotations and reflections.
func symmetries(dx, dy int) [8][2]int {
	return [8][2]int{
		{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy},
		{dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx},
	}
}

// gridcular is Coulom's distance: dx+dy+max(dx,dy) in absolute values.
func gridcular(dx, dy int) int {
	dx, dy = abs(dx), abs(dy)
	return dx + dy + max(dx, dy)
}

func buildSpatialKeys() ([][3]uint64, [maxSpatial + 1]uint64) {
	state := uint64(0x9e3779b97f4a7c15) // splitmix64, seeded with its own constant
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	keys := make([][3]uint64, len(spatialPoints))
	for i := range keys {
		for s := range keys[i] {
			keys[i][s] = next()
		}
	}
	var sizes [maxSpatial + 1]uint64
	for d := range sizes {
		sizes[d] = next()
	}
	return keys, sizes
}

// spatialHashes calls visit with the hash of each pattern around p as c
// sees it, size minSpatial first, until visit returns false or the largest
// size is done.
//
// The hash under symmetry s XORs, for each point i of the pattern, the key
// of point i for the stone on point i moved by s. Each point of the board
// is read once and its stone hashed into all eight hashes (through from),
// which gives the same hashes as moving each point eight times, at an
// eighth of the reads; empty points, most of them, add nothing.
func spatialHashes(b *rules.Board, p rules.Point, c rules.Color, visit func(size int, hash uint64) bool) {
	var h [8]uint64 // the hash under each symmetry
	x0, y0, n := p.X(), p.Y(), b.Size()
	i := 0
	for size := 2; size <= maxSpatial; size++ {
		for ; i < len(spatialPoints) && spatialPoints[i].dist == size; i++ {
			sp := &spatialPoints[i]
			x, y := x0+sp.dx, y0+sp.dy
			var st int
			if x < 0 || y < 0 || x >= n || y >= n {
				st = 2
			} else {
				switch b.At(rules.PointAt(x, y)) {
				case rules.Empty:
					continue
				case c:
					st = 0
				default:
					st = 1
				}
			}
			for s, j := range &sp.from {
				h[s] ^= spatialKeys[j][st]
			}
		}
		if size < minSpatial {
			continue
		}
		if !visit(size, slices.Min(h[:])^sizeKeys[size]) {
			return
		}
	}
}

// A Dictionary numbers the spatial patterns a model has gammas for: the
// Spatial value of the pattern numbered i is i+1.
type Dictionary struct {
	index map[uint64]uint16
	sizes []uint8 // the size of each pattern, by number
	keys  []uint64
}

// maxPatterns is the most patterns a Dictionary holds: Features are
// uint16.
const maxPatterns = 1<<16 - 2

// Len returns the number of patterns in d; a nil Dictionary has none.
func (d *Dictionary) Len() int {
	if d == nil {
		return 0
	}
	return len(d.keys)
}

// add numbers a new pattern; it reports false if the hash is known already
// or the dictionary is full.
func (d *Dictionary) add(size int, hash uint64) bool {
	if d.index == nil {
		d.index = make(map[uint64]uint16)
	}
	if _, dup := d.index[hash]; dup || len(d.keys) >= maxPatterns {
		return false
	}
	d.index[hash] = uint16(len(d.keys) + 1)
	d.keys = append(d.keys, hash)
	d.sizes = append(d.sizes, uint8(size))
	return true
}

// value returns the Spatial value of p for c: the number, plus one, of the
// largest pattern around p that d knows, or 0. The sizes are looked up
// smallest first and the search stops at the first unknown one, since a
// larger pattern is never seen more often than the smaller ones it holds
// (see Harvest).
func (d *Dictionary) value(b *rules.Board, p rules.Point, c rules.Color) uint16 {
	var v uint16
	spatialHashes(b, p, c, func(_ int, hash uint64) bool {
		w, ok := d.index[hash]
		if ok {
			v = w
		}
		return ok
	})
	return v
}

// valueName is how the gamma table writes the pattern numbered v-1:
// its size and hash, "6:0123456789abcdef".
func (d *Dictionary) valueName(v int) string {
	return fmt.Sprintf("%d:%016x", d.sizes[v-1], d.keys[v-1])
}

// parseSpatial reads a valueName.
func parseSpatial(s string) (size int, hash uint64, err error) {
	sz, hx, ok := strings.Cut(s, ":")
	size, err1 := strconv.Atoi(sz)
	hash, err2 := strconv.ParseUint(hx, 16, 64)
	if !ok || err1 != nil || err2 != nil || size < minSpatial || size > maxSpatial {
		return 0, 0, fmt.Errorf("%q is not a spatial pattern (SIZE:HASH, size %d to %d)", s, minSpatial, maxSpatial)
	}
	return size, hash, nil
}

// A Harvest counts the spatial patterns of played moves, to choose the
// ones a model learns gammas for.
type Harvest struct {
	seen map[uint64]harvested
}

// harvested is what a Harvest knows of a pattern.
type harvested struct {
	count int
	size  uint8
}

// NewHarvest returns an empty Harvest.
func NewHarvest() *Harvest {
	return &Harvest{seen: make(map[uint64]harvested)}
}

// Add counts the patterns of the moves of g played on the board by the
// colours learns accepts. The error is that of a move the board refuses;
// the moves before it are counted.
func (h *Harvest) Add(g Game, learns func(rules.Color) bool) error {
	return g.replay(func(b *rules.Board, _ int, m rules.Move, _, _ rules.Point) {
		if m.Point == rules.Pass || !learns(m.Color) {
			return
		}
		spatialHashes(b, m.Point, m.Color, func(size int, hash uint64) bool {
			h.seen[hash] = harvested{count: h.seen[hash].count + 1, size: uint8(size)}
			return true
		})
	})
}

// Dictionary returns the patterns played at least minCount times, most
// played first (up to the dictionary's capacity). A pattern's count is
// never above that of a smaller pattern it holds, so the dictionary holds
// every smaller pattern of each of its patterns, and Dictionary.value's
// early stop loses nothing.
func (h *Harvest) Dictionary(minCount int) *Dictionary {
	var hashes []uint64
	for hash, p := range h.seen {
		if p.count >= minCount {
			hashes = append(hashes, hash)
		}
	}
	slices.SortFunc(hashes, func(a, b uint64) int {
		if n, m := h.seen[a].count, h.seen[b].count; n != m {
			return m - n
		}
		return cmp.Compare(a, b)
	})
	d := new(Dictionary)
	for _, hash := range hashes {
		d.add(int(h.seen[hash].size), hash)
	}
	return d
}
