package replaypage

import (
	"slices"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Atomic chess's part of the page: its moves played and drawn as the svg package
// draws them (the path from square to square and, for a capture, the squares
// its explosion reached: svg.MovePath; the pieces it removed,
// atomic.Position.Exploded), check, its endings in words.

// atomicView reads what the page shows of an Atomic chess record.
func atomicView(rec atomic.Record, page bool) view {
	g := rec.Game
	line := gameLine[atomic.Position, atomic.Move, atomic.Note]{
		tags: ownTags(pgn.Atomic, rec.Tags), title: title(rec.Tags, "Atomic chess game"), comment: rec.Comment, notes: rec.Notes,
		start: g.Start(), number: g.Start().FullMoveNumber(), moves: g.PlayedMoves(), sans: g.PlayedSAN(),
		result: g.Outcome().Result(), outcome: endingWords(g.Outcome()),
	}
	return newView[atomic.Position, atomic.Move, atomic.Note, atomic.Variation](atomicRules{}, line, page)
}

// atomicRules are the page's rules of Atomic chess.
type atomicRules struct{}

func (atomicRules) NoteFields(n *atomic.Note) (*[]int, *string, *[]atomic.Variation) {
	return &n.NAGs, &n.Comment, &n.Variations
}

func (atomicRules) VariationFields(v *atomic.Variation) (*string, *[]atomic.Move, *[]atomic.Note) {
	return &v.Comment, &v.Moves, &v.Notes
}

func (atomicRules) san(p atomic.Position, m atomic.Move) (string, error) { return p.SAN(m) }

func (atomicRules) after(p atomic.Position, m atomic.Move) atomic.Position {
	after, _ := p.Play(m) // m is legal in p: SAN said so, or the game played it
	return after
}

func (atomicRules) position(p atomic.Position) ply { return newPly(p.Board(), nil) }

// move draws the position after m with m's path and, for a capture, its
// explosion: the squares the blast reached, and the pieces it removed on the
// squares they stood on.
func (atomicRules) move(before atomic.Position, m atomic.Move, after atomic.Position) ply {
	path := pathOf(before, m)
	d := newPly(after.Board(), path.Chain.Squares)
	if !m.IsCapture() {
		return d
	}
	d.Blast = squareNames(slices.Collect(path.Blast.All()))
	gone := before.Exploded(m)
	var b strings.Builder
	for s := range gone.Occupied().All() {
		b.WriteString(s.String())
		b.WriteString(cellText(gone.Cell(s)))
	}
	d.Gone = b.String()
	d.remark = ". " + explosionText(m.To(), gone, before.Turn())
	return d
}

// explosionText says what the explosion on square at removed (gone): "The
// explosion on c7 took White's knight and Black's queen, bishop and pawn.", the
// mover's pieces first, each side's from the king down, for readers who do not
// see the board (the status line is read out when it changes).
func explosionText(at pacosako.Square, gone pacosako.Board, mover pacosako.Color) string {
	var sides []string
	for _, c := range []pacosako.Color{mover, mover.Other()} {
		var names []string
		for r := pacosako.King; r >= pacosako.Pawn; r-- {
			switch n := gone.Pieces(c, r).Count(); {
			case n == 1:
				names = append(names, strings.ToLower(r.String()))
			case n > 1:
				names = append(names, counts[min(n, len(counts)-1)]+" "+strings.ToLower(r.String())+"s")
			}
		}
		if len(names) > 0 {
			sides = append(sides, colorName(c)+"'s "+and(names))
		}
	}
	return "The explosion on " + at.String() + " took " + and(sides) + "."
}

// counts are the numbers of pieces of one role an explosion can take, in words.
var counts = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// and joins words as a list: "a", "a and b", "a, b and c".
func and(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

func (atomicRules) turn(p atomic.Position) pacosako.Color { return p.Turn() }

func (atomicRules) ending(p atomic.Position) string {
	if o := p.Outcome(); o.IsOver() {
		return o.Result() + ", " + endingWords(o)
	}
	return ""
}

// situation says who is to move in p, or the ending, and whose king is in check.
func (atomicRules) situation(p atomic.Position, ending string) string {
	if ending == "" {
		ending = toMove(p.Turn())
	}
	if p.InCheck() {
		ending += "; " + colorName(p.Turn()) + "'s king is in check"
	}
	return ending
}

func (atomicRules) name(m atomic.Move) string { return m.UCI() }
