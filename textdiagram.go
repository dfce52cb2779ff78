package pacosako

import (
	"strconv"
	"strings"
)

// Diagram is a board diagram as the rules pages of vchess.club write them inside
// their text: a board and a set of marked squares, with no side to move, hand,
// castling rights or other state.
//
// Its text form is
//
//	fen:<board>:
//	fen:<board> <marked squares>:
//
// where <board> is a FEN piece placement field as ParseBoard reads it (union letters
// included) and <marked squares> is a comma-separated list of square names, or "-"
// for none: "fen:4k3/8/2q5/8/4O3/2w2B2/8/5K2:",
// "fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:". The marks are the squares a
// diagram draws a marker on (for example the svg sub-package draws them as dots).
//
// The zero Diagram is an empty board without marks.
type Diagram struct {
	Board Board    // the pieces and unions
	Marks Bitboard // the marked squares; empty if the text had none
}

// ParseDiagram reads a diagram in the form Diagram describes. White space around the
// whole text is ignored; between the board and the marks there is a run of spaces
// or tabs, and more may follow the marks before the closing ':'. The marks are
// square names (lower-case file, rank digit) separated by single commas, with no
// spaces; a square may be named more than once. Fields after the marks (vchess
// knows an orientation and shaded squares there) are not read: they are an error.
//
// Errors: text that is not a diagram (a missing "fen:" prefix or closing ':',
// a mark that is not a square name, text after the closing ':') gives a
// *NotationError (Notation "diagram", Offset the byte of the input where the problem
// starts) wrapping ErrInvalidNotation; a board that ParseBoard cannot read gives its
// *FENError (Field "board"), which wraps ErrInvalidFEN.
func ParseDiagram(text string) (Diagram, error) {
	fail := func(off int, reason string) (Diagram, error) {
		return Diagram{}, &NotationError{Notation: "diagram", Input: text, Offset: off, Reason: reason}
	}
	start := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
	end := len(strings.TrimRight(text, " \t\r\n"))
	if end < start {
		end = start
	}
	const prefix = "fen:"
	if !strings.HasPrefix(text[start:end], prefix) {
		if start == end {
			return fail(start, `empty text; want "fen:<board> <marks>:"`)
		}
		return fail(start, `a diagram starts with "fen:"`)
	}
	i := start + len(prefix)
	boardStart := i
	for i < end && text[i] != ' ' && text[i] != '\t' && text[i] != ':' {
		i++
	}
	if i == end {
		return fail(end, "missing the closing ':'")
	}
	board, err := ParseBoard(text[boardStart:i])
	if err != nil {
		return Diagram{}, err
	}
	d := Diagram{Board: board}
	blank := func() {
		for i < end && (text[i] == ' ' || text[i] == '\t') {
			i++
		}
	}
	blank()
	if i < end && text[i] != ':' {
		if text[i] == '-' {
			i++
		} else {
			for {
				if i+2 > end {
					return fail(i, "want a square name (a1..h8)")
				}
				s, err := ParseSquare(text[i : i+2])
				if err != nil {
					return fail(i, "want a square name (a1..h8), got "+strconv.Quote(text[i:i+1]))
				}
				d.Marks |= SquareSet(s)
				i += 2
				if i < end && text[i] == ',' {
					i++
					continue
				}
				break
			}
		}
		blank()
	}
	switch {
	case i == end:
		return fail(i, "missing the closing ':'")
	case text[i] != ':':
		return fail(i, "want ':' after the marked squares, got "+strconv.Quote(text[i:i+1]))
	case i+1 != end:
		return fail(i+1, "text after the closing ':'")
	}
	return d, nil
}

// String writes the diagram as ParseDiagram reads it: "fen:", the board in the
// engine dialect (Board.FEN, so symmetric unions in lower case), then a space and
// the marks sorted by name (a1, a2, … h8, as Bitboard.String lists them) if there
// are any, and the closing ':'.
func (d Diagram) String() string {
	s := "fen:" + d.Board.FEN()
	if d.Marks != 0 {
		s += " " + d.Marks.String()
	}
	return s + ":"
}
