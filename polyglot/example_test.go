package polyglot_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/polyglot"
)

// A book of two moves for the start position, written and read back; the
// heaviest move, and one drawn by weight from a seeded source.
func Example() {
	start := atomic.StartingPosition()
	e4, _ := start.ParseUCI("e2e4")
	nf3, _ := start.ParseUCI("g1f3")
	var file bytes.Buffer
	if err := polyglot.Write(&file, []polyglot.Entry{
		polyglot.EntryOf(start, nf3, 1),
		polyglot.EntryOf(start, e4, 3),
	}); err != nil {
		panic(err)
	}
	book, err := polyglot.Read(&file)
	if err != nil {
		panic(err)
	}
	for _, bm := range book.Moves(start) {
		fmt.Println(bm.Move, bm.Weight)
	}
	best, _ := book.Best(start)
	fmt.Println("best:", best.Move)
	pick, _ := book.Choose(start, rand.New(rand.NewPCG(1, 1)))
	fmt.Println("drawn:", pick.Move)
	// Output:
	// g1f3 1
	// e2e4 3
	// best: e2e4
	// drawn: g1f3
}

// Castling is stored as the king taking its rook.
func ExampleEncodeMove() {
	p := atomic.MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, _ := p.ParseUCI("e1g1")
	e := polyglot.EncodeMove(m)
	fmt.Printf("%s %#04x\n", e, uint16(e))
	back, _ := e.In(p)
	fmt.Println(back, back.IsCastling())
	// Output:
	// e1h1 0x0107
	// e1g1 true
}
