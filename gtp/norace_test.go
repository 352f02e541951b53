//go:build !race

package gtp_test

// raceEnabled reports whether the tests run under the race detector, which
// makes the network's evaluation some ten times slower: the comparison
// with KataGo checks fewer positions then.
const raceEnabled = false
