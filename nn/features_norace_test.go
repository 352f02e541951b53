//go:build !race

package nn

// underRace reports whether the tests run under the race detector, which
// makes the random-game test check fewer positions.
const underRace = false
