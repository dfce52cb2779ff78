package svg

import (
	"math"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// rasterCells draws p with opt and returns the cells (pixels) the rasteriser
// accumulated.
func rasterCells(t *testing.T, p pacosako.Position, opt Options) int {
	t.Helper()
	r, err := newPacoRenderer(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	_, cells, err := r.rasterCells()
	if err != nil {
		t.Fatal(err)
	}
	return cells
}

// lineArea returns the area, in viewBox units, that the shaft through the
// square centres of sq covers (its last segment ending under the head, as
// layout.line draws it), and the heads on every square after the first.
func lineArea(r *renderer, sq []pacosako.Square) float64 {
	a := 0.0
	for i := 1; i < len(sq); i++ {
		fx, fy := r.center(sq[i-1])
		tx, ty := r.center(sq[i])
		l := math.Hypot(tx-fx, ty-fy)
		if i == len(sq)-1 {
			l -= tipInset + headLength - 2
		}
		a += l*arrowWidth + headLength*headWidth/2
	}
	return a
}

// TestRasterCost: a shape is rasterised over the pixels it covers, not over
// its bounding box (issue 32: a 2048-pixel PNG of 1,000 arrows took 23 s,
// rsvg-convert 3.2 s for its SVG; each long diagonal arrow was accumulated over
// some 3 million pixels for the 73,000 it covers). At 1024 pixels, long
// arrows in every direction and a chain zigzagging across the board (its
// heads one path) cost at most three times the pixels they cover (34 and 16
// times before).
func TestRasterCost(t *testing.T) {
	const size = 1024
	p := pacosako.MustParseFEN(emptyFEN)
	r, err := newPacoRenderer(p, Options{Size: size})
	if err != nil {
		t.Fatal(err)
	}
	k := float64(size) / (8 * SquareSize)
	base := rasterCells(t, p, Options{Size: size})
	sq := func(s string) pacosako.Square {
		q, err := pacosako.ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	long := [][2]string{{"a1", "h8"}, {"h8", "a1"}, {"h1", "a8"}, {"a8", "h1"}, {"a1", "h7"}, {"b1", "h8"}, {"a1", "h2"}, {"a2", "b8"}}
	var arrows []Arrow
	covered := 0.0
	for i := 0; i < 16; i++ {
		a := long[i%len(long)]
		arrows = append(arrows, Arrow{From: sq(a[0]), To: sq(a[1])})
		covered += lineArea(r, []pacosako.Square{sq(a[0]), sq(a[1])}) * k * k
	}
	var chain []pacosako.Square // a1 h2 a3 h4 a5 h6 a7 h8
	for rank := 0; rank < 8; rank++ {
		chain = append(chain, pacosako.NewSquare(7*(rank%2), rank))
	}
	for _, c := range []struct {
		name    string
		opt     Options
		covered float64
	}{
		{"16 long arrows", Options{Size: size, Arrows: arrows}, covered},
		{"a zigzag chain", Options{Size: size, Chains: []Chain{{Squares: chain}}}, lineArea(r, chain) * k * k},
	} {
		cells := rasterCells(t, p, c.opt) - base
		t.Logf("%s: %d cells rasterised for %.0f pixels covered (%.2f×)", c.name, cells, c.covered, float64(cells)/c.covered)
		if float64(cells) > 3*c.covered {
			t.Errorf("%s: %d cells rasterised for %.0f pixels covered, want at most 3×", c.name, cells, c.covered)
		}
	}
}
