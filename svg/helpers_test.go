package svg

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// What a document shows at a moment: the tests read the SVG back (encoding/xml),
// evaluate its SMIL animations at a time as a browser would, and list the figures
// drawn, so that an animation can be checked against still drawings of the
// positions a move passes through.

// node is an element of a parsed document.
type node struct {
	name     string
	attr     map[string]string
	children []*node
}

// parseTree reads a document into a tree of elements.
func parseTree(t testing.TB, doc string) *node {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(doc))
	root := &node{name: "#document"}
	stack := []*node{root}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return root
}

// drawnFigure is a figure as drawn: its id ("white-knight"), the top left corner
// of its box and its scale in the viewBox, and its opacity.
type drawnFigure struct {
	id               string
	x, y, scale, opa float64
}

func (d drawnFigure) String() string {
	return fmt.Sprintf("%s at (%.2f, %.2f) ×%.2f opacity %.2f", d.id, d.x, d.y, d.scale, d.opa)
}

// box is a transform of translations and uniform scales: x' = x0 + s·x.
type box struct{ x, y, s float64 }

func (b box) then(c box) box { return box{b.x + b.s*c.x, b.y + b.s*c.y, b.s * c.s} }

// parseTransform reads "translate(x,y) scale(s)" and its parts.
func parseTransform(t testing.TB, s string) box {
	t.Helper()
	b := box{s: 1}
	for _, part := range strings.Split(strings.TrimSuffix(strings.TrimSpace(s), ")"), ")") {
		name, args, ok := strings.Cut(strings.TrimSpace(part), "(")
		if !ok {
			t.Fatalf("transform %q", s)
		}
		v := floats(t, args)
		switch {
		case name == "translate" && len(v) == 2:
			b = b.then(box{v[0], v[1], 1})
		case name == "scale" && len(v) == 1:
			b = b.then(box{0, 0, v[0]})
		default:
			t.Fatalf("transform %q", s)
		}
	}
	return b
}

// floats reads numbers separated by commas or spaces.
func floats(t testing.TB, s string) []float64 {
	t.Helper()
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatalf("number %q in %q", f, s)
		}
		out = append(out, v)
	}
	return out
}

// keyTolerance is how far apart a moment and a key time (both fractions of the
// run) may be and still count as the same: key times have four decimals.
const keyTolerance = 0.00006

// valueAt evaluates an animation element at fraction x of its run: for a
// discrete one the value of the last key reached, for an interpolated one the
// value at a key within keyTolerance, or between two keys with equal values; it
// fails the test at any other moment (the tests look only at key frames, where
// no easing applies).
func valueAt(t testing.TB, a *node, x float64) string {
	t.Helper()
	vals := strings.Split(a.attr["values"], ";")
	keys := floats(t, strings.ReplaceAll(a.attr["keyTimes"], ";", " "))
	if len(vals) != len(keys) || keys[0] != 0 {
		t.Fatalf("animation with %d values and key times %v", len(vals), keys)
	}
	for i := 1; i < len(keys); i++ {
		if keys[i] < keys[i-1] {
			t.Fatalf("key times %v decrease", keys)
		}
	}
	if a.attr["calcMode"] == "discrete" {
		v := vals[0]
		for i, k := range keys {
			if k <= x+keyTolerance {
				v = vals[i]
			}
		}
		return v
	}
	if keys[len(keys)-1] != 1 {
		t.Fatalf("interpolated animation whose last key time is %v, not 1", keys[len(keys)-1])
	}
	if n := len(strings.Split(a.attr["keySplines"], ";")); a.attr["calcMode"] == "spline" && n != len(keys)-1 {
		t.Fatalf("%d key splines for %d key times", n, len(keys))
	}
	// The last key within the tolerance (the value a moment of a jump shows
	// afterwards), else the interval around x, which must be flat.
	for i := len(keys) - 1; i >= 0; i-- {
		if math.Abs(keys[i]-x) <= keyTolerance {
			return vals[i]
		}
	}
	for i := 1; i < len(keys); i++ {
		if x < keys[i] {
			if vals[i-1] != vals[i] {
				t.Fatalf("looked between key times %v and %v of %q: not a key frame", keys[i-1], keys[i], a.attr["values"])
			}
			return vals[i]
		}
	}
	return vals[len(vals)-1]
}

// attrAt returns the value of attribute name of n at fraction x of the run: the
// animation child of n that animates it, or else the attribute itself.
func attrAt(t testing.TB, n *node, name, typ string, x float64) (string, bool) {
	t.Helper()
	for _, c := range n.children {
		if (c.name == "animate" || c.name == "animateTransform") && c.attr["attributeName"] == name && c.attr["type"] == typ {
			return valueAt(t, c, x), true
		}
	}
	v, ok := n.attr[name]
	return v, ok
}

// transformAt returns the transform of n at fraction x: its animated translation
// and scale (each replaces the attribute; the tests' documents never animate one
// and keep the other in the attribute) or the attribute.
func transformAt(t testing.TB, n *node, x float64) box {
	t.Helper()
	b := box{s: 1}
	if v, ok := n.attr["transform"]; ok {
		b = parseTransform(t, v)
	}
	for _, typ := range []string{"translate", "scale"} {
		if v, ok := attrAt(t, n, "transform", typ, x); ok && v != n.attr["transform"] {
			f := floats(t, v)
			if typ == "translate" {
				b = box{f[0], f[1], b.s}
			} else {
				b = box{b.x, b.y, f[0]}
			}
		}
	}
	return b
}

// drawnAt lists the figures doc shows at fraction x of its run (0 for a still
// document), and the squares of an explosion as figures "blast" (Options.Blast),
// sorted, those hidden or fully transparent left out.
func drawnAt(t testing.TB, doc string, x float64) []drawnFigure {
	t.Helper()
	var out []drawnFigure
	var walk func(n *node, b box, opacity float64)
	walk = func(n *node, b box, opacity float64) {
		switch n.name {
		case "defs", "animate", "animateTransform":
			return
		}
		if v, _ := attrAt(t, n, "visibility", "", x); v == "hidden" {
			return
		}
		if v, ok := attrAt(t, n, "opacity", "", x); ok {
			o, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("opacity %q", v)
			}
			opacity *= o
		}
		b = b.then(transformAt(t, n, x))
		if n.name == "use" && strings.HasPrefix(n.attr["class"], "piece ") {
			if opacity > 0.001 {
				out = append(out, drawnFigure{strings.TrimPrefix(n.attr["href"], "#"), b.x, b.y, b.s, opacity})
			}
			return
		}
		if n.name == "rect" && strings.HasPrefix(n.attr["class"], "blast ") { // an explosion's square
			if opacity > 0.001 {
				xy := floats(t, n.attr["x"]+" "+n.attr["y"])
				out = append(out, drawnFigure{"blast", b.x + b.s*xy[0], b.y + b.s*xy[1], b.s, opacity})
			}
			return
		}
		for _, c := range n.children {
			walk(c, b, opacity)
		}
	}
	walk(parseTree(t, doc), box{s: 1}, 1)
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// sameDrawing reports the differences between two lists of drawn figures, within
// 0.01 units.
func sameDrawing(got, want []drawnFigure) string {
	var diff []string
	if len(got) != len(want) {
		diff = append(diff, fmt.Sprintf("%d figures, want %d", len(got), len(want)))
	}
	for i := 0; i < len(got) && i < len(want); i++ {
		g, w := got[i], want[i]
		if g.id != w.id || math.Abs(g.x-w.x) > 0.01 || math.Abs(g.y-w.y) > 0.01 || math.Abs(g.scale-w.scale) > 0.01 || math.Abs(g.opa-w.opa) > 0.01 {
			diff = append(diff, fmt.Sprintf("figure %d: %v, want %v", i, g, w))
		}
	}
	if diff != nil {
		diff = append(diff, fmt.Sprintf("drawn: %v\nwant:  %v", got, want))
	}
	return strings.Join(diff, "\n")
}
