package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako/internal/errtext"
	"github.com/pacosako-go/pacosako/internal/textsafe"
)

// How input text appears in what the command writes (see the package doc):
//
//   - On standard error, input is always quoted: quote writes it as a Go string
//     literal (strconv.Quote) of at most echoLimit bytes, followed by "…(N bytes)"
//     when it is longer.
//   - On standard output, a column that repeats the input (the first column of a
//     batch) shows it as read when it is plain text, and quoted otherwise (echo).
//   - Every message on standard error is one printable line starting with
//     "pacosako <command>: " (reporter).

// echoLimit is the number of bytes of an input shown in a quoted form; FENs and
// action lists of a move are shorter.
const echoLimit = 100

// messageLimit bounds a message line on standard error; a longer one (an input a
// library message quotes whole) keeps its start and its end.
const messageLimit = 1000

// quote returns s as a Go string literal, shortened to its first echoLimit bytes
// (cut at a character boundary) followed by "…(N bytes)" when it is longer.
func quote(s string) string { return textsafe.Quote(s, echoLimit) }

// plain reports whether s can be written as it is inside a line of tab-separated
// output: valid UTF-8 of printable characters (no tab, carriage return, NUL,
// escape or other control character), not starting with a double quote (which
// starts a quoted form).
func plain(s string) bool {
	return !strings.HasPrefix(s, `"`) && textsafe.Printable(s)
}

// echo returns the form of an input in an output column: the input as read when
// it is plain and either was read successfully (ok) or is at most echoLimit bytes
// long; quoted (and shortened) otherwise, so that every output line is one line of
// printable text with its columns in place.
func echo(s string, ok bool) string {
	if plain(s) && (ok || len(s) <= echoLimit) {
		return s
	}
	return quote(s)
}

// libraryPrefixes start the error messages of the library's packages (the root
// package's, package atomic's and package engine's); the command's own prefix
// replaces them.
var libraryPrefixes = []string{"pacosako: ", "atomic: ", "engine: "}

// libError returns an error of the library's packages without its prefix
// ("pacosako: ", "atomic: ", "engine: "), for embedding after the command's own prefix. A
// library error that wraps another may repeat a prefix after a ": " inside its
// message; that repetition is dropped too (outside quoted text, which is input).
// Inputs the message quotes whole (strconv.Quote) are shortened as quote does.
func libError(err error, inputs ...string) string {
	msg := err.Error()
	for _, p := range libraryPrefixes {
		msg = strings.TrimPrefix(msg, p)
	}
	msg = dropNestedPrefixes(msg)
	for _, in := range inputs {
		if len(in) > echoLimit {
			msg = strings.ReplaceAll(msg, strconv.Quote(in), quote(in))
		}
	}
	return msg
}

// dropNestedPrefixes removes a library prefix where it follows ": " outside a
// quoted string ("entry 0: pacosako: invalid action" becomes "entry 0: invalid
// action").
func dropNestedPrefixes(msg string) string {
	if !slices.ContainsFunc(libraryPrefixes, func(p string) bool { return strings.Contains(msg, ": "+p) }) {
		return msg
	}
	var b strings.Builder
	quoted := false
next:
	for i := 0; i < len(msg); i++ {
		switch {
		case quoted && msg[i] == '\\' && i+1 < len(msg):
			b.WriteString(msg[i : i+2])
			i++
			continue
		case msg[i] == '"':
			quoted = !quoted
		case !quoted && strings.HasPrefix(msg[i:], ": "):
			for _, p := range libraryPrefixes {
				if strings.HasPrefix(msg[i+2:], p) {
					b.WriteString(": ")
					i += 1 + len(p)
					continue next
				}
			}
		}
		b.WriteByte(msg[i])
	}
	return b.String()
}

// wrapped is an error of the command that gives a library error context: its
// message is the context, ": " and the library's message without its prefix.
type wrapped struct {
	context string
	err     error
	inputs  []string
}

func (e *wrapped) Error() string { return e.context + ": " + libError(e.err, e.inputs...) }
func (e *wrapped) Unwrap() error { return e.err }

// wrap gives err the context of format and args, naming err's inputs (see
// libError).
func wrap(err error, inputs []string, format string, args ...any) error {
	return &wrapped{context: fmt.Sprintf(format, args...), err: err, inputs: inputs}
}

// shorten keeps a reason column (which may quote a long field) readable, as the
// library's messages do (errtext.Shorten).
func shorten(s string) string { return errtext.Shorten(s) }

// printable makes text one line of printable characters: a control character, an
// invalid UTF-8 byte or a character that does not print is written as its Go
// escape (\t, \x1b, \x92, \u00a0), as inside quote's quotes (textsafe.Escape).
func printable(s string) string { return textsafe.Escape(s) }

// reporter writes the command's messages on standard error, each one line of
// printable text after the prefix "pacosako <command>: " ("pacosako: " before a
// command is known).
type reporter struct {
	w      io.Writer
	prefix string
}

func newReporter(w io.Writer, command string) reporter {
	if command == "" {
		return reporter{w: w, prefix: "pacosako: "}
	}
	return reporter{w: w, prefix: "pacosako " + command + ": "}
}

// printf writes one message (see oneLine).
func (r reporter) printf(format string, args ...any) {
	fmt.Fprintln(r.w, r.prefix+oneLine(fmt.Sprintf(format, args...)))
}

// oneLine makes a message one line of printable text (see printable). A message
// longer than messageLimit bytes (an input a library message quotes whole) keeps
// its start and its end, where the reason is.
func oneLine(msg string) string {
	msg = printable(msg)
	if len(msg) <= messageLimit {
		return msg
	}
	head, tail := messageLimit*2/3, messageLimit/4
	for head > 0 && !utf8.RuneStart(msg[head]) {
		head--
	}
	start := len(msg) - tail
	for start < len(msg) && !utf8.RuneStart(msg[start]) {
		start++
	}
	return msg[:head] + "…(" + strconv.Itoa(len(msg)) + " bytes)…" + msg[start:]
}

// fileError describes a file that cannot be read: its name, quoted, and why.
func fileError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%s %s: %v", pe.Op, quote(pe.Path), pe.Err)
	}
	return err.Error()
}
