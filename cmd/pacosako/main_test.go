package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
)

// The positions used below: the start position, the first rules-page diagram
// (the chain Bxe4, Ne4xc3, Qc3xc6) and the second one written with a non-canonical
// upper-case Y (canonical: y).
const (
	startFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -"
	rulesFEN    = "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"
	upperYFEN   = "4k3/8/2Y5/8/4s3/2S5/8/5K2 w 0 - - -"
	canonYFEN   = "4k3/8/2y5/8/4s3/2S5/8/5K2 w 0 - - -"
	badBoardFEN = "4k3/8/2q5/8/4O3/2w2B2/5K2 w 0 - - -"   // 7 ranks
	badSideFEN  = "4k3/8/2q5/8/4O3/2w2B2/8/5K2 x 0 - - -" // side to move x
)

// sharedVector is the shared folder's vectors, through the module's link, so
// that go test's cache keys on them (see the root package's sharedTestdata).
const sharedVector = "../../testdata/shared/testdata"

// Perft counts of those positions (../shared/testdata/perft.tsv).
const (
	rulesPerft1  = 67
	rulesPerft2  = 4060
	upperYPerft1 = 39
	startPerft1  = 20
)

// actionsRE is the shape of an action path as written in the reference data.
var actionsRE = regexp.MustCompile(`^Lift\([a-h][1-8]\)( (Place\([a-h][1-8]\)|Promote\((Queen|Rook|Bishop|Knight)\)))+$`)

// runCmd runs the command line args with stdin and returns what it wrote and its
// exit status.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut strings.Builder
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// mustRun runs args, requiring exit status 0 and nothing on standard error.
func mustRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, errOut, status := runCmd(t, stdin, args...)
	if status != 0 || errOut != "" {
		t.Fatalf("run %q: status %d, stderr %q; want 0 and no stderr", args, status, errOut)
	}
	return out
}

// lines splits output into lines, requiring it to end in a newline.
func lines(t *testing.T, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// fields splits a tab-separated output line, requiring n fields.
func fields(t *testing.T, line string, n int) []string {
	t.Helper()
	f := strings.Split(line, "\t")
	if len(f) != n {
		t.Fatalf("line %q has %d tab-separated fields, want %d", line, len(f), n)
	}
	return f
}

func atoi(t *testing.T, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("count %q: %v", s, err)
	}
	return n
}

// sharedRows reads a file of the reference vectors (skipping '#' lines), or skips
// the test when the shared folder is absent.
func sharedRows(t *testing.T, name string) [][]string {
	t.Helper()
	if _, err := os.Stat(sharedVector); err != nil {
		t.Skipf("reference vectors not found at %s (relative to cmd/pacosako); skipping the conformance check: %v", sharedVector, err)
	}
	f, err := os.Open(filepath.Join(sharedVector, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		rows = append(rows, strings.Split(sc.Text(), "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestPerftSingle(t *testing.T) {
	startFields := strings.Fields(startFEN)
	rulesFields := strings.Fields(rulesFEN)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no FEN is the start position, depth 1 by default", []string{"perft"}, "20\n"},
		{"depth 1", []string{"perft", "-depth", "1"}, "20\n"},
		{"depth 3", []string{"perft", "-depth", "3"}, "8902\n"},
		{"depth=2 form", []string{"perft", "-depth=2"}, "400\n"},
		{"depth 0", []string{"perft", "-depth", "0"}, "1\n"},
		{"FEN as one argument", []string{"perft", startFEN}, "20\n"},
		{"flag before the FEN", []string{"perft", "-depth", "2", startFEN}, "400\n"},
		{"flag after the FEN", []string{"perft", startFEN, "-depth", "2"}, "400\n"},
		{"six fields", append([]string{"perft"}, startFields...), "20\n"},
		{"flag before six fields", append([]string{"perft", "-depth", "2"}, startFields...), "400\n"},
		{"flag after six fields", append(append([]string{"perft"}, startFields...), "-depth", "2"), "400\n"},
		{"rules page, one argument", []string{"perft", "-depth", "2", rulesFEN}, "4060\n"},
		{"rules page, six fields ending in - - -", append([]string{"perft", "-depth", "2"}, rulesFields...), "4060\n"},
		{"rules page, six fields then flag", append(append([]string{"perft"}, rulesFields...), "-depth", "2"), "4060\n"},
		{"no kings", []string{"perft", "8/8/8/8/8/8/8/8 w 0 - - -"}, "0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustRun(t, "", tt.args...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("run %q output (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

// divideLine is one move line of perft -divide.
type divideLine struct {
	Actions, FENAfter string
	Count             uint64
}

// runDivide runs perft -divide on a single FEN and checks the shape of the output:
// move lines <actions>\t<fen_after>\t<count>, then the total alone.
func runDivide(t *testing.T, fen string, depth int) (moves []divideLine, total uint64) {
	t.Helper()
	out := mustRun(t, "", "perft", "-divide", "-depth", strconv.Itoa(depth), fen)
	ls := lines(t, out)
	if len(ls) == 0 {
		t.Fatalf("perft -divide printed nothing")
	}
	total = atoi(t, ls[len(ls)-1])
	for _, l := range ls[:len(ls)-1] {
		f := fields(t, l, 3)
		if !actionsRE.MatchString(f[0]) {
			t.Errorf("line %q: actions %q are not written like Lift(e2) Place(e4)", l, f[0])
		}
		if _, err := pacosako.ParseFEN(f[1]); err != nil {
			t.Errorf("line %q: fen_after does not parse: %v", l, err)
		}
		moves = append(moves, divideLine{f[0], f[1], atoi(t, f[2])})
	}
	return moves, total
}

func TestPerftDivide(t *testing.T) {
	d1, total1 := runDivide(t, rulesFEN, 1)
	if total1 != rulesPerft1 || len(d1) != rulesPerft1 {
		t.Errorf("perft -divide -depth 1 %q: %d move lines, total %d; want %d and %d", rulesFEN, len(d1), total1, rulesPerft1, rulesPerft1)
	}
	after1 := map[string]bool{}
	for _, m := range d1 {
		if m.Count != 1 {
			t.Errorf("depth 1: %s -> %s counted %d, want 1", m.Actions, m.FENAfter, m.Count)
		}
		if after1[m.FENAfter] {
			t.Errorf("depth 1: fen_after %q listed twice", m.FENAfter)
		}
		after1[m.FENAfter] = true
	}
	chain := divideLine{"Lift(f3) Place(e4) Place(c3) Place(c6)", "4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -", 1}
	found := false
	for _, m := range d1 {
		found = found || m == chain
	}
	if !found {
		t.Errorf("perft -divide -depth 1 %q has no line %v", rulesFEN, chain)
	}

	d2, total2 := runDivide(t, rulesFEN, 2)
	var sum uint64
	after2 := map[string]bool{}
	for _, m := range d2 {
		sum += m.Count
		after2[m.FENAfter] = true
	}
	if total2 != rulesPerft2 || sum != total2 {
		t.Errorf("perft -divide -depth 2 %q: total %d, sum of counts %d; want both %d", rulesFEN, total2, sum, rulesPerft2)
	}
	if diff := cmp.Diff(after1, after2); diff != "" {
		t.Errorf("the moves of -depth 2 differ from those of -depth 1 (-depth1 +depth2):\n%s", diff)
	}

	// The total equals plain perft.
	if got := mustRun(t, "", "perft", "-depth", "2", rulesFEN); got != "4060\n" {
		t.Errorf("perft -depth 2 %q = %q, want 4060", rulesFEN, got)
	}
}

func TestPerftBatch(t *testing.T) {
	stdin := strings.Join([]string{
		rulesFEN,
		"",
		"# a comment, skipped",
		badBoardFEN,
		upperYFEN, // answered with the input as read, not the canonical FEN
		"   ",
		badSideFEN,
		startFEN,
	}, "\n") + "\n"
	out, errOut, status := runCmd(t, stdin, "perft", "-depth", "1", "-")
	want := rulesFEN + "\t" + strconv.Itoa(rulesPerft1) + "\n" +
		upperYFEN + "\t" + strconv.Itoa(upperYPerft1) + "\n" +
		startFEN + "\t" + strconv.Itoa(startPerft1) + "\n"
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("perft - stdout (-want +got):\n%s", diff)
	}
	if status != 1 {
		t.Errorf("perft - with a bad FEN: exit status %d, want 1", status)
	}
	checkBadFENErrors(t, errOut)

	// Flag after "-", and no trailing newline on the last line.
	out = mustRun(t, rulesFEN, "perft", "-", "-depth", "2")
	if want := rulesFEN + "\t4060\n"; out != want {
		t.Errorf("perft - -depth 2: got %q, want %q", out, want)
	}
}

// checkBadFENErrors checks that standard error reports both bad FENs of a batch,
// one line each, naming the FEN, the field and the problem.
func checkBadFENErrors(t *testing.T, errOut string) {
	t.Helper()
	ls := lines(t, errOut)
	if len(ls) != 2 {
		t.Fatalf("stderr has %d lines, want 2 (one per bad FEN):\n%s", len(ls), errOut)
	}
	for i, c := range []struct{ fen, field, detail string }{
		{badBoardFEN, "board", "rank"},
		{badSideFEN, "side to move", "x"},
	} {
		l := ls[i]
		if !strings.Contains(l, c.fen) || !strings.Contains(l, c.field) || !strings.Contains(l, c.detail) {
			t.Errorf("stderr line %q: want it to name the FEN %q, the field %q and the problem (%q)", l, c.fen, c.field, c.detail)
		}
	}
}

func TestMovesSingle(t *testing.T) {
	out := mustRun(t, "", "moves", rulesFEN)
	ls := lines(t, out)
	if len(ls) != rulesPerft1 {
		t.Errorf("moves %q printed %d lines, want %d", rulesFEN, len(ls), rulesPerft1)
	}
	want := rulesFEN + "\t4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -\tLift(f3) Place(e4) Place(c3) Place(c6)\tBxe4,Ne4xc3,Qc3xc6"
	found := false
	seen := map[string]bool{}
	for _, l := range ls {
		f := fields(t, l, 4)
		// The fourth column is the move in chain SAN, which reads back to it.
		p, _ := pacosako.ParseFEN(rulesFEN)
		if m, err := p.ParseSAN(f[3]); err != nil || m.After().FEN() != f[1] {
			t.Errorf("line %q: SAN %q does not read back to %s: %v", l, f[3], f[1], err)
		} else if canon, _ := p.SAN(m); canon != f[3] {
			t.Errorf("line %q: SAN %q is not the canonical %q", l, f[3], canon)
		}
		if f[0] != rulesFEN {
			t.Errorf("line %q: first column %q, want the input FEN", l, f[0])
		}
		if !actionsRE.MatchString(f[2]) {
			t.Errorf("line %q: actions %q are not written like Lift(e2) Place(e4)", l, f[2])
		}
		if seen[f[1]] {
			t.Errorf("fen_out %q listed twice", f[1])
		}
		seen[f[1]] = true
		found = found || l == want
	}
	if !found {
		t.Errorf("moves %q has no line %q", rulesFEN, want)
	}

	// The moves are the children that perft -divide counts.
	d, _ := runDivide(t, rulesFEN, 1)
	divided := map[string]bool{}
	for _, m := range d {
		divided[m.FENAfter] = true
	}
	if diff := cmp.Diff(divided, seen); diff != "" {
		t.Errorf("moves and perft -divide disagree on the resulting FENs (-divide +moves):\n%s", diff)
	}

	// No FEN = the start position.
	if n := len(lines(t, mustRun(t, "", "moves"))); n != startPerft1 {
		t.Errorf("moves with no FEN printed %d lines, want %d", n, startPerft1)
	}
}

func TestMovesBatch(t *testing.T) {
	stdin := strings.Join([]string{
		"# header",
		rulesFEN,
		badBoardFEN,
		"",
		upperYFEN,
		badSideFEN,
		"#" + startFEN, // commented out
	}, "\n") + "\n"
	out, errOut, status := runCmd(t, stdin, "moves", "-")
	if status != 1 {
		t.Errorf("moves - with a bad FEN: exit status %d, want 1", status)
	}
	checkBadFENErrors(t, errOut)

	// Lines come grouped by input, in input order, the first column as read.
	var order []string
	count := map[string]int{}
	chain := false
	for _, l := range lines(t, out) {
		f := fields(t, l, 4)
		if len(order) == 0 || order[len(order)-1] != f[0] {
			order = append(order, f[0])
		}
		count[f[0]]++
		if _, err := pacosako.ParseFEN(f[1]); err != nil {
			t.Errorf("line %q: fen_out does not parse: %v", l, err)
		}
		if !actionsRE.MatchString(f[2]) {
			t.Errorf("line %q: actions %q are not written like Lift(e2) Place(e4)", l, f[2])
		}
		chain = chain || l == rulesFEN+"\t4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -\tLift(f3) Place(e4) Place(c3) Place(c6)\tBxe4,Ne4xc3,Qc3xc6"
	}
	if diff := cmp.Diff([]string{rulesFEN, upperYFEN}, order); diff != "" {
		t.Errorf("moves - first columns in output order (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]int{rulesFEN: rulesPerft1, upperYFEN: upperYPerft1}, count); diff != "" {
		t.Errorf("moves - lines per input (-want +got):\n%s", diff)
	}
	if !chain {
		t.Errorf("moves - has no line for the rules-page chain")
	}
}

func TestFenSingle(t *testing.T) {
	if got := mustRun(t, "", "fen", upperYFEN); got != canonYFEN+"\n" {
		t.Errorf("fen %q = %q, want %q", upperYFEN, got, canonYFEN+"\n")
	}
	if got := mustRun(t, "", append([]string{"fen"}, strings.Fields(upperYFEN)...)...); got != canonYFEN+"\n" {
		t.Errorf("fen with six fields of %q = %q, want %q", upperYFEN, got, canonYFEN+"\n")
	}
	if got := mustRun(t, "", "fen"); got != startFEN+"\n" {
		t.Errorf("fen with no FEN = %q, want the start position", got)
	}

	// A bad single FEN: exit status 1, the problem on stderr, no count.
	for _, args := range [][]string{{"fen", badBoardFEN}, {"perft", badBoardFEN}, {"moves", badBoardFEN}} {
		out, errOut, status := runCmd(t, "", args...)
		if status != 1 || !strings.Contains(errOut, "board") || !strings.Contains(errOut, badBoardFEN) {
			t.Errorf("run %q: status %d, stderr %q; want 1 and an error naming the board field", args, status, errOut)
		}
		if out != "" {
			t.Errorf("run %q: stdout %q, want nothing", args, out)
		}
	}
}

func TestFenBatch(t *testing.T) {
	stdin := strings.Join([]string{
		upperYFEN,
		"# comment",
		"",
		badBoardFEN,
		canonYFEN,
		badSideFEN,
		startFEN,
	}, "\n") // no final newline
	out, errOut, status := runCmd(t, stdin, "fen", "-")
	if status != 1 {
		t.Errorf("fen - with a bad FEN: exit status %d, want 1", status)
	}
	checkBadFENErrors(t, errOut)
	// The command may also keep stdout aligned with the input by printing
	// "<fen>\terror: ..." for a bad line; the good lines must be exactly these.
	var good []string
	for _, l := range lines(t, out) {
		f := fields(t, l, 2)
		if f[0] == badBoardFEN || f[0] == badSideFEN {
			if !strings.HasPrefix(f[1], "error") {
				t.Errorf("line %q for a bad FEN does not say error", l)
			}
			continue
		}
		good = append(good, l)
	}
	want := []string{
		upperYFEN + "\t" + canonYFEN,
		canonYFEN + "\t" + canonYFEN,
		startFEN + "\t" + startFEN,
	}
	if diff := cmp.Diff(want, good); diff != "" {
		t.Errorf("fen - stdout (-want +got):\n%s", diff)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string // a word the message must contain
	}{
		{"no arguments", nil, "usage"},
		{"unknown command", []string{"frobnicate"}, "frobnicate"},
		{"unknown flag", []string{"perft", "-nosuch"}, "nosuch"},
		{"unknown flag after FEN", []string{"perft", startFEN, "-x"}, "-x"},
		{"flag moves does not have", []string{"moves", "-depth", "1"}, "depth"},
		{"depth not a number", []string{"perft", "-depth", "two"}, "two"},
		{"negative depth", []string{"perft", "-depth", "-1"}, "depth"},
		{"negative depth, batch", []string{"perft", "-depth=-3", "-"}, "depth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, startFEN+"\n", tt.args...)
			if status != 2 {
				t.Errorf("run %q: exit status %d, want 2", tt.args, status)
			}
			if !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("run %q: stderr %q does not mention %q", tt.args, errOut, tt.wantErr)
			}
			if out != "" {
				t.Errorf("run %q: stdout %q, want nothing", tt.args, out)
			}
		})
	}
}

// TestConformancePerft feeds every depth-1 FEN of perft.tsv (without a lifted
// piece) to "perft -depth 1 -" and compares the counts with the official engine's.
func TestConformancePerft(t *testing.T) {
	rows := sharedRows(t, "perft.tsv")
	var in strings.Builder
	var want []string
	for _, r := range rows {
		if len(r) < 3 || r[1] != "1" || strings.Contains(r[0], "^") {
			continue
		}
		in.WriteString(r[0] + "\n")
		want = append(want, r[0]+"\t"+r[2])
	}
	if len(want) < 100 {
		t.Fatalf("only %d depth-1 lines in perft.tsv; the file looks wrong", len(want))
	}
	out := mustRun(t, in.String(), "perft", "-depth", "1", "-")
	if diff := cmp.Diff(want, lines(t, out)); diff != "" {
		t.Errorf("perft -depth 1 - over %d positions of perft.tsv (-engine +command):\n%s", len(want), diff)
	}
}

// TestConformanceDivide compares perft -divide -depth 2 of the start position with
// divide.tsv (the resulting FEN and count of every move; the action path may be
// any shortest one). The rules-page position's depth-3 rows are compared too.
func TestConformanceDivide(t *testing.T) {
	rows := sharedRows(t, "divide.tsv")
	for _, c := range []struct {
		fen   string
		depth int
	}{{startFEN, 2}, {rulesFEN, 3}} {
		want := map[string]uint64{}
		var wantTotal uint64
		for _, r := range rows {
			if len(r) >= 6 && r[0] == c.fen && r[1] == strconv.Itoa(c.depth) {
				n := atoi(t, r[5])
				want[r[3]] = n
				wantTotal += n
			}
		}
		if len(want) == 0 {
			t.Fatalf("divide.tsv has no depth-%d rows for %q", c.depth, c.fen)
		}
		moves, total := runDivide(t, c.fen, c.depth)
		got := map[string]uint64{}
		for _, m := range moves {
			if _, dup := got[m.FENAfter]; dup {
				t.Errorf("%q depth %d: fen_after %q listed twice", c.fen, c.depth, m.FENAfter)
			}
			got[m.FENAfter] = m.Count
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("perft -divide -depth %d %q vs divide.tsv (-engine +command):\n%s", c.depth, c.fen, diff)
		}
		if total != wantTotal {
			t.Errorf("perft -divide -depth %d %q: total %d, divide.tsv sums to %d", c.depth, c.fen, total, wantTotal)
		}
	}
}

// TestRefusals: inputs a command cannot serve are errors, not silent output: svg
// with nothing on standard input, a vchess FEN of a position with a piece in the
// hand (the dialect has no hand), a chess FEN of a position with unions or a hand,
// negative limits for play.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, stdin string
		args        []string
		status      int
		stderr      string
	}{
		{"svg without input", "", []string{"svg", "-"}, 1, "no position on standard input"},
		{"vchess FEN with a hand", "", []string{"fen", "-to", "vchess", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"}, 1, "cannot hold a piece in the hand"},
		{"vchess FEN with a hand, batch", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -\n", []string{"fen", "-to", "vchess", "-"}, 1, "cannot hold a piece in the hand"},
		{"chess FEN with unions", "", []string{"fen", "-to", "chess", rulesFEN}, 1, "unions on c3 ('w'), e4 ('o')"},
		{"chess FEN with unions, batch", rulesFEN + "\n", []string{"fen", "-to", "chess", "-"}, 1, "unions on c3 ('w'), e4 ('o')"},
		{"chess FEN with a hand", "", []string{"fen", "-to", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"}, 1, "a piece in the hand (d2P)"},
		{"negative repetition", "", []string{"play", "-repetition", "-5", "start"}, 2, "must be at least 0"},
		{"negative no-progress", "", []string{"play", "-noprogress", "-1", "start"}, 2, "must be at least 0"},
	} {
		stdout, stderr, status := runCmd(t, tc.stdin, tc.args...)
		wantOut := ""
		if tc.stdin != "" { // a batch answers the line on standard output too
			wantOut = strings.TrimSuffix(tc.stdin, "\n") + "\terror: " + stderr[strings.Index(stderr, "cannot write"):]
		}
		if status != tc.status || !strings.Contains(stderr, tc.stderr) || stdout != wantOut || strings.Count(stderr, "pacosako") != 1 {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want status %d and %q (one pacosako prefix)", tc.name, status, stdout, stderr, tc.status, tc.stderr)
		}
	}
	// The engine dialect keeps the hand, and play takes 0 (rule off).
	if stdout, _, status := runCmd(t, "", "fen", "-to", "engine", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"); status != 0 || !strings.Contains(stdout, "^d2P") {
		t.Errorf("fen -to engine with a hand: status %d, %q", status, stdout)
	}
	if _, stderr, status := runCmd(t, "", "play", "-repetition", "0", "-noprogress", "0", "start"); status != 0 {
		t.Errorf("play -repetition 0 -noprogress 0: status %d, %s", status, stderr)
	}
}

// The start position as a chess FEN, and the first rules-page diagram's board
// without its unions.
const (
	chessStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	chess960FEN   = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" // Chess960 #0
)

// TestFenChess: fen reads chess FENs and writes them with -to chess; without -to
// a chess FEN is written as a chess FEN (canonical: X-FEN castling, six fields).
func TestFenChess(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"start to chess", []string{"fen", "-to", "chess"}, chessStartFEN},
		{"engine FEN to chess", []string{"fen", "-to", "chess", startFEN}, chessStartFEN},
		{"chess FEN stays chess", []string{"fen", chessStartFEN}, chessStartFEN},
		{"chess FEN as six arguments", append([]string{"fen"}, strings.Fields(chessStartFEN)...), chessStartFEN},
		{"four fields, Shredder-FEN", []string{"fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -"}, chessStartFEN},
		{"chess to engine", []string{"fen", "-to", "engine", chessStartFEN}, startFEN},
		{"chess to vchess", []string{"fen", "-to", "vchess", chessStartFEN}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"},
		{"counters", []string{"fen", "-to", "engine", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 30"}, "r3k2r/8/8/8/8/8/8/R3K2R b 12 Ha - -"},
		{"counters to chess", []string{"fen", "-to", "chess", "r3k2r/8/8/8/8/8/8/R3K2R b 12 Ha - -"}, "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 1"},
		{"Chess960 to engine", []string{"fen", "-to", "engine", chess960FEN}, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -"},
		{"Chess960 engine to chess", []string{"fen", "-to", "chess", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -"}, chess960FEN},
		{"after e4", []string{"fen", "-to", "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1"},
	} {
		if got := mustRun(t, "", tc.args...); got != tc.want+"\n" {
			t.Errorf("%s: %q = %q, want %q", tc.name, tc.args, got, tc.want)
		}
	}

	// A batch: good lines answered with their chess FEN, the others with an error.
	badChess := "rnbqkbnr/pppppppp/8/8/4a3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	in := strings.Join([]string{startFEN, rulesFEN, chess960FEN, badChess}, "\n")
	out, errOut, status := runCmd(t, in, "fen", "-to", "chess", "-")
	got := lines(t, out)
	if status != 1 || len(got) != 4 || got[0] != startFEN+"\t"+chessStartFEN || got[2] != chess960FEN+"\t"+chess960FEN ||
		!strings.HasPrefix(got[1], rulesFEN+"\terror: ") || !strings.Contains(got[1], "unions on c3") ||
		!strings.HasPrefix(got[3], badChess+"\terror: board: ") || !strings.Contains(got[3], "e4 ('a')") {
		t.Errorf("fen -to chess -: status %d, stdout:\n%s", status, out)
	}
	if n := len(lines(t, errOut)); n != 2 {
		t.Errorf("fen -to chess -: %d lines on stderr, want 2 (one per bad line):\n%s", n, errOut)
	}

	// A bad -to is a usage error naming the choices.
	if _, errOut, status := runCmd(t, "", "fen", "-to", "shredder"); status != 2 || !strings.Contains(errOut, "engine, vchess or chess") {
		t.Errorf("fen -to shredder: status %d, stderr %q; want 2 and the choices", status, errOut)
	}
}

// TestChessFENInput: the other commands read chess FENs and print the positions
// after a move in the engine dialect, which can hold their unions.
func TestChessFENInput(t *testing.T) {
	if got := mustRun(t, "", "perft", "-depth", "2", chessStartFEN); got != "400\n" {
		t.Errorf("perft -depth 2 of the chess start = %q, want 400", got)
	}
	var e4 string
	for _, l := range lines(t, mustRun(t, "", "moves", chessStartFEN)) {
		f := fields(t, l, 4)
		if f[0] != chessStartFEN {
			t.Errorf("moves: first column %q, want the input", f[0])
		}
		if f[2] == "Lift(e2) Place(e4)" {
			e4 = f[1]
		}
	}
	if want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -"; e4 != want {
		t.Errorf("moves of the chess start: e4 leads to %q, want the engine FEN %q", e4, want)
	}
	if got := mustRun(t, "", "play", chessStartFEN, "Lift(e2)"); !strings.HasPrefix(got, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -\t") {
		t.Errorf("play from the chess start: %q, want the engine FEN with the hand", got)
	}
	if got := mustRun(t, "", "validate", chessStartFEN); got != chessStartFEN+"\tok\n" {
		t.Errorf("validate of the chess start: %q", got)
	}
}

// TestVchessInputWithHand: play and replay print vchess FENs for vchess input, but a
// position with a piece in the hand, which a vchess FEN cannot hold, in the engine
// dialect (not a vchess FEN that drops the lifted piece).
func TestVchessInputWithHand(t *testing.T) {
	const vchessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -"
	if got := mustRun(t, "", "play", vchessStart, "Lift(e2) Place(e4)"); !strings.HasPrefix(got, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 ahah1111011111111111 e3 -\t") {
		t.Errorf("play from the vchess start after e4: %q, want a vchess FEN", got)
	}
	if got := mustRun(t, "", "play", vchessStart, "Lift(e2)"); !strings.HasPrefix(got, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -\t") {
		t.Errorf("play from the vchess start with e2 lifted: %q, want the engine FEN with the hand", got)
	}
	rows := lines(t, mustRun(t, "g\t"+vchessStart+"\tLift(e2) Place(e4) Lift(e7)\n", "replay", "-"))
	if len(rows) != 3 || fields(t, rows[1], 6)[3] != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 ahah1111011111111111 e3 -" ||
		fields(t, rows[2], 6)[3] != "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR^e7p b 2 AHah e3 -" {
		t.Errorf("replay of a vchess game:\n%s", strings.Join(rows, "\n"))
	}
}

// TestMovesBatchInOrder: moves - answers lines on several cores, but its output
// and its messages come in input order, each line's answer whole: the same bytes
// as answering the lines one at a time.
func TestMovesBatchInOrder(t *testing.T) {
	data, err := os.ReadFile("../../testdata/positions.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "fen\t") {
			continue
		}
		i := len(in)
		if i >= 40 {
			break
		}
		in = append(in, strings.Split(l, "\t")[0])
		if i%9 == 4 {
			in = append(in, fmt.Sprintf("bad FEN number %d", i))
		}
	}
	out, errOut, status := runCmd(t, strings.Join(in, "\n")+"\n", "moves", "-")
	var wantOut, wantErr strings.Builder
	for _, fen := range in {
		o, e, _ := runCmd(t, "", append([]string{"moves"}, strings.Fields(fen)...)...)
		wantOut.WriteString(o)
		wantErr.WriteString(e)
	}
	if status != 1 {
		t.Errorf("moves - with bad FENs: exit status %d, want 1", status)
	}
	if out != wantOut.String() {
		t.Errorf("moves - output differs from the lines answered one by one (%d bytes, want %d)", len(out), wantOut.Len())
	}
	if errOut != wantErr.String() {
		t.Errorf("moves - messages:\n%s\nwant, in input order:\n%s", errOut, wantErr.String())
	}
}

// TestStartWord: every FEN command reads the argument "start" as the start
// position, as play does (a reviewer's papercut: solve start was an invalid FEN).
func TestStartWord(t *testing.T) {
	for _, cmd := range [][]string{{"perft", "-depth", "2"}, {"moves"}, {"fen"}, {"solve", "-n", "1"}, {"validate"}} {
		want, _, wantStatus := runCmd(t, "", cmd...)
		got, stderr, status := runCmd(t, "", append(cmd, "start")...)
		if got != want || status != wantStatus || status != 0 {
			t.Errorf("%v start: status %d, %q (stderr %q); without it: status %d, %q", cmd, status, got, stderr, wantStatus, want)
		}
	}
}
