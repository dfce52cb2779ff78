package replaypage

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// corpusRecords reads the games of testdata/records/<name>.pgn.
func corpusRecords(t testing.TB, name string) []pacosako.Record {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "records", name+".pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return testkit.AllRecords(t, pacosako.NewRecordReader(f))
}

// noteText writes the annotation rows of a view as text, a line per noteLine:
// its depth, then its items, moves with their NAG symbols, comments in braces,
// markers in brackets, each move's data-ply after '@'.
func noteText(v view) []string {
	var out []string
	for _, r := range v.Rows {
		for _, l := range r.Notes {
			var items []string
			for _, it := range l.Items {
				switch {
				case it.Move != "":
					s := it.Move
					for _, n := range it.NAGs {
						if !n.Glued {
							s += " "
						}
						s += n.Symbol
					}
					items = append(items, s+"@"+strconv.Itoa(it.Ply))
				case it.Comment != "":
					items = append(items, "{"+it.Comment+"}")
				default:
					items = append(items, it.Cut)
				}
			}
			out = append(out, strconv.Itoa(l.Depth)+": "+strings.Join(items, " "))
		}
	}
	return out
}

// TestVariationsModel: the nested variations of the corpus as lines and as
// positions: each line at its depth, the rest of a variation after one inside it
// on a line of its own, the move numbers where they are needed, and every
// position of a variation the one its move leads to, linked to the one before, the
// next and the main line's half-move.
func TestVariationsModel(t *testing.T) {
	rec := corpusRecords(t, "variations-nested")[0]
	v := pacoView(rec, true)
	s := v.Script
	if s.Last != rec.Game.Len() || s.Last != 31 {
		t.Fatalf("Last %d, want the main line's 31 half-moves", s.Last)
	}
	want := []string{
		"1: 6… h6@32 7. Nxf7@33 Qe7@34",
		"2: 7… Rf8@35 8. Bxf7,Nf7xd8@36 {the bishop takes the knight's place in the union, and the knight unites with the queen}",
		"3: 8. Nh8@37 {the union retreats}",
		"2: 8… Nxe4@38",
		"1: 8. Bxf7,Nf7xh8@39",
		"1: 12. Nxf7@40 Qd7@41",
		"2: 12… Qe8@42 13. Bxf7,Nf7xd6+@43",
		"1: 13. Nh6+@44",
		"2: 13. Qxf7,Nf7xd6+@45 {and the knight unites with the pawn on d6} 13… cxd6,Pd6-d5@46",
		"3: 13… Qxd6,Pd6-d5@47",
		"1: 13… Kh8@48 14. Qxh6,Nh6-f7+@49",
		"1: 12. Ndf3@50",
		"1: 15. Nxh7@51 {grabs a pawn} 15… Nxh7,Ph7-h5@52",
		"1: 15… Qe8@53 16. Nxh8#@54",
		"1: 16. Nxd6@55 {misses the Paco}",
	}
	if diff := cmp.Diff(want, noteText(v)); diff != "" {
		t.Errorf("the annotation lines (-want +got):\n%s", diff)
	}
	if len(s.Plies) != 56 {
		t.Fatalf("%d positions, want 32 of the main line and 24 of the variations", len(s.Plies))
	}
	// Each position of a variation, replayed here from the main line by its moves'
	// SAN: base is the main line's position it starts from.
	for _, tc := range []struct {
		ply, base  int
		sans       []string
		up, next   int
		main       int
		chain      string
		status     string
		sakoSquare string
	}{
		{32, 11, []string{"h6"}, 11, 33, 12, "h7h6", "After 6… h6 in a variation: White to move", ""},
		{37, 11, []string{"h6", "Nxf7", "Rf8", "Nh8"}, 35, 0, 12, "f7h8", "After 8. Nh8 in a variation: Black to move", ""},
		{38, 11, []string{"h6", "Nxf7", "Rf8", "Bxf7,Nf7xd8", "Nxe4"}, 36, 0, 12, "f6e4", "After 8… Nxe4 in a variation: White to move", ""},
		{39, 11, []string{"h6", "Nxf7", "Qe7", "Bxf7,Nf7xh8"}, 34, 0, 12, "c4f7h8", "After 8. Bxf7,Nf7xh8 in a variation: Black to move", ""},
		{43, 22, []string{"Nxf7", "Qe8", "Bxf7,Nf7xd6+"}, 42, 0, 23, "c4f7d6", "After 13. Bxf7,Nf7xd6+ in a variation: Black to move; Black's king is in Ŝako", "g8"},
		{54, 29, []string{"Qe8", "Nxh8#"}, 53, 0, 30, "f7h8", "After 16. Nxh8# in a variation: 1-0, White wins by Paco", ""},
		{55, 30, []string{"Nxd6"}, 30, 0, 31, "f7d6", "After 16. Nxd6 in a variation: Black to move", ""},
	} {
		p, err := rec.Game.PositionAt(tc.base)
		if err != nil {
			t.Fatal(err)
		}
		for _, san := range tc.sans {
			m, err := p.ParseSAN(san)
			if err != nil {
				t.Fatalf("ply %d: %s: %v", tc.ply, san, err)
			}
			p = m.After()
		}
		got := s.Plies[tc.ply]
		if wantBoard := pacoPly(p).Board; got.Board != wantBoard {
			t.Errorf("ply %d: board %s, want %s (%v)", tc.ply, got.Board, wantBoard, tc.sans)
		}
		if got.Up != tc.up || got.Next != tc.next || got.Main != tc.main || got.Chain != tc.chain || got.Status != tc.status || got.Sako != tc.sakoSquare {
			t.Errorf("ply %d: up %d next %d main %d chain %q Ŝako %q status %q; want %d %d %d %q %q %q", tc.ply, got.Up, got.Next, got.Main, got.Chain, got.Sako, got.Status, tc.up, tc.next, tc.main, tc.chain, tc.sakoSquare, tc.status)
		}
	}
	// The links hold for every position: a next names a position whose up is this
	// one, and the main line's positions have none.
	for i, p := range s.Plies {
		switch {
		case i <= s.Last && (p.Up != 0 || p.Next != 0 || p.Main != 0):
			t.Errorf("main-line ply %d has links %+v", i, p)
		case i > s.Last && (p.Main < 1 || p.Main > s.Last || p.Up >= i):
			t.Errorf("variation ply %d: up %d, main %d", i, p.Up, p.Main)
		case p.Next != 0 && s.Plies[p.Next].Up != i:
			t.Errorf("ply %d: next %d has up %d", i, p.Next, s.Plies[p.Next].Up)
		}
	}
	// The rows: the annotations after 6… O-O and after 12. Qxf7+ break the list,
	// and Black's 12th move then stands alone after "…".
	var layout []string
	for _, r := range v.Rows {
		switch {
		case r.Notes != nil:
			layout = append(layout, "notes")
		case r.No == 12 || r.No == 6 || r.No == 7:
			w, b := "…", ""
			if r.White != nil {
				w = r.White.SAN
			}
			if r.Black != nil {
				b = r.Black.SAN
			}
			layout = append(layout, strings.TrimSpace(strconv.Itoa(r.No)+" "+w+" "+b))
		}
	}
	if got, want := strings.Join(layout, " | "), "6 Ng5 O-O | notes | 7 Qe2 Ne7 | 12 Qxf7+ | notes | 12 … Kh8 | notes | notes | notes"; got != want {
		t.Errorf("rows: %s\nwant  %s", got, want)
	}
	if !v.Variations {
		t.Error("the page has no button back to the main line")
	}
}

// TestAnnotationsModel: comments before the first move and after moves, NAGs by
// their symbols on the main line and in variations, embedded commands left out.
func TestAnnotationsModel(t *testing.T) {
	recs := corpusRecords(t, "annotations")
	v := pacoView(recs[0], true)
	lines := noteText(v)
	want := []string{
		"0: {A comment before the first move. And a second one right after it. and a comment to the end of the line, still before the first move}",
		"0: {after White's first move two in a row then one to the end of the line}",
		"0: {a comment with a } brace and a { brace}",
		"0: {a comment over several lines, with extra spaces and a tab inside}",
		"0: {between the number and the move}",
		"1: 5. Be2@41 {interposing the bishop} 5… Qb3@42 {a comment inside a variation} 6. Nf3@43",
		"1: 5. Kd1@44 {the king walks a line comment in a variation}",
	}
	if len(lines) < len(want) || !cmp.Equal(want, lines[:len(want)]) {
		t.Errorf("the annotations of %q:\n%s\nwant them to begin\n%s", recs[0].Tag("Event"), strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if v.Rows[0].Notes == nil || v.Rows[1].White == nil || v.Rows[1].White.SAN != "e4" {
		t.Error("the comment before the first move is not the first row")
	}

	v = pacoView(recs[1], true)
	var nags []string
	for _, r := range v.Rows {
		for _, e := range []*entry{r.White, r.Black} {
			if e != nil && len(e.NAGs) > 0 {
				s := e.SAN
				for _, n := range e.NAGs {
					s += "|" + n.Symbol
				}
				nags = append(nags, s)
			}
		}
	}
	wantNAGs := []string{"e4|!", "f4|!?", "c4|?!", "e5|!", "Qa4|??", "Qh4+|!!", "g3|?", "d3|$255", "c5|=|∞", "Ng5|+=", "Bxd8#|!|+−"}
	if diff := cmp.Diff(wantNAGs, nags); diff != "" {
		t.Errorf("the main line's NAGs (-want +got):\n%s", diff)
	}
	// "10. Nxf7 $4 ?" has two assessments: both follow the move.
	if got, want := noteText(v), []string{"0: {a comment, then a NAG}", "1: 9… d6!?@62 {a NAG in a variation} 10. Nxf7+???@63"}; !cmp.Equal(got, want) {
		t.Errorf("the annotations of %q: %q", recs[1].Tag("Event"), got)
	}
	if st := v.Script.Plies[11].Status; st != "After 6. Qa4??: Black to move" {
		t.Errorf("status after 6. Qa4??: %q", st)
	}

	// A lichess study: the arrows and coloured squares of [%cal …] and [%csl …]
	// are left out of the comments; a comment of nothing else is none.
	v = pacoView(corpusRecords(t, "lichess-study")[1], true)
	if got, want := noteText(v), []string{
		"0: {The pawns unite on d5. Either side may now move the union.}",
		"1: 2… Nf6@7 3. d4 +=@8",
		"1: 2… e6@9 3. Nf3@10",
	}; !cmp.Equal(got, want) {
		t.Errorf("lichess study: %q, want %q", got, want)
	}
}

func TestNAGSymbols(t *testing.T) {
	var got []string
	for _, n := range nagsOf([]int{1, 2, 3, 4, 5, 6, 0, 7, 13, 14, 15, 16, 17, 18, 19, 146, 255, 300, -1}) {
		got = append(got, n.Symbol)
	}
	want := []string{"!", "?", "!!", "??", "!?", "?!", "□", "∞", "…"}
	if !cmp.Equal(got, want) {
		t.Errorf("symbols %q, want %q (at most %d, $0 left out)", got, want, maxNAGs)
	}
	got = nil
	for _, n := range nagsOf([]int{16, 17, 18, 19, 146, 255, 300, -1}) {
		got = append(got, n.Symbol)
	}
	if want := []string{"±", "∓", "+−", "−+", "N", "$255", "$300", "$-1"}; !cmp.Equal(got, want) {
		t.Errorf("symbols %q, want %q", got, want)
	}
	if n := nagsOf([]int{2})[0]; n.Title != "poor move" || !n.Glued {
		t.Errorf("$2: %+v", n)
	}
	if n := nagsOf([]int{18})[0]; n.Title != "White has a decisive advantage" || n.Glued {
		t.Errorf("$18: %+v", n)
	}
}

func TestCommentText(t *testing.T) {
	a := newAnnotator[pacosako.Position, pacosako.Move, pacosako.Note, pacosako.Variation](&view{}, pacoRules{}, numbering{first: pacosako.White})
	for _, tc := range []struct{ in, want string }{
		{"plain", "plain"},
		{"  spaced \t out\n ", "spaced out"},
		{"[%clk 0:03:00]", ""},
		{"[%eval 0.17] [%clk 0:02:58] good", "good"},
		{"a [%cal Gf3e4,Ge4c3] b [% unclosed", "a b [% unclosed"},
		{"\x1b[31mred\x00\u2028\u2029\u0085|\xff", "[31mred |\uFFFD"},
	} {
		it, ok := a.comment(tc.in)
		if ok != (tc.want != "") || it.Comment != tc.want {
			t.Errorf("comment(%q) = %q, %v; want %q", tc.in, it.Comment, ok, tc.want)
		}
	}
	// The page's budget: a comment that crosses it is cut, later ones are a marker.
	a = newAnnotator[pacosako.Position, pacosako.Move, pacosako.Note, pacosako.Variation](&view{}, pacoRules{}, numbering{first: pacosako.White})
	a.commentsLeft = 10
	if it, _ := a.comment("0123456789abc"); it.Comment != "0123456789 …" || it.Title != commentsCut {
		t.Errorf("the comment over the budget: %+v", it)
	}
	if it, ok := a.comment("more"); !ok || it.Comment != "" || it.Cut != "[…]" {
		t.Errorf("a comment after the budget: %+v", it)
	}
	if thousands(100000) != "100,000" || thousands(2000) != "2,000" || thousands(12) != "12" {
		t.Error("thousands")
	}
}

// hostileRecord is 1. e4 with variations nested depth deep (each the first move's
// alternative to the one around it, 1. d4 and 1. Nf3 in turn), breadth siblings
// on Black's answer, and a comment of commentLen characters.
func hostileRecord(t testing.TB, depth, breadth, commentLen int) pacosako.Record {
	t.Helper()
	start := pacosako.StartingPosition()
	var ms []pacosako.Move
	for _, san := range []string{"d4", "Nf3"} {
		m, err := start.ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	g := pacosako.NewGame(start)
	for _, san := range []string{"e4", "e5"} {
		var err error
		if g, err = g.PlaySAN(san); err != nil {
			t.Fatal(err)
		}
	}
	var inner []pacosako.Variation
	for i := depth - 1; i >= 0; i-- {
		v := pacosako.Variation{Moves: []pacosako.Move{ms[i%2]}}
		if inner != nil {
			v.Notes = []pacosako.Note{{Variations: inner}}
		}
		inner = []pacosako.Variation{v}
	}
	afterE4 := g.PlayedMoves()[0].After()
	c5, err := afterE4.ParseSAN("c5")
	if err != nil {
		t.Fatal(err)
	}
	siblings := make([]pacosako.Variation, breadth)
	for i := range siblings {
		siblings[i] = pacosako.Variation{Moves: []pacosako.Move{c5}}
	}
	return pacosako.Record{
		Game:    g,
		Tags:    []pacosako.Tag{{Name: "Event", Value: "hostile"}},
		Comment: strings.Repeat("x", commentLen),
		Notes:   []pacosako.Note{{Variations: inner, NAGs: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}}, {Variations: siblings}},
	}
}

// TestHostileNotes: variations nested 200,000 deep, 100,000 siblings and a
// comment of a million characters make a page within the bounds, quickly, with
// the markers of what is left out; no depth reaches the stack.
func TestHostileNotes(t *testing.T) {
	rec := hostileRecord(t, 200_000, 100_000, 1_000_000)
	begin := time.Now()
	doc := page(t, rec)
	took := time.Since(begin)
	v := pacoView(rec, true)
	if n := len(v.Script.Plies) - v.Script.Last - 1; n != maxVariations {
		t.Errorf("%d positions of variations, want the %d of the first %d variations", n, maxVariations, maxVariations)
	}
	lines := noteText(v)
	// The comment, the variations one in the other, the marker where the next one
	// would begin, and the marker of 1… e5's variations.
	if len(lines) != 1+maxVariations+2 {
		t.Fatalf("%d lines of annotations, want the comment, %d variations and two markers", len(lines), maxVariations)
	}
	if !strings.HasPrefix(lines[1], "1: 1. d4@3") || lines[maxVariations] != "1000: 1. Nf3@1002" ||
		lines[maxVariations+1] != "1001: [the rest of the variations is left out: "+variationsCut+"]" || lines[maxVariations+2] != "1: [variations left out]" {
		t.Errorf("lines %q … %q", lines[:2], lines[maxVariations-1:])
	}
	for _, want := range []string{
		`<div class="psr-line psr-d6"><span class="psr-depth" title="a variation 1000 deep">1000›</span> <button type="button" class="psr-move" data-ply="1002">1. Nf3</button>`,
		`<span class="psr-comment" title="` + commentsCut + `">` + strings.Repeat("x", maxCommentChars) + ` …</span>`,
		`e4<span class="psr-nag" title="good move">!</span>`,
		`<span class="psr-nag psr-eval" title="12 NAGs; the page shows 8">…</span>`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the page lacks %.200s", want)
		}
	}
	if len(doc) > 1_500_000 {
		t.Errorf("the page is %d bytes, want at most 1.5 MB", len(doc))
	}
	t.Logf("%d bytes in %v", len(doc), took)
	if took > 5*time.Second {
		t.Errorf("the page took %v", took)
	}
}

// TestHostileTags: a record of 100,000 tags, its Event a megabyte of characters
// HTML escapes in five bytes, makes a page at most 64 KB longer than the game's
// without tags (it made one of 20 MB: the value is on the page four times): 50
// tags shown, 6 in view, their names and values and the title cut with "…", a
// marker saying how many are left out.
func TestHostileTags(t *testing.T) {
	rec := hostileRecord(t, 1, 1, 0)
	rec.Tags = nil
	bare := page(t, rec)
	long := strings.Repeat(`"`, 1<<20)
	rec.Tags = []pacosako.Tag{{Name: "Event", Value: long}, {Name: strings.Repeat("N", 1000), Value: "x"}}
	for i := range 100_000 {
		rec.Tags = append(rec.Tags, pacosako.Tag{Name: "T" + strconv.Itoa(i), Value: long[:300]})
	}
	doc := page(t, rec)
	if more := len(doc) - len(bare); more > 64<<10 {
		t.Errorf("the tags make %d bytes of page, want at most 64 KB", more)
	}
	v := pacoView(rec, true)
	if len(v.Tags) != openTags || len(v.MoreTags) != maxShownTags-openTags || v.LeftOutTags != len(rec.Tags)-maxShownTags {
		t.Errorf("%d tags in view, %d more, %d left out", len(v.Tags), len(v.MoreTags), v.LeftOutTags)
	}
	quotes := func(n int) string { return strings.Repeat("&#34;", n) }
	for _, want := range []string{
		"<title>" + quotes(maxTitle) + "…</title>",
		`<div class="psr-title">` + quotes(maxTitle) + "…</div>",
		"<tr><th>Event</th><td>" + quotes(maxTagValue) + "…</td></tr>",
		"<tr><th>" + strings.Repeat("N", maxTagName) + "…</th><td>x</td></tr>",
		`<span class="psr-cut" title="a page shows at most 50 tags">[99952 more tags left out]</span>`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the page lacks %.120s", want)
		}
	}
}

// TestHostilePageBound: what a record says besides its main line — tags, the
// comments, variations with NAGs after every move, each at the page's bounds,
// made of characters HTML escapes in five bytes — makes at most about 3 MB of
// page, as the package doc says (2.5 MB here; longer chains in SAN add a little).
func TestHostilePageBound(t *testing.T) {
	rec := hostileRecord(t, 1, 1, 0)
	rec.Tags, rec.Notes = nil, nil
	bare := page(t, rec)
	start := pacosako.StartingPosition()
	d4, err := start.ParseSAN("d4")
	if err != nil {
		t.Fatal(err)
	}
	d5, err := d4.After().ParseSAN("d5")
	if err != nil {
		t.Fatal(err)
	}
	nags := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	var siblings []pacosako.Variation
	for range maxVariationPlies {
		siblings = append(siblings, pacosako.Variation{Comment: `"<&'`, Moves: []pacosako.Move{d4, d5},
			Notes: []pacosako.Note{{NAGs: nags, Comment: `"<&'`}, {NAGs: nags}}})
	}
	for range 1000 {
		rec.Tags = append(rec.Tags, pacosako.Tag{Name: strings.Repeat("A", 1000), Value: strings.Repeat(`"`, 1000)})
	}
	rec.Comment = strings.Repeat(`"`, 2*maxCommentChars)
	rec.Notes = []pacosako.Note{{Variations: siblings, NAGs: nags}, {NAGs: nags}}
	doc := page(t, rec)
	if more := len(doc) - len(bare); more > 3_000_000 {
		t.Errorf("the annotations make %d bytes of page, want at most 3 MB", more)
	} else {
		t.Logf("%d bytes besides the main line", more)
	}
}

// TestNoteEscaping: comments are text, never markup or script, without control
// characters; nothing of them is in the script's data.
func TestNoteEscaping(t *testing.T) {
	rec := escapingRecord(t)
	for _, doc := range []string{page(t, rec), func() string {
		var b strings.Builder
		if err := WriteEmbed(&b, rec); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}()} {
		if n := strings.Count(doc, `<span class="psr-comment">`+shown+`</span>`); n != 4 {
			t.Errorf("%d comments shown as text, want 4", n)
		}
		if strings.Contains(doc, "<img") || strings.ContainsAny(doc, "\x1b\u2028\u2029") || strings.Count(doc, "</script>") != 1 {
			t.Error("a comment reached the page as markup or with control characters")
		}
		if data := regexp.MustCompile(`\}\)\((\{.*\})\);</script>`).FindString(doc); strings.Contains(data, "onerror") {
			t.Error("a comment is in the script's data")
		}
	}
}

// badComment is a comment that would break out of its page if it were not
// escaped: markup, a script's end, a terminal's escape, JavaScript's line ends.
const badComment = "</script><img src=x onerror=alert(1)>\x1b[2J\u2028\u2029&amp;"

// shown is badComment as a page's text: escaped, its control characters spaces.
const shown = `&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; [2J &amp;amp;`

// escapingRecord is 1. e4 (1. d4) e5 (1… c5) with badComment before the first
// move, after 1. e4, before 1. d4 and after 1… c5.
func escapingRecord(t testing.TB) pacosako.Record {
	rec := hostileRecord(t, 1, 1, 0)
	rec.Tags[0].Value = "escaping"
	rec.Comment = badComment
	rec.Notes[0].Comment = badComment
	rec.Notes[0].Variations[0].Comment = badComment
	rec.Notes[1].Variations[0].Notes = []pacosako.Note{{Comment: badComment}}
	return rec
}

// TestForeignMoves: a record built in code whose variation holds a move of another
// position, which leads elsewhere, stops the variation there with a marker.
func TestForeignMoves(t *testing.T) {
	rec := hostileRecord(t, 1, 1, 0)
	// As an alternative to 1… e5 (after 1. e4): 1… c5, then Nf6 of the position
	// after 1. d4, which leads to a position with a pawn on d4.
	d4, err := pacosako.StartingPosition().ParseSAN("d4")
	if err != nil {
		t.Fatal(err)
	}
	nf6, err := d4.After().ParseSAN("Nf6")
	if err != nil {
		t.Fatal(err)
	}
	v := rec.Notes[1].Variations[0]
	rec.Notes[1].Variations[0].Moves = append(v.Moves, nf6, nf6)
	lines := noteText(pacoView(rec, true))
	if want := "1: 1… c5@4 [Lift(g8) Place(f6): not a move of this position]"; lines[len(lines)-1] != want {
		t.Errorf("the variation: %q, want %q", lines[len(lines)-1], want)
	}
}
