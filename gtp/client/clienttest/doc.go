// Package clienttest provides a small fake GTP engine for the tests of
// GTP controllers (package client, the match and regression runners).
//
// The engine keeps a real game through package rules and can be told to
// play scripted moves, play randomly, resign, sleep, crash or play an
// illegal move at a given point of the game. Test binaries run it by
// re-executing themselves: call Run from TestMain, and start engines with
// the command line that Command returns.
package clienttest
