package svg

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
)

// chromium is the browser the rendering checks use: Debian's package
// (apt-get install chromium), never a downloaded one.
const chromium = "/usr/bin/chromium"

// needTool skips the test under -short, and when the program is not installed,
// except in CI (CI set), where .ci/run installs it: there its absence is a failure,
// so that the check cannot silently stop running.
func needTool(t *testing.T, path, pkg string) string {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: not rendering with %s", filepath.Base(path))
	}
	p, err := exec.LookPath(path)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is absent in CI (.ci/run installs Debian's %s): %v", path, pkg, err)
		}
		t.Skipf("%s is absent (apt-get install %s): not rendering", path, pkg)
	}
	return p
}

// tile is one picture of a page that Chromium draws: an SVG document, paused at
// a moment of its animation, drawn w×h pixels at (x, y).
type tile struct {
	svg        string
	at         time.Duration
	x, y, w, h int
}

// pixels returns the size a document is compared at: half its viewBox (a square
// of the board is 50 pixels).
func pixels(t testing.TB, doc string) (w, h int) {
	t.Helper()
	m := regexp.MustCompile(`viewBox="0 0 ([0-9.]+) ([0-9.]+)"`).FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("no viewBox in %.200s", doc)
	}
	vw, _ := strconv.ParseFloat(m[1], 64)
	vh, _ := strconv.ParseFloat(m[2], 64)
	return int(vw/2 + 0.5), int(vh/2 + 0.5)
}

// pageScript draws every tile: the document is read as XML (as a file would
// be), put in a shadow root of its own (so that the ids of different documents do
// not meet), sized, and its animations paused at the tile's moment.
const pageScript = `for (const it of tiles) {
  const d = document.createElement('div');
  d.style.cssText = 'position:absolute;left:' + it.x + 'px;top:' + it.y + 'px';
  const doc = new DOMParser().parseFromString(it.svg, 'image/svg+xml');
  const s = document.importNode(doc.documentElement, true);
  s.setAttribute('width', it.w);
  s.setAttribute('height', it.h);
  s.style.display = 'block';
  d.attachShadow({mode: 'open'}).appendChild(s);
  document.body.appendChild(d);
  s.pauseAnimations();
  s.setCurrentTime(it.at);
}`

// shoot lays the tiles out in rows on one page, takes one headless Chromium
// screenshot of it and returns each tile's picture. One browser start serves
// every tile (a start takes seconds).
func shoot(t testing.TB, tiles []tile) []image.Image {
	t.Helper()
	const maxWidth = 2400
	x, y, rowH, width := 0, 0, 0, 0
	type item struct {
		SVG        string  `json:"svg"`
		At         float64 `json:"at"`
		X, Y, W, H int
	}
	var items []item
	for i := range tiles {
		tl := &tiles[i]
		if x > 0 && x+tl.w > maxWidth {
			x, y, rowH = 0, y+rowH, 0
		}
		tl.x, tl.y = x, y
		x += tl.w
		rowH = max(rowH, tl.h)
		width = max(width, x)
		items = append(items, item{tl.svg, tl.at.Seconds(), tl.x, tl.y, tl.w, tl.h})
	}
	height := y + rowH
	data, err := json.Marshal(items) // escapes <, > and &: safe in a script
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.NewReplacer(`"X":`, `"x":`, `"Y":`, `"y":`, `"W":`, `"w":`, `"H":`, `"h":`).Replace(string(data)))
	page := "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><style>html,body{margin:0;padding:0;background:#fff;overflow:hidden}</style></head><body>\n<script>\nconst tiles = " +
		string(data) + ";\n" + pageScript + "\n</script>\n</body></html>\n"
	dir := t.TempDir()
	pagePath := filepath.Join(dir, "page.html")
	if err := os.WriteFile(pagePath, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "page.png")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--force-color-profile=srgb",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--screenshot="+out, fmt.Sprintf("--window-size=%d,%d", max(width, 500), max(height, 500)),
		"file://"+filepath.ToSlash(pagePath))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, msg)
	}
	img := readPNG(t, out)
	if b := img.Bounds(); b.Dx() < width || b.Dy() < height {
		t.Fatalf("the screenshot is %v, the page %d×%d", b, width, height)
	}
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		t.Fatalf("screenshot of type %T", img)
	}
	pics := make([]image.Image, len(tiles))
	for i, tl := range tiles {
		pics[i] = sub.SubImage(image.Rect(tl.x, tl.y, tl.x+tl.w, tl.y+tl.h))
	}
	return pics
}

func readPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no picture: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s does not decode: %v", path, err)
	}
	return img
}

// keep writes img to $PACOSAKO_SVG_PNG/name.png when that is set, for a look.
func keep(t testing.TB, name string, img image.Image) {
	t.Helper()
	dir := os.Getenv("PACOSAKO_SVG_PNG")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Error(err)
	}
}

// golden is a golden file as read, with the case it draws.
type golden struct {
	goldenCase
	name, path, doc string
}

// goldenFiles reads every golden file.
func goldenFiles(t *testing.T) []golden {
	t.Helper()
	var out []golden
	for _, c := range goldenCases(t) {
		path, err := filepath.Abs(c.file)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./svg -update to write it)", err)
		}
		name := strings.TrimSuffix(filepath.Base(c.file), ".svg")
		if filepath.Dir(c.file) != goldenDir {
			name = "docs-" + name
		}
		out = append(out, golden{c, name, path, string(doc)})
	}
	return out
}

// TestRendering renders every golden SVG file with headless Chromium and with
// rsvg-convert, and plays the animations in Chromium, in one browser start:
//
//   - chromium/NAME: Chromium's picture is not blank.
//   - rsvg/NAME: the two renderers agree. Both draw the file at half its viewBox
//     (a square is 50 pixels) on white; a pixel differs when one of its channels
//     differs by more than channelTolerance of 255, and at most pixelTolerance of
//     the pixels may differ. Anti-aliased edges differ slightly everywhere; a
//     figure, square or line drawn differently differs by far more. An animated file
//     is compared at the start of its run, paused there in Chromium, with the
//     still that rsvg-convert (which has no SMIL) shows: the animation starts from
//     that still by construction, so they must agree as any still does.
//   - raster/NAME: the raster image of the file's still drawing (Image,
//     of either game; for an animation the still it starts from) at the same size
//     is compared on white with both renderers' pictures: a channel may differ
//     by rasterMean of 255 on average, and at most rasterPixels of the pixels
//     by more than channelTolerance (sheets, which hold text, and drawings with
//     a Style, which pixels cannot apply, are not rasterised).
//   - frames/MOVE/N: every move of animMoves, paused in Chromium just after the
//     moment N of its schedule (see TestAnimationFrames) and drawn at a quarter of
//     its viewBox (a square is 25 pixels), looks like Chromium's
//     still drawing of the position reached then (with the chain as the animation
//     shows it: full, faint while the move is played, replaced by last-move tints
//     at the end), within frameTolerance of the pixels.
//
// Run only with PACOSAKO_FULL=1 (CI sets it); skipped under -short and
// without the tools, except in CI (see needTool). Set
// PACOSAKO_SVG_PNG to a directory to keep the pictures there for a look.
func TestRendering(t *testing.T) {
	if raceEnabled {
		t.Skip("the goldens drawn by Chromium and rsvg-convert are compared without the race detector (CI's other full run)")
	}
	if os.Getenv("PACOSAKO_FULL") != "1" {
		// Chromium and rsvg-convert drawing every golden: more CPU than the
		// rest of the package's tests together. CI runs it.
		t.Skip("the goldens drawn by Chromium and rsvg-convert are compared only with PACOSAKO_FULL=1, as CI runs it")
	}
	needTool(t, chromium, "chromium")
	files := goldenFiles(t)
	var tiles []tile
	for _, g := range files {
		w, h := pixels(t, g.doc)
		tiles = append(tiles, tile{svg: g.doc, w: w, h: h})
	}
	checks := append(pacoFrameChecks(t), atomicFrameChecks(t)...)
	frameAt := len(tiles) // tiles[frameAt+2i] the animation of checks[i], tiles[frameAt+2i+1] its still
	for _, fc := range checks {
		w, h := pixels(t, fc.anim)
		w, h = w/2, h/2 // a quarter of the viewBox: many frames, one renderer
		tiles = append(tiles, tile{svg: fc.anim, at: fc.at, w: w, h: h}, tile{svg: fc.still, w: w, h: h})
	}
	start := time.Now()
	pics := shoot(t, tiles)
	t.Logf("Chromium drew %d pictures in %v", len(tiles), time.Since(start).Round(time.Millisecond))

	t.Run("chromium", func(t *testing.T) {
		for i, g := range files {
			t.Run(g.name, func(t *testing.T) {
				keep(t, "chromium-"+g.name, pics[i])
				minColors := 16 // squares, two piece colours, outlines, anti-aliasing
				if g.board().Occupied() == 0 {
					minColors = 2 // the two square colours
				}
				checkNotBlank(t, pics[i], minColors)
			})
		}
	})
	rsvgPics := make([]image.Image, len(files))
	t.Run("rsvg", func(t *testing.T) {
		rsvg := needTool(t, "rsvg-convert", "librsvg2-bin")
		for i, g := range files {
			t.Run(g.name, func(t *testing.T) {
				t.Parallel()
				w, h := pixels(t, g.doc)
				out := filepath.Join(t.TempDir(), g.name+".png")
				cmd := exec.Command(rsvg, "-w", strconv.Itoa(w), "-h", strconv.Itoa(h), "-b", "white", "-o", out, g.path)
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("rsvg-convert: %v\n%s", err, msg)
				}
				img := readPNG(t, out)
				rsvgPics[i] = img
				keep(t, "rsvg-"+g.name, img)
				d := compare(t, pics[i], img)
				t.Logf("%s: largest channel difference %d, %.3f%% of the pixels over %d", t.Name(), d.max, 100*d.over, channelTolerance)
				if d.over > pixelTolerance {
					t.Errorf("Chromium and rsvg-convert disagree on %.3f%% of the pixels (at most %.3f%%), the first at (%d, %d)",
						100*d.over, 100*pixelTolerance, d.first.X, d.first.Y)
				}
			})
		}
	})
	t.Run("raster", func(t *testing.T) {
		// The measure tells pictures apart: the empty board is far from the
		// start position.
		for i, g := range files {
			if g.name != "start" {
				continue
			}
			empty, err := Image(pacosako.MustParseFEN(emptyFEN), Options{Size: pics[i].Bounds().Dx()})
			if err != nil {
				t.Fatal(err)
			}
			if d := compareOnWhite(t, empty, pics[i]); d.mean <= rasterMean && d.over <= rasterPixels {
				t.Errorf("the empty board passes for the start position: mean %.2f, %.3f%% of the pixels off", d.mean, 100*d.over)
			}
		}
		for i, g := range files {
			opt, ok := g.still()
			if !ok {
				continue
			}
			t.Run(g.name, func(t *testing.T) {
				w, _ := pixels(t, g.doc)
				opt.Size = w
				img := g.image(t, opt)
				keep(t, "raster-"+g.name, img)
				for _, ref := range []struct {
					name string
					pic  image.Image
				}{{"chromium", pics[i]}, {"rsvg", rsvgPics[i]}} {
					if ref.pic == nil {
						continue // rsvg-convert absent: its subtest said so
					}
					d := compareOnWhite(t, img, ref.pic)
					t.Logf("%s: against %s: mean channel difference %.2f of 255, %.3f%% of the pixels off by more than %d", g.name, ref.name, d.mean, 100*d.over, channelTolerance)
					if d.mean > rasterMean || d.over > rasterPixels {
						t.Errorf("the raster image differs from %s's drawing of %s: mean channel difference %.2f (at most %v), %.3f%% of the pixels off by more than %d (at most %v%%), the first at (%d, %d)",
							ref.name, g.path, d.mean, rasterMean, 100*d.over, channelTolerance, 100*rasterPixels, d.first.X, d.first.Y)
					}
				}
			})
		}
	})
	t.Run("frames", func(t *testing.T) {
		for i, fc := range checks {
			t.Run(fc.name, func(t *testing.T) {
				at := frameAt + 2*i
				keep(t, "frame-"+strings.ReplaceAll(fc.name, "/", "-"), pics[at])
				d := compare(t, pics[at], pics[at+1])
				t.Logf("%s: largest channel difference %d, %.3f%% of the pixels over %d", t.Name(), d.max, 100*d.over, channelTolerance)
				if d.over > frameTolerance {
					t.Errorf("the animation differs from the still on %.3f%% of the pixels (at most %.3f%%), the first at (%d, %d), by up to %d",
						100*d.over, 100*frameTolerance, d.first.X, d.first.Y, d.max)
				}
			})
		}
	})
}

// frameCheck is an animation paused at a moment and the still drawing it must
// look like then (TestRendering's frames).
type frameCheck struct {
	name  string
	anim  string
	at    time.Duration
	still string
}

// pacoFrameChecks are the moments of every move of animMoves (see frameChecks).
func pacoFrameChecks(t *testing.T) []frameCheck {
	t.Helper()
	var out []frameCheck
	for _, mv := range animMoves {
		p := pacosako.MustParseFEN(mv.fen)
		m := mustMove(t, p, mv.san)
		opt := Options{HideSako: true, HidePaco: true}
		var b strings.Builder
		if err := Animate(&b, p, m, opt, Animation{}); err != nil {
			t.Fatal(err)
		}
		out = append(out, frameChecks(t, mv.name, b.String(), schedule(t, p, m, DefaultStep, DefaultHold), chainOf(t, p, m), opt)...)
	}
	return out
}

// frameChecks pairs every checkpoint of the animation doc (drawn with opt, the
// move's chain chain) with the still drawing of that moment: its board, hand and
// blast, and the chain as the animation shows it (see stillChain).
func frameChecks(t *testing.T, name, doc string, cps []checkpoint, chain Chain, opt Options) []frameCheck {
	t.Helper()
	var out []frameCheck
	for i, cp := range cps {
		still := opt
		still.Blast = cp.blast
		at := stillChain(&still, chain, i, len(cps), cp.at)
		out = append(out, frameCheck{fmt.Sprintf("%s/%d", name, i), doc, at, drawingString(t, cp.board, cp.hand, still)})
	}
	return out
}

// stillChain sets the chain of the animated move on still as the animation
// shows it at checkpoint i of n (at time at): full while the position before
// the move is held, faint while the move is played, replaced by last-move tints
// at the end. It returns the moment to pause the animation at: just after the
// checkpoint, or just before the end.
func stillChain(still *Options, chain Chain, i, n int, at time.Duration) time.Duration {
	switch {
	case i <= 1:
		still.Chains = []Chain{chain}
	case i < n-2:
		faint := chain
		faint.Color = "#1d4ed852" // the chain's 0.8 opacity, times chainFaded
		still.Chains = []Chain{faint}
	default:
		still.LastMove = pacosako.SquareSet(chain.Squares...)
		if i == n-1 {
			return at - 2*time.Millisecond
		}
	}
	return at + 2*time.Millisecond
}

// The tolerances of TestRendering, per channel (of 255) and as a fraction of the
// pixels.
const (
	channelTolerance = 64
	pixelTolerance   = 0.001
	frameTolerance   = 0.001
)

// How far the raster images (Image) may be from Chromium's and
// rsvg-convert's drawings of the same SVG (TestRendering's raster): the mean
// difference of a channel (of 255), and the fraction of the pixels with a
// channel off by more than channelTolerance.
const (
	rasterMean   = 6
	rasterPixels = 0.02
)

// difference sums up how two pictures differ.
type difference struct {
	mean  float64     // the mean difference of a channel (compareOnWhite)
	max   int         // the largest difference of a channel
	over  float64     // the fraction of pixels with a channel differing by more than channelTolerance
	first image.Point // the first such pixel, relative to the pictures' corners
}

// compare compares two pictures of the same size pixel by pixel (their colours
// as on white: both renderers draw opaque pictures).
func compare(t *testing.T, a, b image.Image) difference {
	t.Helper()
	pa, pb := rgba(a), rgba(b)
	w, h := pa.Rect.Dx(), pa.Rect.Dy()
	if w != pb.Rect.Dx() || h != pb.Rect.Dy() {
		t.Fatalf("pictures of %v and %v", pa.Rect.Size(), pb.Rect.Size())
	}
	var d difference
	n := 0
	for y := 0; y < h; y++ {
		ra := pa.Pix[y*pa.Stride : y*pa.Stride+4*w]
		rb := pb.Pix[y*pb.Stride : y*pb.Stride+4*w]
		for x := 0; x < w; x++ {
			m := 0
			for c := 0; c < 3; c++ {
				m = max(m, abs(int(ra[4*x+c])-int(rb[4*x+c])))
			}
			d.max = max(d.max, m)
			if m > channelTolerance {
				if n == 0 {
					d.first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	d.over = float64(n) / float64(w*h)
	return d
}

// compareOnWhite compares two pictures of the same size as they show on white,
// with the mean difference of their colour channels.
func compareOnWhite(t *testing.T, a, b image.Image) difference {
	t.Helper()
	onWhite := func(img image.Image) *image.RGBA {
		out := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		draw.Draw(out, out.Rect, image.White, image.Point{}, draw.Src)
		draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Over)
		return out
	}
	pa, pb := onWhite(a), onWhite(b)
	d := compare(t, pa, pb)
	sum := 0
	for y := 0; y < pa.Rect.Dy(); y++ {
		for x := 0; x < pa.Rect.Dx(); x++ {
			i, j := pa.PixOffset(x, y), pb.PixOffset(x, y)
			for c := 0; c < 3; c++ {
				sum += abs(int(pa.Pix[i+c]) - int(pb.Pix[j+c]))
			}
		}
	}
	d.mean = float64(sum) / float64(3*pa.Rect.Dx()*pa.Rect.Dy())
	return d
}

// rgba returns img as an *image.RGBA whose rectangle starts at (0, 0).
func rgba(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkNotBlank requires a picture with at least minColors colours, of which the
// page's white is not nearly all, and two (the squares) that cover a good area each.
func checkNotBlank(t *testing.T, img image.Image, minColors int) {
	t.Helper()
	b := img.Bounds()
	if b.Dx() < 100 || b.Dy() < 100 {
		t.Fatalf("picture is %v, too small", b)
	}
	colors := map[[3]uint32]int{}
	painted := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			colors[[3]uint32{r >> 8, g >> 8, bl >> 8}]++
			if r>>8 < 250 || g>>8 < 250 || bl>>8 < 250 {
				painted++
			}
		}
	}
	if len(colors) < minColors {
		t.Errorf("only %d distinct colours: the drawing did not render", len(colors))
	}
	if total := b.Dx() * b.Dy(); painted < total/5 {
		t.Errorf("only %d of %d pixels are not white: the drawing did not render", painted, total)
	}
	// The board's squares: at least two colours that each cover a good area.
	big := 0
	for _, n := range colors {
		if n > b.Dx()*b.Dy()/50 {
			big++
		}
	}
	if big < 2 {
		t.Errorf("fewer than two colours cover 2%% of the picture each: no board")
	}
}
