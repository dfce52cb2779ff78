package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// convertInputs are record streams for the workers' tests: the record corpus,
// the Atomic vectors' games, and a stream of both games with errors of every
// kind (tags, moves, a result, another game's Variant, what follows the last
// game), and one that is not UTF-8.
func convertInputs(t *testing.T) map[string]string {
	t.Helper()
	inputs := map[string]string{
		"mixed": "[Event \"a\"]\n[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Nf6 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
			"[Event \"c\"]\n[Variant \"Crazyhouse\"]\n\n1. c4 *\n[Site \"unclosed\n1. e4 *\n\n1. d4 d5 (1... e5 1-0) *\n" +
			"[Event \"d\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n\n1. e4 {no end",
		"UTF-16": "\xff\xfe[\x00E\x00",
	}
	inputs["mixed ×40"] = strings.Repeat(strings.TrimSuffix(inputs["mixed"], "1. e4 {no end"), 40) // many batches
	paths, _ := filepath.Glob("../../testdata/records/*.pgn")
	paths = append(paths, "../../atomic/testdata/games.pgn")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(p)] = string(b)
	}
	return inputs
}

// TestConvertJobs: convert with several workers writes what one worker writes,
// in the same order — the output, every message with its game number, line and
// column, the exit status — for every record output and both games' untagged
// reading.
func TestConvertJobs(t *testing.T) {
	inputs := convertInputs(t)
	for _, to := range []string{"record", "san", "coord", "uci", "history", "replay", "html-embed"} {
		for name, in := range inputs {
			for _, variant := range []string{"pacosako", "atomic"} {
				args := []string{"convert", "-variant", variant, "-to", to}
				out1, err1, st1 := runCmd(t, in, append(args, "-j", "1", "-")...)
				out3, err3, st3 := runCmd(t, in, append(args, "-j", "3", "-")...)
				if out1 != out3 || err1 != err3 || st1 != st3 {
					t.Errorf("%s %q: -j 1 and -j 3 differ:\n%d %q\n%q\n%d %q\n%q", name, args, st1, err1, short(out1), st3, err3, short(out3))
				}
				if name == "mixed" && to == "san" && strings.Count(err1, "\n") < 6 {
					t.Errorf("%q of the mixed stream reports %q: want its errors", args, err1)
				}
				if name == "mixed ×40" && to == "san" && strings.Count(err1, "\n") < 200 {
					t.Errorf("%q of the mixed stream ×40 reports %d errors", args, strings.Count(err1, "\n"))
				}
			}
		}
	}
	if _, errOut, status := runCmd(t, "", "convert", "-j", "0"); status != 2 || !strings.Contains(errOut, "-j must be at least 1, got 0") {
		t.Errorf("-j 0: %d %q", status, errOut)
	}
}

// runCombined runs args with standard output and standard error on one file
// (as 2>&1 does), and returns what the file holds and the exit status.
func runCombined(t *testing.T, stdin string, args ...string) (string, int) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "combined")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	status := run(args, strings.NewReader(stdin), f, f)
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(b), status
}

// TestConvertJobsCombined: with standard output and standard error on one file,
// several workers write exactly what one worker writes — each game's messages
// in place, after its output and before the next game's (issue 32) — on the
// record corpus, the Atomic vectors' games (the shared ones too when present)
// and the mixed stream with errors of every kind.
func TestConvertJobsCombined(t *testing.T) {
	inputs := convertInputs(t)
	shared := filepath.Join(sharedVector, "atomic", "games.pgn")
	if b, err := os.ReadFile(shared); err == nil {
		inputs["shared games.pgn"] = string(b)
	} else {
		t.Logf("%s absent: the module's records only", shared)
	}
	interleaved := 0
	for _, to := range []string{"san", "record", "history"} {
		for name, in := range inputs {
			args := []string{"convert", "-to", to}
			one, st1 := runCombined(t, in, append(args, "-j", "1", "-")...)
			three, st3 := runCombined(t, in, append(args, "-j", "3", "-")...)
			if one != three || st1 != st3 {
				t.Errorf("%s %q: -j 1 and -j 3 write differently to one file:\n%d %q\n%d %q", name, args, st1, short(one), st3, short(three))
			}
			// A message followed by a later game's output: the order is tested.
			if ls := strings.Split(one, "\n"); len(ls) > 2 {
				for i := 1; i < len(ls)-1; i++ {
					if strings.HasPrefix(ls[i-1], "pacosako convert: ") && ls[i] != "" && !strings.HasPrefix(ls[i], "pacosako convert: ") {
						interleaved++
						break
					}
				}
			}
		}
	}
	if interleaved < 10 {
		t.Errorf("only %d outputs have a message before a game's output", interleaved)
	}
}

// TestConvertJobsBounded: -j above the ceiling is refused with the usage
// status; below it, workers start only for the batches there are, so a
// five-game file costs the same memory with -j 256 as with -j 2 (issue 32: -j
// 1000000 started every worker with its buffers and ran out of memory).
func TestConvertJobsBounded(t *testing.T) {
	for _, j := range []string{"257", "1000000"} {
		if _, errOut, status := runCmd(t, "", "convert", "-j", j); status != 2 || !strings.Contains(errOut, "-j must be at most 256, got "+j) {
			t.Errorf("-j %s: %d %q", j, status, errOut)
		}
	}
	data, err := os.ReadFile(filepath.Join(atomicTestdata, "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var five strings.Builder
	for i, rec := range strings.SplitAfter(string(data), "\n\n[")[:5] {
		if i > 0 {
			five.WriteString("[")
		}
		five.WriteString(strings.TrimSuffix(rec, "["))
	}
	alloc := func(j string) uint64 {
		var want string
		return testkit.Allocated(func() {
			out := mustRun(t, five.String(), "convert", "-to", "uci", "-j", j, "-")
			if want == "" {
				want = out
			}
			if strings.Count(out, "\n") != 5 || out != want {
				t.Fatalf("-j %s: %q", j, out)
			}
		})
	}
	two, many := alloc("2"), alloc("256")
	t.Logf("five games: -j 2 allocates %d bytes, -j 256 %d", two, many)
	if many > two+1<<20 { // each worker started for nothing costs its 32 KB writer: 256 of them 8 MB
		t.Errorf("five games: -j 256 allocates %d bytes, -j 2 %d: workers started for no batch", many, two)
	}
}

// TestInOrderStartsLazily: inOrder starts no more workers than inputs are in
// flight: one for inputs answered one at a time, at most the number asked for,
// and answers in the inputs' order whatever their speed.
func TestInOrderStartsLazily(t *testing.T) {
	for _, c := range []struct{ inputs, workers, most int }{{1, 1000, 1}, {5, 1 << 20, 5}, {200, 3, 3}} {
		var started atomic.Int64
		var out strings.Builder
		bw := bufio.NewWriter(&out)
		ok := inOrder(c.workers, func(yield func(int)) {
			for i := range c.inputs {
				yield(i)
			}
		}, func() func(int, *bufio.Writer, reporter) bool {
			started.Add(1)
			return func(i int, w *bufio.Writer, rep reporter) bool {
				time.Sleep(time.Duration(i%7) * 100 * time.Microsecond)
				fmt.Fprintf(w, "%d\n", i)
				return true
			}
		}, bw, reporter{w: &out})
		bw.Flush()
		want := ""
		for i := range c.inputs {
			want += fmt.Sprintf("%d\n", i)
		}
		if n := started.Load(); !ok || n < 1 || n > int64(c.most) || out.String() != want {
			t.Errorf("%d inputs, %d workers: %d started (want 1 to %d), ok %v, in order %v", c.inputs, c.workers, n, c.most, ok, out.String() == want)
		}
	}
}

func short(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// TestConvertTags: -to tags writes a line per game, its name and every tag as
// written (Result, Variant and FEN too), the movetext not read: a game whose
// moves are illegal is listed, one whose tag section is not PGN reported.
func TestConvertTags(t *testing.T) {
	in := "[Event \"a\"]\n[Variant \"Atomic\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[Event \"b\"]\n[White \"say \\\"hi\\\"\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
		"[Site \"no event\"]\n\n1. d4 *\n\n[Event \"c\"]\n[Variant \"Crazyhouse\"]\n\n1. c4 *\n\n[Event \"d\" x]\n1. e4 *\n"
	out, errOut, status := runCmd(t, in, "convert", "-to", "tags", "-")
	want := "a\t[Event \"a\"] [Variant \"Atomic\"] [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n" +
		"b\t[Event \"b\"] [White \"say \\\"hi\\\"\"]\n" +
		"game 3\t[Site \"no event\"]\n"
	if out != want || status != 1 || strings.Count(errOut, "\n") != 2 ||
		!strings.Contains(errOut, "game 4, line 17, column 1: invalid record notation \"Crazyhouse\"") ||
		!strings.Contains(errOut, "game 5, line 21, column 12: invalid record notation \"x\" at offset 0: want ] to close the tag pair") {
		t.Errorf("-to tags: %d\n%s\nstderr %s", status, out, errOut)
	}
	// Games of the line formats list the tags their records would have.
	if out := mustRun(t, "g\tnew\tLift(e2) Place(e4)\n", "convert", "-to", "tags", "-"); out != "g\t[Event \"g\"]\n" {
		t.Errorf("a history line's tags: %q", out)
	}
}
