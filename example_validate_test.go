package pacosako_test

import (
	"errors"
	"fmt"

	"github.com/pacosako-go/pacosako"
)

// Validate reports every reason a position could not arise in a game; the kinds
// can be tested and ignored one by one.
func ExamplePosition_Validate() {
	// The catalogue's test position T1 (no black king) with an en passant square
	// that no black double step left.
	p := pacosako.MustParseFEN("8/8/8/2p5/8/4c3/2P5/3K4 w 0 - d6 -")
	err := p.Validate()
	fmt.Println(err)

	var pe *pacosako.PositionError
	if errors.As(err, &pe) {
		fmt.Println(pe.Kinds)
		fmt.Println(pe.Kinds.Has(pacosako.MissingKing))
		fmt.Println(pe.Ignore(pacosako.MissingKing | pacosako.InvalidEnPassant))
	}
	fmt.Println(pacosako.StartingPosition().Validate())
	// Output:
	// pacosako: invalid position: no Black king, en passant square d6 without a Black pawn on d5
	// MissingKing+InvalidEnPassant
	// true
	// <nil>
	// <nil>
}
