package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
	"github.com/pacosako-go/pacosako/records"
	"github.com/pacosako-go/pacosako/svg"
)

// TestConvertGIF: convert -to gif writes every game of the input, of either
// game, as the GIF package svg makes of its record (GameGIF)
// with -size, -coords and -flip, a file per game named and numbered as -to
// html's pages, each path printed; a game that cannot be read is reported and
// has no file, and no temporary file stays.
func TestConvertGIF(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "gifs") // made by the command
	input := "[Event \"Ŝako: a/b\"]\n[White \"Ada\"]\n[Black \"Ŝtefan\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 *\n\n" +
		"[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
		"[Event \"Ŝako: a/b\"]\n[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ne5 Nf6 3. Nxf7 *\n"
	stdout, stderr, status := runCmd(t, input, "convert", "-to", "gif", "-size", "64", "-coords", "-flip", "-o", dir, "-")
	want := []string{filepath.Join(dir, "Ŝako-a-b.gif"), filepath.Join(dir, "Ŝako-a-b-2.gif")}
	if status != 1 || strings.Join(lines(t, stdout), "\n") != strings.Join(want, "\n") {
		t.Errorf("status %d, stdout %q; want 1 and %q", status, stdout, want)
	}
	if !strings.Contains(stderr, "game 2, line 10") || !strings.Contains(stderr, `"Ke3"`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q: want the bad game 2 reported, once", stderr)
	}
	// What package svg makes of the two games that read.
	opt := svg.Options{Size: 64, Coordinates: true, Orientation: pacosako.Black}
	var gifs []*bytes.Buffer
	rr := records.NewReader(strings.NewReader(input), records.PacoSako)
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			continue // the bad game
		}
		var b bytes.Buffer
		switch rec := rec.(type) {
		case pacosako.Record:
			err = svg.GameGIF(&b, rec, opt, svg.GameAnimation{})
		case atomic.Record:
			err = svg.GameGIF(&b, rec, opt, svg.GameAnimation{})
		}
		if err != nil {
			t.Fatal(err)
		}
		gifs = append(gifs, &b)
	}
	if len(gifs) != 2 {
		t.Fatalf("%d games read, want 2", len(gifs))
	}
	for i, w := range gifs {
		got, err := os.ReadFile(want[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, w.Bytes()) {
			t.Errorf("%s (%d bytes) is not package svg's GIF of its game (%d bytes)", want[i], len(got), w.Len())
		}
		if fi, err := os.Stat(want[i]); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, mode %v; want 0644", want[i], err, fi.Mode())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in %s, want the 2 GIFs", len(entries), dir)
	}

	// A history line, at 400 pixels without -size; without -o a GIF's path
	// is the bare file name, numbered as a page's.
	hdir := t.TempDir()
	out := mustRun(t, "lib::x\tnew\tLift(e2) Place(e4)\n", "convert", "-to", "gif", "-o", hdir, "-")
	if out != filepath.Join(hdir, "lib-x.gif")+"\n" {
		t.Fatalf("a history line: %q", out)
	}
	data, err := os.ReadFile(filepath.Join(hdir, "lib-x.gif"))
	if err != nil {
		t.Fatal(err)
	}
	if frames, g := testkit.GIFFrames(t, data); len(frames) != 2 || g.Config.Width != svg.DefaultPixels {
		t.Errorf("lib-x.gif: %d frames of %d pixels, want the start and e4 at %d", len(frames), g.Config.Width, svg.DefaultPixels)
	}
	here := pages{ext: ".gif"}
	if got := here.path("lib::x") + " " + here.path("LIB::X"); got != "lib-x.gif LIB-X-2.gif" {
		t.Errorf("without -o: %q", got)
	}

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"convert", "-size", "480"}, "pacosako convert: -size draws the pictures of -to gif (-to record writes none)"},
		{[]string{"convert", "-to", "html", "-coords"}, "pacosako convert: -coords draws the pictures of -to gif (-to html writes none)"},
		{[]string{"convert", "-to", "san", "-flip"}, "pacosako convert: -flip draws the pictures of -to gif (-to san writes none)"},
		{[]string{"convert", "-to", "gif", "-size", "32"}, "pacosako convert: -size must be from 64 to 2048 pixels (0: 400), got 32"},
		{[]string{"convert", "-to", "gif", "-size", "4096"}, "pacosako convert: -size must be from 64 to 2048 pixels (0: 400), got 4096"},
		{[]string{"convert", "-to", "html-embed", "-o", "x"}, `pacosako convert: -o "x": only -to html and -to gif write files (-to html-embed writes to standard output)`},
	} {
		if out, errOut, status := runCmd(t, "", c.args...); status != 2 || out != "" || errOut != c.msg+"\n" {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, status, errOut, c.msg)
		}
	}
}
