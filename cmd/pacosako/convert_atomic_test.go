package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/replaypage"
)

// atomicGames returns games.pgn of the Atomic vectors: the module's subset, and
// the shared file when it is there.
func atomicGames(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for name, path := range map[string]string{
		"local":  atomicTestdata + "games.pgn",
		"shared": filepath.Join(sharedVector, "atomic", "games.pgn"),
	} {
		b, err := os.ReadFile(path)
		if name == "local" && err != nil {
			t.Fatal(err)
		}
		if err == nil {
			files[name] = string(b)
		}
	}
	if len(files) == 1 {
		t.Log("shared Atomic games not found: the module's subset only")
	}
	return files
}

// TestConvertAtomicRoundTrip: every game of games.pgn goes through convert -to
// record and back with the same moves and results, in SAN as the library writes
// them and in UCI (also under -to coord), and the written records are written
// again identically.
func TestConvertAtomicRoundTrip(t *testing.T) {
	for name, text := range atomicGames(t) {
		t.Run(name, func(t *testing.T) {
			// What the library reads, the reference.
			rr := atomic.NewRecordReader(strings.NewReader(text))
			var wantSAN, wantUCI []string
			for rr.Scan() {
				rec, err := rr.Record()
				if err != nil {
					t.Fatal(err)
				}
				cols := rec.Tag("Event") + "\t" + rec.Game.Start().FEN() + "\t"
				wantSAN = append(wantSAN, cols+strings.Join(rec.Game.PlayedSAN(), " "))
				wantUCI = append(wantUCI, cols+strings.Join(rec.Game.PlayedUCI(), " "))
			}
			records := mustRun(t, text, "convert", "-to", "record", "-")
			if n := strings.Count(records, "[Variant \"Atomic\"]"); n != len(wantSAN) {
				t.Errorf("%d records with the Variant tag, want %d", n, len(wantSAN))
			}
			if again := mustRun(t, records, "convert", "-"); again != records {
				t.Errorf("records written again differ")
			}
			for _, c := range []struct {
				to   string
				want []string
			}{{"san", wantSAN}, {"uci", wantUCI}, {"coord", wantUCI}} {
				for from, in := range map[string]string{"input": text, "records": records} {
					if got := lines(t, mustRun(t, in, "convert", "-to", c.to, "-")); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
						t.Errorf("%s -to %s: %d lines differ from the library's %d", from, c.to, len(got), len(c.want))
					}
				}
			}
			// The results: every finished game's Result tag comes back.
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(line, "[Result ") && !strings.Contains(records, line) {
					t.Errorf("%s missing from the records", line)
				}
			}
			t.Logf("%d games through convert", len(wantSAN))
		})
	}
}

// TestConvertMixedStream: one stream of Paco Ŝako and Atomic records, each read by
// the game its Variant tag names and written by it (records, columns, replay
// pages); -variant atomic for records without one; what does not fit a game is
// reported for that game and the others converted.
func TestConvertMixedStream(t *testing.T) {
	stream := `[Event "paco"]

1. e4 d5 2. exd5 *

[Event "atomic"]
[Variant "Atomic"]

1. e4 d5 2. exd5 *

[Event "paco tagged"]
[Variant "Paco Ŝako"]

1. Nf3 *

[Event "atomic960"]
[Variant "atomic960"]
[FEN "bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1"]
[SetUp "1"]

1. g4 Ng6 *
`
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" // Atomic's start column: a chess FEN
	if got := mustRun(t, stream, "convert", "-to", "san", "-"); got != "paco\t"+startFEN+"\te4 d5 exd5\n"+
		"atomic\t"+start+"\te4 d5 exd5\n"+
		"paco tagged\t"+startFEN+"\tNf3\n"+
		"atomic960\tbbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\tg4 Ng6\n" {
		t.Errorf("-to san:\n%s", got)
	}
	if got := mustRun(t, stream, "convert", "-to", "coord", "-"); !strings.Contains(got, "paco\t"+startFEN+"\te2e4 d7d5 e4d5\n") || !strings.Contains(got, "atomic960\tbbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\tg2g4 f8g6\n") {
		t.Errorf("-to coord:\n%s", got)
	}
	// Records: each game's own, Paco Ŝako's keeping its Variant tag.
	rec := mustRun(t, stream, "convert", "-")
	for _, want := range []string{"[Event \"paco tagged\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Paco Ŝako\"]\n",
		"[Result \"*\"]\n[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\"]\n\n1. g4 Ng6 *\n"} {
		if !strings.Contains(rec, want) {
			t.Errorf("records lack %q:\n%s", want, rec)
		}
	}
	// -to uci and the formats of actions fit one game only.
	out, errOut, status := runCmd(t, stream, "convert", "-to", "uci", "-")
	if status != 1 || out != "atomic\t"+start+"\te2e4 d7d5 e4d5\natomic960\tbbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w KQkq - 0 1\tg2g4 f8g6\n" ||
		strings.Count(errOut, "UCI writes chess moves, not Paco Ŝako's chains: -to coord") != 2 {
		t.Errorf("-to uci: %d\n%s\n%s", status, out, errOut)
	}
	out, errOut, status = runCmd(t, stream, "convert", "-to", "history", "-")
	if status != 1 || len(lines(t, out)) != 2 || !strings.Contains(errOut, `pacosako convert: "atomic": an Atomic game has no actions (-to history writes Paco Ŝako's)`) {
		t.Errorf("-to history: %d\n%s\n%s", status, out, errOut)
	}
	// Replay pages: each game's own, side by side.
	dir := t.TempDir()
	out = mustRun(t, stream, "convert", "-to", "html", "-o", dir, "-")
	if want := []string{"paco", "atomic", "paco-tagged", "atomic960"}; len(lines(t, out)) != len(want) {
		t.Errorf("-to html: %q, want the pages of %q", out, want)
	} else {
		for i, name := range want {
			if got := lines(t, out)[i]; got != filepath.Join(dir, name+".html") {
				t.Errorf("-to html: page %d is %s, want %s.html", i+1, got, name)
			}
		}
	}
	out = mustRun(t, stream, "convert", "-to", "html-embed", "-")
	if n := strings.Count(out, `<div class="psr" id="psr-`); n != 4 || !strings.Contains(out, `<div class="psr-title">atomic960</div>`) {
		t.Errorf("-to html-embed: %d games", n)
	}

	// Without a Variant tag the game is Paco Ŝako's unless -variant atomic says.
	untagged := "[Event \"x\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n"
	if _, errOut, status := runCmd(t, untagged, "convert", "-to", "san", "-"); status != 1 || !strings.Contains(errOut, `half-move 4 "Qxd5"`) {
		t.Errorf("untagged as Paco Ŝako: %d, %s", status, errOut)
	}
	if got := mustRun(t, untagged, "convert", "-variant", "atomic", "-to", "uci", "-"); got != "x\t"+start+"\te2e4 d7d5 e4d5 d8d5\n" {
		t.Errorf("-variant atomic: %q", got)
	}
	// A move list without tags is detected as a record; a Paco Ŝako tag still wins.
	if got := mustRun(t, "1. e4 d5 2. exd5 Qxd5 *\n\n[Variant \"Standard\"]\n\n1. d4 *\n", "convert", "-variant", "atomic", "-to", "san"); got != "game 1\t"+start+"\te4 d5 exd5 Qd5\ngame 2\t"+startFEN+"\td4\n" {
		t.Errorf("-variant atomic, movetext only: %q", got)
	}

	// Errors: an Atomic record's bad move names the game, line, column and position.
	_, errOut, status = runCmd(t, "[Variant \"Atomic\"]\n\n1. e4 e5 2. Ke3 *\n", "convert", "-")
	if status != 1 || !strings.HasPrefix(errOut, `pacosako convert: game record: game 1, line 3, column 13: half-move 3 "Ke3" in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2: illegal move`) {
		t.Errorf("bad Atomic move: %d, %s", status, errOut)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"convert", "-variant", "chess"}, `pacosako convert: invalid value "chess" for flag -variant: "chess" is not a game: want pacosako (the default) or atomic`},
		{[]string{"convert", "-variant", "atomic", "-from", "history"}, "pacosako convert: -variant atomic reads records: -from history is a Paco Ŝako format"},
		{[]string{"convert", "-to", "fen"}, "pacosako convert: -to must be record, history, json, san, coord, uci, replay, tags, html, html-embed or gif"},
	} {
		if _, errOut, status := runCmd(t, "", c.args...); status != 2 || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("%q: %d, %q", c.args, status, errOut)
		}
	}
}

// TestConvertAtomicHTML: convert -to html writes a replay page for every game of
// games.pgn (the module's subset, and the shared file when it is there), the
// page the README links among them; -to html-embed the same games as
// replaypage.WriteEmbed writes them.
func TestConvertAtomicHTML(t *testing.T) {
	for name, text := range atomicGames(t) {
		t.Run(name, func(t *testing.T) {
			var recs []atomic.Record
			rr := atomic.NewRecordReader(strings.NewReader(text))
			for rr.Scan() {
				rec, err := rr.Record()
				if err != nil {
					t.Fatal(err)
				}
				recs = append(recs, rec)
			}
			dir := t.TempDir()
			paths := lines(t, mustRun(t, text, "convert", "-to", "html", "-o", dir, "-"))
			if len(paths) != len(recs) {
				t.Fatalf("%d pages for %d games", len(paths), len(recs))
			}
			for i, rec := range recs {
				if paths[i] != filepath.Join(dir, rec.Tag("Event")+".html") {
					t.Errorf("game %d: page %s", i+1, paths[i])
				}
				got, err := os.ReadFile(paths[i])
				if err != nil {
					t.Fatal(err)
				}
				var want strings.Builder
				if err := replaypage.Write(&want, rec); err != nil {
					t.Fatal(err)
				}
				if string(got) != want.String() {
					t.Errorf("%s is not replaypage.Write's page of the game", paths[i])
				}
				if rec.Tag("Event") == "atomic-complete-2" {
					golden, err := os.ReadFile(filepath.Join("..", "..", "docs", "replay", "atomic-complete-2.html"))
					if err != nil {
						t.Fatal(err)
					}
					if string(got) != string(golden) {
						t.Error("docs/replay/atomic-complete-2.html is not the page the command writes (go test ./replaypage -update rewrites it)")
					}
				}
			}
			var want strings.Builder
			for _, rec := range recs {
				if err := replaypage.WriteEmbed(&want, rec); err != nil {
					t.Fatal(err)
				}
			}
			if got := mustRun(t, text, "convert", "-to", "html-embed", "-"); got != want.String() {
				t.Errorf("-to html-embed differs from replaypage.WriteEmbed's games (%d and %d bytes)", len(got), want.Len())
			}
			t.Logf("%d pages", len(recs))
		})
	}
}
