package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// worstFEN is the first position of testdata/worst-cases.tsv: 63,591,853 moves,
// whose move search alone would need about 55 GB.
const worstFEN = "j1y4y/a7/8/1a1b4/2E4B/a2CB3/1c1eNafB/C1CK1S1R b 5 - - -"

// middlegameFEN has no forced Paco in 5 moves: solve -n 99 searches it for minutes.
const middlegameFEN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w 2 AHah - -"

// pacoIn2FEN has a forced Paco in 2 for Black, found in milliseconds (the README's
// example).
const pacoIn2FEN = "rn1qkbnr/pp3pp1/2ppp2p/8/P5E1/5P2/1PPPP2P/RNBQKBNR b 2 Hah - -"

// defaultLimitMessage is the reason every command gives for an input over the
// default bound.
const defaultLimitMessage = "search limit reached: the search held more than 1000000 states (-max-states 1000000, the default: about 1 GB of memory); -max-states 0 lifts the limit"

// TestDefaultBound: every command that searches stops the worst case of
// testdata/worst-cases.tsv under its default -max-states, quickly, with one line
// that names the flag, exit status 1, and answers the next input of the batch.
func TestDefaultBound(t *testing.T) {
	if testing.Short() {
		t.Skip("the default bound lets a search hold 1,000,000 states (about 0.6 GB) before it stops it")
	}
	for _, c := range []struct {
		args     []string
		stdin    string
		wantOut  []string // the lines, or their starts when they end in "\t"
		contexts string   // the message's start after the command's prefix
	}{
		{[]string{"moves", "-"}, worstFEN + "\n" + rulesFEN + "\n", []string{rulesFEN + "\t"}, `"` + worstFEN + `": `},
		{[]string{"perft", "-"}, worstFEN + "\n" + rulesFEN + "\n", []string{rulesFEN + "\t67"}, `"` + worstFEN + `": `},
		{[]string{"perft", "-parallel", "-"}, worstFEN + "\n" + rulesFEN + "\n", []string{rulesFEN + "\t67"}, `"` + worstFEN + `": `},
		{[]string{"solve", "-n", "1", "-"}, worstFEN + "\n" + rulesFEN + "\n", []string{rulesFEN + "\tWhite\t-\t0\t-\t-"}, `"` + worstFEN + `": `},
		{[]string{"play", "-"}, worstFEN + "\t\nstart\te4\n", []string{worstFEN + "\t\terror: counting the legal moves: " + defaultLimitMessage, "start\te4\t"}, "counting the legal moves: "},
		{[]string{"replay", "-"}, "w\t" + worstFEN + "\t\nx\tnew\tLift(e2) Place(e4)\n", []string{"x\t0\t", "x\t1\t"}, `"w": half-move 0: legal moves: `},
	} {
		if os.Getenv("PACOSAKO_FULL") != "1" && c.args[0] != "moves" && c.args[0] != "play" {
			continue // each case holds a million states: two by default, all in CI (PACOSAKO_FULL=1)
		}
		name := strings.Join(c.args, " ")
		start := time.Now()
		stdout, stderr, status := runCmd(t, c.stdin, c.args...)
		elapsed := time.Since(start)
		if status != 1 || stderr != "pacosako "+c.args[0]+": "+c.contexts+defaultLimitMessage+"\n" {
			t.Errorf("%s: status %d, stderr %q; want 1 and the bound's message", name, status, stderr)
		}
		got := lines(t, stdout)
		if c.args[0] == "moves" {
			got = got[:min(len(got), 1)] // the rules position's 12 moves
		}
		if len(got) != len(c.wantOut) {
			t.Errorf("%s: stdout %q; want %d lines", name, stdout, len(c.wantOut))
			continue
		}
		for i, w := range c.wantOut {
			if got[i] != w && !(strings.HasSuffix(w, "\t") && strings.HasPrefix(got[i], w)) {
				t.Errorf("%s: line %d is %q, want %q", name, i+1, got[i], w)
			}
		}
		if elapsed > 30*time.Second { // about a second on a quiet 2-core machine
			t.Errorf("%s: %v to stop the worst case", name, elapsed)
		}
	}
}

// TestBoundLifted: a small -max-states stops a small input in every command that
// searches, naming the value given, and -max-states 0 lifts the bound: the answer
// is the one under the default.
func TestBoundLifted(t *testing.T) {
	for _, c := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"moves", "-"}, rulesFEN + "\n"},
		{[]string{"perft", "-depth", "2", "-"}, rulesFEN + "\n"},
		{[]string{"perft", "-divide", "-"}, rulesFEN + "\n"},
		{[]string{"perft", "-parallel", "-depth", "2", "-"}, rulesFEN + "\n"},
		{[]string{"sako", "-"}, rulesFEN + "\n"},
		{[]string{"solve", "-n", "2", "-"}, rulesFEN + "\n"},
		{[]string{"play", "-"}, rulesFEN + "\t\n"},
		{[]string{"play", "-"}, "start\te4 d5 exd5\n"},
		{[]string{"replay", "-"}, "g\t" + rulesFEN + "\tLift(f3) Place(e4)\n"},
	} {
		name := strings.Join(c.args, " ")
		withDefault := mustRun(t, c.stdin, c.args...)
		with := func(n string) []string { return append([]string{c.args[0], "-max-states", n}, c.args[1:]...) }
		if stdout, stderr, status := runCmd(t, c.stdin, with("1")...); status != 1 || !strings.Contains(stderr, "search limit reached: the search held more than 1 states (-max-states 1); -max-states 0 lifts the limit") {
			t.Errorf("%s -max-states 1: status %d, stdout %q, stderr %q; want 1 and the bound's message", name, status, stdout, stderr)
		}
		if got := mustRun(t, c.stdin, with("0")...); got != withDefault {
			t.Errorf("%s -max-states 0: %q; under the default %q", name, got, withDefault)
		}
	}
	if _, stderr, status := runCmd(t, "", "solve", "-max-states", "-1"); status != 2 || !strings.Contains(stderr, "-max-states must be at least 0") {
		t.Errorf("solve -max-states -1: status %d, %q", status, stderr)
	}
}

// TestMoveTextWithinBound: the ambiguous moves in positions with millions
// of moves are read, their candidates named, and the record's moves written, within
// a bound of 1,000 states: only the pieces the text could mean are searched.
func TestMoveTextWithinBound(t *testing.T) {
	const fen = "1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -"
	records := "[FEN \"" + fen + "\"]\n\n1. Qb1 *\n\n[FEN \"" + fen + "\"]\n\n1. Qab1 *\n"
	for _, c := range []struct {
		args           []string
		stdin          string
		wantOut, wantE string
	}{
		{[]string{"convert", "-to", "san", "-max-states", "1000", "-"}, records,
			"game 2\t" + fen + "\tQab1+\n", `ambiguous move: 2 candidates: Qab1+, Qbb1+`},
		{[]string{"play", "-max-states", "1000", "-"}, "1k6/1C6/5P2/a2p1Ra1/K7/Q1CS2p1/1peeD2D/2JT2a1 b 0 - - -\t=Q,Rb3\nstart\te4\n",
			"start\te4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -", `2 candidates: =Q,Rcb3+, =Q,Rbb3+`},
	} {
		stdout, stderr, status := runCmd(t, c.stdin, c.args...)
		if status != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.wantE) || !strings.Contains(stdout, c.wantOut) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want 1, %q and %q", c.args, status, stdout, stderr, c.wantOut, c.wantE)
		}
	}
}

// TestSolveTimeout: -timeout stops a long search with one line that says how far
// it came and names the flag; the batch goes on.
func TestSolveTimeout(t *testing.T) {
	stdout, stderr, status := runCmd(t, middlegameFEN+"\n"+pacoIn2FEN+"\n", "solve", "-n", "99", "-timeout", "50ms", "-")
	if status != 1 || !strings.HasPrefix(stderr, `pacosako solve: "`+middlegameFEN+`": stopped after -timeout 50ms, `) ||
		!strings.Contains(stderr, " positions searched; -timeout 0 lifts the limit\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stderr %q; want 1 and the timeout's message", status, stderr)
	}
	if !strings.HasPrefix(stdout, pacoIn2FEN+"\tBlack\t2\t1\t") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("stdout %q; want the second position's line", stdout)
	}
	if _, stderr, status := runCmd(t, "", "solve", "-timeout", "-1s"); status != 2 || !strings.Contains(stderr, "-timeout must be at least 0") {
		t.Errorf("solve -timeout -1s: status %d, %q", status, stderr)
	}
	if got := mustRun(t, "", "solve", "-timeout", "0", "-n", "2", rulesFEN); !strings.HasPrefix(got, rulesFEN+"\tWhite\t") {
		t.Errorf("solve -timeout 0: %q", got)
	}
}

// TestSolveProgress: on a terminal, a long solve shows how far it has come on one
// line, rewritten in place, and clears it before its message.
func TestSolveProgress(t *testing.T) {
	var out, errOut strings.Builder
	c := &solveCmd{n: 99, bound: bound{maxStates: defaultMaxStates, timeout: 300 * time.Millisecond}, stderr: newReporter(&errOut, "solve"),
		terminal: func(io.Writer) bool { return true }, progressAfter: time.Nanosecond}
	w := bufio.NewWriter(&out)
	middlegame := &pacoPos{p: pacosako.MustParseFEN(middlegameFEN)}
	ok := c.run(middlegame, middlegameFEN, false, w)
	w.Flush()
	e := errOut.String()
	if !strings.HasPrefix(e, "\rpacosako solve: ") || !strings.Contains(e, "positions searched, ") || !strings.Contains(e, "\033[K\r\033[Kpacosako solve: \"") || ok {
		t.Errorf("progress on a terminal: %q", e)
	}
	// Not a terminal: the message alone.
	errOut.Reset()
	c.terminal = nil // the real check: a strings.Builder is not a terminal
	c.run(middlegame, middlegameFEN, false, w)
	if !strings.HasPrefix(errOut.String(), `pacosako solve: "`) || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("progress written to a non-terminal: %q", errOut.String())
	}
}

// TestTimeout: every command whose time depends on the position takes -timeout D
// (issue 32): a search that runs longer stops with one line that names the flag,
// and the next input of a batch is served. A timeout of 1ns is already over
// when an input starts, whatever the machine; 50 ms stops the hard
// position (39,444 moves) within a small bound.
func TestTimeout(t *testing.T) {
	const hard = "d6k/n3F3/1d1E4/1D1Lh3/1CS5/eyc2B2/7a/1o5K b 22 - - -"
	const msg = "stopped after -timeout 1ns; -timeout 0 lifts the limit\n"
	for _, c := range []struct {
		stdin string
		args  []string
		want  string // the message's start, before msg
	}{
		{"", []string{"moves", "-timeout", "1ns", "start"}, "pacosako moves: \"" + startFEN + "\": "},
		{"", []string{"perft", "-timeout", "1ns", "-depth", "2", "start"}, "pacosako perft: \"" + startFEN + "\": "},
		{"", []string{"perft", "-timeout", "1ns", "-divide", "-depth", "2", "start"}, "pacosako perft: \"" + startFEN + "\": "},
		{"", []string{"sako", "-timeout", "1ns", "start"}, "pacosako sako: \"" + startFEN + "\": "},
		{"g\tstart\tLift(e2) Place(e4)\n", []string{"annotate", "-timeout", "1ns", "-"}, `pacosako annotate: "g": `},
		{"g\tstart\tLift(e2) Place(e4)\n", []string{"replay", "-timeout", "1ns", "-"}, `pacosako replay: "g": half-move 0: legal moves: `},
		{"", []string{"play", "-timeout", "1ns", "start", "e4"}, `pacosako play: argument 1 "e4": `},
	} {
		_, stderr, status := runCmd(t, c.stdin, c.args...)
		if status != 1 || stderr != c.want+msg {
			t.Errorf("%q: status %d, stderr %q; want 1, %q", c.args, status, stderr, c.want+msg)
		}
	}
	// A batch goes on after an input that ran out of time.
	stdout, stderr, status := runCmd(t, hard+"\n"+startFEN+"\n", "moves", "-timeout", "50ms", "-")
	if status != 1 || stderr != `pacosako moves: "`+hard+`": stopped after -timeout 50ms; -timeout 0 lifts the limit`+"\n" ||
		strings.Count(stdout, "\n") != 20 || !strings.HasPrefix(stdout, startFEN+"\t") {
		t.Errorf("moves -timeout 50ms: status %d, stderr %q, %d lines", status, stderr, strings.Count(stdout, "\n"))
	}
	const slack = 2 * time.Second // scheduling on a loaded machine, the race detector
	for _, args := range [][]string{{"moves", "-timeout", "50ms", hard}, {"perft", "-timeout", "50ms", "-depth", "3", hard}} {
		start := time.Now()
		_, stderr, status := runCmd(t, "", args...)
		if took := time.Since(start); status != 1 || !strings.Contains(stderr, "stopped after -timeout 50ms") || took > 50*time.Millisecond+slack {
			t.Errorf("%q: status %d, %q after %v", args, status, stderr, took)
		}
	}
	for _, bad := range []string{"-1s", "soon"} {
		if _, stderr, status := runCmd(t, "", "moves", "-timeout", bad); status != 2 || !strings.Contains(stderr, "-timeout") {
			t.Errorf("moves -timeout %s: status %d, %q", bad, status, stderr)
		}
	}
	if got := mustRun(t, "", "perft", "-timeout", "0", "-depth", "2", "start"); got != "400\n" {
		t.Errorf("perft -timeout 0: %q", got)
	}
	if got := mustRun(t, "", "perft", "-timeout", "1m", "-depth", "2", "start"); got != "400\n" {
		t.Errorf("perft -timeout 1m: %q", got)
	}
}

// TestBoundErrorKeepsContext: the command's reason replaces the library's in a
// search limit of either game, and the context of an error that wraps it stays.
func TestBoundErrorKeepsContext(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&pacosako.SearchLimitError{Limit: 5}, "search limit reached: the search held more than 5 states (-max-states 5); -max-states 0 lifts the limit"},
		{fmt.Errorf("entry 3: %w", &pacosako.SearchLimitError{Limit: 5}), "entry 3: search limit reached: the search held more than 5 states (-max-states 5); -max-states 0 lifts the limit"},
		{fmt.Errorf("game 2: %w", &atomic.SearchLimitError{Limit: 5}), "game 2: search limit reached: the search held more than 5 states (-max-states 5); -max-states 0 lifts the limit"},
	} {
		if got := (bound{maxStates: 5}).wrap(c.err).Error(); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.err, got, c.want)
		}
	}
}
