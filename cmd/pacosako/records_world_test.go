package main

import (
	"strings"
	"testing"
)

// TestIssue25Reproductions: the command lines of issue 25, each of which failed
// on main, read and write as lichess and python-chess do: one case per item.
func TestIssue25Reproductions(t *testing.T) {
	const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct {
		item          string
		stdin         string
		args          []string
		status        int
		stdout, errIn string // stdout's expected text (a part of it), standard error's
	}{
		{"1: a threefold repetition plays on to the mate",
			"[Event \"t\"]\n[Result \"1-0\"]\n[Variant \"Atomic\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 a6 6. Ng5 a5 7. Nxf7# 1-0\n",
			[]string{"convert", "-to", "san", "-"}, 0,
			"t\t" + startFEN + "\tNf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 a6 Ng5 a5 Nxf7#\n", ""},
		{"2: a mate in a position python-chess calls drawn", "",
			[]string{"play", "-variant", "atomic", "kbK5/b7/B7/8/8/8/8/8 w - - 0 1", "Bb7"}, 0, "White wins by checkmate 1-0", ""},
		{"2: Black to move, and a mate to come", "",
			[]string{"play", "-variant", "atomic", "8/8/3b3k/8/8/8/B7/KB6 b - - 0 1"}, 0, "d6e5", ""},
		{"2: a closed position is drawn", "",
			[]string{"play", "-variant", "atomic", "8/8/6p1/3K4/6P1/2k5/8/8 w - - 0 1", "g5"}, 0, "\t-\t0\tdrawn by insufficient material 1/2-1/2\t0\n", ""},
		{"3: a time-forfeit draw with material on the board",
			"[Event \"t\"]\n[Variant \"Atomic\"]\n[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n[Result \"1/2-1/2\"]\n[Termination \"Time forfeit\"]\n\n1. Qa7 Kf8 1/2-1/2\n",
			[]string{"convert", "-"}, 0, "[Result \"1/2-1/2\"]\n[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1\"]\n[Termination \"Time forfeit\"]\n\n1. Qa7 Kf8 1/2-1/2\n", ""},
		{"4: a Result tag the movetext contradicts",
			"[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Variant \"Atomic\"]\n\n1. d4 *\n",
			[]string{"convert", "-to", "san", "-"}, 1, "game 2\t" + startFEN + "\td4\n",
			"pacosako convert: game record: game 1, line 4, column 10: invalid record notation \"0-1\" at offset 0: the movetext ends with 0-1 but the Result tag (line 2, column 1) says 1-0"},
		{"5: numbered from the FEN's full-move number, Atomic",
			"[Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 150\"]\n\n150... e5 151. Nf3 *\n",
			[]string{"convert", "-"}, 0, "\n\n150... e5 151. Nf3 *\n", ""},
		{"5: numbered from a chess FEN's full-move number, Paco Ŝako",
			"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150\"]\n\n150. e4 e5 151. Nf3 *\n",
			[]string{"convert", "-"}, 0, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150\"]\n\n150. e4 e5 151. Nf3 *\n", ""},
		{"6: a promotion without = in lower case", "",
			[]string{"play", "-variant", "atomic", "8/2P1k3/8/8/8/8/8/4K3 w - - 0 1", "c8q"}, 0, "2Q5/4k3/8/8/8/8/8/4K3 b - - 0 1\t", ""},
		{"6: e.p. as a word of its own and glued, in records of both games",
			"[Variant \"Atomic\"]\n[FEN \"r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3\"]\n\n3. exd6 e.p. a6 *\n\n1. e4 d5 2. e5 f5 3. exf6e.p. *\n",
			[]string{"convert", "-to", "coord", "-"}, 0, "\te5d6 a7a6\ngame 2\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -\te2e4 d7d5 e4e5 f7f5 e5f6\n", ""},
		{"7: UTF-16 is one error naming the encoding",
			"\xff\xfe" + strings.Join(strings.Split("[Event \"t\"]\n\n1. e4 *\n", ""), "\x00") + "\x00",
			[]string{"convert", "-"}, 1, "", "pacosako convert: game record: game 1, line 1, column 1: invalid record notation \"\\xff\\xfe\" at offset 0: the input is UTF-16 (little-endian)"},
		{"8: the library's Paco Ŝako record names its game",
			"[Event \"p\"]\n\n1. e4 d5 2. exd5 Nf6 *\n",
			[]string{"convert", "-"}, 0, "[Result \"*\"]\n[Variant \"Paco Ŝako\"]\n\n1. e4 d5 2. exd5 Nf6 *\n", ""},
		{"10: an en passant square no double step explains", "",
			[]string{"fen", "-variant", "atomic", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1"}, 0, "8/8/3k4/3pP3/8/8/8/4K3 w - - 0 1\n", ""},
		{"10: a castling letter without its rook", "",
			[]string{"fen", "-variant", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"}, 0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1\n", ""},
		{"10: validate reports it", "",
			[]string{"validate", "-variant", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"}, 1,
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\tcastling: 'K': no white rook on the king side of White's king on e1 (ParseFEN reads it as absent: so do python-chess and lichess)\n", ""},
		{"10: and in a Paco Ŝako chess FEN", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1\n",
			[]string{"validate", "-"}, 1, "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1\ten passant: d6 is not empty: a double step skips an empty square (ParseFEN reads it as absent: so do python-chess and lichess)\n", ""},
	} {
		out, errOut, status := runCmd(t, c.stdin, c.args...)
		if status != c.status || !strings.Contains(out, c.stdout) || (c.errIn == "") != (errOut == "") || !strings.Contains(errOut, c.errIn) {
			t.Errorf("item %s: %q: status %d\nstdout %q\nstderr %q\nwant %d, stdout with %q, stderr with %q", c.item, c.args, status, out, errOut, c.status, c.stdout, c.errIn)
		}
	}
	// 8: read back with -variant atomic, the record is its own game: Paco Ŝako's
	// union, not Atomic's explosion.
	written := mustRun(t, "[Event \"p\"]\n\n1. e4 d5 2. exd5 Nf6 *\n", "convert", "-")
	if got := mustRun(t, written, "convert", "-variant", "atomic", "-to", "san", "-"); got != "p\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -\te4 d5 exd5 Nf6\n" {
		t.Errorf("the Paco Ŝako record read with -variant atomic: %q", got)
	}
}
