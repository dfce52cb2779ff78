package polyglot

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// The format's encoding, bit by bit: to in bits 0-5, from in 6-11, promotion in
// 12-14 (1 knight … 4 queen), castling as king takes rook.
func TestEncodeMoveKnown(t *testing.T) {
	tests := []struct {
		fen, uci string
		want     Move
		text     string
	}{
		{atomic.StartFEN, "e2e4", 28 | 12<<6, "e2e4"},
		{atomic.StartFEN, "g1f3", 21 | 6<<6, "g1f3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 7 | 4<<6, "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0 | 4<<6, "e1a1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 63 | 60<<6, "e8h8"},
		{"8/1P6/8/8/8/8/5k2/K7 w - - 0 1", "b7b8q", 57 | 49<<6 | 4<<12, "b7b8q"},
		{"8/1P6/8/8/8/8/5k2/K7 w - - 0 1", "b7b8n", 57 | 49<<6 | 1<<12, "b7b8n"},
		{"2r5/1P6/8/8/8/8/5k2/K7 w - - 0 1", "b7c8r", 58 | 49<<6 | 3<<12, "b7c8r"},
		{"2r5/1P6/8/8/8/8/5k2/K7 w - - 0 1", "b7b8b", 57 | 49<<6 | 2<<12, "b7b8b"},
	}
	for _, tc := range tests {
		p := atomic.MustParseFEN(tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.fen, tc.uci, err)
		}
		got := EncodeMove(m)
		if got != tc.want || got.String() != tc.text {
			t.Errorf("%s %s: EncodeMove = %#04x %q, want %#04x %q", tc.fen, tc.uci, uint16(got), got, uint16(tc.want), tc.text)
		}
		back, err := got.In(p)
		if err != nil || back != m {
			t.Errorf("%s: %s.In = %v, %v; want %v", tc.fen, got, back, err, m)
		}
	}
}

// A Chess960 castling is king takes rook, and the king's step onto the
// castling square of standard chess is not castling in a book.
func TestChess960Castling(t *testing.T) {
	p := atomic.MustParseFEN("1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1")
	var castles []atomic.Move
	for _, m := range p.Moves() {
		if m.IsCastling() {
			castles = append(castles, m)
		}
	}
	if len(castles) != 2 {
		t.Fatalf("castling moves of %s: %v, want 2", p.FEN(), castles)
	}
	want := map[string]bool{"f1g1": true, "f1b1": true}
	for _, m := range castles {
		e := EncodeMove(m)
		if !want[e.String()] {
			t.Errorf("castling %v encodes as %s, want one of f1g1 f1b1", m, e)
		}
		if back, err := e.In(p); err != nil || back != m {
			t.Errorf("%s.In = %v, %v; want %v", e, back, err, m)
		}
	}
	// Standard castling written king to target is not a book move.
	q := atomic.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	_, err := Move(6 | 4<<6).In(q)
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.Move.String() != "e1g1" || me.FEN != q.FEN() {
		t.Errorf("e1g1 in %s: %v, want a *MoveError naming e1g1 and the FEN", q.FEN(), err)
	}
}

// Every legal move of every reference position encodes and decodes to itself,
// and no two moves of a position share an encoding.
func TestEncodeRoundTrip(t *testing.T) {
	paths := []string{"../atomic/testdata/positions.tsv"}
	if _, err := os.Stat(sharedAtomic + "/positions.tsv"); err == nil {
		paths = append(paths, sharedAtomic+"/positions.tsv")
	} else {
		t.Logf("%s absent: the module's positions only", sharedAtomic)
	}
	n := 0
	for _, path := range paths {
		for _, row := range testkit.Rows(t, path) {
			p, err := atomic.ParseFEN(row[0])
			if err != nil {
				t.Fatalf("%s: %v", row[0], err)
			}
			seen := map[Move]atomic.Move{}
			for _, m := range p.Moves() {
				e := EncodeMove(m)
				if !e.Valid() {
					t.Fatalf("%s %v: encoding %#04x not Valid", row[0], m, uint16(e))
				}
				if o, dup := seen[e]; dup {
					t.Fatalf("%s: %v and %v both encode as %s", row[0], o, m, e)
				}
				seen[e] = m
				back, err := e.In(p)
				if err != nil || back != m {
					t.Fatalf("%s: %v → %s → %v, %v", row[0], m, e, back, err)
				}
				n++
			}
		}
	}
	// The module's positions have 654 moves; the shared ones bring 8,483 in all.
	want := 600
	if len(paths) > 1 {
		want = 8000
	}
	if n < want {
		t.Fatalf("only %d moves checked of %d files, want at least %d", n, len(paths), want)
	}
}

func TestMoveInErrors(t *testing.T) {
	p := atomic.StartingPosition()
	tests := []struct {
		m   Move
		lib bool // the library's *atomic.MoveError says why, not the book's encoding
	}{
		{0, false},                  // a1a1
		{28 | 12<<6 | 5<<12, false}, // promotion code 5
		{28 | 12<<6 | 1<<15, false}, // bit 15
		{36 | 12<<6, true},          // e2e5
		{28 | 52<<6, true},          // e7e5: Black's pawn
		{20 | 12<<6 | 4<<12, true},  // e2e3q
	}
	for _, tc := range tests {
		_, err := tc.m.In(p)
		// One kind, whichever package found the move illegal.
		if !errors.Is(err, ErrIllegalMove) || !errors.Is(err, atomic.ErrIllegalMove) || !errors.Is(err, pacosako.ErrIllegalMove) ||
			errors.Is(err, ErrInvalidBook) || errors.Is(err, atomic.ErrInvalidNotation) {
			t.Errorf("%s.In(start) = %v, want only the kind illegal move", tc.m, err)
		}
		var me *MoveError
		var ame *atomic.MoveError
		if !errors.As(err, &me) || errors.As(err, &ame) != tc.lib || !strings.HasPrefix(err.Error(), "polyglot: illegal book move "+tc.m.String()+" in ") {
			t.Errorf("%s.In(start) = %q: want a *MoveError, the library's *atomic.MoveError %v", tc.m, err, tc.lib)
		}
	}
	if s := Move(0).String(); s != "0x0000" {
		t.Errorf("Move(0).String() = %q", s)
	}
	if r := Move(28 | 12<<6 | 7<<12).Promotion(); r != pacosako.NoRole {
		t.Errorf("promotion code 7 = %v, want NoRole", r)
	}
}
