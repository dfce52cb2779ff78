package atomic

import (
	"errors"
	"strconv"
	"testing"
)

// TestFullMoveNumberLimit: reading, Setup and playing agree on the full-move
// number's range, 1..32768: a move after 32768 keeps it there, so every FEN the
// package writes is read back (it used to write 32769, which ParseFEN refuses),
// and a Setup beyond it is refused as a FEN is.
func TestFullMoveNumberLimit(t *testing.T) {
	for _, c := range []struct{ fen, san, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 65535 32768", "Nf6", "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 65535 32768"},
		{"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 3 32767", "Nf6", "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 4 32768"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 32768", "Nf3", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 32768"},
	} {
		p := mustFEN(t, c.fen)
		m, err := p.ParseSAN(c.san)
		if err != nil {
			t.Fatal(err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := q.FEN(); got != c.want {
			t.Errorf("%s after %s: %s, want %s", c.fen, c.san, got, c.want)
		}
		if back, err := ParseFEN(q.FEN()); err != nil || back.FEN() != q.FEN() {
			t.Errorf("%s is not read back: %v", q.FEN(), err)
		}
	}
	s := StartingPosition().Setup()
	for n, want := range map[int]int{0: 1, 1: 1, 32768: 32768} {
		s.FullMoveNumber = n
		p, err := s.Position()
		if err != nil || p.FullMoveNumber() != want {
			t.Errorf("Setup with full-move number %d: %d, %v; want %d", n, p.FullMoveNumber(), err, want)
		}
	}
	for _, n := range []int{32769, 40000, 65535, -1} {
		s.FullMoveNumber = n
		if _, err := s.Position(); !errors.Is(err, ErrInvalidSetup) {
			t.Errorf("Setup with full-move number %d: %v, want ErrInvalidSetup", n, err)
		}
		if _, err := ParseFEN("8/8/8/8/8/8/8/K6k w - - 0 " + strconv.Itoa(n)); n > 0 && !errors.Is(err, ErrInvalidFEN) {
			t.Errorf("FEN with full-move number %d: %v, want ErrInvalidFEN", n, err)
		}
	}
}
