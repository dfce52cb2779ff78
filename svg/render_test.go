package svg

import (
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chromium is the browser the rendering check uses: Debian's package
// (apt-get install chromium), never a downloaded one.
const chromium = "/usr/bin/chromium"

// TestChromiumRender renders every golden SVG file to a PNG with headless Chromium
// and checks that the picture decodes and is not blank. It is skipped under -short
// and when Chromium is not installed, except in CI (CI set), where .ci/run installs
// it: there its absence is a failure, so that the check cannot silently stop
// running. Set PACOSAKO_SVG_PNG to a directory to keep the PNGs there for a look.
func TestChromiumRender(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not rendering with Chromium")
	}
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is absent in CI (.ci/run installs Debian's chromium): %v", chromium, err)
		}
		t.Skipf("%s is absent (apt-get install chromium): not rendering", chromium)
	}
	keep := os.Getenv("PACOSAKO_SVG_PNG")
	if keep != "" {
		if err := os.MkdirAll(keep, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range goldenCases(t) {
		name := strings.TrimSuffix(filepath.Base(c.file), ".svg")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svgPath, err := filepath.Abs(c.file)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(svgPath); err != nil {
				t.Fatalf("%v (run go test ./svg -update to write it)", err)
			}
			dir := t.TempDir()
			out := filepath.Join(dir, name+".png")
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, chromium,
				"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir="+filepath.Join(dir, "profile"),
				"--screenshot="+out, "--window-size=800,800",
				"file://"+filepath.ToSlash(svgPath))
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("chromium: %v\n%s", err, msg)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatalf("no screenshot: %v", err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("screenshot does not decode: %v", err)
			}
			minColors := 16 // squares, two piece colours, outlines, anti-aliasing
			if c.p.Board().Occupied() == 0 {
				minColors = 2 // the two square colours
			}
			checkNotBlank(t, img, minColors)
			if keep != "" {
				data, err := os.ReadFile(out)
				if err == nil {
					err = os.WriteFile(filepath.Join(keep, name+".png"), data, 0o644)
				}
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// checkNotBlank requires a picture with at least minColors colours, of which the
// page's white is not nearly all, and two (the squares) that cover a good area each.
func checkNotBlank(t *testing.T, img image.Image, minColors int) {
	t.Helper()
	b := img.Bounds()
	if b.Dx() < 100 || b.Dy() < 100 {
		t.Fatalf("screenshot is %v, too small", b)
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
