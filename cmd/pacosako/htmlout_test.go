package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/replaypage"
)

func TestFileName(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"pacoplay 13103", "pacoplay-13103"},
		{"lib::test_white_victory_after_pacosako", "lib-test_white_victory_after_pacosako"},
		{"game 1", "game-1"},
		{"Ŝako: a/b", "Ŝako-a-b"},
		{"../../etc/passwd", "etc-passwd"},
		{"-rf", "rf"},
		{".hidden", "hidden"},
		{"a\\b\tc\x00d\x1b[31m", "a-b-c-d-31m"},
		{"v1.2 final.", "v1.2-final"},
		{"", "game"},
		{"?", "game"},
		{"\xff\xfe", "game"},
		{strings.Repeat("é", 80), strings.Repeat("é", 50)}, // 100 bytes
	} {
		if got := fileName(tc.name); got != tc.want {
			t.Errorf("fileName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	var p pages
	for _, tc := range []struct{ name, want string }{{"x", "x.html"}, {"X", "X-2.html"}, {"x", "x-3.html"}, {"x-2", "x-2-2.html"}, {"y", "y.html"}} {
		if got := p.path(tc.name); got != tc.want {
			t.Errorf("path(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestConvertHTML: a page per game, named after it and numbered on a clash, each
// path printed; a bad game is reported and has no page; no temporary file stays.
func TestConvertHTML(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "pages") // made by the command
	records := "[Event \"Ŝako: a/b\"]\n\n1. e4 $1 {Ada's move} (1. d4 d5) d5 *\n\n" +
		"[Event \"Ŝako: a/b\"]\n\n1. d4 *\n\n" +
		"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
		"1. Nf3 *\n"
	stdout, stderr, status := runCmd(t, records, "convert", "-to", "html", "-o", dir, "-")
	want := []string{filepath.Join(dir, "Ŝako-a-b.html"), filepath.Join(dir, "Ŝako-a-b-2.html"), filepath.Join(dir, "game-4.html")}
	if status != 1 || strings.Join(lines(t, stdout), "\n") != strings.Join(want, "\n") {
		t.Errorf("status %d, stdout %q; want 1 and %q", status, stdout, want)
	}
	if !strings.Contains(stderr, "game 3, line 11") || !strings.Contains(stderr, `"Ke3"`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q: want the bad game 3 reported, once", stderr)
	}
	checkTidy(t, "convert -to html", "convert", stdout, stderr, 5000)
	rr := pacosako.NewRecordReader(strings.NewReader(records))
	var recs []pacosako.Record
	for rr.Scan() {
		if rec, err := rr.Record(); err == nil {
			recs = append(recs, rec)
		}
	}
	recs[2].Tags = []pacosako.Tag{{Name: "Event", Value: "game 4"}} // the unnamed game, as the command names it
	for i, path := range want {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var page strings.Builder
		if err := replaypage.Write(&page, recs[i]); err != nil {
			t.Fatal(err)
		}
		if string(got) != page.String() {
			t.Errorf("%s is not the page of its game", path)
		}
		// The record's annotations reach the page.
		if i == 0 && (!strings.Contains(page.String(), `<span class="psr-comment">Ada&#39;s move</span>`) || !strings.Contains(page.String(), `>1. d4</button>`) || !strings.Contains(page.String(), `e4<span class="psr-nag" title="good move">!</span>`)) {
			t.Errorf("%s lacks the comment, the variation or the NAG of its record", path)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, mode %v; want 0644", path, err, fi.Mode())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d files in %s, want the 3 pages", len(entries), dir)
	}
	// From history lines, into the current directory when -o is left out: the path
	// is the bare file name.
	var out pages
	if got := out.path("lib::x"); got != "lib-x.html" {
		t.Errorf("without -o: %q", got)
	}
}

// TestConvertHTMLGolden: the README's commands write the pages the README links.
func TestConvertHTMLGolden(t *testing.T) {
	dir := t.TempDir()
	out := mustRun(t, "", "convert", "-to", "html", "-o", dir, filepath.Join("..", "..", "testdata", "pacoplay", "13103.json"))
	path := filepath.Join(dir, "pacoplay-13103.html")
	if out != path+"\n" {
		t.Fatalf("stdout %q, want %q", out, path)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "replay", "pacoplay-13103.html"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("docs/replay/pacoplay-13103.html is not the page the command writes (go test ./replaypage -update rewrites it)")
	}
	// The annotated games of the README.
	out = mustRun(t, "", "convert", "-to", "html", "-o", dir, filepath.Join("..", "..", "testdata", "records", "chessbase-annotated.pgn"))
	names := []string{"Paco-Sako-Club-Championship.html", "Paco-Sako-Club-Championship-2.html"}
	if out != filepath.Join(dir, names[0])+"\n"+filepath.Join(dir, names[1])+"\n" {
		t.Fatalf("stdout %q, want the paths of %q", out, names)
	}
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "docs", "replay", name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("docs/replay/%s is not the page the command writes (go test ./replaypage -update rewrites it)", name)
		}
	}
}

// TestConvertHTMLEmbed: the games on standard output, one <div> and one <script>
// each; -o belongs to -to html only.
func TestConvertHTMLEmbed(t *testing.T) {
	out := mustRun(t, historyLines(t), "convert", "-to", "html-embed", "-from", "history", "-")
	n := len(lines(t, historyLines(t)))
	if d, s := strings.Count(out, `<div class="psr" id="psr-`), strings.Count(out, "<script>"); d != n || s != n {
		t.Errorf("%d roots and %d scripts for %d games", d, s, n)
	}
	if !strings.Contains(out, `<div class="psr-title">lib::test_white_victory_after_pacosako</div>`) {
		t.Error("a game's name is not its title")
	}
	if _, stderr, status := runCmd(t, "", "convert", "-to", "html-embed", "-o", t.TempDir()); status != 2 || !strings.Contains(stderr, "only -to html and -to gif write files") {
		t.Errorf("-o with html-embed: status %d, %q", status, stderr)
	}
}
