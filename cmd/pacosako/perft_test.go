package main

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
)

// heavyFEN has 9,448,461 moves: the guard -max-states must stop it.
const heavyFEN = "1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -"

func TestPerftParallel(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-depth", "3", "-parallel"},
		{"perft", "-depth", "3", "-parallel", "-max-states", "100000"},
		{"perft", "-depth", "2", "-parallel", rulesFEN},
	} {
		plain := mustRun(t, "", removeFlags(args)...)
		if got := mustRun(t, "", args...); got != plain {
			t.Errorf("%q printed %q, without -parallel %q", args, got, plain)
		}
	}
	// Divide and batch mode agree with the single-threaded run too.
	in := startFEN + "\n" + rulesFEN + "\n"
	for _, args := range [][]string{{"perft", "-depth", "2", "-divide", "-parallel", "-"}, {"perft", "-depth", "2", "-parallel", "-"}} {
		if got, want := mustRun(t, in, args...), mustRun(t, in, removeFlags(args)...); got != want {
			t.Errorf("%q printed\n%s\nwithout -parallel\n%s", args, got, want)
		}
	}
}

// removeFlags drops -parallel and -max-states N from args.
func removeFlags(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-parallel":
		case "-max-states":
			i++
		default:
			out = append(out, args[i])
		}
	}
	return out
}

func TestMaxStates(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "-max-states", "1000", heavyFEN},
		{"perft", "-parallel", "-max-states", "1000", heavyFEN},
		{"perft", "-divide", "-depth", "2", "-max-states", "1000", heavyFEN},
		{"moves", "-max-states", "1000", heavyFEN},
	} {
		out, errOut, status := runCmd(t, "", args...)
		if status != 1 || out != "" || !strings.Contains(errOut, "more than 1000 states") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 1, nothing, the limit", args, status, out, errOut)
		}
	}
	// In batch mode the other lines are still answered.
	out, errOut, status := runCmd(t, heavyFEN+"\n"+rulesFEN+"\n", "perft", "-max-states", "1000", "-")
	if status != 1 || out != rulesFEN+"\t67\n" || strings.Count(errOut, "\n") != 1 {
		t.Errorf("batch: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if _, errOut, status := runCmd(t, "", "moves", "-max-states", "-1"); status != 2 || !strings.Contains(errOut, "-max-states") {
		t.Errorf("negative -max-states: status %d, stderr %q", status, errOut)
	}
}

func TestPerftProgress(t *testing.T) {
	var out, errOut strings.Builder
	c := &perftCmd{depth: 3, parallel: true, stderr: newReporter(&errOut, "perft"),
		terminal: func(io.Writer) bool { return true }, progressAfter: time.Nanosecond}
	w := bufio.NewWriter(&out)
	c.run(&pacoPos{p: pacosako.StartingPosition()}, startFEN, false, w)
	w.Flush()
	if out.String() != "8902\n" {
		t.Fatalf("perft -depth 3 -parallel printed %q", out.String())
	}
	e := errOut.String()
	if !strings.Contains(e, "\rpacosako perft: ") || !strings.Contains(e, "/400 subtrees") || !strings.HasSuffix(e, "\r\033[K") {
		t.Errorf("progress on a terminal: %q", e)
	}
	// Not a terminal: no progress.
	errOut.Reset()
	c.terminal = nil // the real check: a strings.Builder is not a terminal
	c.run(&pacoPos{p: pacosako.StartingPosition()}, startFEN, false, w)
	if errOut.Len() != 0 {
		t.Errorf("progress written to a non-terminal: %q", errOut.String())
	}
}

// TestDepthWarningHuge: an absurd -depth gets a sentence, not "+Inf years".
func TestDepthWarningHuge(t *testing.T) {
	c := &perftCmd{depth: 1_000_000_000}
	if msg := c.depthWarning(1); !strings.Contains(msg, "longer than the universe will last") || strings.Contains(msg, "Inf") {
		t.Errorf("depthWarning: %q", msg)
	}
}
