package main

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/svg"
)

// -grid draws exactly the README's sheet of the rules page's diagrams from its
// input file.
func TestSVGGridMatchesDocs(t *testing.T) {
	in, err := os.ReadFile("../../docs/diagrams/rules-sheet.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../docs/diagrams/rules-sheet.svg")
	if err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, string(in), "svg", "-grid", "3", "-coords", "-size", "660", "-")
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(out, "\n")); diff != "" {
		t.Errorf("-grid 3 differs from docs/diagrams/rules-sheet.svg (-docs +command):\n%s", diff)
	}
}

// The lines of -grid input: FENs and diagrams, captions after a tab (which may
// hold more tabs and any text), empty and '#' lines skipped, CRLF line ends,
// -flip on every board.
func TestSVGGrid(t *testing.T) {
	input := "# puzzles\r\n" +
		rulesFEN + "\tWhite to move\r\n" +
		"\r\n" +
		"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:\n" +
		startFEN + "\tThe <start>\t& more\n"
	out := mustRun(t, input, "svg", "-grid", "2", "-flip", "-")
	var items []svg.SheetItem
	for _, c := range []struct{ fen, caption string }{
		{rulesFEN, "White to move"},
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w 0 - - -", ""},
		{startFEN, "The <start>\t& more"},
	} {
		items = append(items, svg.SheetItem{Position: pacosako.MustParseFEN(c.fen), Caption: c.caption, Options: svg.Options{Orientation: pacosako.Black}})
	}
	items[1].Options.Dots = pacosako.SquareSet(pacosako.A5, pacosako.B7)
	var want strings.Builder
	if err := svg.Sheet(&want, items, svg.SheetOptions{Columns: 2}); err != nil {
		t.Fatal(err)
	}
	if out != want.String() {
		t.Errorf("-grid 2 -flip draws\n%.2000s\nwant\n%.2000s", out, want.String())
	}
	if !strings.Contains(out, ">The &lt;start&gt; &amp; more</text>") {
		t.Error("the caption with a tab, < and & is not one escaped line")
	}
}

// -variant atomic -grid draws a sheet of Atomic positions (atomic.Positions in svg.SheetItem.Position)
// from the same lines — FENs, "start", fen:…: diagrams with their marks,
// captions — with the same flags: -flip, -coords, -size, -hide-check, -style.
func TestSVGGridAtomic(t *testing.T) {
	const check = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1" // Black's king in check
	input := "# Atomic puzzles\n" +
		atomicNxb7 + "\tWhite to move: Nxb7\n" +
		"start\n" +
		"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:\tthe page's marks\r\n" +
		check + "\tin check\n"
	var items []svg.SheetItem
	for _, c := range []struct{ fen, caption string }{
		{atomicNxb7, "White to move: Nxb7"},
		{atomicStartFEN, ""},
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1", "the page's marks"},
		{check, "in check"},
	} {
		p := atomic.MustParseFEN(c.fen)
		items = append(items, svg.SheetItem{Position: p, Caption: c.caption, Options: svg.Options{Orientation: pacosako.Black}})
	}
	items[2].Options.Dots = pacosako.SquareSet(pacosako.A5, pacosako.B7)
	sheet := func(opt svg.SheetOptions) string {
		var b strings.Builder
		if err := svg.Sheet(&b, items, opt); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	out := mustRun(t, input, "svg", "-variant", "atomic", "-grid", "2", "-flip", "-coords", "-size", "600", "-")
	if want := sheet(svg.SheetOptions{Columns: 2, Coordinates: true, Size: 600}); out != want {
		t.Errorf("-variant atomic -grid 2 draws\n%.2000s\nwant\n%.2000s", out, want)
	}
	if strings.Count(out, `class="check e8"`) != 1 || !strings.Contains(out, "<desc>"+atomicStartFEN+"</desc>") {
		t.Error("the sheet lacks the check highlight or the start's FEN")
	}
	for i := range items {
		items[i].Options.HideCheck = true
	}
	out = mustRun(t, input, "svg", "-variant", "atomic", "-grid", "2", "-flip", "-hide-check", "-style", ".caption{fill:#456}", "-")
	if want := sheet(svg.SheetOptions{Columns: 2, Style: ".caption{fill:#456}"}); out != want || strings.Contains(out, `class="check`) {
		t.Errorf("-hide-check -style: the sheet is not package svg's with HideCheck and the Style")
	}
	// The errors are Paco Ŝako's sheets' errors.
	_, errOut, status := runCmd(t, "start\nnonsense\n\tcaption only\n", "svg", "-variant", "atomic", "-grid", "2", "-")
	if status != 1 || errOut != "pacosako svg: line 2: invalid FEN \"nonsense\": fields: a chess FEN has 6 fields (board, side to move, castling, en passant, half-move clock, full-move number; the last two may be left out), got 1\n"+
		"pacosako svg: line 3: no FEN or fen:…: diagram before the tab (the caption \"caption only\")\n" {
		t.Errorf("bad lines: status %d, stderr %q", status, errOut)
	}
}

func TestSVGGridErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stdin  string
		status int
		msg    string
	}{
		{[]string{"svg", "-grid", "-1", "-"}, "", 2, "-grid must be at least 1 (diagrams a row), got -1"},
		{[]string{"svg", "-grid", "two", "-"}, "", 2, `invalid value "two" for flag -grid`},
		{[]string{"svg", "-grid", "2", rulesFEN}, "", 2, "-grid reads its diagrams from standard input: give - as the only argument, got 1 arguments"},
		{[]string{"svg", "-grid", "2"}, "", 2, "-grid reads its diagrams from standard input"},
		{[]string{"svg", "-grid", "2", "-chain", "Bxe4,Ne4xc3,Qc3xc6", "-"}, "", 2, "-chain draws on one position; -grid draws each line's diagram as it is"},
		{[]string{"svg", "-grid", "2", "-marks", "a1", "-"}, "", 2, "-marks draws on one position"},
		{[]string{"svg", "-grid", "2", "-arrows", "e2e4", "-"}, "", 2, "-arrows draws on one position"},
		{[]string{"svg", "-grid", "2", "-animate", "-chain", "Kg2", "-"}, "", 2, "-chain draws on one position"},
		{[]string{"svg", "-grid", "2", "-"}, "", 1, "pacosako svg: no diagram on standard input"},
		{[]string{"svg", "-grid", "2", "-"}, "\n# only a comment\n", 1, "no diagram on standard input"},
		{[]string{"svg", "-grid", "2", "-"}, rulesFEN + "\n\n# c\nnot a fen\tcaption\n", 1, `pacosako svg: line 4: invalid FEN "not a fen"`},
		{[]string{"svg", "-grid", "2", "-"}, "\tcaption only\n", 1, `pacosako svg: line 1: no FEN or fen:…: diagram before the tab (the caption "caption only")`},
		{[]string{"svg", "-grid", "2", "-"}, "fen:8/8/8/8/8/8/8/8 a9:\n", 1, `pacosako svg: line 1: invalid diagram notation "fen:8/8/8/8/8/8/8/8 a9:"`},
		{[]string{"svg", "-grid", "1", "-rules", "vchess", "-"}, "fen:4k3/8/8/8/8/8/8/4K3:\n" + badBoardFEN + "\n", 1, "pacosako svg: line 2: invalid FEN"},
	} {
		out, errOut, status := runCmd(t, c.stdin, c.args...)
		if status != c.status || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q with %q: status %d, stderr %q; want %d and %q", c.args, c.stdin, status, errOut, c.status, c.msg)
		}
		if out != "" {
			t.Errorf("%q: wrote %d bytes to standard output on an error", c.args, len(out))
		}
	}
	// Every bad line is reported, each once.
	_, errOut, _ := runCmd(t, "x\n"+rulesFEN+"\ny\n", "svg", "-grid", "3", "-")
	if strings.Count(errOut, "\n") != 2 || !strings.Contains(errOut, "line 1: ") || !strings.Contains(errOut, "line 3: ") {
		t.Errorf("two bad lines: %q", errOut)
	}
}

// FuzzGridLine reads any line as -grid input of either game: no panic; a line
// that holds no diagram gives a *gridLineError naming its number; one that does
// draws a well-formed sheet holding its FEN.
func FuzzGridLine(f *testing.F) {
	for _, s := range []string{
		rulesFEN + "\tWhite to move",
		"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:\tmarks",
		"fen:4k3/8/2Y5/8/4s3/2S5/8/5K2:",
		"\tno diagram",
		"fen:8/8/8/8/8/8/8/8 a9:\t",
		startFEN + "\t\x00<&>\xff",
		"x\ty\tz",
		atomicNxb7 + "\tNxb7",
		"start\tthe start",
	} {
		f.Add(s)
	}
	// Paco Ŝako's Ŝako search is left out: it can take seconds on boards of unions.
	games := []*svgCmd{{com: &common{}, hideSako: true}, {com: &common{atomic: true}}}
	f.Fuzz(func(t *testing.T, line string) {
		for _, c := range games {
			it, err := c.readGridLine(7, line)
			if err != nil {
				var ge *gridLineError
				if !errors.As(err, &ge) || ge.Line != 7 || !strings.HasPrefix(err.Error(), "line 7: ") {
					t.Fatalf("%q: error %v is not a *gridLineError of line 7", line, err)
				}
				continue
			}
			var b strings.Builder
			if err := svg.Sheet(&b, []svg.SheetItem{it}, svg.SheetOptions{}); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			dec := xml.NewDecoder(strings.NewReader(b.String()))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%q: the sheet is not well-formed XML: %v", line, err)
				}
			}
			fen := it.Position.FEN()
			if !strings.Contains(b.String(), "<desc>"+fen+"</desc>") {
				t.Fatalf("%q: no <desc> with the FEN %s", line, fen)
			}
		}
	})
}

// TestGridBound: a sheet holds at most maxSheetDiagrams diagrams; one more is
// reported by its line, and nothing is drawn.
func TestGridBound(t *testing.T) {
	in := strings.Repeat("start\n", maxSheetDiagrams+1)
	out, stderr, status := runCmd(t, in, "svg", "-grid", "3", "-")
	if status != 1 || out != "" || !strings.Contains(stderr, fmt.Sprintf("line %d: a sheet holds at most %d diagrams", maxSheetDiagrams+1, maxSheetDiagrams)) {
		t.Errorf("status %d, %d bytes out, stderr %q", status, len(out), stderr)
	}
}
