package svg

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// historyGame reads the game of the history line name from a history file
// (<name>\t<start>\t<actions>; start "new", the engine's new board, repetition
// draws off).
func historyGame(t testing.TB, path, name string) pacosako.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 || fields[0] != name {
			continue
		}
		if fields[1] != "new" {
			t.Fatalf("%s starts from %q", name, fields[1])
		}
		actions, err := pacosako.ParseActions(fields[2])
		if err != nil {
			t.Fatal(err)
		}
		g, err := pacosako.NewGame(pacosako.StartingPosition(), pacosako.WithRepetitionLimit(0)).ApplyAll(actions)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Fatalf("no history %s in %s", name, path)
	return pacosako.Game{}
}

// atomicGame reads the game of the Event name from atomic/testdata/games.pgn.
func atomicGame(t testing.TB, name string) atomic.Record {
	t.Helper()
	f, err := os.Open("../atomic/testdata/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rr := atomic.NewRecordReader(f)
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			continue
		}
		if rec.Tag("Event") == name {
			return rec
		}
	}
	t.Fatalf("no game %s in ../atomic/testdata/games.pgn", name)
	return atomic.Record{}
}

// gifFrames decodes a GIF and returns every frame composed as a viewer shows it
// (each frame drawn over the last, its transparent pixels leaving it be).
func gifFrames(t testing.TB, data []byte) ([]*image.RGBA, *gif.GIF) {
	t.Helper()
	return testkit.GIFFrames(t, data)
}

// keepGIF writes the frames of a GIF to $PACOSAKO_SVG_PNG/name-N.png for a look
// (when that is set).
func keepGIF(t testing.TB, name string, frames []*image.RGBA) {
	for i, f := range frames {
		keep(t, fmt.Sprintf("%s-%02d", name, i), f)
	}
}

// boardPart returns the part of a composed frame that shows the board.
func boardPart(f *image.RGBA, top, size int) image.Image {
	return f.SubImage(image.Rect(0, top, size, top+size))
}

// checkGIF checks what every GIF of the package is: one global palette of at
// most 256 colours with a transparent entry, each frame after the first
// smaller than the canvas and disposed of by keeping it, the delays given.
func checkGIF(t *testing.T, g *gif.GIF, wantDelays []int, loop int) {
	t.Helper()
	pal, ok := g.Config.ColorModel.(color.Palette)
	if !ok || len(pal) == 0 || len(pal) > 256 {
		t.Fatalf("global palette %T of %d colours", g.Config.ColorModel, len(pal))
	}
	canvas := image.Rect(0, 0, g.Config.Width, g.Config.Height)
	area := canvas.Dx() * canvas.Dy()
	written := 0
	for i, fr := range g.Image {
		if len(fr.Palette) != len(pal) {
			t.Errorf("frame %d has a palette of its own", i)
		}
		if i == 0 {
			if fr.Rect != canvas {
				t.Errorf("the first frame is %v, want the whole canvas %v", fr.Rect, canvas)
			}
			continue
		}
		if !fr.Rect.In(canvas) {
			t.Errorf("frame %d is %v, outside %v", i, fr.Rect, canvas)
		}
		last := uint8(len(fr.Palette) - 1)
		if _, _, _, a := fr.Palette[last].RGBA(); a != 0 {
			t.Errorf("frame %d: the palette's last colour %v is not the transparent one", i, fr.Palette[last])
		}
		n := 0
		for _, px := range fr.Pix {
			if px != last {
				n++
			}
		}
		if n > area*6/10 {
			t.Errorf("frame %d writes %d of %d pixels", i, n, area)
		}
		written += n
	}
	if n := len(g.Image) - 1; n > 0 && written > n*area/6 {
		t.Errorf("the frames after the first write %d pixels, %.0f%% of the canvas each: not only what changed", written, 100*float64(written)/float64(n*area))
	}
	if fmt.Sprint(g.Delay) != fmt.Sprint(wantDelays) {
		t.Errorf("delays %v, want %v", g.Delay, wantDelays)
	}
	if g.LoopCount != loop {
		t.Errorf("loop count %d, want %d", g.LoopCount, loop)
	}
}

// checkLike requires the picture got (a GIF frame's board) to look like want
// (the raster image of the still it shows): the palette costs little.
func checkLike(t *testing.T, what string, got, want image.Image) {
	t.Helper()
	d := compareOnWhite(t, got, want)
	if d.mean > 1.5 || d.over > 0.002 {
		t.Errorf("%s: mean channel difference %.2f, %.3f%% of the pixels off by more than %d, the first at %v", what, d.mean, 100*d.over, channelTolerance, d.first)
	}
}

// stillImage returns the raster image of a board and hand drawn with opt.
func stillImage(t *testing.T, board pacosako.Board, hand pacosako.Hand, opt Options) *image.RGBA {
	t.Helper()
	r, err := newRenderer(drawing{board: board, hand: hand}, opt)
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.raster()
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestAnimateGIF plays moves of both games as GIFs and checks every frame
// against the still of its moment of the schedule the SVG animation keeps
// (schedule, atomicSchedule): the frame starts at that moment and shows its
// board, hand, blast and chain (full, faint, then the last-move tints); the
// moment an Atomic capture explodes shows its blast over the pieces it
// removes, faded. Identical moments make one frame.
func TestAnimateGIF(t *testing.T) {
	const size = 200
	type move struct {
		name  string
		draw  func(w *bytes.Buffer, opt Options, a Animation) error
		cps   []checkpoint
		chain Chain
	}
	var moves []move
	for _, mv := range animMoves[:2] {
		p := pacosako.MustParseFEN(mv.fen)
		m := mustMove(t, p, mv.san)
		moves = append(moves, move{mv.name, func(w *bytes.Buffer, opt Options, a Animation) error { return AnimateGIF(w, p, m, opt, a) },
			schedule(t, p, m, DefaultStep, DefaultHold), chainOf(t, p, m)})
	}
	for _, mv := range atomicMoves[:2] {
		p := atomic.MustParseFEN(mv.fen)
		m := mustAtomicMove(t, p, mv.move)
		moves = append(moves, move{"atomic-" + mv.name, func(w *bytes.Buffer, opt Options, a Animation) error { return AnimateGIF(w, p, m, opt, a) },
			atomicSchedule(t, p, m, DefaultStep, DefaultHold), chainOf(t, p, m)})
	}
	for _, mv := range moves {
		t.Run(mv.name, func(t *testing.T) {
			opt := Options{Size: size, HideSako: true, HidePaco: true, HideCheck: true}
			var b bytes.Buffer
			if err := mv.draw(&b, opt, Animation{Once: true}); err != nil {
				t.Fatal(err)
			}
			frames, g := gifFrames(t, b.Bytes())
			keepGIF(t, "gif-"+mv.name, frames)
			// The still of every moment but the end, shown until the next;
			// a still like the one before makes one frame with it.
			var want []*image.RGBA
			var what []string
			var delays []time.Duration
			n := len(mv.cps)
			for i, cp := range mv.cps[:n-1] {
				still := opt
				still.Blast = cp.blast
				stillChain(&still, mv.chain, i, n, cp.at)
				if mv.cps[i+1].blast != 0 && cp.blast == 0 { // the explosion goes off
					still.Blast = mv.cps[i+1].blast
					still.Vanishing = cp.board.Occupied() &^ mv.cps[i+1].board.Occupied()
				}
				img := stillImage(t, cp.board, cp.hand, still)
				d := mv.cps[i+1].at - cp.at
				if k := len(want) - 1; k >= 0 && bytes.Equal(want[k].Pix, img.Pix) {
					delays[k] += d
					continue
				}
				want, what, delays = append(want, img), append(what, cp.what), append(delays, d)
			}
			cs := make([]int, len(delays))
			for i, d := range delays {
				cs[i] = centiseconds(d)
			}
			checkGIF(t, g, cs, -1)
			if len(frames) != len(want) {
				t.Fatalf("%d frames, want %d", len(frames), len(want))
			}
			for k := range want {
				checkLike(t, fmt.Sprintf("frame %d (%s)", k, what[k]), frames[k], want[k])
			}
		})
	}
}

// TestGameGIF draws a real game of each game as a GIF: a frame per position
// (the start, each half-move), each shown for the step and the last for the
// hold, each the raster image of its position with the half-move's chain or
// blast; the bands give the players and the result.
func TestGameGIF(t *testing.T) {
	const size = 128
	t.Run("pacosako", func(t *testing.T) {
		g := historyGame(t, "../testdata/game_histories.tsv", "testdata::REPLAY_13103")
		rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "White", Value: "Ŝako"}, {Name: "WhiteElo", Value: "1500"}, {Name: "Black", Value: "Bob"}}}
		var b bytes.Buffer
		if err := GameGIF(&b, rec, Options{Size: size}, GameAnimation{Step: 500 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		frames, gg := gifFrames(t, b.Bytes())
		keepGIF(t, "game-13103", frames)
		want := make([]int, g.Len()+1)
		for i := range want {
			want[i] = 50
		}
		want[g.Len()] = 500
		checkGIF(t, gg, want, 0)
		band := max(size/12, 12)
		if gg.Config.Width != size || gg.Config.Height != size+2*band {
			t.Errorf("canvas %d×%d, want %d×%d", gg.Config.Width, gg.Config.Height, size, size+2*band)
		}
		for _, i := range []int{0, 1, 26, g.Len()} {
			p, _ := g.PositionAt(i)
			opt := Options{Size: size}
			if i > 0 {
				before, _ := g.PositionAt(i - 1)
				c := chainOf(t, before, g.PlayedMoves()[i-1])
				opt.Chains, opt.LastMove = []Chain{c}, pacosako.SquareSet(c.Squares...)
			}
			img, err := Image(p, opt)
			if err != nil {
				t.Fatal(err)
			}
			checkLike(t, fmt.Sprintf("frame %d", i), boardPart(frames[i], band, size), img)
		}
	})
	t.Run("atomic", func(t *testing.T) {
		rec := atomicGame(t, "atomic-complete-2")
		var tags []atomic.Tag
		for _, tg := range rec.Tags {
			if tg.Name != "White" && tg.Name != "Black" {
				tags = append(tags, tg)
			}
		}
		rec.Tags = append(tags, atomic.Tag{Name: "White", Value: "Ĵurĝo"}, atomic.Tag{Name: "Black", Value: "Boris"})
		g := rec.Game
		if r := g.Outcome().Result(); r != "1-0" {
			t.Fatalf("the game ends %s, want 1-0", r)
		}
		var b bytes.Buffer
		if err := GameGIF(&b, rec, Options{Size: size, Orientation: pacosako.Black}, GameAnimation{Hold: 3 * time.Second, Once: true}); err != nil {
			t.Fatal(err)
		}
		frames, gg := gifFrames(t, b.Bytes())
		keepGIF(t, "game-atomic", frames)
		want := make([]int, g.Len()+1)
		for i := range want {
			want[i] = 100
		}
		want[g.Len()] = 300
		checkGIF(t, gg, want, -1)
		top := max(size/12, 12)
		if gg.Config.Height != size+2*top {
			t.Errorf("the GIF is %d high, want %d with the players' bands", gg.Config.Height, size+2*top)
		}
		captures := 0
		for i := 1; i <= g.Len(); i++ {
			m := g.PlayedMoves()[i-1]
			if !m.IsCapture() {
				continue
			}
			captures++
			before, _ := g.PositionAt(i - 1)
			p, _ := g.PositionAt(i)
			setup := p.Setup()
			gone := before.Exploded(m)
			for s := range gone.Occupied().All() {
				setup.Board = setup.Board.With(s, gone.Cell(s))
			}
			shown, err := setup.Position()
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Size: size, Orientation: pacosako.Black, Chains: []Chain{chainOf(t, before, m)}, LastMove: pacosako.SquareSet(m.From(), m.To()),
				Blast: blastOf(t, before, m), Vanishing: m.Explosion(), HideCheck: !p.InCheck()}
			img, err := Image(shown, opt)
			if err != nil {
				t.Fatal(err)
			}
			checkLike(t, fmt.Sprintf("frame %d, %v", i, m), boardPart(frames[i], top, size), img)
		}
		if captures == 0 {
			t.Fatal("the game has no capture")
		}
	})
}

// TestCaptionBands checks the players' bands: the one at the bottom is the
// player at the bottom of the board, the score at the right end of each band,
// a character Go Regular lacks drawn as U+FFFD, a band only when a player is
// named.
func TestCaptionBands(t *testing.T) {
	const size, band = 240, 20
	start := pacosako.NewGame(pacosako.StartingPosition())
	resigned, err := start.Resign(pacosako.Black)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(g pacosako.Game, white, black string, opt Options) *image.RGBA {
		t.Helper()
		var tags []pacosako.Tag
		if white != "" {
			tags = append(tags, pacosako.Tag{Name: "White", Value: white})
		}
		if black != "" {
			tags = append(tags, pacosako.Tag{Name: "Black", Value: black})
		}
		var b bytes.Buffer
		opt.Size = size
		if err := GameGIF(&b, pacosako.Record{Game: g, Tags: tags}, opt, GameAnimation{}); err != nil {
			t.Fatal(err)
		}
		frames, _ := gifFrames(t, b.Bytes())
		return frames[0]
	}
	top := func(f *image.RGBA) image.Image { return f.SubImage(image.Rect(0, 0, size, band)) }
	bottom := func(f *image.RGBA) image.Image { return f.SubImage(image.Rect(0, size+band, size, size+2*band)) }
	left := func(img image.Image) image.Image { // the left half of a band
		b := img.Bounds()
		return img.(*image.RGBA).SubImage(image.Rect(b.Min.X, b.Min.Y, b.Min.X+size/2, b.Max.Y))
	}
	// Two GIFs have palettes of their own: a band is the same when hardly a
	// pixel of it differs much, another when many do.
	differ := func(a, b image.Image) int {
		d := compareOnWhite(t, a, b)
		return int(d.over * float64(a.Bounds().Dx()*a.Bounds().Dy()))
	}
	same := func(a, b image.Image) bool { return differ(a, b) <= 2 }
	other := func(a, b image.Image) bool { return differ(a, b) >= 10 }
	if f := draw(start, "", "", Options{}); f.Rect.Dy() != size {
		t.Errorf("no player named: the GIF is %v, want no bands (%d high)", f.Rect, size)
	}
	if f := draw(start, "?", "", Options{}); f.Rect.Dy() != size {
		t.Errorf("a player named \"?\" (unknown): the GIF is %v, want no bands", f.Rect)
	}
	plain := draw(start, "Ada", "Bob", Options{})
	if f := plain; f.Rect.Dy() != size+2*band {
		t.Fatalf("the GIF is %v, want two bands of %d", f.Rect, band)
	}
	lacking, replaced := draw(start, "Ada 一", "Bob", Options{}), draw(start, "Ada \uFFFD", "Bob", Options{})
	if !same(bottom(lacking), bottom(replaced)) {
		t.Error("a character the font lacks is not drawn as U+FFFD")
	}
	if !other(bottom(lacking), bottom(plain)) {
		t.Error("a character the font lacks is left out")
	}
	if !same(top(lacking), top(plain)) || !other(top(plain), bottom(plain)) {
		t.Error("the bands do not hold one player each")
	}
	flipped, swapped := draw(start, "Ada", "Bob", Options{Orientation: pacosako.Black}), draw(start, "Bob", "Ada", Options{})
	if !same(top(flipped), top(swapped)) || !same(bottom(flipped), bottom(swapped)) {
		t.Error("Black at the bottom: the bands do not show White above and Black below")
	}
	won := draw(resigned, "Ada", "Bob", Options{})
	if !other(top(won), top(plain)) || !other(bottom(won), bottom(plain)) {
		t.Errorf("the result 1-0 is not in both bands: %d and %d pixels differ", differ(top(won), top(plain)), differ(bottom(won), bottom(plain)))
	}
	if !same(left(top(won)), left(top(plain))) || !same(left(bottom(won)), left(bottom(plain))) {
		t.Error("the result is not at the right end of the bands")
	}
}

// TestRasterErrors checks what only raster images refuse, and that nothing is
// written then: a size outside MinPixels..MaxPixels, a Style, a colour name SVG
// does not know, a GameAnimation out of range; and the sizes at both ends.
func TestRasterErrors(t *testing.T) {
	p := pacosako.StartingPosition()
	m := mustMove(t, p, "e4")
	rec := pacosako.Record{Game: pacosako.NewGame(p), Tags: []pacosako.Tag{{Name: "White", Value: "Ada"}}}
	for _, c := range []struct {
		opt  Options
		a    GameAnimation
		want string
	}{
		{Options{Size: MinPixels - 1}, GameAnimation{}, "size 63 pixels"},
		{Options{Size: MaxPixels + 1}, GameAnimation{}, "size 2049 pixels"},
		{Options{Style: ".square{fill:red}"}, GameAnimation{}, "Style"},
		{Options{Colors: Colors{Dark: "darkbrown"}}, GameAnimation{}, `"darkbrown" is not a colour name of SVG`},
		{Options{Colors: Colors{Margin: "nocolour"}}, GameAnimation{}, `"nocolour"`},
		{Options{Size: -1}, GameAnimation{}, "size -1 pixels"},
		{Options{}, GameAnimation{Step: time.Millisecond}, "Step 1ms"},
		{Options{}, GameAnimation{Hold: time.Hour}, "Hold 1h0m0s"},
	} {
		var b bytes.Buffer
		errs := []error{GameGIF(&b, rec, c.opt, c.a)}
		if c.a == (GameAnimation{}) && c.opt.Colors.Margin == "" {
			errs = append(errs, RenderPNG(&b, p, c.opt), AnimateGIF(&b, p, m, c.opt, Animation{}), RenderPNG(&b, atomic.StartingPosition(), c.opt))
		}
		if c.opt.Colors.Margin != "" { // the margin colour is drawn only with coordinates or bands
			errs = errs[:1]
		}
		for i, err := range errs {
			if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%+v %+v (call %d): %v, want ErrInvalidOptions with %q", c.opt, c.a, i, err, c.want)
			}
		}
		if b.Len() != 0 {
			t.Errorf("%+v: %d bytes written", c.opt, b.Len())
		}
	}
	if err := RenderPNG(failWriter{}, p, Options{}); err == nil || err.Error() != "disk full" {
		t.Errorf("to a failing writer: %v", err)
	}
	for _, size := range []int{MinPixels, MaxPixels, 0} {
		img, err := Image(p, Options{Size: size, Colors: Colors{Light: "linen", Dark: "#8b5a2bcc"}})
		if err != nil {
			t.Fatal(err)
		}
		want := size
		if size == 0 {
			want = DefaultPixels
		}
		if b := img.Bounds(); b.Dx() != want || b.Dy() != want {
			t.Errorf("size %d: an image of %v", size, b)
		}
	}
}

// TestGIFMemory checks the bounds of a GIF's memory: frames drawn again when
// the first pass may not keep their pixels make the same GIF, and a game whose
// frames would exceed MaxGIFArea is refused before anything is drawn.
func TestGIFMemory(t *testing.T) {
	g, err := historyGame(t, "../testdata/game_histories.tsv", "testdata::REPLAY_13103").UndoTo(16)
	if err != nil {
		t.Fatal(err)
	}
	rec := pacosako.Record{Game: g, Tags: []pacosako.Tag{{Name: "White", Value: "Ada"}}}
	opt := Options{Size: 96, Coordinates: true}
	var kept, drawn bytes.Buffer
	if err := GameGIF(&kept, rec, opt, GameAnimation{}); err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{0, 20000} { // none kept; the first frames kept, the rest drawn again
		old := gifRetained
		gifRetained = budget
		drawn.Reset()
		err := GameGIF(&drawn, rec, opt, GameAnimation{})
		gifRetained = old
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(kept.Bytes(), drawn.Bytes()) {
			t.Errorf("with %d bytes kept between the passes, the GIF differs from the one whose frames were all kept", budget)
		}
	}

	// 300 knight moves back and forth (no draw rules), at 2048 pixels: 301
	// frames of 2048×2388 pixels, more than MaxGIFArea.
	cycle, err := pacosako.ParseActions("Lift(g1) Place(f3) Lift(g8) Place(f6) Lift(f3) Place(g1) Lift(f6) Place(g8)")
	if err != nil {
		t.Fatal(err)
	}
	var actions []pacosako.Action
	for i := 0; i < 75; i++ {
		actions = append(actions, cycle...)
	}
	long, err := pacosako.NewGame(pacosako.StartingPosition().WithRules(pacosako.Pacoplay.WithNoProgressLimit(0)), pacosako.WithRepetitionLimit(0)).ApplyAll(actions)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	start := time.Now()
	err = GameGIF(&b, pacosako.Record{Game: long, Tags: rec.Tags}, Options{Size: MaxPixels}, GameAnimation{})
	if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "301 pictures") || !strings.Contains(err.Error(), "MaxGIFArea") {
		t.Errorf("a GIF of 301 frames at %d pixels: %v, want ErrInvalidOptions naming MaxGIFArea", MaxPixels, err)
	}
	if b.Len() != 0 || time.Since(start) > 5*time.Second {
		t.Errorf("the refusal wrote %d bytes after %v", b.Len(), time.Since(start))
	}
}

// TestGIFLongDelays plays moves of both games with the longest Step and Hold
// (10 min each): GIF's delay field holds at most 65535 hundredths of a second
// (10 min 55.35 s), so a moment shown longer is carried by further frames that
// change nothing (issue 32: the first frame's 15 min were written as 4 min 5
// s). Every delay fits the field, the delays add up to the run's length, and
// the pictures shown are those of the default timing, each distinct moment a
// frame of its own, for its time.
func TestGIFLongDelays(t *testing.T) {
	const size = 64
	long := Animation{Step: 10 * time.Minute, Hold: 10 * time.Minute, Once: true}
	p, m, ap, am := movesOfBoth(t)
	for _, c := range []struct {
		name   string
		draw   func(w *bytes.Buffer, a Animation) error
		stills func(a Animation) ([]still, error)
	}{
		{"pacosako-e4", func(w *bytes.Buffer, a Animation) error { return AnimateGIF(w, p, m, Options{Size: size}, a) },
			func(a Animation) ([]still, error) { return moveStillsOf(p, m, Options{Size: size}, a) }},
		{"atomic-nxb7", func(w *bytes.Buffer, a Animation) error { return AnimateGIF(w, ap, am, Options{Size: size}, a) },
			func(a Animation) ([]still, error) { return moveStillsOf(ap, am, Options{Size: size}, a) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			stills, err := c.stills(long)
			if err != nil {
				t.Fatal(err)
			}
			var total time.Duration
			for _, s := range stills {
				total += s.dur
			}
			var b, def bytes.Buffer
			if err := c.draw(&b, long); err != nil {
				t.Fatal(err)
			}
			if err := c.draw(&def, Animation{Once: true}); err != nil {
				t.Fatal(err)
			}
			frames, g := gifFrames(t, b.Bytes())
			want, wg := gifFrames(t, def.Bytes())
			sum := 0
			for i, d := range g.Delay {
				if d < 2 || d > 65535 {
					t.Errorf("frame %d: delay %d, outside GIF's 2 to 65535", i, d)
				}
				sum += d
			}
			if want := int(total / (10 * time.Millisecond)); sum != want {
				t.Errorf("the delays %v add up to %d cs, want the run's %v (%d cs)", g.Delay, sum, total, want)
			}
			// The frames that show the same picture in a row, merged: the
			// default timing's frames, each for its time scaled.
			var shown []*image.RGBA
			var times []int
			for i, f := range frames {
				if k := len(shown) - 1; k >= 0 && bytes.Equal(shown[k].Pix, f.Pix) {
					times[k] += g.Delay[i]
					continue
				}
				shown, times = append(shown, f), append(times, g.Delay[i])
			}
			if len(shown) != len(want) {
				t.Fatalf("%d distinct pictures (delays %v), want the default timing's %d (%v)", len(shown), g.Delay, len(want), wg.Delay)
			}
			for k := range shown {
				if !bytes.Equal(shown[k].Pix, want[k].Pix) {
					t.Errorf("picture %d differs from the default timing's", k)
				}
			}
			// Each distinct still for its time, in hundredths of a second.
			var wantTimes []int
			var prev *image.RGBA
			for _, s := range stills {
				r, err := s.make()
				if err != nil {
					t.Fatal(err)
				}
				img, err := r.raster()
				if err != nil {
					t.Fatal(err)
				}
				if prev != nil && bytes.Equal(prev.Pix, img.Pix) {
					wantTimes[len(wantTimes)-1] += int(s.dur / (10 * time.Millisecond))
					continue
				}
				wantTimes, prev = append(wantTimes, int(s.dur/(10*time.Millisecond))), img
			}
			if fmt.Sprint(times) != fmt.Sprint(wantTimes) {
				t.Errorf("the pictures are shown %v cs, want %v", times, wantTimes)
			}
		})
	}
}
