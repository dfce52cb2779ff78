package pgn

import (
	"io"
	"strconv"
	"strings"
)

// Writing a game's record in PGN's export form: what both games do alike (the
// tag section's order, the notes, the variations, what cannot be written), with
// each game's SAN.

// Writing is what writing a line of play needs of a game, whose positions are P
// and moves M.
type Writing[P, M any] interface {
	// SAN writes m, a move of p.
	SAN(p P, m M) (string, error)
	// After returns the position after m, a legal move of p.
	After(p P, m M) P
	// White reports whether White is to move in p.
	White(p P) bool
	// Illegal reports whether err, from SAN, says the move is not legal in its
	// position (String leaves the rest of such a variation out).
	Illegal(err error) bool
	// Name names a move that is not legal for the comment that says so.
	Name(m M) string
}

// Out is a game's record as WriteRecord writes it.
type Out[P, M, N any] struct {
	// Derived are the tags the game determines, in the order they are written
	// after the seven-tag roster (a roster tag among them, such as Result, is
	// written in its roster place); a tag with an empty value is not written.
	Derived []Tag
	// Tags are the record's own tags, in order: those whose names the game
	// determines (Determined) are left out, the roster's written in its order.
	Tags       []Tag
	Determined func(name string) bool
	Lead       string // the comment before the first move
	Start      P
	FirstMove  int // the start's full-move number, the first move's (0: 1)
	Moves      []M
	Notes      []N
	Result     string // the result token
	// Refuse is how the game reports what PGN cannot hold (a tag name, "$n" of a
	// NAG) and why: its own notation error.
	Refuse func(input, reason string) error
}

// The rules a writer checks, as its errors and comments say them.
const (
	tagNameRule = "a tag name is a letter or digit, then letters, digits and _ + # = : -"
	nagRule     = "a NAG is 0..255"
)

// WriteRecord writes rec to w in PGN's export form (see Writer): the seven-tag
// roster (a derived value, else the record's own, else RosterUnknown), the derived
// tags, the record's other tags, an empty line, then the movetext: the lead
// comment, the moves with their NAGs, comments and variations (numbered from
// rec.FirstMove), the result.
//
// What PGN cannot hold — a tag name that is not a PGN symbol (IsTagName), a NAG
// outside 0..255 — is rec.Refuse's error, and nothing is written (the first found: the
// tags in order, then the NAGs in the order they stand); an error of g.SAN is
// returned as it is. Lenient writing (a game's String, which never fails) leaves
// them out instead, says so in the lead comment ("[left out: …]"), and leaves out
// a variation's moves from the first that is not legal in its line, with a
// comment saying so. Writing is not buffered here: callers that must write all or
// nothing write to a strings.Builder first. Variations are walked with an
// explicit stack, so the Go stack does not grow with their nesting.
func WriteRecord[P, M, N, V any](w io.Writer, shape Shape[M, N, V], g Writing[P, M], rec Out[P, M, N], lenient bool) error {
	var left []string // what lenient writing left out, for the lead comment
	if lenient {
		rec, left = writable(shape, rec)
	} else if err := check(shape, rec); err != nil {
		return err
	}
	pw := NewWriter(w)
	derived := func(name string) (string, bool) {
		t, ok := Find(rec.Derived, name)
		return t.Value, ok
	}
	for _, name := range Roster {
		v, ok := derived(name)
		if !ok {
			t, _ := Find(rec.Tags, name)
			v = t.Value
		}
		if v == "" {
			v = RosterUnknown(name)
		}
		pw.Tag(name, v)
	}
	for _, t := range rec.Derived {
		if t.Value != "" && !IsRosterTag(t.Name) {
			pw.Tag(t.Name, t.Value)
		}
	}
	for _, t := range rec.Tags {
		if !rec.Determined(t.Name) && !IsRosterTag(t.Name) {
			pw.Tag(t.Name, t.Value)
		}
	}
	pw.StartMovetextAt(rec.FirstMove)
	lead := rec.Lead
	if len(left) > 0 {
		lead = strings.TrimSpace(lead + " [left out: " + strings.Join(left, "; ") + "]")
	}
	pw.Comment(lead)
	if err := writeMoves(pw, shape, g, rec.Start, rec.Moves, rec.Notes, lenient); err != nil {
		return err
	}
	pw.Result(rec.Result)
	return nil
}

// writable returns rec without what the writer cannot write so that it reads
// back (see check): the tags whose names PGN cannot hold and the NAGs outside
// 0..255, with a description of each thing left out. The notes are copied where a
// NAG is dropped; rec's own are not changed.
func writable[P, M, N, V any](shape Shape[M, N, V], rec Out[P, M, N]) (Out[P, M, N], []string) {
	var left []string
	var tags []Tag
	for _, t := range rec.Tags {
		if IsTagName(t.Name) {
			tags = append(tags, t)
		} else {
			left = append(left, "the tag "+strconv.Quote(t.Name)+" ("+tagNameRule+")")
		}
	}
	rec.Tags = tags
	// Copy the notes with an explicit stack, dropping bad NAGs.
	type place struct {
		src []N
		dst *[]N
	}
	var out []N
	stack := []place{{rec.Notes, &out}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		*top.dst = make([]N, len(top.src))
		for i := range top.src {
			nags, comment, vars := shape.NoteFields(&top.src[i])
			var c N
			cNAGs, cComment, cVars := shape.NoteFields(&c)
			*cComment = *comment
			for _, nag := range *nags {
				if nag < 0 || nag > 255 {
					left = append(left, "the NAG $"+strconv.Itoa(nag)+" ("+nagRule+")")
				} else {
					*cNAGs = append(*cNAGs, nag)
				}
			}
			if len(*vars) > 0 {
				*cVars = make([]V, len(*vars))
				for k := range *vars {
					vComment, vMoves, vNotes := shape.VariationFields(&(*vars)[k])
					cvComment, cvMoves, cvNotes := shape.VariationFields(&(*cVars)[k])
					*cvComment, *cvMoves = *vComment, *vMoves
					stack = append(stack, place{*vNotes, cvNotes})
				}
			}
			(*top.dst)[i] = c
		}
	}
	rec.Notes = out
	return rec, left
}

// check reports what the writer cannot write so that it reads back: a tag name
// that is not a PGN symbol, a NAG outside 0..255 (the first in the order the
// record is written). Variations are walked with an explicit stack.
func check[P, M, N, V any](shape Shape[M, N, V], rec Out[P, M, N]) error {
	for _, t := range rec.Tags {
		if !IsTagName(t.Name) {
			return rec.Refuse(t.Name, tagNameRule)
		}
	}
	// Each entry: notes, the note being checked, and its next variation (-1: its
	// NAGs not yet checked).
	type place struct {
		notes   []N
		i, next int
	}
	stack := []place{{notes: rec.Notes, next: -1}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.notes) {
			stack = stack[:len(stack)-1]
			continue
		}
		nags, _, vars := shape.NoteFields(&top.notes[top.i])
		if top.next < 0 {
			for _, nag := range *nags {
				if nag < 0 || nag > 255 {
					return rec.Refuse("$"+strconv.Itoa(nag), nagRule)
				}
			}
			top.next = 0
		}
		if top.next < len(*vars) {
			top.next++
			_, _, vNotes := shape.VariationFields(&(*vars)[top.next-1])
			stack = append(stack, place{notes: *vNotes, next: -1})
			continue
		}
		top.i, top.next = top.i+1, -1
	}
	return nil
}

// writeMoves writes the moves played from start with their notes, and the
// variations in them, in the order they stand, walking them with an explicit
// stack (the Go stack does not grow with the nesting).
func writeMoves[P, M, N, V any](pw *Writer, shape Shape[M, N, V], g Writing[P, M], start P, moves []M, notes []N, lenient bool) error {
	// Each entry is a line of play: its moves and notes, the position before move
	// i, and the next variation of move i to write (-1: move i not yet written).
	type line struct {
		p     P
		moves []M
		notes []N
		i, v  int
	}
	stack := []line{{p: start, moves: moves, notes: notes, v: -1}}
	for len(stack) > 0 {
		l := &stack[len(stack)-1]
		if l.i == len(l.moves) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				pw.EndVariation()
			}
			continue
		}
		m := l.moves[l.i]
		var n N
		if l.i < len(l.notes) {
			n = l.notes[l.i]
		}
		nags, comment, vars := shape.NoteFields(&n)
		if l.v < 0 {
			s, err := g.SAN(l.p, m)
			if err != nil && lenient && len(stack) > 1 && g.Illegal(err) {
				// A variation built in code with a move its line cannot play.
				pw.Comment("the rest of this variation is left out: " + g.Name(m) + " is not a legal move here")
				l.i = len(l.moves)
				continue
			}
			if err != nil {
				return err
			}
			pw.Move(s, g.White(l.p))
			for _, nag := range *nags {
				pw.NAG(nag)
			}
			pw.Comment(*comment)
			l.v = 0
		}
		if l.v < len(*vars) {
			v := &(*vars)[l.v]
			l.v++
			vComment, vMoves, vNotes := shape.VariationFields(v)
			pw.StartVariation()
			pw.Comment(*vComment)
			stack = append(stack, line{p: l.p, moves: *vMoves, notes: *vNotes, v: -1})
			continue
		}
		l.p, l.i, l.v = g.After(l.p, m), l.i+1, -1
	}
	return nil
}
