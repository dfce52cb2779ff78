package svg

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// rasterDoc is one of the README's raster images: its file and how it is
// drawn.
type rasterDoc struct {
	file     string
	draw     func(t testing.TB, w *bytes.Buffer) error
	maxBytes int  // issue 28's size targets, 0 for none
	slow     bool // a whole game: drawn only with PACOSAKO_FULL=1 (CI) or -update
}

// rasterDocs are the README's PNG and GIF images: the rules page's chain and
// the Atomic page's capture as PNGs and played as GIFs, and a whole game of
// each as a GIF (the pacoplay.com game 13103 with its player, the shared
// Atomic game atomic-complete-2).
func rasterDocs(t testing.TB) []rasterDoc {
	t.Helper()
	rules1 := pacosako.MustParseFEN(rules1FEN)
	chain := mustMove(t, rules1, chainSAN)
	nxb7 := atomic.MustParseFEN(atomicNxb7FEN)
	capture := mustAtomicMove(t, nxb7, "Nxb7")
	doc := Options{Size: 400, Coordinates: true}
	withChain := doc
	withChain.Chains = []Chain{chainOf(t, rules1, chain)}
	return []rasterDoc{
		{filepath.Join(docsDir, "chain-before.png"), func(t testing.TB, w *bytes.Buffer) error { return RenderPNG(w, rules1, withChain) }, 40 << 10, false},
		{filepath.Join(docsDir, "atomic-before.png"), func(t testing.TB, w *bytes.Buffer) error {
			return RenderPNG(w, nxb7, beforeMove(doc, capture))
		}, 0, false},
		{filepath.Join(docsDir, "chain-animated.gif"), func(t testing.TB, w *bytes.Buffer) error {
			return AnimateGIF(w, rules1, chain, doc, Animation{})
		}, 0, false},
		{filepath.Join(docsDir, "atomic-animated.gif"), func(t testing.TB, w *bytes.Buffer) error {
			return AnimateGIF(w, nxb7, capture, doc, Animation{})
		}, 0, false},
		{"../docs/replay/pacoplay-13103.gif", func(t testing.TB, w *bytes.Buffer) error {
			data, err := os.ReadFile("../testdata/pacoplay/13103.json")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := pacosako.ParsePacoplayMatch(data)
			if err != nil {
				t.Fatal(err)
			}
			return GameGIF(w, rec, Options{Size: 480, Coordinates: true}, GameAnimation{})
		}, 200 << 10, true},
		{"../docs/replay/atomic-complete-2.gif", func(t testing.TB, w *bytes.Buffer) error {
			return GameGIF(w, atomicGame(t, "atomic-complete-2"), Options{Size: 360, Coordinates: true}, GameAnimation{})
		}, 0, true},
	}
}

// TestRasterDocs draws the README's PNG and GIF images, the first diagram's PNG
// at 400 pixels within 40 KB and the game 13103 (REPLAY_13103's moves) at 480
// within 200 KB, and compares them with the committed files, decoded (an encoder may pack the same pixels otherwise
// in another Go release): the same size, frames, delays and pixels; -update
// rewrites the files. The README shows each of them. The whole games are
// drawn only with PACOSAKO_FULL=1 (CI sets it), to keep go test ./... cheap.
func TestRasterDocs(t *testing.T) {
	readme := guideFrom(t, "# Drawing diagrams: SVG, PNG, GIF")
	for _, d := range rasterDocs(t) {
		t.Run(filepath.Base(d.file), func(t *testing.T) {
			if d.slow && !*update && os.Getenv("PACOSAKO_FULL") != "1" {
				t.Skip("a whole game's GIF (most of a second): only with PACOSAKO_FULL=1, as CI runs")
			}
			var b bytes.Buffer
			if err := d.draw(t, &b); err != nil {
				t.Fatal(err)
			}
			if d.maxBytes > 0 && b.Len() > d.maxBytes {
				t.Errorf("%s is %d bytes, want at most %d", d.file, b.Len(), d.maxBytes)
			}
			if *update {
				if err := os.WriteFile(d.file, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(d.file)
			if err != nil {
				t.Fatalf("%v (go test ./svg -update writes it)", err)
			}
			if link := "](" + strings.TrimPrefix(d.file, "../docs/") + ")"; !strings.Contains(readme, link) {
				t.Errorf("the README's Diagrams do not show %s", d.file)
			}
			if strings.HasSuffix(d.file, ".png") {
				got, err := png.Decode(bytes.NewReader(b.Bytes()))
				if err != nil {
					t.Fatal(err)
				}
				file, err := png.Decode(bytes.NewReader(want))
				if err != nil {
					t.Fatalf("%s: %v", d.file, err)
				}
				samePixels(t, "", got, file)
				return
			}
			got, g := gifFrames(t, b.Bytes())
			file, fg := gifFrames(t, want)
			if len(got) != len(file) || g.LoopCount != fg.LoopCount || !equalInts(g.Delay, fg.Delay) {
				t.Fatalf("%d frames, delays %v, loop %d; the file's %d, %v, %d (go test ./svg -update rewrites it)", len(got), g.Delay, g.LoopCount, len(file), fg.Delay, fg.LoopCount)
			}
			for i := range got {
				samePixels(t, fmt.Sprintf("frame %d", i), got[i], file[i])
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// samePixels requires two pictures of the same size and pixels (within a
// channel difference of 2, for floating point on other machines).
func samePixels(t *testing.T, what string, got, want image.Image) {
	t.Helper()
	if got.Bounds() != want.Bounds() {
		t.Fatalf("%s: %v, the file's %v (go test ./svg -update rewrites it)", what, got.Bounds(), want.Bounds())
	}
	if a, ok := got.(*image.RGBA); ok {
		if b, ok := want.(*image.RGBA); ok && bytes.Equal(a.Pix, b.Pix) {
			return
		}
	}
	if d := compareOnWhite(t, got, want); d.max > 2 {
		t.Errorf("%s differs from the file by up to %d in a channel, first at %v (go test ./svg -update rewrites it)", what, d.max, d.first)
	}
}
