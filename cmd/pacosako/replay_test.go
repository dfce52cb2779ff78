package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReplay: replay reproduces the first six columns of games.tsv from
// game_histories.tsv, through a file argument and through standard input.
func TestReplay(t *testing.T) {
	hist, games := localFile(t, "game_histories.tsv"), localFile(t, "games.tsv")
	out := mustRun(t, hist, "replay", "-")
	if diff := cmp.Diff(columns(games, 6), lines(t, out)); diff != "" {
		t.Errorf("replay (-engine +ours):\n%s", diff)
	}
	out = mustRun(t, "", "replay", filepath.Join("..", "..", "testdata", "game_histories.tsv"))
	if diff := cmp.Diff(columns(games, 6), lines(t, out)); diff != "" {
		t.Errorf("replay FILE (-engine +ours):\n%s", diff)
	}
	t.Run("shared", func(t *testing.T) {
		h, g := sharedRows(t, "game_histories.tsv"), sharedRows(t, "games.tsv")
		out := mustRun(t, rowsText(h), "replay", "-")
		if diff := cmp.Diff(joinRows(g, 6), lines(t, out)); diff != "" {
			t.Errorf("replay of the shared histories (-engine +ours):\n%s", diff)
		}
	})
}

func TestReplayErrors(t *testing.T) {
	in := "bad\tnew\tLift(e2) Place(e5)\nok\tnew\tLift(e2) Place(e4)\nbroken\tnot a fen\t\n"
	out, errOut, status := runCmd(t, in, "replay", "-")
	if status != 1 || !strings.Contains(errOut, "Place(e5)") || !strings.Contains(errOut, "broken") {
		t.Errorf("status %d, stderr %q: want 1 and the illegal action and the bad FEN named", status, errOut)
	}
	if !strings.Contains(out, "ok\t1\tLift(e2) Place(e4)\t") {
		t.Errorf("the good game was not replayed:\n%s", out)
	}
	if _, _, status := runCmd(t, "", "replay", "/no/such/file"); status != 1 {
		t.Errorf("missing file: status %d, want 1", status)
	}
}
