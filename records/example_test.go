package records_test

import (
	"fmt"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/records"
)

// A stream of both games: the Variant tag picks each record's game, and an
// untagged record is the game the caller names. The same moves are a union in
// Paco Ŝako and an explosion in Atomic chess.
func ExampleNewReader() {
	const stream = `[Event "tagged"]
[Variant "Atomic"]

1. e4 d5 2. exd5 Nf6 *

[Event "untagged"]

1. e4 d5 2. exd5 Nf6 *
`
	rr := records.NewReader(strings.NewReader(stream), records.PacoSako)
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch rec := rec.(type) {
		case pacosako.Record:
			fmt.Println(rr.Game(), rec.Tag("Event"), rec.Game.Position().Board().Unions())
		case atomic.Record:
			fmt.Println(rr.Game(), rec.Tag("Event"), rec.Game.Position().Pieces(pacosako.White, pacosako.Pawn).Count())
		}
	}
	// Output:
	// Atomic tagged 7
	// Paco Ŝako untagged d5
}
