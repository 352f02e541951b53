// Package gnugotest runs GNU Go for the tests that compare Yunzi with it:
// legality and captures, SGF loading, handicap placement.
//
// GNU Go is the Debian package gnugo, installed at Path. Where it is
// missing the tests that need it are skipped, unless the environment sets
// YUNZI_REQUIRE_GNUGO=1, as CI does, so that a missing GNU Go fails them
// rather than silently leaving the comparisons out.
package gnugotest
