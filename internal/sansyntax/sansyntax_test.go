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
