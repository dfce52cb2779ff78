package main

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
	"github.com/pacosako-go/pacosako/svg"
)

// pathOf is svg.MovePath(p, m), which must not fail.
func pathOf(t *testing.T, p svg.Position, m svg.Move) svg.Path {
	t.Helper()
	path, err := svg.MovePath(p, m)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// svg -format png and gif draw what package svg draws in pixels for the same
// options, in both games: the still (RenderPNG) with the move, or the position
// after it, and the move played (AnimateGIF) with -once, -step and -hold;
// -size 0 is svg.DefaultPixels.
func TestSVGFormats(t *testing.T) {
	rules1 := pacosako.MustParseFEN(rulesFEN)
	chain, err := rules1.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")
	if err != nil {
		t.Fatal(err)
	}
	nxb7 := atomic.MustParseFEN(atomicNxb7)
	capture, err := nxb7.ParseSAN("Nxb7")
	if err != nil {
		t.Fatal(err)
	}
	afterCapture, _ := nxb7.Play(capture)
	small := svg.Options{Size: 64}
	flipped := svg.Options{Size: 96, Orientation: pacosako.Black, Coordinates: true, Dots: pacosako.SquareSet(pacosako.A5)}
	with := func(o svg.Options, f func(*svg.Options)) svg.Options { f(&o); return o }
	for _, c := range []struct {
		args []string
		want func(w *bytes.Buffer) error
	}{
		{[]string{"svg", "-format", "png", "-size", "64", "start"}, func(w *bytes.Buffer) error {
			return svg.RenderPNG(w, pacosako.MustParseFEN(startFEN), small)
		}},
		{[]string{"svg", "-format", "png", "-size", "96", "-flip", "-coords", "-marks", "a5", "-move", "f3e4c3c6", rulesFEN}, func(w *bytes.Buffer) error {
			return svg.RenderPNG(w, rules1, with(flipped, func(o *svg.Options) { o.Chains = []svg.Chain{pathOf(t, rules1, chain).Chain} }))
		}},
		{[]string{"svg", "-format", "png", "-size", "64", "-after", "-move", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN}, func(w *bytes.Buffer) error {
			return svg.RenderPNG(w, chain.After(), with(small, func(o *svg.Options) { o.LastMove = pacosako.SquareSet(pathOf(t, rules1, chain).Chain.Squares...) }))
		}},
		{[]string{"svg", "-variant", "atomic", "-format", "png", "-size", "96", "-flip", "-coords", "-marks", "a5", "-move", "Nxb7", atomicNxb7}, func(w *bytes.Buffer) error {
			return svg.RenderPNG(w, nxb7, with(flipped, func(o *svg.Options) {
				o.Chains, o.Blast, o.Vanishing = []svg.Chain{pathOf(t, nxb7, capture).Chain}, pathOf(t, nxb7, capture).Blast, capture.Explosion()
			}))
		}},
		{[]string{"svg", "-variant", "atomic", "-format", "png", "-size", "64", "-after", "-move", "a5b7", atomicNxb7}, func(w *bytes.Buffer) error {
			return svg.RenderPNG(w, afterCapture, with(small, func(o *svg.Options) {
				o.LastMove, o.Blast = pacosako.SquareSet(pacosako.A5, pacosako.B7), pathOf(t, nxb7, capture).Blast
			}))
		}},
		{[]string{"svg", "-format", "gif", "-size", "64", "-move", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN}, func(w *bytes.Buffer) error {
			return svg.AnimateGIF(w, rules1, chain, small, svg.Animation{})
		}},
		{[]string{"svg", "-format", "gif", "-animate", "-once", "-step", "200ms", "-hold", "500ms", "-size", "64", "-move", "f3e4c3c6", rulesFEN}, func(w *bytes.Buffer) error {
			return svg.AnimateGIF(w, rules1, chain, small, svg.Animation{Step: 200 * time.Millisecond, Hold: 500 * time.Millisecond, Once: true})
		}},
		{[]string{"svg", "-variant", "atomic", "-format", "gif", "-size", "96", "-flip", "-coords", "-marks", "a5", "-move", "Nxb7", atomicNxb7}, func(w *bytes.Buffer) error {
			return svg.AnimateGIF(w, nxb7, capture, flipped, svg.Animation{})
		}},
	} {
		var want bytes.Buffer
		if err := c.want(&want); err != nil {
			t.Fatal(err)
		}
		if got := mustRun(t, "", c.args...); got != want.String() {
			t.Errorf("%q: %d bytes, not the %d of package svg's picture", c.args, len(got), want.Len())
		}
	}

	// A position from standard input.
	if got, want := mustRun(t, atomicNxb7+"\n", "svg", "-variant", "atomic", "-format", "png", "-size", "64", "-"), mustRun(t, "", "svg", "-variant", "atomic", "-format", "png", "-size", "64", atomicNxb7); got != want {
		t.Error("-format png - draws another picture than with the FEN as the argument")
	}
	// -size 0 is 400 pixels; -once plays once (a GIF without a loop count
	// plays once), else the GIF loops; -hold is the last frame's delay, and the
	// run takes the two holds and the pawn's lift, carry and setting down
	// (Step/2 + Step + Step/2).
	if img, err := png.Decode(strings.NewReader(mustRun(t, "", "svg", "-format", "png"))); err != nil || img.Bounds() != image.Rect(0, 0, svg.DefaultPixels, svg.DefaultPixels) {
		t.Errorf("-format png: %v, %v; want %d pixels a side", err, img.Bounds(), svg.DefaultPixels)
	}
	for _, c := range []struct {
		args       []string
		loop       int
		hold, step int // in hundredths of a second
	}{
		{[]string{"-move", "e4"}, 0, 100, 80},
		{[]string{"-once", "-hold", "2s", "-step", "100ms", "-move", "e4"}, -1, 200, 10},
	} {
		args := append([]string{"svg", "-format", "gif", "-size", "64"}, c.args...)
		g, err := gif.DecodeAll(strings.NewReader(mustRun(t, "", args...)))
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		total := 0
		for _, d := range g.Delay {
			total += d
		}
		if g.LoopCount != c.loop || g.Delay[len(g.Delay)-1] != c.hold || total != 2*c.hold+2*c.step || g.Config.Width != 64 {
			t.Errorf("%q: loop %d, delays %v, %d pixels wide; want loop %d, the last %d, %d in all, 64", args, g.LoopCount, g.Delay, g.Config.Width, c.loop, c.hold, 2*c.hold+2*c.step)
		}
	}
	// -style reaches the SVG.
	if out := mustRun(t, "", "svg", "-style", ".square.dark{fill:#789}"); !strings.Contains(out, "<style>.square.dark{fill:#789}</style>") {
		t.Error("-style is not in the SVG")
	}
}

// The -hide flags turn off their game's highlights, in single diagrams, in
// pixels and in sheets; the other game's flag is a usage error naming the one
// that applies.
func TestSVGHighlights(t *testing.T) {
	const (
		sako  = "4k3/8/8/8/8/8/8/4R2K b 0 - - -"                                 // Black's king in Ŝako
		paco  = "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR b 0 - - -" // both kings in unions
		check = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1"                                // Black's king in check
	)
	for _, c := range []struct {
		args  []string
		class string // the highlight's class
		n     int    // how many
	}{
		{[]string{"svg", sako}, `class="sako e8"`, 1},
		{[]string{"svg", "-hide-sako", sako}, `class="sako`, 0},
		{[]string{"svg", "-hide-paco", sako}, `class="sako e8"`, 1},
		{[]string{"svg", paco}, `class="paco `, 2},
		{[]string{"svg", "-hide-paco", paco}, `class="paco `, 0},
		{[]string{"svg", "-variant", "atomic", check}, `class="check e8"`, 1},
		{[]string{"svg", "-variant", "atomic", "-hide-check", check}, `class="check`, 0},
	} {
		if got := strings.Count(mustRun(t, "", c.args...), c.class); got != c.n {
			t.Errorf("%q: %d %s, want %d", c.args, got, c.class, c.n)
		}
		// The same in a sheet.
		grid := append([]string{"svg", "-grid", "1"}, c.args[1:len(c.args)-1]...)
		if got := strings.Count(mustRun(t, c.args[len(c.args)-1]+"\n", append(grid, "-")...), c.class); got != c.n {
			t.Errorf("%q: %d %s, want %d", grid, got, c.class, c.n)
		}
	}
	// In pixels: the king's square of the picture without the glow is the
	// square's own colour, the one with it is not.
	for _, c := range []struct{ args []string }{
		{[]string{"svg", "-format", "png", "-size", "64", sako}},
		{[]string{"svg", "-variant", "atomic", "-format", "png", "-size", "64", check}},
	} {
		hide := map[bool]string{true: "-hide-check", false: "-hide-sako"}[c.args[1] == "-variant"]
		lit, err := png.Decode(strings.NewReader(mustRun(t, "", c.args...)))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := png.Decode(strings.NewReader(mustRun(t, "", append([]string{c.args[0], hide}, c.args[1:]...)...)))
		if err != nil {
			t.Fatal(err)
		}
		e8 := image.Rect(32, 0, 40, 8) // White at the bottom: e8 is the fifth square of the top row
		if d, _, _ := testkit.MaxDifference(lit.(subImager).SubImage(e8), plain.(subImager).SubImage(e8)); d < 40 {
			t.Errorf("%q: %s changes e8 by at most %d, want the glow gone", c.args, hide, d)
		}
		if d, _, _ := testkit.MaxDifference(lit.(subImager).SubImage(image.Rect(0, 8, 64, 64)), plain.(subImager).SubImage(image.Rect(0, 8, 64, 64))); d != 0 {
			t.Errorf("%q: %s changes more than e8's row", c.args, hide)
		}
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"svg", "-variant", "atomic", "-hide-sako", check}, "pacosako svg: -hide-sako turns off a highlight of Paco Ŝako, which Atomic chess does not have; its king in check glows red, which -hide-check turns off"},
		{[]string{"svg", "-variant", "atomic", "-hide-paco", "-grid", "2", "-"}, "pacosako svg: -hide-paco turns off a highlight of Paco Ŝako"},
		{[]string{"svg", "-hide-check", sako}, "pacosako svg: -hide-check turns off Atomic chess's highlight of the king in check (-variant atomic); Paco Ŝako's king in Ŝako glows red, which -hide-sako turns off"},
	} {
		if out, errOut, status := runCmd(t, "", c.args...); status != 2 || out != "" || !strings.HasPrefix(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, status, errOut, c.msg)
		}
	}
}

// subImager is a decoded picture (*image.RGBA, *image.NRGBA …).
type subImager interface {
	SubImage(image.Rectangle) image.Image
}

// TestRasterReadme runs the drawing guide's (docs/drawing.md, which the README
// links) command lines that make its PNG and GIF pictures and compares what they write with the committed files, decoded
// (another Go release may pack the same pixels otherwise): the same size,
// frames, delays, loop count and pixels (within 2 of 255 a channel, for
// floating point on other machines). A convert line writes into a temporary
// directory in place of its -o; of its files, those the README shows are
// compared. The whole games only with PACOSAKO_FULL=1 (CI sets it): they take
// seconds.
func TestRasterReadme(t *testing.T) {
	data, err := os.ReadFile("../../docs/drawing.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n### PNG and GIF\n")
	section, _, _ = strings.Cut(section, "\n## ")
	section, _, _ = strings.Cut(section, "\n### ")
	shown := map[string]bool{} // the pictures the section shows, by path from the module's root
	for _, l := range strings.Split(section, "](")[1:] {
		if path, _, _ := strings.Cut(l, ")"); strings.HasSuffix(path, ".png") || strings.HasSuffix(path, ".gif") {
			shown["docs/"+path] = false // the guide's links are relative to docs/
		}
	}
	if len(shown) < 6 {
		t.Fatalf("the README's PNG and GIF section shows %d pictures, want the 6", len(shown))
	}
	full := os.Getenv("PACOSAKO_FULL") == "1"
	for _, line := range strings.Split(section, "\n") {
		cmdLine, ok := strings.CutPrefix(line, "go run ./cmd/pacosako ")
		if !ok {
			continue
		}
		if cmd, file, ok := strings.Cut(cmdLine, " > "); ok {
			if _, listed := shown[file]; !listed {
				t.Errorf("%s: the section does not show %s", cmd, file)
			}
			shown[file] = true
			samePicture(t, cmd, file, mustRun(t, "", shellWords(t, cmd)...))
			continue
		}
		if !full {
			continue
		}
		args := shellWords(t, cmdLine)
		dir := t.TempDir()
		for i := range args {
			if args[i] == "-o" {
				args[i+1] = dir
			} else if i > 0 && args[i-1] != "-o" && strings.Contains(args[i], "/") {
				args[i] = "../../" + args[i] // the input, from the module's root
			}
		}
		for _, path := range lines(t, mustRun(t, "", args...)) {
			file := "docs/replay/" + filepath.Base(path)
			if _, listed := shown[file]; listed {
				shown[file] = true
				got, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				samePicture(t, cmdLine, file, string(got))
			}
		}
	}
	for path, made := range shown {
		switch {
		case made:
		case !full && strings.HasPrefix(path, "docs/replay/"):
			t.Logf("%s, a whole game, is checked with PACOSAKO_FULL=1 only", path)
		default:
			t.Errorf("no command of the README's PNG and GIF section makes %s", path)
		}
	}
}

// samePicture requires the PNG or GIF got to be the picture of the committed
// file (a path from the module's root), decoded; it reports the first frame
// that differs and how many do.
func samePicture(t *testing.T, cmd, file, got string) {
	t.Helper()
	want, err := os.ReadFile("../../" + file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(file, ".png") {
		a, err := png.Decode(strings.NewReader(got))
		if err != nil {
			t.Errorf("%s: %v", cmd, err)
			return
		}
		b, err := png.Decode(bytes.NewReader(want))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if what := pixelDifference(a, b); what != "" {
			t.Errorf("%s: %s %s", cmd, file, what)
		}
		return
	}
	frames, g := testkit.GIFFrames(t, []byte(got))
	fileFrames, fg := testkit.GIFFrames(t, want)
	if len(frames) != len(fileFrames) || g.LoopCount != fg.LoopCount || !slices.Equal(g.Delay, fg.Delay) {
		t.Errorf("%s: %d frames, delays %v, loop %d; %s has %d, %v, %d", cmd, len(frames), g.Delay, g.LoopCount, file, len(fileFrames), fg.Delay, fg.LoopCount)
		return
	}
	first, n := "", 0
	for i := range frames {
		if what := pixelDifference(frames[i], fileFrames[i]); what != "" {
			if n == 0 {
				first = fmt.Sprintf("frame %d %s", i, what)
			}
			n++
		}
	}
	if n > 0 {
		t.Errorf("%s: %s: %s (%d of %d frames differ)", cmd, file, first, n, len(frames))
	}
}

// pixelDifference says how got differs from the file's picture want: "" when
// they have the same bounds and every channel is within 2 of 255 (floating
// point on other machines).
func pixelDifference(got, want image.Image) string {
	d, at, ok := testkit.MaxDifference(got, want)
	switch {
	case !ok:
		return fmt.Sprintf("is %v, the file's %v", got.Bounds(), want.Bounds())
	case d > 2:
		return fmt.Sprintf("differs from the file by up to %d in a channel, first at %v", d, at)
	}
	return ""
}
