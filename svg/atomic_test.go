package svg

import (
	"bytes"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Atomic chess positions and moves the tests draw: the rules page's non-suicide
// example (../shared/seeds/002_*.txt) before and after 1.Nxb7, its last diagram
// reached from the start by 1.Nc3 d6 2.Nd5 e5 3.Nxc7, and moves that exercise
// the rest of the timeline: an en passant capture (the pawn taken stands behind
// the blast's centre), a capture that promotes (the new queen explodes at once),
// castling (the rook moves with the king) and quiet moves.
const (
	atomicNxb7FEN     = "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1"
	atomicAfterNxb7   = "8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2 b - - 0 1" // the page's second diagram, Black to move
	atomicOpening     = "Nc3 d6 Nd5 e5"                               // then 3.Nxc7
	atomicPageThird   = "fen:r3kbnr/pp3ppp/3p4/4p3/8/8/PPPPPPPP/R1BQKBNR:"
	atomicEnPassant   = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	atomicPromotion   = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
	atomicCastling    = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
	atomicPageDiagram = "fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:"
	atomicCheckFEN    = "4k3/8/8/8/8/8/8/4RK2 b - - 0 1" // Black's king in check from e1
	atomicGivesCheck  = "4k3/8/8/8/8/8/8/R4K2 w - - 0 1" // Re1+ gives it
	atomicKingsTouch  = "8/8/8/8/8/8/3k4/r3K3 w - - 0 1" // the rook aims at e1, but the kings touch: no check
)

// atomicMoves are the moves the animation tests play.
var atomicMoves = []struct {
	name, fen, move string
}{
	{"nxb7", atomicNxb7FEN, "Nxb7"},
	{"en-passant", atomicEnPassant, "exd6"},
	{"promotion", atomicPromotion, "axb8=Q"},
	{"quiet-promotion", atomicPromotion, "a8=Q"},
	{"castling", atomicCastling, "O-O-O"},
	{"quiet", atomicNxb7FEN, "Rf1e1"},
}

// mustAtomicMove reads a move of p in SAN or UCI, or fails the test.
func mustAtomicMove(t testing.TB, p atomic.Position, text string) atomic.Move {
	t.Helper()
	m, err := p.ParseSAN(text)
	if err != nil {
		if m, err = p.ParseUCI(text); err != nil {
			t.Fatalf("%q in %s: %v", text, p.FEN(), err)
		}
	}
	return m
}

// atomicOpeningPosition returns the position after atomicOpening from the start.
func atomicOpeningPosition(t testing.TB) atomic.Position {
	t.Helper()
	p := atomic.StartingPosition()
	for _, text := range strings.Fields(atomicOpening) {
		next, err := p.Play(mustAtomicMove(t, p, text))
		if err != nil {
			t.Fatal(err)
		}
		p = next
	}
	return p
}

// atomicDiagramPosition turns a rules-page diagram into an Atomic position with
// White to move, as the command does.
func atomicDiagramPosition(t testing.TB, text string) (atomic.Position, pacosako.Bitboard) {
	t.Helper()
	d, err := pacosako.ParseDiagram(text)
	if err != nil {
		t.Fatal(err)
	}
	p, err := atomic.Setup{Board: d.Board}.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p, d.Marks
}

// beforeMove and afterMove are the options that show an Atomic move on the
// position before it (Options.Move) and after it, as Options.Move's
// documentation gives them.
func beforeMove(opt Options, m atomic.Move) Options {
	opt.Move = m
	return opt
}

func afterMove(t testing.TB, opt Options, before atomic.Position, m atomic.Move) Options {
	opt.LastMove, opt.Blast = pacosako.SquareSet(m.From(), m.To()), blastOf(t, before, m)
	return opt
}

// atomicStill is the golden case of Render's drawing of the Atomic position p.
func atomicStill(name string, p atomic.Position, opt Options) goldenCase {
	return goldenCase{file: name, atomic: &p, opt: opt}
}

// atomicAnimated returns the function making the golden case of Animate's
// drawing of a move of p, in SAN or UCI.
func atomicAnimated(t testing.TB) func(name string, p atomic.Position, text string, opt Options, a Animation) goldenCase {
	return func(name string, p atomic.Position, text string, opt Options, a Animation) goldenCase {
		m := mustAtomicMove(t, p, text)
		return goldenCase{file: name, atomic: &p, atomicMove: &m, opt: opt, anim: a}
	}
}

// atomicGoldenCases are the golden files of Atomic drawings in testdata/.
func atomicGoldenCases(t testing.TB) []goldenCase {
	t.Helper()
	gold := func(name string) string { return filepath.Join(goldenDir, name+".svg") }
	nxb7 := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, nxb7, "Nxb7")
	page, marks := atomicDiagramPosition(t, atomicPageDiagram)
	ep := atomic.MustParseFEN(atomicEnPassant)
	exd6 := mustAtomicMove(t, ep, "exd6")
	afterEP, err := ep.Play(exd6)
	if err != nil {
		t.Fatal(err)
	}
	still, animated := atomicStill, atomicAnimated(t)
	return []goldenCase{
		still(gold("atomic-start"), atomic.StartingPosition(), Options{Coordinates: true}),
		still(gold("atomic-check"), atomic.MustParseFEN(atomicCheckFEN), Options{Coordinates: true, LastMove: pacosako.SquareSet(pacosako.A1, pacosako.E1)}),
		still(gold("atomic-diagram"), page, Options{Dots: marks}),
		still(gold("atomic-annotations"), nxb7, Options{
			Orientation: pacosako.Black, Coordinates: true, Size: 400,
			Arrows:  []Arrow{{From: pacosako.F1, To: pacosako.F5, Color: "#c81e1e"}, {From: pacosako.G4, To: pacosako.G4}},
			Dots:    pacosako.SquareSet(pacosako.A5, pacosako.B7),
			Crosses: pacosako.SquareSet(pacosako.F5),
		}),
		still(gold("atomic-blast-flipped"), nxb7, beforeMove(Options{Orientation: pacosako.Black}, m)),
		still(gold("atomic-en-passant"), ep, beforeMove(Options{}, exd6)),
		still(gold("atomic-en-passant-after"), afterEP, afterMove(t, Options{Coordinates: true}, ep, exd6)),
		animated(gold("atomic-en-passant-animated"), ep, "exd6", Options{}, Animation{}),
		animated(gold("atomic-promotion-animated"), atomic.MustParseFEN(atomicPromotion), "axb8=Q", Options{Coordinates: true}, Animation{Once: true}),
		animated(gold("atomic-castling-animated"), atomic.MustParseFEN(atomicCastling), "O-O-O", Options{Orientation: pacosako.Black, Size: 440}, Animation{Step: 600 * time.Millisecond, Hold: 1500 * time.Millisecond}),
	}
}

// atomicDocsCases are the README's Atomic diagrams in ../docs/diagrams/: the
// rules page's three diagrams (before and after 1.Nxb7 with its blast, and the
// position after 1.Nc3 d6 2.Nd5 e5 3.Nxc7 with its blast) and 1.Nxb7 played.
func atomicDocsCases(t testing.TB) []goldenCase {
	t.Helper()
	docs := func(name string) string { return filepath.Join(docsDir, name+".svg") }
	nxb7 := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, nxb7, "Nxb7")
	after, err := nxb7.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	opening := atomicOpeningPosition(t)
	nxc7 := mustAtomicMove(t, opening, "Nxc7")
	afterNxc7, err := opening.Play(nxc7)
	if err != nil {
		t.Fatal(err)
	}
	doc := Options{Size: 440, Coordinates: true}
	return []goldenCase{
		atomicStill(docs("atomic-before"), nxb7, beforeMove(doc, m)),
		atomicStill(docs("atomic-after"), after, afterMove(t, doc, nxb7, m)),
		atomicStill(docs("atomic-nxc7"), afterNxc7, afterMove(t, doc, opening, nxc7)),
		atomicAnimated(t)(docs("atomic-animated"), nxb7, "Nxb7", doc, Animation{}),
	}
}

// TestAtomicReadme checks the README's Atomic section: it gives the rules page's
// three diagrams as the page writes them, and the moves (TestReadme checks its
// images and FENs).
func TestAtomicReadme(t *testing.T) {
	section := guideFrom(t, "### Atomic chess")
	for _, want := range []string{
		"`" + atomicPageDiagram + "`",
		"`fen:8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2:`",
		"`" + atomicPageThird + "`",
		"`" + atomicAfterNxb7 + "`",
		"`Nxb7`", "`a5b7`", "`Rxf5`",
		"-move 'Nc3 d6 Nd5 e5 Nxc7'",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the Atomic section does not give %s", want)
		}
	}
}

// TestAtomicPage checks the drawn positions against the rules page and
// ATOMIC.md §1.11: Nxb7 empties a5, b7, a8, b8 and c8, its blast reaches the
// nine squares around b7, and the position after it is the page's second
// diagram; 1.Nc3 d6 2.Nd5 e5 3.Nxc7 from the start gives the page's last one.
func TestAtomicPage(t *testing.T) {
	p := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, p, "Nxb7")
	if got, want := m.Explosion().String(), "a5,a8,b7,b8,c8"; got != want {
		t.Errorf("Nxb7 empties %s, want %s", got, want)
	}
	if got, want := blastOf(t, p, m).String(), "a6,a7,a8,b6,b7,b8,c6,c7,c8"; got != want {
		t.Errorf("MovePath(Nxb7).Blast = %s, want %s", got, want)
	}
	after, _ := p.Play(m)
	if after.FEN() != atomicAfterNxb7 {
		t.Errorf("after Nxb7: %s, want %s", after.FEN(), atomicAfterNxb7)
	}
	opening := atomicOpeningPosition(t)
	third, _ := opening.Play(mustAtomicMove(t, opening, "Nxc7"))
	d, err := pacosako.ParseDiagram(atomicPageThird)
	if err != nil {
		t.Fatal(err)
	}
	if third.Board() != d.Board {
		t.Errorf("after 1.Nc3 d6 2.Nd5 e5 3.Nxc7: %s, want the page's %s", third.Board().FEN(), atomicPageThird)
	}
}

func TestAtomicChainAndBlast(t *testing.T) {
	sq := func(names ...string) []pacosako.Square { return squares(t, names...) }
	for _, c := range []struct {
		fen, move string
		chain     []pacosako.Square
		blast     string
	}{
		{atomicNxb7FEN, "Nxb7", sq("a5", "b7"), "a6,a7,a8,b6,b7,b8,c6,c7,c8"},
		{atomicNxb7FEN, "Re1", sq("f1", "e1"), "-"},
		{atomicEnPassant, "exd6", sq("e5", "d6"), "c5,c6,c7,d5,d6,d7,e5,e6,e7"}, // around d6, not d5
		{atomicPromotion, "axb8=Q", sq("a7", "b8"), "a7,a8,b7,b8,c7,c8"},        // a corner's edge: six squares
		{"k7/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxa8", sq("a1", "a8"), "a7,a8,b7,b8"},
		{atomicCastling, "O-O", sq("e8", "g8"), "-"},
		{"rk6/8/8/8/8/8/8/1R2K3 w - - 0 1", "Rxb8", sq("b1", "b8"), "a7,a8,b7,b8,c7,c8"},
	} {
		p := atomic.MustParseFEN(c.fen)
		m := mustAtomicMove(t, p, c.move)
		if got := chainOf(t, p, m); !cmp.Equal(got.Squares, c.chain) || got.Color != "" {
			t.Errorf("MovePath(%s in %s).Chain = %v, want %v", c.move, c.fen, got, c.chain)
		}
		blast := blastOf(t, p, m)
		if got := blast.String(); got != c.blast && !(c.blast == "-" && blast == 0) {
			t.Errorf("MovePath(%s in %s).Blast = %s, want %s", c.move, c.fen, got, c.blast)
		}
		if m.Explosion()&^blast&^pacosako.SquareSet(m.From()) != 0 {
			t.Errorf("%s in %s empties %v outside its blast %v and its own square", c.move, c.fen, m.Explosion(), blast)
		}
	}
	if got := chainOf(t, atomic.StartingPosition(), atomic.Move{}); len(got.Squares) != 0 || blastOf(t, atomic.StartingPosition(), atomic.Move{}) != 0 {
		t.Errorf("the zero Move: chain %v, blast %v; want none", got, blastOf(t, atomic.StartingPosition(), atomic.Move{}))
	}
}

// TestAtomicRender: chess figures only, the chess FEN as the text alternative,
// the blast below the pieces, the vanishing pieces faded, the rest as Render
// draws it.
func TestAtomicRender(t *testing.T) {
	p := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, p, "Nxb7")
	var b strings.Builder
	if err := Render(&b, p, beforeMove(Options{}, m)); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	checkWellFormed(t, s)
	for _, want := range []string{
		"<desc>" + atomicNxb7FEN + "</desc>",
		`<rect class="blast b7" x="100" y="100" width="100" height="100" fill="#f97316" fill-opacity="0.651"/>`,
		`<g class="vanishing a8" opacity="0.35">` + "\n" + `<use class="piece black rook a8" href="#black-rook" xlink:href="#black-rook" transform="translate(0,0)"/>` + "\n</g>",
		`<g class="vanishing a5" opacity="0.35">` + "\n" + `<use class="piece white knight a5"`,
		`<use class="piece black pawn a7" href="#black-pawn" xlink:href="#black-pawn" transform="translate(0,100)"/>`, // stays: not faded
		`<g class="chain line a5b7" opacity="0.8">`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s", want)
		}
	}
	if n := strings.Count(s, `class="blast `); n != 9 {
		t.Errorf("%d blast squares, want 9", n)
	}
	if n := strings.Count(s, `class="vanishing `); n != 5 {
		t.Errorf("%d vanishing pieces, want 5 (a5, b7, a8, b8, c8)", n)
	}
	if i, j := strings.LastIndex(s, `class="blast `), strings.Index(s, `<use class="piece`); i > j {
		t.Error("the blast is not below the pieces")
	}
	if strings.Contains(s, "sako") || strings.Contains(s, "paco") {
		t.Error("an Atomic drawing has a Ŝako or Paco highlight")
	}
	// The same board as a Paco Ŝako position draws the same figures at the same
	// places: one drawing core.
	pp, err := pacosako.Setup{Board: p.Board()}.Position()
	if err != nil {
		t.Fatal(err)
	}
	// Options.Move draws what its fields say: the chain, the blast, the pieces
	// vanishing.
	marks := Options{HideSako: true, Chains: []Chain{chainOf(t, p, m)}, Blast: blastOf(t, p, m), Vanishing: m.Explosion()}
	if d := sameDrawing(drawnAt(t, s, 0), drawnAt(t, String(pp, marks), 0)); d != "" {
		t.Errorf("Render of the Atomic position and of the same board in Paco Ŝako differ:\n%s", d)
	}
	if err := Render(&b, p, Options{Colors: Colors{Blast: "orange;"}}); !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "Blast colour") {
		t.Errorf("a bad Blast colour: %v", err)
	}
	if err := Render(failWriter{}, p, Options{}); err == nil || err.Error() != "disk full" {
		t.Errorf("to a failing writer: %v", err)
	}
}

// atomicSchedule computes, from the timing Animate documents for Atomic chess, the moments
// at which its animation of m shows a still: the start, the end of each phase,
// the end.
func atomicSchedule(t *testing.T, p atomic.Position, m atomic.Move, step, hold time.Duration) []checkpoint {
	t.Helper()
	after, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	b := p.Board()
	now := time.Duration(0)
	var out []checkpoint
	at := func(d time.Duration, what string, board pacosako.Board, hand pacosako.Hand, blast pacosako.Bitboard) {
		now += d
		out = append(out, checkpoint{now, what, board, hand, blast})
	}
	at(0, "start", b, pacosako.Hand{}, 0)
	at(hold, "after the hold", b, pacosako.Hand{}, 0)
	lifted := b.With(m.From(), pacosako.Cell{})
	at(step/2, "lifted", lifted, pacosako.Hand{Color: p.Turn(), Piece: m.Role(), Square: m.From()}, 0)
	at(step, "over its square", lifted, pacosako.Hand{Color: p.Turn(), Piece: m.Role(), Square: m.To()}, 0)
	landed := lifted.With(m.To(), b.Cell(m.From()))
	if m.IsCastling() {
		landed = after.Board()
	}
	at(step/2, "set down", landed, pacosako.Hand{}, 0)
	if m.Promotion() != pacosako.NoRole {
		c := pacosako.Cell{White: m.Promotion()}
		if p.Turn() == pacosako.Black {
			c = pacosako.Cell{Black: m.Promotion()}
		}
		landed = landed.With(m.To(), c)
		at(step/2, "promoted", landed, pacosako.Hand{}, 0)
	}
	var blast pacosako.Bitboard
	if m.IsCapture() {
		blast = blastOf(t, p, m)
		at(step, "exploded", after.Board(), pacosako.Hand{}, blast)
	}
	if landed != after.Board() && !m.IsCapture() {
		t.Fatalf("%v: the board after setting down is %s, want %s", m, landed.FEN(), after.Board().FEN())
	}
	at(hold, "end", after.Board(), pacosako.Hand{}, blast)
	return out
}

// TestAtomicAnimationFrames plays every move of atomicMoves with two timings and
// checks the animation against the schedule Animate documents (see
// checkFrames): the piece in the hand over the square it was lifted from or is
// about to be set down on; after a capture, the blast and the board without the
// exploded pieces.
func TestAtomicAnimationFrames(t *testing.T) {
	for _, mv := range atomicMoves {
		for _, tm := range frameTimings {
			t.Run(mv.name+"/"+tm.name, func(t *testing.T) {
				p := atomic.MustParseFEN(mv.fen)
				m := mustAtomicMove(t, p, mv.move)
				var b strings.Builder
				if err := Animate(&b, p, m, tm.opt, tm.a); err != nil {
					t.Fatal(err)
				}
				doc := b.String()
				checkFrames(t, doc, atomicSchedule(t, p, m, cmpOr(tm.a.Step, DefaultStep), cmpOr(tm.a.Hold, DefaultHold)), tm.opt, tm.a.Once)
				if m.IsCapture() != strings.Contains(doc, `class="blast `) {
					t.Errorf("capture %v, blast drawn %v", m.IsCapture(), !m.IsCapture())
				}
			})
		}
	}
}

// TestAtomicAnimationStill: the moment the animation starts with, and the
// document without its animation elements, is Render's drawing of the
// position with the move's chain (Vanishing is left out: the pieces vanish as
// the animation plays).
func TestAtomicAnimationStill(t *testing.T) {
	for _, mv := range atomicMoves {
		p := atomic.MustParseFEN(mv.fen)
		m := mustAtomicMove(t, p, mv.move)
		opt := Options{Coordinates: true, Arrows: []Arrow{{From: pacosako.A1, To: pacosako.H8}}, Vanishing: m.Explosion()}
		var b strings.Builder
		if err := Animate(&b, p, m, opt, Animation{}); err != nil {
			t.Fatal(err)
		}
		still := opt
		still.Chains, still.Vanishing = []Chain{chainOf(t, p, m)}, 0
		var s strings.Builder
		if err := Render(&s, p, still); err != nil {
			t.Fatal(err)
		}
		want := drawnAt(t, s.String(), 0)
		noSMIL := regexp.MustCompile(`<animate[^>]*/>\n`).ReplaceAllString(b.String(), "")
		if d := sameDrawing(drawnAt(t, noSMIL, 0), want); d != "" {
			t.Errorf("%s without SMIL:\n%s", mv.name, d)
		}
		if d := sameDrawing(drawnAt(t, b.String(), 0), want); d != "" {
			t.Errorf("%s at the start:\n%s", mv.name, d)
		}
		if !strings.Contains(b.String(), "<desc>"+p.FEN()+"</desc>") {
			t.Errorf("%s: no FEN in <desc>", mv.name)
		}
	}
}

func TestAtomicAnimateErrors(t *testing.T) {
	p := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, p, "Nxb7")
	other := mustAtomicMove(t, atomic.StartingPosition(), "e4")
	for _, c := range []struct {
		name string
		m    atomic.Move
		opt  Options
		a    Animation
		want string
	}{
		{"short step", m, Options{}, Animation{Step: time.Millisecond}, "animation Step 1ms is not between 10ms and 10m"},
		{"long hold", m, Options{}, Animation{Hold: time.Hour}, "animation Hold 1h0m0s"},
		{"no move", atomic.Move{}, Options{}, Animation{}, "the move to animate is the zero Move"},
		{"another position's move", other, Options{}, Animation{}, "the move is not one of the position drawn: atomic: illegal move"},
		{"bad options", m, Options{Size: -1}, Animation{}, "negative size"},
	} {
		var b strings.Builder
		err := Animate(&b, p, c.m, c.opt, c.a)
		if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInvalidOptions with %q", c.name, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %d bytes", c.name, b.Len())
		}
	}
	if err := Animate(&strings.Builder{}, p, other, Options{}, Animation{}); !errors.Is(err, atomic.ErrIllegalMove) {
		t.Errorf("another position's move: %v, want it to wrap atomic.ErrIllegalMove too", err)
	}
	if err := Animate(failWriter{}, p, m, Options{}, Animation{}); err == nil || err.Error() != "disk full" {
		t.Errorf("to a failing writer: %v", err)
	}
}

// atomicFrameChecks are the moments of the Atomic animations TestRendering
// compares with the still drawings of those moments (see frameChecks).
func atomicFrameChecks(t *testing.T) []frameCheck {
	t.Helper()
	var out []frameCheck
	for _, mv := range atomicMoves {
		p := atomic.MustParseFEN(mv.fen)
		m := mustAtomicMove(t, p, mv.move)
		var b strings.Builder
		if err := Animate(&b, p, m, Options{}, Animation{}); err != nil {
			t.Fatal(err)
		}
		out = append(out, frameChecks(t, "atomic-"+mv.name, b.String(), atomicSchedule(t, p, m, DefaultStep, DefaultHold), chainOf(t, p, m), Options{})...)
	}
	return out
}

// FuzzAtomicRender draws any Atomic position a FEN gives, with options derived
// from the input, and the animation of one of its moves, and requires
// well-formed output with the FEN as its text alternative.
func FuzzAtomicRender(f *testing.F) {
	for _, s := range []string{atomicNxb7FEN, atomicAfterNxb7, atomicEnPassant, atomicPromotion, atomicCastling, atomic.StartFEN, "8/8/8/8/8/8/8/8 w - - 0 1"} {
		f.Add(s, uint8(0), uint64(0), uint8(0))
	}
	f.Add(atomicNxb7FEN, uint8(255), uint64(0x8100000000000081), uint8(7))
	f.Fuzz(func(t *testing.T, fen string, flags uint8, squares uint64, pick uint8) {
		p, err := atomic.ParseFEN(fen)
		if err != nil {
			return
		}
		set := pacosako.Bitboard(squares)
		opt := Options{
			Orientation: pacosako.Color(flags & 1),
			Coordinates: flags&2 != 0,
			Size:        int(flags >> 4),
			LastMove:    set,
			Dots:        set >> 1,
			Crosses:     set << 1,
			Blast:       set >> 2,
			Vanishing:   set << 2,
		}
		var b strings.Builder
		if err := Render(&b, p, opt); err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, b.String())
		if !strings.Contains(b.String(), "<desc>"+p.FEN()+"</desc>") {
			t.Fatal("no FEN in <desc>")
		}
		if moves := p.Moves(); len(moves) > 0 {
			m := moves[int(pick)%len(moves)]
			b.Reset()
			if err := Animate(&b, p, m, Options{Orientation: opt.Orientation}, Animation{Once: flags&4 != 0}); err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			checkWellFormed(t, b.String())
			var g bytes.Buffer
			if err := AnimateGIF(&g, p, m, Options{Size: MinPixels, Orientation: opt.Orientation}, Animation{}); err != nil {
				t.Fatalf("GIF of %v: %v", m, err)
			}
			gifFrames(t, g.Bytes())
		}
		opt.Size = MinPixels + int(flags>>4)
		img, err := Image(p, opt)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != opt.Size {
			t.Fatalf("an image of %v, want %d pixels a side", img.Bounds(), opt.Size)
		}
	})
}

// TestAtomicCheck checks the highlight of a king in check (ATOMIC.md §1.6): the
// side to move's king glows with the Ŝako glow when it is in check, not when
// the kings touch, not with HideCheck (HideSako does not hide it, and HideCheck
// does not hide Paco Ŝako's Ŝako); an animation shows the glow of the position
// after the move only at its end.
func TestAtomicCheck(t *testing.T) {
	const glow = `<rect class="check e8" x="400" y="0" width="100" height="100" fill="url(#sako-glow)"/>`
	check := atomic.MustParseFEN(atomicCheckFEN)
	draw := func(p atomic.Position, opt Options) string {
		t.Helper()
		var b strings.Builder
		if err := Render(&b, p, opt); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for _, c := range []struct {
		name  string
		p     atomic.Position
		opt   Options
		glows bool
	}{
		{"in check", check, Options{}, true},
		{"in check, HideSako", check, Options{HideSako: true, HidePaco: true}, true},
		{"in check, HideCheck", check, Options{HideCheck: true}, false},
		{"the kings touch", atomic.MustParseFEN(atomicKingsTouch), Options{}, false},
		{"not in check", atomic.MustParseFEN(atomicGivesCheck), Options{}, false},
	} {
		s := draw(c.p, c.opt)
		if c.p.InCheck() != (c.glows || c.opt.HideCheck) {
			t.Fatalf("%s: InCheck %v, the case assumes otherwise", c.name, c.p.InCheck())
		}
		if got := strings.Contains(s, `class="check `); got != c.glows {
			t.Errorf("%s: a check highlight %v, want %v:\n%s", c.name, got, c.glows, s)
		}
		if got := strings.Contains(s, `<radialGradient id="sako-glow">`); got != c.glows {
			t.Errorf("%s: the glow's gradient defined %v, want %v", c.name, got, c.glows)
		}
		if c.glows && !strings.Contains(s, glow) {
			t.Errorf("%s: no %s in\n%s", c.name, glow, s)
		}
	}
	// HideCheck leaves Paco Ŝako's Ŝako alone.
	rules1 := pacosako.MustParseFEN(rules1FEN)
	sako := mustMove(t, rules1, sakoSAN).After()
	if s := String(sako, Options{HideCheck: true}); !strings.Contains(s, `<rect class="sako e8"`) {
		t.Errorf("HideCheck hid Paco Ŝako's Ŝako highlight")
	}
	// Re1+ played: the glow is hidden until the last phase, then shown.
	p := atomic.MustParseFEN(atomicGivesCheck)
	m := mustAtomicMove(t, p, "Re1")
	var b strings.Builder
	if err := Animate(&b, p, m, Options{}, Animation{}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	cps := atomicSchedule(t, p, m, DefaultStep, DefaultHold)
	total := cps[len(cps)-1].at
	root := parseTree(t, doc)
	var rect *node
	var find func(n *node)
	find = func(n *node) {
		if n.name == "rect" && n.attr["class"] == "check e8" {
			rect = n
		}
		for _, c := range n.children {
			find(c)
		}
	}
	find(root)
	if rect == nil {
		t.Fatalf("the animation of Re1+ has no check highlight on e8:\n%s", doc)
	}
	for i, cp := range cps {
		x := float64(cp.at) / float64(total)
		v, _ := attrAt(t, rect, "visibility", "", x)
		want := "hidden"
		if i >= len(cps)-2 {
			want = "visible"
		}
		if v != want {
			t.Errorf("checkpoint %d (%s): the check highlight is %s, want %s", i, cp.what, v, want)
		}
	}
	if err := Animate(&b, p, m, Options{HideCheck: true}, Animation{}); err != nil {
		t.Fatal(err)
	}
	if s := b.String()[len(doc):]; strings.Contains(s, `class="check `) {
		t.Error("HideCheck: the animation still highlights the check")
	}
}
