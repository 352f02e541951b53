// Package regress runs GTP regression suites the way GoGui's
// gogui-regress does, and gives the same verdict per test.
//
// A suite is a .tst file of GTP command lines. A line that starts with a
// number is a test; "#? [PATTERN]" on a following line is its expected
// answer; other command lines set the position up. Lines are trimmed, tabs
// become spaces, empty lines and other "#" lines are skipped. The line is
// sent as it is, id included. The answer compared is the response after
// its first space, trimmed ("=12 C3" gives "C3"), and PATTERN (the text
// inside the brackets, trimmed) must match all of it, as Java's
// Matcher.matches with MULTILINE and DOTALL: "C3|D4" accepts C3 or D4. A
// leading "!" negates the pattern; a trailing "*" after the bracket marks
// an expected failure. A "?" response always fails. A numbered command
// without a pattern is a test that passes unless it fails. A "?" response
// to a setup command counts as an error.
//
// Each file runs on a fresh engine started in the file's folder, so that
// relative loadsgf paths work. An argument "@LIST" stands for the files
// named in LIST, one a line.
//
// Start reading at run.go (Run), then file.go (one suite) and output.go.
package regress
