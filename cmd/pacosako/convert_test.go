package main

import (
	"bufio"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pacosako-go/pacosako"
)

// historyLines returns the game_histories.tsv lines of the module's testdata.
func historyLines(t *testing.T) string {
	t.Helper()
	var sb strings.Builder
	for _, l := range columns(localFile(t, "game_histories.tsv"), 3) {
		sb.WriteString(l + "\n")
	}
	return sb.String()
}

// normalStart writes the start column as convert does: "new" stays, a FEN takes
// its canonical form.
func normalStart(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		f := strings.SplitN(l, "\t", 3)
		if f[1] != "new" {
			f[1] = pacosako.MustParseFEN(f[1]).FEN()
		}
		out[i] = strings.Join(f, "\t")
	}
	return out
}

func TestConvertRoundTrips(t *testing.T) {
	hist := historyLines(t)
	want := normalStart(lines(t, hist))
	records := mustRun(t, hist, "convert", "-to", "record", "-")
	if !strings.Contains(records, `[Event "lib::test_white_victory_after_pacosako"]`) || !strings.Contains(records, "3. Bxe8# 1-0") {
		t.Errorf("records lack the Paco game:\n%.600s", records)
	}
	for _, tc := range []struct{ name, via string }{{"record", records}, {"json", mustRun(t, hist, "convert", "-to", "json", "-")}} {
		back := mustRun(t, tc.via, "convert", "-to", "history", "-")
		if diff := cmp.Diff(want, lines(t, back)); diff != "" {
			t.Errorf("history -> %s -> history (-want +got):\n%s", tc.name, diff)
		}
	}
	// The replay notation of the records is notation.tsv's.
	replay := mustRun(t, records, "convert", "-to", "replay", "-")
	if diff := cmp.Diff(columns3(localFile(t, "notation.tsv"), 0, 1, 4), lines(t, replay)); diff != "" {
		t.Errorf("records -> replay (-notation.tsv +ours):\n%s", diff)
	}
	// From a file argument, with the format given. The 7 histories that stop in the
	// middle of a half-move have no coordinate text: they are reported, the others
	// converted.
	out, errOut, status := runCmd(t, "", "convert", "-from", "history", "-to", "coord", filepath.Join("..", "..", "testdata", "game_histories.tsv"))
	if !strings.Contains(out, "lib::test_white_victory_after_pacosako\tnew\te2e4 d7d5 f1b5 d5e4 b5e8\n") {
		t.Errorf("coord output lacks the Paco game:\n%.400s", out)
	}
	if n := strings.Count(errOut, "cannot be written in coordinate notation"); status != 1 || n != 7 || len(lines(t, out))+n != len(want) {
		t.Errorf("coord: status %d, %d refusals, %d lines for %d games; stderr:\n%s", status, n, len(lines(t, out)), len(want), errOut)
	}
}

// columns3 keeps the chosen tab-separated columns of every non-comment line.
func columns3(text string, cols ...int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		var keep []string
		for _, c := range cols {
			keep = append(keep, f[c])
		}
		out = append(out, strings.Join(keep, "\t"))
	}
	return out
}

func TestConvertSAN(t *testing.T) {
	out := mustRun(t, "rules\t"+rulesFEN+"\tLift(f3) Place(e4) Place(c3) Place(c6) Lift(e8) Place(d8)\n", "convert", "-to", "san", "-")
	if want := "rules\t4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -\tBxe4,Ne4xc3,Qc3xc6 Kd8\n"; out != want {
		t.Errorf("san: %q, want %q", out, want)
	}
	// An unfinished half-move has no chain SAN.
	_, errOut, status := runCmd(t, "x\tnew\tLift(e2)\n", "convert", "-to", "san", "-")
	if status != 1 || !strings.Contains(errOut, "Lift(e2)") {
		t.Errorf("unfinished half-move: status %d, stderr %q", status, errOut)
	}
}

// TestConvertValidates: the first illegal move of a record is reported with its
// game, half-move and position, and the exit status is 1.
func TestConvertValidates(t *testing.T) {
	records := "[Event \"good\"]\n\n1. e4 d5 *\n\n[Event \"bad\"]\n\n1. e4 e5 2. Nf3 Ke7 3. Qh5 *\n"
	out, errOut, status := runCmd(t, records, "convert", "-to", "history", "-")
	if status != 1 || !strings.Contains(errOut, "game 2") || !strings.Contains(errOut, "half-move 5") || !strings.Contains(errOut, `"Qh5"`) ||
		!strings.Contains(errOut, "rnbq1bnr/ppppkppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w 4 AH - -") {
		t.Errorf("status %d, stderr %q: want game 2, half-move 5, the move and the position", status, errOut)
	}
	if !strings.HasPrefix(out, "good\t"+startFEN+"\tLift(e2) Place(e4) Lift(d7) Place(d5)\n") {
		t.Errorf("the good game was not converted: %q", out)
	}
	_, errOut, status = runCmd(t, "x\tnew\tLift(e2) Place(e5)\n", "convert", "-to", "record", "-")
	if status != 1 || !strings.Contains(errOut, "action 2") || !strings.Contains(errOut, "Place(e5)") {
		t.Errorf("illegal action: status %d, stderr %q", status, errOut)
	}
	if _, _, status := runCmd(t, "", "convert", "-to", "pgn"); status != 2 {
		t.Errorf("bad -to: status %d, want 2", status)
	}
}

// TestConvertTwoColumns: a history line without actions is a game without moves
// (as replay and notation read it); a JSON line needs its action log.
func TestConvertTwoColumns(t *testing.T) {
	if stdout, stderr, status := runCmd(t, "g\tnew\n", "convert", "-from", "history", "-to", "san", "-"); status != 0 || stdout != "g\tnew\t\n" {
		t.Errorf("history: status %d, %q, %q", status, stdout, stderr)
	}
	if _, stderr, status := runCmd(t, "g\tnew\n", "convert", "-from", "json", "-to", "san", "-"); status != 1 || !strings.Contains(stderr, "got 2 columns") {
		t.Errorf("json: status %d, %q", status, stderr)
	}
}

// TestConvertPacoplay: pacoplay match states, one spread over many lines or one per
// line; a bad one is reported with its number and the others are converted.
func TestConvertPacoplay(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "pacoplay", "13103.json")
	out := mustRun(t, "", "convert", "-from", "pacoplay", "-to", "san", file)
	if !strings.HasPrefix(out, "pacoplay 13103\t") || !strings.HasSuffix(out, " Re7+ Kb7 Rxf7\n") || len(strings.Fields(out)) != 2+6+53 {
		t.Errorf("13103: %q", out)
	}
	// Detected from the '{', and converted to a record with its timeout.
	rec := mustRun(t, "", "convert", file)
	for _, want := range []string{`[Result "1-0"]`, `[Termination "Timeout"]`, `[GameId "13103"]`, "1. e4 {[%emt 0:00:04.0]}"} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%.500s", want, rec)
		}
	}
	one := `{"key":"1","actions":[{"Lift":12,"timestamp":"2026-01-01T00:00:00Z"},{"Place":28,"timestamp":"2026-01-01T00:00:02Z"}],` +
		`"setup_options":{"safe_mode":true,"draw_after_n_repetitions":0,"starting_fen":null},"victory_state":"Running","controlling_player":"Black","white_player":null,"black_player":null}`
	bad := strings.Replace(one, `"controlling_player":"Black"`, `"controlling_player":"White"`, 1)
	stdout, stderr, status := runCmd(t, one+"\n"+bad+"\n"+strings.Replace(one, `"key":"1"`, `"key":"3"`, 1)+"\n", "convert", "-from", "pacoplay", "-to", "san", "-")
	if status != 1 || stdout != "pacoplay 1\tnew\te4\npacoplay 3\tnew\te4\n" ||
		!strings.Contains(stderr, "pacosako convert: match 2: invalid pacoplay match notation") || !strings.Contains(stderr, "controlling_player says White, but after the replay Black is to act") {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestConvertDetectsLongLines: the format is detected from the whole first line,
// not its first 64 bytes: a JSON log after a long name and FEN is JSON.
func TestConvertDetectsLongLines(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{"vchess.club rules page, the king's chain\tr2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 0 iiah1111011111110111 - -\t[{\"Lift\":22}]\n", "json"},
		{strings.Repeat("n", 300) + "\tnew\t[{\"Lift\":12}]", "json"},
		{strings.Repeat("n", 300) + "\tnew\tLift(e2)\n", "history"},
		{"[Event \"" + strings.Repeat("e", 300) + "\"]\n", "record"},
	} {
		if got := detect(bufio.NewReader(strings.NewReader(c.line))); got != c.want {
			t.Errorf("%.60q…: detected %s, want %s", c.line, got, c.want)
		}
	}
}

// TestConvertLineStartKeepsRules: the line formats' start column carries the
// game's rules where a FEN dialect can — vchess's for the Vchess presets: the
// corpus's vchess games (the king's chain, legal only when a king may join a
// chain) replay from -to history and read back from -to json with their rules
// and outcome. Rules no column carries are an error for the game, saying what
// keeps them, unless -rules names them; a repetition limit other than the
// column's is an error only when the game's ending depends on it.
func TestConvertLineStartKeepsRules(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "records", "fen-vchess.pgn")
	for _, to := range []string{"history", "json", "san", "coord"} {
		out := mustRun(t, "", "convert", "-to", to, file)
		for i, want := range []string{
			"vchess.club rules page, the king's chain\tr2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 0 iiah1111011111110111 - -\t",
			"vchess.club, pacoplay mode\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -\t",
		} {
			if l := lines(t, out); len(l) != 2 || !strings.HasPrefix(l[i], want) {
				t.Errorf("-to %s: %q, want line %d to start %q", to, out, i+1, want)
			}
		}
	}
	// Read back: the same rules, the same moves, the same ending (the draw of
	// the two kings in unions, which only vchess's rules have).
	for _, via := range []string{"history", "json"} {
		back := mustRun(t, mustRun(t, "", "convert", "-to", via, file), "convert", "-to", "record", "-")
		for _, s := range []string{`[Rules "Vchess"]`, `[Rules "VchessPacoplay"]`, "1. Kxg4,Qg4xd7,Bd7xe8 1/2-1/2", "3. Nf3 Nc6 *"} {
			if !strings.Contains(back, s) {
				t.Errorf("via -to %s the records lack %q:\n%s", via, s, back)
			}
		}
	}
	if out := mustRun(t, mustRun(t, "", "convert", "-to", "history", file), "replay", "-"); !strings.Contains(out, "\t1\tLift(g3) Place(g4) Place(d7) Place(e8)\t") {
		t.Errorf("replay of the king's chain:\n%s", out)
	}

	// Rules no start column carries.
	rulebook := "[Event \"rb\"]\n[Rules \"Rulebook\"]\n\n1. e4 d5 *\n\n[Event \"np\"]\n[Rules \"Pacoplay(no-progress limit off)\"]\n\n1. e4 *\n\n[Event \"ok\"]\n\n1. d4 *\n"
	out, errOut, status := runCmd(t, rulebook, "convert", "-to", "san", "-")
	if status != 1 || out != "ok\t"+startFEN+"\td4\n" ||
		!strings.Contains(errOut, `"rb": the game's rules, Rulebook, cannot be written in -to san's start column`) ||
		!strings.Contains(errOut, "-to record keeps them (its Rules tag), or -rules rulebook writes the FEN for a reader given -rules rulebook too") ||
		!strings.Contains(errOut, `"np": the game's rules, Pacoplay(no-progress limit off), cannot be written`) || strings.Contains(errOut, "-rules pacoplay") {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errOut)
	}
	// With -rules naming them, the FEN is written, and read back with the same
	// flag; the games by other rules, which that flag would change, are errors.
	out, errOut, status = runCmd(t, rulebook, "convert", "-rules", "rulebook", "-to", "history", "-")
	if status != 1 || out != "rb\t"+startFEN+"\tLift(e2) Place(e4) Lift(d7) Place(d5)\n" || strings.Contains(errOut, `"rb"`) ||
		!strings.Contains(errOut, `"ok": the game's rules, Pacoplay, are not the ones -rules rulebook names`) {
		t.Errorf("-rules rulebook: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	if back := mustRun(t, lines(t, out)[0]+"\n", "convert", "-rules", "rulebook", "-to", "record", "-"); !strings.Contains(back, `[Rules "Rulebook"]`) {
		t.Errorf("read back with -rules rulebook:\n%s", back)
	}

	// A repetition limit: written when the game does not repeat a position (the
	// FEN column's third occurrence never comes), an error when it would end
	// the game there.
	fen := "4k3/8/8/8/8/8/8/R3K3 w 0 A - -"
	shuffle := " 1. Ra2 Kd8 2. Ra1 Ke8 3. Ra2 Kd8 4. Ra1 Ke8 5. Ra2 Kd8 *\n"
	records := "[Event \"once\"]\n[FEN \"" + fen + "\"]\n[Repetition \"0\"]\n\n1. Ra2 *\n\n" +
		"[Event \"thrice\"]\n[FEN \"" + fen + "\"]\n[Repetition \"0\"]\n\n" + shuffle
	out, errOut, status = runCmd(t, records, "convert", "-to", "san", "-")
	if status != 1 || out != "once\t"+fen+"\tRa2\n" ||
		!strings.Contains(errOut, `"thrice": the game's repetition limit, 0, cannot be written in -to san's start column`) {
		t.Errorf("repetition: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}
