package pacosako

import (
	"errors"
	"testing"
)

func TestParseDiagram(t *testing.T) {
	tests := []struct {
		text  string
		board string // Board.FEN of the result
		marks string // Bitboard.String of the marks
		out   string // Diagram.String
	}{
		// The rules pages' diagrams (../shared/seeds): Paco Ŝako's, and the marked one of
		// the Atomic page.
		{"fen:4k3/8/2q5/8/4O3/2w2B2/8/5K2:", "4k3/8/2q5/8/4o3/2w2B2/8/5K2", "", "fen:4k3/8/2q5/8/4o3/2w2B2/8/5K2:"},
		{"fen:4k3/8/2Y5/8/4s3/2S5/8/5K2:", "4k3/8/2y5/8/4s3/2S5/8/5K2", "", "fen:4k3/8/2y5/8/4s3/2S5/8/5K2:"},
		{"fen:r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR:", "r1q1k2r/p1Pb1ppp/5n2/1f1p4/av5P/2dDP3/P2B1PP1/R3K1NR", "",
			"fen:r1q1k2r/p1Pb1ppp/5n2/1f1p4/av5P/2dDP3/P2B1PP1/R3K1NR:"},
		{"fen:r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR:", "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR", "",
			"fen:r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR:"},
		{"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:", "rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2", "a5,b7",
			"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:"},
		// Marks are a set: sorted by name on output, duplicates merged.
		{"fen:8/8/8/8/8/8/8/8 h8,a1,e4,a1:", "8/8/8/8/8/8/8/8", "a1,e4,h8", "fen:8/8/8/8/8/8/8/8 a1,e4,h8:"},
		// "-" is no marks (vchess writes it when a later field follows).
		{"fen:8/8/8/8/8/8/8/8 -:", "8/8/8/8/8/8/8/8", "", "fen:8/8/8/8/8/8/8/8:"},
		// White space around the text, and runs of blanks around the marks.
		{"  fen:8/8/8/8/8/8/8/K7 \t b2 :\n", "8/8/8/8/8/8/8/K7", "b2", "fen:8/8/8/8/8/8/8/K7 b2:"},
		{"fen:8/8/8/8/8/8/8/K7 :", "8/8/8/8/8/8/8/K7", "", "fen:8/8/8/8/8/8/8/K7:"},
		// The two kings in one union.
		{"fen:8/8/8/8/8/8/8/_7:", "8/8/8/8/8/8/8/_7", "", "fen:8/8/8/8/8/8/8/_7:"},
	}
	for _, tt := range tests {
		d, err := ParseDiagram(tt.text)
		if err != nil {
			t.Errorf("ParseDiagram(%q): %v", tt.text, err)
			continue
		}
		if got := d.Board.FEN(); got != tt.board {
			t.Errorf("ParseDiagram(%q).Board = %s, want %s", tt.text, got, tt.board)
		}
		if got := d.Marks.String(); got != tt.marks {
			t.Errorf("ParseDiagram(%q).Marks = %q, want %q", tt.text, got, tt.marks)
		}
		if got := d.String(); got != tt.out {
			t.Errorf("ParseDiagram(%q).String() = %q, want %q", tt.text, got, tt.out)
		}
	}
}

func TestParseDiagramCells(t *testing.T) {
	// The second rules-page diagram: a union of two queens on c6 (written Y), the
	// bishop with the black knight on e4 (s), the knight with the black bishop on c3
	// (S).
	d, err := ParseDiagram("fen:4k3/8/2Y5/8/4s3/2S5/8/5K2:")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sq   Square
		want Cell
	}{
		{C6, Cell{White: Queen, Black: Queen}},
		{E4, Cell{White: Bishop, Black: Knight}},
		{C3, Cell{White: Knight, Black: Bishop}},
		{E8, Cell{Black: King}},
		{F1, Cell{White: King}},
		{A1, Cell{}},
	} {
		if got := d.Board.Cell(c.sq); got != c.want {
			t.Errorf("cell %v = %+v, want %+v", c.sq, got, c.want)
		}
	}
	if d.Marks != 0 {
		t.Errorf("marks = %v, want none", d.Marks)
	}
	if got := (Diagram{}).String(); got != "fen:8/8/8/8/8/8/8/8:" {
		t.Errorf("zero Diagram = %q", got)
	}
}

func TestParseDiagramErrors(t *testing.T) {
	const board = "8/8/8/8/8/8/8/8"
	tests := []struct {
		text   string
		offset int // -1: a board error (*FENError)
	}{
		{"", 0},
		{"   ", 3},
		{board, 0},
		{"FEN:" + board + ":", 0},
		{" x", 1},
		{"fen:" + board, 19},
		{"fen:" + board + " ", 19},
		{"fen:" + board + " a5", 22},
		{"fen:" + board + " a5,", 23},
		{"fen:" + board + " a5,:", 23},
		{"fen:" + board + " a9:", 20},
		{"fen:" + board + " A5:", 20},
		{"fen:" + board + " a5 b7:", 23},
		{"fen:" + board + " a5;b7:", 22},
		{"fen:" + board + " a5,,b7:", 23},
		{"fen:" + board + " a5,b7 w:", 26},
		{"fen:" + board + " - w:", 22},
		{"fen:" + board + "::", 20},
		{"fen:" + board + ":x", 20},
		{"fen:" + board + " a1:fen:" + board + ":", 23},
		{"fen:8/8/8/8/8/8/8:", -1},
		{"fen:9/8/8/8/8/8/8/8:", -1},
		{"fen:8/8/8/8/8/8/8/8^e4P:", -1},
		{"fen::", -1},
		{"fen: a1:", -1},
	}
	for _, tt := range tests {
		d, err := ParseDiagram(tt.text)
		if err == nil {
			t.Errorf("ParseDiagram(%q) = %v, want an error", tt.text, d)
			continue
		}
		if tt.offset < 0 {
			var fe *FENError
			if !errors.Is(err, ErrInvalidFEN) || !errors.As(err, &fe) || fe.Field != "board" {
				t.Errorf("ParseDiagram(%q): %v, want a *FENError on the board", tt.text, err)
			}
			continue
		}
		var ne *NotationError
		if !errors.Is(err, ErrInvalidNotation) || !errors.As(err, &ne) {
			t.Errorf("ParseDiagram(%q): %v, want a *NotationError", tt.text, err)
			continue
		}
		if ne.Notation != "diagram" || ne.Input != tt.text || ne.Offset != tt.offset {
			t.Errorf("ParseDiagram(%q): %v (offset %d), want notation diagram, offset %d", tt.text, err, ne.Offset, tt.offset)
		}
	}
}

func FuzzParseDiagram(f *testing.F) {
	for _, s := range []string{
		"fen:4k3/8/2q5/8/4O3/2w2B2/8/5K2:",
		"fen:4k3/8/2Y5/8/4s3/2S5/8/5K2:",
		"fen:r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR:",
		"fen:rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 a5,b7:",
		"fen:8/8/8/8/8/8/8/8 -:",
		" fen:8/8/8/8/8/8/8/_7\th8 : ",
		"fen:8/8/8/8/8/8/8/8 a5,b7 w:",
		"fen:",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		d, err := ParseDiagram(text)
		if err != nil {
			var ne *NotationError
			var fe *FENError
			switch {
			case errors.As(err, &ne):
				if !errors.Is(err, ErrInvalidNotation) || ne.Offset < 0 || ne.Offset > len(text) || ne.Input != text {
					t.Fatalf("ParseDiagram(%q): bad notation error %v (offset %d)", text, err, ne.Offset)
				}
			case errors.As(err, &fe):
				if !errors.Is(err, ErrInvalidFEN) || fe.Field != "board" {
					t.Fatalf("ParseDiagram(%q): bad FEN error %v", text, err)
				}
			default:
				t.Fatalf("ParseDiagram(%q): error of type %T: %v", text, err, err)
			}
			return
		}
		s := d.String()
		d2, err := ParseDiagram(s)
		if err != nil {
			t.Fatalf("ParseDiagram(%q) = %q, which does not read back: %v", text, s, err)
		}
		if d2 != d {
			t.Fatalf("ParseDiagram(%q) = %q, which reads back as %q", text, s, d2)
		}
		if d2.String() != s {
			t.Fatalf("String not stable: %q then %q", s, d2.String())
		}
		// As a position with natural castling rights, the board reads back from its
		// FEN with the same rights.
		p, err := d.Position(Setup{Turn: Black, EnPassant: NoSquare, Castling: NaturalCastling(d.Board)})
		if err != nil || p.Board() != d.Board || p.Turn() != Black {
			t.Fatalf("Diagram(%q).Position: %v, %v", s, p.FEN(), err)
		}
		if q, err := ParseFEN(p.FEN()); err != nil || q.Board() != d.Board || (castlingFits(p) && q.Castling() != p.Castling()) {
			t.Fatalf("Diagram(%q).Position: FEN %q reads back as %q, %v", s, p.FEN(), q.FEN(), err)
		}
	})
}
