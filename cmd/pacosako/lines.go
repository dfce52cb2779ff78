package main

import (
	"bufio"
	"bytes"
	"io"
	"runtime"
	"sync"

	"github.com/pacosako-go/pacosako/internal/parallel"
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

// answer is one input's answer: its output, its messages, each after the
// output written before it, and whether it succeeded. out goes back to
// outBuffers once written.
type answer struct {
	out  *bytes.Buffer
	msgs []message
	ok   bool
}

// message is a message of an answer and where it stands in the answer's output:
// after its first at bytes.
type message struct {
	at   int
	text []byte
}

// messages is the writer of a worker's reporter: each message written is kept
// with the length of the output written before it (w flushed into out first),
// so that the answer is written as one worker writes it to a single stream.
type messages struct {
	w    *bufio.Writer
	out  *bytes.Buffer
	msgs []message
}

func (m *messages) Write(p []byte) (int, error) {
	m.w.Flush()
	m.msgs = append(m.msgs, message{m.out.Len(), append([]byte(nil), p...)})
	return len(p), nil
}

// maxInFlight bounds the inputs inOrder has in flight, whatever the number of
// workers (at most parallel.MaxWorkers): the memory held is that of so many
// inputs and their answers.
const maxInFlight = 256

// outBuffers keeps the buffers of answers written, so that a batch reuses a few
// grown buffers instead of growing a new one per line (a position's moves are
// up to a megabyte of text).
var outBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// inOrder answers every input produce yields (produce runs on a goroutine of
// its own) on up to workers goroutines (parallel.Workers: at most
// parallel.MaxWorkers), each with the answering function newWorker makes for
// it, which writes an input's answer to w and its messages to rep and reports
// whether it succeeded; and writes every answer to out and stderr in the
// inputs' order, each as soon as the ones before it are out, each message after
// the output written before it (to one stream, exactly what one worker
// answering the inputs in turn writes). A worker is started only when an input
// is handed out and every worker started is busy, so there are never more
// workers than inputs in flight; at most 4 inputs a worker, and maxInFlight in
// all, are in flight. It reports whether every answer succeeded.
func inOrder[T any](workers int, produce func(yield func(T)), newWorker func() func(in T, w *bufio.Writer, rep reporter) bool, out *bufio.Writer, stderr reporter) bool {
	type job struct {
		in   T
		done chan answer
	}
	workers = parallel.Workers(workers)
	// jobs is unbuffered: a send succeeds at once only to an idle worker.
	// pending holds the answers to come, in the inputs' order.
	jobs := make(chan job)
	pending := make(chan chan answer, min(4*workers, maxInFlight))
	work := func(answerOne func(T, *bufio.Writer, reporter) bool) {
		w := bufio.NewWriterSize(nil, 32<<10)
		for j := range jobs {
			o := outBuffers.Get().(*bytes.Buffer)
			o.Reset()
			w.Reset(o)
			m := &messages{w: w, out: o}
			ok := answerOne(j.in, w, reporter{w: m, prefix: stderr.prefix})
			w.Flush()
			j.done <- answer{o, m.msgs, ok}
		}
	}
	go func() {
		defer close(jobs)
		defer close(pending)
		started := 0
		produce(func(in T) {
			done := make(chan answer, 1)
			pending <- done // waits while the window is full
			j := job{in, done}
			select {
			case jobs <- j: // an idle worker took it
				return
			default:
			}
			if started < workers {
				started++
				go work(newWorker())
			}
			jobs <- j
		})
	}()
	ok := true
	for done := range pending {
		res := <-done
		at := 0
		for _, m := range res.msgs {
			out.Write(res.out.Bytes()[at:m.at])
			out.Flush()
			stderr.w.Write(m.text)
			at = m.at
		}
		out.Write(res.out.Bytes()[at:])
		out.Flush()
		outBuffers.Put(res.out)
		ok = ok && res.ok
	}
	return ok
}

// parallelLines runs the FEN command c on every line of r (as eachLine reads them)
// on runtime.GOMAXPROCS(0) workers, writing to out and stderr in input order. It
// reports whether every line succeeded and the reading did.
func (c fenCommand) parallelLines(r io.Reader, out *bufio.Writer, stderr reporter) bool {
	read := false
	var readMsgs bytes.Buffer // a reading error, written after the answers
	ok := inOrder(runtime.GOMAXPROCS(0), func(yield func(string)) {
		read = eachLine(r, reporter{w: &readMsgs, prefix: stderr.prefix}, func(line string) bool {
			yield(line)
			return true
		})
	}, func() func(string, *bufio.Writer, reporter) bool {
		return func(line string, w *bufio.Writer, rep reporter) bool {
			local := fenCommand{c.fenRunner.(cloner).clone(rep), c.com}
			return local.line(line, w, rep)
		}
	}, out, stderr)
	stderr.w.Write(readMsgs.Bytes())
	return read && ok
}
