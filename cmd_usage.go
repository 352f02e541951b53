package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/urfave/cli/v2"
)

// usageError is a command line the program cannot run: a flag it does not
// know, a value of the wrong form or out of range. main prints it on
// stderr, never the GTP channel, and exits with status 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// flagForms says what each flag whose value can be malformed takes, for
// the message that refuses it.
var flagForms = map[string]string{
	"time":             "a Go duration such as 1500ms or 2s",
	"lag":              "a Go duration such as 1500ms or 2s",
	"duration":         "a Go duration such as 1500ms or 2s",
	"grace":            "a Go duration such as 1500ms or 2s",
	"timeout":          "a Go duration such as 1500ms or 2s",
	"komi":             "a number such as 7.5",
	"resign-threshold": "a win rate from 0 to 1 such as 0.1",
	"threads":          "a whole number, 1 or more",
	"playouts":         "a whole number, 0 or more",
	"max-nodes":        "a whole number, 1 or more",
	"seed":             "a whole number, 0 or more",
}

// invalidValue matches package flag's and urfave/cli's messages for a
// value that does not parse.
var (
	invalidValue = regexp.MustCompile(`invalid value "([^"]*)" for flag -+([\w-]+)`)
	unknownFlag  = regexp.MustCompile(`flag provided but not defined: -+([\w-]+)`)
	invalidEnv   = regexp.MustCompile(`could not parse "([^"]*)" as \S+ value from env(?:ironment)? var(?:iable)? "(\w+)" for flag ([\w-]+)`)
)

// onUsageError turns a flag that does not parse into one line naming the
// flag and the form it takes, with a pointer to the help. It prints
// nothing: the caller reports the error on stderr.
func onUsageError(c *cli.Context, err error, isSubcommand bool) error {
	return usageError{errors.New(usageMessage(err.Error(), helpCommand(c, isSubcommand)))}
}

// usageMessage rewrites a flag parser's message msg.
func usageMessage(msg, help string) string {
	if m := invalidValue.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("--%s %q: not %s", m[2], m[1], form(m[2]))
	} else if m := invalidEnv.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("%s=%q (--%s): not %s", m[2], m[1], m[3], form(m[3]))
	} else if m := unknownFlag.FindStringSubmatch(msg); m != nil {
		msg = "unknown flag --" + m[1]
	}
	return fmt.Sprintf("%s (see %s)", strings.TrimSpace(msg), help)
}

// form is what a flag takes, or a value of the flag's type.
func form(name string) string {
	if f, ok := flagForms[name]; ok {
		return f
	}
	return "a valid value"
}

// helpCommand is the command that prints the help of the command whose
// flags failed.
func helpCommand(c *cli.Context, isSubcommand bool) string {
	if isSubcommand && c.Command != nil && c.Command.Name != "" {
		return "yunzi help " + c.Command.Name
	}
	return "yunzi --help"
}
