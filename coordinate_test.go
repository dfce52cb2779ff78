package pacosako

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Tests of coordinate notation (issue 4, item 3): the examples of the
// documentation, the round trip of every move of every position of moves.tsv
// (and of the positions in the middle of those moves and after them), the
// reference action paths, longer paths to the same move, errors, and a fuzz test.

func TestCoordinateExamples(t *testing.T) {
	tests := []struct {
		text    string
		actions string
	}{
		{"e2e4", "Lift(e2) Place(e4)"},
		{"f3e4c3c6", "Lift(f3) Place(e4) Place(c3) Place(c6)"},
		{"e1g1", "Lift(e1) Place(g1)"},
		{"c7c8q", "Lift(c7) Place(c8) Promote(Queen)"},
		{"c7c8n", "Lift(c7) Place(c8) Promote(Knight)"},
		{"e2d1qd2", "Lift(e2) Place(d1) Promote(Queen) Place(d2)"},
		{"c7c8bb7", "Lift(c7) Place(c8) Promote(Bishop) Place(b7)"},
		{"c7c8bb7b8r", "Lift(c7) Place(c8) Promote(Bishop) Place(b7) Place(b8) Promote(Rook)"},
		{"a2b1ba1", "Lift(a2) Place(b1) Promote(Bishop) Place(a1)"},
		{"=nh1h8g6", "Promote(Knight) Lift(h1) Place(h8) Place(g6)"},
		{"=bb1b2", "Promote(Bishop) Lift(b1) Place(b2)"},
		{"=qh1h8q", "Promote(Queen) Lift(h1) Place(h8) Promote(Queen)"},
		{"-c3c6", "Place(c3) Place(c6)"},
		{"-qd2", "Promote(Queen) Place(d2)"},
		{"-bb2", "Promote(Bishop) Place(b2)"},
		{"-b2", "Place(b2)"},
		{"-b2b", "Place(b2) Promote(Bishop)"},
		{"-c8qb7", "Place(c8) Promote(Queen) Place(b7)"},
		// Unfinished moves (Game.Pending): valid text, never a complete move.
		{"e2", "Lift(e2)"},
		{"=n", "Promote(Knight)"},
		{"=rh1", "Promote(Rook) Lift(h1)"},
	}
	for _, tc := range tests {
		want, err := ParseActions(tc.actions)
		if err != nil {
			t.Fatal(err)
		}
		got, err := coordActions(tc.text)
		if err != nil {
			t.Errorf("coordActions(%q): %v", tc.text, err)
		} else if !slices.Equal(got, want) {
			t.Errorf("coordActions(%q) = %v, want %v", tc.text, FormatActions(got), tc.actions)
		}
		text, err := formatCoordinate(want)
		if err != nil || text != tc.text {
			t.Errorf("formatCoordinate(%s) = %q, %v; want %q", tc.actions, text, err, tc.text)
		}
	}
	if s, err := formatCoordinate(nil); s != "" || err != nil {
		t.Errorf("formatCoordinate(nil) = %q, %v; want \"\", nil", s, err)
	}
	if s := (Move{}).Coordinate(); s != "" {
		t.Errorf("Move{}.Coordinate() = %q, want \"\"", s)
	}
}

// coordinateRoundTrip checks that every move of p is written and read back to the
// same move, and returns how many moves it checked.
func coordinateRoundTrip(t *testing.T, p Position) int {
	t.Helper()
	moves := p.Moves()
	for _, m := range moves {
		s := m.Coordinate()
		acts, err := coordActions(s)
		if err != nil {
			t.Errorf("%s: coordActions(%q) of %v: %v", p.FEN(), s, m, err)
			continue
		}
		if !slices.Equal(acts, m.Actions()) {
			t.Errorf("%s: %q reads as %v, want %v", p.FEN(), s, FormatActions(acts), m)
		}
		got, err := p.ParseCoordinate(s)
		if err != nil {
			t.Errorf("%s: ParseCoordinateMove(%q) of %v: %v", p.FEN(), s, m, err)
			continue
		}
		if !got.After().Equal(m.After()) || got.Coordinate() != s {
			t.Errorf("%s: %q gives %v (%s), want %v (%s)", p.FEN(), s, got, got.After().FEN(), m, m.After().FEN())
		}
	}
	return len(moves)
}

// TestCoordinateMovesTSV writes every move of every position of moves.tsv in
// coordinate notation and reads it back to the same move. It also reads the
// engine's action path of every row (written with FormatCoordinate) to the row's
// resulting position, and round-trips the moves of two kinds of positions the
// file's start positions do not have: the states in the middle of each move
// (continuations, "-…") and the positions after a move that leave the opponent a
// promotion to make ("=…").
func TestCoordinateMovesTSV(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	bothRows(t, "moves.tsv", "moves.tsv", func(t *testing.T, rows [][]string) {
		byFEN := map[string][][]string{}
		var fens []string
		for _, r := range rows {
			if _, ok := byFEN[r[0]]; !ok {
				fens = append(fens, r[0])
			}
			byFEN[r[0]] = append(byFEN[r[0]], r)
		}
		var fresh, owed, continued, paths int
		midSeen := map[uint64]bool{}
		for i, fen := range fens {
			if raceEnabled && len(fens) > 100 && i%16 != 0 {
				continue // a quarter of the shared set under the race detector (about tenfold slower; nothing shared here)
			}
			p := mustFEN(t, fen)
			for _, r := range byFEN[fen] {
				acts, err := ParseActions(r[2])
				if err != nil {
					t.Fatal(err)
				}
				s, err := formatCoordinate(acts)
				if err != nil {
					t.Errorf("%s: formatCoordinate(%s): %v", fen, r[2], err)
					continue
				}
				m, err := p.ParseCoordinate(s)
				if err != nil {
					t.Errorf("%s: ParseCoordinateMove(%q): %v", fen, s, err)
					continue
				}
				if got := m.After().FEN(); got != r[1] || pendingString(m.After()) != r[5] {
					t.Errorf("%s: %q leads to %s %s, want %s %s", fen, s, got, pendingString(m.After()), r[1], r[5])
				}
				paths++
			}
			n := coordinateRoundTrip(t, p)
			if n != len(byFEN[fen]) {
				t.Errorf("%s: %d moves, moves.tsv has %d", fen, n, len(byFEN[fen]))
			}
			fresh += n
			for _, m := range p.Moves() {
				if a := m.After(); a.step == requirePromoteThenLift && !a.Outcome().IsOver() {
					owed += coordinateRoundTrip(t, a)
				}
				q := p
				for i := 0; i < m.Len()-1; i++ {
					q.apply(m.path()[i])
					if i == 0 && m.path()[0].Kind == PromoteKind {
						continue // after an owed promotion the position waits for a lift
					}
					if h := q.Hash(); !midSeen[h] {
						midSeen[h] = true
						continued += coordinateRoundTrip(t, q)
					}
				}
			}
		}
		if owed == 0 || continued == 0 {
			t.Errorf("no owed promotions (%d) or continuations (%d) tested", owed, continued)
		}
		t.Logf("%d positions, %d reference paths read; round-tripped %d moves, %d moves after an owed promotion, %d continuations from %d mid-move states",
			len(fens), paths, fresh, owed, continued, len(midSeen))
	})
}

// A longer chain to the same resulting position is the same move: in
// 4k3/8/8/8/c7/8/8/R3K3 the rook a1 can go to a2 directly, or take over the union
// on a4 and send the released rook to a2, which leaves the same position.
func TestCoordinateLongerPath(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/c7/8/8/R3K3 w 0 - - -")
	for _, tc := range []struct{ text, want string }{
		{"a1a4a2", "a1a2"},
		{"a1a4a3", "a1a3"},
		{"a1a2", "a1a2"},
		{"a1a4a1", "a1a4a1"},
	} {
		m, err := p.ParseCoordinate(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if m.Coordinate() != tc.want {
			t.Errorf("%q gives %q (%v), want %q", tc.text, m.Coordinate(), m, tc.want)
		}
		if !slices.ContainsFunc(p.Moves(), func(l Move) bool { return l.After().Equal(m.After()) && l.Len() == m.Len() }) {
			t.Errorf("%q: %v is not a move of Moves", tc.text, m)
		}
	}
	// The same in the middle of the move, with the rook a1 in the hand.
	q := mustFEN(t, "4k3/8/8/8/c7/8/8/4K3^a1R w 1 - - -")
	if m := mustCoordinate(t, q, "-a4a2"); m.Coordinate() != "-a2" {
		t.Errorf(`"-a4a2" gives %q, want "-a2"`, m.Coordinate())
	}
}

// Special moves in coordinate notation: castling, en passant, promotions (own pawn
// at the end of the move and mid-chain, a carried pawn at the start of the turn),
// and the continuation of a move in progress.
func TestCoordinateSpecialMoves(t *testing.T) {
	tests := []struct {
		name, fen, text, after string
	}{
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -", "e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b 1 ah - -"},
		{"castling queen side", "r3k2r/8/8/8/8/8/8/R3K2R b 0 AHah - -", "e8c8", "2kr3r/8/8/8/8/8/8/R3K2R w 1 AH - -"},
		{"en passant", "4k3/8/8/3Pp3/8/8/8/4K3 w 0 - e6 -", "d5e6", "4k3/8/4a3/8/8/8/8/4K3 b 0 - - -"},
		{"promotion", "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -", "c7c8q", "2Q1k3/8/8/8/8/8/8/4K3 b 0 - - -"},
		{"promotion mid-chain", "4k3/8/8/8/8/8/4p3/3l1K2 b 0 - - -", "e2d1qd2", "4k3/8/8/8/8/8/3r4/3y1K2 w 0 - - -"},
		{"owed promotion", "4k3/8/8/8/8/8/8/2p1K2R b 0 - - -", "=nc1d3", "4k3/8/8/8/8/3n4/8/4K2R w 1 - - -"},
		{"continuation", "4k3/8/8/8/c7/8/8/4K3^a1R w 1 - - -", "-a3", "4k3/8/8/8/c7/R7/8/4K3 b 1 - - -"},
		{"continuation of a chain", "4k3/8/8/8/c7/8/8/4K3^a1R w 1 - - -", "-a4b4", "4k3/8/8/8/cR6/8/8/4K3 b 1 - - -"},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseCoordinate(tc.text)
		if err != nil {
			t.Errorf("%s: %q: %v", tc.name, tc.text, err)
			continue
		}
		if got := m.After().FEN(); got != tc.after {
			t.Errorf("%s: %q leads to %s, want %s", tc.name, tc.text, got, tc.after)
		}
		if m.Coordinate() != tc.text {
			t.Errorf("%s: %q gives the move %q (%v)", tc.name, tc.text, m.Coordinate(), m)
		}
	}
}

// A move that is a single promotion (a pawn that ended its move on its last rank,
// requirePromoteThenFinish) is written "-q"; "=q" is an owed promotion at the start
// of the turn, which is never a whole move.
func TestCoordinatePromotionOnly(t *testing.T) {
	p := mustFEN(t, "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -")
	p, err := p.ApplyAll([]Action{Lift(C7), Place(C8)})
	if err != nil {
		t.Fatal(err)
	}
	if p.step != requirePromoteThenFinish {
		t.Fatalf("required %v", p.step)
	}
	var texts []string
	for _, m := range p.Moves() {
		texts = append(texts, m.Coordinate())
	}
	if want := []string{"-n", "-b", "-r", "-q"}; !slices.Equal(texts, want) {
		t.Errorf("moves %q, want %q", texts, want)
	}
	if m, err := p.ParseCoordinate("-q"); err != nil || m.After().FEN() != "2Q1k3/8/8/8/8/8/8/4K3 b 0 - - -" {
		t.Errorf(`"-q": %v, %v`, m.After().FEN(), err)
	}
	if _, err := p.ParseCoordinate("=q"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf(`"=q" mid-move: %v, want ErrIllegalMove`, err)
	}
	owed := mustFEN(t, "4k3/8/8/8/8/8/8/2p1K2R b 0 - - -")
	if _, err := owed.ParseCoordinate("-q"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf(`"-q" at the start of the turn: %v, want ErrIllegalMove`, err)
	}
	if _, err := owed.ParseCoordinate("=q"); !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), "not complete") {
		t.Errorf(`"=q" alone: %v, want an incomplete move`, err)
	}
}

func TestParseCoordinateErrors(t *testing.T) {
	tests := []struct {
		text   string
		offset int
		reason string
	}{
		{"", 0, "empty"},
		{"e", 1, "rank"},
		{"e9e4", 1, "rank digit"},
		{"e2e", 3, "rank"},
		{"e2e0", 3, "rank digit"},
		{"i2e4", 0, "want a square"},
		{"E2E4", 0, "lower case"},
		{"e2E4", 2, "lower case"},
		{"c7c8Q", 4, "lower case"},
		{"e2qe4", 2, "not the lift square"},
		{"c7c8qq", 5, "two promotions"},
		{"c7c8qk", 5, "want a square"},
		{"c7c8k", 4, "want a square"},
		{"q", 0, "lift square"},
		{"qe2e4", 0, "lift square"},
		{"b", 0, "lift square"},
		{"bb", 0, "lift square"},
		{"b2b", 2, "not the lift square"},
		{"=", 1, "promotion letter"},
		{"=k", 1, "promotion letter"},
		{"=Q", 1, "promotion letter"},
		{"=e2e4", 1, "promotion letter"},
		{"=qq", 2, "two promotions"},
		{"=qe2q", 4, "not the lift square"},
		{"=b2", 2, "want a square"},
		{"-", 1, "followed by"},
		{"-qq", 2, "two promotions"},
		{"--e4", 1, "want a square"},
		{"-=qe4", 1, "want a square"},
		{"e2-e4", 2, "want a square"},
		{"e2 e4", 2, "byte 0x20"},
		{"e2e4 ", 4, "byte 0x20"},
		{" e2e4", 0, "byte 0x20"},
		{"e2e4\n", 4, "byte 0x0a"},
		{"e2x4", 2, "want a square"},
		{"e2e4x", 4, "want a square"},
		{"Lift(e2)", 0, "want a square"},
		{"e2e4+", 4, `'+'`},
		{"é2", 0, "byte 0xc3"},
	}
	for _, tc := range tests {
		acts, err := coordActions(tc.text)
		var ne *NotationError
		if !errors.As(err, &ne) || !errors.Is(err, ErrInvalidNotation) {
			t.Errorf("coordActions(%q) = %v, %v; want a *NotationError", tc.text, acts, err)
			continue
		}
		if ne.Offset != tc.offset || ne.Notation != "coordinate" || ne.Input != tc.text || !strings.Contains(ne.Reason, tc.reason) {
			t.Errorf("coordActions(%q): offset %d, reason %q; want offset %d, reason containing %q", tc.text, ne.Offset, ne.Reason, tc.offset, tc.reason)
		}
		// The same error from a position.
		if _, err2 := StartingPosition().ParseCoordinate(tc.text); !errors.As(err2, &ne) {
			t.Errorf("ParseCoordinateMove(%q) = %v, want a *NotationError", tc.text, err2)
		}
	}
}

func TestParseCoordinateMoveIllegal(t *testing.T) {
	tests := []struct {
		name, fen, text, reason string
	}{
		{"no such move", StartFEN, "e2e5", "action 2, Place(e5), is not legal"},
		{"empty square", StartFEN, "e4e5", "action 1, Lift(e4), is not legal"},
		{"opponent's piece", StartFEN, "e7e5", "action 1, Lift(e7)"},
		{"incomplete", StartFEN, "e2", "not complete"},
		{"text after the move", StartFEN, "e2e4e5", "the move ends after action 2"},
		{"promotion that is not due", StartFEN, "e2e4q", "ends after action 2"},
		{"owed promotion not owed", StartFEN, "=qe2e4", "waits for a lift"},
		{"continuation without a move in progress", StartFEN, "-e4", "waits for a lift"},
		{"fresh move when a promotion is owed", "4k3/8/8/8/8/8/8/2p1K2R b 0 - - -", "e8d8", "owes a promotion"},
		{"fresh move in the middle of a move", "4k3/8/8/8/c7/8/8/4K3^a1R w 1 - - -", "a1a2", "in progress"},
		{"incomplete chain", "4k3/8/8/8/c7/8/8/R3K3 w 0 - - -", "a1a4", "not complete"},
		{"promotion missing", "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -", "c7c8", "not complete"},
		{"promotion mid-chain missing", "4k3/8/8/8/8/8/4p3/3l1K2 b 0 - - -", "e2d1d2", "action 3, Place(d2), is not legal"},
		{"game over", "4k3/8/8/8/8/8/8/4K3 w 0 - - -", "", ""},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		if tc.name == "game over" {
			// The white rook unites with the black king: Paco.
			p = mustFEN(t, "4k3/8/8/8/8/8/8/4R1K1 w 0 - - -")
			var err error
			p, err = p.Play(mustCoordinate(t, p, "e1e8"))
			if err != nil || !p.Outcome().IsOver() {
				t.Fatalf("Paco: %v, over %v", err, p.Outcome().IsOver())
			}
			tc.text, tc.reason = "e8e7", "the game has ended (White wins by Paco)"
		}
		_, err := p.ParseCoordinate(tc.text)
		var me *MoveError
		want := ErrIllegalMove
		if p.Outcome().IsOver() {
			want = ErrGameOver
		}
		if !errors.As(err, &me) || !errors.Is(err, want) {
			t.Errorf("%s: %q: %v, want a *MoveError wrapping %v", tc.name, tc.text, err, want)
			continue
		}
		if me.Input != tc.text || me.FEN != p.FEN() || !strings.Contains(me.Reason, tc.reason) {
			t.Errorf("%s: %q: %+v, want reason containing %q", tc.name, tc.text, me, tc.reason)
		}
	}
}

func mustCoordinate(t testing.TB, p Position, s string) Move {
	t.Helper()
	m, err := p.ParseCoordinate(s)
	if err != nil {
		t.Fatalf("%s: %q: %v", p.FEN(), s, err)
	}
	return m
}

func TestFormatCoordinateErrors(t *testing.T) {
	tests := []struct {
		name    string
		actions []Action
		want    error
	}{
		{"zero action", []Action{{}}, ErrInvalidAction},
		{"bad square", []Action{Lift(NoSquare), Place(E4)}, ErrInvalidAction},
		{"bad place square", []Action{Lift(E2), Place(Square(99))}, ErrInvalidAction},
		{"promote to king", []Action{Lift(C7), Place(C8), Promote(King)}, ErrInvalidAction},
		{"promote to pawn first", []Action{Promote(Pawn), Lift(C7)}, ErrInvalidAction},
		{"two lifts", []Action{Lift(E2), Lift(E4)}, ErrInvalidNotation},
		{"lift after place", []Action{Lift(E2), Place(E4), Lift(E7)}, ErrInvalidNotation},
		{"lift in a continuation", []Action{Place(E4), Lift(E7)}, ErrInvalidNotation},
		{"promotion after the lift", []Action{Lift(E2), Promote(Queen)}, ErrInvalidNotation},
		{"two promotions", []Action{Lift(C7), Place(C8), Promote(Queen), Promote(Rook)}, ErrInvalidNotation},
		{"two promotions first", []Action{Promote(Queen), Promote(Rook)}, ErrInvalidNotation},
		{"owed promotion, lift later", []Action{Promote(Queen), Lift(H1), Place(H8), Lift(H8)}, ErrInvalidNotation},
	}
	for _, tc := range tests {
		s, err := formatCoordinate(tc.actions)
		if !errors.Is(err, tc.want) || s != "" {
			t.Errorf("%s: formatCoordinate(%v) = %q, %v; want an error wrapping %v", tc.name, tc.actions, s, err, tc.want)
		}
	}
}

// FuzzParseCoordinate checks that reading coordinate text never panics, that an
// error is a *NotationError with an offset inside the text, that a text that reads
// is written back by FormatCoordinate and reads again as the same actions (a fixed
// point), and that reading it as a move of a few positions never panics and gives
// either a move whose own text leads to it or a typed error.
func FuzzParseCoordinate(f *testing.F) {
	for _, s := range []string{"e2e4", "f3e4c3c6", "c7c8q", "e2d1qd2", "=nh1h8g6", "-c3c6", "-qd2", "-q", "=q",
		"c7c8bb7", "a1a4a2", "e1g1", "", "=", "-", "e2", "e2qe4", "E2E4", "b", "=b2", "a1a4a1", "e2d1bb2c3"} {
		f.Add(s)
	}
	positions := []Position{
		StartingPosition(),
		MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"),
		MustParseFEN("4k3/8/8/8/8/8/4p3/3l1K2 b 0 - - -"),
		MustParseFEN("4k3/8/8/8/8/8/8/2p1K2R b 0 - - -"),
		MustParseFEN("4k3/8/8/8/c7/8/8/4K3^a1R w 1 - - -"),
		MustParseFEN("4k3/8/8/8/c7/8/8/R3K3 w 0 - - -"),
	}
	f.Fuzz(func(t *testing.T, s string) {
		acts, err := coordActions(s)
		if err != nil {
			var ne *NotationError
			if !errors.As(err, &ne) || !errors.Is(err, ErrInvalidNotation) || ne.Offset < 0 || ne.Offset > len(s) || ne.Input != s {
				t.Fatalf("coordActions(%q): bad error %#v", s, err)
			}
		} else {
			w, err := formatCoordinate(acts)
			if err != nil {
				t.Fatalf("formatCoordinate(%v) of %q: %v", acts, s, err)
			}
			if w != s && !(len(acts) == 1 && acts[0].Kind == PromoteKind) {
				t.Fatalf("%q reads as %v, written back as %q", s, FormatActions(acts), w)
			}
			again, err := coordActions(w)
			if err != nil || !slices.Equal(again, acts) {
				t.Fatalf("%q -> %v -> %q -> %v, %v", s, FormatActions(acts), w, FormatActions(again), err)
			}
		}
		for _, p := range positions {
			m, err := p.ParseCoordinate(s)
			if err != nil {
				if !errors.Is(err, ErrInvalidNotation) && !errors.Is(err, ErrIllegalMove) {
					t.Fatalf("%s: %q: untyped error %v", p.FEN(), s, err)
				}
				continue
			}
			m2, err := p.ParseCoordinate(m.Coordinate())
			if err != nil || !m2.After().Equal(m.After()) {
				t.Fatalf("%s: %q gives %v, whose text %q gives %v, %v", p.FEN(), s, m, m.Coordinate(), m2, err)
			}
		}
	})
}

// TestCoordinateHistories writes every half-move of every history of
// game_histories.tsv in coordinate notation and reads it back in the position
// before it, to the position after it; a trailing unfinished half-move is written
// with FormatCoordinate and read back to its actions.
func TestCoordinateHistories(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		n := 0
		for _, h := range hist {
			name, start, text := h[0], h[1], h[2]
			acts, err := ParseActions(text)
			if err != nil {
				t.Fatal(err)
			}
			pos := StartingPosition()
			if start != "new" {
				pos = mustFEN(t, start)
			}
			g, err := NewGame(pos, WithRepetitionLimit(0)).ApplyAll(acts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for i, m := range g.PlayedMoves() {
				before, _ := g.PositionAt(i)
				s := m.Coordinate()
				got, err := before.ParseCoordinate(s)
				if err != nil || !got.After().Equal(m.After()) {
					t.Errorf("%s: half-move %d, %q (%v): %v, %v", name, i+1, s, m, got, err)
				}
				n++
			}
			if p := g.PendingActions(); len(p) > 0 {
				s, err := formatCoordinate(p)
				back, err2 := coordActions(s)
				if err != nil || err2 != nil || !slices.Equal(back, p) {
					t.Errorf("%s: pending %v: %q, %v, %v", name, p, s, err, err2)
				}
			}
		}
		t.Logf("%d histories, %d half-moves round-tripped", len(hist), n)
	})
}

// coordActions reads coordinate notation into its actions, checking the shape only.
func coordActions(s string) ([]Action, error) {
	actions, _, err := parseCoordinate(s)
	return actions, err
}
