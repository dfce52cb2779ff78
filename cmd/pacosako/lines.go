package main

import (
	"bufio"
	"bytes"
	"io"
	"runtime"
	"sync"
)

// Lines of standard input on every core: a command whose work per line is
// independent (moves, sako) answers lines in parallel and writes the answers,
// and the messages about them, in input order, each as soon as the ones before it
// are out. A line's answer is written whole, so output stays line-atomic.

// cloner is a FEN command that can run on several lines at once: clone returns a
// runner sharing nothing that changes with c, reporting to stderr.
type cloner interface {
	clone(stderr reporter) fenRunner
}

// lineResult is one line's answer: its output, its messages and whether it
// succeeded. out goes back to outBuffers once written.
type lineResult struct {
	out  *bytes.Buffer
	msgs []byte
	ok   bool
}

// outBuffers keeps the buffers of answers written, so that a batch reuses a few
// grown buffers instead of growing a new one per line (a position's moves are
// up to a megabyte of text).
var outBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// parallelLines runs the FEN command c on every line of r (as eachLine reads them)
// on runtime.GOMAXPROCS(0) workers, writing to out and stderr in input order. It
// reports whether every line succeeded and the reading did.
func (c fenCommand) parallelLines(r io.Reader, out *bufio.Writer, stderr reporter) bool {
	workers := runtime.GOMAXPROCS(0)
	type job struct {
		line string
		done chan lineResult
	}
	jobs := make(chan job, 4*workers)
	pending := make(chan chan lineResult, 4*workers)
	for range workers {
		go func() {
			w := bufio.NewWriterSize(nil, 32<<10)
			for j := range jobs {
				o := outBuffers.Get().(*bytes.Buffer)
				o.Reset()
				w.Reset(o)
				var m bytes.Buffer
				rep := reporter{w: &m, prefix: stderr.prefix}
				local := fenCommand{c.fenRunner.(cloner).clone(rep), c.com}
				ok := local.line(j.line, w, rep)
				w.Flush()
				j.done <- lineResult{o, m.Bytes(), ok}
			}
		}()
	}
	readOK := make(chan bool, 1)
	var readMsgs bytes.Buffer // a reading error, written after the answers
	go func() {
		defer close(jobs)
		defer close(pending)
		readOK <- eachLine(r, reporter{w: &readMsgs, prefix: stderr.prefix}, func(line string) bool {
			done := make(chan lineResult, 1)
			pending <- done
			jobs <- job{line, done}
			return true
		})
	}()
	ok := true
	for done := range pending {
		res := <-done
		out.Write(res.out.Bytes())
		out.Flush()
		outBuffers.Put(res.out)
		stderr.w.Write(res.msgs)
		ok = ok && res.ok
	}
	read := <-readOK
	stderr.w.Write(readMsgs.Bytes())
	return read && ok
}
