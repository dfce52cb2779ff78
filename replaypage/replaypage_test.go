package replaypage

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/records"
	"github.com/pacosako-go/pacosako/svg"
)

var update = flag.Bool("update", false, "rewrite the golden pages in ../docs/replay")

// golden is the page of the real game 13103, linked from the README; the
// command writes the same bytes (cmd/pacosako's TestConvertHTMLGolden).
const golden = "../docs/replay/pacoplay-13103.html"

// annotatedGolden are the pages of the corpus's ChessBase export, whose first game
// shows comments, NAGs and nested variations; the README links the first, and the
// command writes them from ../testdata/records/chessbase-annotated.pgn.
var annotatedGolden = []string{"../docs/replay/Paco-Sako-Club-Championship.html", "../docs/replay/Paco-Sako-Club-Championship-2.html"}

// atomicGolden is the page of the shared Atomic game atomic-complete-2 (its
// captures explode, the last one a king), linked from the README; the command
// writes it from ../atomic/testdata/games.pgn.
const atomicGolden = "../docs/replay/atomic-complete-2.html"

// pacoplayRecord reads the real game 13103 (pacoplay.com's match state, a copy of
// ../shared/testdata/pacoplay/13103.json) and names it as the command does.
func pacoplayRecord(t testing.TB) pacosako.Record {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "pacoplay", "13103.json"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := pacosako.ParsePacoplayMatch(data)
	if err != nil {
		t.Fatal(err)
	}
	rec.Tags = append([]pacosako.Tag{{Name: "Event", Value: "pacoplay " + rec.Tag("GameId")}}, rec.Tags...)
	return rec
}

// historyRecord plays actions from start ("new" or a FEN) and names the game.
func historyRecord(t testing.TB, name, start, actions string) pacosako.Record {
	t.Helper()
	p := pacosako.StartingPosition()
	opts := []pacosako.GameOption{pacosako.WithRepetitionLimit(0)}
	if start != "new" {
		p, opts = pacosako.MustParseFEN(start), nil
	}
	as, err := pacosako.ParseActions(actions)
	if err != nil {
		t.Fatal(err)
	}
	g, err := pacosako.NewGame(p, opts...).ApplyAll(as)
	if err != nil {
		t.Fatal(err)
	}
	return pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "Event", Value: name}}}
}

func page(t testing.TB, rec pacosako.Record) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGolden: the page of game 13103, the pages of the annotated games and the
// page of an Atomic game are the files the README links; -update rewrites them.
// The page of 13103 stays under 200 KB, and a second page of the same record is
// the same.
func TestGolden(t *testing.T) {
	files := append([]string{golden}, annotatedGolden...)
	var pages []func() string
	for _, rec := range append([]pacosako.Record{pacoplayRecord(t)}, corpusRecords(t, "chessbase-annotated")...) {
		pages = append(pages, func() string { return page(t, rec) })
	}
	files = append(files, atomicGolden)
	atom := atomicGame(t, "atomic-complete-2")
	pages = append(pages, func() string { return atomicPage(t, atom) })
	for i, file := range files {
		got := pages[i]()
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test ./replaypage -update writes it)", err)
		}
		if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got, "\n")); diff != "" {
			t.Errorf("%s differs from the page written (-file +written; go test ./replaypage -update rewrites it):\n%s", file, diff)
		}
		t.Logf("%s: %d bytes", file, len(got))
		if i == 0 && len(got) >= 200_000 {
			t.Errorf("the page of 53 half-moves is %d bytes, want under 200 KB", len(got))
		}
		if again := pages[i](); again != got {
			t.Errorf("%s: a second page of the same record differs", file)
		}
	}
}

// TestSelfContained: nothing on the page or in an embedded game, of either game,
// reaches outside it: no URL but the SVG namespace, no src, no import, no url()
// but fragment ids.
func TestSelfContained(t *testing.T) {
	var embed strings.Builder
	if err := WriteEmbed(&embed, pacoplayRecord(t)); err != nil {
		t.Fatal(err)
	}
	var atomicEmbed strings.Builder
	if err := WriteEmbed(&atomicEmbed, atomicGame(t, "atomic-complete-2")); err != nil {
		t.Fatal(err)
	}
	for name, doc := range map[string]string{"page": page(t, pacoplayRecord(t)), "embed": embed.String(),
		"Atomic page": atomicPage(t, atomicAnnotated(t)), "Atomic embed": atomicEmbed.String()} {
		rest := strings.ReplaceAll(doc, `xmlns="http://www.w3.org/2000/svg"`, "")
		for _, bad := range []string{"http:", "https:", "//cdn", " src=", "@import", "@font-face", "<link", "<iframe", "fetch(", "XMLHttpRequest"} {
			if strings.Contains(rest, bad) {
				t.Errorf("%s contains %q", name, bad)
			}
		}
		if m := regexp.MustCompile(`url\([^#]`).FindString(rest); m != "" {
			t.Errorf("%s contains %q", name, m)
		}
	}
}

// TestEmbedForm: an embedded game is one <div> and one <script> after it, with
// the style sheet in the script's data, and nothing of a document around them.
func TestEmbedForm(t *testing.T) {
	var b strings.Builder
	if err := WriteEmbed(&b, pacoplayRecord(t)); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if !strings.HasPrefix(s, `<div class="psr" id="psr-`) || !strings.HasSuffix(s, "</script>\n") {
		t.Errorf("the embedded game is not a <div> then a <script>: %.60q … %q", s, s[max(0, len(s)-40):])
	}
	if n := strings.Count(s, "<script"); n != 1 {
		t.Errorf("%d scripts, want 1", n)
	}
	div := s[:strings.Index(s, "<script>")]
	if strings.Count(div, "<div")-strings.Count(div, "</div>") != 0 || !strings.HasSuffix(div, "</div>\n") {
		t.Error("the markup before the script is not one <div> element")
	}
	for _, bad := range []string{"<html", "<head", "<body", "<style", "<!DOCTYPE"} {
		if strings.Contains(s, bad) {
			t.Errorf("the embedded game contains %s", bad)
		}
	}
	if !strings.Contains(s, `"css":".psr{`) {
		t.Error("the script's data lacks the style sheet")
	}
	if strings.Contains(page(t, pacoplayRecord(t)), `"css":`) {
		t.Error("the page's script carries the style sheet, which its <head> has")
	}
}

// TestEscaping: tags and names are text, never markup or script, and without
// control characters.
func TestEscaping(t *testing.T) {
	rec := historyRecord(t, `</script><script>alert(1)</script>`, "new", "Lift(e2) Place(e4)")
	rec.Tags = append(rec.Tags, pacosako.Tag{Name: "White", Value: `<b onclick="x">"Ada" & 'Bo'</b>`}, pacosako.Tag{Name: "Site", Value: "\x1b[31mred\x00\xff\u009b\u2028|"})
	for _, doc := range []string{page(t, rec), func() string {
		var b strings.Builder
		if err := WriteEmbed(&b, rec); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}()} {
		if strings.Contains(doc, "alert(1)</script>") || strings.Contains(doc, "<b onclick") {
			t.Errorf("a tag value reached the markup unescaped:\n%s", doc)
		}
		if !strings.Contains(doc, "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(doc, "&lt;b onclick=&#34;x&#34;&gt;&#34;Ada&#34; &amp; &#39;Bo&#39;&lt;/b&gt;") {
			t.Errorf("the tag values are not shown as text")
		}
		if !strings.Contains(doc, "<tr><th>Site</th><td> [31mred \uFFFD  |</td></tr>") || strings.ContainsAny(doc, "\x1b\x00\u009b\u2028") {
			t.Errorf("control characters or invalid UTF-8 reached the page")
		}
	}
}

// scriptData returns the data a page's script draws from.
func scriptData(t *testing.T, doc string) script {
	t.Helper()
	m := regexp.MustCompile(`\}\)\((\{.*\})\);</script>`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatal("no script data")
	}
	var s script
	if err := json.Unmarshal([]byte(m[1]), &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPlies: what the script draws for the real game: the boards, chains, Ŝako
// kings and the status lines.
func TestPlies(t *testing.T) {
	rec := pacoplayRecord(t)
	s := scriptData(t, page(t, rec))
	if !s.Page || len(s.Plies) != 54 {
		t.Fatalf("page %v, %d plies; want a page of 54 (the start and 53 half-moves)", s.Page, len(s.Plies))
	}
	for _, tc := range []struct {
		ply                 int
		chain, sako, status string
	}{
		{0, "", "", "Start: White to move"},
		{1, "e2e4", "", "After 1. e4: Black to move"},
		{33, "f3h4g4g5", "", "After 17. Nxh4,Rh4xg4,Pg4-g5: Black to move"},
		{34, "d8e7", "e1", "After 17… Qe7+: White to move; White's king is in Ŝako"},
		{45, "d6d7", "e8", "After 23. d7+: Black to move; Black's king is in Ŝako"},
		{53, "e7f7", "", "After 27. Rxf7: 1-0, Black ran out of time"},
	} {
		p := s.Plies[tc.ply]
		if p.Chain != tc.chain || p.Sako != tc.sako || p.Status != tc.status || p.Hand != "" {
			t.Errorf("ply %d: chain %q, Ŝako %q, hand %q, status %q; want %q, %q, none, %q", tc.ply, p.Chain, p.Sako, p.Hand, p.Status, tc.chain, tc.sako, tc.status)
		}
	}
	if got, want := s.Plies[0].Board[:16], "R.N.B.Q.K.B.N.R."; got != want {
		t.Errorf("rank 1 at the start: %q, want %q", got, want)
	}
	// After 3. exd5 the pawns stand united on d5 (square 35).
	if got := s.Plies[3].Board[2*35 : 2*35+2]; got != "Pp" {
		t.Errorf("d5 after exd5: %q, want Pp", got)
	}
}

// TestUnfinished: a game that stops in the middle of a half-move shows it as one
// more half-move, with the piece in the hand; a game that starts with Black
// numbers its first move "1…".
func TestUnfinished(t *testing.T) {
	rec := historyRecord(t, "hand", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", "Lift(f3) Place(e4)")
	doc := page(t, rec)
	s := scriptData(t, doc)
	if len(s.Plies) != 2 {
		t.Fatalf("%d plies, want the start and the unfinished half-move", len(s.Plies))
	}
	if p := s.Plies[1]; p.Hand != "e4N." || p.Chain != "f3e4" || p.Status != "In the middle of White's half-move 1. Lift(f3) Place(e4) …: White is moving" {
		t.Errorf("unfinished half-move: %+v", p)
	}
	if !strings.Contains(doc, `<button type="button" class="psr-move psr-unfinished" data-ply="1">Lift(f3) Place(e4) …</button>`) {
		t.Error("the move list lacks the unfinished half-move")
	}
	if !strings.Contains(doc, "<p class=\"psr-result\">*</p>") {
		t.Error("a running game's result is not *")
	}

	black := historyRecord(t, "black", "4k3/8/8/8/8/8/8/4K3 b 0 - - -", "Lift(e8) Place(d8) Lift(e1) Place(d1) Lift(d8) Place(c8)")
	doc = page(t, black)
	if !strings.Contains(doc, `<li><span class="psr-no">1.</span><span class="psr-move">…</span><button type="button" class="psr-move" data-ply="1">Kd8</button></li>`) ||
		!strings.Contains(doc, `<li><span class="psr-no">2.</span><button type="button" class="psr-move" data-ply="2">Kd1</button><button type="button" class="psr-move" data-ply="3">Kc8</button></li>`) {
		t.Errorf("Black's first move is not numbered 1…:\n%s", doc[strings.Index(doc, "<ol"):strings.Index(doc, "</ol>")])
	}
	if st := scriptData(t, doc).Plies[1].Status; st != "After 1… Kd8: White to move" {
		t.Errorf("status %q", st)
	}
}

// TestZeroRecord: a record without a game draws the empty board of the zero
// Game, without a move.
func TestZeroRecord(t *testing.T) {
	s := scriptData(t, page(t, pacosako.Record{}))
	if len(s.Plies) != 1 || s.Plies[0].Board != strings.Repeat(".", 128) {
		t.Errorf("plies %+v", s.Plies)
	}
}

// TestPalette: the colours the script paints are the svg package's defaults, as
// its drawing writes them.
func TestPalette(t *testing.T) {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -") // a hand: its shadow
	drawing := svg.String(p, svg.Options{Coordinates: true, LastMove: pacosako.SquareSet(pacosako.A1, pacosako.B1), Chains: []svg.Chain{{Squares: []pacosako.Square{pacosako.F3, pacosako.E4}}},
		Blast: pacosako.SquareSet(pacosako.H1), Vanishing: pacosako.SquareSet(pacosako.F1)})
	c := defaultPalette
	for _, want := range []string{
		`class="square light a8" x="40" y="40" width="100" height="100" fill="` + c.Light + `"`,
		`class="square dark b8" x="140" y="40" width="100" height="100" fill="` + c.Dark + `"`,
		`class="square dark lastmove a1" x="40" y="740" width="100" height="100" fill="` + c.DarkLast + `"`,
		`class="square light lastmove b1" x="140" y="740" width="100" height="100" fill="` + c.LightLast + `"`,
		`<rect class="margin" x="0" y="0" width="880" height="880" fill="` + c.Margin + `"/>`,
		`<g class="coordinates" fill="none" stroke="` + c.Coordinates + `" stroke-width="2"`,
		`opacity="` + jsonNumber(c.ChainOpacity) + `">` + "\n" + `<path d="M590 590L`, /* the chain's line */
		`stroke="` + c.Chain + `" stroke-width="11"`,
		`fill="` + c.Shadow + `" fill-opacity="` + jsonNumber(c.ShadowOpacity) + `"/>`,
		`<rect class="blast h1" x="740" y="740" width="100" height="100" fill="` + c.Blast + `" fill-opacity="` + jsonNumber(c.BlastOpacity) + `"/>`,
		`<g class="vanishing f1" opacity="` + jsonNumber(c.Vanishing) + `">`,
	} {
		if !strings.Contains(drawing, want) {
			t.Errorf("the svg drawing lacks %s", want)
		}
	}
}

func jsonNumber(f float64) string {
	b, _ := json.Marshal(f)
	return string(bytes.TrimSpace(b))
}

// fakeRecord has the methods of records.Record but is a record of neither game.
type fakeRecord struct{ pacosako.Record }

// TestWriteNeitherGame: Write and WriteEmbed take a record of either game; a
// record of neither (nil, a pointer, a type of the caller's) is an error
// wrapping ErrInvalidRecord that names the type, and nothing is written.
func TestWriteNeitherGame(t *testing.T) {
	rec := pacoplayRecord(t)
	for _, c := range []struct {
		rec  records.Record
		name string
	}{{nil, "<nil>"}, {&rec, "*pacosako.Record"}, {fakeRecord{rec}, "replaypage.fakeRecord"}} {
		for _, write := range []func(io.Writer, records.Record) error{Write, WriteEmbed} {
			var b strings.Builder
			err := write(&b, c.rec)
			if !errors.Is(err, ErrInvalidRecord) || !strings.Contains(err.Error(), c.name+" is neither a pacosako.Record nor an atomic.Record") || b.Len() != 0 {
				t.Errorf("%s: %v (%d bytes written), want ErrInvalidRecord naming it", c.name, err, b.Len())
			}
		}
	}
	var paco, both strings.Builder
	if err := Write(&paco, rec); err != nil {
		t.Fatal(err)
	}
	if err := WriteEmbed(&both, rec); err != nil {
		t.Fatal(err)
	}
	if err := WriteEmbed(&both, atomicGame(t, "atomic-complete-2")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(paco.String(), "<!DOCTYPE html>") || strings.Count(both.String(), `<div class="psr"`) != 2 {
		t.Error("a whole page of Paco Ŝako and a host page of both games not written")
	}
}
