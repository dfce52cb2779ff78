package atomic

import (
	"errors"
	"strings"
	"testing"
)

// fuzzPositions are the positions FuzzParseSAN and FuzzParseUCI read moves in:
// the start, the rules page's diagram, castling on both sides in Chess960,
// promotions by capture, en passant, a finished game.
var fuzzPositions = []string{
	StartFEN,
	"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"8/8/8/8/8/8/8/4K3 b - - 0 1",
}

// checkError fails unless err is nil or wraps want, starts with "atomic: " once
// and is of a structured type.
func checkError(t *testing.T, err, want error) {
	t.Helper()
	if err == nil {
		return
	}
	msg := err.Error()
	if !errors.Is(err, want) && !errors.Is(err, ErrInvalidNotation) && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) && !errors.Is(err, ErrGameOver) {
		t.Fatalf("error %q wraps no sentinel of the package", msg)
	}
	if !strings.HasPrefix(msg, prefix) || strings.Contains(msg[len(prefix):], prefix) {
		t.Fatalf("error %q does not start with %q exactly once", msg, prefix)
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range append(fuzzPositions, "", "8/8/8/8/8/8/8/8 w - -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
		"rk6/8/8/8/8/8/8/R3K3 w Qk - 99 40", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
		"K7/8/8/8/8/8/8/kkkkkkkk w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w HAha - 0 1", "ppppppp1/8/8/8/8/8/8/PPPPPPPK b - - 65535 32768",
		// Paco Ŝako's FENs, refused naming pacosako.ParseFEN.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w - - 0 1",
		"4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -", "r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq e3 0 1", "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/8/8/8/4K3/R6R w AH - 0 1") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseFEN(%q): %v is not a *FENError", s, err)
			}
			checkError(t, err, ErrInvalidFEN)
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil || q.FEN() != fen || !q.Equal(p) {
			t.Fatalf("ParseFEN(%q).FEN() = %q does not read back: %v", s, fen, err)
		}
		// The strict reading refuses only what the lenient one reads as absent,
		// and reads every FEN the package writes.
		if sp, err := ParseFENStrict(s); err == nil && (sp.FEN() != fen || !sp.Equal(p)) {
			t.Fatalf("ParseFENStrict(%q) = %q, ParseFEN %q", s, sp.FEN(), fen)
		} else if err != nil && !strings.Contains(err.Error(), "reads it as absent") {
			t.Fatalf("ParseFENStrict(%q) refuses what ParseFEN reads, not saying it is read as absent: %v", s, err)
		}
		if _, err := ParseFENStrict(fen); err != nil {
			t.Fatalf("ParseFENStrict(%q), a FEN the package wrote: %v", fen, err)
		}
		checkError(t, p.Validate(), ErrInvalidPosition)
		p.Outcome()
		for _, m := range p.Moves() {
			san, err := p.SAN(m)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := p.ParseSAN(san); err != nil || got != m {
				t.Fatalf("%s: SAN %s of %v reads as %v, %v", fen, san, m, got, err)
			}
			if got, err := p.ParseUCI(m.UCI()); err != nil || got != m {
				t.Fatalf("%s: UCI %s reads as %v, %v", fen, m.UCI(), got, err)
			}
		}
		// Moves that are mostly not legal: their reasons (illegal.go) on any board.
		for _, text := range []string{"e4", "Nf3", "Kxe2", "O-O", "O-O-O", "e1g1", "e8c8", "a8=Q", "exd6", "h1h8", "Qd4"} {
			_, err := p.ParseMove(text)
			checkError(t, err, ErrIllegalMove)
			if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%s: %q: a message of more than one line: %q", fen, text, err)
			}
		}
		Perft(p, 2)
	})
}

// fuzzMove is the body of FuzzParseSAN and FuzzParseUCI.
func fuzzMove(t *testing.T, i uint8, text string, parse func(Position, string) (Move, error)) {
	p := MustParseFEN(fuzzPositions[int(i)%len(fuzzPositions)])
	m, err := parse(p, text)
	if err != nil {
		checkError(t, err, ErrInvalidNotation)
		var ne *NotationError
		if errors.As(err, &ne) && (ne.Offset < 0 || ne.Offset > len(text)) {
			t.Fatalf("%q: offset %d outside the text", text, ne.Offset)
		}
		if !m.IsZero() {
			t.Fatalf("%q: a move with an error", text)
		}
		return
	}
	if !p.IsLegal(m) {
		t.Fatalf("%q: read %v, not a legal move", text, m)
	}
	if _, err := p.Play(m); err != nil {
		t.Fatal(err)
	}
}

func FuzzParseSAN(f *testing.F) {
	for i, s := range []string{"e4", "Nf3", "Nxb7", "O-O", "0-0-0", "exd6", "bxa8=Q+", "b8N", "Qxf7#", "Rgg1", "Ng1-f3!?", "K", "xx", "e9", "=Q", "Nbd7d5", "Kxd4",
		"e4 ", "\te4 + !?", "Nf3\r", "e4\x00", "e4++", "e4+!!!", "O-O+#!?", "Pxd5", "e8=q"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, i uint8, text string) {
		fuzzMove(t, i, text, Position.ParseSAN)
	})
}

func FuzzParseUCI(f *testing.F) {
	for i, s := range []string{"e2e4", "a5b7", "e1g1", "e1h1", "b1g1", "b7a8q", "e5d6", "0000", "e7e8k", "e2e4q", "h9a1"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, i uint8, text string) {
		fuzzMove(t, i, text, Position.ParseUCI)
	})
}
