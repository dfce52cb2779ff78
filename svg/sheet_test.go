package svg

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// sheetItems are the diagrams of the sheet goldens: the rules page's five
// diagrams with their captions, then positions that use every figure, a hand, a
// pending promotion's neighbourhood, marks, arrows, a flipped board and captions
// in other scripts.
func sheetItems(t testing.TB) []SheetItem {
	t.Helper()
	marked, err := pacosako.ParseDiagram(atomicDiag)
	if err != nil {
		t.Fatal(err)
	}
	rules1 := pacosako.MustParseFEN(rules1FEN)
	return []SheetItem{
		{Position: rules1, Caption: "1. White: Bxe4,Ne4xc3,Qc3xc6", Options: Options{Chains: []Chain{chainOf(t, rules1, mustMove(t, rules1, chainSAN))}}},
		{Position: pacosako.MustParseFEN(rules2FEN), Caption: "2. After the chain", Options: Options{LastMove: pacosako.SquareSet(pacosako.F3, pacosako.E4, pacosako.C3, pacosako.C6)}},
		{Position: pacosako.MustParseFEN(rules3FEN), Caption: "3. Black may not castle"},
		{Position: pacosako.MustParseFEN(rules4FEN), Caption: "4. A king in a chain (vchess)"},
		{Position: pacosako.MustParseFEN(rules5FEN), Caption: "5. Both kings in unions"},
		{Position: pacosako.StartingPosition(), Caption: "The start, Black's view", Options: Options{Orientation: pacosako.Black}},
		{Position: pacosako.MustParseFEN(handFEN), Caption: "Ŝako? The knight in the hand"},
		{Position: diagramPosition(t, marked), Caption: "Marks: a5, b7", Options: Options{Dots: marked.Marks}},
		{Position: pacosako.MustParseFEN(promoChainFEN), Caption: "exd1=Q,Rd1-d5", Options: Options{Arrows: []Arrow{{From: pacosako.E2, To: pacosako.D1}}}},
		{Position: pacosako.MustParseFEN(castleFEN), Caption: "O-O"},
		{Position: pacosako.MustParseFEN(emptyFEN)},
		{Position: pacosako.MustParseFEN(unionsFEN), Caption: "ĉiuj unuiĝoj: every union, a caption far too long for its board", Options: Options{HideSako: true}},
	}
}

// rulesSheet reads the README's sheet of the rules page's diagrams from the
// command's input, ../docs/diagrams/rules-sheet.txt: a diagram, a tab and its
// caption a line.
func rulesSheet(t testing.TB) []SheetItem {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(docsDir, "rules-sheet.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var items []SheetItem
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		text, caption, _ := strings.Cut(line, "\t")
		d, err := pacosako.ParseDiagram(text)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, SheetItem{Position: diagramPosition(t, d), Caption: caption, Options: Options{Dots: d.Marks}})
	}
	return items
}

// TestSheetLayout reads the 12-diagram golden sheet back: one definition of each
// figure, board and coordinate set for all diagrams, the diagrams in rows of 4
// in order with their FENs, captions under them, the figures where the single
// drawings have them, and a small file (this one, 243 figures, is 67 KB).
func TestSheetLayout(t *testing.T) {
	items := sheetItems(t)
	var b strings.Builder
	if err := Sheet(&b, items, SheetOptions{Columns: 4, Coordinates: true}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	checkWellFormed(t, doc)
	if n := len(doc); n > 80000 {
		t.Errorf("a sheet of 12 diagrams is %d bytes, want at most 80000", n)
	}
	for _, id := range []string{"white-knight", "black-queen", "board-white", "board-black", "coordinates-white", "coordinates-black", "glyph-a"} {
		if n := strings.Count(doc, ` id="`+id+`"`); n != 1 {
			t.Errorf("%s defined %d times, want once", id, n)
		}
	}
	// 4 columns of 880 + 40 around and between; 3 rows of 880 + 80 caption.
	if !strings.HasPrefix(doc, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 3720 3040">`) {
		t.Errorf("viewBox: %.200s", doc)
	}
	root := parseTree(t, doc)
	var cells []*node
	for _, n := range root.children[0].children {
		if n.name == "svg" {
			cells = append(cells, n)
		}
	}
	if len(cells) != len(items) {
		t.Fatalf("%d diagrams, want %d", len(cells), len(items))
	}
	for i, c := range cells {
		wantX, wantY := 40+(i%4)*920, 40+(i/4)*1000
		if c.attr["x"] != strconv.Itoa(wantX) || c.attr["y"] != strconv.Itoa(wantY) || c.attr["width"] != "880" || c.attr["height"] != "960" {
			t.Errorf("diagram %d at %v, want x=%d y=%d 880×960", i+1, c.attr, wantX, wantY)
		}
		var caption string
		for _, k := range c.children {
			if k.name == "text" {
				caption = k.attr["class"]
			}
		}
		if (items[i].Caption != "") != (caption == "caption") {
			t.Errorf("diagram %d: caption element %q for caption %q", i+1, caption, items[i].Caption)
		}
	}
	// Each diagram's FEN, in order.
	last := 0
	for i, it := range items {
		j := strings.Index(doc[last:], "<desc>"+it.Position.FEN()+"</desc>")
		if j < 0 {
			t.Fatalf("diagram %d: no <desc> with its FEN after the previous one", i+1)
		}
		last += j + 1
	}
	// The diagrams are the single drawings: the same figures at the same places.
	for i, it := range items[:3] {
		single := drawnAt(t, String(it.Position, Options{Coordinates: true, Chains: it.Options.Chains, LastMove: it.Options.LastMove}), 0)
		start := strings.Index(doc, "<desc>"+it.Position.FEN()+"</desc>")
		end := start + strings.Index(doc[start:], `</svg>`)
		cell := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">` + doc[start:end] + "</svg>"
		if d := sameDrawing(drawnAt(t, cell, 0), single); d != "" {
			t.Errorf("diagram %d differs from its single drawing:\n%s", i+1, d)
		}
	}
}

func TestSheetCaptions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"  a\tb\nc\x00d  ", "a b c d"},
		{"bad \xff utf-8", "bad \uFFFD utf-8"},
		{"non-char \uFFFE", "non-char \uFFFD"},
		{"c1 \u009b[2J nel\u0085 ls\u2028ps\u2029 del\x7f", "c1  [2J nel  ls ps  del"},
		{`<&">`, `<&">`},
		{"Ŝako ĉe e8", "Ŝako ĉe e8"},
	} {
		if got := captionText(c.in); got != c.want {
			t.Errorf("captionText(%q) = %q, want %q", c.in, got, c.want)
		}
		var b strings.Builder
		if err := Sheet(&b, []SheetItem{{Position: pacosako.StartingPosition(), Caption: c.in}}, SheetOptions{}); err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, b.String())
		if !strings.Contains(b.String(), ">"+escape(c.want)+"</text>") {
			t.Errorf("caption %q not written as %q", c.in, c.want)
		}
	}
}

func TestSheetErrors(t *testing.T) {
	start := pacosako.StartingPosition()
	one := []SheetItem{{Position: start}}
	for _, c := range []struct {
		items []SheetItem
		opt   SheetOptions
		want  string
	}{
		{nil, SheetOptions{}, "a sheet needs at least one diagram"},
		{one, SheetOptions{Columns: -1}, "negative number of columns -1"},
		{one, SheetOptions{Size: -2}, "negative size -2"},
		{one, SheetOptions{Background: "url(#x)"}, `Background colour "url(#x)"`},
		{one, SheetOptions{CaptionColor: "#12"}, `CaptionColor colour "#12"`},
		{one, SheetOptions{Colors: Colors{Dark: "dark brown"}}, `Dark colour "dark brown"`},
		{one, SheetOptions{Style: "</style>"}, `style contains "</"`},
		{[]SheetItem{{Position: start}, {Position: start, Options: Options{Size: 10}}}, SheetOptions{}, "diagram 2: Size, Coordinates, Colors and Style are the sheet's"},
		{[]SheetItem{{Position: start, Options: Options{Coordinates: true}}}, SheetOptions{}, "diagram 1: Size, Coordinates"},
		{[]SheetItem{{Position: start}, {Position: start}, {Position: start, Options: Options{Dots: 1, Arrows: []Arrow{{From: 99}}}}}, SheetOptions{}, "diagram 3: arrow 0 from"},
	} {
		var b strings.Builder
		err := Sheet(&b, c.items, c.opt)
		if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want ErrInvalidOptions with %q", c.opt, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("%+v: wrote %d bytes", c.opt, b.Len())
		}
	}
	if err := Sheet(failWriter{}, one, SheetOptions{}); err == nil || err.Error() != "disk full" {
		t.Errorf("to a failing writer: %v", err)
	}
}

// FuzzSheet draws a sheet of any position a FEN gives, with any caption, and
// requires well-formed output that holds the caption as captionText makes it.
func FuzzSheet(f *testing.F) {
	f.Add(rules1FEN, "1. Bxe4,Ne4xc3,Qc3xc6", uint8(3))
	f.Add(handFEN, "\x00<&>\"\xff\uFFFE", uint8(0))
	f.Fuzz(func(t *testing.T, fen, caption string, cols uint8) {
		p, err := pacosako.ParseFEN(fen)
		if err != nil {
			return
		}
		items := []SheetItem{{Position: p, Caption: caption, Options: Options{HideSako: true}}, {Position: p, Options: Options{HideSako: true, Orientation: pacosako.Black}}}
		var b strings.Builder
		if err := Sheet(&b, items, SheetOptions{Columns: int(cols % 4), Coordinates: cols&4 != 0}); err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, b.String())
		if c := captionText(caption); c != "" && !strings.Contains(b.String(), ">"+escape(c)+"</text>") {
			t.Fatalf("caption %q not written", caption)
		}
	})
}

// TestSheetAtomic lays Atomic diagrams out beside a Paco Ŝako one: each is the
// single drawing Render makes of it (the same figures at the same places, the
// blast, the king in check highlighted), with its chess FEN in its <desc>; and
// an item whose position is of neither game is refused, naming it.
func TestSheetAtomic(t *testing.T) {
	rules1 := pacosako.MustParseFEN(rules1FEN)
	nxb7 := atomic.MustParseFEN(atomicNxb7FEN)
	m := mustAtomicMove(t, nxb7, "Nxb7")
	check := atomic.MustParseFEN(atomicCheckFEN)
	items := []SheetItem{
		{Position: rules1, Caption: "Paco Ŝako"},
		{Position: nxb7, Caption: "Nxb7", Options: beforeMove(Options{}, m)},
		{Position: check, Caption: "Black in check"},
		{Position: check, Caption: "the same, HideCheck", Options: Options{HideCheck: true}},
	}
	var b strings.Builder
	if err := Sheet(&b, items, SheetOptions{Columns: 2, Coordinates: true}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	checkWellFormed(t, doc)
	if n := strings.Count(doc, `<rect class="check e8"`); n != 1 {
		t.Errorf("%d check highlights on e8, want 1 (the third diagram's)", n)
	}
	if n := strings.Count(doc, `<radialGradient id="sako-glow">`); n != 1 {
		t.Errorf("the Ŝako glow defined %d times, want once", n)
	}
	last := 0
	for i, it := range items {
		o := it.Options
		o.Coordinates = true
		fen, single := it.Position.FEN(), String(it.Position, o)
		j := strings.Index(doc[last:], "<desc>"+fen+"</desc>")
		if j < 0 {
			t.Fatalf("diagram %d: no <desc> with its FEN %s after the previous one", i+1, fen)
		}
		start := last + j
		last = start + 1
		end := start + strings.Index(doc[start:], `</svg>`)
		cell := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">` + doc[start:end] + "</svg>"
		if d := sameDrawing(drawnAt(t, cell, 0), drawnAt(t, single, 0)); d != "" {
			t.Errorf("diagram %d differs from its single drawing:\n%s", i+1, d)
		}
		if got, want := strings.Contains(doc[start:end], `class="check `), strings.Contains(single, `class="check `); got != want {
			t.Errorf("diagram %d: check highlight %v, its single drawing's %v", i+1, got, want)
		}
	}

	neither := []SheetItem{{Position: rules1}, {Position: nil}}
	b.Reset()
	err := Sheet(&b, neither, SheetOptions{})
	if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "diagram 2: the position is <nil>, not a pacosako.Position or an atomic.Position") {
		t.Errorf("an item of neither game: %v, want ErrInvalidOptions naming diagram 2", err)
	}
	if b.Len() != 0 {
		t.Errorf("wrote %d bytes before failing", b.Len())
	}
	bad := []SheetItem{{Position: check, Options: Options{Arrows: []Arrow{{From: 99}}}}}
	if err := Sheet(&b, bad, SheetOptions{}); !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "diagram 1: arrow 0") {
		t.Errorf("an Atomic item with a bad arrow: %v, want ErrInvalidOptions naming diagram 1", err)
	}
}
