package records

import (
	"errors"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// FuzzReader: no stream makes the reader panic; every record is its Game's type,
// every error its game's *RecordError; a record read is written so that it reads
// back, whatever game the caller names, as the same game and record.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"",
		"[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Nf6 *\n\n1. e4 d5 2. exd5 *",
		"[Event \"a\"] {c} [Variant \"Paco Sako\"] 1. d4 1-0 [Variant \"Crazyhouse\"] 1. c4 *",
		"[Variant \"atomic960\"]\n[FEN \"bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\"]\n\n1. g4 Ng6 *",
		"[FEN \"r1bqkbnr/ppp1pppp/2n5/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3\"]\n[Variant \"Atomic\"]\n\n3. exd6 e.p. a6 *",
		"\xff\xfe[\x00",
		// Records that go on past a draw by rule (issue 32).
		"[Variant \"Atomic\"]\n[FEN \"8/8/6k1/p7/P7/8/2K5/8 w - - 0 57\"]\n\n57. Kd3 (57. Kb3) Kf6 58. Ke4 1-0",
		"[FEN \"4k3/8/8/8/8/8/8/R3K3 w 99 - - -\"]\n\n1. Ra2 Kd8 (1... Kf8) 2. Ra3 0-1",
		// A chess FEN's castling right on a board with one king: the record's
		// engine FEN read it back without the right (CI's fuzzing found it).
		"[Variant \"Paco Ŝako\"]\n[SetUp \"1\"]\n[FEN \"Bbr2n2/8/8/8/8/8/6P1/3K3R w K - 0 1\"]\n\n1. g4 Ng6 *",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, atomicFirst bool) {
		untagged := PacoSako
		if atomicFirst {
			untagged = Atomic
		}
		rr := NewReader(strings.NewReader(text), untagged)
		for games := 0; rr.Scan(); games++ {
			if games > len(text) {
				t.Fatal("more games than bytes")
			}
			rec, err := rr.Record()
			var pe *pacosako.RecordError
			var ae *atomic.RecordError
			switch rr.Variant() {
			case PacoSako:
				if _, ok := rec.(pacosako.Record); !ok || err != nil && !errors.As(err, &pe) {
					t.Fatalf("a Paco Ŝako game: %T, %v", rec, err)
				}
			case Atomic:
				if _, ok := rec.(atomic.Record); !ok || err != nil && !errors.As(err, &ae) {
					t.Fatalf("an Atomic game: %T, %v", rec, err)
				}
			}
			if err != nil {
				continue
			}
			out := rec.String()
			for _, g := range []Variant{PacoSako, Atomic} {
				back, err := Parse(out, g)
				if err != nil || back.String() != out {
					t.Fatalf("%v record read with %v untagged: %v\n%s", rr.Variant(), g, err, out)
				}
			}
		}
	})
}
