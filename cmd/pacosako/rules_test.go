package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRulesFlag(t *testing.T) {
	// Catalogue M5: the king is in Ŝako; under the rulebook only the three moves out
	// of it are legal.
	const m5 = "4k3/8/8/8/8/8/8/r3K3 w 0 - - -"
	if got := mustRun(t, "", "perft", m5); got != "5\n" {
		t.Errorf("perft (Pacoplay) = %q, want 5", got)
	}
	for _, name := range []string{"rulebook", "Rulebook", "RULEBOOK"} {
		if got := mustRun(t, "", "perft", "-rules", name, m5); got != "3\n" {
			t.Errorf("perft -rules %s = %q, want 3", name, got)
		}
	}
	// -rules after the FEN, and on a game command.
	if got := mustRun(t, "", "perft", m5, "-rules", "rulebook"); got != "3\n" {
		t.Errorf("perft FEN -rules rulebook = %q", got)
	}
	if got := mustRun(t, "", "play", "-rules", "rulebook", m5, "Lift(e1)"); !strings.Contains(got, "\tPlace(d1) Place(d2) Place(e2) Place(f1) Place(f2)\t") {
		t.Errorf("play -rules rulebook: %q (the action level offers the engine's actions)", got)
	}
	// Under vchess's rules, a union may not be moved straight back (ko).
	ko := mustRun(t, "", "play", "-rules", "vchess", "4k3/8/8/4W3/8/8/8/4K3 w 0 - - -", "Lift(e5) Place(g3) Lift(g3)")
	if strings.Contains(ko, "Place(e5)") {
		t.Errorf("play -rules vchess offers the ko move back: %q", ko)
	}
	if _, errOut, status := runCmd(t, "", "moves", "-rules", "chess"); status != 2 || !strings.Contains(errOut, "-rules") {
		t.Errorf("bad -rules: status %d, %q", status, errOut)
	}
}

func TestDialects(t *testing.T) {
	const vstart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -"
	if got := mustRun(t, "", "fen", "-to", "engine", vstart); got != startFEN+"\n" {
		t.Errorf("fen -to engine: %q", got)
	}
	if got := mustRun(t, "", "fen", vstart); got != vstart+"\n" {
		t.Errorf("fen of a vchess FEN keeps the dialect: %q", got)
	}
	if got := mustRun(t, "", "fen", "-to", "vchess", startFEN); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -\n" {
		t.Errorf("fen -to vchess of an engine FEN (pacoplay mode): %q", got)
	}
	if got := mustRun(t, "", "fen", "-to", "vchess", "-rules", "vchess", startFEN); got != vstart+"\n" {
		t.Errorf("fen -to vchess -rules vchess: %q", got)
	}
	// moves on a vchess FEN prints vchess FENs, as vchess's reference data.
	out := mustRun(t, "", "moves", vstart)
	if !strings.Contains(out, vstart+"\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 ahah1111011111111111 e3 -\tLift(e2) Place(e4)\te4\n") {
		t.Errorf("moves on a vchess FEN:\n%.300s", out)
	}
}

// TestVchessMovesCommand: moves - with vchess's input positions prints every
// (fen_in, fen_out) pair of moves_default.tsv that is not a documented vchess
// defect (the case of symmetric union letters aside).
func TestVchessMovesCommand(t *testing.T) {
	rows := sharedRowsIn(t, "vchess-data", "moves_default.tsv")
	norm := func(fen string) string {
		board, rest, _ := strings.Cut(fen, " ")
		return strings.ToUpper(board) + " " + rest
	}
	var in strings.Builder
	seen := map[string]bool{}
	want := map[string]bool{}
	for _, r := range rows {
		if !seen[r[0]] {
			seen[r[0]] = true
			in.WriteString(r[0] + "\n")
		}
		excepted := false
		for _, tag := range []string{"ep-bogus", "ep-missing", "promo-on-king", "castle-nonrook"} {
			excepted = excepted || strings.Contains(r[5], tag)
		}
		if !excepted && !strings.Contains(r[0], "4p3/R3K2R") && !strings.Contains(r[0], "7p/4K2R") {
			want[r[0]+"\t"+norm(r[1])] = true
		}
	}
	got := map[string]bool{}
	out, _, _ := runCmd(t, in.String(), "moves", "-")
	for _, l := range lines(t, out) {
		f := strings.Split(l, "\t")
		got[f[0]+"\t"+norm(f[1])] = true
	}
	missing := 0
	for k := range want {
		if !got[k] {
			missing++
			if missing < 5 {
				t.Errorf("moves - lacks %s", k)
			}
		}
	}
	t.Logf("%d of %d vchess moves printed", len(want)-missing, len(want))
}

// sharedRowsIn reads <dir>/<name> of the folder shared beside the module
// (skipping '#' lines), through the module's link testdata/shared, or skips the
// test when it is absent.
func sharedRowsIn(t *testing.T, dir, name string) [][]string {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "shared", dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("reference data not found at %s: %v", path, err)
	}
	var rows [][]string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rows = append(rows, strings.Split(l, "\t"))
	}
	return rows
}
