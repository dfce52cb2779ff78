package replaypage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/pgn"
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
	// LeftOutTags is how many tags the page does not show (past maxShownTags),
	// TagsCut the marker's tooltip.
	LeftOutTags int
	TagsCut     string
	Rows        []row // the move list: a row per move number, and the annotations between
	Result      string
	Outcome     string // the result in words, "" while the game runs
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
	// ("f3e4c3c6"; an Atomic move's from and to squares: svg.MovePath); its
	// squares are also tinted as the last move.
	Chain string `json:"c,omitempty"`
	// Sako is the squares of free kings in Ŝako, run together ("e1"); Paco
	// Ŝako only.
	Sako string `json:"s,omitempty"`
	// Hand is the piece or union in the hand in the middle of a half-move: its
	// square and two characters as in Board ("e4N."); "" when settled.
	Hand string `json:"h,omitempty"`
	// Blast is the squares an Atomic chess capture's explosion reached
	// (svg.MovePath), run together ("a6b6c6…"): tinted over the squares.
	Blast string `json:"x,omitempty"`
	// Gone is what the explosion removed, each piece on the square it stood on
	// before the half-move (atomic.Position.Exploded: the capturing piece on the
	// square it left): a square and two characters as in Board, run together
	// ("a5N.b7.p"). The pieces are drawn faded, as svg draws Options.Vanishing.
	Gone string `json:"g,omitempty"`
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
	// remark is what the status line adds after the situation about the half-move
	// that led here (an explosion in words), "" for nothing; it is part of Status.
	remark string
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
	Blast         string  `json:"blast"`
	BlastOpacity  float64 `json:"blastOpacity"`
	Vanishing     float64 `json:"vanishing"` // the opacity of a piece an explosion removed
}

var defaultPalette = palette{
	Light: "#ecdcc0", Dark: "#ad8a66", LightLast: "#dcd67e", DarkLast: "#b1a54a",
	Margin: "#3a3632", Coordinates: "#eee6d8",
	Chain: "#1d4ed8", ChainOpacity: 0.8,
	Shadow: "#000000", ShadowOpacity: 0.4,
	Blast: "#f97316", BlastOpacity: 0.651, Vanishing: svg.VanishingOpacity,
}

// A record with more than maxTags tags shows the first openTags, and the others
// when the reader opens them, so that the move list stays in view. A page shows
// at most maxShownTags tags, maxTagName characters of a tag's name and
// maxTagValue of its value, maxTitle of its title, with a marker or "…" where
// the rest is left out: a record's tags (a hostile one's may be megabytes, and
// the title is on the page three times) make at most some tens of kilobytes.
const (
	maxTags      = 8
	openTags     = 6
	maxShownTags = 50
	maxTagName   = 40
	maxTagValue  = 200
	maxTitle     = 100
)

var tagsCut = "a page shows at most " + strconv.Itoa(maxShownTags) + " tags"

// clip returns s as the page shows it (printable), its first n characters and
// "…" when it has more; a byte that is not UTF-8 counts as a character.
func clip(s string, n int) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i == len(s) {
		return printable(s)
	}
	return printable(s[:i]) + "…"
}

// rules is what the page does with the positions P, moves M, notes N and
// variations V of one game (pacoRules in pacosako.go, atomicRules in atomic.go):
// play a move, draw a position, say what it is. Everything else — the layout of
// the move list and the annotations, the script's data, the template, the script
// and the style — is the same for both games. Its methods take bounded time.
type rules[P, M, N, V any] interface {
	// Shape reaches the record's Note and Variation fields, as the record code
	// reads them (internal/pgn).
	pgn.Shape[M, N, V]
	// san writes m, a move of p, in SAN; the error says that m is not a legal
	// move of p (a record built in code may hold one).
	san(p P, m M) (string, error)
	// after returns the position after m, a legal move of p.
	after(p P, m M) P
	// position returns what the script draws of p before any half-move: Board,
	// and Sako for Paco Ŝako.
	position(p P) ply
	// move returns what the script draws after m, a move of before that led to
	// after: position(after), the move's path (Chain) and, for an Atomic chess
	// capture, its explosion (Blast, Gone, and in words its remark).
	move(before P, m M, after P) ply
	// turn returns the side to move in p.
	turn(p P) pacosako.Color
	// ending returns the result and the ending in words when the game ends in p
	// by the rules ("1-0, White wins by Paco"), "" while it goes on.
	ending(p P) string
	// situation says, after ending (when it is not ""), else who is to move, what
	// else a player must know about p: whose king is in Ŝako or in check.
	situation(p P, ending string) string
	// name writes a move that is not one of its position, for the marker that says so.
	name(m M) string
}

// gameLine is what a record gives the page, whatever the game: its tags and
// annotations, the main line's moves from its start, and how the game stands at
// the end, read by pacoView or atomicView.
type gameLine[P, M, N any] struct {
	tags    []pacosako.Tag
	title   string // the page's title as the record names it (title)
	comment string // before the first move
	notes   []N    // notes[i] is about moves[i]
	start   P
	number  int // the start's full-move number, the first half-move's (Position.FullMoveNumber)
	moves   []M
	sans    []string // the moves in SAN, as the game writes them
	result  string   // the result token
	outcome string   // the ending in words, "" while the game runs
	// unfinished is the half-move a Paco Ŝako game stops in the middle of, nil for
	// none.
	unfinished *unfinished
}

// unfinished is a half-move in progress at the end of a game: its actions so far
// ("Lift(f3) Place(e4) …"), what the script draws (the piece in the hand over its
// square, the path so far) and the situation in words.
type unfinished struct {
	text      string
	mover     pacosako.Color
	draw      ply
	situation string
}

// newView lays out everything the page shows of a game: the tags, the move
// list, the positions of the main line (and of an unfinished half-move at its
// end), then the annotations and the positions of the variations, which follow
// the main line's in the script's data.
func newView[P, M, N, V any](g rules[P, M, N, V], line gameLine[P, M, N], page bool) view {
	v := view{Result: line.result, Outcome: line.outcome}
	for _, t := range line.tags[:min(len(line.tags), maxShownTags)] {
		v.Tags = append(v.Tags, pacosako.Tag{Name: clip(t.Name, maxTagName), Value: clip(t.Value, maxTagValue)})
	}
	if len(v.Tags) > maxTags {
		v.Tags, v.MoreTags = v.Tags[:openTags], v.Tags[openTags:]
	}
	if n := len(line.tags) - maxShownTags; n > 0 {
		v.LeftOutTags, v.TagsCut = n, tagsCut
	}
	v.Title = clip(line.title, maxTitle)
	v.Script = script{Page: page, Colors: defaultPalette}

	first := numbering{first: g.turn(line.start), from: line.number}
	var entries []entry
	before := make([]P, len(line.moves)) // the position each move is played from
	p := line.start
	start := g.position(p)
	start.Status = "Start: " + g.situation(p, lastEnding(line, 0))
	v.Script.Plies = append(v.Script.Plies, start)
	for i, m := range line.moves {
		before[i] = p
		after := g.after(p, m) // the game played m: it is legal
		e := entry{Ply: i + 1, SAN: line.sans[i]}
		if i < len(line.notes) {
			nags, _, _ := g.NoteFields(&line.notes[i])
			e.NAGs = nagsOf(*nags)
		}
		entries = append(entries, e)
		d := g.move(p, m, after)
		d.Status = "After " + first.label(i+1, e.SAN+assessment(e.NAGs)) + ": " + g.situation(after, lastEnding(line, i+1)) + d.remark
		v.Script.Plies = append(v.Script.Plies, d)
		p = after
	}
	if u := line.unfinished; u != nil {
		i := len(line.moves) + 1
		entries = append(entries, entry{Ply: i, SAN: u.text, Unfinished: true})
		d := u.draw
		d.Status = "In the middle of " + colorName(u.mover) + "'s half-move " + first.label(i, u.text) + ": " + u.situation
		v.Script.Plies = append(v.Script.Plies, d)
	}
	v.Script.Last = len(v.Script.Plies) - 1

	// The annotations, after the main line's positions: the variations' positions
	// follow them in the script's data.
	a := newAnnotator(&v, g, first)
	if c, ok := a.comment(line.comment); ok {
		v.Rows = append(v.Rows, row{Notes: []noteLine{{Items: []noteItem{c}}}})
	}
	for i := range min(len(line.moves), len(line.notes)) {
		entries[i].notes = a.note(&line.notes[i], before[i], i+1)
	}
	v.Rows = append(v.Rows, rows(first, entries)...)
	v.Variations = len(v.Script.Plies) > v.Script.Last+1
	v.ID = "psr-" + digest(v)
	return v
}

// lastEnding returns the game's result and ending for the status line of the
// main line's position after i half-moves: at the last one, when the game is over
// and no half-move is in progress; else "".
func lastEnding[P, M, N any](line gameLine[P, M, N], i int) string {
	if i != len(line.moves) || line.unfinished != nil || line.outcome == "" {
		return ""
	}
	return line.result + ", " + line.outcome
}

// newPly encodes a board for the script (Board) with a half-move's path (Chain).
func newPly(b pacosako.Board, chain []pacosako.Square) ply {
	var board strings.Builder
	board.Grow(128)
	for s := pacosako.A1; s <= pacosako.H8; s++ {
		board.WriteString(cellText(b.Cell(s)))
	}
	return ply{Board: board.String(), Chain: squareNames(chain)}
}

// pathOf returns how the svg package draws m, a move of before, of either
// game (svg.MovePath; m is before's: no error).
func pathOf(before svg.Position, m svg.Move) svg.Path {
	path, _ := svg.MovePath(before, m)
	return path
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

// squareNames writes squares run together: "f3e4c3c6".
func squareNames(squares []pacosako.Square) string {
	var b strings.Builder
	for _, s := range squares {
		b.WriteString(s.String())
	}
	return b.String()
}

func colorName(c pacosako.Color) string {
	if c == pacosako.Black {
		return "Black"
	}
	return "White"
}

// toMove says who is to move: "White to move".
func toMove(c pacosako.Color) string { return colorName(c) + " to move" }

// endingWords says how a game ended, in the words both games print
// (Outcome.String: "White wins by Paco", "Black's king exploded"), "" while it
// runs.
func endingWords[O interface {
	IsOver() bool
	String() string
}](o O) string {
	if o.IsOver() {
		return o.String()
	}
	return ""
}

// numbering numbers the half-moves of a game: who plays the first, and its move
// number (the start's full-move number, as the game's records number it: a game
// from a FEN at move 150 starts "150." or "150…").
type numbering struct {
	first pacosako.Color
	from  int // below 1: 1
}

// label writes half-move i (from 1) with its move number: "17. Qxg4" for
// White's, "17… Rd8" for Black's.
func (n numbering) label(i int, san string) string {
	no, white := n.of(i)
	if white {
		return strconv.Itoa(no) + ". " + san
	}
	return strconv.Itoa(no) + "… " + san
}

// of returns the move number of half-move i (from 1) and whether White plays it.
func (n numbering) of(i int) (no int, white bool) {
	k := i - 1 // half-moves before it
	if n.first == pacosako.Black {
		k++ // as if White had played a half-move before the start
	}
	return k/2 + max(n.from, 1), k%2 == 0
}

// rows lays the half-moves out by move number, with a row of annotations after
// each half-move that has them; Black's half-move after them starts a row of its
// own.
func rows(first numbering, entries []entry) []row {
	var out []row
	open := false // the last row takes Black's half-move of its number
	for i := range entries {
		e := &entries[i]
		no, white := first.of(e.Ply)
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

// title names a game: its Event tag, else its players, else what (the game's
// name: "Paco Ŝako game").
// ownTags are the tags the page lists of a record of game v: those its Game
// does not determine (pgn.Determines), since the page shows the result, the
// start and the ending itself (a record read keeps every tag, Result, Variant
// and FEN included), and the record's own Termination word.
func ownTags(v pgn.Variant, tags []pacosako.Tag) []pacosako.Tag {
	var own []pacosako.Tag
	for _, t := range tags {
		if !pgn.Determines(v, t.Name) || t.Name == "Termination" {
			own = append(own, t)
		}
	}
	return own
}

func title(tags []pacosako.Tag, what string) string {
	tag := func(name string) string { return pgn.TagValue(tags, name) }
	if e := tag("Event"); e != "" && e != "?" {
		return e
	}
	w, b := tag("White"), tag("Black")
	if w != "" && w != "?" || b != "" && b != "?" {
		return orQ(w) + " – " + orQ(b)
	}
	return what
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
