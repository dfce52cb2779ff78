package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Positions for validate: one without kings, one with a castling right whose rook
// is missing (valid by the official engine's rules, not by the rulebook's), and a
// vchess FEN (pacoplay mode) after a Paco, and the rules page's
// diagram where both kings stand in unions (vchess's king rule).
const (
	kinglessFEN   = "8/8/8/8/8/8/8/8 w 0 - - -"
	rooklessFEN   = "4k3/8/8/8/8/8/8/4K3 w 0 H - -"
	vchessPacoFEN = "4X3/8/8/8/8/8/8/4K3 b 3 iiii -"
	kingsFEN      = "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR b 25 iiii" // without its last fields
)

// Positions with an en passant square and what the double step left behind: the
// union a takeover leaves on the origin (after Nxe2,Pe2-e4 from
// 4k3/8/8/8/8/2N5/4C3/K7 w), a lone piece there instead, a union there although
// a union double-stepped, an empty home-row origin after a lone pawn's double
// step, a promotion owed, and a piece lifted from the square.
const (
	unionOriginFEN = "4k3/8/8/8/4P3/8/4i3/K7 b 1 - e3 -"
	loneOriginFEN  = "4k3/8/8/8/4P3/8/4N3/K7 b 1 - e3 -"
	unionStepFEN   = "4k3/8/8/8/C7/8/i7/4K3 b 1 - a3 -"
	homeRowFEN     = "4k3/8/8/8/8/P7/8/4K3 b 1 - a2 -"
	promotionEPFEN = "4k3/8/8/8/4P3/8/8/c3K3 b 1 - e3 -"
	handEPFEN      = "4k3/8/8/8/3P4/8/8/4K3^d3n b 1 - d3 -"
)

func TestValidateSingle(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		want   string
		status int
	}{
		{"no FEN is the start position", []string{"validate"}, startFEN + "\tok\n", 0},
		{"FEN as one argument", []string{"validate", rulesFEN}, rulesFEN + "\tok\n", 0},
		{"six fields", append([]string{"validate"}, strings.Fields(rulesFEN)...), rulesFEN + "\tok\n", 0},
		{"every reason", []string{"validate", kinglessFEN}, kinglessFEN + "\tno White king,no Black king\n", 1},
		{"pacoplay keeps a right without its rook", []string{"validate", rooklessFEN}, rooklessFEN + "\tok\n", 0},
		{"-rules rulebook does not", []string{"validate", "-rules", "rulebook", rooklessFEN},
			rooklessFEN + "\tWhite castling right H without a rook on h1\n", 1},
		{"vchess FEN after a Paco", []string{"validate", vchessPacoFEN}, vchessPacoFEN + "\tok\n", 0},
		{"vchess FEN: both kings in unions, a draw by vchess's rules", []string{"validate", kingsFEN + "1111011111110111 - -"},
			kingsFEN + "1111011111110111 - -\tok\n", 0},
		{"the same in vchess's pacoplay mode", []string{"validate", kingsFEN + " -"},
			kingsFEN + " -\tWhite king in a union on g4,Black king in a union on e8\n", 1},
		{"a union on the square a double step started from (Nxe2,Pe2-e4, issue 12)", []string{"validate", unionOriginFEN},
			unionOriginFEN + "\tok\n", 0},
		{"a lone piece there", []string{"validate", loneOriginFEN},
			loneOriginFEN + "\ten passant square e3 with a lone piece on e2 where the double step started\n", 1},
		{"a union there after a union's double step", []string{"validate", unionStepFEN},
			unionStepFEN + "\ten passant square a3 with a union on a2: the union that double-stepped to a4 left it empty\n", 1},
		{"a lone pawn's home-row double step under vchess's rules", []string{"validate", "-rules", "vchess", homeRowFEN},
			homeRowFEN + "\ten passant square a2 with a1 empty: a lone White pawn leaves its home rank only released from a union\n", 1},
		{"the same by the official engine's rules: rank 2 is no en passant rank", []string{"validate", homeRowFEN},
			homeRowFEN + "\ten passant square a2 on the wrong rank for Black to move\n", 1},
		{"a promotion owed at the start of the turn", []string{"validate", promotionEPFEN},
			promotionEPFEN + "\ten passant square e3 though the last move ended on a promotion rank\n", 1},
		{"a piece in the hand lifted from the en passant square", []string{"validate", handEPFEN},
			handEPFEN + "\ten passant square d3 not empty: the piece in the hand was lifted from it\n", 1},
		{"unparsable FEN", []string{"validate", badSideFEN},
			badSideFEN + "\tinvalid FEN: side to move: want w or b; got \"x\"\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tt.args...)
			if status != tt.status || errOut != "" {
				t.Errorf("run %q: status %d, stderr %q; want %d and nothing", tt.args, status, errOut, tt.status)
			}
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("run %q output (-want +got):\n%s", tt.args, diff)
			}
		})
	}
	// An empty argument is a mistake, as for the other commands.
	if _, errOut, status := runCmd(t, "", "validate", " "); status != 1 || !strings.Contains(errOut, "empty") {
		t.Errorf("validate \" \": status %d, stderr %q", status, errOut)
	}
}

// TestValidateBatch: exactly one output line per input line, comments and blank
// lines echoed, a parse error answered on standard output as one reason.
func TestValidateBatch(t *testing.T) {
	stdin := strings.Join([]string{
		startFEN,
		"# comment",
		"",
		kinglessFEN + "\r", // a CRLF line
		badBoardFEN,
		"  ",
		rooklessFEN,
		"not, a FEN",
	}, "\n") // no final newline
	out, errOut, status := runCmd(t, stdin, "validate", "-")
	if status != 1 || errOut != "" {
		t.Errorf("validate -: status %d, stderr %q; want 1 and nothing", status, errOut)
	}
	want := []string{
		startFEN + "\tok",
		"# comment",
		"",
		kinglessFEN + "\tno White king,no Black king",
		badBoardFEN + "\tinvalid FEN: board: want 8 ranks separated by '/'; got 7",
		"  ",
		rooklessFEN + "\tok",
		"not, a FEN\tinvalid FEN: fields: want 6 space-separated fields (board; side to move; no-progress counter; castling; en passant; -); got 3",
	}
	if diff := cmp.Diff(want, lines(t, out)); diff != "" {
		t.Errorf("validate - (-want +got):\n%s", diff)
	}

	// All valid: status 0; -rules applies to every line.
	out, _, status = runCmd(t, startFEN+"\n"+rooklessFEN+"\n", "validate", "-")
	if status != 0 || len(lines(t, out)) != 2 {
		t.Errorf("valid batch: status %d, output %q", status, out)
	}
	if _, _, status = runCmd(t, startFEN+"\n"+rooklessFEN+"\n", "validate", "-rules", "rulebook", "-"); status != 1 {
		t.Errorf("-rules rulebook batch: status %d, want 1", status)
	}
	// Empty input: no output, status 0.
	if out, errOut, status := runCmd(t, "", "validate", "-"); out != "" || errOut != "" || status != 0 {
		t.Errorf("empty input: %q, %q, %d", out, errOut, status)
	}
}

// TestValidateReferencePositions: the reference positions, odd ones included,
// give one verdict line each, starting with the input line.
func TestValidateReferencePositions(t *testing.T) {
	rows := sharedRows(t, "positions.tsv")
	var in []string
	for _, r := range rows {
		in = append(in, r[0])
	}
	out, errOut, status := runCmd(t, strings.Join(in, "\n")+"\n", "validate", "-")
	if status != 1 || errOut != "" {
		t.Errorf("status %d, stderr %q; want 1 (the set has kingless positions) and nothing", status, errOut)
	}
	got := lines(t, out)
	if len(got) != len(in) {
		t.Fatalf("%d output lines for %d input lines", len(got), len(in))
	}
	okCount := 0
	for i, l := range got {
		f := fields(t, l, 2)
		if f[0] != in[i] || f[1] == "" {
			t.Errorf("line %d: %q for input %q", i+1, l, in[i])
		}
		if f[1] == "ok" {
			okCount++
		}
	}
	if okCount < len(in)*9/10 {
		t.Errorf("only %d of %d reference positions valid", okCount, len(in))
	}
}

func TestValidateUsage(t *testing.T) {
	out := mustRun(t, "", "help")
	if !strings.Contains(out, "pacosako validate [-variant pacosako|atomic] [FEN|-]") {
		t.Errorf("usage does not list validate:\n%s", out)
	}
	if _, errOut, status := runCmd(t, "", "validate", "-nosuch"); status != 2 || !strings.Contains(errOut, "nosuch") {
		t.Errorf("validate -nosuch: status %d, stderr %q", status, errOut)
	}
}
