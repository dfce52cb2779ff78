package pacosako_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// The chain of the rules page: the bishop takes over the knight union on e4, the
// released knight takes over the union on c3, and the released queen unites with
// the black queen on c6.
func ExamplePosition_Moves() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	moves := p.Moves()
	fmt.Println(len(moves), "moves")
	for _, m := range moves {
		if m.After().FEN() == "4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -" {
			fmt.Println(m)
		}
	}
	// Output:
	// 67 moves
	// Lift(f3) Place(e4) Place(c3) Place(c6)
}

func ExamplePerft() {
	p := pacosako.StartingPosition()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, pacosako.Perft(p, depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
}

func ExampleParseFEN() {
	p, err := pacosako.ParseFEN("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Turn(), p.EnPassant(), p.NoProgressCounter(), p.Castling())

	_, err = pacosako.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 KQkq - -")
	fmt.Println(err)
	// Output:
	// Black d3 1 AHah
	// pacosako: invalid FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 KQkq - -": castling: want - or rook files (upper case for White first, e.g. AHah), got "KQkq"
}

// The action level: lift a piece, see where it may go, place it.
func ExamplePosition_Apply() {
	p := pacosako.StartingPosition()
	p, _ = p.Apply(pacosako.Lift(pacosako.E2))
	fmt.Println(p.Actions())
	fmt.Println(p.FEN())
	p, _ = p.Apply(pacosako.Place(pacosako.E4))
	fmt.Println(p.FEN())
	_, err := p.Apply(pacosako.Lift(pacosako.E4))
	fmt.Println(err)
	// Output:
	// Place(e3) Place(e4)
	// rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -
	// pacosako: illegal action: Lift(e4) in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -: the piece on e4 is White's; Black is to move
}

// Uniting with the enemy king wins at once.
func ExampleMove_IsPaco() {
	p := pacosako.MustParseFEN("8/5k2/8/8/2B5/8/8/8 w 0 - - -")
	for m := range p.AllMoves() {
		if m.IsPaco() {
			fmt.Println(m, m.After().Outcome())
		}
	}
	// Output:
	// Lift(c4) Place(f7) White wins by Paco
}

func ExamplePosition_Threats() {
	p := pacosako.MustParseFEN("8/8/8/2p5/8/3c2K1/2P5/8 w 0 - - -")
	// The pawn on c2 threatens d3; taking over the union there would release the
	// rook, which threatens the whole third rank and d-file.
	fmt.Println(p.Threats(pacosako.White))
	// Output:
	// a3,b3,c3,d1,d2,d3,d4,d5,d6,d7,d8,e3,f3,g3
}

// Threats include the squares of the colour's own pieces it protects; the squares
// where it could form a union are its threats on enemy pieces.
func ExamplePosition_Threats_unions() {
	p := pacosako.StartingPosition()
	white := p.Threats(pacosako.White)
	fmt.Println(white & p.Board().ByColor(pacosako.White)) // protected own pieces
	fmt.Println(white & p.Board().ByColor(pacosako.Black)) // no union possible yet

	p = pacosako.MustParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w 0 - - -")
	fmt.Println(p.Threats(pacosako.White) & p.Board().ByColor(pacosako.Black))
	// Output:
	// a2,b1,b2,c1,c2,d2,e1,e2,g1,g2,h2
	//
	// d5
}

// Chain SAN: write a move, read one (leniently: the separators and origin squares
// of the vchess style are accepted too).
func ExamplePosition_SAN() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	m, err := p.ParseSAN("Bxe4, Nxc3, Qxc6")
	if err != nil {
		panic(err)
	}
	san, _ := p.SAN(m)
	fmt.Println(san)
	fmt.Println(m)
	fmt.Println(m.After().FEN())

	_, err = p.ParseSAN("Bxe4,Ne4xc3,Qc3-b5")
	fmt.Println(err)
	// Output:
	// Bxe4,Ne4xc3,Qc3xc6
	// Lift(f3) Place(e4) Place(c3) Place(c6)
	// 4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -
	// pacosako: illegal move "Bxe4,Ne4xc3,Qc3-b5" in 4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -: step 3: the Queen on c3 cannot go to b5 (it can go to a1, a3, a5, b2, b3, b4, c1, c2, c4, c5, c6, d2, d3, d4, e1, e3, e5, f3, f6, g3, g7, h3, h8)
}

// A game record in the PGN-like format, written from a game and read back.
func ExampleRecord() {
	g := pacosako.NewGame(pacosako.StartingPosition())
	for _, text := range []string{"e4", "d5", "Bb5", "dxe4", "Bxe8"} {
		g, _ = g.PlaySAN(text)
	}
	rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "Event", Value: "Example"}}}
	rec.Notes = make([]pacosako.Note, g.Len())
	rec.Notes[2] = pacosako.Note{NAGs: []int{1}, Comment: "Ŝako"}
	fmt.Print(rec)

	back, _ := pacosako.ParseRecord(rec.String())
	fmt.Println(back.Game.Outcome(), back.Game.Len(), back.Notes[2].Comment)
	// Output:
	// [Event "Example"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "1-0"]
	// [Variant "Paco Ŝako"]
	//
	// 1. e4 d5 2. Bb5+ $1 {Ŝako} 2... dxe4 3. Bxe8# 1-0
	// White wins by Paco 5 Ŝako
}

// A stream of PGN games as chess programs write them: annotations and variations
// are kept, a bad game is reported with where it went wrong, and the reading goes on.
func ExampleRecordReader() {
	pgn := `[Event "first"]
[White "Ada"]

1. e4! d5 (1... e5 2. Nf3) 2. exd5 {a union} *

[Event "second"]

1. e4 e5 2. Ke3 *

[Event "third"]

1.d4 d5 1/2-1/2
`
	rr := pacosako.NewRecordReader(strings.NewReader(pgn))
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			fmt.Println(err)
			continue
		}
		variations := 0         // of the second half-move
		if len(rec.Notes) > 1 { // Notes end at the last half-move the record says something about
			variations = len(rec.Notes[1].Variations)
		}
		fmt.Println(rec.Tag("Event"), rec.Game.PlayedSAN(), rec.Game.Outcome(), variations)
	}
	// Output:
	// first [e4 d5 exd5] running 1
	// pacosako: game record: game 2, line 8, column 13: half-move 3 "Ke3" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 AHah e6 -: illegal move: step 1: the King on e1 cannot go to e3 (it can go to e2)
	// third [d4 d5] drawn by agreement 0
}

// A chess FEN reads as the position it describes, without unions; the engine
// dialect is written unless another is asked for, and a position with unions has
// no chess FEN.
func ExamplePosition_FENIn() {
	p, err := pacosako.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(pacosako.DetectFENDialect("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"))
	fmt.Println(p.FEN())
	fmt.Println(p.FENIn(pacosako.ChessDialect))

	g, _ := pacosako.NewGame(p).PlaySAN("d5")
	g, _ = g.PlaySAN("exd5")
	fmt.Println(g.Position().FEN())
	_, err = g.Position().FENIn(pacosako.ChessDialect)
	fmt.Println(errors.Is(err, pacosako.ErrFENDialect), err)
	// Output:
	// chess
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah e3 -
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 <nil>
	// rnbqkbnr/ppp1pppp/8/3a4/8/8/PPPP1PPP/RNBQKBNR b 0 AHah - -
	// true pacosako: cannot write the position in this FEN dialect (chess): unions on d5 ('a') (a chess FEN has lone pieces only)
}

// Picking games from a database by their tags before reading any move: with
// SkipMovetext(true) each Scan reads a game's tag section and skips its
// movetext, so an illegal move goes unnoticed (and the Game is zero), while a
// record of the other game is refused at its Variant tag as a whole reading
// refuses it. The games keep their numbers, lines and columns.
func ExampleRecordReader_SkipMovetext() {
	pgn := `[Event "first"]
[White "Ada"]
[Result "1-0"]

1. e4 d5 2. exd5 1-0

[Event "second"]
[White "Bo"]
[Result "*"]

1. e4 e5 2. Ke3 *

[Event "third"]
[Variant "Atomic"]

1. e4 *
`
	rr := pacosako.NewRecordReader(strings.NewReader(pgn))
	rr.SkipMovetext(true)
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(rec.Tag("Event"), rec.Tag("White"), rec.Tag("Result"), rec.Game.Len())
	}
	// Output:
	// first Ada 1-0 0
	// second Bo * 0
	// pacosako: game record: game 3, line 14, column 1: invalid record notation "Atomic" at offset 0: the Variant tag names Atomic chess: read the game with atomic.NewRecordReader (or records.NewReader, which reads either game, as pacosako convert does); this reader reads Paco Ŝako (no Variant tag, or Paco Ŝako, Paco Sako, Pacosako, Standard, From Position, Chess960, Fischer Random)
}
