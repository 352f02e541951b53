//go:build race

package search

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = true
