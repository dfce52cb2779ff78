package main

import (
	"bufio"
	"bytes"
	"context"
	"io"

	"github.com/pacosako-go/pacosako/records"
)

// convert's workers (-j): records split off the input (records.Splitter: the
// tags read, the movetext skipped) are read and written by the workers, and
// their outputs and messages written in the input's order, as one worker writes
// them; at most 4 games a worker are in flight, so memory stays that of a few
// games whatever the input's length.

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

// converted is what a worker made of one game: its output and the message
// reporting it ("" when it was written).
type converted struct {
	out *bytes.Buffer // from outBuffers
	msg string
}

// convertParallel converts the records of r with c.jobs workers; untagged is the
// game of a record without a Variant tag. It reports whether every game was
// converted.
func (c *convertCmd) convertParallel(r io.Reader, untagged records.Game, out *bufio.Writer, stderr reporter) bool {
	type job struct {
		chunk records.Chunk
		done  chan *converted
	}
	sp := records.NewSplitter(r, untagged)
	jobs := make(chan job, c.jobs)
	inFlight := make(chan chan *converted, 4*c.jobs) // the games' results, in the input's order
	for range c.jobs {
		go func() {
			w := bufio.NewWriter(nil)
			for j := range jobs {
				j.done <- c.convertChunk(j.chunk, w)
			}
		}()
	}
	go func() {
		defer close(inFlight)
		defer close(jobs)
		for sp.Scan() {
			j := job{sp.Chunk(), make(chan *converted, 1)}
			inFlight <- j.done // waits while the window is full
			jobs <- j
		}
	}()
	ok := true
	for done := range inFlight {
		res := <-done
		out.Write(res.out.Bytes())
		out.Flush()
		outBuffers.Put(res.out)
		if res.msg != "" {
			stderr.printf("%s", res.msg)
			ok = false
		}
	}
	if err := sp.Err(); err != nil {
		stderr.printf("%s", libError(err))
		ok = false
	}
	return ok
}

// convertChunk reads and writes one game split off the input, through w, a
// worker's writer.
func (c *convertCmd) convertChunk(chunk records.Chunk, w *bufio.Writer) *converted {
	res := &converted{out: outBuffers.Get().(*bytes.Buffer)}
	res.out.Reset()
	rec, err := chunk.ReadContext(context.Background(), c.limits())
	if err != nil {
		res.msg = libError(c.wrap(err))
		return res
	}
	w.Reset(res.out)
	res.msg = c.emit(recordGame(chunk.Game, rec), w)
	w.Flush()
	return res
}
