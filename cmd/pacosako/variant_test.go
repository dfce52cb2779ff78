package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestVariantInEveryCommand: every command of the table that serves both games
// lists -variant in its usage line and its -h, reads its value in any case, and
// the others say they serve Paco Ŝako only. The flags are the command's, the same
// for both games.
func TestVariantInEveryCommand(t *testing.T) {
	for _, c := range commands {
		_, help, status := runCmd(t, "", c.name, "-h")
		if status != 0 {
			t.Fatalf("%s -h: status %d", c.name, status)
		}
		if c.name == "uci" { // Atomic chess only: -variant atomic, the default, and nothing else
			if !strings.Contains(help, "-variant atomic") {
				t.Errorf("uci -h does not give -variant atomic:\n%s", help)
			}
			if _, e, status := runCmd(t, "", c.name, "-variant", "pacosako"); status != 2 || !strings.Contains(e, "uci serves Atomic chess only") {
				t.Errorf("uci -variant pacosako: %d, %q", status, e)
			}
			continue
		}
		if !c.games {
			if strings.Contains(help, "-variant") {
				t.Errorf("%s -h lists -variant, which it does not take", c.name)
			}
			if _, e, status := runCmd(t, "", c.name, "-variant", "atomic"); status != 2 || !strings.Contains(e, c.name+" serves Paco Ŝako only") {
				t.Errorf("%s -variant atomic: %d, %q", c.name, status, e)
			}
			continue
		}
		if !strings.Contains(help, "usage: pacosako "+c.name+" "+variantUsage) && !strings.Contains(help, " "+variantUsage+" ") {
			t.Errorf("%s -h: the usage line has no %s:\n%s", c.name, variantUsage, help)
		}
		if !strings.Contains(help, "\n  -variant value\n") {
			t.Errorf("%s -h does not describe -variant:\n%s", c.name, help)
		}
		_, atomicHelp, _ := runCmd(t, "", c.name, "-variant", "atomic", "-h")
		if atomicHelp != help {
			t.Errorf("%s: -h with -variant atomic differs: the flags are not the same for both games", c.name)
		}
	}
	for _, v := range []string{"atomic", "Atomic", "ATOMIC"} {
		if got := mustRun(t, "", "perft", "-variant", v, "-depth", "2"); got != "400\n" {
			t.Errorf("perft -variant %s -depth 2 = %q", v, got)
		}
	}
	if got := mustRun(t, "", "perft", "-variant=PacoSako", "-depth", "1"); got != "20\n" {
		t.Errorf("perft -variant=PacoSako = %q", got)
	}
}

// TestSameBatchBehaviour: the commands on one position at a time answer a batch
// with a bad line alike in both games: the good lines served in order, the bad
// one reported on standard error (and answered by fen and validate), exit
// status 1.
func TestSameBatchBehaviour(t *testing.T) {
	in := "start\nnot a fen\n\n# a comment\nnew\n"
	for _, tc := range []struct {
		args  []string
		lines int // output lines of the two good inputs (and of the bad one for fen, validate)
	}{
		{[]string{"perft", "-depth", "1", "-"}, 2},
		{[]string{"moves", "-"}, 40},
		{[]string{"fen", "-"}, 3},
		{[]string{"sako", "-"}, 2},
		{[]string{"validate", "-"}, 5}, // every input line, blank and comment lines echoed
		{[]string{"solve", "-n", "1", "-"}, 2},
		{[]string{"play", "-"}, 3},
	} {
		var shapes []string
		for _, v := range []string{"pacosako", "atomic"} {
			args := append([]string{tc.args[0], "-variant", v}, tc.args[1:]...)
			out, errOut, status := runCmd(t, in, args...)
			got := lines(t, out)
			if status != 1 || len(got) != tc.lines || !strings.HasPrefix(got[0], "start\t") || !strings.HasPrefix(got[len(got)-1], "new\t") {
				t.Errorf("%q: status %d, %d lines %q; want 1 and %d lines from start to new", args, status, len(got), got, tc.lines)
			}
			if tc.args[0] != "validate" && (strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "pacosako "+tc.args[0]+": ")) {
				t.Errorf("%q: stderr %q, want one message", args, errOut)
			}
			shapes = append(shapes, columnShape(got))
		}
		if tc.args[0] != "moves" && tc.args[0] != "play" && shapes[0] != shapes[1] {
			t.Errorf("%s: the columns differ between the games: %s and %s", tc.args[0], shapes[0], shapes[1])
		}
	}
}

// columnShape is the number of tab-separated columns of each line.
func columnShape(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(string(rune('0' + strings.Count(l, "\t") + 1)))
	}
	return b.String()
}

// TestAtomicSako: whether each side gives check, and its pieces that give it;
// none while the kings touch.
func TestAtomicSako(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"4k3/8/8/4r3/8/5n2/8/4K3 w - - 0 1", "0\t1\t\te5,f3"},                          // White in a double check
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "0\t1\t\th4"}, // mate
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1", "0\t0\t\t"},                // connected kings
		{"4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "0\t0\t\t"},                                  // the rook does not attack e8
		{"4k3/8/8/8/8/8/8/4KR2 b - - 0 1", "0\t0\t\t"},
		{"4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", "1\t0\te1\t"},
	} {
		if got := mustRun(t, "", "sako", "-variant", "atomic", tc.fen); got != tc.fen+"\t"+tc.want+"\n" {
			t.Errorf("sako %s = %q, want %q", tc.fen, got, tc.want)
		}
	}
}

// TestAtomicAnnotate: per half-move its SAN, UCI, check, explosion, the pieces it
// removes and the state, for every game of the vectors, and the errors of a line.
func TestAtomicAnnotate(t *testing.T) {
	in := "g\tstart\te4 d5 exd5 Qxd5 Nc3 d5a2\nmate\trnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1\tNxf7\n"
	want := []string{
		"g\t1\t1\tWhite\te4\te2e4\t0\t-\t-\trunning *",
		"g\t2\t1\tBlack\td5\td7d5\t0\t-\t-\trunning *",
		"g\t3\t2\tWhite\texd5\te4d5\t0\td5,e4\tpd5,Pe4\trunning *",
		"g\t4\t2\tBlack\tQd5\td8d5\t0\t-\t-\trunning *", // d5 is empty after the explosion
		"g\t5\t3\tWhite\tNc3\tb1c3\t0\t-\t-\trunning *",
		"g\t6\t3\tBlack\tQxa2\td5a2\t0\ta1,a2,d5\tRa1,Pa2,qd5\trunning *",
		"mate\t1\t1\tWhite\tNxf7#\tg5f7\t0\te8,f7,f8,g5,g8\tke8,pf7,bf8,Ng5,ng8\tBlack's king exploded 1-0",
	}
	if got := lines(t, mustRun(t, in, "annotate", "-variant", "atomic", "-")); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("annotate -variant atomic:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Every game of the vectors, through convert -to san: one row per half-move.
	san := mustRun(t, "", "convert", "-to", "san", atomicTestdata+"games.pgn")
	rows := lines(t, mustRun(t, san, "annotate", "-variant", "atomic", "-"))
	half := 0
	for _, l := range lines(t, san) {
		half += len(strings.Fields(strings.Split(l, "\t")[2]))
	}
	if len(rows) != half || half < 100 {
		t.Errorf("%d rows for %d half-moves", len(rows), half)
	}
	for _, tc := range []struct{ line, msg string }{
		{"g\tstart\te4 zz", `pacosako annotate: "g": half-move 2 "zz": invalid move notation "zz"`},
		{"g\tnot a fen\te4", `pacosako annotate: "g": start: invalid FEN "not a fen"`},
		{"g", `pacosako annotate: want <name>\t<start>\t<moves>, got 1 columns`},
		{"g\trnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1\tNxf7 e5", `pacosako annotate: "g": half-move 2 "e5": game over: "e5" in rnbq3r/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 1: the game has ended (Black's king exploded)`},
	} {
		out, errOut, status := runCmd(t, tc.line+"\n", "annotate", "-variant", "atomic", "-")
		if status != 1 || out != "" || !strings.HasPrefix(errOut, tc.msg) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 1 and %q", tc.line, status, out, errOut, tc.msg)
		}
	}
}

// TestAtomicSolve: the example answers Nxf7, a win in 2 with its proof,
// none from the start, and -color, -chasing and the bounds as Paco Ŝako's.
func TestAtomicSolve(t *testing.T) {
	const nxf7 = "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"
	got := mustRun(t, "", "solve", "-variant", "atomic", "-n", "1", nxf7)
	if got != nxf7+"\tWhite\t1\t1\trnbq3r/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 1\tNxf7#\n" {
		t.Errorf("solve -n 1: %q", got)
	}
	const win2 = "rnbqkb1r/pppppppp/5n2/8/8/N6N/PPPPPPPP/R1BQKB1R b KQkq - 3 2"
	out := lines(t, mustRun(t, "", "solve", "-variant", "atomic", "-proof", win2))
	if len(out) < 3 || out[0] != win2+"\tBlack\t2\t1\trnbqkb1r/pppppppp/8/8/4n3/N6N/PPPPPPPP/R1BQKB1R w KQkq - 4 3\tNe4" ||
		out[1] != "  Ne4" || out[2] != "    Nb1" || out[3] != "      Nxd2#" {
		t.Errorf("solve -proof: %q", out)
	}
	if got := mustRun(t, "", "solve", "-variant", "atomic", "-n", "2"); got != atomicStartFEN+"\tWhite\t-\t0\t-\t-\n" {
		t.Errorf("solve from the start: %q", got)
	}
	// -color Black: the attacker gets the move.
	if got := mustRun(t, "", "solve", "-variant", "atomic", "-n", "1", "-color", "black", nxf7); !strings.HasPrefix(got, nxf7+"\tBlack\t-\t0\t") {
		t.Errorf("solve -color black: %q", got)
	}
	// Checks only: Ne4 gives none, so no win within 3; the explosion needs none.
	if got := mustRun(t, "", "solve", "-variant", "atomic", "-chasing", win2); got != win2+"\tBlack\t-\t0\t-\t-\n" {
		t.Errorf("solve -chasing: %q", got)
	}
	if got := mustRun(t, "", "solve", "-variant", "atomic", "-chasing", nxf7); !strings.HasPrefix(got, nxf7+"\tWhite\t1\t1\t") {
		t.Errorf("solve -chasing Nxf7: %q", got)
	}
	// On a loaded machine 30 ms may end the search within its first move: either
	// stage is a true report.
	_, errOut, status := runCmd(t, "", "solve", "-variant", "atomic", "-n", "9", "-timeout", "30ms", "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2")
	if status != 1 || !regexp.MustCompile(`stopped after -timeout 30ms, (no forced win in up to \d+ moves, searching \d+|searching 1 move), \d+ positions searched; -timeout 0 lifts the limit\n$`).MatchString(errOut) {
		t.Errorf("solve -timeout: %d, %q", status, errOut)
	}
}

// TestSVGMoveBothGames: -move draws a move in both games, several in turn, and
// -chain is its other name; "new" is the start.
func TestSVGMoveBothGames(t *testing.T) {
	if a, b := mustRun(t, "", "svg", "-move", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN), mustRun(t, "", "svg", "-chain", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN); a != b || !strings.Contains(a, `class="chain`) {
		t.Error("-move and -chain draw differently, or no chain")
	}
	// A chain whose steps are separated by spaces is one move; moves separated
	// by spaces are played in turn.
	if a, b := mustRun(t, "", "svg", "-move", "Bxe4 Ne4xc3 Qc3xc6", rulesFEN), mustRun(t, "", "svg", "-move", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN); a != b {
		t.Error("a chain with spaces is not read as the chain")
	}
	seq := mustRun(t, "", "svg", "-move", "e4 d5 exd5")
	requireSVG(t, seq, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w 2 AHah d6 -") // the position before exd5
	if got := mustRun(t, "", "svg", "-variant", "atomic", "new"); got != mustRun(t, "", "svg", "-variant", "atomic", "start") || got != mustRun(t, "", "svg", "-variant", "atomic") {
		t.Error("svg -variant atomic new is not the start")
	}
	if got := mustRun(t, "", "svg", "new"); got != mustRun(t, "", "svg") {
		t.Error("svg new is not the start")
	}
	atomicSeq := mustRun(t, "", "svg", "-variant", "atomic", "-chain", "e4 d5 exd5", "new")
	requireSVG(t, atomicSeq, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if !strings.Contains(atomicSeq, "blast") {
		t.Error("the Atomic capture is drawn without its blast")
	}
}

// TestHelpAgrees: the package doc's usage block, the help and the README's
// command block list the same command lines, from the table of commands.
func TestHelpAgrees(t *testing.T) {
	var want []string
	for _, c := range commands {
		for _, u := range c.usage {
			want = append(want, "pacosako "+c.name+" "+u)
		}
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "//\tpacosako ") {
			doc = append(doc, strings.TrimPrefix(l, "//\t"))
		}
	}
	if strings.Join(doc, "\n") != strings.Join(want, "\n") {
		t.Errorf("the package doc's usage:\n%s\nthe table's:\n%s", strings.Join(doc, "\n"), strings.Join(want, "\n"))
	}
	manual, err := os.ReadFile("../../docs/command.md") // the command's manual, which the README links
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(manual), "## Synopsis\n\n```\n")
	block, _, _ = strings.Cut(block, "```")
	help := mustRun(t, "", "help")
	listed := help[len("usage:\n"):strings.Index(help, "FEN defaults")]
	if block != strings.ReplaceAll(strings.TrimPrefix(listed, "  "), "\n  ", "\n") {
		t.Errorf("docs/command.md's synopsis is not the help's:\n%s\nhelp:\n%s", block, listed)
	}
	for _, w := range want {
		if !strings.Contains(help, "  "+w+"\n") && !strings.Contains(help, "  "+w+" ") {
			t.Errorf("the help does not list %q", w)
		}
	}
}

// FuzzAnnotateLine reads any line as annotate's input in both games: no panic;
// either rows of the game's columns, one per move of the line, or one message.
func FuzzAnnotateLine(f *testing.F) {
	for _, s := range []string{
		"g\tstart\te4 d5 exd5 Qxd5",
		"g\tnew\tLift(e2) Place(e4)",
		"g\trnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1\tNxf7 e5",
		"g\t" + startFEN + "\tLift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5)",
		"\t\t",
		"g\tstart\t\x00 e2e4 O-O-O",
	} {
		f.Add(s)
	}
	com := &common{}
	f.Fuzz(func(t *testing.T, line string) {
		for _, g := range []variant{pacoGame{com}, atomicGame{}} {
			an := g.annotate(line, bound{maxStates: 20000})
			if an.err != "" {
				if an.text != "" || strings.ContainsAny(oneLine(an.err), "\n\r") {
					t.Fatalf("%s %q: an error with rows, or of several lines: %q", g.name(), line, an.err)
				}
				continue
			}
			columns := map[string]int{"pacosako": 13, "atomic": 10}[g.name()]
			for _, row := range strings.Split(strings.TrimSuffix(an.text, "\n"), "\n") {
				if row != "" && strings.Count(row, "\t") != columns-1 {
					t.Fatalf("%s %q: a row of %d columns: %q", g.name(), line, strings.Count(row, "\t")+1, row)
				}
			}
		}
	})
}
