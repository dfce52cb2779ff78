package replaypage

import (
	"slices"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/pgn"
)

// Paco Ŝako's part of the page: its moves played and drawn as chains, the kings
// in Ŝako, the half-move a game stops in the middle of, its endings in words.

// pacoView reads what the page shows of a Paco Ŝako record. The positions are
// replayed from the game; Ŝako is a threat search per position (usually well
// under a millisecond; see pacosako.Position.InSako).
func pacoView(rec pacosako.Record, page bool) view {
	g := rec.Game
	line := gameLine[pacosako.Position, pacosako.Move, pacosako.Note]{
		tags: ownTags(pgn.PacoSako, rec.Tags), title: title(rec.Tags, "Paco Ŝako game"), comment: rec.Comment, notes: rec.Notes,
		start: g.Start(), number: g.Start().FullMoveNumber(), moves: g.PlayedMoves(), sans: g.PlayedSAN(),
		result: g.Outcome().Result(), outcome: endingWords(g.Outcome()),
	}
	if pending := g.PendingActions(); len(pending) > 0 {
		// The half-move the game stops in the middle of: the position with the piece
		// in the hand, and the path so far.
		settled := line.start
		if n := len(line.moves); n > 0 {
			settled = line.moves[n-1].After()
		}
		var chain []pacosako.Square
		if h := settled.Hand(); !h.IsEmpty() {
			chain = append(chain, h.Square) // a half-move that began before the start
		}
		for _, a := range pending {
			if a.Kind == pacosako.LiftKind || a.Kind == pacosako.PlaceKind {
				chain = append(chain, a.Square)
			}
		}
		p := g.Position()
		d := pacoPly(p)
		d.Chain = squareNames(chain)
		line.unfinished = &unfinished{text: pacosako.FormatActions(pending) + " …", mover: p.Turn(), draw: d,
			situation: pacoRules{}.situation(p, "")}
	}
	return newView[pacosako.Position, pacosako.Move, pacosako.Note, pacosako.Variation](pacoRules{}, line, page)
}

// pacoRules are the page's rules of Paco Ŝako.
type pacoRules struct{}

func (pacoRules) NoteFields(n *pacosako.Note) (*[]int, *string, *[]pacosako.Variation) {
	return &n.NAGs, &n.Comment, &n.Variations
}

func (pacoRules) VariationFields(v *pacosako.Variation) (*string, *[]pacosako.Move, *[]pacosako.Note) {
	return &v.Comment, &v.Moves, &v.Notes
}

// san finds the move of p that leads where m leads (m.After), so a move of
// another position is an error.
func (pacoRules) san(p pacosako.Position, m pacosako.Move) (string, error) { return p.SAN(m) }

func (pacoRules) after(_ pacosako.Position, m pacosako.Move) pacosako.Position { return m.After() }

func (pacoRules) position(p pacosako.Position) ply { return pacoPly(p) }

func (pacoRules) move(before pacosako.Position, m pacosako.Move, after pacosako.Position) ply {
	d := pacoPly(after)
	d.Chain = squareNames(pathOf(before, m).Chain.Squares)
	return d
}

func (pacoRules) turn(p pacosako.Position) pacosako.Color { return p.Turn() }

func (pacoRules) ending(p pacosako.Position) string {
	if o := p.Outcome(); o.IsOver() {
		return o.Result() + ", " + endingWords(o)
	}
	return ""
}

// situation says who is to move in p, or is moving (a piece in the hand), or the
// ending, and whose king is in Ŝako.
func (pacoRules) situation(p pacosako.Position, ending string) string {
	parts := []string{ending}
	if ending == "" {
		parts[0] = toMove(p.Turn())
		if h := p.Hand(); !h.IsEmpty() {
			parts[0] = colorName(p.Turn()) + " is moving"
		}
	}
	b := p.Board()
	kings := sakoKings(p)
	for _, c := range []pacosako.Color{pacosako.White, pacosako.Black} {
		if b.Pieces(c, pacosako.King)&kings != 0 {
			parts = append(parts, colorName(c)+"'s king is in Ŝako")
		}
	}
	return strings.Join(parts, "; ")
}

func (pacoRules) name(m pacosako.Move) string { return m.String() }

// pacoPly encodes a Paco Ŝako position for the script: the board, the kings in
// Ŝako and the piece in the hand.
func pacoPly(p pacosako.Position) ply {
	out := newPly(p.Board(), nil)
	out.Sako = squareNames(slices.Collect(sakoKings(p).All()))
	if h := p.Hand(); !h.IsEmpty() && h.Square.IsValid() {
		out.Hand = h.Square.String() + cellText(h.Cell())
	}
	return out
}

// sakoKings returns the squares of the kings that the svg package highlights as
// in Ŝako: kings not in a union whose colour is in Ŝako.
func sakoKings(p pacosako.Position) pacosako.Bitboard {
	b := p.Board()
	var kings pacosako.Bitboard
	for _, c := range []pacosako.Color{pacosako.White, pacosako.Black} {
		if k := b.Pieces(c, pacosako.King) &^ b.Unions(); k != 0 && p.InSako(c) {
			kings |= k
		}
	}
	return kings
}
