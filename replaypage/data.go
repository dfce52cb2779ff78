package replaypage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/textsafe"
	"github.com/pacosako-go/pacosako/svg"
)

// view is what the template shows of one game: the text of the page, and the data
// its script draws the board from.
type view struct {
	ID    string // the root element's id and the prefix of every other id
	Title string
	Tags  []pacosako.Tag
	// MoreTags are the tags after the first few of a record that has many (as
	// ChessBase exports do), shown when the reader opens them.
	MoreTags []pacosako.Tag
	Rows     []row // the move list: a row per move number, and the annotations between
	Result   string
	Outcome  string // the result in words, "" while the game runs
	// Variations is set when the page shows positions of variations: it has a
	// button back to the main line.
	Variations bool
	Script     script
}

// row is one line of the move list: a move number and White's and Black's
// half-moves (nil where the game started with Black, ended after White, or where
// annotations come between them), or, when Notes is set, the annotations of the
// half-move before it (notes.go).
type row struct {
	No           int
	White, Black *entry
	Notes        []noteLine
}

// entry is one half-move in the move list.
type entry struct {
	Ply        int    // the half-move's number, from 1: the page shows the position after it
	SAN        string // chain SAN; for an unfinished half-move its actions and "…"
	NAGs       []nag
	Unfinished bool
	notes      []noteLine // its comment and variations, shown in a row after it
}

// script is the data of the page's script, written as JSON.
//
// The positions form a tree, whatever the game: Plies[0] is the start,
// Plies[1..Last] the positions after the main line's half-moves, and the ones
// after Last the positions of the variations, each naming the position before it
// (Up), the next one of its line (Next) and the main line's half-move it is an
// alternative to (Main). The buttons of the move list carry a position's index as
// data-ply.
type script struct {
	Page   bool    `json:"page"`          // the whole page (keys on the document), not an embedded game
	CSS    string  `json:"css,omitempty"` // an embedded game's style, added once to the host page
	Colors palette `json:"colors"`
	Last   int     `json:"last"`  // the main line's last position: an index into Plies
	Plies  []ply   `json:"plies"` // the start, the position after every half-move, the variations'
}

// ply is one position of the game as the script draws it.
type ply struct {
	// Board is what stands on every square, a1, b1, … h8: two characters a square,
	// the white figure (PNBRQK) or '.', then the black one (pnbrqk) or '.'.
	Board string `json:"b"`
	// Chain is the path of the half-move that led here, square names run together
	// ("f3e4c3c6", svg.MoveChain); its squares are also tinted as the last move.
	Chain string `json:"c,omitempty"`
	// Sako is the squares of free kings in Ŝako, run together ("e1").
	Sako string `json:"s,omitempty"`
	// Hand is the piece or union in the hand in the middle of a half-move: its
	// square and two characters as in Board ("e4N."); "" when settled.
	Hand string `json:"h,omitempty"`
	// Status is the position in words: the half-move, who is to move or the result,
	// and who is in Ŝako.
	Status string `json:"t"`
	// Up, Next and Main are set for a position of a variation only: the position
	// before it (0, the start, is left out), the next position of its variation
	// (0 at its end), and the main line's half-move (1..Last) that the outermost
	// variation around it is an alternative to.
	Up   int `json:"u,omitempty"`
	Next int `json:"n,omitempty"`
	Main int `json:"m,omitempty"`
}

// palette is the colours of the svg package's default drawing that the script
// paints besides the symbols (svg.Symbols): SVG colours, opacities as numbers.
// TestPalette checks them against the svg package's drawing.
type palette struct {
	Light         string  `json:"light"`
	Dark          string  `json:"dark"`
	LightLast     string  `json:"lightLast"`
	DarkLast      string  `json:"darkLast"`
	Margin        string  `json:"margin"`
	Coordinates   string  `json:"coords"`
	Chain         string  `json:"chain"`
	ChainOpacity  float64 `json:"chainOpacity"`
	Shadow        string  `json:"shadow"`
	ShadowOpacity float64 `json:"shadowOpacity"`
}

var defaultPalette = palette{
	Light: "#ecdcc0", Dark: "#ad8a66", LightLast: "#dcd67e", DarkLast: "#b1a54a",
	Margin: "#3a3632", Coordinates: "#eee6d8",
	Chain: "#1d4ed8", ChainOpacity: 0.8,
	Shadow: "#000000", ShadowOpacity: 0.4,
}

// A record with more than maxTags tags shows the first openTags, and the others
// when the reader opens them, so that the move list stays in view.
const (
	maxTags  = 8
	openTags = 6
)

// newView reads everything the page shows from rec. The positions are replayed
// from the game; Ŝako is a threat search per position (usually well under a
// millisecond; see pacosako.Position.InSako).
func newView(rec pacosako.Record, page bool) view {
	g := rec.Game
	v := view{Result: g.Outcome().Result(), Outcome: outcomeText(g.Outcome())}
	for _, t := range rec.Tags {
		v.Tags = append(v.Tags, pacosako.Tag{Name: printable(t.Name), Value: printable(t.Value)})
	}
	if len(v.Tags) > maxTags {
		v.Tags, v.MoreTags = v.Tags[:openTags], v.Tags[openTags:]
	}
	v.Title = printable(title(rec))
	v.Script = script{Page: page, Colors: defaultPalette}

	moves, sans := g.PlayedMoves(), g.PlayedSAN()
	start := g.Start()
	first := start.Turn()
	p := start
	var entries []entry
	for i := 0; i <= len(moves); i++ {
		var chain []pacosako.Square
		label := ""
		if i > 0 {
			chain = svg.MoveChain(p, moves[i-1]).Squares
			e := entry{Ply: i, SAN: sans[i-1]}
			if i <= len(rec.Notes) {
				e.NAGs = nagsOf(rec.Notes[i-1].NAGs)
			}
			label = moveLabel(first, i, e.SAN+assessment(e.NAGs))
			entries = append(entries, e)
			p = moves[i-1].After()
		}
		status := "Start"
		if i > 0 {
			status = "After " + label
		}
		status += ": " + situation(p, i == len(moves) && len(g.PendingActions()) == 0, g.Outcome())
		v.Script.Plies = append(v.Script.Plies, newPly(p, chain, status))
	}
	if pending := g.PendingActions(); len(pending) > 0 {
		// The half-move the game stops in the middle of: the position with the piece
		// in the hand, and the path so far.
		var chain []pacosako.Square
		if h := p.Hand(); !h.IsEmpty() {
			chain = append(chain, h.Square) // a half-move that began before the start
		}
		for _, a := range pending {
			if a.Kind == pacosako.LiftKind || a.Kind == pacosako.PlaceKind {
				chain = append(chain, a.Square)
			}
		}
		i := len(moves) + 1
		text := pacosako.FormatActions(pending) + " …"
		entries = append(entries, entry{Ply: i, SAN: text, Unfinished: true})
		mover := colorName(g.Position().Turn())
		status := "In the middle of " + mover + "'s half-move " + moveLabel(first, i, text) + ": " + situation(g.Position(), true, g.Outcome())
		v.Script.Plies = append(v.Script.Plies, newPly(g.Position(), chain, status))
	}
	v.Script.Last = len(v.Script.Plies) - 1

	// The annotations, after the main line's positions: the variations' positions
	// follow them in the script's data.
	a := newAnnotator(&v, first)
	if c, ok := a.comment(rec.Comment); ok {
		v.Rows = append(v.Rows, row{Notes: []noteLine{{Items: []noteItem{c}}}})
	}
	p = start
	for i, m := range moves {
		if i < len(rec.Notes) {
			entries[i].notes = a.note(rec.Notes[i], p, i+1)
		}
		p = m.After()
	}
	v.Rows = append(v.Rows, rows(first, entries)...)
	v.Variations = len(v.Script.Plies) > v.Script.Last+1
	v.ID = "psr-" + digest(v)
	return v
}

// newPly encodes one position for the script.
func newPly(p pacosako.Position, chain []pacosako.Square, status string) ply {
	b := p.Board()
	var board strings.Builder
	board.Grow(128)
	for s := pacosako.A1; s <= pacosako.H8; s++ {
		board.WriteString(cellText(b.Cell(s)))
	}
	out := ply{Board: board.String(), Chain: squareNames(chain), Status: status}
	out.Sako = squareNames(slices.Collect(sakoKings(p).All()))
	if h := p.Hand(); !h.IsEmpty() && h.Square.IsValid() {
		out.Hand = h.Square.String() + cellText(h.Cell())
	}
	return out
}

// cellText writes a cell as two characters: the white figure or '.', the black
// figure or '.'.
func cellText(c pacosako.Cell) string {
	w, k := ".", "."
	if c.White != pacosako.NoRole && c.White <= pacosako.King {
		w = string(c.White.Letter())
	}
	if c.Black != pacosako.NoRole && c.Black <= pacosako.King {
		k = string(c.Black.Letter() | 0x20) // lower case
	}
	return w + k
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

// squareNames writes squares run together: "f3e4c3c6".
func squareNames(squares []pacosako.Square) string {
	var b strings.Builder
	for _, s := range squares {
		b.WriteString(s.String())
	}
	return b.String()
}

// situation says who is to move in p, or the result when the game ends there
// (last), and whose king is in Ŝako.
func situation(p pacosako.Position, last bool, o pacosako.Outcome) string {
	var parts []string
	if last && o.IsOver() {
		parts = append(parts, o.Result()+", "+outcomeText(o))
	} else if h := p.Hand(); !h.IsEmpty() {
		parts = append(parts, colorName(p.Turn())+" is moving")
	} else {
		parts = append(parts, colorName(p.Turn())+" to move")
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

// outcomeText says how a game ended, "" while it runs.
func outcomeText(o pacosako.Outcome) string {
	w, _ := o.Won()
	switch o.Termination {
	case pacosako.Paco:
		return colorName(w) + " wins by Paco"
	case pacosako.Timeout:
		return colorName(w) + " wins on time"
	case pacosako.Resignation:
		return colorName(w.Other()) + " resigned"
	case pacosako.NoProgress:
		return "draw: no progress"
	case pacosako.Repetition:
		return "draw by repetition"
	case pacosako.Agreement:
		return "draw by agreement"
	case pacosako.AllUnited:
		return "draw: every piece but the kings united"
	case pacosako.KingsUnited:
		return "draw: the kings united"
	}
	return ""
}

func colorName(c pacosako.Color) string {
	if c == pacosako.Black {
		return "Black"
	}
	return "White"
}

// moveLabel writes half-move i (from 1) of a game whose first half-move is
// first's with its move number: "17. Qxg4" for White's, "17… Rd8" for Black's; the
// numbers count from 1 at the start, whoever moves first.
func moveLabel(first pacosako.Color, i int, san string) string {
	no, white := moveNumber(first, i)
	if white {
		return strconv.Itoa(no) + ". " + san
	}
	return strconv.Itoa(no) + "… " + san
}

// moveNumber returns the move number of half-move i (from 1) and whether White
// plays it, for a game whose first half-move is first's.
func moveNumber(first pacosako.Color, i int) (no int, white bool) {
	k := i - 1 // half-moves before it
	if first == pacosako.Black {
		k++ // as if White had played a half-move before the start
	}
	return k/2 + 1, k%2 == 0
}

// rows lays the half-moves out by move number, with a row of annotations after
// each half-move that has them; Black's half-move after them starts a row of its
// own.
func rows(first pacosako.Color, entries []entry) []row {
	var out []row
	open := false // the last row takes Black's half-move of its number
	for i := range entries {
		e := &entries[i]
		no, white := moveNumber(first, e.Ply)
		if !open || white || out[len(out)-1].No != no {
			out = append(out, row{No: no})
		}
		open = white
		if white {
			out[len(out)-1].White = e
		} else {
			out[len(out)-1].Black = e
		}
		if len(e.notes) > 0 {
			out = append(out, row{Notes: e.notes})
			open = false
		}
	}
	return out
}

// title names the game: its Event tag, else its players, else "Paco Ŝako game".
func title(rec pacosako.Record) string {
	if e := rec.Tag("Event"); e != "" && e != "?" {
		return e
	}
	w, b := rec.Tag("White"), rec.Tag("Black")
	if w != "" && w != "?" || b != "" && b != "?" {
		return orQ(w) + " – " + orQ(b)
	}
	return "Paco Ŝako game"
}

// printable makes input text (a tag) safe as HTML text and attribute value, which
// cannot escape control characters: each control character (C0, DEL, C1) and
// U+2028, U+2029 becomes a space, invalid UTF-8 U+FFFD (textsafe.Spaced), so that
// a tag copies nothing raw into the page (nor into a terminal that shows
// -to html-embed's output).
func printable(s string) string { return textsafe.Spaced(s) }

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// digest returns 10 hex digits of a hash of everything the page shows, so that
// the ids of different games differ on a page that embeds several.
func digest(v view) string {
	data, _ := json.Marshal(struct {
		Tags, MoreTags []pacosako.Tag
		Rows           []row
		Result         string
		Plies          []ply
	}{v.Tags, v.MoreTags, v.Rows, v.Result, v.Script.Plies}) // plain data: no error
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:5])
}
