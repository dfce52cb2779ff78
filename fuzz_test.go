package pacosako

import (
	"errors"
	"testing"
)

// Fuzz targets for the readers that have no test file of their own: the board
// field, the names of squares, colours, roles and rule sets, and Setup. The
// targets of the other readers sit next to their unit tests (FuzzParseFEN in
// fen_test.go, FuzzParseSAN in san_test.go, …); FuzzActionLevel, which plays
// random actions, is in invariants_test.go. Inputs the fuzzer once found failing
// are kept in testdata/fuzz/<target>/ and run with every go test.

// FuzzParseBoard: ParseBoard never panics, fails with a *FENError (field "board")
// wrapping ErrInvalidFEN, and what it reads is written by Board.FEN as a field that
// reads back to the same board (a fixed point); the board's sets agree with its
// cells.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "4k3/8/2q5/8/4O3/2w2B2/8/5K2", "8/8/8/8/8/8/8/_7",
		"8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8", "AHOVYahovy/8/8/8/8/8/8/8", "4k3/8/8/8/8/8/8/4@3", "8/8/8/8/8/8/8/8/", "71/8/8/8/8/8/8/8"} {
		f.Add(s)
	}
	for i, r := range localRows(f, "positions.tsv") {
		if i%16 == 0 {
			f.Add(r[0])
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBoard(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalidFEN) || fe.Field != "board" || fe.Reason == "" {
				t.Fatalf("ParseBoard(%q): bad error %v", s, err)
			}
			return
		}
		w := b.FEN()
		b2, err := ParseBoard(w)
		if err != nil || b2 != b || b2.FEN() != w {
			t.Fatalf("ParseBoard(%q) is written %q, which reads back as %q, %v", s, w, b2.FEN(), err)
		}
		var occ, unions Bitboard
		var byColor [2]Bitboard
		for sq := A1; sq <= H8; sq++ {
			c := b.Cell(sq)
			for col := White; col <= Black; col++ {
				if r := c.Role(col); r != NoRole {
					byColor[col] |= SquareSet(sq)
					if !b.Pieces(col, r).Has(sq) {
						t.Fatalf("%q: %v %v on %v is not in Pieces", w, col, r, sq)
					}
				}
			}
			if !c.IsEmpty() {
				occ |= SquareSet(sq)
			}
			if c.IsUnion() {
				unions |= SquareSet(sq)
			}
		}
		if occ != b.Occupied() || unions != b.Unions() || byColor[White] != b.ByColor(White) || byColor[Black] != b.ByColor(Black) {
			t.Fatalf("%q: the board's sets disagree with its cells", w)
		}
	})
}

// FuzzParseNames: the readers of names never panic, fail with their sentinel, and
// read back what their String writes: ParseSquare, ParseColor, ParseRole,
// ParseRules (Rules.String is a fixed point), and DetectFENDialect.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"e4", "a1", "h8", "i1", "e0", "w", "B", "white", "Black", "Queen", "q", "N", "king", "Pawns",
		"Pacoplay", "rulebook", "Vchess", "VchessPacoplay", "Pacoplay(+Ko)", "Rulebook(-SakoIllegal; no-progress limit 50)",
		"Vchess(no-progress limit off)", "Pacoplay(+Ko +KingUnions; no-progress limit 100)", "Pacoplay(no-progress limit 99999)",
		"Pacoplay()", "Pacoplay(;)", " Vchess (+Ko) ", "Pacoplay(+Ko", "Pacoplay(Ko)", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sq, err := ParseSquare(s); err != nil {
			if !errors.Is(err, ErrInvalidSquare) || sq != NoSquare {
				t.Fatalf("ParseSquare(%q) = %v, %v", s, sq, err)
			}
		} else if !sq.IsValid() || sq.String() != s || NewSquare(sq.File(), sq.Rank()) != sq {
			t.Fatalf("ParseSquare(%q) = %v", s, sq)
		}
		if c, err := ParseColor(s); err != nil {
			if !errors.Is(err, ErrInvalidColor) {
				t.Fatalf("ParseColor(%q): %v", s, err)
			}
		} else if back, err := ParseColor(c.String()); err != nil || back != c || c > Black {
			t.Fatalf("ParseColor(%q) = %v, which reads back as %v, %v", s, c, back, err)
		}
		if r, err := ParseRole(s); err != nil {
			if !errors.Is(err, ErrInvalidRole) || r != NoRole {
				t.Fatalf("ParseRole(%q) = %v, %v", s, r, err)
			}
		} else if back, err := ParseRole(r.String()); err != nil || back != r || r < Pawn || r > King || roleFromLetter(r.Letter()) != r {
			t.Fatalf("ParseRole(%q) = %v, which reads back as %v, %v", s, r, back, err)
		}
		if r, err := ParseRules(s); err != nil {
			if !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("ParseRules(%q): %v", s, err)
			}
		} else {
			w := r.String()
			back, err := ParseRules(w)
			if err != nil || back != r || back.String() != w {
				t.Fatalf("ParseRules(%q) = %v, written %q, which reads back as %v, %v", s, r, w, back, err)
			}
		}
		if d := DetectFENDialect(s); d != EngineDialect && d != VchessDialect && d != ChessDialect {
			t.Fatalf("DetectFENDialect(%q) = %v", s, d)
		}
	})
}

// FuzzSetup: Setup.Position never panics and fails only with ErrInvalidSetup; a
// position it builds gives its setup back (Setup().Position() is Equal), is written
// as a FEN that reads back to the same state (castling rights aside when they do
// not fit the board, which a FEN cannot say), and can be played from: its moves,
// counted and listed, agree, and each move's actions lead to its position.
func FuzzSetup(f *testing.F) {
	f.Add("4k3/8/2q5/8/4O3/2w2B2/8/5K2", uint8(0), uint8(0), uint8(0), uint8(0), uint8(64), 0, uint32(0), uint16(0))
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", uint8(0), uint8(0), uint8(0), uint8(0), uint8(64), 0,
		uint32(0xE7E0A7A0), uint16(0))
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR", uint8(0), uint8(Pawn), uint8(0), uint8(D2), uint8(64), 1,
		uint32(0xE7E0A7A0), uint16(Vchess.Switches()))
	f.Add("4k3/8/8/8/8/8/8/8", uint8(1), uint8(King), uint8(Rook), uint8(E2), uint8(E3), 7, uint32(0), uint16(KingUnions))
	f.Add("2P1k3/8/8/8/8/8/8/4K3", uint8(0), uint8(Rook), uint8(0), uint8(A1), uint8(0), 65535, uint32(0), uint16(Rulebook.Switches()))
	f.Add("8/8/8/8/8/8/8/8", uint8(2), uint8(7), uint8(0), uint8(65), uint8(65), -1, uint32(0xFFFFFFFF), uint16(0xFFFF))
	f.Fuzz(func(t *testing.T, board string, turn, piece, partner, handSq, ep uint8, counter int, castling uint32, switches uint16) {
		b, err := ParseBoard(board)
		if err != nil {
			return
		}
		var cr CastlingRights
		for i := 0; i < 4; i++ {
			if o := castling >> (8 * i); o&0x80 != 0 {
				cr = cr.With(Color(i/2), CastlingSide(i%2), int(o>>3&7), int(o&7))
			}
		}
		s := Setup{Board: b, Turn: Color(turn % 3), Castling: cr, EnPassant: Square(ep % 66), NoProgressCounter: counter,
			Hand:  Hand{Piece: Role(piece % 8), Partner: Role(partner % 8), Square: Square(handSq % 66)},
			Rules: Pacoplay.With(Switch(switches)&(1<<switchCount-1), true)}
		p, err := s.Position()
		if err != nil {
			if !errors.Is(err, ErrInvalidSetup) {
				t.Fatalf("Setup.Position(%+v): error %v does not wrap ErrInvalidSetup", s, err)
			}
			return
		}
		if q, err := p.Setup().Position(); err != nil || !q.Equal(p) || q.Rules() != p.Rules() || q.NoProgressCounter() != p.NoProgressCounter() {
			t.Fatalf("%+v: Setup().Position() = %v, %v; want %v", s, q.FEN(), err, p.FEN())
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%+v: its FEN %q does not read: %v", s, fen, err)
		}
		if q.FEN() != parseFENOrZero(q.FEN()).FEN() {
			t.Fatalf("%+v: FEN %q is not a fixed point", s, fen)
		}
		if q.Board() != p.Board() || q.Turn() != p.Turn() || q.Hand() != p.Hand() || q.step != p.step ||
			q.PendingPromotion() != p.PendingPromotion() || q.EnPassant() != p.EnPassant() || q.NoProgressCounter() != p.NoProgressCounter() {
			t.Fatalf("%+v: FEN %q reads back as %q", s, fen, q.FEN())
		}
		if castlingFits(p) && q.Castling() != p.Castling() {
			t.Fatalf("%+v: FEN %q reads back with castling %v, want %v", s, fen, q.Castling(), p.Castling())
		}
		acts := p.Actions()
		for a := range acts.All() {
			if _, err := p.Apply(a); err != nil {
				t.Fatalf("%s: Apply(%v) of Actions(): %v", fen, a, err)
			}
		}
		if !cheapToSearch(p) {
			return
		}
		moves := p.Moves()
		if n := p.MoveCount(); n != len(moves) {
			t.Fatalf("%s: MoveCount() = %d, len(Moves()) = %d", fen, n, len(moves))
		}
		for i, m := range moves {
			if i == 64 {
				break
			}
			if q, err := p.ApplyAll(m.Actions()); err != nil || !q.Equal(m.After()) {
				t.Fatalf("%s: the actions of %v lead to %v, %v; want %v", fen, m, q.FEN(), err, m.After().FEN())
			}
		}
	})
}

// castlingFits reports whether p's castling rights are what a FEN can say: both
// kings are on the board (ParseFEN drops every right otherwise) and every right's
// king file is its king's file (a FEN names only the rook's file).
func castlingFits(p Position) bool {
	b := p.Board()
	for c := White; c <= Black; c++ {
		k := b.Pieces(c, King)
		if k == 0 {
			return p.Castling().IsEmpty()
		}
		for side := QueenSide; side <= KingSide; side++ {
			if o := p.castling.opt[castlingIndex(c, side)]; o != 0 && int(o>>3&7) != k.First().File() {
				return false
			}
		}
	}
	return true
}

// cheapToSearch reports whether enumerating p's moves is cheap enough for a fuzz
// target: few unions (few chains) and at most two owed promotions (each pawn of the
// side to move on its last rank is promoted in turn, multiplying the moves by 4).
func cheapToSearch(p Position) bool {
	lastRank := Bitboard(0xFF) << (56 * (1 - int(p.Turn())))
	return p.Board().Unions().Count() <= 6 && (p.Board().Pieces(p.Turn(), Pawn)&lastRank).Count() <= 2
}

// TestOneKingCastlingDropped: no reader gives a board with one king castling
// rights — the engine's FEN, vchess's, a chess FEN and a Setup all drop them, as
// the engine does — so the engine FEN a record writes of its set-up reads back
// the same (found by FuzzParseFEN, then by records' FuzzReader for a chess FEN).
func TestOneKingCastlingDropped(t *testing.T) {
	for _, fen := range []string{
		"r3k3/8/8/8/8/8/8/8 b 0 a - -",
		"r3k3/8/8/8/8/8/8/8 b 0 iiai -",
		"r3k3/8/8/8/8/8/8/8 b q - 0 1",
	} {
		p := mustFEN(t, fen)
		if !p.Castling().IsEmpty() {
			t.Errorf("ParseFEN(%q) kept castling %v", fen, p.Castling())
		}
		s := p.Setup()
		s.Castling = s.Castling.With(Black, QueenSide, 4, 0)
		if q, err := s.Position(); err != nil || !q.Castling().IsEmpty() {
			t.Errorf("Setup of %q with a's right: castling %v, %v", fen, q.Castling(), err)
		}
	}
	// With both kings the same right is kept by every reader.
	for _, fen := range []string{"r3k3/8/8/8/8/8/8/4K3 b 0 a - -", "r3k3/8/8/8/8/8/8/4K3 b 0 iiai -", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"} {
		if p := mustFEN(t, fen); !p.Castling().Has(Black, QueenSide) {
			t.Errorf("ParseFEN(%q) lost the right: %v", fen, p.Castling())
		}
	}
}

// TestSetupPawnFileFlags: a Setup under vchess's rules lets every pawn double-step
// from its pawn row, as WithRules does, so that Setup().Position() gives back a
// vchess position whose flags are all set (it gave none: no double step at all).
func TestSetupPawnFileFlags(t *testing.T) {
	p := StartingPosition().WithRules(Vchess)
	q, err := p.Setup().Position()
	if err != nil || !q.Equal(p) || q.MoveCount() != 20 || q.vchessFEN() != p.vchessFEN() {
		t.Fatalf("Setup().Position() = %s (%d moves), %v; want %s (20 moves)", q.vchessFEN(), q.MoveCount(), err, p.vchessFEN())
	}
	r, err := Setup{Board: p.Board(), Castling: p.Castling(), EnPassant: NoSquare, Rules: VchessPacoplay.With(PawnFileFlags, true)}.Position()
	if err != nil || r.MoveCount() != 20 {
		t.Fatalf("a Setup with PawnFileFlags has %d moves, %v; want 20", r.MoveCount(), err)
	}
}
