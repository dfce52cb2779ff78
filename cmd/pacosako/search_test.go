package main

import (
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// TestSearchPacoSako: search prints the engine's best move of the start
// position, in coordinates and in chain SAN, and its line, each move legal in
// turn.
func TestSearchPacoSako(t *testing.T) {
	out := mustRun(t, "", "search", "-depth", "3")
	ls := lines(t, out)
	if len(ls) != 1 {
		t.Fatalf("%d lines: %q", len(ls), out)
	}
	f := fields(t, ls[0], 8)
	if f[0] != startFEN || f[1] != "1" || f[2] != "3" || f[3] == "" || strings.Contains(f[3], "#") {
		t.Errorf("columns %q", f[:4])
	}
	coords, sans := strings.Fields(f[6]), strings.Fields(f[7])
	if len(coords) == 0 || len(coords) != len(sans) || coords[0] != f[4] || sans[0] != f[5] {
		t.Fatalf("move %s %s, line %q %q", f[4], f[5], f[6], f[7])
	}
	p := pacosako.StartingPosition()
	for i, c := range coords {
		m, err := p.ParseCoordinate(c)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if san, err := p.SAN(m); err != nil || san != sans[i] {
			t.Errorf("%s: SAN %q, the line says %q", c, san, sans[i])
		}
		p = m.After()
	}
}

// TestSearchAtomic: -multipv 3 prints three lines, best first, with three
// different moves in UCI and SAN; a win in one is found and scored as such.
func TestSearchAtomic(t *testing.T) {
	out := mustRun(t, "", "search", "-variant", "atomic", "-depth", "3", "-multipv", "3")
	ls := lines(t, out)
	if len(ls) != 3 {
		t.Fatalf("%d lines: %q", len(ls), out)
	}
	seen := map[string]bool{}
	start := atomic.StartingPosition()
	for k, l := range ls {
		f := fields(t, l, 8)
		m, err := start.ParseUCI(f[4])
		if err != nil || f[1] != string(rune('1'+k)) || seen[f[4]] {
			t.Errorf("line %d: %q, %v", k+1, f, err)
			continue
		}
		if san, _ := start.SAN(m); san != f[5] {
			t.Errorf("line %d: SAN %q, want %q", k+1, f[5], san)
		}
		seen[f[4]] = true
	}
	win := mustRun(t, "", "search", "-variant", "atomic", "-nodes", "50000", "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
	if f := fields(t, lines(t, win)[0], 8); f[3] != "#1" || f[4] != "g5f7" || f[5] != "Nxf7#" {
		t.Errorf("Nxf7: %q", f)
	}
}

// TestSearchErrors: limits out of range are usage errors; a position without a
// move, or a FEN that does not read, is reported and the batch goes on; a
// search stopped by -timeout answers with the depth it completed, and says so.
func TestSearchErrors(t *testing.T) {
	for _, c := range []struct {
		args     []string
		stdin    string
		status   int
		stderr   string
		answered int // output lines
	}{
		{[]string{"search", "-depth", "65"}, "", 2, "pacosako search: -depth must be from 1 to 64, got 65", 0},
		{[]string{"search", "-nodes", "-1"}, "", 2, "pacosako search: -nodes must be at least 1, got -1", 0},
		{[]string{"search", "-movetime", "-1s"}, "", 2, "pacosako search: -movetime must be positive, got -1s", 0},
		{[]string{"search", "-multipv", "0"}, "", 2, "pacosako search: -multipv must be from 1 to 256, got 0", 0},
		{[]string{"search", "-timeout", "-1s"}, "", 2, "pacosako search: -timeout must be at least 0, got -1s", 0},
		{[]string{"search", "-movetime", "soon"}, "", 2, `pacosako search: invalid value "soon" for flag -movetime`, 0},
		{[]string{"search", "-variant", "atomic", "k7/8/1Q6/8/8/8/8/7K b - - 0 1"}, "", 1,
			`pacosako search: "k7/8/1Q6/8/8/8/8/7K b - - 0 1": no move to search: the game has ended (drawn by stalemate)`, 0},
		{[]string{"search", "-depth", "2", "-"}, "nowhere\nstart\n", 1, `pacosako search: invalid FEN "nowhere"`, 1},
		{[]string{"search", "-depth", "60", "-timeout", "100ms", "start"}, "", 1, `pacosako search: "` + startFEN + `": stopped after -timeout 100ms at depth`, 1},
	} {
		out, errOut, status := runCmd(t, c.stdin, c.args...)
		if status != c.status || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.stderr)
		}
		if len(lines(t, out)) != c.answered {
			t.Errorf("%q: %d lines answered, want %d: %q", c.args, len(lines(t, out)), c.answered, out)
		}
	}
}
