package svg

import (
	"fmt"
	"math"
	"strconv"
	"sync"
)

// Paths for the rasteriser: the path data of the artwork (pieces.go) and the
// coordinate glyphs (glyphs.go) read into outlines of lines and cubic curves,
// the same strings the SVG writer puts into its <defs>.

// pt is a point.
type pt struct{ x, y float64 }

// segment is a line to p[2] (cubic false) or a cubic curve through the control
// points p[0], p[1] to p[2], from the end of the segment before.
type segment struct {
	cubic bool
	p     [3]pt
}

// subpath is a run of segments from start, closed back to it or open.
type subpath struct {
	start  pt
	segs   []segment
	closed bool
}

// outline is a parsed path.
type outline []subpath

// parsePath reads SVG path data of the commands the artwork uses, in absolute
// form: M, L, H, V, C, A and Z.
func parsePath(d string) (outline, error) {
	var out outline
	var cur, start pt
	var sp *subpath
	i := 0
	num := func() (float64, error) {
		for i < len(d) && (d[i] == ' ' || d[i] == ',') {
			i++
		}
		j := i
		if j < len(d) && (d[j] == '-' || d[j] == '+') {
			j++
		}
		dot := false
		for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' && !dot) {
			dot = dot || d[j] == '.'
			j++
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		if err != nil {
			return 0, fmt.Errorf("path %q: a number at offset %d", d, i)
		}
		i = j
		return v, nil
	}
	nums := func(n int) ([]float64, error) {
		v := make([]float64, n)
		for k := range v {
			var err error
			if v[k], err = num(); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	var cmd byte
	for {
		for i < len(d) && (d[i] == ' ' || d[i] == ',') {
			i++
		}
		if i == len(d) {
			break
		}
		if c := d[i]; c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' {
			cmd = c
			i++
		} else if cmd == 0 || cmd == 'Z' {
			return nil, fmt.Errorf("path %q: no command at offset %d", d, i)
		}
		if cmd != 'M' && cmd != 'Z' && sp == nil {
			return nil, fmt.Errorf("path %q: %c before M", d, cmd)
		}
		switch cmd {
		case 'M':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			cur = pt{v[0], v[1]}
			start = cur
			out = append(out, subpath{start: cur})
			sp = &out[len(out)-1]
			cmd = 'L' // further pairs are lines
		case 'L', 'H', 'V':
			var next pt
			switch cmd {
			case 'L':
				v, err := nums(2)
				if err != nil {
					return nil, err
				}
				next = pt{v[0], v[1]}
			case 'H':
				v, err := num()
				if err != nil {
					return nil, err
				}
				next = pt{v, cur.y}
			default:
				v, err := num()
				if err != nil {
					return nil, err
				}
				next = pt{cur.x, v}
			}
			sp.segs = append(sp.segs, segment{p: [3]pt{{}, {}, next}})
			cur = next
		case 'C':
			v, err := nums(6)
			if err != nil {
				return nil, err
			}
			sp.segs = append(sp.segs, segment{cubic: true, p: [3]pt{{v[0], v[1]}, {v[2], v[3]}, {v[4], v[5]}}})
			cur = pt{v[4], v[5]}
		case 'A':
			v, err := nums(7)
			if err != nil {
				return nil, err
			}
			end := pt{v[5], v[6]}
			sp.segs = append(sp.segs, arcCubics(cur, v[0], v[1], v[2], v[3] != 0, v[4] != 0, end)...)
			cur = end
		case 'Z':
			if sp == nil {
				return nil, fmt.Errorf("path %q: Z before M", d)
			}
			sp.closed = true
			cur = start
			sp = nil
		default:
			return nil, fmt.Errorf("path %q: command %c is not one of M L H V C A Z", d, cmd)
		}
	}
	return out, nil
}

// arcCubics returns the elliptical arc of SVG's A command from p to end as cubic
// curves of at most a quarter turn each (SVG 1.1 F.6.5: from the endpoints to
// the centre).
func arcCubics(p pt, rx, ry, rotation float64, large, sweep bool, end pt) []segment {
	if p == end {
		return nil
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		return []segment{{p: [3]pt{{}, {}, end}}}
	}
	phi := rotation * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (p.x-end.x)/2, (p.y-end.y)/2
	x1 := cos*dx + sin*dy
	y1 := -sin*dx + cos*dy
	if l := x1*x1/(rx*rx) + y1*y1/(ry*ry); l > 1 { // radii too small: scale them up
		s := math.Sqrt(l)
		rx, ry = rx*s, ry*s
	}
	num := rx*rx*ry*ry - rx*rx*y1*y1 - ry*ry*x1*x1
	den := rx*rx*y1*y1 + ry*ry*x1*x1
	f := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		f = -f
	}
	cx1, cy1 := f*rx*y1/ry, -f*ry*x1/rx
	cx := cos*cx1 - sin*cy1 + (p.x+end.x)/2
	cy := sin*cx1 + cos*cy1 + (p.y+end.y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	theta := angle(1, 0, (x1-cx1)/rx, (y1-cy1)/ry)
	delta := angle((x1-cx1)/rx, (y1-cy1)/ry, (-x1-cx1)/rx, (-y1-cy1)/ry)
	if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	} else if sweep && delta < 0 {
		delta += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(delta)/(math.Pi/2) - 1e-9))
	step := delta / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	at := func(t float64) (pt, pt) { // the point at angle t and its derivative
		ct, st := math.Cos(t), math.Sin(t)
		return pt{cx + rx*ct*cos - ry*st*sin, cy + rx*ct*sin + ry*st*cos},
			pt{-rx*st*cos - ry*ct*sin, -rx*st*sin + ry*ct*cos}
	}
	segs := make([]segment, 0, n)
	for j := 0; j < n; j++ {
		t0, t1 := theta+float64(j)*step, theta+float64(j+1)*step
		a, da := at(t0)
		b, db := at(t1)
		if j == n-1 {
			b = end
		}
		segs = append(segs, segment{cubic: true, p: [3]pt{{a.x + k*da.x, a.y + k*da.y}, {b.x - k*db.x, b.y - k*db.y}, b}})
	}
	return segs
}

// artOutline and glyphOutline are the parsed artwork and glyphs, read once.
var (
	outlinesOnce sync.Once
	artOutlines  [len(art)][]outline // per role, per part
	glyphOutline map[byte]outline
	outlinesErr  error
)

// loadOutlines parses the artwork and the glyphs.
func loadOutlines() error {
	outlinesOnce.Do(func() {
		for role, parts := range art {
			for _, part := range parts {
				o, err := parsePath(part.d)
				if err != nil {
					outlinesErr = err
					return
				}
				artOutlines[role] = append(artOutlines[role], o)
			}
		}
		glyphOutline = map[byte]outline{}
		for g, d := range glyphs {
			o, err := parsePath(d)
			if err != nil {
				outlinesErr = err
				return
			}
			glyphOutline[g] = o
		}
	})
	return outlinesErr
}
