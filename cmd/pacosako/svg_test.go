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
