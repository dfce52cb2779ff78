package replaypage

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The annotations of a record as the page shows them, the way PGN viewers do: the
// comment before the first move at the top of the move list; under a half-move
// that has a comment or variations, a block that breaks the list's two columns
// (White's move alone on its line, Black's on the next after "…") and holds the
// comment, then each variation on a line of its own, indented by its depth, with
// its moves as buttons and its comments between them. A variation inside a
// variation takes the lines after its move, and the rest of the outer one goes on
// on a line of its own at the outer depth, so the markup is flat: lines one after
// the other, however deep the variations nest. The NAGs follow their move as
// symbols (nags.go).
//
// The walk over the variations keeps its own stack, so that no depth of input
// reaches Go's stack; the page is bounded: at most maxVariationPlies half-moves
// and maxVariations variations, and maxCommentChars characters of comments, with a
// visible marker where the rest is left out.

const (
	// maxVariationPlies is the most half-moves of variations a page shows (each a
	// position in the script's data, about 300 bytes of page and a Ŝako test).
	maxVariationPlies = 2000
	// maxVariations is the most variations a page shows (a variation may be empty).
	maxVariations = 1000
	// maxCommentChars is the most characters of comments a page shows.
	maxCommentChars = 100_000
	// maxIndent is the deepest variation indented further than the one around it;
	// deeper lines stay at that indent and show their depth.
	maxIndent = 6
)

// noteLine is one line of the annotations under a half-move: the main line's
// comment (Depth 0), or the moves and comments of a variation (Depth 1, and 2 for
// a variation inside one, …), or the part of a variation after one inside it.
type noteLine struct {
	Depth int
	Items []noteItem
}

// Indent is the line's indentation step, Depth up to maxIndent.
func (l noteLine) Indent() int { return min(l.Depth, maxIndent) }

// Deep reports whether the line is deeper than its indentation shows: it then
// shows its depth.
func (l noteLine) Deep() bool { return l.Depth > maxIndent }

// noteItem is a move of a variation (Move set), a comment (Comment set), or a
// marker of what the page leaves out (Cut set, Title saying why).
type noteItem struct {
	Ply     int    // the move's position: its index in the script's plies, as data-ply
	Move    string // the move with its number where it needs one: "6… h6", "7. Nxf7"
	NAGs    []nag
	Comment string
	Cut     string
	Title   string
}

// annotator lays out a record's annotations and adds the positions of its
// variations to the script's data, within the page's bounds; g plays the
// variations' moves.
type annotator[P, M, N, V any] struct {
	v            *view
	g            rules[P, M, N, V]
	first        numbering // the numbers of the game's half-moves
	plies        int       // variation half-moves so far
	variations   int       // variations so far
	commentsLeft int       // characters of comments the page may still show
	cut          bool      // variations were left out
}

func newAnnotator[P, M, N, V any](v *view, g rules[P, M, N, V], first numbering) *annotator[P, M, N, V] {
	return &annotator[P, M, N, V]{v: v, g: g, first: first, commentsLeft: maxCommentChars}
}

// comment returns a comment as the page shows it (false for none): embedded commands
// such as "[%clk 0:03:00]" or "[%cal Gf3e4]" left out (data for programs: clocks,
// evaluations, arrows), control characters as spaces (textsafe.Spaced), white
// space reduced to single spaces; a marker once the page's comments are used up.
func (a *annotator[P, M, N, V]) comment(c string) (noteItem, bool) {
	text := strings.Join(strings.Fields(printable(withoutCommands(c))), " ")
	if text == "" {
		return noteItem{}, false
	}
	n := utf8.RuneCountInString(text)
	switch {
	case n <= a.commentsLeft:
		a.commentsLeft -= n
		return noteItem{Comment: text}, true
	case a.commentsLeft > 0:
		i := 0
		for k := 0; k < a.commentsLeft; k++ {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
		}
		a.commentsLeft = 0
		return noteItem{Comment: text[:i] + " …", Title: commentsCut}, true
	}
	return noteItem{Cut: "[…]", Title: commentsCut}, true
}

var commentsCut = "comment left out: a page shows at most " + thousands(maxCommentChars) + " characters of comments"

// withoutCommands returns c without its embedded commands, "[%" up to the next
// "]" (a "[%" without one stays).
func withoutCommands(c string) string {
	if !strings.Contains(c, "[%") {
		return c
	}
	var b strings.Builder
	for {
		i := strings.Index(c, "[%")
		if i < 0 {
			break
		}
		j := strings.IndexByte(c[i:], ']')
		if j < 0 {
			break
		}
		b.WriteString(c[:i])
		b.WriteByte(' ')
		c = c[i+j+1:]
	}
	b.WriteString(c)
	return b.String()
}

// note lays out what the record says about main-line half-move i (from 1), played
// from before (the position of ply i-1): its comment and its variations, as the
// lines of the block under it.
func (a *annotator[P, M, N, V]) note(n *N, before P, i int) []noteLine {
	var out []noteLine
	_, comment, vars := a.g.NoteFields(n)
	if c, ok := a.comment(*comment); ok {
		out = append(out, noteLine{Items: []noteItem{c}})
	}
	return a.walk(out, *vars, before, i)
}

// frame is a half-move's variations being laid out: which one, and where the
// walk stands in it.
type frame[P, V any] struct {
	vars     []V
	i        int      // the variation being laid out, an index into vars
	from     P        // the position they are played from
	fromPly  int      // its ply (the script's index)
	fromHalf int      // the half-move number of their first moves, from 1
	k        int      // the next move, an index into vars[i]'s moves
	pos      P        // the position before it
	prev     int      // that position's ply
	half     int      // its half-move number
	line     noteLine // the line being filled
	number   bool     // the next move shows its number
	started  bool     // the variation is counted and its comment laid out
}

// walk lays out the variations of main-line half-move main (from 1), played from
// before, and appends their lines to out. It keeps a stack of the variations it
// is inside, one frame per depth (the siblings of a variation wait in its frame):
// the depth or breadth of input never reaches Go's stack, and its memory is one
// frame per depth shown.
func (a *annotator[P, M, N, V]) walk(out []noteLine, vars []V, before P, main int) []noteLine {
	if len(vars) == 0 {
		return out
	}
	g := a.g
	var stack []frame[P, V]
	push := func(vars []V, from P, fromPly, fromHalf, depth int) {
		stack = append(stack, frame[P, V]{vars: vars, from: from, fromPly: fromPly, fromHalf: fromHalf,
			pos: from, prev: fromPly, half: fromHalf, line: noteLine{Depth: depth}, number: true})
	}
	flush := func(f *frame[P, V]) {
		if len(f.line.Items) > 0 {
			out = append(out, f.line)
			f.line = noteLine{Depth: f.line.Depth}
		}
		f.number = true
	}
	// next ends the variation on top: its line is flushed, and the frame takes
	// the next sibling or, after the last, leaves the stack.
	next := func() {
		f := &stack[len(stack)-1]
		flush(f)
		f.i++
		if f.i == len(f.vars) {
			stack = stack[:len(stack)-1]
			return
		}
		f.k, f.pos, f.prev, f.half, f.number, f.started = 0, f.from, f.fromPly, f.fromHalf, true, false
	}
	push(vars, before, main-1, main, 1)
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		vComment, vMoves, vNotes := g.VariationFields(&f.vars[f.i])
		moves := *vMoves
		if !f.started && a.variations == maxVariations || a.plies == maxVariationPlies && f.k < len(moves) {
			// The page's bounds: the marker where the cut is, and nothing more of
			// this half-move's variations.
			item := noteItem{Cut: "[variations left out]", Title: variationsCut}
			if !a.cut {
				a.cut = true
				item.Cut = "[the rest of the variations is left out: " + variationsCut + "]"
			}
			f.line.Items = append(f.line.Items, item)
			flush(f)
			break
		}
		if !f.started {
			f.started = true
			a.variations++
			if c, ok := a.comment(*vComment); ok {
				f.line.Items = append(f.line.Items, c)
			}
		}
		if f.k == len(moves) {
			next()
			continue
		}
		m := moves[f.k]
		san, err := g.san(f.pos, m)
		if err != nil {
			// A record built in code may hold a move of another position (in Paco
			// Ŝako, SAN finds the move of this position that leads where m leads,
			// m.After; in Atomic chess, m must be one of its moves): the variation
			// stops there.
			f.line.Items = append(f.line.Items, noteItem{Cut: "[" + printable(g.name(m)) + ": not a move of this position]", Title: "the rest of this variation is left out"})
			next()
			continue
		}
		var n N
		if f.k < len(*vNotes) {
			n = (*vNotes)[f.k]
		}
		nNAGs, nComment, nVars := g.NoteFields(&n)
		nags := nagsOf(*nNAGs)
		after := g.after(f.pos, m)
		j := len(a.v.Script.Plies)
		if f.k > 0 {
			a.v.Script.Plies[f.prev].Next = j
		}
		p := g.move(f.pos, m, after)
		p.Status = "After " + a.first.label(f.half, san+assessment(nags)) + " in a variation: " + g.situation(after, g.ending(after)) + p.remark
		p.Up, p.Main = f.prev, main
		a.v.Script.Plies = append(a.v.Script.Plies, p)
		a.plies++

		no, white := a.first.of(f.half)
		label := san
		if white {
			label = strconv.Itoa(no) + ". " + san
		} else if f.number {
			label = strconv.Itoa(no) + "… " + san
		}
		f.line.Items = append(f.line.Items, noteItem{Ply: j, Move: label, NAGs: nags})
		f.number = false
		if c, ok := a.comment(*nComment); ok {
			f.line.Items = append(f.line.Items, c)
			f.number = true
		}
		pos, prev, half := f.pos, f.prev, f.half
		f.pos, f.prev, f.half, f.k = after, j, f.half+1, f.k+1
		if len(*nVars) > 0 {
			flush(f)
			push(*nVars, pos, prev, half, f.line.Depth+1)
		}
	}
	return out
}

var variationsCut = "a page shows at most " + thousands(maxVariationPlies) + " half-moves and " + thousands(maxVariations) + " variations"

// thousands writes n with commas between groups of three digits: "100,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
