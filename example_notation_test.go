package pacosako_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pacosako-go/pacosako"
)

// Coordinate notation names the squares of a move's actions: the chain of the rules
// page is "f3e4c3c6". Reading it back needs the position; a longer chain to the
// same resulting position would give the same move.
func ExampleMove_Coordinate() {
	p := pacosako.MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	for _, m := range p.Moves() {
		if m.After().FEN() == "4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -" {
			fmt.Println(m.Coordinate())
		}
	}

	m, err := p.ParseCoordinate("f3e4c3c6")
	fmt.Println(m, err)
	fmt.Println(m.After().FEN())

	// A promotion, in the middle of a chain.
	q := pacosako.MustParseFEN("4k3/8/8/8/8/8/4p3/3l1K2 b 0 - - -")
	m, _ = q.ParseCoordinate("e2d1qd2")
	fmt.Println(m)

	// Syntax errors and illegal moves are told apart.
	_, err = p.ParseCoordinate("f3e4c3c6+")
	fmt.Println(errors.Is(err, pacosako.ErrInvalidNotation), err)
	_, err = p.ParseCoordinate("f3e4")
	fmt.Println(errors.Is(err, pacosako.ErrIllegalMove), err)
	// Output:
	// f3e4c3c6
	// Lift(f3) Place(e4) Place(c3) Place(c6) <nil>
	// 4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -
	// Lift(e2) Place(d1) Promote(Queen) Place(d2)
	// true pacosako: invalid coordinate notation "f3e4c3c6+" at offset 8: want a square (a1..h8) or a promotion letter (n, b, r, q), got '+'
	// true pacosako: illegal move "f3e4" in 4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -: the move is not complete: the next action is one of Place(d2) Place(f2) Place(c3) Place(g3) Place(c5) Place(g5) Place(d6) Place(f6)
}

// A game from pacoplay's JSON action log (square index rank*8+file): three
// half-moves and an unfinished fourth. ActionLog writes it back.
func ExampleGameFromActionLog() {
	log := []byte(`[{"Lift":12},{"Place":28},{"Lift":51},{"Place":35},{"Lift":28},{"Place":35},{"Lift":59}]`)
	g, err := pacosako.GameFromActionLog(pacosako.StartingPosition(), log, pacosako.WithRepetitionLimit(0))
	if err != nil {
		panic(err)
	}
	for _, m := range g.PlayedMoves() {
		fmt.Println(m.Coordinate())
	}
	fmt.Println(g.PendingActions())
	fmt.Println(g.Position().FEN())
	fmt.Println(string(g.ActionLog()))

	_, err = pacosako.GameFromActionLog(pacosako.StartingPosition(), []byte(`[{"Lift":12},{"Place":36}]`))
	fmt.Println(err)
	_, err = pacosako.GameFromActionLog(pacosako.StartingPosition(), []byte(`[{"Lift":12},{"Place":64}]`))
	fmt.Println(err)
	// Output:
	// e2e4
	// d7d5
	// e4d5
	// [Lift(d8)]
	// rnb1kbnr/ppp1pppp/8/3a4/8/8/PPPP1PPP/RNBQKBNR^d8q b 1 AHah - -
	// [{"Lift":12},{"Place":28},{"Lift":51},{"Place":35},{"Lift":28},{"Place":35},{"Lift":59}]
	// pacosako: pacoplay action log: entry 1: illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)
	// pacosako: pacoplay action log: entry 1: invalid action: JSON "{\"Place\":64}": square index 64 is outside 0..63
}

// Actions are encoded as pacoplay encodes them.
func ExampleAction_MarshalJSON() {
	b, _ := json.Marshal([]pacosako.Action{pacosako.Lift(pacosako.E2), pacosako.Place(pacosako.E4), pacosako.Promote(pacosako.Queen)})
	fmt.Println(string(b))
	var a pacosako.Action
	err := json.Unmarshal([]byte(`{"Promote":"King"}`), &a)
	fmt.Println(err)
	// Output:
	// [{"Lift":12},{"Place":28},{"Promote":"Queen"}]
	// pacosako: invalid action: JSON "{\"Promote\":\"King\"}": Promote takes "Knight", "Bishop", "Rook" or "Queen", got "King"
}

// A server reads a move in whichever notation the player typed.
func ExamplePosition_ParseMove() {
	p := pacosako.StartingPosition()
	for _, text := range []string{"Nf3", "g1f3", "Lift(g1) Place(f3)", "g1e2"} {
		m, err := p.ParseMove(text)
		if err != nil {
			var me *pacosako.MoveError
			if errors.As(err, &me) {
				fmt.Printf("%s: %s\n", text, me.Reason)
			}
			continue
		}
		san, _ := p.SAN(m)
		fmt.Printf("%s: %s\n", text, san)
	}
	// Output:
	// Nf3: Nf3
	// g1f3: Nf3
	// Lift(g1) Place(f3): Nf3
	// g1e2: coordinate notation: action 2, Place(e2), is not legal (legal: Place(f3) Place(h3))
}
