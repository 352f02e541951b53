//go:build race

package sgf

// raceEnabled is true when the tests run under the race detector.
const raceEnabled = true
