package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
	"github.com/pacosako-go/pacosako/internal/ucifake"
)

// The test binary is also the fake engine (-ucifake=MODE).
func TestMain(m *testing.M) {
	if mode := ucifake.Mode(os.Args[1:]); mode != "" {
		os.Exit(ucifake.Run(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func fake(mode string) string { return os.Args[0] + " " + ucifake.Flag + mode }

// match runs the command and returns its exit status, its report, its log and
// the games of its PGN.
func match(t *testing.T, args ...string) (int, string, string, []atomic.Record) {
	t.Helper()
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	var out, errb bytes.Buffer
	code := run(context.Background(), append(args, "-pgn", pgn), &out, &errb)
	var recs []atomic.Record
	if f, err := os.Open(pgn); err == nil {
		recs = testkit.AllRecords(t, atomic.NewRecordReader(f))
		f.Close()
	}
	noChildren(t)
	return code, out.String(), errb.String(), recs
}

// noChildren fails t when a child process is left (Linux), running or a zombie.
func noChildren(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	for range 50 {
		tasks, _ := filepath.Glob("/proc/self/task/*/children")
		left := ""
		for _, f := range tasks {
			b, _ := os.ReadFile(f)
			left += strings.TrimSpace(string(b))
		}
		if left == "" {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("child processes left")
}

// Two correct engines play every game to its end by the rules; the PGN holds
// every game, its result the report's.
func TestMatchGood(t *testing.T) {
	code, report, log, recs := match(t, "-engine1", fake("good"), "-engine2", fake("good"), "-name1", "A", "-name2", "B",
		"-games", "4", "-plies", "4", "-movetime", "20ms", "-seed", "7")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, report, log)
	}
	if len(recs) != 4 {
		t.Fatalf("%d games in the PGN", len(recs))
	}
	var score float64
	for i, r := range recs {
		o := r.Game.Outcome()
		if !o.IsOver() || o.Termination == atomic.Resignation || o.Termination == atomic.Timeout {
			t.Errorf("game %d ended %v", i+1, o)
		}
		white := r.Tag("White")
		if want := []string{"A", "B"}[i%2]; white != want {
			t.Errorf("game %d: White is %s, want %s", i+1, white, want)
		}
		if w, ok := o.Won(); ok && (w == 0) == (white == "A") {
			score++
		} else if !ok {
			score += 0.5
		}
		if i%2 == 1 { // the same opening, colours swapped
			a, b := recs[i-1].Game.PlayedMoves()[:4], r.Game.PlayedMoves()[:4]
			for k := range a {
				if a[k] != b[k] {
					t.Errorf("games %d and %d open differently", i, i+1)
				}
			}
		}
	}
	if !strings.Contains(report, "Score of A vs B") || !strings.Contains(report, "/4 = ") ||
		!strings.Contains(report, "illegal moves 0, losses on time 0, crashes 0; ") {
		t.Errorf("report:\n%s", report)
	}
	if want := fmt.Sprintf("  %.1f/4 = ", score); !strings.Contains(report, want) {
		t.Errorf("the PGN's score %q is not the report's:\n%s", want, report)
	}
	if strings.Count(log, "game ") != 4 {
		t.Errorf("log:\n%s", log)
	}
}

// Faults lose games and are counted: an illegal move, a crash (the engine is
// restarted for the next game), a move over its time, a silent engine.
func TestMatchFaults(t *testing.T) {
	for _, tc := range []struct {
		mode  string
		extra []string
		count string
		term  atomic.Termination
	}{
		{"illegal", nil, "illegal moves 2, losses on time 0, crashes 0", atomic.Resignation},
		{"crash@2", nil, "illegal moves 0, losses on time 0, crashes 2", atomic.Resignation},
		{"late", []string{"-margin", "50ms"}, "illegal moves 0, losses on time 2, crashes 0", atomic.Timeout},
		{"slow", []string{"-timeout", "300ms"}, "illegal moves 0, losses on time 2, crashes 0", atomic.Timeout},
	} {
		args := append([]string{"-engine1", fake(tc.mode), "-engine2", fake("good"), "-name1", "bad", "-name2", "good",
			"-games", "2", "-plies", "2", "-movetime", "20ms"}, tc.extra...)
		code, report, log, recs := match(t, args...)
		if code != 0 || len(recs) != 2 {
			t.Fatalf("%s: exit %d, %d games\n%s\n%s", tc.mode, code, len(recs), report, log)
		}
		if !strings.Contains(report, "Score of bad vs good: 0 - 2 - 0") || !strings.Contains(report, "bad: 0 wins with White, 0 with Black; "+tc.count+"; ") {
			t.Errorf("%s: report:\n%s", tc.mode, report)
		}
		if tc.mode == "late" && !strings.Contains(report, "2 over the movetime by more than 100 ms") {
			t.Errorf("late: the late moves are not counted:\n%s", report)
		}
		for _, r := range recs {
			o := r.Game.Outcome()
			if w, ok := o.Won(); !ok || o.Termination != tc.term || r.Tag([]string{"White", "Black"}[w]) != "good" {
				t.Errorf("%s: game ended %v (%v)", tc.mode, o, r.Tag("White"))
			}
		}
	}
}

// Chess960 starts with a node limit, and a clock, play their games through.
func TestMatchModes(t *testing.T) {
	code, report, log, recs := match(t, "-engine1", fake("good"), "-engine2", fake("good"), "-games", "2",
		"-openings", "chess960", "-plies", "0", "-nodes", "1000", "-concurrency", "2")
	if code != 0 || len(recs) != 2 || recs[0].Game.Start().FEN() != recs[1].Game.Start().FEN() ||
		!strings.Contains(report, "Chess960 starts") || !strings.Contains(report, "1000 nodes a move") {
		t.Fatalf("chess960: exit %d, %d games\n%s\n%s", code, len(recs), report, log)
	}
	code, report, log, recs = match(t, "-engine1", fake("good"), "-engine2", fake("good"), "-games", "2", "-tc", "5s+0s")
	if code != 0 || len(recs) != 2 || !strings.Contains(report, "losses on time 0") {
		t.Fatalf("clock: exit %d\n%s\n%s", code, report, log)
	}
}

func TestMatchUsage(t *testing.T) {
	good := fake("good")
	for _, args := range [][]string{
		{},
		{"-engine1", good},
		{"-engine1", good, "-engine2", good, "-games", "3"},
		{"-engine1", good, "-engine2", good, "-movetime", "1s", "-nodes", "5"},
		{"-engine1", good, "-engine2", good, "-tc", "fast"},
		{"-engine1", good, "-engine2", good, "-openings", "shogi"},
		{"-engine1", good, "-engine2", good, "-option1", "Hash"},
		{"-engine1", good, "-engine2", good, "extra"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, errb.String())
		}
	}
	// An engine that does not start, or refuses an option, stops the match.
	for _, args := range [][]string{
		{"-engine1", fake("crashstart"), "-engine2", good},
		{"-engine1", good, "-engine2", good, "-option2", "Hash=0"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(args, "-games", "2"), &out, &errb); code != 1 || !strings.Contains(errb.String(), "match: ") {
			t.Errorf("%q: exit %d, %q", args, code, errb.String())
		}
	}
	noChildren(t)
}

// Openings are drawn from the seed: the same seed gives the same ones; none
// ends the game or leaves the side to move a win at once.
func TestOpenings(t *testing.T) {
	cfg := &config{plies: 8, seed: 3, openings: "start"}
	seen := map[string]bool{}
	for i := range 20 {
		start, moves := opening(cfg, i)
		start2, moves2 := opening(cfg, i)
		if start != start2 || len(moves) != 8 || len(moves2) != 8 {
			t.Fatalf("opening %d: %d and %d moves", i, len(moves), len(moves2))
		}
		g := newGame(start)
		for k, m := range moves {
			if m != moves2[k] {
				t.Fatalf("opening %d differs on a second draw", i)
			}
			var err error
			if g, err = g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Outcome().IsOver() || winsAtOnce(g.Position()) {
			t.Errorf("opening %d: %s", i, g.Position().FEN())
		}
		seen[g.Position().FEN()] = true
	}
	if len(seen) < 19 {
		t.Errorf("only %d different openings in 20", len(seen))
	}
	cfg.openings = "chess960"
	starts := map[string]bool{}
	for i := range 10 {
		s, _ := opening(cfg, i)
		starts[s.FEN()] = true
	}
	if len(starts) < 9 {
		t.Errorf("only %d Chess960 starts in 10", len(starts))
	}
}
