package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// localFile reads a file of the module's own testdata (a subset of the reference
// vectors that travels with the module).
func localFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// columns keeps the first n tab-separated columns of every non-comment line.
func columns(text string, n int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		out = append(out, strings.Join(f[:min(n, len(f))], "\t"))
	}
	return out
}

func joinRows(rows [][]string, n int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r[:n], "\t"))
	}
	return out
}

func rowsText(rows [][]string) string {
	var sb strings.Builder
	for _, r := range rows {
		sb.WriteString(strings.Join(r, "\t") + "\n")
	}
	return sb.String()
}

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

// TestSako: sako reproduces the first five columns of sako.tsv.
func TestSako(t *testing.T) {
	want := columns(localFile(t, "sako.tsv"), 5)
	var in strings.Builder
	for _, w := range want {
		in.WriteString(strings.SplitN(w, "\t", 2)[0] + "\n")
	}
	if diff := cmp.Diff(want, lines(t, mustRun(t, in.String(), "sako", "-"))); diff != "" {
		t.Errorf("sako (-engine +ours):\n%s", diff)
	}
	if got := mustRun(t, "", "sako", "8/5k2/8/8/2B5/8/8/8 w 0 - - -"); !strings.HasPrefix(got, "8/5k2/8/8/2B5/8/8/8 w 0 - - -\t1\t0\t") {
		t.Errorf("sako S1: %q, want White gives Ŝako", got)
	}
	t.Run("shared", func(t *testing.T) {
		rows := sharedRows(t, "sako.tsv")
		var in strings.Builder
		for _, r := range rows {
			in.WriteString(r[0] + "\n")
		}
		if diff := cmp.Diff(joinRows(rows, 5), lines(t, mustRun(t, in.String(), "sako", "-"))); diff != "" {
			t.Errorf("sako (-engine +ours):\n%s", diff)
		}
	})
}

func TestPlay(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"start", []string{"play", "start"},
			startFEN + "\tLift(a2) Lift(b1) Lift(b2) Lift(c2) Lift(d2) Lift(e2) Lift(f2) Lift(g1) Lift(g2) Lift(h2)\t20\trunning\t0\t0"},
		{"lifted", []string{"play", "start", "Lift(e2)"},
			"rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -\tPlace(e3) Place(e4)\t-\trunning\t0\t0"},
		{"actions as one argument", []string{"play", "new", "Lift(e2) Place(e4)"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\tLift(a7) Lift(b7) Lift(b8) Lift(c7) Lift(d7) Lift(e7) Lift(f7) Lift(g7) Lift(g8) Lift(h7)\t20\trunning\t0\t0"},
		// Catalogue C2: the engine accepts the place into the dead end; then nothing is legal.
		{"dead end", []string{"play", "4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -", "Lift(a1)", "Place(a4)"},
			"4k3/8/8/p7/I7/8/8/4K3^a4P w 1 - - -\t-\t-\trunning\t0\t0"},
		// Catalogue P1: a promotion owed at the end of the move. Ŝako plays a pending
		// promotion as a queen first (catalogue §6.2): the queen on c8 reaches e8.
		{"promotion", []string{"play", "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -", "Lift(c7)", "Place(c8)"},
			"2P1k3/8/8/8/8/8/8/4K3 w 1 - - -\tPromote(Knight) Promote(Bishop) Promote(Rook) Promote(Queen)\t-\trunning\t1\t0"},
		// A start-of-turn promotion: its choices are part of the moves.
		{"owed promotion", []string{"play", "4k3/8/8/8/8/8/8/2d1K3 b 1 - - -"},
			"4k3/8/8/8/8/8/8/2d1K3 b 1 - - -\tPromote(Knight) Promote(Bishop) Promote(Rook) Promote(Queen)\t58\trunning\t0\t0"},
		// Paco: the game is over, no action, no moves, no Ŝako.
		{"paco", []string{"play", "8/5k2/8/8/2B5/8/8/8 w 0 - - -", "Lift(c4) Place(f7)"},
			"8/5X2/8/8/8/8/8/8 b 0 - - -\t-\t0\tWhite wins by Paco\t0\t0"},
		{"sako", []string{"play", "8/5k2/8/8/2B5/8/8/8 w 0 - - -"},
			"8/5k2/8/8/2B5/8/8/8 w 0 - - -\tLift(c4)\t10\trunning\t1\t0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.TrimSuffix(mustRun(t, "", tc.args...), "\n"); got != tc.want {
				t.Errorf("%q:\n got  %s\n want %s", tc.args, got, tc.want)
			}
		})
	}
}

// TestPlayDraws: -repetition and -noprogress; start is the same game as its FEN
// (repetition on), new the engine's new game (repetition off).
func TestPlayDraws(t *testing.T) {
	shuffle := strings.Repeat("Lift(g1) Place(f3) Lift(g8) Place(f6) Lift(f3) Place(g1) Lift(f6) Place(g8) ", 2) + "Lift(g1) Place(f3)"
	result := func(args ...string) string {
		return fields(t, strings.TrimSuffix(mustRun(t, "", args...), "\n"), 6)[3]
	}
	if r := result("play", "start", shuffle); r != "drawn by repetition" {
		t.Errorf("start, third repetition as for its FEN: %s", r)
	}
	if r := result("play", "new", shuffle); r != "running" {
		t.Errorf("new, the engine's new game, repetition off: %s", r)
	}
	if r := result("play", "-repetition", "0", "start", shuffle); r != "running" {
		t.Errorf("start with -repetition 0: %s", r)
	}
	for _, moves := range []string{"e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7", shuffle} {
		a := mustRun(t, "", append([]string{"play", "start"}, strings.Fields(moves)...)...)
		b := mustRun(t, "", append([]string{"play", startFEN}, strings.Fields(moves)...)...)
		if strings.SplitN(a, "\t", 2)[1] != strings.SplitN(b, "\t", 2)[1] {
			t.Errorf("play start and play <start FEN> differ after %s:\n %s %s", moves, a, b)
		}
	}
	if r := result("play", startFEN, shuffle); r != "drawn by repetition" {
		t.Errorf("FEN start, third repetition: %s", r)
	}
	if r := result("play", "-repetition", "3", "start", shuffle); r != "drawn by repetition" {
		t.Errorf("start with -repetition 3: %s", r)
	}
	if r := result("play", "-repetition", "0", startFEN, shuffle); r != "running" {
		t.Errorf("FEN with -repetition 0: %s", r)
	}
	if r := result("play", "-noprogress", "4", "start", "Lift(g1) Place(f3) Lift(g8) Place(f6) Lift(f3) Place(g1) Lift(f6) Place(g8)"); r != "drawn by the no-progress rule" {
		t.Errorf("-noprogress 4 after 4 half-moves: %s", r)
	}
}

func TestPlayBatch(t *testing.T) {
	in := "start\tLift(e2) Place(e4)\n# comment\nstart\tLift(e2) Place(e5)\n" + rulesFEN + "\tLift(f3) Place(e4) Place(c3) Place(c6)\n"
	out, errOut, status := runCmd(t, in, "play", "-")
	if status != 1 || !strings.Contains(errOut, `argument 2 "Place(e5)"`) {
		t.Errorf("status %d, stderr %q: want 1 and the illegal action named", status, errOut)
	}
	got := lines(t, out)
	if len(got) != 3 || !strings.HasPrefix(got[0], "start\tLift(e2) Place(e4)\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\t") ||
		!strings.HasPrefix(got[1], "start\tLift(e2) Place(e5)\terror: ") ||
		!strings.HasPrefix(got[2], rulesFEN+"\tLift(f3) Place(e4) Place(c3) Place(c6)\t4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -\t") {
		t.Errorf("batch output:\n%s", out)
	}
}
