package records

import (
	"github.com/pacosako-go/pacosako/internal/pgn"
	"github.com/pacosako-go/pacosako/internal/recordgames"
)

// dispatch is a handler that keeps a game's tag section (and comments among the
// tags) until its movetext starts, then hands them, and the rest of the game, to
// the handler of the game its Variant tag names (pgn.ClassifyVariant), or of def
// for a record without one or with a value that names no game of the module,
// which that game's reader then reports.
type dispatch struct {
	n        int
	def      pgn.Variant
	opt      recordgames.Options
	tags     []pgn.Tag // as pgn.AddTag keeps them
	tagErr   error     // pgn.AddTag's first error
	comments []string
	v        pgn.Variant // the game chosen
	h        pgn.GameHandler[any]
}

// choose starts the game's own handler and hands it what was kept: the tags, then
// the comments (a builder keeps them apart, so only their order among themselves
// matters).
func (d *dispatch) choose() {
	d.v = d.def
	if t, ok := pgn.Find(d.tags, "Variant"); ok {
		if g := pgn.ClassifyVariant(t.Value); g == pgn.PacoSako || g == pgn.Atomic {
			d.v = g
		}
	}
	d.h = recordgames.Of(d.v).Handler(d.n, d.opt)
	recordgames.SetTags(d.h, d.tags)
	for _, c := range d.comments {
		d.h.Comment(c)
	}
	d.tags, d.comments = nil, nil
}

func (d *dispatch) Tag(t pgn.Tag) {
	var err error
	if d.tags, err = pgn.AddTag(d.tags, t); err != nil && d.tagErr == nil {
		d.tagErr = err
	}
}

func (d *dispatch) Comment(text string) {
	if d.h == nil {
		d.comments = append(d.comments, text)
		return
	}
	d.h.Comment(text)
}

// StartMovetext starts the game: a tag section that named two games is the
// chosen game's error (as its own reader reports it).
func (d *dispatch) StartMovetext() error {
	d.choose()
	if d.tagErr != nil {
		return d.tagErr
	}
	return d.h.StartMovetext()
}

func (d *dispatch) Move(text string, at pgn.Pos) error  { return d.h.Move(text, at) }
func (d *dispatch) NAG(n int)                           { d.h.NAG(n) }
func (d *dispatch) StartVariation(at pgn.Pos) error     { return d.h.StartVariation(at) }
func (d *dispatch) EndVariation()                       { d.h.EndVariation() }
func (d *dispatch) End(result string, at pgn.Pos) error { return d.h.End(result, at) }

// Done ends the game: a game that failed in its tag section is reported by the
// game its tags so far name.
func (d *dispatch) Done(err error) (any, error) {
	if d.h == nil {
		d.choose()
	}
	return d.h.Done(err)
}
