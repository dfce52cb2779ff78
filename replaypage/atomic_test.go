package replaypage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// atomicRecords reads the Atomic records of a PGN file.
func atomicRecords(t testing.TB, path string) []atomic.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return testkit.AllRecords(t, atomic.NewRecordReader(f))
}

// atomicGames are the module's copy of the shared Atomic games
// (../shared/testdata/atomic/games.pgn, python-chess's playouts).
func atomicGames(t testing.TB) []atomic.Record {
	return atomicRecords(t, filepath.Join("..", "atomic", "testdata", "games.pgn"))
}

// atomicGame is the game of atomicGames with the Event event.
func atomicGame(t testing.TB, event string) atomic.Record {
	t.Helper()
	for _, rec := range atomicGames(t) {
		if rec.Tag("Event") == event {
			return rec
		}
	}
	t.Fatalf("no game %q in the Atomic games", event)
	return atomic.Record{}
}

// atomicAnnotated is testdata/atomic-annotated.pgn: the rules page's trap with
// comments, NAGs and nested variations that explode.
func atomicAnnotated(t testing.TB) atomic.Record {
	return atomicRecords(t, filepath.Join("testdata", "atomic-annotated.pgn"))[0]
}

func atomicPage(t testing.TB, rec atomic.Record) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// boardText encodes a board as the script's data does: two characters a square.
func boardText(b pacosako.Board) string { return newPly(b, nil).Board }

// TestAtomicPlies: what the script draws of an Atomic game: the board, the move's
// path, and for a capture the blast and the pieces it removed, with the status
// line in words. The rules page's example (ATOMIC.md: Nxb7 explodes on b7, the
// knight, the pawn it takes, the rook on a8, the knight on b8 and the bishop on c8
// vanish, the pawns on a7 and c6 stay), then games of the shared corpus.
func TestAtomicPlies(t *testing.T) {
	g, err := atomic.NewGame(atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")).PlaySAN("Nxb7")
	if err != nil {
		t.Fatal(err)
	}
	s := scriptData(t, atomicPage(t, atomic.Record{Game: g}))
	if len(s.Plies) != 2 || s.Last != 1 {
		t.Fatalf("%d plies, last %d; want the start and Nxb7", len(s.Plies), s.Last)
	}
	p := s.Plies[1]
	want := ply{
		Board:  boardText(atomic.MustParseFEN("8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2 b - - 0 1").Board()),
		Chain:  "a5b7",
		Blast:  "a6b6c6a7b7c7a8b8c8",
		Gone:   "a5N.b7.pa8.rb8.nc8.b",
		Status: "After 1. Nxb7: Black to move. The explosion on b7 took White's knight and Black's rook, bishop, knight and pawn.",
	}
	if diff := cmp.Diff(want, p, cmpopts.IgnoreUnexported(ply{})); diff != "" {
		t.Errorf("after Nxb7 (-want +got):\n%s", diff)
	}
	if st := s.Plies[0]; st.Status != "Start: White to move" || st.Blast != "" || st.Gone != "" || st.Chain != "" {
		t.Errorf("the start: %+v", st)
	}

	// The shared games: a queen takes a pawn, castling, the king exploded, a check.
	for _, tc := range []struct {
		event string
		ply   int
		want  ply
	}{
		{"atomic-complete-2", 13, ply{Chain: "d2h6", Blast: "g5h5g6h6g7h7", Gone: "d2Q.h6.p",
			Status: "After 7. Qxh6: Black to move. The explosion on h6 took White's queen and Black's pawn."}},
		{"atomic-complete-2", 14, ply{Chain: "e8e7", Status: "After 7… Ke7: White to move"}},
		{"atomic-complete-2", 27, ply{Chain: "e1c1", Status: "After 14. O-O-O: Black to move"}},
		{"atomic-complete-2", 37, ply{Chain: "d1d5", Blast: "c4d4e4c5d5e5c6d6e6", Gone: "d1R.d5.pe6.k",
			Status: "After 19. Rxd5#: 1-0, Black's king exploded. The explosion on d5 took White's rook and Black's king and pawn."}},
		{"atomic-playout-0", 19, ply{Chain: "d1h5", Status: "After 10. Qh5+: Black to move; Black's king is in check"}},
	} {
		rec := atomicGame(t, tc.event)
		s := atomicView(rec, true).Script
		pos, err := rec.Game.PositionAt(tc.ply)
		if err != nil {
			t.Fatal(err)
		}
		tc.want.Board = boardText(pos.Board())
		if diff := cmp.Diff(tc.want, s.Plies[tc.ply], cmpopts.IgnoreUnexported(ply{})); diff != "" {
			t.Errorf("%s, ply %d (-want +got):\n%s", tc.event, tc.ply, diff)
		}
	}

	// Every half-move of every game: the board is the game's position, a capture
	// and only a capture has a blast of four to nine squares around its target, and
	// the pieces it removed stood on the blast's squares or where the capturing
	// piece came from, which are empty after it.
	for _, rec := range atomicGames(t) {
		s := atomicView(rec, true).Script
		g := rec.Game
		if s.Last != g.Len() || len(s.Plies) != g.Len()+1 {
			t.Fatalf("%s: last %d of %d plies for %d half-moves", rec.Tag("Event"), s.Last, len(s.Plies), g.Len())
		}
		for i, m := range g.PlayedMoves() {
			pos, _ := g.PositionAt(i + 1)
			p := s.Plies[i+1]
			blast := len(p.Blast) / 2
			if p.Board != boardText(pos.Board()) || m.IsCapture() != (blast > 0) || blast > 0 && (blast < 4 || blast > 9 || !strings.Contains(p.Blast, m.To().String())) {
				t.Errorf("%s, half-move %d %v: %+v", rec.Tag("Event"), i+1, m, p)
				continue
			}
			for k := 0; k+4 <= len(p.Gone); k += 4 {
				sq := p.Gone[k : k+2]
				if !strings.Contains(p.Blast, sq) && sq != m.From().String() || p.Board[2*squareIndex(t, sq):2*squareIndex(t, sq)+2] != ".." {
					t.Errorf("%s, half-move %d %v: removed %s, blast %s, board %s", rec.Tag("Event"), i+1, m, p.Gone, p.Blast, p.Board)
				}
			}
		}
	}
}

func squareIndex(t testing.TB, name string) int {
	t.Helper()
	s, err := pacosako.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return int(s)
}

// TestAtomicAnnotations: the annotated record's comments, NAGs and variations are
// laid out as a Paco Ŝako record's, and the variations' captures explode on the
// positions they lead to.
func TestAtomicAnnotations(t *testing.T) {
	rec := atomicAnnotated(t)
	v := atomicView(rec, true)
	s := v.Script
	if s.Last != 10 || v.Title != "Atomic notes" || v.Result != "*" || !v.Variations {
		t.Fatalf("last %d, title %q, result %q, variations %v", s.Last, v.Title, v.Result, v.Variations)
	}
	want := []string{
		"0: {The trap of the rules page: a knight on d5 against e7 and c7.}",
		"0: {the rules page's blunder}",
		"0: {the only move}",
		"1: 2… Nc6@11 3. Nxe7#@12 {the blast reaches the king on e8}",
		"2: 3. Nxc7@13 {the knight on c6 goes too} 3… Kd7@14",
		"1: 2… c6@15 3. Nxe7#@16",
		"0: {the knight, the bishop and the queen on b8, c8 and d8 go with it}",
		"0: {takes the knight on f6 along; the pawns on d6 and f7 stay}",
	}
	if diff := cmp.Diff(want, noteText(v)); diff != "" {
		t.Errorf("the annotation lines (-want +got):\n%s", diff)
	}
	for _, tc := range []struct {
		ply, up, next, main int
		chain, blast, gone  string
		status              string
	}{
		{12, 11, 0, 4, "d5e7", "d6e6f6d7e7f7d8e8f8", "d5N.e7.pd8.qe8.kf8.b",
			"After 3. Nxe7# in a variation: 1-0, Black's king exploded. The explosion on e7 took White's knight and Black's king, queen, bishop and pawn."},
		{13, 11, 14, 4, "d5c7", "b6c6d6b7c7d7b8c8d8", "d5N.c6.nc7.pc8.bd8.q",
			"After 3. Nxc7 in a variation: Black to move. The explosion on c7 took White's knight and Black's queen, bishop, knight and pawn."},
		{14, 13, 0, 4, "e8d7", "", "", "After 3… Kd7 in a variation: White to move"},
	} {
		p := s.Plies[tc.ply]
		if p.Up != tc.up || p.Next != tc.next || p.Main != tc.main || p.Chain != tc.chain || p.Blast != tc.blast || p.Gone != tc.gone || p.Status != tc.status {
			t.Errorf("ply %d: %+v\nwant up %d next %d main %d chain %s blast %s gone %s status %q", tc.ply, p, tc.up, tc.next, tc.main, tc.chain, tc.blast, tc.gone, tc.status)
		}
	}
	// The NAGs as symbols, in the move list and in the status line.
	doc := atomicPage(t, rec)
	for _, want := range []string{
		`data-ply="2">d6<span class="psr-nag" title="poor move">?</span></button>`,
		`data-ply="5">Nxc7<span class="psr-nag" title="very good move">!!</span></button>`,
		`<p class="psr-result">*</p>`,
		`<title>Atomic notes</title>`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if st := s.Plies[5].Status; !strings.HasPrefix(st, "After 3. Nxc7!!: Black to move. The explosion on c7 took") {
		t.Errorf("status %q", st)
	}
}

// TestAtomicForeignMoves: a record built in code whose variation holds a move that
// is not legal in its line stops the variation there with a marker, as for Paco
// Ŝako.
func TestAtomicForeignMoves(t *testing.T) {
	start := atomic.StartingPosition()
	e4, _ := start.ParseSAN("e4")
	d4, _ := start.ParseSAN("d4")
	g, err := atomic.NewGame(start).Play(e4)
	if err != nil {
		t.Fatal(err)
	}
	// After 1. d4 (instead of 1. e4), White's d4 again: not Black's move.
	rec := atomic.Record{Game: g, Notes: []atomic.Note{{Variations: []atomic.Variation{{Moves: []atomic.Move{d4, d4}}}}}}
	lines := noteText(atomicView(rec, true))
	if want := []string{"1: 1. d4@2 [d2d4: not a move of this position]"}; !cmp.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}

// TestAtomicEscaping: an Atomic record's tags and comments are text, as a Paco
// Ŝako record's, and the title names the game when no tag does.
func TestAtomicEscaping(t *testing.T) {
	g, err := atomic.NewGame(atomic.StartingPosition()).PlaySAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	rec := atomic.Record{Game: g, Tags: []atomic.Tag{{Name: "Site", Value: `</script><b>x</b>` + "\x1b\u2028"}}, Comment: badComment}
	doc := atomicPage(t, rec)
	if strings.Contains(doc, "<b>x</b>") || strings.Contains(doc, "<img") || strings.ContainsAny(doc, "\x1b\u2028\u2029") || strings.Count(doc, "</script>") != 1 {
		t.Error("a tag or comment reached the page as markup or with control characters")
	}
	if !strings.Contains(doc, `<span class="psr-comment">`+shown+`</span>`) || !strings.Contains(doc, "<title>Atomic chess game</title>") {
		t.Error("the comment is not shown as text, or the title does not name the game")
	}
}

// TestAtomicHostileNotes: an Atomic record built in code with variations nested
// 100,000 deep, 100,000 siblings and a comment of a million characters makes a
// page within the same bounds as a Paco Ŝako record's, quickly: the walk is the
// same, with no depth reaching the stack.
func TestAtomicHostileNotes(t *testing.T) {
	const depth, breadth = 100_000, 100_000
	start := atomic.StartingPosition()
	d4, _ := start.ParseSAN("d4")
	nf3, _ := start.ParseSAN("Nf3")
	g, err := atomic.NewGame(start).PlaySAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	var inner []atomic.Variation
	for i := depth - 1; i >= 0; i-- {
		v := atomic.Variation{Moves: []atomic.Move{[]atomic.Move{d4, nf3}[i%2]}}
		if inner != nil {
			v.Notes = []atomic.Note{{Variations: inner}}
		}
		inner = []atomic.Variation{v}
	}
	if g, err = g.PlaySAN("e5"); err != nil {
		t.Fatal(err)
	}
	afterE4, _ := g.PositionAt(1)
	c5, _ := afterE4.ParseSAN("c5")
	siblings := make([]atomic.Variation, breadth)
	for i := range siblings {
		siblings[i] = atomic.Variation{Moves: []atomic.Move{c5}}
	}
	rec := atomic.Record{Game: g, Comment: strings.Repeat("x", 1_000_000),
		Notes: []atomic.Note{{Variations: inner}, {Variations: siblings}}}
	begin := time.Now()
	doc := atomicPage(t, rec)
	took := time.Since(begin)
	v := atomicView(rec, true)
	if n := len(v.Script.Plies) - v.Script.Last - 1; n != maxVariations {
		t.Errorf("%d positions of variations, want %d", n, maxVariations)
	}
	lines := noteText(v)
	if len(lines) != 1+maxVariations+2 || lines[maxVariations+2] != "1: [variations left out]" {
		t.Errorf("%d lines, the last %q", len(lines), lines[len(lines)-1])
	}
	t.Logf("%d bytes in %v", len(doc), took)
	if len(doc) > 1_500_000 || took > 5*time.Second {
		t.Errorf("the page is %d bytes and took %v; want at most 1.5 MB and 5 s", len(doc), took)
	}
}

// TestAtomicZeroRecord: a record without a game draws the empty board of the zero
// Game, without a move, and names the game.
func TestAtomicZeroRecord(t *testing.T) {
	doc := atomicPage(t, atomic.Record{})
	s := scriptData(t, doc)
	if len(s.Plies) != 1 || s.Plies[0].Board != strings.Repeat(".", 128) || !strings.Contains(doc, "<title>Atomic chess game</title>") {
		t.Errorf("plies %+v", s.Plies)
	}
}

// TestAtomicTimeoutDrawWords: a record's draw on time with material on both
// sides is shown as a draw on time, with no word of a bare king (issue 32).
func TestAtomicTimeoutDrawWords(t *testing.T) {
	rec, err := atomic.ParseRecord("[Variant \"Atomic\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 1/2-1/2\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := endingWords(rec.Game.Outcome()); got != "drawn on time" {
		t.Errorf("%q", got)
	}
	if doc := atomicPage(t, rec); strings.Contains(doc, "bare king") || !strings.Contains(doc, "drawn on time") {
		t.Error("the page speaks of a bare king, or not of a draw on time")
	}
}
