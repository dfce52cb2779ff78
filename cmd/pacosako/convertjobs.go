package main

import (
	"bufio"
	"context"
	"io"

	"github.com/pacosako-go/pacosako/internal/parallel"
	"github.com/pacosako-go/pacosako/records"
)

// convert's workers (-j): records split off the input (records.Splitter: the
// tags read, the movetext skipped) are read and written by the workers, in
// batches of consecutive games (a worker's hand-over costs as much as reading a
// short game), and their outputs and messages written in the input's order, as
// one worker writes them (inOrder, as the line commands answer lines): each
// game's message after its output and before the next game's, so that standard
// output and standard error sent to one place read as -j 1 writes them. At most
// 4 batches a worker, and 256 in all (maxInFlight), are in flight, and a worker
// is started only for a batch no worker started is free for: memory stays that
// of a few hundred games whatever the number of games and whatever -j (at most
// maxJobs, the most workers parallel.Workers starts). A batch holds its games'
// text, so a single huge game costs its size a batch in flight (with -j 1 the
// record is read as it streams in, so -j 1 is the choice for input of
// unbounded single games).

// A batch holds at most batchGames games and batchBytes bytes of their text;
// -j is at most maxJobs.
const (
	batchGames = 64
	batchBytes = 32 << 10
	maxJobs    = parallel.MaxWorkers
)

// parallelOutput reports whether the workers write the output format: each
// game's output a function of the game alone, on standard output. -to html
// writes files named in the input's order, and -to tags reads no moves to
// share out.
func (c *convertCmd) parallelOutput() bool {
	switch c.to {
	case "record", "history", "json", "san", "coord", "uci", "replay", "html-embed":
		return true
	}
	return false
}

// convertParallel converts the records of r with c.jobs workers; untagged is the
// game of a record without a Variant tag. It reports whether every game was
// converted and the input read.
func (c *convertCmd) convertParallel(r io.Reader, untagged records.Variant, out *bufio.Writer, stderr reporter) bool {
	sp := records.NewSplitter(r, untagged)
	ok := inOrder(c.jobs, func(yield func([]records.Chunk)) {
		var batch []records.Chunk
		size := 0
		for sp.Scan() {
			batch = append(batch, sp.Chunk())
			if size += len(batch[len(batch)-1].Text); len(batch) == batchGames || size >= batchBytes {
				yield(batch)
				batch, size = nil, 0
			}
		}
		if len(batch) > 0 {
			yield(batch)
		}
	}, func() func([]records.Chunk, *bufio.Writer, reporter) bool {
		return func(batch []records.Chunk, w *bufio.Writer, rep reporter) bool {
			ok := true
			for _, chunk := range batch {
				ok = c.convertChunk(chunk, w, rep) && ok
			}
			return ok
		}
	}, out, stderr)
	if err := sp.Err(); err != nil {
		stderr.printf("%s", libError(err))
		ok = false
	}
	return ok
}

// convertChunk reads one game split off the input and writes it to w, its
// message to rep; it reports whether it was converted.
func (c *convertCmd) convertChunk(chunk records.Chunk, w *bufio.Writer, rep reporter) bool {
	rec, err := chunk.ReadContext(context.Background(), c.limits())
	msg := ""
	if err != nil {
		msg = libError(c.wrap(err))
	} else {
		msg = c.emit(recordGame(chunk.Game, rec), w)
	}
	if msg != "" {
		rep.printf("%s", msg)
	}
	return msg == ""
}
