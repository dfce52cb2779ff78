package atomic_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// The rules page's example: the knight's capture on b7 explodes the rook, knight
// and bishop next to b7 and the knight itself; the pawns on a7 and c6 stay.
func ExamplePosition_Play() {
	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
	m, err := p.ParseSAN("Nxb7")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Explosion())
	fmt.Print(p.Exploded(m))
	after, _ := p.Play(m)
	fmt.Println(after.FEN())
	// Output:
	// a5,a8,b7,b8,c8
	// rnb.....
	// .p......
	// ........
	// N.......
	// ........
	// ........
	// ........
	// ........
	// 8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2 b - - 0 1
}

// A capture next to the own king is never legal: Rxf5 would explode the white king
// on g5.
func ExamplePosition_ParseSAN() {
	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
	_, err := p.ParseSAN("Rxf5")
	fmt.Println(errors.Is(err, atomic.ErrIllegalMove))
	fmt.Println(err)
	// Output:
	// true
	// atomic: illegal move "Rxf5" in rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1: rook f1xf5 would explode the own king on g5 (a move may not explode its own king)
}

// A move read in check says why it is not legal; Message is the error for a
// player (no prefix, no position), CandidateSANs an ambiguous text's candidates.
func ExampleMoveError_Message() {
	p := atomic.MustParseFEN("4k3/p7/8/1B6/8/8/8/4K3 b - - 0 1")
	_, err := p.ParseSAN("a6")
	var me *atomic.MoveError
	if errors.As(err, &me) {
		fmt.Println(me.Message())
	}
	q := atomic.MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	_, err = q.ParseSAN("Nd2")
	if errors.As(err, &me) {
		fmt.Println(me.Message())
		fmt.Println(me.CandidateSANs)
	}
	// Output:
	// illegal move "a6": Black is in check from the bishop on b5: pawn a7-a6 leaves the king in check
	// ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2
	// [Nbd2 Nfd2]
}

func ExamplePerft() {
	p := atomic.StartingPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, atomic.Perft(p, depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
	// 4 197326
}

// Moves in SAN and UCI; SAN marks a move that explodes the enemy king with "#".
func ExamplePosition_Moves() {
	p := atomic.MustParseFEN("rk6/8/8/8/8/8/8/R3K3 w Q - 0 1")
	sans, _ := p.SANs(p.Moves())
	fmt.Println(sans)
	// Output:
	// [Rb1+ Rc1 Rd1 Ra2 Ra3 Ra4 Ra5 Ra6 Ra7 Rxa8# Kd1 Kf1 Kd2 Ke2 Kf2 O-O-O]
}

// Castling in UCI: king-to-target on the standard squares, king-to-rook in
// Chess960 set-ups.
func ExampleMove_UCI() {
	for _, fen := range []string{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1"} {
		p := atomic.MustParseFEN(fen)
		m, _ := p.ParseSAN("O-O")
		fmt.Println(m.UCI(), m.From(), m.To(), m.CastlingRook())
	}
	// Output:
	// e1g1 e1 g1 h1
	// f1g1 f1 g1 g1
}

func ExamplePosition_Outcome() {
	for _, fen := range []string{
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
		"k7/8/1Q6/8/8/8/8/7K b - - 0 1",
		"8/8/8/3kK3/8/8/8/r7 b - - 0 1",
		"8/8/8/8/8/8/8/4K3 b - - 0 1",
	} {
		o := atomic.MustParseFEN(fen).Outcome()
		fmt.Println(o, o.Result())
	}
	// Output:
	// Black wins by checkmate 0-1
	// drawn by stalemate 1/2-1/2
	// drawn by insufficient material 1/2-1/2
	// Black's king exploded 1-0
}

func ExamplePosition_Validate() {
	p := atomic.MustParseFEN("4k2P/8/8/8/8/8/8/8 b - - 0 1")
	err := p.Validate()
	var pe *atomic.PositionError
	if errors.As(err, &pe) {
		fmt.Println(pe.Kinds)
		fmt.Println(pe.Reasons())
	}
	// Output:
	// MissingKing+PawnOnBackRank
	// [no White king (the side not to move) White pawn on h8]
}

func ExampleFischerRandomPosition() {
	p, _ := atomic.FischerRandomPosition(0)
	fmt.Println(p.FEN(), p.MoveCount())
	// Output:
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1 20
}

func ExampleParseFEN() {
	// White has no rook on h1 and no pawn could have skipped e3 (White is to
	// move): ParseFEN reads the K and the square as absent, as python-chess and
	// lichess do; ParseFENStrict refuses them.
	const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq e3 0 1"
	p, _ := atomic.ParseFEN(fen)
	fmt.Println(p.FEN())
	_, err := atomic.ParseFENStrict(fen)
	var fe *atomic.FENError
	if errors.As(err, &fe) {
		fmt.Println(fe.Field)
	}
	fmt.Println(err)
	// Output:
	// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1
	// castling
	// atomic: invalid FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq e3 0 1": castling: 'K': no white rook on the king side of White's king on e1 (ParseFEN reads it as absent: so do python-chess and lichess)
}

// Kings that touch cannot give check: in check from the bishop, the white king
// steps next to the black one, even onto d2, which the rook attacks.
func ExamplePosition_InCheck() {
	p := atomic.MustParseFEN("8/8/8/8/7b/4k3/r7/4K3 w - - 0 1")
	fmt.Println(p.InCheck())
	m, _ := p.ParseSAN("Kd2")
	after, _ := p.Play(m)
	fmt.Println(after.FEN(), after.InCheck(), after.King(pacosako.White))
	// Output:
	// true
	// 8/8/8/8/7b/4k3/r2K4/8 b - - 1 1 false d2
}

// A game ends when a king explodes: Nxf2 takes the pawn next to White's king.
func ExampleGame() {
	g := atomic.NewGame(atomic.StartingPosition())
	for _, san := range []string{"Na3", "Nf6", "Nh3", "Ng4", "Rb1", "Nxf2"} {
		var err error
		if g, err = g.PlaySAN(san); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.PlayedSAN())
	fmt.Println(g.Outcome(), g.Outcome().Result())
	_, err := g.PlaySAN("e4")
	fmt.Println(errors.Is(err, atomic.ErrGameOver))
	// Output:
	// [Na3 Nf6 Nh3 Ng4 Rb1 Nxf2#]
	// White's king exploded 0-1
	// true
}

// The start counts as the first occurrence of a position: the knights' second
// return to it is its third, a draw a player may claim; unclaimed, the game goes
// on, and the fifth occurrence ends it.
func ExampleGame_ClaimDraw() {
	g := atomic.NewGame(atomic.StartingPosition())
	for i := 0; i < 4; i++ {
		for _, uci := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			g, _ = g.PlayUCI(uci)
		}
		fmt.Println(g.Len(), g.RepetitionCount(), g.CanClaimDraw(), g.Outcome())
	}
	back, _ := g.UndoTo(8)
	claimed, _ := back.ClaimDraw()
	fmt.Println(claimed.Len(), claimed.Outcome(), claimed.Outcome().Result())
	// Output:
	// 4 2 false running
	// 8 3 true running
	// 12 4 true running
	// 16 5 false drawn by repetition
	// 8 drawn by repetition 1/2-1/2
}

// A repetition limit of 3 makes the third occurrence end the game at once, as
// the root package's Game does (its official engine's rule).
func ExampleWithRepetitionLimit() {
	g := atomic.NewGame(atomic.StartingPosition(), atomic.WithRepetitionLimit(3))
	for i := 0; i < 2; i++ {
		for _, uci := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			g, _ = g.PlayUCI(uci)
		}
		fmt.Println(g.Len(), g.RepetitionCount(), g.Outcome())
	}
	// Output:
	// 4 2 running
	// 8 3 drawn by repetition
}

// python-chess plays on in a closed position (pawns blocked by pawns), which
// lichess ends at once: the record reads whole and says where the game had
// ended; a live Game refuses the move.
func ExampleRecord_EndedByRule() {
	rec, err := atomic.ParseRecord(`[Variant "Atomic"]
[FEN "8/8/6k1/p7/P7/8/2K5/8 w - - 0 57"]

57. Kd3 Kf6 58. Ke4 Ke6 1/2-1/2`)
	if err != nil {
		panic(err)
	}
	ply, o, ok := rec.EndedByRule()
	fmt.Println(rec.Game.PlayedSAN(), rec.Game.Outcome().Result())
	fmt.Println(ok, ply, o.Termination)
	_, err = atomic.NewGame(rec.Game.Start()).PlaySAN("Kd3")
	fmt.Println(errors.Is(err, atomic.ErrGameOver))
	// Output:
	// [Kd3 Kf6 Ke4 Ke6] 1/2-1/2
	// true 0 InsufficientMaterial
	// true
}

// A record as python-chess exports it: the Variant tag names the game, the moves
// are SAN; the result must be the one the moves give.
func ExampleParseRecord() {
	rec, err := atomic.ParseRecord(`[Event "atomic-complete-18"]
[Variant "Atomic"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. Na3 Nf6 2. Nh3 Ng4 3. Rb1 Nxf2# 0-1`)
	if err != nil {
		panic(err)
	}
	fmt.Println(rec.Tag("Event"), rec.Game.Len(), rec.Game.Outcome())
	fmt.Println(rec.Game.PlayedUCI())

	_, err = atomic.ParseRecord("[Variant \"Paco Ŝako\"]\n\n1. e4 *")
	fmt.Println(err)
	// Output:
	// atomic-complete-18 6 White's king exploded
	// [b1a3 g8f6 g1h3 f6g4 a1b1 g4f2]
	// atomic: game record: game 1, line 1, column 1: invalid record notation "Paco Ŝako" at offset 0: the Variant tag names Paco Ŝako: read the game with pacosako.NewRecordReader (or records.NewReader, which reads either game, as pacosako convert does); this reader reads Atomic chess (no Variant tag, or Atomic, Atomic960, Atomic chess)
}

// A game played in code, written as a record with a comment and a variation.
func ExampleWriteRecord() {
	g := atomic.NewGame(atomic.StartingPosition())
	g, _ = g.PlayMove("e4")
	g, _ = g.PlayMove("d7d5")
	g, _ = g.PlayMove("exd5")
	alt, _ := atomic.StartingPosition().ParseSAN("d4")
	rec := atomic.Record{
		Game:  g,
		Tags:  []atomic.Tag{{Name: "White", Value: "Ada"}, {Name: "Black", Value: "Bo"}},
		Notes: []atomic.Note{{Comment: "the king's pawn", Variations: []atomic.Variation{{Moves: []atomic.Move{alt}}}}, {}, {NAGs: []int{1}}},
	}
	if err := atomic.WriteRecord(os.Stdout, rec); err != nil {
		panic(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Ada"]
	// [Black "Bo"]
	// [Result "*"]
	// [Variant "Atomic"]
	//
	// 1. e4 {the king's pawn} (1. d4) 1... d5 2. exd5 $1 *
}
