package pacosako_test

import (
	"errors"
	"fmt"

	"github.com/pacosako-go/pacosako"
)

// A game record: play moves from the list of legal moves or action by action, and
// read the result. White wins by uniting the bishop with the black king.
func ExampleNewGame() {
	g := pacosako.NewGame(pacosako.StartingPosition())
	fmt.Println(len(g.LegalMoves()), "legal moves,", g.Outcome())

	// Play the first legal move whose text is "Lift(e2) Place(e4)".
	for _, m := range g.LegalMoves() {
		if m.String() == "Lift(e2) Place(e4)" {
			g, _ = g.Play(m)
		}
	}
	// The rest action by action.
	actions, _ := pacosako.ParseActions("Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)")
	g, err := g.ApplyAll(actions)
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Outcome(), "after", g.Len(), "half-moves")
	for i, m := range g.PlayedMoves() {
		fmt.Println(i+1, m)
	}
	winner, ok := g.Outcome().Won()
	fmt.Println(winner, ok)

	_, err = g.Resign(pacosako.White)
	fmt.Println(errors.Is(err, pacosako.ErrGameOver))
	// Output:
	// 20 legal moves, running
	// White wins by Paco after 5 half-moves
	// 1 Lift(e2) Place(e4)
	// 2 Lift(d7) Place(d5)
	// 3 Lift(f1) Place(b5)
	// 4 Lift(d5) Place(e4)
	// 5 Lift(b5) Place(e8)
	// White true
	// true
}

// Undo takes back the last half-move, as a chess program's undo button does; a
// winning move too.
func ExampleGame_Undo() {
	g := pacosako.NewGame(pacosako.StartingPosition())
	for _, san := range []string{"e4", "d5", "Bb5", "dxe4", "Bxe8#"} {
		g, _ = g.PlaySAN(san)
	}
	fmt.Println(g.Len(), g.Outcome())
	g, _ = g.Undo()
	fmt.Println(g.Len(), g.Outcome(), g.PlayedSAN())

	_, err := pacosako.NewGame(pacosako.StartingPosition()).Undo()
	fmt.Println(err)
	// Output:
	// 5 White wins by Paco
	// 4 running [e4 d5 Bb5+ dxe4]
	// pacosako: no such half-move: no completed half-move to take back
}

// Play a game from chain SAN, as python-chess's push_san does, and read it back as
// SAN. A mistyped or illegal move leaves the game as it was and says why.
func ExampleGame_PlaySAN() {
	g := pacosako.NewGame(pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"))
	g, err := g.PlaySAN("Bxe4,Ne4xc3,Qc3xc6") // the rules page's chain
	if err != nil {
		panic(err)
	}
	g, _ = g.PlaySAN("Kd8")
	fmt.Println(g.PlayedSAN())
	fmt.Println(g.Position())

	_, err = g.PlaySAN("Kf3")
	fmt.Println(errors.Is(err, pacosako.ErrIllegalMove), err)
	_, err = g.PlaySAN("Kf9")
	fmt.Println(errors.Is(err, pacosako.ErrInvalidNotation), err)
	// Output:
	// [Bxe4,Ne4xc3,Qc3xc6 Kd8]
	// 3k4/8/2y5/8/4s3/2S5/8/5K2 w 1 - - -
	// true pacosako: illegal move "Kf3" in 3k4/8/2y5/8/4s3/2S5/8/5K2 w 1 - - -: step 1: the King on f1 cannot go to f3 (it can go to e1, e2, f2, g1, g2)
	// true pacosako: invalid SAN notation "Kf9" at offset 2: want a target square such as e4
}

// Games are persistent values: going back returns an earlier game and leaves the
// later one as it was.
func ExampleGame_UndoTo() {
	g := pacosako.NewGame(pacosako.StartingPosition())
	actions, _ := pacosako.ParseActions("Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5)")
	g, _ = g.ApplyAll(actions)
	fmt.Println(g.Len(), g.Position())

	back, _ := g.UndoTo(1)
	fmt.Println(back.Len(), back.Position())
	fmt.Println(g.Len(), "half-moves are still in g")

	_, err := g.UndoTo(4)
	fmt.Println(errors.Is(err, pacosako.ErrInvalidPly))

	// An unfinished half-move is dropped by Rollback.
	mid, _ := back.Apply(pacosako.Lift(pacosako.G8))
	fmt.Println(mid.PendingActions(), mid.Rollback().PendingActions())
	// Output:
	// 3 rnbqkbnr/ppp1pppp/8/3a4/8/8/PPPP1PPP/RNBQKBNR b 0 AHah - -
	// 1 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -
	// 3 half-moves are still in g
	// true
	// [Lift(g8)] []
}

func ExampleFischerRandomPosition() {
	p, _ := pacosako.FischerRandomPosition(518)
	fmt.Println(p.FEN() == pacosako.StartFEN)
	for _, n := range []int{0, 959} {
		p, _ = pacosako.FischerRandomPosition(n)
		fmt.Println(n, p.FEN())
	}
	_, err := pacosako.FischerRandomPosition(960)
	fmt.Println(errors.Is(err, pacosako.ErrInvalidSetup))
	// Output:
	// true
	// 0 bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w 0 FHfh - -
	// 959 rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w 0 ACac - -
	// true
}

// The bishop on c4 threatens the black king on f7: White gives Ŝako, Black is in
// Ŝako, and White, to move, can win at once.
func ExamplePosition_GivesSako() {
	p := pacosako.MustParseFEN("8/5k2/8/8/2B5/8/8/8 w 0 - - -")
	fmt.Println(p.GivesSako(pacosako.White), p.InSako(pacosako.Black))
	fmt.Println(p.GivesSako(pacosako.Black), p.InSako(pacosako.White))
	for _, m := range p.Moves() {
		if m.IsPaco() {
			fmt.Println(p.CanPaco(), m)
		}
	}

	// With the king on f8 the bishop's diagonal misses it.
	q := pacosako.MustParseFEN("5k2/8/8/8/2B5/8/8/8 w 0 - - -")
	fmt.Println(q.GivesSako(pacosako.White), q.CanPaco())
	// Output:
	// true true
	// false false
	// true Lift(c4) Place(f7)
	// false false
}

// A move's origin and destination: the square it lifted from and the square of its
// last place, without reading its actions.
func ExampleMove_From() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	m, _ := p.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
	fmt.Println(m.From(), m.To(), m)
	castle, _ := pacosako.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -").ParseSAN("O-O")
	fmt.Println(castle.From(), castle.To(), castle)
	// Output:
	// f3 c6 Lift(f3) Place(e4) Place(c3) Place(c6)
	// e1 g1 Lift(e1) Place(g1)
}
