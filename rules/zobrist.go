package rules

// zobristSeed fixes the Zobrist keys, so hashes are the same in every run
// and on every machine (tests pin a golden value).
const zobristSeed = 0x9E3779B97F4A7C15

// zobrist holds one random key per colour and point. A board's hash is the
// XOR of the keys of its stones, so placing or removing a stone is one XOR.
var zobrist [3][maxPoints]uint64

// zobristToMove distinguishes the player to move in situational superko.
var zobristToMove [3]uint64

func init() {
	s := uint64(zobristSeed)
	for c := Black; c <= White; c++ {
		for p := range zobrist[c] {
			zobrist[c][p] = splitMix64(&s)
		}
		zobristToMove[c] = splitMix64(&s)
	}
}

// splitMix64 is a small, well-mixed generator (Steele, Lea and Flood 2014),
// used only to fill the key tables.
func splitMix64(s *uint64) uint64 {
	*s += 0x9E3779B97F4A7C15
	z := *s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
