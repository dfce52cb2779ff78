package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/svg"
)

// convert -to gif: every game as an animated GIF (svg.GameGIF, for both games),
// a file per game as -to html writes its pages (pages, htmlout.go).

// gifFlags are the flags of -to gif's pictures: the board's side in pixels, its
// coordinates and its orientation, as svg takes them.
type gifFlags struct {
	size         int
	coords, flip bool
}

func (g *gifFlags) flags(fs *flag.FlagSet) {
	fs.IntVar(&g.size, "size", 0, fmt.Sprintf("with -to gif: the board's width and height in pixels, %d to %d (0: %d)", svg.MinPixels, svg.MaxPixels, svg.DefaultPixels))
	fs.BoolVar(&g.coords, "coords", false, "with -to gif: draw the coordinates in a margin around the board")
	fs.BoolVar(&g.flip, "flip", false, "with -to gif: draw the board with Black at the bottom")
}

// check: the flags draw pictures, so they go with -to gif only; -size is
// svg.MinPixels to svg.MaxPixels, or 0 for svg.DefaultPixels.
func (g *gifFlags) check(to string) error {
	if to != "gif" {
		for _, f := range []struct {
			name string
			set  bool
		}{{"-size", g.size != 0}, {"-coords", g.coords}, {"-flip", g.flip}} {
			if f.set {
				return fmt.Errorf("%s draws the pictures of -to gif (-to %s writes none)", f.name, to)
			}
		}
		return nil
	}
	if g.size != 0 && (g.size < svg.MinPixels || g.size > svg.MaxPixels) {
		return fmt.Errorf("-size must be from %d to %d pixels (0: %d), got %d", svg.MinPixels, svg.MaxPixels, svg.DefaultPixels, g.size)
	}
	return nil
}

// options are the drawing options of the flags.
func (g *gifFlags) options() svg.Options {
	opt := svg.Options{Size: g.size, Coordinates: g.coords}
	if g.flip {
		opt.Orientation = pacosako.Black
	}
	return opt
}

// writeGIF writes the game's GIF into its file (c.pages), a frame a
// half-move at the library's pace (svg.GameAnimation's defaults: a second a
// half-move, five on the last position, looping), the players in bands when
// the record names them.
func (c *convertCmd) writeGIF(gm game, out *bufio.Writer) error {
	return c.pages.write(gm.name, out, func(w io.Writer) error {
		return svg.GameGIF(w, gm.record(), c.gif.options(), svg.GameAnimation{})
	})
}
