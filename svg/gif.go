package svg

import (
	"bytes"
	"image"
	"image/color"
	draw2 "image/draw"
	"image/gif"
	"io"
	"sort"
	"time"

	"github.com/pacosako-go/pacosako/records"
)

// Animated GIFs: a move played (AnimateGIF) or a whole game (GameGIF), as
// frames of the same drawing as the SVG, in one small palette, each frame after
// the first holding only the pixels that changed (the rest transparent), as
// lichess's GIFs of games do.

// DefaultGameStep and DefaultGameHold are the timing of a GameAnimation whose
// Step or Hold is 0.
const (
	DefaultGameStep = time.Second
	DefaultGameHold = 5 * time.Second
)

// GameAnimation is the pace of an animated game (GameGIF). The
// zero value shows every position DefaultGameStep, the last DefaultGameHold, and
// loops.
type GameAnimation struct {
	// Step is how long the start and the position after each half-move are
	// shown, from 10 ms to 10 min; 0 means DefaultGameStep.
	Step time.Duration
	// Hold is how long the last position is shown, from 10 ms to 10 min; 0 means
	// DefaultGameHold.
	Hold time.Duration
	// Once plays the game once and then keeps showing its last position; the
	// default starts again from the beginning.
	Once bool
}

// AnimateGIF writes the move m of p (a position of either game) played, as an
// animated GIF of opt.Size pixels a side (DefaultPixels for 0; MinPixels to
// MaxPixels): the moments of Animate's animation with the timing of a, each a
// frame drawn as Image draws a still — the position with the move's chain, the
// piece lifted into the hand, carried over each square of the chain and set
// down there (a released figure rising into the hand), promotions, the rook of
// a castling, an Atomic capture's explosion (the blast's squares tinted while
// the pieces it removes are drawn faded), the position after the move with its
// squares tinted and its highlights (Ŝako and Paco, or check). A frame is shown
// until the next moment (GIF delays are in hundredths of a second, at least
// two; a moment longer than GIF's longest delay, 10 min 55.35 s, is carried on
// by frames that change nothing, so that the run keeps its length); a.Once
// plays it once, else it loops.
//
// Errors, before anything is written, each wrapping ErrInvalidOptions: those of
// Image and of Animate. Otherwise the writer's error.
func AnimateGIF(w io.Writer, p Position, m Move, opt Options, a Animation) error {
	if err := rasterOptions(opt); err != nil {
		return err
	}
	stills, err := moveStillsOf(p, m, opt, a)
	if err != nil {
		return err
	}
	return writeGIF(w, opt.Size, stills, nil, a.Once)
}

// GameGIF writes the game of rec, a record of either game (a pacosako.Record
// or an atomic.Record), as an animated GIF, a frame a half-move as lichess's
// GIFs show games: the start, then the position after each half-move with its
// path drawn (MovePath) and its squares tinted, the highlights shown, and an
// Atomic capture's blast and the pieces it removed; a Paco Ŝako half-move left
// unfinished shows its hand last. Each frame is shown for a.Step, the last for
// a.Hold; the board is opt.Size pixels wide (DefaultPixels for 0), opt's
// annotations drawn on every frame. When the record names a player (White,
// Black, with their Title and Elo tags), a band above and one below the board,
// a twelfth of it high each, give the players (the bottom one's in the lower)
// and their scores of the result, in Go Regular (a character it lacks drawn as
// U+FFFD, a name too long for its band ending in "…").
//
// Errors, before anything is written, each wrapping ErrInvalidOptions: a
// record of neither game (a *GameError), an Options.Move (each frame draws its
// own), those of Image, and a Step or Hold out of range. Otherwise the
// writer's error.
func GameGIF(w io.Writer, rec records.Record, opt Options, a GameAnimation) error {
	g, err := recordGameOf(rec)
	if err != nil {
		return err
	}
	if opt.Move != nil {
		return invalid("Options.Move draws a move on a still; each frame of a game draws its half-move")
	}
	return gameGIF(w, opt, a, rec.Tag, g.result, func(step, hold time.Duration) ([]still, error) {
		return g.stills(opt, step, hold)
	})
}

// gameGIF writes the GIF of a game of either game: its pictures as stills
// makes them with a's timing, its bands from its tags and result token.
func gameGIF(w io.Writer, opt Options, a GameAnimation, tag func(string) string, result string, stills func(step, hold time.Duration) ([]still, error)) error {
	step, hold, err := a.durations()
	if err != nil {
		return err
	}
	if err := rasterOptions(opt); err != nil {
		return err
	}
	pictures, err := stills(step, hold)
	if err != nil {
		return err
	}
	b, err := playerBands(tag, result, opt)
	if err != nil {
		return err
	}
	return writeGIF(w, opt.Size, pictures, b, a.Once)
}

// durations returns the Step and Hold of a, checked, their defaults for 0.
func (a GameAnimation) durations() (step, hold time.Duration, err error) {
	if step, err = duration("Step", a.Step, DefaultGameStep); err != nil {
		return 0, 0, err
	}
	if hold, err = duration("Hold", a.Hold, DefaultGameHold); err != nil {
		return 0, 0, err
	}
	return step, hold, nil
}

// MaxGIFArea bounds the pixels of a GIF's frames, the canvas's area times the
// number of pictures (positions of a game, moments of a move), so that the
// memory a GIF takes is bounded whatever the record: about a byte per pixel of
// the changed part of each frame at most, 2³⁰ bytes in all (at 480 pixels,
// 4,000 positions and more; at 2048, about 250).
const MaxGIFArea = 1 << 30

// gifRetained bounds the bytes of the frames' changed pixels kept from the
// first pass to the second; past it, frames are drawn again.
var gifRetained = 64 << 20

// writeGIF encodes the pictures as an animated GIF (with the bands above and
// below the board, when not nil) and writes it in one Write. It draws the
// pictures one at a time: a first pass finds what each changes and counts the
// colours of the changed pixels, a second (which reuses the first's pixels as
// far as gifRetained allows) maps them to the palette.
func writeGIF(w io.Writer, size int, stills []still, bands *bands, once bool) error {
	if size == 0 {
		size = DefaultPixels
	}
	top := 0
	height := size
	if bands != nil {
		top = bands.height
		height += 2 * bands.height
	}
	if area := float64(len(stills)) * float64(size) * float64(height); area > MaxGIFArea {
		return invalid("a GIF of %d pictures of %d×%d pixels: more than MaxGIFArea (%d) pixels; draw it smaller or in parts", len(stills), size, height, MaxGIFArea)
	}
	canvas := image.Rect(0, 0, size, height)
	board := image.Rect(0, top, size, top+size)
	draw := func(i int) (*image.RGBA, error) {
		r, err := stills[i].make()
		if err != nil {
			return nil, err
		}
		return r.rasterOnto(board)
	}

	// The first pass: the frames (identical pictures merged), what each
	// changes, the colours.
	type frame struct {
		picture int // the index of its still
		changed image.Rectangle
		delay   time.Duration
		kept    *image.RGBA // its changed pixels and those before them, when retained
		before  *image.RGBA
	}
	var frames []frame
	hist := map[uint32]int{}
	var prev *image.RGBA
	retained := 0
	for i := range stills {
		img, err := draw(i)
		if err != nil {
			return err
		}
		if prev != nil && bytes.Equal(prev.Pix, img.Pix) {
			frames[len(frames)-1].delay += stills[i].dur
			continue
		}
		f := frame{picture: i, delay: stills[i].dur, changed: board}
		if prev != nil {
			f.changed = diff(prev, img)
			if n := 8 * f.changed.Dx() * f.changed.Dy(); retained+n <= gifRetained {
				f.kept, f.before = crop(img, f.changed), crop(prev, f.changed)
				retained += n
			} else {
				retained = gifRetained + 1 // the rest is drawn again, each after the one before
			}
		} else {
			f.kept = img
		}
		countChanged(hist, img, prev, f.changed)
		frames = append(frames, f)
		prev = img
	}
	first := image.NewRGBA(canvas)
	draw2.Draw(first, canvas, image.White, image.Point{}, draw2.Src)
	if bands != nil {
		bands.draw(first, board)
		count(hist, first, image.Rect(0, 0, size, top))
		count(hist, first, image.Rect(0, top+size, size, height))
	}
	pal, index := quantize(hist, 255)
	pal = append(pal, color.RGBA{}) // the transparent colour: unchanged pixels
	transparent := uint8(len(pal) - 1)

	// The second pass: each frame's changed rectangle in the palette, the
	// pixels that did not change transparent.
	g := &gif.GIF{LoopCount: 0, Config: image.Config{ColorModel: pal, Width: size, Height: height}}
	if once {
		g.LoopCount = -1
	}
	var full *image.RGBA // the last frame's whole picture, once frames are drawn again
	for k, f := range frames {
		img, before := f.kept, f.before
		if img != nil {
			full = nil
		} else {
			if full == nil { // the frame before was kept: draw it again
				var err error
				if full, err = draw(frames[k-1].picture); err != nil {
					return err
				}
			}
			var err error
			if img, err = draw(f.picture); err != nil {
				return err
			}
			before, full = full, img
		}
		r := f.changed
		if k == 0 {
			draw2.Draw(first, board, img, board.Min, draw2.Src)
			img, r = first, canvas
		}
		pm := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				o := img.PixOffset(x, y)
				px := img.Pix[o : o+3 : o+3]
				if k > 0 {
					q := before.PixOffset(x, y)
					if bytes.Equal(px, before.Pix[q:q+3]) {
						pm.Pix[pm.PixOffset(x, y)] = transparent
						continue
					}
				}
				pm.Pix[pm.PixOffset(x, y)] = index(uint32(px[0])<<16 | uint32(px[1])<<8 | uint32(px[2]))
			}
		}
		frames[k].kept, frames[k].before = nil, nil
		for j, d := range gifDelays(f.delay) {
			if j > 0 { // the picture shown on: a frame that changes nothing
				pm = image.NewPaletted(image.Rect(0, 0, 1, 1), pal)
				pm.Pix[0] = transparent
			}
			g.Image = append(g.Image, pm)
			g.Delay = append(g.Delay, d)
			g.Disposal = append(g.Disposal, gif.DisposalNone)
		}
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, g); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// crop returns a copy of the pixels of img in r.
func crop(img *image.RGBA, r image.Rectangle) *image.RGBA {
	out := image.NewRGBA(r)
	draw2.Draw(out, r, img, r.Min, draw2.Src)
	return out
}

// countChanged adds the colours of the pixels of img in r that differ from
// prev (all of them when prev is nil) to the histogram.
func countChanged(hist map[uint32]int, img, prev *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := img.PixOffset(x, y)
			px := img.Pix[o : o+3 : o+3]
			if prev != nil && bytes.Equal(px, prev.Pix[o:o+3]) {
				continue
			}
			hist[uint32(px[0])<<16|uint32(px[1])<<8|uint32(px[2])]++
		}
	}
}

// maxGIFDelay is the longest delay a GIF frame holds (a 16-bit field), in
// hundredths of a second: 10 min 55.35 s.
const maxGIFDelay = 1<<16 - 1

// gifDelays returns the delays, in hundredths of a second, that show a picture
// for d: centiseconds(d) in one delay, or, when that is longer than
// maxGIFDelay, in as few nearly equal ones as hold it, which add up to it
// exactly (each of a frame that changes nothing, after the first).
func gifDelays(d time.Duration) []int {
	cs := centiseconds(d)
	n := (cs + maxGIFDelay - 1) / maxGIFDelay
	out := make([]int, n)
	for i := range out {
		out[i] = cs / n
		if i < cs%n {
			out[i]++
		}
	}
	return out
}

// centiseconds returns d in hundredths of a second, at least two (viewers show
// shorter delays slowly).
func centiseconds(d time.Duration) int {
	return max(int((d+5*time.Millisecond)/(10*time.Millisecond)), 2)
}

// rasterOnto paints the drawing of r onto white, into an image whose bounds
// are board (the part of the GIF's canvas the board takes).
func (r *renderer) rasterOnto(board image.Rectangle) (*image.RGBA, error) {
	img, err := r.raster()
	if err != nil {
		return nil, err
	}
	out := image.NewRGBA(board)
	draw2.Draw(out, board, image.White, image.Point{}, draw2.Src)
	draw2.Draw(out, board, img, image.Point{}, draw2.Over)
	return out, nil
}

// diff returns the smallest rectangle that holds every pixel in which a and b
// (of the same bounds) differ.
func diff(a, b *image.RGBA) image.Rectangle {
	r := image.Rectangle{}
	w := a.Rect.Dx()
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(a.Rect.Min.X, y):][:4*w]
		rb := b.Pix[b.PixOffset(b.Rect.Min.X, y):][:4*w]
		if bytes.Equal(ra, rb) {
			continue
		}
		x0, x1 := 0, w-1
		for x0 < w && bytes.Equal(ra[4*x0:4*x0+3], rb[4*x0:4*x0+3]) {
			x0++
		}
		for x1 > x0 && bytes.Equal(ra[4*x1:4*x1+3], rb[4*x1:4*x1+3]) {
			x1--
		}
		r = r.Union(image.Rect(a.Rect.Min.X+x0, y, a.Rect.Min.X+x1+1, y+1))
	}
	return r
}

// count adds the colours of the pixels of img in r to the histogram.
func count(hist map[uint32]int, img *image.RGBA, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for x := 0; x < len(row); x += 4 {
			hist[uint32(row[x])<<16|uint32(row[x+1])<<8|uint32(row[x+2])]++
		}
	}
}

// quantize returns a palette of at most n colours for the histogram of RGB
// colours and the function that maps a colour of it to its nearest entry. The
// colours that cover much of the picture (the squares, the figures' fills) are
// entries as they are; the rest (the anti-aliased edges) are shared out by
// median cut: the box of colours with the widest channel is split at its
// weighted median until there are n boxes, each then its mean colour.
func quantize(hist map[uint32]int, n int) (color.Palette, func(uint32) uint8) {
	type entry struct {
		c uint32
		n int
	}
	all := make([]entry, 0, len(hist))
	total := 0
	for c, k := range hist {
		all = append(all, entry{c, k})
		total += k
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n > all[j].n || all[i].n == all[j].n && all[i].c < all[j].c })
	var pal color.Palette
	rgb := func(c uint32) (int, int, int) { return int(c >> 16 & 255), int(c >> 8 & 255), int(c & 255) }
	rest := all
	for len(rest) > 0 && len(pal) < n/4 && rest[0].n*500 >= total { // 0.2 % of the pixels or more
		r, g, b := rgb(rest[0].c)
		pal = append(pal, color.RGBA{uint8(r), uint8(g), uint8(b), 255})
		rest = rest[1:]
	}
	boxes := [][]entry{}
	if len(rest) > 0 {
		boxes = append(boxes, rest)
	}
	channel := func(e entry, ch int) int { return int(e.c >> (16 - 8*ch) & 255) }
	spread := func(box []entry) (int, int) { // the widest channel and its range
		best, wide := 0, -1
		for ch := 0; ch < 3; ch++ {
			lo, hi := 255, 0
			for _, e := range box {
				v := channel(e, ch)
				lo, hi = min(lo, v), max(hi, v)
			}
			if hi-lo > wide {
				best, wide = ch, hi-lo
			}
		}
		return best, wide
	}
	for len(pal)+len(boxes) < n {
		pick, ch, wide := -1, 0, 0
		for i, box := range boxes {
			if len(box) < 2 {
				continue
			}
			if c, w := spread(box); w > wide {
				pick, ch, wide = i, c, w
			}
		}
		if pick < 0 {
			break
		}
		box := boxes[pick]
		sort.Slice(box, func(i, j int) bool { // a total order: the same palette with any sort
			a, b := channel(box[i], ch), channel(box[j], ch)
			return a < b || a == b && box[i].c < box[j].c
		})
		weight, half := 0, 0
		for _, e := range box {
			weight += e.n
		}
		cut := 1
		for i, e := range box[:len(box)-1] {
			half += e.n
			cut = i + 1
			if 2*half >= weight {
				break
			}
		}
		boxes[pick] = box[:cut]
		boxes = append(boxes, box[cut:])
	}
	for _, box := range boxes {
		var sr, sg, sb, w int
		for _, e := range box {
			r, g, b := rgb(e.c)
			sr, sg, sb, w = sr+r*e.n, sg+g*e.n, sb+b*e.n, w+e.n
		}
		pal = append(pal, color.RGBA{uint8((sr + w/2) / w), uint8((sg + w/2) / w), uint8((sb + w/2) / w), 255})
	}
	cache := make(map[uint32]uint8, len(hist))
	index := func(c uint32) uint8 {
		if i, ok := cache[c]; ok {
			return i
		}
		r, g, b := rgb(c)
		best, bestD := 0, 1<<30
		for i, p := range pal {
			q := p.(color.RGBA)
			dr, dg, db := r-int(q.R), g-int(q.G), b-int(q.B)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
				best, bestD = i, d
			}
		}
		cache[c] = uint8(best)
		return uint8(best)
	}
	return pal, index
}
