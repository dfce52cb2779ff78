package replaypage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/svg"
)

// chromium is the browser the tests open the pages in: Debian's package
// (apt-get install chromium), never a downloaded one.
const chromium = "/usr/bin/chromium"

// The pixel agreement required between the page's board and the svg package's
// drawing of the same position, both inline SVG rendered by Chromium at
// boardPixels: a pixel differs when one of its channels differs by more than
// channelTolerance (of 255), and at most maxDiffering of the board's pixels may
// differ. Measured with Chromium 156 on the screenshots below: at most 0.041 %
// of the pixels differ (128 of 313,600), by up to 98 in a channel, all at the
// edges of figures (a figure drawn through a <symbol> is anti-aliased a little
// differently from one drawn through a <g>, visibly in the thin base plates of the
// small figures of unions); the Atomic explosions at most 0.024 %. A wrong board
// differs far more: the start against the drawing after 1. e4 (one pawn moved, two
// squares tinted, an arrow) differs in 2.8 % of the pixels, which the test checks
// as a control, and an explosion caught as it starts to fade in (without
// --force-prefers-reduced-motion) in 11.5 %.
const (
	boardPixels      = 560
	channelTolerance = 24
	maxDiffering     = 0.002
)

// needChromium skips the test under -short and without Chromium, except in CI (CI
// set), where .ci/run installs it: there its absence is a failure, so that the
// browser tests cannot silently stop running.
func needChromium(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: not opening pages in Chromium")
	}
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is absent in CI (.ci/run installs Debian's chromium): %v", chromium, err)
		}
		t.Skipf("%s is absent (apt-get install chromium): not opening the replay pages in a browser", chromium)
	}
}

// runChromium runs headless Chromium with a profile of its own under dir and the
// given arguments, and returns its standard output; it fails the test if
// Chromium fails.
func runChromium(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	out, err := chromiumRun(dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// chromiumRun is runChromium for any goroutine: it returns the failure.
func chromiumRun(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	profile, err := os.MkdirTemp(dir, "profile")
	if err != nil {
		return nil, err
	}
	// Reduced motion: an explosion stepped onto by a click shows at once as it
	// ends, not fading in (the style sheet plays it only for readers who want
	// motion), so that a screenshot sees the still drawing.
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--force-prefers-reduced-motion", "--user-data-dir=" + profile}
	cmd := exec.CommandContext(ctx, chromium, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("chromium %q: %v\n%s", args, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// fileURL is the file: URL of path with a fragment.
func fileURL(t *testing.T, path, fragment string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	u := "file://" + filepath.ToSlash(abs)
	if fragment != "" {
		u += "#" + fragment
	}
	return u
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s does not decode: %v", path, err)
	}
	return img
}

// marginColor is the coordinate margin's colour, which only the board has.
var marginColor = color.RGBA{0x3a, 0x36, 0x32, 0xff}

// boardRect finds the board in a screenshot: the bounding box of the pixels in
// the margin's colour, within within.
func boardRect(img image.Image, within image.Rectangle) image.Rectangle {
	box := image.Rectangle{}
	for y := within.Min.Y; y < within.Max.Y; y++ {
		for x := within.Min.X; x < within.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if uint8(r>>8) == marginColor.R && uint8(g>>8) == marginColor.G && uint8(b>>8) == marginColor.B {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// diff compares the pixels of a in ra with those of b in rb (of the same size):
// how many differ by more than tolerance in a channel, and the largest channel
// difference.
func diff(a, b image.Image, ra, rb image.Rectangle, tolerance int) (differing, largest int) {
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, _ := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			worst := 0
			for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
				worst = max(worst, d, -d)
			}
			largest = max(largest, worst)
			if worst > tolerance {
				differing++
			}
		}
	}
	return differing, largest
}

// shot is one screenshot to check: a game, the half-move shown, the orientation.
// A shot of a variation's position shows the game embedded in a host page whose
// script clicks the move.
type shot struct {
	name    string
	rec     pacosako.Record
	ply     int
	flipped bool
	what    string         // what it shows
	click   *click         // a position of a variation, shown by a click
	atom    *atomic.Record // an Atomic game, in place of rec
}

// event names the shot's game.
func (s shot) event() string {
	if s.atom != nil {
		return s.atom.Tag("Event")
	}
	return s.rec.Tag("Event")
}

// page writes the shot's game as a page (WriteEmbed: as a game to embed).
func (s shot) page(t *testing.T, w io.Writer, embed bool) {
	t.Helper()
	var err error
	switch {
	case s.atom != nil && embed:
		err = WriteEmbed(w, *s.atom)
	case s.atom != nil:
		err = Write(w, *s.atom)
	case embed:
		err = WriteEmbed(w, s.rec)
	default:
		err = Write(w, s.rec)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// mainLine returns the label of the main line's half-move the shot shows and its
// status line.
func (s shot) mainLine() (label, status string) {
	if s.atom == nil {
		return mainLine(s.rec, s.ply)
	}
	label = "start"
	if s.ply > 0 {
		label = s.atom.Game.PlayedSAN()[s.ply-1]
	}
	return label, atomicView(*s.atom, true).Script.Plies[s.ply].Status
}

// click is a shot's position of a variation: the one the moves sans lead to from
// the main line's position base, shown by a click on the move labelled label,
// with its status line.
type click struct {
	label  string
	base   int
	sans   []string
	status string
}

// reference draws what the page must show at s.ply with the svg package: the
// position with coordinates, the chain of the half-move that led there and its
// squares tinted as the last move.
func reference(t *testing.T, s shot) string {
	t.Helper()
	if s.atom != nil {
		return atomicReference(t, s)
	}
	g := s.rec.Game
	opt := svg.Options{Size: boardPixels, Coordinates: true}
	if s.flipped {
		opt.Orientation = pacosako.Black
	}
	var p pacosako.Position
	var chain svg.Chain
	switch {
	case s.click != nil:
		var err error
		if p, err = g.PositionAt(s.click.base); err != nil {
			t.Fatal(err)
		}
		for _, san := range s.click.sans {
			m, err := p.ParseSAN(san)
			if err != nil {
				t.Fatal(err)
			}
			chain = pathOf(p, m).Chain
			p = m.After()
		}
	case s.ply <= g.Len():
		var err error
		if p, err = g.PositionAt(s.ply); err != nil {
			t.Fatal(err)
		}
		if s.ply > 0 {
			before, _ := g.PositionAt(s.ply - 1)
			chain = pathOf(before, g.PlayedMoves()[s.ply-1]).Chain
		}
	default: // the unfinished half-move
		p = g.Position()
		for _, a := range g.PendingActions() {
			if a.Kind != pacosako.PromoteKind {
				chain.Squares = append(chain.Squares, a.Square)
			}
		}
	}
	if len(chain.Squares) > 0 {
		opt.Chains = []svg.Chain{chain}
		opt.LastMove = pacosako.SquareSet(chain.Squares...)
	}
	return svg.String(p, opt)
}

// atomicReference draws what the page must show at an Atomic shot's position with
// the svg package, as svg's documentation draws a move: the position with
// coordinates, the move's path and its squares tinted as the last move, and for
// a capture its blast (svg.MovePath) and the pieces it removed, put back on
// their squares and drawn vanishing (Options.Vanishing).
func atomicReference(t *testing.T, s shot) string {
	t.Helper()
	g := s.atom.Game
	opt := svg.Options{Size: boardPixels, Coordinates: true}
	if s.flipped {
		opt.Orientation = pacosako.Black
	}
	var before, p atomic.Position
	var m atomic.Move
	var err error
	if s.click != nil {
		if p, err = g.PositionAt(s.click.base); err != nil {
			t.Fatal(err)
		}
		for _, san := range s.click.sans {
			before = p
			if m, err = p.ParseSAN(san); err != nil {
				t.Fatal(err)
			}
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		if p, err = g.PositionAt(s.ply); err != nil {
			t.Fatal(err)
		}
		if s.ply > 0 {
			before, _ = g.PositionAt(s.ply - 1)
			m = g.PlayedMoves()[s.ply-1]
		}
	}
	if !m.IsZero() {
		opt.Chains = []svg.Chain{pathOf(before, m).Chain}
		opt.LastMove = pacosako.SquareSet(m.From(), m.To())
	}
	if m.IsCapture() {
		opt.Blast, opt.Vanishing = pathOf(before, m).Blast, m.Explosion()
		setup := p.Setup()
		gone := before.Exploded(m)
		for sq := range gone.Occupied().All() {
			setup.Board = setup.Board.With(sq, gone.Cell(sq))
		}
		if p, err = setup.Position(); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := svg.Render(&b, p, opt); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestBrowserScreenshots opens replay pages in headless Chromium at several
// half-moves, turned and not, and compares the board in each screenshot with
// the svg package's drawing of the same position, rendered by Chromium at the
// same size, within channelTolerance and maxDiffering; the same run dumps the
// DOM, which must highlight the half-move shown. PACOSAKO_REPLAY_PNG names
// a directory to keep the screenshots in for a look.
func TestBrowserScreenshots(t *testing.T) {
	needChromium(t)
	if raceEnabled {
		t.Skip("the pages' screenshots are taken without the race detector (CI's other full run)")
	}
	if os.Getenv("PACOSAKO_FULL") != "1" {
		// Every page opened and photographed, one by one: most of the package's
		// time. CI runs it (.ci/run sets PACOSAKO_FULL=1).
		t.Skip("the pages' screenshots run only with PACOSAKO_FULL=1, as CI runs them")
	}
	start := time.Now()
	dir := t.TempDir()
	real := pacoplayRecord(t)
	paco := historyRecord(t, "paco", "new", "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)")
	hand := historyRecord(t, "hand", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", "Lift(f3) Place(e4)")
	nested := corpusRecords(t, "variations-nested")[0]
	shots := []shot{
		{"start", real, 0, false, "the start position", nil, nil},
		{"chain", real, 33, false, "17. Nxh4,Rh4xg4,Pg4-g5, a chain of three steps", nil, nil},
		{"chain-flipped", real, 33, true, "the same chain, Black at the bottom", nil, nil},
		{"sako", real, 34, false, "17… Qe7+: White's king in Ŝako", nil, nil},
		{"sako-flipped", real, 45, true, "23. d7+: Black's king in Ŝako, Black at the bottom", nil, nil},
		{"last", real, 53, false, "the last position, 27. Rxf7", nil, nil},
		{"paco", paco, 5, false, "Bxe8#: the Paco glow", nil, nil},
		{"hand", hand, 1, true, "an unfinished chain: the knight in the hand over e4", nil, nil},
	}
	// Two positions of variations, each shown by a click on its move.
	shots = append(shots,
		shot{"variation", nested, 0, false, "a click on 8. Nh8, three variations deep",
			&click{"8. Nh8", 11, []string{"h6", "Nxf7", "Rf8", "Nh8"}, "After 8. Nh8 in a variation: Black to move"}, nil},
		shot{"variation-sako", nested, 0, false, "a click on 13. Bxf7,Nf7xd6+, a chain into Ŝako two variations deep",
			&click{"13. Bxf7,Nf7xd6+", 22, []string{"Nxf7", "Qe8", "Bxf7,Nf7xd6+"}, "After 13. Bxf7,Nf7xd6+ in a variation: Black to move; Black's king is in Ŝako"}, nil})
	// Atomic chess: explosions on the main line (a king's too) and in a variation.
	atom, notes := atomicGame(t, "atomic-complete-2"), atomicAnnotated(t)
	shots = append(shots,
		shot{"atomic-capture", pacosako.Record{}, 13, false, "Atomic 7. Qxh6: the blast, the queen and the pawn faded", nil, &atom},
		shot{"atomic-king-flipped", pacosako.Record{}, 37, true, "Atomic 19. Rxd5#: Black's king exploded, Black at the bottom", nil, &atom},
		shot{"atomic-variation", pacosako.Record{}, 0, false, "a click on the Atomic 3. Nxc7 two variations deep",
			&click{"3. Nxc7", 3, []string{"Nc6", "Nxc7"}, "After 3. Nxc7 in a variation: Black to move. The explosion on c7 took White's knight and Black's queen, bishop, knight and pawn."}, &notes})
	pages := map[string]string{}
	for i, s := range shots {
		if s.click != nil {
			// A host page with the game embedded and a script that clicks the move.
			var host bytes.Buffer
			host.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>host</title></head><body>\n")
			s.page(t, &host, true)
			label, _ := json.Marshal(s.click.label)
			fmt.Fprintf(&host, `<script>[].forEach.call(document.querySelectorAll(".psr-move"), function (b) { if (b.textContent === %s) b.click(); });</script>`+"\n</body></html>\n", label)
			path := filepath.Join(dir, s.name+".html")
			if err := os.WriteFile(path, host.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			pages[s.name] = path
			continue
		}
		if _, ok := pages[s.event()]; !ok {
			path := filepath.Join(dir, fmt.Sprintf("page%d.html", i))
			var b bytes.Buffer
			s.page(t, &b, false)
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			pages[s.event()] = path
		}
	}
	// The references: the svg drawings inline on one page (their ids prefixed, so
	// that each keeps its own), one screenshot. Inline as the page's board is, so
	// that both go through the same rendering path.
	var sheet strings.Builder
	sheet.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0;background:#fff">` + "\n")
	const pitch = boardPixels + 20
	control := shot{"control", real, 1, false, "1. e4, against the start's screenshot", nil, nil}
	for i, s := range append(shots, control) {
		ids := strings.NewReplacer(`id="`, fmt.Sprintf(`id="r%d-`, i), `href="#`, fmt.Sprintf(`href="#r%d-`, i), `url(#`, fmt.Sprintf(`url(#r%d-`, i))
		fmt.Fprintf(&sheet, `<div style="position:absolute;left:0;top:%dpx">%s</div>`+"\n", i*pitch, ids.Replace(reference(t, s)))
	}
	sheetPath := filepath.Join(dir, "references.html")
	if err := os.WriteFile(sheetPath, []byte(sheet.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	refPNG := filepath.Join(dir, "references.png")
	runChromium(t, dir, "--screenshot="+refPNG, fmt.Sprintf("--window-size=%d,%d", boardPixels, (len(shots)+1)*pitch), fileURL(t, sheetPath, ""))
	refs := readPNG(t, refPNG)

	keep := os.Getenv("PACOSAKO_REPLAY_PNG")
	if keep != "" {
		if err := os.MkdirAll(keep, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The pages, two browsers at a time (more only contend for the cores).
	fragments, doms := make([]string, len(shots)), make([]string, len(shots))
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, s := range shots {
		fragments[i] = fmt.Sprintf("ply=%d", s.ply)
		if s.flipped {
			fragments[i] += "&flip"
		}
		url := fileURL(t, pages[s.event()], fragments[i])
		fragments[i] = "#" + fragments[i] // as the messages name the shot
		if s.click != nil {
			fragments[i] = "embedded"
			url = fileURL(t, pages[s.name], "")
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			dom, err := chromiumRun(dir, "--screenshot="+filepath.Join(dir, s.name+".png"), "--dump-dom", "--window-size=1000,700", url)
			if err != nil {
				t.Error(err)
			}
			doms[i] = string(dom)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	var first image.Image
	var firstRect image.Rectangle
	for i, s := range shots {
		if s.click != nil {
			checkDOM(t, doms[i], s.what, s.click.label, -1, s.click.status)
		} else {
			label, status := s.mainLine()
			checkDOM(t, doms[i], fragments[i], label, s.ply, status)
		}
		png := filepath.Join(dir, s.name+".png")
		img := readPNG(t, png)
		got := boardRect(img, img.Bounds())
		want := boardRect(refs, image.Rect(0, i*pitch, boardPixels, i*pitch+boardPixels))
		if got.Dx() != boardPixels || got.Dy() != boardPixels || want.Dx() != boardPixels || want.Dy() != boardPixels {
			t.Errorf("%s (%s): the board is %v on the page and %v in the reference, want %d pixels square", s.name, fragments[i], got, want, boardPixels)
			continue
		}
		if i == 0 {
			first, firstRect = img, got
		}
		n, largest := diff(img, refs, got, want, channelTolerance)
		frac := float64(n) / float64(boardPixels*boardPixels)
		t.Logf("%s (%s, %s): %d pixels (%.4f %%) differ by more than %d; largest channel difference %d", s.name, fragments[i], s.what, n, 100*frac, channelTolerance, largest)
		if frac > maxDiffering {
			t.Errorf("%s (%s, %s): %d of the board's pixels (%.3f %%) differ from the svg drawing by more than %d in a channel; at most %.3f %% may",
				s.name, fragments[i], s.what, n, 100*frac, channelTolerance, 100*maxDiffering)
		}
		if keep != "" {
			data, err := os.ReadFile(png)
			if err == nil {
				err = os.WriteFile(filepath.Join(keep, s.name+".png"), data, 0o644)
			}
			if err != nil {
				t.Error(err)
			}
		}
	}
	// The comparison sees a wrong board: the start against the drawing after 1. e4
	// (one pawn moved, its squares tinted, an arrow).
	if first != nil {
		i := len(shots)
		n, _ := diff(first, refs, firstRect, image.Rect(0, i*pitch, boardPixels, i*pitch+boardPixels), channelTolerance)
		frac := float64(n) / float64(boardPixels*boardPixels)
		t.Logf("control: the start against the drawing after 1. e4: %.3f %% of the pixels differ", 100*frac)
		if frac < 5*maxDiffering {
			t.Errorf("the start and the position after 1. e4 differ in only %.3f %% of the pixels: the comparison is blind", 100*frac)
		}
	}
	if keep != "" {
		data, err := os.ReadFile(refPNG)
		if err == nil {
			err = os.WriteFile(filepath.Join(keep, "references.png"), data, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
	}
	t.Logf("%d screenshots and their references in %v", len(shots), time.Since(start).Round(time.Millisecond))
}

// What the tests read in a dumped DOM: the highlighted move (its text with its
// NAGs' markup), the root with the ply shown, the status line, the self-test's
// result.
var (
	currentRE  = regexp.MustCompile(`<button type="button" class="psr-move(?: psr-unfinished)? psr-current" data-ply="(\d+)" aria-current="step">((?:[^<]|<span[^>]*>[^<]*</span>)*)</button>`)
	rootPlyRE  = regexp.MustCompile(`<div class="psr[^"]*" id="(psr-[0-9a-f]{10}(?:-\d+)?)" tabindex="0" data-ply="(\d+)"`)
	statusRE   = regexp.MustCompile(`<p class="psr-status" aria-live="polite">([^<]*)</p>`)
	selftestRE = regexp.MustCompile(`<output class="psr-selftest" id="([^"]*)">([^<]*)</output>`)
)

// mainLine returns the label of the main line's half-move ply in the move list
// and the status line of its position.
func mainLine(rec pacosako.Record, ply int) (label, status string) {
	label = "start"
	switch {
	case ply > rec.Game.Len():
		label = pacosako.FormatActions(rec.Game.PendingActions()) + " …"
	case ply > 0:
		label = rec.Game.PlayedSAN()[ply-1]
	}
	return label, pacoView(rec, true).Script.Plies[ply].Status
}

// text is the text of a dumped DOM's markup.
func text(markup string) string {
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(markup, ""))
}

// checkDOM reads from a dumped DOM the position shown (the root's data-ply,
// unless ply is -1) and the move highlighted, which must be the one labelled
// label (with its NAG symbols), and the status line.
func checkDOM(t *testing.T, dom, what, label string, ply int, status string) {
	t.Helper()
	cur := currentRE.FindAllStringSubmatch(dom, -1)
	if len(cur) != 1 || ply >= 0 && cur[0][1] != fmt.Sprint(ply) || text(cur[0][2]) != label {
		t.Errorf("%s: highlighted %q, want the one move %q of ply %d", what, cur, label, ply)
	}
	if m := rootPlyRE.FindStringSubmatch(dom); m == nil || ply >= 0 && m[2] != fmt.Sprint(ply) || len(cur) == 1 && m[2] != cur[0][1] {
		t.Errorf("%s: root %q, want data-ply=%d, the highlighted move's", what, m, ply)
	}
	if m := statusRE.FindStringSubmatch(dom); m == nil || html.UnescapeString(m[1]) != status {
		t.Errorf("%s: the status line is %q, want %q", what, m, status)
	}
}

// TestBrowserSelftest opens the page of the real game and the page of an Atomic
// game with #selftest, which drives the page's keyboard handler (for the Atomic
// game also onto its first explosion and back), and beyond the last half-move,
// where each must show the last.
func TestBrowserSelftest(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	const fragment = "ply=999&selftest"
	rec := pacoplayRecord(t)
	atom := atomicGame(t, "atomic-complete-2")
	for _, s := range []shot{{name: "13103", rec: rec, ply: rec.Game.Len()}, {name: "atomic", ply: atom.Game.Len(), atom: &atom}} {
		path := filepath.Join(dir, s.name+".html")
		var b bytes.Buffer
		s.page(t, &b, false)
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		dom := string(runChromium(t, dir, "--dump-dom", fileURL(t, path, fragment)))
		label, status := s.mainLine()
		checkDOM(t, dom, s.name+" #"+fragment, label, s.ply, status)
		m := selftestRE.FindStringSubmatch(dom)
		if m == nil || m[1] != "selftest" || m[2] != "ok" {
			t.Errorf("%s #%s: self-test %q, want <output id=\"selftest\">ok", s.name, fragment, m)
		}
	}
}

// TestBrowserEmbed puts two copies of the real game, another game and two Atomic
// games (one annotated) on one host page with WriteEmbed and
// runs their self-tests: each keeps to its own root, the second copy renames its
// ids, the style sheet is added once, and the Atomic game's annotations are
// there.
func TestBrowserEmbed(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	real := pacoplayRecord(t)
	other := historyRecord(t, "paco", "new", "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)")
	atom, notes := atomicGame(t, "atomic-complete-2"), atomicAnnotated(t)
	var host bytes.Buffer
	host.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>host</title></head><body>\n<p>Five games.</p>\n")
	for _, s := range []shot{{rec: real}, {rec: other}, {rec: real}, {atom: &atom}, {atom: &notes}} {
		s.page(t, &host, true)
		host.WriteString("<p>Between the games.</p>\n")
	}
	host.WriteString("</body></html>\n")
	path := filepath.Join(dir, "host.html")
	if err := os.WriteFile(path, host.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(runChromium(t, dir, "--dump-dom", fileURL(t, path, "ply=3&selftest")))
	roots := rootPlyRE.FindAllStringSubmatch(dom, -1)
	tests := selftestRE.FindAllStringSubmatch(dom, -1)
	if len(roots) != 5 || len(tests) != 5 {
		t.Fatalf("%d roots and %d self-tests, want 5 of each:\n%s", len(roots), len(tests), dom)
	}
	if roots[2][1] != roots[0][1]+"-2" || roots[1][1] == roots[0][1] || roots[3][1] == roots[4][1] || strings.HasSuffix(roots[3][1], "-2") {
		t.Errorf("root ids %s, %s, %s, %s, %s: want the second copy of the first game renamed with -2, the others each their own", roots[0][1], roots[1][1], roots[2][1], roots[3][1], roots[4][1])
	}
	for i, r := range roots {
		if r[2] != "3" || tests[i][1] != r[1]+"-selftest" || tests[i][2] != "ok" {
			t.Errorf("game %d: root %s at ply %s, self-test %s %q; want ply 3 and ok", i+1, r[1], r[2], tests[i][1], tests[i][2])
		}
	}
	if n := strings.Count(dom, `<style id="psr-style">`); n != 1 {
		t.Errorf("%d style sheets added, want 1", n)
	}
	// The renamed copy draws with its own symbols.
	if !strings.Contains(dom, `href="#`+roots[2][1]+`-white-king"`) || !strings.Contains(dom, `id="`+roots[2][1]+`-white-king"`) {
		t.Errorf("the second copy does not use symbols of its own (%s-white-king)", roots[2][1])
	}
	// The annotated Atomic game: its comments and a nested variation with its
	// capture, as text at their depths.
	game := dom[strings.Index(dom, `id="`+roots[4][1]+`"`):]
	var lines []string
	for _, m := range regexp.MustCompile(`<div class="psr-line psr-d(\d)">(.*?)</div>`).FindAllStringSubmatch(game, -1) {
		lines = append(lines, m[1]+" "+text(m[2]))
	}
	for _, want := range []string{"0 the only move", "2 3. Nxc7 the knight on c6 goes too 3… Kd7", "1 2… c6 3. Nxe7#"} {
		if !slices.Contains(lines, want) {
			t.Errorf("the Atomic game's annotation lines lack %q:\n%s", want, strings.Join(lines, "\n"))
		}
	}
}

// TestBrowserAnnotations opens a host page with three annotated games embedded
// (the corpus's nested variations, its game of every NAG, and a record whose
// comments try to break out of the page) at the first position of their
// variations, with their self-tests, which click through the variations: in
// Chromium's DOM each game shows that position, its comments, NAG symbols and
// variation lines as text at their depths, and no comment became markup.
func TestBrowserAnnotations(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	nested := corpusRecords(t, "variations-nested")[0]
	nags := corpusRecords(t, "annotations")[1]
	bad := escapingRecord(t)
	var host bytes.Buffer
	host.WriteString("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>host</title></head><body>\n")
	for _, rec := range []pacosako.Record{nested, nags, bad} {
		if err := WriteEmbed(&host, rec); err != nil {
			t.Fatal(err)
		}
	}
	host.WriteString("</body></html>\n")
	path := filepath.Join(dir, "host.html")
	if err := os.WriteFile(path, host.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(runChromium(t, dir, "--dump-dom", fileURL(t, path, "var=1&selftest")))
	roots := regexp.MustCompile(`<div class="psr[^"]*" id="psr-[0-9a-f]{10}" tabindex="0" data-ply="\d+">`).FindAllStringIndex(dom, -1)
	if len(roots) != 3 {
		t.Fatalf("%d games in the DOM, want 3", len(roots))
	}
	lineRE := regexp.MustCompile(`<div class="psr-line psr-d(\d)">(.*?)</div>`)
	for i, tc := range []struct {
		rec          pacosako.Record
		first        string // the first move of the variations, shown
		status       string
		lines        []string // the first lines of annotations, as text, after their depth
		nags, absent []string // markup the game has and has not
	}{
		{nested, "6… h6", "After 6… h6 in a variation: White to move",
			[]string{
				"1 6… h6 7. Nxf7 Qe7",
				"2 7… Rf8 8. Bxf7,Nf7xd8 the bishop takes the knight's place in the union, and the knight unites with the queen",
				"3 8. Nh8 the union retreats",
				"2 8… Nxe4",
				"1 8. Bxf7,Nf7xh8",
			}, nil, nil},
		{nags, "9… d6!?", "After 9… d6!? in a variation: White to move; Black's king is in Ŝako",
			[]string{"0 a comment, then a NAG", "1 9… d6!? a NAG in a variation 10. Nxf7+???"},
			[]string{
				`Qa4<span class="psr-nag" title="very poor move">??</span>`,
				`Qh4+<span class="psr-nag" title="very good move">!!</span>`,
				`c5<span class="psr-nag psr-eval" title="drawish position">=</span><span class="psr-nag psr-eval" title="unclear position">∞</span>`,
				`d3<span class="psr-nag psr-eval" title="NAG 255">$255</span>`,
				`Bxd8#<span class="psr-nag" title="good move">!</span><span class="psr-nag psr-eval" title="White has a decisive advantage">+−</span>`,
			}, nil},
		{bad, "1. d4", "After 1. d4 in a variation: Black to move",
			[]string{"0 " + text(shown), "0 " + text(shown), "1 " + text(shown) + " 1. d4", "1 1… c5 " + text(shown)},
			[]string{`<span class="psr-comment">` + shown + `</span>`},
			[]string{"<img", "\x1b", "\u2028", "\u2029"}},
	} {
		end := len(dom)
		if i+1 < len(roots) {
			end = roots[i+1][0]
		}
		game := dom[roots[i][0]:end]
		what := tc.rec.Tag("Event")
		checkDOM(t, game, what, tc.first, pacoView(tc.rec, false).Script.Last+1, tc.status)
		if m := selftestRE.FindStringSubmatch(game); m == nil || m[2] != "ok" {
			t.Errorf("%s: self-test %q, want ok", what, m)
		}
		if !strings.Contains(game, `<button type="button" data-act="main" title="back to the main line (↑)">main line</button>`) {
			t.Errorf("%s: no enabled main line button in a variation", what)
		}
		var lines []string
		for _, m := range lineRE.FindAllStringSubmatch(game, -1) {
			lines = append(lines, m[1]+" "+text(m[2]))
		}
		if len(lines) < len(tc.lines) || !slices.Equal(lines[:len(tc.lines)], tc.lines) {
			t.Errorf("%s: the annotation lines are\n%s\nwant them to begin\n%s", what, strings.Join(lines, "\n"), strings.Join(tc.lines, "\n"))
		}
		for _, want := range tc.nags {
			if !strings.Contains(game, want) {
				t.Errorf("%s: the DOM lacks %s", what, want)
			}
		}
		for _, bad := range tc.absent {
			if strings.Contains(game, bad) {
				t.Errorf("%s: the DOM holds %q", what, bad)
			}
		}
	}
}
