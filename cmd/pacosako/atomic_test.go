package main

import (
	"sort"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// The Atomic vectors the command is checked against: package atomic's subset,
// which travels with the module.
const atomicTestdata = "../../atomic/testdata/"

// TestAtomicMovesBatch: moves -variant atomic - prints every legal move of every
// position of the vectors as <fen>\t<fen after>\t<uci>\t<san>, exactly the set of
// moves.tsv.
func TestAtomicMovesBatch(t *testing.T) {
	rows := testkit.Rows(t, atomicTestdata+"moves.tsv")
	var fens []string
	want := []string{}
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r[0]] {
			seen[r[0]] = true
			fens = append(fens, r[0])
		}
		want = append(want, r[0]+"\t"+r[3]+"\t"+r[1]+"\t"+r[2])
	}
	got := lines(t, mustRun(t, strings.Join(fens, "\n")+"\n", "moves", "-variant", "atomic", "-"))
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("moves -variant atomic: %d lines, want the %d of moves.tsv", len(got), len(want))
	}
}

// TestAtomicPerftBatch: perft -variant atomic -depth 2 - against perft.tsv, and
// the single forms.
func TestAtomicPerftBatch(t *testing.T) {
	var in, want []string
	for _, r := range testkit.Rows(t, atomicTestdata+"perft.tsv") {
		if r[1] == "2" {
			in = append(in, r[0])
			want = append(want, r[0]+"\t"+r[2])
		}
	}
	got := lines(t, mustRun(t, strings.Join(in, "\n")+"\n", "perft", "-variant", "atomic", "-depth", "2", "-"))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("perft -variant atomic -depth 2 -:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := mustRun(t, "", "perft", "-depth", "3", "-variant=atomic"); got != "8902\n" {
		t.Errorf("perft -variant=atomic -depth 3 = %q", got)
	}
	if got := mustRun(t, "", "perft", "-variant", "atomic", "-depth", "3", "-parallel", "start"); got != "8902\n" {
		t.Errorf("perft -parallel = %q", got)
	}
	div := lines(t, mustRun(t, "", "perft", "-variant", "atomic", "-depth", "2", "-divide"))
	if len(div) != 21 || div[20] != "400" || !strings.HasPrefix(div[0], "b1a3\trnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1\t20") {
		t.Errorf("perft -divide: %q", div)
	}
	// The default variant is Paco Ŝako's, and -variant pacosako says so.
	if a, b := mustRun(t, "", "perft", "-depth", "4"), mustRun(t, "", "perft", "-variant", "pacosako", "-depth", "4"); a != b || a == "197326\n" {
		t.Errorf("perft -variant pacosako = %q, without -variant %q", b, a)
	}
}

// TestAtomicPlay: the state after moves in UCI and SAN, in the columns of play.
func TestAtomicPlay(t *testing.T) {
	got := mustRun(t, "", "play", "-variant", "atomic", "start", "e4", "d7d5", "exd5", "Qxd5")
	f := fields(t, strings.TrimSuffix(got, "\n"), 5)
	if f[0] != "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3" || f[2] != "29" || f[3] != "running *" || f[4] != "0" ||
		!strings.HasPrefix(f[1], "a2a3 a2a4 b1a3") {
		t.Errorf("play: %q", f)
	}
	mate := "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	if got := mustRun(t, "", "play", "-variant", "atomic", mate); got != mate+"\t-\t0\tBlack wins by checkmate 0-1\t1\n" {
		t.Errorf("play mate: %q", got)
	}
	// The enemy king exploded, and castling in UCI and SAN.
	got = mustRun(t, "", "play", "-variant", "atomic", "rk6/8/8/8/8/8/8/R3K3 w Q - 0 1", "Rxa8#")
	if got != "8/8/8/8/8/8/8/4K3 b - - 0 1\t-\t0\tBlack's king exploded 1-0\t0\n" {
		t.Errorf("play Rxa8#: %q", got)
	}
	got = mustRun(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\te1g1 O-O-O\n", "play", "-variant", "atomic", "-")
	if !strings.HasPrefix(got, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\te1g1 O-O-O\t2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2\t") {
		t.Errorf("play - castling: %q", got)
	}
}

// TestAtomicFENAndValidate: fen writes python-chess's FEN, validate one verdict a
// line.
func TestAtomicFENAndValidate(t *testing.T) {
	if got := mustRun(t, "", "fen", "-variant", "atomic", "4k3/8/8/3pP3/8/8/8/4K3", "w", "-", "d6"); got != "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\n" {
		t.Errorf("fen: %q", got)
	}
	out, errOut, status := runCmd(t, "4k2P/8/8/8/8/8/8/8 b - - 0 1\n\n# comment\n"+atomicStartFEN+"\n", "validate", "-variant", "atomic", "-")
	want := "4k2P/8/8/8/8/8/8/8 b - - 0 1\tno White king (the side not to move),White pawn on h8\n\n# comment\n" + atomicStartFEN + "\tok\n"
	if out != want || errOut != "" || status != 1 {
		t.Errorf("validate -: %q, %q, %d", out, errOut, status)
	}
}

const atomicStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestAtomicErrors: what does not go with -variant atomic is a usage error (2);
// input that cannot be served exits with 1, with the reason.
func TestAtomicErrors(t *testing.T) {
	tests := []struct {
		args   []string
		stdin  string
		status int
		stderr string
	}{
		{[]string{"replay", "-variant", "atomic"}, "", 2, `pacosako replay: -variant: replay serves Paco Ŝako only; -variant goes with perft, moves, fen, sako, annotate, play, convert, svg, validate, solve`},
		{[]string{"notation", "-variant=pacosako"}, "", 2, `pacosako notation: -variant: notation serves Paco Ŝako only`},
		{[]string{"perft", "-variant", "chess"}, "", 2, `pacosako perft: invalid value "chess" for flag -variant: "chess" is not a game: want pacosako (the default) or atomic`},
		{[]string{"perft", "-variant"}, "", 2, "pacosako perft: flag needs an argument: -variant"},
		{[]string{"perft", "-variant", "atomic", "-rules", "vchess"}, "", 2, `pacosako perft: -rules "vchess" names a Paco Ŝako rule set`},
		{[]string{"moves", "-variant", "atomic", "-max-states", "-10"}, "", 2, "pacosako moves: -max-states must be at least 0, got -10"},
		{[]string{"solve", "-variant", "atomic", "-max-states", "10", "-n", "3", "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2"}, "", 1,
			`pacosako solve: "rnbqkbnr/ppp1pppp/3p4/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 2": search limit reached: the search held more than 10 states (-max-states 10); -max-states 0 lifts the limit`},
		{[]string{"sako", "-variant", "atomic", "-rules", "rulebook"}, "", 2, `pacosako sako: -rules "rulebook" names a Paco Ŝako rule set`}, {[]string{"play", "-variant", "atomic", "-repetition", "-1", "start"}, "", 2, "pacosako play: -repetition and -noprogress must be at least 0"},
		{append(append([]string{"play", "-variant", "atomic", "start"}, strings.Fields(strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4))...), "Nf3"), "", 1, `pacosako play: argument 17 "Nf3": game over: "Nf3" in ` + atomicStartFEN[:len(atomicStartFEN)-3] + "16 9: the game has ended (drawn by repetition)"},
		{[]string{"play", "-variant", "atomic", "start", "e4", "g1f3"}, "", 1, `pacosako play: argument 2 "g1f3": illegal move "g1f3" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1: the piece on g1 is White's; Black is to move`},
		{[]string{"play", "-variant", "atomic", "start", "e4", "Nf3"}, "", 1, `pacosako play: argument 2 "Nf3": illegal move "Nf3" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1: the piece on g1 is White's; Black is to move`},
		{[]string{"play", "-variant", "atomic"}, "", 2, "pacosako play: want a FEN"},
		{[]string{"fen", "-variant", "atomic", "-to", "engine"}, "", 2, `pacosako fen: -to must be chess with -variant atomic`},
		{[]string{"perft", "-variant", "atomic", "-depth", "-1"}, "", 2, "pacosako perft: -depth must be from 0 to 64, got -1"},
		{[]string{"perft", "-variant", "atomic", "-depth", "1000000000"}, "", 2, "pacosako perft: -depth must be from 0 to 64, got 1000000000"},
		{[]string{"perft", "-variant", "atomic", "-nosuch"}, "", 2, "pacosako perft: flag provided but not defined: -nosuch"},
		{[]string{"perft", "-variant", "atomic", "-", "x"}, "", 2, `pacosako perft: "-" (read standard input) is the only argument`},
		{[]string{"perft", "-variant", "atomic", "8/8/8/8/8/8/8/7! w - - 0 1"}, "", 1, `pacosako perft: invalid FEN "8/8/8/8/8/8/8/7! w - - 0 1": board: rank 1: '!' is not a piece letter`},
		{[]string{"fen", "-variant", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -"}, "", 1, `pacosako fen: invalid FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -": fields: a Paco Ŝako FEN (the official engine's dialect: a no-progress counter, rook-file castling), not a chess FEN: read it with pacosako.ParseFEN`},
		{[]string{"fen", "-variant", "Atomic", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w - - 0 1"}, "", 1, `pacosako fen: invalid FEN "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w - - 0 1": board: 'O' on e4 is a Paco Ŝako union (a white and a black piece on one square), not an Atomic chess piece: read a Paco Ŝako FEN with pacosako.ParseFEN`},
		{[]string{"moves", "-variant", "atomic", "-"}, "x\n", 1, `pacosako moves: invalid FEN "x": fields`},
		{[]string{"play", "-variant", "atomic", "start", "Rxf5"}, "", 1, `pacosako play: argument 1 "Rxf5": illegal move "Rxf5" in ` + atomicStartFEN + `: no legal rook move to f5`},
		{[]string{"play", "-variant", "atomic", "start", "e4", "zz"}, "", 1, `pacosako play: argument 2 "zz": invalid move notation "zz" at offset 0: neither UCI (at offset 0: want two squares`},
	}
	for _, tc := range tests {
		out, errOut, status := runCmd(t, tc.stdin, tc.args...)
		oneLine := strings.Count(errOut, "\n") == 1 || strings.Contains(errOut, "\nusage: ") // a flag's error, then the usage
		if status != tc.status || !strings.HasPrefix(errOut, tc.stderr) || !oneLine {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", tc.args, status, errOut, tc.status, tc.stderr)
		}
		if tc.status == 2 && out != "" {
			t.Errorf("%q: a usage error wrote %q", tc.args, out)
		}
	}
	// A batch answers a bad line in the output too (fen, play) and goes on.
	out, _, status := runCmd(t, "x\n"+atomicStartFEN+"\n", "fen", "-variant", "atomic", "-")
	if status != 1 || !strings.HasPrefix(out, "x\terror: fields: a chess FEN has 6 fields") || !strings.HasSuffix(out, atomicStartFEN+"\t"+atomicStartFEN+"\n") {
		t.Errorf("fen - with a bad line: %q, %d", out, status)
	}
}

// TestAtomicPlayDraws: play -variant atomic plays an atomic.Game: the fifth
// occurrence of a position (the start counts) and the no-progress limit draw, the
// third, a draw a player may claim, plays on, and the flags set or lift them.
func TestAtomicPlayDraws(t *testing.T) {
	shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	twice := append(append([]string(nil), shuffle...), shuffle...)
	state := func(args ...string) string {
		return strings.Split(strings.TrimSuffix(mustRun(t, "", args...), "\n"), "\t")[3]
	}
	for _, tc := range []struct {
		flags []string
		moves []string
		want  string
	}{
		{nil, shuffle, "running *"},
		{nil, twice, "drawn by repetition 1/2-1/2"},
		{[]string{"-repetition", "3"}, shuffle, "drawn by repetition 1/2-1/2"},
		{[]string{"-repetition", "0"}, twice, "running *"},
		{[]string{"-repetition", "2"}, shuffle[:4], "drawn by repetition 1/2-1/2"},
		{[]string{"-noprogress", "4"}, shuffle[:4], "drawn by the no-progress rule 1/2-1/2"},
		{[]string{"-noprogress", "0", "-repetition", "0"}, shuffle, "running *"},
	} {
		args := append(append([]string{"play", "-variant", "atomic"}, tc.flags...), append([]string{"start"}, tc.moves...)...)
		if got := state(args...); got != tc.want {
			t.Errorf("%q: %q; want %q", args, got, tc.want)
		}
	}
}

// TestAtomicBatchStart: a batch line "start" or "new" (spaces around it allowed)
// is Atomic's start position, as in Paco Ŝako's batches and as an argument; the
// line is echoed as written.
func TestAtomicBatchStart(t *testing.T) {
	const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	in := "start\n new \n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-variant", "atomic", "-depth", "2", "-"}, "start\t400\n new \t400\n"},
		{[]string{"fen", "-variant", "atomic", "-"}, "start\t" + startFEN + "\n new \t" + startFEN + "\n"},
		{[]string{"validate", "-variant", "atomic", "-"}, "start\tok\n new \tok\n"},
		{[]string{"perft", "-variant", "atomic", "new"}, "20\n"},
	} {
		if got := mustRun(t, in, c.args...); got != c.want {
			t.Errorf("%q with %q: %q, want %q", c.args, in, got, c.want)
		}
	}
	moves := lines(t, mustRun(t, in, "moves", "-variant", "atomic", "-"))
	if len(moves) != 40 || moves[0] != "start\trnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/R1BQKBNR b KQkq - 1 1\tb1a3\tNa3" || !strings.HasPrefix(moves[20], " new \t") {
		t.Errorf("moves -variant atomic - with %q: %d lines, %q", in, len(moves), moves)
	}
}
