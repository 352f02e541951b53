package clienttest

import (
	"os"
	"strings"
)

// marker is the first argument that makes a test binary a fake engine.
const marker = "clienttest-fake-engine"

// Run turns the test binary into a fake engine when Command started it:
// call it first thing in TestMain. It returns only in the normal case,
// after setting GORACE (when unset) so that fake engines built with the
// race detector exit at once instead of sleeping a second.
func Run() {
	if len(os.Args) > 1 && os.Args[1] == marker {
		os.Exit(Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	if _, ok := os.LookupEnv("GORACE"); !ok {
		os.Setenv("GORACE", "atexit_sleep_ms=0")
	}
}

// Command returns the command line that runs the current test binary as a
// fake engine with the given flags (see Main).
func Command(flags ...string) string {
	words := append([]string{os.Args[0], marker}, flags...)
	for i, w := range words {
		words[i] = quote(w)
	}
	return strings.Join(words, " ")
}

// quote quotes a word for client.Split.
func quote(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t\n'\"\\$`") {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}
