// Package replaypage writes a game record of either game of the module — Paco
// Ŝako (a pacosako.Record) or Atomic chess (an atomic.Record), as records.Reader
// reads them — as an HTML page a reader can step through: the board drawn as the
// svg package draws it, the move list with the tags, the record's annotations
// and the result, navigation by click and by keyboard (←/→, Home/End; f turns
// the board), the path of the half-move shown, and the highlights. Write makes a
// self-contained page; WriteEmbed the same game as one <div> plus one inline
// <script>, for a page that hosts several games, of both games alike.
//
// A Paco Ŝako game shows its moves in chain SAN, the chain of each half-move
// and the kings in Ŝako. An Atomic chess game shows its moves in SAN, the move's
// path from square to square (svg.MovePath), and the explosion of a capture
// on the position after it: the squares its blast reached tinted
// (svg.MovePath, as svg's Options.Blast), the pieces it removed faded on the
// squares they stood on (atomic.Position.Exploded, as Options.Vanishing; the
// capturing piece where it came from), and in words in the status line ("The
// explosion on c7 took White's knight and Black's queen, bishop, knight and
// pawn."). A reader who steps onto a capture sees it happen: the blast fades in
// and the pieces fade out, unless the browser asks for reduced motion. The
// status line also says whose king is in check. What differs between the games
// is only how a move is played and drawn.
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
// drawn (svg.MovePath) and its squares tinted as the last move; the page's tests
// compare it with svg.Render's pixels (for Atomic chess the blast and the
// vanishing pieces drawn by svg's own options).
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
