package pgn

import (
	"strconv"
	"strings"
)

// Building a game's record from the parts the Reader hands out: what both games
// do alike (tags, comments, NAGs, variations and their notes), leaving each game
// its moves, its start and its result.

// Shape reaches a game's own Note and Variation types, which have the same fields
// in every game (see the root package's Note and Variation) but the game's Move
// type M: a Note holds a half-move's NAGs, comment and variations, a Variation its
// comment, moves and notes. The shared code reads and fills them through the
// pointers Shape returns.
type Shape[M, N, V any] interface {
	NoteFields(n *N) (nags *[]int, comment *string, variations *[]V)
	VariationFields(v *V) (comment *string, moves *[]M, notes *[]N)
}

// Moves is what a game does with the moves of a record while a Builder keeps the
// rest. An error ends the game; ReadGame returns it as it is.
type Moves[P, M any] interface {
	// Main plays the next move of the main line, its text at at.
	Main(text string, at Pos) error
	// Before returns the position before the main line's last move, where its
	// variations start.
	Before() P
	// Variation reads a move of a variation in position p: the move and the
	// position after it.
	Variation(p P, text string, at Pos) (M, P, error)
}

// Builder is the part of a Handler both games share: it keeps the tags, the
// comments, the NAGs and the variations with their notes, and hands the moves to
// the game's Moves. A game's handler embeds it and adds StartMovetext and End
// (calling EndMain first), and builds its record from Tags, Lead and Notes.
type Builder[P, M, N, V any] struct {
	shape Shape[M, N, V]
	game  Moves[P, M]
	tags  []Tag
	// tagErr is the first error of the tag section AddTag found: a Variant tag
	// naming another game than the one before it (CheckVariant returns it).
	tagErr error
	lead   string // the comment before the main line's first move
	notes  []N    // the main line's notes, up to its last annotated move
	moves  int    // the main line's moves
	// lines are the lines of play being read: lines[0] the main line (its moves
	// are the game's, its notes notes), then the open variations, the innermost
	// last.
	lines []frame[P, V]
}

// frame is a line of play being read.
type frame[P, V any] struct {
	v       V    // a variation's comment, moves and notes
	comment Text // the comments about the line's current place: its start, then its last move
	before  P    // a variation's position before its last move
	after   P    // a variation's position after its last move (before its first: its start)
}

// NewBuilder returns a Builder for a game whose Note and Variation types shape
// reaches and whose moves moves plays.
func NewBuilder[P, M, N, V any](shape Shape[M, N, V], moves Moves[P, M]) *Builder[P, M, N, V] {
	return &Builder[P, M, N, V]{shape: shape, game: moves, lines: make([]frame[P, V], 1, 4)}
}

// Tags returns the tags read, in order.
func (b *Builder[P, M, N, V]) Tags() []Tag { return b.tags }

// Lead returns the comment before the main line's first move (and before any
// move number), its comments joined as Text joins them.
func (b *Builder[P, M, N, V]) Lead() string { return b.lead }

// Notes returns the notes of the main line's moves read, one per move up to
// the last move something is said about (a comment, a NAG, a variation), as a
// variation's: none for a game without annotations, so that a record costs
// little more than its moves.
func (b *Builder[P, M, N, V]) Notes() []N { return b.notes }

// notesOf returns the notes of line i.
func (b *Builder[P, M, N, V]) notesOf(i int) *[]N {
	if i == 0 {
		return &b.notes
	}
	_, _, notes := b.shape.VariationFields(&b.lines[i].v)
	return notes
}

// lastNote returns the note of line i's last move (it must have one). A line's
// notes are made when something is said about a move: they end at its last
// annotated move (a note is a few dozen bytes, a move as little as the 3 bytes
// of "e4 ").
func (b *Builder[P, M, N, V]) lastNote(i int) *N {
	notes := b.notesOf(i)
	if k := b.movesOf(i); len(*notes) < k {
		*notes = append(*notes, make([]N, k-len(*notes))...)
	}
	return &(*notes)[len(*notes)-1]
}

// movesOf returns how many moves line i has.
func (b *Builder[P, M, N, V]) movesOf(i int) int {
	if i == 0 {
		return b.moves
	}
	_, moves, _ := b.shape.VariationFields(&b.lines[i].v)
	return len(*moves)
}

// hasMove reports whether line i has a move yet.
func (b *Builder[P, M, N, V]) hasMove(i int) bool { return b.movesOf(i) > 0 }

// flush stores the comments about line i's current place: its last move's note,
// or before its first move the line's comment.
func (b *Builder[P, M, N, V]) flush(i int) {
	f := &b.lines[i]
	if f.comment.Len() == 0 {
		return
	}
	switch {
	case b.hasMove(i):
		_, c, _ := b.shape.NoteFields(b.lastNote(i))
		*c = f.comment.String()
	case i == 0:
		b.lead = f.comment.String()
	default:
		c, _, _ := b.shape.VariationFields(&f.v)
		*c = f.comment.String()
	}
	f.comment.Reset()
}

// EndMain stores the comments about the main line's last place: a game's End
// calls it first, and its Done when the game ended early.
func (b *Builder[P, M, N, V]) EndMain() {
	b.flush(0)
	b.settle(0)
	b.notes = exact(b.notes)
}

// settle trims the variations of line i's last move, which are complete once the
// line goes on or ends, to their length (see exact).
func (b *Builder[P, M, N, V]) settle(i int) {
	notes := b.notesOf(i)
	if len(*notes) < b.movesOf(i) {
		return // the last move has no note
	}
	if len(*notes) > 0 {
		_, _, vars := b.shape.NoteFields(&(*notes)[len(*notes)-1])
		*vars = exact(*vars)
	}
}

// exact returns s, complete, without the room append left at its end when that is
// more than a quarter of it: a slice grown by append may hold up to twice its
// length, and a record keeps its slices as long as it is kept.
func exact[T any](s []T) []T {
	if cap(s)-len(s) <= len(s)/4 {
		return s
	}
	return append([]T(nil), s...)
}

// TagValue returns the value of the tag name and where it stands ("" if the game
// has none).
func (b *Builder[P, M, N, V]) TagValue(name string) (string, Pos) {
	t, _ := Find(b.tags, name)
	return t.Value, t.At
}

// CheckVariant returns a *SyntaxError at the Variant tag when the tag section
// named two games (AddTag) or names a game other than reader's
// (VariantMismatch), else nil.
func (b *Builder[P, M, N, V]) CheckVariant(reader Variant) error {
	if b.tagErr != nil {
		return b.tagErr
	}
	if v, at := b.TagValue("Variant"); v != "" {
		if why := VariantMismatch(v, reader); why != "" {
			return &SyntaxError{At: at, Input: v, Reason: why}
		}
	}
	return nil
}

// Tag keeps a tag pair, as AddTag keeps it.
func (b *Builder[P, M, N, V]) Tag(t Tag) {
	if b.tags == nil {
		b.tags = make([]Tag, 0, 16) // the roster and a few more at once
	}
	var err error
	if b.tags, err = AddTag(b.tags, t); err != nil && b.tagErr == nil {
		b.tagErr = err
	}
}

// AddTag returns tags, a tag section as read so far (each name once), with t,
// the next tag the Reader handed over: added at the end, or for a name the
// section has (t.Index, the place of its name, holds a tag of that name) in
// that tag's place, the later value and place counting, as python-chess and chessops read
// a repeated tag. The error, a *SyntaxError at t, is a Variant tag that names
// another game than the one before (ClassifyVariant: "Atomic", then
// "Standard"): a record is of one game, and reading it as either could make a
// record of the wrong game of moves legal in both; t is kept all the same. A
// value that names the same game again ("atomic" after "Atomic") is no error.
func AddTag(tags []Tag, t Tag) ([]Tag, error) {
	if t.Index < 0 || t.Index >= len(tags) || tags[t.Index].Name != t.Name {
		t.Index = len(tags)
		return append(tags, t), nil
	}
	return replaceTag(tags, t)
}

// replaceTag is AddTag of a name tags has.
func replaceTag(tags []Tag, t Tag) ([]Tag, error) {
	old := tags[t.Index]
	tags[t.Index] = t
	if t.Name == "Variant" && ClassifyVariant(old.Value) != ClassifyVariant(t.Value) {
		return tags, &SyntaxError{At: t.At, Input: t.Value, Reason: "the Variant tag again, naming another game than " +
			strconv.Quote(old.Value) + " (line " + strconv.Itoa(old.At.Line) + ", column " + strconv.Itoa(old.At.Column) + "): a record is of one game"}
	}
	return tags, nil
}

// Comment keeps a comment about the current line's place.
func (b *Builder[P, M, N, V]) Comment(text string) { b.lines[len(b.lines)-1].comment.Add(text) }

// EnPassantMark is FIDE's mark of an en passant capture. Written as a word of
// its own after the move ("exd6 e.p.", also "e.p.+"), it is about that move and
// says nothing more than the move does: Move ignores it there. (Glued to the move,
// "exd6e.p.", it is part of the move's text, which the games' SAN readers read.)
const EnPassantMark = "e.p."

// Move hands a move to the game: Main for the main line, Variation from the
// variation's position for a variation; a note is started for it. The en
// passant mark after a move (EnPassantMark) is no move and is ignored.
func (b *Builder[P, M, N, V]) Move(text string, at Pos) error {
	i := len(b.lines) - 1
	if strings.HasPrefix(text, EnPassantMark) && b.hasMove(i) {
		return nil
	}
	b.flush(i)
	b.settle(i)
	if i == 0 {
		if err := b.game.Main(text, at); err != nil {
			return err
		}
		b.moves++
		return nil
	}
	f := &b.lines[i]
	m, after, err := b.game.Variation(f.after, text, at)
	if err != nil {
		return err
	}
	_, moves, _ := b.shape.VariationFields(&f.v)
	*moves = append(*moves, m)
	f.before, f.after = f.after, after
	return nil
}

// NAG adds a NAG to the note of the current line's last move.
func (b *Builder[P, M, N, V]) NAG(n int) {
	nags, _, _ := b.shape.NoteFields(b.lastNote(len(b.lines) - 1))
	*nags = append(*nags, n)
}

// StartVariation opens a variation of the current line's last move, played from
// the position before it.
func (b *Builder[P, M, N, V]) StartVariation(Pos) error {
	var start P
	if i := len(b.lines) - 1; i == 0 {
		start = b.game.Before()
	} else {
		start = b.lines[i].before
	}
	b.lines = append(b.lines, frame[P, V]{after: start})
	return nil
}

// EndVariation closes the current variation: it joins the alternatives to the
// last move of the line around it.
func (b *Builder[P, M, N, V]) EndVariation() {
	i := len(b.lines) - 1
	b.flush(i)
	b.settle(i)
	v := b.lines[i].v
	_, moves, notes := b.shape.VariationFields(&v)
	*moves, *notes = exact(*moves), exact(*notes)
	b.lines[i] = frame[P, V]{}
	b.lines = b.lines[:i]
	_, _, vars := b.shape.NoteFields(b.lastNote(i - 1))
	*vars = append(*vars, v)
}

// SetTags replaces the tags kept, taking tags' array: a handler that keeps a
// game's tag section before it knows the game hands it over at once (package
// records; a record may have millions of tags).
func (b *Builder[P, M, N, V]) SetTags(tags []Tag) { b.tags = tags }

// pair is a tag pair as the games' Tag types hold it.
type pair = struct{ Name, Value string }

// TagsOf returns a game's tags as this package's (without places).
func TagsOf[T ~struct{ Name, Value string }](tags []T) []Tag {
	out := make([]Tag, len(tags))
	for i, t := range tags {
		p := pair(t)
		out[i] = Tag{Name: p.Name, Value: p.Value}
	}
	return out
}

// TagsAs returns tags as a game's Tag type.
func TagsAs[T ~struct{ Name, Value string }](tags []Tag) []T {
	out := make([]T, len(tags))
	for i, t := range tags {
		out[i] = T(pair{Name: t.Name, Value: t.Value})
	}
	return out
}

// TagValue returns the value of the first of a game's tags named name, or "".
func TagValue[T ~struct{ Name, Value string }](tags []T, name string) string {
	for _, t := range tags {
		if p := pair(t); p.Name == name {
			return p.Value
		}
	}
	return ""
}
