// Package client is the controller side of GTP: it starts a Go engine as a
// subprocess (a command line split as a shell would), sends it commands and
// reads its responses, with a timeout per command, and notices when the
// engine dies.
//
// The match runner (package match) and the regression runner (package
// regress) drive engines through it. Start reading at client.go (Start,
// Send, Close); split.go splits command lines; response.go reads the
// responses. Package clienttest holds small fake engines for tests.
package client
