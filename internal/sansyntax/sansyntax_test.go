package sansyntax

import "testing"

// TestReadStep: the parts of a step as written, and where reading stops.
func TestReadStep(t *testing.T) {
	for _, c := range []struct {
		text   string
		pos    int
		want   Step
		end    int
		reason string
	}{
		{"e4", 0, Step{FromFile: -1, FromRank: -1, To: 28}, 2, ""},
		{"  Nbd7+", 2, Step{Piece: 'N', FromFile: 1, FromRank: -1, To: 51}, 6, ""},
		{"R1xa3", 0, Step{Piece: 'R', FromFile: -1, FromRank: 0, Capture: true, To: 16}, 5, ""},
		{"e7xd8=n#", 0, Step{FromFile: 4, FromRank: 6, Capture: true, To: 59, Promotion: 'N'}, 7, ""},
		{"b8Q", 0, Step{FromFile: -1, FromRank: -1, To: 57, Promotion: 'Q'}, 3, ""},
		{"Ng1-f3", 0, Step{Piece: 'N', FromFile: 6, FromRank: 0, To: 21}, 6, ""},
		{"O-O-O+", 0, Step{Castle: QueenSide, FromFile: -1, FromRank: -1}, 5, ""},
		{"0-0", 0, Step{Castle: KingSide, FromFile: -1, FromRank: -1}, 3, ""},
		{"Jf3", 0, Step{}, 0, "not a piece letter (K Q R B N P)"},
		{"nf3", 0, Step{}, 0, "piece letters are upper case: want 'N'"},
		{"Nf", 0, Step{}, 2, "want a target square such as e4"},
		{"Nxg1f3", 0, Step{}, 6, "'x' or '-' must stand right before the target square"},
		{"N11f3", 0, Step{}, 5, "the origin must be a file, a rank or a square"},
		{"f3e4c3c6", 0, Step{}, 8, "too many"},
		{"e8=K", 0, Step{}, 3, "a promotion is = followed by N, B, R or Q"},
		{"e8=", 0, Step{}, 3, "a promotion is = followed by N, B, R or Q"},
	} {
		st, end, reason := ReadStep(c.text, c.pos, "too many")
		if reason != c.reason || end != c.end || reason == "" && st != c.want {
			t.Errorf("ReadStep(%q, %d) = %+v, %d, %q; want %+v, %d, %q", c.text, c.pos, st, end, reason, c.want, c.end, c.reason)
		}
	}
}

// TestReadEnd: at most one check mark, then at most one move suffix, spaces
// around them, and nothing else.
func TestReadEnd(t *testing.T) {
	for _, c := range []struct {
		text string
		pos  int
		mark byte
		stop int
		ok   bool
	}{
		{"e4", 2, 0, 2, true}, {"e4 ", 2, 0, 3, true}, {"e4+", 2, '+', 3, true}, {"e4 # !? ", 2, '#', 8, true},
		{"e4??", 2, 0, 4, true}, {"e4++", 2, 0, 3, false}, {"e4+!!!", 2, 0, 5, false}, {"e4#+", 2, 0, 3, false},
		{"e4\r", 2, 0, 2, false}, {"e4 e5", 2, 0, 3, false}, {"e4!+", 2, 0, 3, false},
	} {
		mark, stop, ok := ReadEnd(c.text, c.pos)
		if mark != c.mark || stop != c.stop || ok != c.ok {
			t.Errorf("ReadEnd(%q, %d) = %q, %d, %v; want %q, %d, %v", c.text, c.pos, mark, stop, ok, c.mark, c.stop, c.ok)
		}
	}
}

// TestReadStepLenient: what other readers write besides the canonical form — a
// promotion without "=" in lower case ("c8q", python-chess's and hand-typed
// records'; "c8b" too, where b is not a file), and the en passant mark glued
// to the move ("exd6e.p."), where the e is not a file either.
func TestReadStepLenient(t *testing.T) {
	for _, c := range []struct {
		text string
		want Step
		end  int
	}{
		{"c8q", Step{FromFile: -1, FromRank: -1, To: 58, Promotion: 'Q'}, 3},
		{"c8n+", Step{FromFile: -1, FromRank: -1, To: 58, Promotion: 'N'}, 3},
		{"c8r", Step{FromFile: -1, FromRank: -1, To: 58, Promotion: 'R'}, 3},
		{"c8b", Step{FromFile: -1, FromRank: -1, To: 58, Promotion: 'B'}, 3},
		{"dxc8b#", Step{FromFile: 3, FromRank: -1, Capture: true, To: 58, Promotion: 'B'}, 5},
		{"d7c8b", Step{FromFile: 3, FromRank: 6, To: 58, Promotion: 'B'}, 5},
		{"bxa1b", Step{FromFile: 1, FromRank: -1, Capture: true, To: 0, Promotion: 'B'}, 5},
		{"exd6e.p.", Step{FromFile: 4, FromRank: -1, Capture: true, To: 43}, 4},
		{"exd6 e.p.", Step{FromFile: 4, FromRank: -1, Capture: true, To: 43}, 4},
	} {
		st, end, reason := ReadStep(c.text, 0, "too many")
		if reason != "" || end != c.end || st != c.want {
			t.Errorf("ReadStep(%q) = %+v, %d, %q; want %+v, %d", c.text, st, end, reason, c.want, c.end)
		}
	}
	for _, text := range []string{"c8bb", "c8e", "exd6e.q."} {
		if st, end, reason := ReadStep(text, 0, "too many"); reason == "" && end == len(text) {
			t.Errorf("ReadStep(%q) = %+v: read whole, want the text refused or left over", text, st)
		}
	}
}

// TestReadEndEnPassant: "e.p." glued or after spaces, before or after the check
// mark, once.
func TestReadEndEnPassant(t *testing.T) {
	for _, c := range []struct {
		text string
		mark byte
		stop int
		ok   bool
	}{
		{"exd6e.p.", 0, 8, true}, {"exd6 e.p.", 0, 9, true}, {"exd6 e.p.+", '+', 10, true},
		{"exd6+ e.p.", '+', 10, true}, {"exd6 e.p. # !", '#', 13, true},
		{"exd6 e.p. e.p.", 0, 10, false}, {"exd6 ep", 0, 5, false}, {"exd6 e.p", 0, 5, false},
	} {
		mark, stop, ok := ReadEnd(c.text, 4)
		if mark != c.mark || stop != c.stop || ok != c.ok {
			t.Errorf("ReadEnd(%q, 4) = %q, %d, %v; want %q, %d, %v", c.text, mark, stop, ok, c.mark, c.stop, c.ok)
		}
	}
}
