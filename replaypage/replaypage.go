// Package replaypage writes a Paco Ŝako game as an HTML page a reader can step
// through: the board drawn as the svg package draws it, the move list in chain
// SAN with the tags, the record's annotations and the result, navigation by click
// and by keyboard (←/→, Home/End; f turns the board), the chain of the half-move
// shown, and the Ŝako highlight. Write makes a self-contained page; WriteEmbed the
// same game as one <div> plus one inline <script>, for a page that hosts several
// games.
//
// WriteAtomic and WriteEmbedAtomic write an Atomic chess game (package atomic)
// the same way — the same page, script, style and everything said below — with
// its moves in SAN, the board as svg.RenderAtomic draws it, the move's path from
// square to square (svg.AtomicChain), and the explosion of a capture on the
// position after it: the squares its blast reached tinted (svg.AtomicBlast, as
// svg's Options.Blast), the pieces it removed faded on the squares they stood on
// (atomic.Position.Exploded, as Options.Vanishing; the capturing piece where it
// came from), and in words in the status line ("The explosion on c7 took
// White's knight and Black's queen, bishop, knight and pawn."). A reader who
// steps onto a capture sees it happen: the blast fades in and the pieces fade
// out, unless the browser asks for reduced motion. The status line also says whose
// king is in check. What differs between the games is only how a move is played
// and drawn; games of both may share a host page.
//
// The annotations are shown as PGN viewers show them. The comment before the
// first move heads the move list; under a half-move with a comment or variations,
// a block breaks the list's two columns and holds the comment, then each
// variation on a line of its own, indented by its depth (a variation inside a
// variation on the lines after its move, the rest of the outer one on a line of
// its own after them), its moves as buttons to click and its comments between
// them. NAGs follow their move as symbols ($1 !, $2 ?, $3 !!, $4 ??, $5 !?, $6 ?!,
// $7 □, $13 ∞, $14 +=, $15 =+, $16 ±, $17 ∓, $18 +−, $19 −+, and the other
// common ones; a NAG without a symbol as $n, its meaning as a tooltip; $0 none).
// Embedded commands in comments ("[%clk 0:03:00]", "[%cal Gf3e4]") are data for
// programs and are left out. A click on a move of a variation shows its position;
// ← and → then go back and on along the variation, End to its end, and ↑ or the
// "main line" button to the main line's half-move it is an alternative to.
// Variations nested however deep make flat markup and are walked without
// recursion, in Go and in the script; deeper than six levels, a line keeps the
// sixth's indent and shows its depth. The main line is shown in full, however
// long; of the rest a page shows at most 2,000 half-moves of variations in 1,000
// variations, 100,000 characters of comments, 8 NAGs after a move, and 50 tags
// (a record with more than 8 shows the first 6, the others when the reader opens
// them) of at most 40 characters of name and 200 of value, and a title of at most
// 100 characters, with a marker or "…" where the rest is left out. So what a
// hostile record holds besides its main line makes at most about 3 MB of page,
// and a marker of under 200 bytes under each main-line half-move whose
// variations or comments are left out.
//
//	rec, err := pacosako.ParsePacoplayMatch(data)
//	…
//	err = replaypage.Write(w, rec)
//
// The page needs no network: no external script, style sheet, font or image.
// The figures, coordinate glyphs and glows are defined once, as svg.Symbols; the
// positions are data (what stands on each square, the chain, the kings in Ŝako,
// an explosion's squares and pieces, per half-move, computed here) that a small
// inline script draws, so a game of 50 half-moves makes a page of about 40 KB.
// The board is the svg package's drawing with coordinates, the half-move's chain
// drawn (svg.MoveChain) and its squares tinted as the last move; the page's tests
// compare it with svg.Render's pixels (for Atomic chess with svg.RenderAtomic's,
// the blast and the vanishing pieces drawn by svg's own options).
//
// The page opens at the start; its URL fragment chooses otherwise: #ply=N opens
// it at the position after half-move N of the main line (0 the start; beyond the
// last, the last), #var=K at the K-th position of the variations (from 1, in the
// order of the page's data, which the page itself writes into the fragment),
// #flip with Black at the bottom, #selftest runs the self-test (below); they
// combine with "&" (#ply=12&flip). On the page, the fragment follows the
// position shown, so the address can be shared. A game that stops in the middle of
// a half-move shows it as one more half-move: its actions so far, the piece in the
// hand hovering over its square.
//
// The self-test, run when the fragment holds selftest, drives the page's own
// keyboard handler (keydown events for Home, ←, →, End and f, then clicks on a
// move and the buttons; in an Atomic game, → onto its first explosion and ←
// back; in a game with variations, a click on the first move of one, → and ←
// along it, ← out of it, ↑ and the main line button), checks after each step the
// position shown, the move highlighted, the figures drawn (the faded ones too),
// the squares of a blast and the orientation, and writes "ok", or "FAIL: " and
// what failed, into an <output class="psr-selftest"> (id "selftest" on a
// whole page).
//
// The markup: the root is <div class="psr" id="psr-…" data-ply="N">, N the
// position shown (0 to the main line's last half-move, then the positions of the
// variations, numbered on from there); the move list's buttons carry data-ply,
// and the one shown has the class psr-current and aria-current="step". The
// annotations under a half-move are <li class="psr-notes"> of <div
// class="psr-line psr-dD"> lines (D the depth up to 6, 0 for the main line's
// comment), comments <span class="psr-comment">, NAGs <span class="psr-nag">
// inside their move's button, markers of what is left out <span class="psr-cut"> (of
// tags, at the end of the opened ones). The status line (class
// psr-status) says the half-move, who is to move or the result, whose king is
// in Ŝako or in check, and what an explosion took. Ids are "psr-" and ten hex digits of a hash of the game, so different
// games differ; a second copy of the same game on one page renames its ids when it
// starts.
//
// The output is deterministic: the same record gives the same bytes.
package replaypage

import (
	_ "embed"
	"encoding/json"
	"html/template"
	"io"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/svg"
)

//go:embed page.tmpl
var pageTemplate string

//go:embed replay.js
var replayJS string

//go:embed replay.css
var replayCSS string

var tmpl = template.Must(template.New("replaypage").Parse(pageTemplate))

// Write writes rec as a self-contained HTML document (UTF-8): the game's tags
// (Event names the page; the tags the game is read from — Result, Variant, FEN
// … — are left to what the page shows of the game, a Termination word kept),
// the move list of its main line (rec.Game) with the
// result and the record's comments, NAGs and variations (rec.Comment, rec.Notes;
// variations to click through), and the board. Text from rec is escaped, its
// control characters made spaces (see the package doc for the bounds). The error
// is the writer's.
func Write(w io.Writer, rec pacosako.Record) error {
	return write(w, pacoView(rec, true))
}

// WriteEmbed writes rec as one <div> followed by one inline <script>, to be put
// into the body of another HTML page, as often as it likes: the script draws into
// the <div> before it, listens to keys while the game has the focus (a click
// on it, or Tab), and adds the style sheet to the page's <head> once for every game
// on it (as <style id="psr-style">). It reads #ply=N, #flip and #selftest from the
// host page's fragment but does not change it. The error is the writer's.
func WriteEmbed(w io.Writer, rec pacosako.Record) error {
	return write(w, pacoView(rec, false))
}

// WriteAtomic writes the Atomic chess record rec as Write writes a Paco Ŝako
// one: a self-contained HTML document (UTF-8) with the tags, the move list in
// SAN (rec.Game's main line) with the result and the record's comments, NAGs and
// variations, and the board drawn as svg.RenderAtomic draws it. A capture shows
// its explosion on the position after it: the squares the blast reached tinted
// (svg.AtomicBlast, as Options.Blast), and every piece it removed faded on the
// square it stood on (atomic.Position.Exploded, as Options.Vanishing; the
// capturing piece on the square it left), fading in when the reader steps onto
// the capture. The status line says whose king is in check, and how the game
// ended. The error is the writer's.
func WriteAtomic(w io.Writer, rec atomic.Record) error {
	return write(w, atomicView(rec, true))
}

// WriteEmbedAtomic writes the Atomic chess record rec as WriteEmbed writes a Paco
// Ŝako one: one <div> and one inline <script>, drawn as WriteAtomic draws it;
// games of both games may share a host page. The error is the writer's.
func WriteEmbedAtomic(w io.Writer, rec atomic.Record) error {
	return write(w, atomicView(rec, false))
}

// write writes v, a whole page or an embedded game as v.Script.Page says.
func write(w io.Writer, v view) error {
	page := v.Script.Page
	defs, err := svg.Symbols(v.ID+"-", svg.Colors{})
	if err != nil {
		return err // the prefix is a letter and hex digits, the colours the defaults
	}
	if !page {
		v.Script.CSS = replayCSS
	}
	data, err := json.Marshal(v.Script)
	if err != nil {
		return err // plain data: no error
	}
	name := "game"
	if page {
		name = "page"
	}
	return tmpl.ExecuteTemplate(w, name, struct {
		view
		CSS     template.CSS
		Symbols template.HTML
		Script  template.JS
		Data    template.JS
	}{v, template.CSS(replayCSS), template.HTML(defs), template.JS(replayJS), template.JS(data)})
}
