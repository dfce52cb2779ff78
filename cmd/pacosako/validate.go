package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// validateCmd reports whether positions are legal positions of the game
// -variant names (Paco Ŝako under their rules: Position.Validate; Atomic chess:
// atomic.Position.Validate): exactly one output line per input line,
// <fen>\tok or <fen>\t<reason>,<reason>…, also for a FEN that does not parse (its
// parse error is then the one reason). What the FEN readers read as absent in a
// chess FEN — castling letters whose king or rook is missing, an en passant
// square no double step explains — is a reason too, as ParseFENStrict words it
// ("castling: 'K': no white rook on the king side of White's king on e1 (ParseFEN
// reads it as absent: …)"), before the position's own. Blank lines and '#' comment lines of a
// batch are echoed unchanged, so that the output still has one line per input
// line; they do not count as invalid. Nothing is written to standard error for an
// invalid position or FEN: the verdict is the output. The exit status is 1 if any
// FEN is invalid.
//
// Unlike the other FEN commands it reads standard input itself (wholeInput), to
// see the blank and comment lines that eachLine skips.
type validateCmd struct {
	stdin io.Reader
	com   *common
	args  []string // the command's arguments as given, to tell "-" from none
}

func (c *validateCmd) flags(fs *flag.FlagSet) {}
func (c *validateCmd) check() error           { return nil }
func (c *validateCmd) wholeInput()            {}

// single validates the FEN of the arguments (the start position without one), or
// every line of standard input for "-", which run passes on as no arguments.
func (c *validateCmd) single(args []string, out *bufio.Writer, stderr reporter) bool {
	if len(args) == 0 && slices.Contains(c.args, "-") {
		return c.stream(out, stderr)
	}
	fen, ok := fenArgument(c.com.variant(), args, stderr)
	return ok && c.verdict(fen, out)
}

// line validates one input line; blank and comment lines are echoed.
func (c *validateCmd) line(line string, out *bufio.Writer, stderr reporter) bool {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		fmt.Fprintln(out, echo(line, true))
		return true
	}
	return c.verdict(line, out)
}

// stream validates every line of standard input.
func (c *validateCmd) stream(out *bufio.Writer, stderr reporter) bool {
	return eachRawLine(c.stdin, stderr, func(line string) bool {
		ok := c.line(line, out, stderr)
		out.Flush()
		return ok
	})
}

// verdict writes fen's line and reports whether it is valid. The FEN is shown
// as echo shows an input (as read when it is plain text).
func (c *validateCmd) verdict(fen string, out *bufio.Writer) bool {
	p, err := c.com.variant().position(fen)
	if err != nil {
		fmt.Fprintf(out, "%s\t%s\n", echo(fen, false), oneReason("invalid FEN: "+reason(err)))
		return false
	}
	shown := echo(fen, true)
	var rs []string
	if t := strings.TrimSpace(fen); t != "start" && t != "new" {
		if r := c.com.variant().strictFEN(fen); r != "" {
			rs = append(rs, r) // a field the FEN reader read as absent
		}
	}
	if rs = append(rs, reasons(p.validate())...); len(rs) > 0 {
		writeReasons(out, shown, rs)
		return false
	}
	fmt.Fprintf(out, "%s\tok\n", shown)
	return true
}

// writeReasons writes the verdict line of an invalid position: the input as shown
// and the reasons, each made one reason of the column (oneReason), joined by commas.
func writeReasons(out *bufio.Writer, shown string, reasons []string) {
	for i, r := range reasons {
		reasons[i] = oneReason(r)
	}
	fmt.Fprintf(out, "%s\t%s\n", shown, strings.Join(reasons, ","))
}

// oneReason makes a message one reason of the verdict column: one line of
// printable text, no tab, no comma (commas separate the reasons; a parse error's
// commas become ';').
func oneReason(s string) string {
	return oneLine(strings.NewReplacer("\t", " ", "\n", " ", "\r", " ", ",", ";").Replace(s))
}
