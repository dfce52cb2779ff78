package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// notationColumns keeps the game, half_move and labels columns of notation.tsv rows.
func notationColumns(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r[0]+"\t"+r[1]+"\t"+r[4])
	}
	return out
}

// splitRows splits the non-comment lines of a tab-separated text.
func splitRows(text string) [][]string {
	var rows [][]string
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rows = append(rows, strings.Split(l, "\t"))
	}
	return rows
}

// TestNotation: notation reproduces the game, half_move and labels columns of
// notation.tsv from game_histories.tsv, through standard input and a file argument;
// the module's testdata holds the rows of its own histories, the shared reference
// vectors those of every history.
func TestNotation(t *testing.T) {
	want := notationColumns(splitRows(localFile(t, "notation.tsv")))
	out := mustRun(t, localFile(t, "game_histories.tsv"), "notation", "-")
	if diff := cmp.Diff(want, lines(t, out)); diff != "" {
		t.Errorf("notation (-engine +ours):\n%s", diff)
	}
	out = mustRun(t, "", "notation", filepath.Join("..", "..", "testdata", "game_histories.tsv"))
	if diff := cmp.Diff(want, lines(t, out)); diff != "" {
		t.Errorf("notation FILE (-engine +ours):\n%s", diff)
	}
	t.Logf("%d half-moves", len(want))
	t.Run("shared", func(t *testing.T) {
		h, n := sharedRows(t, "game_histories.tsv"), sharedRows(t, "notation.tsv")
		want := notationColumns(n)
		out := mustRun(t, rowsText(h), "notation", "-")
		if diff := cmp.Diff(want, lines(t, out)); diff != "" {
			t.Errorf("notation of the shared histories (-engine +ours):\n%s", diff)
		}
		t.Logf("%d half-moves", len(want))
	})
}

func TestNotationExamples(t *testing.T) {
	in := "chain\tnew\tLift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4)\n" +
		"# a comment\n" +
		"promotion\trnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -\tLift(h2) Place(h8) Promote(Knight) Lift(h1) Place(h8) Place(g6)\n" +
		"unfinished\tnew\tLift(e2) Place(e4) Lift(d7)\n" +
		"empty\tnew\t\n" +
		"no actions column\tnew\n"
	want := []string{
		"chain\t1\te2>e4", "chain\t2\td7>d5", "chain\t3\te4xd5", "chain\t4\tQd8>Pd5 >d4",
		"promotion\t1\tRPh2>h8", "promotion\t2\t=N :Rh1>Nh8 >g6",
		"unfinished\t1\te2>e4", "unfinished\t2\td7",
	}
	if diff := cmp.Diff(want, lines(t, mustRun(t, in, "notation", "-"))); diff != "" {
		t.Errorf("notation (-want +got):\n%s", diff)
	}
	// Without an argument notation reads standard input, like replay.
	if diff := cmp.Diff(want, lines(t, mustRun(t, in, "notation"))); diff != "" {
		t.Errorf("notation from standard input (-want +got):\n%s", diff)
	}
}

func TestNotationErrors(t *testing.T) {
	in := "bad\tnew\tLift(e2) Place(e5)\nok\tnew\tLift(e2) Place(e4)\nbroken\tnot a fen\t\n" +
		"garbled\tnew\tLift(e2) Jump(e4)\ncolumns\n" +
		// A FEN start draws on the third repetition; the engine refuses the next action.
		"repeated\t" + startFEN + "\t" + strings.Repeat("Lift(g1) Place(f3) Lift(g8) Place(f6) Lift(f3) Place(g1) Lift(f6) Place(g8) ", 2) + "Lift(g1) Place(f3) Lift(e7)\n"
	out, errOut, status := runCmd(t, in, "notation", "-")
	if status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	for _, w := range []string{`"bad": action 2: illegal action: Place(e5) in `, `"broken": invalid FEN "not a fen"`, `"garbled": invalid action: "Jump(e4)"`, `got 1 columns: "columns"`, `"repeated": action 19: game over: Lift(e7) in `} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr %q does not mention %q", errOut, w)
		}
	}
	if diff := cmp.Diff([]string{"ok\t1\te2>e4"}, lines(t, out)); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
	if _, _, status := runCmd(t, "", "notation", "/no/such/file"); status != 1 {
		t.Errorf("missing file: status %d, want 1", status)
	}
	if _, errOut, status := runCmd(t, "", "notation", "a", "b"); status != 2 || !strings.Contains(errOut, "one file") {
		t.Errorf("two files: status %d, stderr %q", status, errOut)
	}
}

// allColumns joins every column of rows.
func allColumns(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r, "\t"))
	}
	return out
}

// TestAnnotate: annotate reproduces all thirteen columns of notation.tsv from
// game_histories.tsv, and of the shared analysis files from their histories,
// games in their order; a bad line is reported and the others written.
func TestAnnotate(t *testing.T) {
	want := allColumns(splitRows(localFile(t, "notation.tsv")))
	out := mustRun(t, localFile(t, "game_histories.tsv"), "annotate", "-")
	if diff := cmp.Diff(want, lines(t, out)); diff != "" {
		t.Errorf("annotate (-engine +ours):\n%s", diff)
	}
	t.Logf("%d half-moves", len(want))
	for _, set := range [][2]string{{"game_histories.tsv", "notation.tsv"}, {"analysis/annotated_histories.tsv", "analysis/annotated_notation.tsv"},
		{"analysis/openings_histories.tsv", "analysis/openings_notation.tsv"}} {
		t.Run(set[1], func(t *testing.T) {
			want := allColumns(sharedRows(t, set[1]))
			out := mustRun(t, rowsText(sharedRows(t, set[0])), "annotate", "-")
			if diff := cmp.Diff(want, lines(t, out)); diff != "" {
				t.Errorf("annotate %s (-engine +ours):\n%s", set[0], diff)
			}
			t.Logf("%d half-moves", len(want))
		})
	}
	in := "ok\tnew\tLift(e2) Place(e4)\nbad\tnew\tLift(e2) Place(e5)\nok2\tnew\tLift(d2) Place(d4)\n"
	stdout, stderr, status := runCmd(t, in, "annotate", "-")
	if status != 1 || !strings.HasPrefix(stdout, "ok\t1\t1\tWhite\te2>e4\t2\tLift(e2) Place(e4)\t0\t0\t0\t0\t0\t\n") ||
		!strings.Contains(stdout, "ok2\t1\t") || !strings.Contains(stderr, `pacosako annotate: "bad": illegal action: Place(e5) (action 2 of the list, counting from 1)`) {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}
