package svg

import (
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/*.svg and ../docs/diagrams/*.svg)")

// The rules page's diagrams (../shared/seeds/000_*.txt, "fen:…:" lines), with the
// side to move each caption implies, and the marked diagram of the Atomic page
// (002_*.txt).
const (
	rules1FEN  = "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"                             // before Bxe4,Ne4xc3,Qc3xc6
	rules2FEN  = "4k3/8/2Y5/8/4s3/2S5/8/5K2 b 0 - - -"                               // after it
	rules3FEN  = "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -" // Black cannot castle
	rules4FEN  = "r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 0 - - -"  // before Kxg4, g4xd7, d7xe8 (vchess)
	rules5FEN  = "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR b 0 - - -"    // after it: both kings in unions
	atomicDiag = "fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:"                 // marked squares
	unionsFEN  = "acdefghi/jlmostuv/wxyzACDE/FGIJLMST/UVWX4/8/8/4K2k w 0 - - -"      // every union letter
	chainSAN   = "Bxe4,Ne4xc3,Qc3xc6"                                                // rules1 → rules2
	threatSAN  = "Bxc3,Nc3xb5,Qb5xb4,Bb4-f8"                                         // White's chain to f8 in rules3
	sakoSAN    = "Bxe4,Ne4-d6"                                                       // from rules1: Black's king in Ŝako
	handFEN    = "4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -"                           // rules1 after Lift(f3) Place(e4)
	unionHand  = "4k3/8/8/8/8/8/8/5K2^e4S w 1 - - -"                                 // a lifted union
	emptyFEN   = "8/8/8/8/8/8/8/8 w 0 - - -"                                         // nothing at all
	docsDir    = "../docs/diagrams"                                                  // the README's images
	goldenDir  = "testdata"                                                          // the golden files
)

// goldenCase is one golden file: a position and the options it is drawn with,
// and for an animation the move and its timing.
type goldenCase struct {
	file string // path relative to the package directory
	p    pacosako.Position
	opt  Options
	move *pacosako.Move // animated with anim (Animate), or nil for a still (Render)
	anim Animation
	// A sheet of these diagrams (Sheet), p its first; nil for a single drawing.
	sheet    []SheetItem
	sheetOpt SheetOptions
	// An Atomic chess position (Render), or with atomicMove its move animated
	// with anim (Animate); p is then unused.
	atomic     *atomic.Position
	atomicMove *atomic.Move
}

// fen returns the FEN of the case's position, as its <desc> gives it.
func (c goldenCase) fen() string {
	if c.atomic != nil {
		return c.atomic.FEN()
	}
	return c.p.FEN()
}

// board returns the pieces of the case's position.
func (c goldenCase) board() pacosako.Board {
	if c.atomic != nil {
		return c.atomic.Board()
	}
	return c.p.Board()
}

// draw returns the document of the case.
func (c goldenCase) draw(t testing.TB) string {
	t.Helper()
	var b strings.Builder
	var err error
	switch {
	case c.atomic != nil && c.atomicMove != nil:
		err = Animate(&b, *c.atomic, *c.atomicMove, c.opt, c.anim)
	case c.atomic != nil:
		err = Render(&b, *c.atomic, c.opt)
	case c.sheet != nil:
		err = Sheet(&b, c.sheet, c.sheetOpt)
	case c.move != nil:
		err = Animate(&b, c.p, *c.move, c.opt, c.anim)
	default:
		err = Render(&b, c.p, c.opt)
	}
	if err != nil {
		t.Fatalf("%s: %v", c.file, err)
	}
	return b.String()
}

// still returns the options of the still drawing the case's file shows before
// any animation plays (an animation starts from the still of its position with
// the move's chain), and false for a case that no raster image draws: a sheet,
// or a drawing with a Style.
func (c goldenCase) still() (Options, bool) {
	opt := c.opt
	switch {
	case c.sheet != nil || opt.Style != "":
		return opt, false
	case c.move != nil:
		opt = withChain(opt, pacoChain(c.p, *c.move))
	case c.atomicMove != nil:
		opt = withChain(opt, atomicChain(*c.atomicMove))
		opt.Vanishing = 0
	}
	return opt, true
}

// image returns the raster image of the case's still drawing with opt (see
// still).
func (c goldenCase) image(t testing.TB, opt Options) image.Image {
	t.Helper()
	var img image.Image
	var err error
	if c.atomic != nil {
		img, err = Image(*c.atomic, opt)
	} else {
		img, err = Image(c.p, opt)
	}
	if err != nil {
		t.Fatalf("%s: %v", c.file, err)
	}
	return img
}

// pathOf is MovePath(p, m), which must not fail.
func pathOf(t testing.TB, p Position, m Move) Path {
	t.Helper()
	path, err := MovePath(p, m)
	if err != nil {
		t.Fatalf("MovePath(%s, %v): %v", p.FEN(), m, err)
	}
	return path
}

// chainOf is MovePath(p, m).Chain.
func chainOf(t testing.TB, p Position, m Move) Chain { t.Helper(); return pathOf(t, p, m).Chain }

// blastOf is MovePath(p, m).Blast.
func blastOf(t testing.TB, p Position, m Move) pacosako.Bitboard {
	t.Helper()
	return pathOf(t, p, m).Blast
}

// mustMove reads a move in chain SAN or fails the test.
func mustMove(t testing.TB, p pacosako.Position, san string) pacosako.Move {
	t.Helper()
	m, err := p.ParseSAN(san)
	if err != nil {
		t.Fatalf("ParseSAN(%q) in %s: %v", san, p.FEN(), err)
	}
	return m
}

// diagramPosition turns a rules-page diagram into a position with White to move
// (a Diagram has no side to move).
func diagramPosition(t testing.TB, d pacosako.Diagram) pacosako.Position {
	t.Helper()
	p, err := pacosako.Setup{Board: d.Board}.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// goldenCases lists every golden file: the tests of this package's drawing in
// testdata/, and the README's diagrams in ../docs/diagrams/.
func goldenCases(t testing.TB) []goldenCase {
	t.Helper()
	rules1 := pacosako.MustParseFEN(rules1FEN)
	rules3 := pacosako.MustParseFEN(rules3FEN)
	chain := mustMove(t, rules1, chainSAN)
	hand := pacosako.MustParseFEN(handFEN)
	rest := mustMove(t, hand, "Ne4xc3,Qc3xc6")
	threatPos := pacosako.MustParseFEN(strings.Replace(rules3FEN, " b ", " w ", 1))
	threat := chainOf(t, threatPos, mustMove(t, threatPos, threatSAN))
	threat.Color = "#c81e1ed9"
	marked, err := pacosako.ParseDiagram(atomicDiag)
	if err != nil {
		t.Fatal(err)
	}
	sako := mustMove(t, rules1, sakoSAN)
	docs := func(name string) string { return filepath.Join(docsDir, name+".svg") }
	gold := func(name string) string { return filepath.Join(goldenDir, name+".svg") }
	doc := Options{Size: 440, Coordinates: true}
	with := func(o Options, f func(*Options)) Options { f(&o); return o }
	promo := pacosako.MustParseFEN(promoChainFEN)
	castle := pacosako.MustParseFEN(castleFEN)
	still := func(name string, p pacosako.Position, opt Options) goldenCase {
		return goldenCase{file: name, p: p, opt: opt}
	}
	sheet := func(name string, items []SheetItem, opt SheetOptions) goldenCase {
		return goldenCase{file: name, p: items[0].Position.(pacosako.Position), sheet: items, sheetOpt: opt}
	}
	animated := func(name string, p pacosako.Position, san string, opt Options, a Animation) goldenCase {
		m := mustMove(t, p, san)
		return goldenCase{file: name, p: p, opt: opt, move: &m, anim: a}
	}
	return append([]goldenCase{
		still(gold("start"), pacosako.StartingPosition(), Options{}),
		still(gold("start-coordinates"), pacosako.StartingPosition(), Options{Coordinates: true}),
		still(gold("start-flipped"), pacosako.StartingPosition(), Options{Coordinates: true, Orientation: pacosako.Black, Size: 400}),
		still(gold("empty"), pacosako.MustParseFEN(emptyFEN), Options{}),
		still(gold("rules-1"), rules1, Options{}),
		still(gold("rules-2"), pacosako.MustParseFEN(rules2FEN), Options{}),
		still(gold("rules-3"), rules3, Options{}),
		still(gold("rules-4"), pacosako.MustParseFEN(rules4FEN), Options{}),
		still(gold("rules-5"), pacosako.MustParseFEN(rules5FEN), Options{}),
		still(gold("rules-1-flipped"), rules1, Options{Orientation: pacosako.Black, Coordinates: true}),
		still(gold("atomic-marks"), diagramPosition(t, marked), Options{Dots: marked.Marks}),
		still(gold("unions"), pacosako.MustParseFEN(unionsFEN), Options{Coordinates: true, HidePaco: true, HideSako: true}),
		still(gold("chain"), rules1, Options{Chains: []Chain{chainOf(t, rules1, chain)}}),
		still(gold("hand"), hand, Options{}),
		still(gold("hand-chain"), hand, Options{Chains: []Chain{chainOf(t, hand, rest)}, LastMove: pacosako.SquareSet(pacosako.F3, pacosako.E4)}),
		still(gold("hand-union"), pacosako.MustParseFEN(unionHand), Options{Coordinates: true}),
		still(gold("sako"), sako.After(), Options{LastMove: pacosako.SquareSet(chainOf(t, rules1, sako).Squares...)}),
		still(gold("sako-hidden"), sako.After(), Options{HideSako: true}),
		still(gold("paco"), pacosako.MustParseFEN(rules5FEN), Options{Coordinates: true}),
		still(gold("annotations"), rules1, Options{
			Size:     480,
			LastMove: pacosako.SquareSet(pacosako.F3, pacosako.E4),
			Fills:    map[pacosako.Square]string{pacosako.A8: "#ff000080", pacosako.H1: "blue", pacosako.D4: "#0f08"},
			Dots:     pacosako.SquareSet(pacosako.A5, pacosako.B7, pacosako.E4),
			Crosses:  pacosako.SquareSet(pacosako.G7, pacosako.E4),
			Arrows: []Arrow{
				{From: pacosako.E1, To: pacosako.E4},
				{From: pacosako.B1, To: pacosako.C3, Color: "#c81e1e"},
				{From: pacosako.H8, To: pacosako.A1, Color: "#eab308b3"},
				{From: pacosako.C6, To: pacosako.C6, Color: "#2563eb"},
			},
			Chains: []Chain{{Squares: []pacosako.Square{pacosako.H2, pacosako.H4, pacosako.F5, pacosako.D5}}, {Squares: []pacosako.Square{pacosako.A2}, Color: "#7c3aed"}},
			Colors: Colors{Light: "#dee3e6", Dark: "#8ca2ad"},
			Style:  ".square.lastmove{stroke:#333;stroke-width:2}",
		}),
		animated(gold("chain-animated"), rules1, chainSAN, Options{}, Animation{}),
		animated(gold("promotion-animated"), promo, promoChainSAN, Options{Coordinates: true}, Animation{Once: true}),
		animated(gold("castling-animated"), castle, "O-O", Options{Orientation: pacosako.Black, Size: 440}, Animation{Step: 600 * time.Millisecond, Hold: 1500 * time.Millisecond}),
		animated(gold("hand-animated"), hand, "Ne4xc3,Qc3xc6", Options{Coordinates: true, LastMove: pacosako.SquareSet(pacosako.F3, pacosako.E4)}, Animation{}),
		sheet(gold("sheet"), sheetItems(t), SheetOptions{Columns: 4, Coordinates: true, Size: 1200}),
		sheet(gold("sheet-plain"), sheetItems(t)[:5], SheetOptions{Columns: 2, Background: "none", Colors: Colors{Light: "#dee3e6", Dark: "#8ca2ad"}}),

		// The README's diagrams.
		still(docs("chain-before"), rules1, with(doc, func(o *Options) { o.Chains = []Chain{chainOf(t, rules1, chain)} })),
		still(docs("chain-middle"), hand, with(doc, func(o *Options) {
			o.Chains = []Chain{chainOf(t, hand, rest)}
			o.LastMove = pacosako.SquareSet(pacosako.F3, pacosako.E4)
		})),
		still(docs("chain-after"), chain.After(), with(doc, func(o *Options) { o.LastMove = pacosako.SquareSet(chainOf(t, rules1, chain).Squares...) })),
		still(docs("castling"), rules3, with(doc, func(o *Options) {
			o.Chains = []Chain{threat}
			o.Crosses = pacosako.SquareSet(pacosako.F8)
		})),
		still(docs("king-chain-before"), pacosako.MustParseFEN(rules4FEN), with(doc, func(o *Options) {
			o.Chains = []Chain{{Squares: []pacosako.Square{pacosako.G3, pacosako.G4, pacosako.D7, pacosako.E8}}}
		})),
		still(docs("king-chain-after"), pacosako.MustParseFEN(rules5FEN), with(doc, func(o *Options) {
			o.LastMove = pacosako.SquareSet(pacosako.G3, pacosako.G4, pacosako.D7, pacosako.E8)
		})),
		animated(docs("chain-animated"), rules1, chainSAN, doc, Animation{}),
		sheet(docs("rules-sheet"), rulesSheet(t), SheetOptions{Columns: 3, Coordinates: true, Size: 660}),
	}, append(atomicGoldenCases(t), atomicDocsCases(t)...)...)
}

// TestGolden draws every golden case and compares it with its file; -update
// rewrites the files instead.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(strings.TrimSuffix(filepath.Base(c.file), ".svg"), func(t *testing.T) {
			got := c.draw(t)
			if *update {
				if err := os.MkdirAll(filepath.Dir(c.file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(c.file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatalf("%v (run go test ./svg -update to write it)", err)
			}
			if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n")); diff != "" {
				t.Errorf("%s differs from the drawing (-file +drawn; go test ./svg -update rewrites it):\n%s", c.file, diff)
			}
			checkWellFormed(t, got)
		})
	}
}

// checkWellFormed parses the document as XML and checks the root element, the text
// alternative and that every reference points into <defs>.
func checkWellFormed(t *testing.T, doc string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	ids := map[string]bool{}
	var refs []string
	first := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if first {
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v, want svg in the SVG namespace", se.Name)
			}
			first = false
		}
		for _, a := range se.Attr {
			switch {
			case a.Name.Local == "id":
				ids[a.Value] = true
			case a.Name.Local == "href":
				refs = append(refs, strings.TrimPrefix(a.Value, "#"))
			case strings.HasPrefix(a.Value, "url(#"):
				refs = append(refs, strings.TrimSuffix(strings.TrimPrefix(a.Value, "url(#"), ")"))
			}
		}
	}
	for _, r := range refs {
		if !ids[r] {
			t.Errorf("reference to #%s, which is not defined", r)
		}
	}
	if !strings.Contains(doc, "<desc>") {
		t.Error("no <desc>")
	}
}

// TestNumbers checks that every number in every golden drawing has at most two
// decimals and no exponent (no float noise).
func TestNumbers(t *testing.T) {
	noise := regexp.MustCompile(`(?:^|[^a-zA-Z0-9.])[0-9]*\.[0-9]{3,}|(?:^|[^a-zA-Z0-9.])[0-9.]+[eE][+-]?[0-9]|NaN|Inf`)
	for _, c := range goldenCases(t) {
		s := c.draw(t)
		// opacities have up to three decimals, key times up to four; strip them
		// before looking.
		s = regexp.MustCompile(`opacity="[0-9.]+"|keyTimes="[0-9.;]+"`).ReplaceAllString(s, "")
		if regexp.MustCompile(`keyTimes="[^"]*[0-9]*\.[0-9]{5}`).MatchString(c.draw(t)) {
			t.Errorf("%s: a key time with more than four decimals", c.file)
		}
		if m := noise.FindString(s); m != "" {
			t.Errorf("%s: number %q", c.file, m)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, c := range goldenCases(t) {
		a, b := c.draw(t), c.draw(t)
		if a != b {
			t.Errorf("%s: two drawings differ", c.file)
		}
	}
}

func TestDesc(t *testing.T) {
	p := pacosako.MustParseFEN(handFEN)
	s := String(p, Options{})
	if want := "<desc>" + p.FEN() + "</desc>"; !strings.Contains(s, want) {
		t.Errorf("no %q in\n%s", want, s)
	}
	if !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(s, "</svg>\n") {
		t.Errorf("not a standalone SVG document: %.80q … %q", s, s[len(s)-10:])
	}
}

func TestViewBoxAndSize(t *testing.T) {
	p := pacosako.StartingPosition()
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{}, `viewBox="0 0 800 800">`},
		{Options{Coordinates: true}, `viewBox="0 0 880 880">`},
		{Options{Size: 320}, `viewBox="0 0 800 800" width="320" height="320">`},
	} {
		if s := String(p, c.opt); !strings.Contains(s, c.want) {
			t.Errorf("%+v: no %q in %.200s", c.opt, c.want, s)
		}
	}
}

func TestOrientation(t *testing.T) {
	p := pacosako.StartingPosition()
	white, black := String(p, Options{}), String(p, Options{Orientation: pacosako.Black})
	// a1 is at the bottom left for White and the top right for Black.
	if !strings.Contains(white, `class="square dark a1" x="0" y="700"`) {
		t.Error("White at the bottom: a1 is not at the bottom left")
	}
	if !strings.Contains(black, `class="square dark a1" x="700" y="0"`) {
		t.Error("Black at the bottom: a1 is not at the top right")
	}
	if !strings.Contains(black, `class="piece white king e1" href="#white-king" xlink:href="#white-king" transform="translate(300,0)"`) {
		t.Error("Black at the bottom: the white king is not on e1 at the top")
	}
}

func TestUnionAndHand(t *testing.T) {
	p := pacosako.MustParseFEN(handFEN)
	s := String(p, Options{})
	// e4 holds the bishop and the black knight, each at 70 %; the white knight hovers
	// above e4 over a shadow.
	for _, want := range []string{
		`<use class="piece black knight e4" href="#black-knight" xlink:href="#black-knight" transform="translate(428,402) scale(0.7)"/>`,
		`<use class="piece white bishop e4" href="#white-bishop" xlink:href="#white-bishop" transform="translate(402,428) scale(0.7)"/>`,
		`<ellipse class="shadow e4" cx="450" cy="486" rx="32" ry="9" fill="#000000" fill-opacity="0.4"/>`,
		`<g class="hand e4" opacity="0.9">`,
		`<use class="piece white knight e4" href="#white-knight" xlink:href="#white-knight" transform="translate(412.5,352) scale(0.75)"/>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s", want)
		}
	}
	// Only the figures that appear are defined.
	for _, id := range []string{"white-king", "white-knight", "white-bishop", "black-king", "black-knight", "black-queen", "black-bishop", "white-queen"} {
		if !strings.Contains(s, `<g id="`+id+`"`) {
			t.Errorf("figure %s not defined", id)
		}
	}
	for _, id := range []string{"white-pawn", "black-pawn", "white-rook", "black-rook"} {
		if strings.Contains(s, `<g id="`+id+`"`) {
			t.Errorf("figure %s defined but not used", id)
		}
	}
}

// squares reads square names, or fails the test.
func squares(t testing.TB, names ...string) []pacosako.Square {
	t.Helper()
	var out []pacosako.Square
	for _, n := range names {
		s, err := pacosako.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func TestMovePath(t *testing.T) {
	rules1 := pacosako.MustParseFEN(rules1FEN)
	hand := pacosako.MustParseFEN(handFEN)
	promo := pacosako.MustParseFEN("4k3/2P5/8/8/8/8/8/4K3 w 0 - - -")
	castle := pacosako.MustParseFEN("4k3/8/8/8/8/8/8/4K2R w 0 H - -")
	sq := func(names ...string) []pacosako.Square { return squares(t, names...) }
	for _, c := range []struct {
		p    pacosako.Position
		move string // chain SAN
		want []pacosako.Square
	}{
		{rules1, chainSAN, sq("f3", "e4", "c3", "c6")},
		{rules1, "Kg2", sq("f1", "g2")},
		{hand, "Ne4xc3,Qc3xc6", sq("e4", "c3", "c6")},
		{hand, "Ne4-d6", sq("e4", "d6")},
		{promo, "c8=Q", sq("c7", "c8")},
		{castle, "O-O", sq("e1", "g1")},
	} {
		m := mustMove(t, c.p, c.move)
		got := chainOf(t, c.p, m)
		if !cmp.Equal(got.Squares, c.want) || got.Color != "" {
			t.Errorf("MovePath(%s, %s).Chain = %v, want %v", c.p.FEN(), c.move, got, c.want)
		}
	}
	if got := chainOf(t, rules1, pacosako.Move{}); len(got.Squares) != 0 {
		t.Errorf("MovePath of the zero move = %v, want no squares", got)
	}
}

func TestChainDrawing(t *testing.T) {
	p := pacosako.MustParseFEN(rules1FEN)
	s := String(p, Options{Chains: []Chain{chainOf(t, p, mustMove(t, p, chainSAN))}})
	group := func(start string) string {
		i := strings.Index(s, start)
		if i < 0 {
			t.Fatalf("no %s in\n%s", start, s)
		}
		g := s[i:]
		return g[:strings.Index(g, "</g>")]
	}
	// The line lies below the pieces: one path from f3 through e4 and c3 towards c6,
	// stopping under the last head.
	line := group(`<g class="chain line f3e4c3c6" opacity="0.8">`)
	if n := strings.Count(line, "<path"); n != 1 || !strings.Contains(line, `d="M550 550L450 450L250 550L250 304"`) {
		t.Errorf("chain line is not one path f3-e4-c3-c6:\n%s", line)
	}
	// The heads lie above them: one on each place, e4, c3 and c6.
	heads := group(`<g class="chain head f3e4c3c6" opacity="0.8">`)
	if n := strings.Count(heads, "<path"); n != 3 {
		t.Errorf("chain has %d heads, want 3:\n%s", n, heads)
	}
	if strings.Index(s, "chain line") > strings.Index(s, "<use") || strings.LastIndex(s, "<use") > strings.Index(s, "chain head") {
		t.Error("the chain's line is not below the pieces and its heads above them")
	}
}

func TestColors(t *testing.T) {
	for _, c := range []struct {
		in, color, opacity string
		ok                 bool
	}{
		{"#abc", "#abc", "", true},
		{"#ABCDEF", "#abcdef", "", true},
		{"#abcdef80", "#abcdef", "0.502", true},
		{"#abcdefff", "#abcdef", "", true},
		{"#abc0", "#abc", "0", true},
		{"#abc8", "#abc", "0.533", true},
		{"Red", "red", "", true},
		{"", "", "", false},
		{"#abcde", "", "", false},
		{"#ggg", "", "", false},
		{"red;", "", "", false},
		{`"x"`, "", "", false},
		{"rgb(1,2,3)", "", "", false},
	} {
		got, ok := parseColor(c.in)
		if ok != c.ok || ok && (got.color != c.color || got.opacity != c.opacity) {
			t.Errorf("parseColor(%q) = %+v, %v; want {%s %s}, %v", c.in, got, ok, c.color, c.opacity, c.ok)
		}
	}
}

func TestInvalidOptions(t *testing.T) {
	p := pacosako.StartingPosition()
	for _, opt := range []Options{
		{Size: -1},
		{Orientation: 2},
		{Colors: Colors{Light: "light grey"}},
		{Colors: Colors{Dark: "#12"}},
		{Arrows: []Arrow{{From: pacosako.NoSquare, To: pacosako.E4}}},
		{Arrows: []Arrow{{From: pacosako.E2, To: pacosako.E4, Color: "url(#x)"}}},
		{Chains: []Chain{{Squares: []pacosako.Square{pacosako.E2, 70}}}},
		{Chains: []Chain{{Squares: []pacosako.Square{pacosako.E2}, Color: "#"}}},
		{Fills: map[pacosako.Square]string{pacosako.E4: ""}},
		{Fills: map[pacosako.Square]string{pacosako.NoSquare: "red"}},
		{Style: "</style><script/>"},
		{Style: ".a{content:'\x01'}"},
		{Style: "\xff"},
		{Style: "\uFFFE"},
	} {
		var b strings.Builder
		err := Render(&b, p, opt)
		if !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("Render with %+v: %v, want ErrInvalidOptions", opt, err)
		}
		if b.Len() != 0 {
			t.Errorf("Render with %+v wrote %d bytes before failing", opt, b.Len())
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("String with invalid options did not panic")
		}
	}()
	String(p, Options{Size: -1})
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	if err := Render(failWriter{}, pacosako.StartingPosition(), Options{}); err == nil || err.Error() != "disk full" {
		t.Errorf("Render to a failing writer: %v", err)
	}
}

func TestEscape(t *testing.T) {
	s := String(pacosako.StartingPosition(), Options{Style: `.a>.b{content:"&"}`})
	if !strings.Contains(s, `<style>.a>.b{content:"&amp;"}</style>`) {
		t.Errorf("style not escaped: %.400s", s)
	}
}

// guideFrom returns the drawing guide, docs/drawing.md (which the README
// links), from the heading on up to the next heading of its level or above, or
// fails the test; its links are relative to docs/.
func guideFrom(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile("../docs/drawing.md")
	if err != nil {
		t.Fatal(err)
	}
	guide := "\n" + string(data)
	i := strings.Index(guide, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("docs/drawing.md has no section %s", heading)
	}
	section := guide[i+1:]
	level := heading[:strings.Index(heading, " ")+1] // "## "
	for _, l := range strings.SplitAfter(section, "\n")[1:] {
		if h, _, ok := strings.Cut(l, " "); ok && strings.Trim(h, "#") == "" && len(h) > 0 && len(h)+1 <= len(level) {
			return section[:strings.Index(section, "\n"+l)+1]
		}
	}
	return section
}

// TestReadme checks the drawing guide (docs/drawing.md) against the drawings:
// it shows every image of ../docs/diagrams with its position's FEN and the move
// in the chain SAN that Position.SAN writes.
func TestReadme(t *testing.T) {
	section := guideFrom(t, "# Drawing diagrams: SVG, PNG, GIF")
	for _, c := range goldenCases(t) {
		if !strings.HasPrefix(c.file, docsDir) {
			continue
		}
		link := "](diagrams/" + filepath.Base(c.file) + ")"
		if !strings.Contains(section, link) {
			t.Errorf("the Diagrams section does not show %s", c.file)
		}
		if !strings.Contains(section, "`"+c.fen()+"`") {
			t.Errorf("the Diagrams section does not give the FEN %s of %s", c.fen(), c.file)
		}
	}
	// The king's chain of the fourth diagram under vchess's rules (a king may join
	// a chain there).
	kingChain := pacosako.MustParseFEN("r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -")
	if m, err := kingChain.ParseCoordinate("g3g4d7e8"); err != nil {
		t.Errorf("the king's chain under vchess rules: %v", err)
	} else {
		san, _ := kingChain.SAN(m)
		vchess, _ := kingChain.VchessNotation(m)
		vchessFEN, err := kingChain.FENIn(pacosako.VchessDialect)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"`" + san + "`", "`" + vchess + "`", "`" + vchessFEN + "`"} {
			if !strings.Contains(section, want) {
				t.Errorf("the Diagrams section does not give %s", want)
			}
		}
		if m.After().Outcome().Termination != pacosako.KingsUnited {
			t.Errorf("the king's chain ends %v, want a draw of united kings", m.After().Outcome())
		}
	}
	rules1 := pacosako.MustParseFEN(rules1FEN)
	hand := pacosako.MustParseFEN(handFEN)
	threatPos := pacosako.MustParseFEN(strings.Replace(rules3FEN, " b ", " w ", 1))
	for _, c := range []struct {
		p    pacosako.Position
		move string
	}{
		{rules1, chainSAN},
		{hand, "-c3c6"},
		{threatPos, "d2c3b5b4f8"},
	} {
		m, err := c.p.ParseCoordinate(c.move)
		if err != nil {
			m = mustMove(t, c.p, c.move)
		}
		san, err := c.p.SAN(m)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(section, "`"+san+"`") {
			t.Errorf("the Diagrams section does not give the move %s of %s", san, c.p.FEN())
		}
	}
}

// FuzzRender draws any position a FEN gives, with options derived from the input,
// and requires well-formed output. (The Ŝako highlight is off: its threat search is
// slow on boards full of unions.)
func FuzzRender(f *testing.F) {
	for _, s := range []string{rules1FEN, rules2FEN, rules3FEN, rules5FEN, handFEN, unionHand, unionsFEN, emptyFEN, pacosako.StartFEN} {
		f.Add(s, uint8(0), uint64(0))
	}
	f.Add(handFEN, uint8(255), uint64(0x8100000000000081))
	f.Fuzz(func(t *testing.T, fen string, flags uint8, squares uint64) {
		p, err := pacosako.ParseFEN(fen)
		if err != nil {
			return
		}
		set := pacosako.Bitboard(squares)
		opt := Options{
			HideSako:    true,
			Orientation: pacosako.Color(flags & 1),
			Coordinates: flags&2 != 0,
			Size:        int(flags >> 4),
			LastMove:    set,
			Dots:        set >> 1,
			Crosses:     set << 1,
		}
		for s := range set.All() {
			opt.Arrows = append(opt.Arrows, Arrow{From: s, To: pacosako.Square((int(s) * 7) % 64)})
		}
		opt.Chains = []Chain{{Squares: slices.Collect(set.All())}}
		s := String(p, opt)
		checkWellFormed(t, s)
		if !strings.Contains(s, "<desc>"+p.FEN()+"</desc>") {
			t.Fatalf("no FEN in <desc>")
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
