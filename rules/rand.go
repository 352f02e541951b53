package rules

import "math/bits"

// Rand is a small, fast pseudo-random generator (wyrand) for playouts,
// which draw a number for every move: it is called directly, not through
// math/rand/v2's interface (see docs/TUNING.md for what that saves). It
// also serves as a math/rand/v2 Source. A Rand is not safe for concurrent
// use: each search worker owns one.
type Rand struct{ state uint64 }

// NewRand returns a generator seeded with seed; equal seeds give equal
// sequences.
func NewRand(seed uint64) *Rand { return &Rand{state: seed} }

// Uint64 returns 64 pseudo-random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// IntN returns a number in [0, n), n > 0, by Lemire's multiply-shift. Its
// bias, at most n/2^64, is far below anything a playout could notice.
func (r *Rand) IntN(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}
