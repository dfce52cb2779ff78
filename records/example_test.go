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
			fmt.Println(rr.Variant(), rec.Tag("Event"), rec.Game.Position().Board().Unions())
		case atomic.Record:
			fmt.Println(rr.Variant(), rec.Tag("Event"), rec.Game.Position().Pieces(pacosako.White, pacosako.Pawn).Count())
		}
	}
	// Output:
	// Atomic tagged 7
	// Paco Ŝako untagged d5
}

// Reading a file in parallel: a Splitter splits the stream into the text of
// each game, cheaply (the tags read, the movetext skipped), and workers read the
// games; a window of games in flight keeps memory bounded and the results in the
// stream's order. Each game's errors name the stream's game number, line and
// column, as a Reader's do.
func ExampleSplitter() {
	const stream = `[Event "one"]
[Variant "Atomic"]

1. e4 d5 2. exd5 Nf6 *

[Event "two"]
[Variant "Atomic"]

1. e4 e5 2. Ke3 *

[Event "three"]
[Variant "Atomic"]

1. Nf3 f6 2. Ng5 fxg5 *
`
	type result struct {
		rec records.Record
		err error
	}
	type job struct {
		chunk records.Chunk
		done  chan result
	}
	const workers = 4
	sp := records.NewSplitter(strings.NewReader(stream), records.PacoSako)
	jobs := make(chan job, workers)
	results := make(chan chan result, 4*workers) // the games in flight, in the stream's order
	for range workers {
		go func() {
			for j := range jobs {
				rec, err := j.chunk.Read()
				j.done <- result{rec, err}
			}
		}()
	}
	go func() {
		defer close(results)
		defer close(jobs)
		for sp.Scan() {
			j := job{sp.Chunk(), make(chan result, 1)}
			results <- j.done // waits while the window is full
			jobs <- j
		}
	}()
	for done := range results {
		r := <-done // the next game's, in order
		if r.err != nil {
			fmt.Println(r.err)
			continue
		}
		fmt.Println(r.rec.Tag("Event"), r.rec.(atomic.Record).Game.PlayedSAN())
	}
	if err := sp.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// one [e4 d5 exd5 Nf6]
	// atomic: game record: game 2, line 9, column 13: half-move 3 "Ke3" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2: illegal move: no legal king move to e3 (a king can go to e2)
	// three [Nf3 f6 Ng5 fxg5]
}

// Picking games from a database by their tags and replaying only those: each
// chunk's tags are read alone (Chunk.ReadTags: the movetext is not looked at),
// and only the games picked are read whole (Chunk.Read), here sequentially;
// with workers, as in the Splitter example.
func ExampleChunk_ReadTags() {
	const database = `[Event "club"]
[White "Ada"]
[Black "Bo"]
[Result "1-0"]
[Variant "Atomic"]

1. Nf3 a6 2. Ng5 a5 3. Nxf7 1-0

[Event "club"]
[White "Cy"]
[Black "Ada"]
[Result "*"]

1. e4 d5 2. exd5 *

[Event "club"]
[White "Bo"]
[Black "Cy"]
[Result "0-1"]
[Variant "Atomic"]

1. e4 e5 2. Qh5 Qh4 0-1

[Event "club"]
[White "Ada"]
[Black "Cy"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
`
	sp := records.NewSplitter(strings.NewReader(database), records.PacoSako)
	for sp.Scan() {
		c := sp.Chunk()
		tags, err := c.ReadTags()
		if err != nil {
			fmt.Println(err)
			continue
		}
		if tags.Tag("White") != "Ada" && tags.Tag("Black") != "Ada" {
			continue // not replayed
		}
		rec, err := c.Read()
		if err != nil {
			fmt.Println(err)
			continue
		}
		switch rec := rec.(type) {
		case pacosako.Record:
			fmt.Println(c.Game, "Paco Ŝako", rec.Tag("Result"), rec.Game.PlayedSAN(), rec.Game.Outcome().Result())
		case atomic.Record:
			fmt.Println(c.Game, "Atomic", rec.Tag("Result"), rec.Game.PlayedSAN(), rec.Game.Outcome().Result())
		}
	}
	if err := sp.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 Atomic 1-0 [Nf3 a6 Ng5 a5 Nxf7#] 1-0
	// 2 Paco Ŝako * [e4 d5 exd5] *
	// 4 Paco Ŝako 1/2-1/2 [d4 d5] 1/2-1/2
}
