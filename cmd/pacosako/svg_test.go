package main

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// requireSVG checks that out is one standalone SVG document with the FEN want in its
// <desc>.
func requireSVG(t *testing.T, out, wantFEN string) {
	t.Helper()
	if !strings.HasPrefix(out, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(out, "</svg>\n") || strings.Count(out, "<svg") != 1 {
		t.Fatalf("not one SVG document: %.100q … %q", out, out[max(0, len(out)-20):])
	}
	if want := "<desc>" + wantFEN + "</desc>"; !strings.Contains(out, want) {
		t.Errorf("no %s", want)
	}
}

func TestSVGStart(t *testing.T) {
	out := mustRun(t, "", "svg")
	requireSVG(t, out, startFEN)
	if !strings.Contains(out, `viewBox="0 0 800 800">`) {
		t.Error("without -size and -coords the image should have only an 800×800 viewBox")
	}
	if n := strings.Count(out, `<use class="piece`); n != 32 {
		t.Errorf("%d figures, want 32", n)
	}
}

func TestSVGFlags(t *testing.T) {
	out := mustRun(t, "", "svg", "-flip", "-coords", "-size", "300", "-arrows", "e2e4,Rb1c3,d4d4", "-marks", "a5,b7", rulesFEN)
	requireSVG(t, out, "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -")
	for _, want := range []string{
		`viewBox="0 0 880 880" width="300" height="300">`,
		`class="square dark a1" x="740" y="40"`, // Black at the bottom: a1 top right
		`<use href="#glyph-a"`,                  // coordinates
		`<g class="arrow line e2e4" opacity="0.8">`,
		`<g class="arrow head b1c3" opacity="0.8">`,
		`stroke="#c81e1e"`, // R: red
		`<g class="arrow head d4d4" opacity="0.8">`,
		`<circle class="dot a5"`,
		`<circle class="dot b7"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s", want)
		}
	}
}

// The command draws exactly what the README shows for the same options.
func TestSVGChainMatchesDocs(t *testing.T) {
	want, err := os.ReadFile("../../docs/diagrams/chain-before.svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, move := range []string{"Bxe4,Ne4xc3,Qc3xc6", "f3e4c3c6"} {
		out := mustRun(t, "", "svg", "-coords", "-size", "440", "-chain", move, rulesFEN)
		if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(out, "\n")); diff != "" {
			t.Errorf("-chain %s differs from docs/diagrams/chain-before.svg (-docs +command):\n%s", move, diff)
		}
	}
}

func TestSVGHandAndContinuation(t *testing.T) {
	const hand = "4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -"
	for _, move := range []string{"Ne4xc3,Qc3xc6", "-c3c6"} {
		out := mustRun(t, "", "svg", "-chain", move, hand)
		requireSVG(t, out, hand)
		for _, want := range []string{`<g class="hand e4" opacity="0.9">`, `<g class="chain line e4c3c6"`} {
			if !strings.Contains(out, want) {
				t.Errorf("-chain %s: missing %s", move, want)
			}
		}
	}
}

func TestSVGDiagram(t *testing.T) {
	out := mustRun(t, "", "svg", "fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:")
	requireSVG(t, out, "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w 0 - - -")
	if strings.Count(out, `<circle class="dot`) != 2 {
		t.Error("the diagram's two marks are not drawn")
	}
	// Standard input: one line.
	out = mustRun(t, "fen:4k3/8/2Y5/8/4s3/2S5/8/5K2:\n", "svg", "-")
	requireSVG(t, out, "4k3/8/2y5/8/4s3/2S5/8/5K2 w 0 - - -")
}

func TestSVGErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stdin  string
		status int
		msg    string
	}{
		{[]string{"svg", badBoardFEN}, "", 1, "invalid FEN"},
		{[]string{"svg", "fen:8/8/8/8/8/8/8/8 a9:"}, "", 1, "invalid diagram notation"},
		{[]string{"svg", ""}, "", 1, "empty"},
		{[]string{"svg", "-chain", "Bxe5", rulesFEN}, "", 1, "illegal move"},
		{[]string{"svg", "-chain", "f3e5", rulesFEN}, "", 1, "Place(e5), is not legal"},
		{[]string{"svg", "-chain", "zz", rulesFEN}, "", 2, "neither chain SAN (Bxe4,Ne4xc3,Qc3xc6) nor coordinate notation (f3e4c3c6)"},
		{[]string{"svg", "-size", "-1"}, "", 2, "-size"},
		{[]string{"svg", "-arrows", "e2e9"}, "", 2, "-arrows"},
		{[]string{"svg", "-arrows", "Xe2e4"}, "", 2, "colour letter"},
		{[]string{"svg", "-marks", "a5,,b7"}, "", 2, "-marks"},
		{[]string{"svg", "-"}, rulesFEN + "\n" + rulesFEN + "\n", 1, "draws one position"},
	} {
		out, errOut, status := runCmd(t, c.stdin, c.args...)
		if status != c.status || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.msg)
		}
		if c.stdin == "" && out != "" {
			t.Errorf("%q: wrote %d bytes to standard output on an error", c.args, len(out))
		}
	}
}

// -animate draws exactly the README's animated chain for the same options, in
// either notation of the move; -once, -step and -hold reach the animation.
func TestSVGAnimate(t *testing.T) {
	want, err := os.ReadFile("../../docs/diagrams/chain-animated.svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, move := range []string{"Bxe4,Ne4xc3,Qc3xc6", "f3e4c3c6"} {
		out := mustRun(t, "", "svg", "-animate", "-coords", "-size", "440", "-chain", move, rulesFEN)
		if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(out, "\n")); diff != "" {
			t.Errorf("-animate -chain %s differs from docs/diagrams/chain-animated.svg (-docs +command):\n%s", move, diff)
		}
	}
	out := mustRun(t, "", "svg", "-animate", "-once", "-step", "500ms", "-hold", "2s", "-chain", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN)
	requireSVG(t, out, "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -")
	// 2 s hold, 0.25 s lift, 3 × (0.5 s carry, 0.25 s set down), 2 × 0.125 s wait, 2 s hold.
	if !strings.Contains(out, `dur="6750ms" fill="freeze"`) || strings.Contains(out, "repeatCount") {
		t.Errorf("-once -step 500ms -hold 2s: no dur=\"6750ms\" fill=\"freeze\" on every animation")
	}
	if n := strings.Count(out, `<g class="moving `); n != 4 {
		t.Errorf("%d moving figures, want 4: the bishop, knight and queen carried in turn, and the black queen making room in the union on c6", n)
	}
}

// sameAsFile requires out to be the file at path byte for byte.
func sameAsFile(t *testing.T, path, out, what string) {
	t.Helper()
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(out, "\n")); diff != "" {
		t.Errorf("%s differs from %s (-file +command):\n%s", what, path, diff)
	}
}

// -after draws the position after the -chain move with its squares tinted:
// the README's third chain diagram; "start" is the start position.
func TestSVGAfterAndStart(t *testing.T) {
	out := mustRun(t, "", "svg", "-after", "-coords", "-size", "440", "-chain", "f3e4c3c6", rulesFEN)
	sameAsFile(t, "../../docs/diagrams/chain-after.svg", out, "-after -chain f3e4c3c6")
	if a, b := mustRun(t, "", "svg", "start"), mustRun(t, "", "svg"); a != b {
		t.Error("svg start differs from svg without a FEN")
	}
}

// The Atomic rules page's example (../shared/seeds/002_*.txt): before and after
// 1.Nxb7.
const atomicNxb7 = "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1"

// svg -variant atomic draws what package svg draws, for the same options: the
// golden files of the svg package's tests, in either notation of a move.
func TestSVGAtomicMatchesGoldens(t *testing.T) {
	const ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"atomic-start", []string{"-coords"}},
		{"atomic-start", []string{"-coords", "start"}},
		{"atomic-start", []string{"-coords", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}},
		{"atomic-diagram", []string{"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:"}},
		{"atomic-blast-flipped", []string{"-flip", "-move", "Nxb7", atomicNxb7}},
		{"atomic-blast-flipped", []string{"-flip", "-move", "a5b7", atomicNxb7}},
		{"atomic-en-passant", []string{"-move", "exd6", ep}},
		{"atomic-en-passant-after", []string{"-coords", "-after", "-move", "e5d6", ep}},
		{"atomic-en-passant-animated", []string{"-animate", "-move", "exd6", ep}},
		{"atomic-promotion-animated", []string{"-animate", "-once", "-coords", "-move", "a7b8q", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"}},
		{"atomic-castling-animated", []string{"-animate", "-flip", "-size", "440", "-step", "600ms", "-hold", "1.5s", "-move", "O-O-O", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"}},
	} {
		args := append([]string{"svg", "-variant", "atomic"}, c.args...)
		out := mustRun(t, "", args...)
		sameAsFile(t, "../../svg/testdata/"+c.golden+".svg", out, strings.Join(c.args, " "))
	}
	// Several moves: those before the last are played first.
	out := mustRun(t, "", "svg", "-variant=atomic", "-after", "-move", "Nc3 d6 Nd5 e5 Nxc7", "start")
	requireSVG(t, out, "r3kbnr/pp3ppp/3p4/4p3/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 3")
	if n := strings.Count(out, `class="blast `); n != 9 {
		t.Errorf("after Nxc7: %d blast squares, want the 9 around c7", n)
	}
	// Standard input: one line.
	out = mustRun(t, atomicNxb7+"\n", "svg", "-variant", "atomic", "-arrows", "Rf1f5", "-marks", "a5", "-")
	requireSVG(t, out, atomicNxb7)
	for _, want := range []string{`<g class="arrow line f1f5"`, `<circle class="dot a5"`, `<use class="piece black king g4"`} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s", want)
		}
	}
	if strings.Contains(out, "sako") {
		t.Error("an Atomic drawing with a Ŝako highlight")
	}
}

func TestSVGAtomicErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stdin  string
		status int
		msg    string
	}{
		{[]string{"svg", "-variant", "atomic", "-move", "Rxf5", atomicNxb7}, "", 1, `pacosako svg: -move: illegal move "Rxf5" in ` + atomicNxb7 + ": rook f1xf5 would explode the own king on g5 (a move may not explode its own king)"},
		{[]string{"svg", "-variant", "atomic", "-move", "Nc3 e5 Nxe5", "start"}, "", 1, `pacosako svg: -move: move 3 "Nxe5": illegal move "Nxe5"`},
		{[]string{"svg", "-variant", "atomic", "-move", "e2e5", "start"}, "", 1, `pacosako svg: -move: illegal move "e2e5"`},
		{[]string{"svg", "-variant", "atomic", "-move", "Nxb7", "-chain", "Nxb7"}, "", 2, `pacosako svg: -chain is -move's other name: give one of them`},
		{[]string{"svg", "-variant", "atomic", "fen:4O3/8/8/8/8/8/8/8:"}, "", 1, "pacosako svg: invalid setup: unions on e8: Atomic chess has lone pieces only"},
		{[]string{"svg", "-variant", "atomic", "fen:8/8/8/8/8/8/8/8 a9:"}, "", 1, "pacosako svg: invalid diagram notation"},
		{[]string{"svg", "-variant", "atomic", "4k3/8/8/8/8/8/8/4K3 w 0 - - -"}, "", 1, `pacosako svg: invalid FEN "4k3/8/8/8/8/8/8/4K3 w 0 - - -": fields: a Paco Ŝako FEN`},
		{[]string{"svg", "-variant", "atomic", "-"}, "", 1, "no position on standard input"},
		{[]string{"svg", "-variant", "atomic", "-move", "zz", "start"}, "", 2, `pacosako svg: -move: "zz" is neither SAN (Nxb7) nor UCI (a5b7)`},
		{[]string{"svg", "-variant", "atomic", "-move", "e4 zz", "start"}, "", 2, `pacosako svg: -move: move 2 "zz" is neither SAN (Nxb7) nor UCI (a5b7)`},
		{[]string{"svg", "-variant", "atomic", "-move", " ", "start"}, "", 2, "-move is empty"},
		{[]string{"svg", "-variant", "atomic", "-chain", "Nxb7"}, "", 1, `pacosako svg: -chain: illegal move "Nxb7" in ` + atomicStartFEN},
		{[]string{"svg", "-variant", "atomic", "-grid", "2", "-"}, "", 1, "pacosako svg: no diagram on standard input"},
		{[]string{"svg", "-variant", "atomic", "-grid", "2", "-"}, "start\n" + rulesFEN + "\n", 1, `pacosako svg: line 2: invalid FEN "` + rulesFEN + `": fields: a Paco Ŝako FEN`},
		{[]string{"svg", "-variant", "atomic", "-rules", "vchess"}, "", 2, `-rules "vchess" names a Paco Ŝako rule set`},
		{[]string{"svg", "-variant", "atomic", "-animate"}, "", 2, "-animate draws the move of -move: give -move MOVE"},
		{[]string{"svg", "-variant", "atomic", "-after"}, "", 2, "-after draws the position after the move"},
		{[]string{"svg", "-variant", "atomic", "-after", "-animate", "-move", "e4"}, "", 2, "give one of them"},
		{[]string{"svg", "-variant", "chess"}, "", 2, `pacosako svg: invalid value "chess" for flag -variant: "chess" is not a game: want pacosako (the default) or atomic`},
		{[]string{"svg", "-move", "Nxb7"}, "", 1, `pacosako svg: -move: illegal move "Nxb7" in ` + startFEN},
		{[]string{"svg", "-move", "e4 zz"}, "", 2, `pacosako svg: -move: move 2 "zz" is neither chain SAN (Bxe4,Ne4xc3,Qc3xc6) nor coordinate notation (f3e4c3c6)`},
		{[]string{"svg", "-after"}, "", 2, "-after draws the position after the move of -move: give -move MOVE"},
	} {
		out, errOut, status := runCmd(t, c.stdin, c.args...)
		if status != c.status || !strings.Contains(errOut, c.msg) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.msg)
		}
		if out != "" {
			t.Errorf("%q: wrote %d bytes to standard output on an error", c.args, len(out))
		}
	}
}

// shellWords splits a command line of the README: words separated by spaces,
// single quotes around a word with spaces.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '\'' {
			end := strings.IndexByte(line[1:], '\'')
			if end < 0 {
				t.Fatalf("unclosed quote in %q", line)
			}
			words, line = append(words, line[1:end+1]), line[end+2:]
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		words, line = append(words, word), rest
	}
	return words
}

// TestSVGAtomicReadme runs every svg -variant atomic command of the drawing
// guide (docs/drawing.md, which the README links) and requires the file it
// writes to be the one in docs/diagrams that the guide shows (package svg's tests draw the same files with the same options).
func TestSVGAtomicReadme(t *testing.T) {
	data, err := os.ReadFile("../../docs/drawing.md")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "go run ./cmd/pacosako svg -variant atomic "
	files := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, prefix) || !strings.Contains(line, " > ") {
			continue
		}
		cmdLine, file, _ := strings.Cut(strings.TrimPrefix(line, "go run ./cmd/pacosako "), " > ")
		if !strings.HasSuffix(file, ".svg") {
			continue // a PNG or GIF: TestRasterReadme
		}
		out := mustRun(t, "", shellWords(t, cmdLine)...)
		sameAsFile(t, "../../"+file, out, cmdLine)
		files[file] = true
	}
	for _, f := range []string{"atomic-before", "atomic-after", "atomic-nxc7", "atomic-animated"} {
		if !files["docs/diagrams/"+f+".svg"] {
			t.Errorf("docs/drawing.md has no command writing docs/diagrams/%s.svg", f)
		}
	}
}
