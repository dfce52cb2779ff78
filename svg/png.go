package svg

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"sync"
)

// Raster images: the drawing of Render in pixels, for the places that take no
// SVG. Options.Size is the side of the image in pixels.

// The sides a raster image may have, in pixels (Options.Size), and the side of
// one whose Options.Size is 0.
const (
	MinPixels     = 64
	MaxPixels     = 2048
	DefaultPixels = 400
)

// Image returns the drawing of p, a position of either game, that Render
// writes, in pixels: an image of opt.Size pixels a side (DefaultPixels for 0),
// anti-aliased, drawn from the same shapes, figures and colours, with every
// option but Style (CSS does not apply to pixels); opaque unless a colour of opt
// is not. It is safe for concurrent use. Errors, each wrapping
// ErrInvalidOptions: those of Render, a Size outside MinPixels..MaxPixels, a
// Style, and a colour name that is not one of SVG's (a raster image must know
// the colour; "#rrggbb" and the names of SVG 1.1 and "transparent" are).
func Image(p Position, opt Options) (*image.RGBA, error) {
	if err := rasterOptions(opt); err != nil {
		return nil, err
	}
	r, err := rendererOf(p, opt)
	if err != nil {
		return nil, err
	}
	return r.raster()
}

// RenderPNG writes the picture of Image(p, opt) as a PNG file. Errors: Image's,
// before anything is written; otherwise the writer's.
func RenderPNG(w io.Writer, p Position, opt Options) error {
	img, err := Image(p, opt)
	if err != nil {
		return err
	}
	return writePNG(w, img)
}

// pngBuffers keeps the PNG encoder's buffers (its compressor's above all)
// from one image to the next.
type pngBuffers struct{ sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.Pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.Pool.Put(b) }

// pngEncoder compresses fast: a diagram's flat squares compress well anyway
// (the README's first diagram at 400 pixels: 20 KB).
var pngEncoder = &png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

// writePNG encodes img and writes it in one Write.
func writePNG(w io.Writer, img image.Image) error {
	var b bytes.Buffer
	if err := pngEncoder.Encode(&b, img); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// rasterOptions checks what only a raster image refuses: its size and a Style.
func rasterOptions(opt Options) error {
	if opt.Size != 0 && (opt.Size < MinPixels || opt.Size > MaxPixels) {
		return invalid("size %d pixels: a raster image is %d to %d pixels a side", opt.Size, MinPixels, MaxPixels)
	}
	if opt.Style != "" {
		return invalid("a Style (CSS) cannot be applied to a raster image")
	}
	return nil
}

// raster paints the drawing of r into a new image.
func (r *renderer) raster() (*image.RGBA, error) {
	img, _, err := r.rasterCells()
	return img, err
}

// rasterCells paints the drawing of r into a new image and returns it with
// the number of cells (pixels) the rasteriser accumulated: the work of
// painting it.
func (r *renderer) rasterCells() (*image.RGBA, int, error) {
	if err := loadOutlines(); err != nil {
		return nil, 0, err
	}
	items := r.layout()
	if err := r.checkPaints(items); err != nil {
		return nil, 0, err
	}
	size := r.opt.Size
	if size == 0 {
		size = DefaultPixels
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	p := painter{r: r, k: float64(size) / (8*SquareSize + 2*r.margin), dst: img}
	p.paint(items)
	return img, p.cells, nil
}
