package svg

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
)

// DefaultStep and DefaultHold are the timing of an Animation whose Step or Hold is 0.
const (
	DefaultStep = 800 * time.Millisecond
	DefaultHold = time.Second
)

// Animation is the timing of an animated move (Animate). The zero value loops with
// DefaultStep and DefaultHold.
//
// One run shows the position before the move for Hold; then every action in turn:
// a Lift raises the piece into the hand (Step/2); a Place carries the hand over its
// square (Step) and sets it down there (Step/2) — taking over a union lifts the
// released figure into the hand as the carried one comes down — and, when the move
// goes on, the hand waits there for Step/4; a Promote turns the pawn into its new
// piece (Step/2); an Atomic capture's explosion goes off (Step); last, the
// position after the move for Hold, its squares tinted in the last-move colours
// and its highlights (Ŝako and Paco, or check) shown.
type Animation struct {
	// Step is the time of one place, from 10 ms to 10 min; 0 means DefaultStep.
	Step time.Duration
	// Hold is how long the positions before and after the move are shown, from 10
	// ms to 10 min; 0 means DefaultHold.
	Hold time.Duration
	// Once plays the move once and then keeps showing the position after it; the
	// default repeats the run for ever.
	Once bool
}

// Animate writes p, a position of either game, as Render does, with its move m
// drawn as its path (MovePath, after opt.Chains) and played as an SMIL
// animation with the timing of a (Animation gives the phases: the piece carried
// along its chain, released figures, promotions, castling's rook, an Atomic
// capture's explosion). The SVG is declarative, with no script, and
// deterministic (key times with at most four decimals, durations in
// milliseconds); a renderer without SMIL (rsvg-convert) shows the still it
// starts from: p with the path as Render draws it. Options.Vanishing is not
// drawn: the animation shows the pieces vanish.
//
// Errors, each wrapping ErrInvalidOptions, before anything is written: options
// Render refuses, a Step or Hold out of range, an Options.Move (the move played
// is m), an m of the other game than p's (a *GameError), without actions or
// not one of p's moves (for Atomic chess also wrapping the *atomic.MoveError);
// otherwise the writer's error.
func Animate(w io.Writer, p Position, m Move, opt Options, a Animation) error {
	tl, r, err := playing(p, m, opt, a)
	if err != nil {
		return err
	}
	return r.animate(w, tl, a)
}

// withChain returns opt with the chain c added after its own (opt's slice is not
// changed).
func withChain(opt Options, c Chain) Options {
	opt.Chains = append(append([]Chain(nil), opt.Chains...), c)
	return opt
}

// animate writes the drawing of r played along tl.
func (r *renderer) animate(w io.Writer, tl *timeline, a Animation) error {
	tl.once = a.Once
	r.anim = tl
	return r.writeTo(w)
}

// durations returns the Step and Hold of a, checked, their defaults for 0.
func (a Animation) durations() (step, hold time.Duration, err error) {
	if step, err = duration("Step", a.Step, DefaultStep); err != nil {
		return 0, 0, err
	}
	if hold, err = duration("Hold", a.Hold, DefaultHold); err != nil {
		return 0, 0, err
	}
	return step, hold, nil
}

// duration checks a time of Animation; 0 gives def.
func duration(name string, d, def time.Duration) (time.Duration, error) {
	switch {
	case d == 0:
		return def, nil
	case d < 10*time.Millisecond || d > 10*time.Minute:
		return 0, invalid("animation %s %v is not between 10ms and 10m", name, d)
	}
	return d, nil
}

// invalidMove is the error for a move whose action i p does not allow.
func invalidMove(i int, a pacosako.Action, err error) error {
	return fmt.Errorf("%w: the move is not one of the position drawn: action %d %v: %w", ErrInvalidOptions, i+1, a, err)
}

// timing returns the attributes every animation element of r shares: its
// duration, and whether it repeats or stops on its last value.
func (r *renderer) timing() string {
	ms := num(float64(r.anim.total()) / float64(time.Millisecond))
	if r.anim.once {
		return `dur="` + ms + `ms" fill="freeze"`
	}
	return `dur="` + ms + `ms" repeatCount="indefinite"`
}

// keyTime returns the time of frame f as a fraction of the run, four decimals.
func (r *renderer) keyTime(f int) string {
	x := float64(r.anim.times[f]) / float64(r.anim.total())
	return strconv.FormatFloat(math.Round(x*1e4)/1e4, 'f', -1, 64)
}

// chainFaded is the opacity of the animated move's chain, relative to its own,
// while the move is played: faint, so that it does not hide the moving figures.
const chainFaded = 0.4

// fadeChain animates the opacity of the group of the move's chain (colour c): as
// drawn while the position before the move is held, faint while the move is
// played, gone at the end, where the squares of the move are tinted instead.
func (r *renderer) fadeChain(c paint) {
	base := 1.0
	if c.opacity != "" {
		base, _ = strconv.ParseFloat(c.opacity, 64)
	}
	n := len(r.anim.frames)
	vals := make([]string, n)
	for f := range vals {
		switch {
		case f <= 1:
			vals[f] = num(base)
		case f < n-2:
			vals[f] = num(base * chainFaded)
		default:
			vals[f] = "0"
		}
	}
	r.animateFrames("opacity", "", vals)
}

// ease is the key spline of every movement: slow at both ends.
const ease = "0.42 0 0.58 1"

// animateFrames writes an animation of attribute attr (for transform, of the given
// type) through one value per frame, eased between frames; nothing when the value
// never changes.
func (r *renderer) animateFrames(attr, typ string, vals []string) {
	if allSame(vals) {
		return
	}
	var keep []int // frames whose value bounds a change
	for i := range vals {
		if i == 0 || i == len(vals)-1 || vals[i] != vals[i-1] || vals[i] != vals[i+1] {
			keep = append(keep, i)
		}
	}
	var v, k, s []string
	for n, i := range keep {
		v = append(v, vals[i])
		k = append(k, r.keyTime(i))
		if n > 0 {
			s = append(s, ease)
		}
	}
	elem := "animate"
	if typ != "" {
		elem = "animateTransform"
		typ = ` type="` + typ + `"`
	}
	r.printf(`<%s attributeName="%s"%s values="%s" keyTimes="%s" calcMode="spline" keySplines="%s" %s/>`+"\n",
		elem, attr, typ, strings.Join(v, ";"), strings.Join(k, ";"), strings.Join(s, ";"), r.timing())
}

// animatePhases writes a discrete animation of attribute attr through one value
// per phase; nothing when the value never changes.
func (r *renderer) animatePhases(attr string, vals []string) {
	if allSame(vals) {
		return
	}
	var v, k []string
	for j, val := range vals {
		if j == 0 || val != vals[j-1] {
			v = append(v, val)
			k = append(k, r.keyTime(j))
		}
	}
	r.printf(`<animate attributeName="%s" values="%s" keyTimes="%s" calcMode="discrete" %s/>`+"\n",
		attr, strings.Join(v, ";"), strings.Join(k, ";"), r.timing())
}

func allSame(vals []string) bool {
	for _, v := range vals {
		if v != vals[0] {
			return false
		}
	}
	return true
}

// visibility returns "visible" or "hidden".
func visibility(on bool) string {
	if on {
		return "visible"
	}
	return "hidden"
}

// spotBox returns the top left corner and the scale of a figure drawn at a, as
// cell and hand draw it.
func (r *renderer) spotBox(a spot) (x, y, scale float64) {
	x, y = r.origin(a.sq)
	scale = 1
	if a.hand {
		raise := handRaise
		scale = handScale
		if a.high {
			scale, raise = handScale2, handRaise2
		}
		x, y = x+(1-scale)*SquareSize/2, y-raise
	}
	return r.slotBox(x, y, scale, a.slot)
}

// slotBox places a figure in slot s of a box at (x, y) of side 100×scale.
func (r *renderer) slotBox(x, y, scale float64, s slot) (float64, float64, float64) {
	switch s {
	case unionBlack:
		return x + blackDX*scale, y + blackDY*scale, unionScale * scale
	case unionWhite:
		return x + whiteDX*scale, y + whiteDY*scale, unionScale * scale
	}
	return x, y, scale
}

// animatedPieces draws the figures that stand still, square by square as pieces
// does (a union's black figure before its white one): a figure that rests on its
// square only in some phases of the run is visible only in those.
func (r *renderer) animatedPieces() {
	tl := r.anim
	for _, s := range squaresInOrder() {
		var figs []placed            // every figure that rests on s in some phase
		rests := map[placed][]bool{} // the phases it rests there in
		for j := 0; j < tl.phases(); j++ {
			for i, f := range tl.frames[j] {
				if f.hand || f.sq != s || !tl.resting(tl.track[j][i], j) {
					continue
				}
				if rests[f] == nil {
					figs = append(figs, f)
					rests[f] = make([]bool, tl.phases())
				}
				rests[f][j] = true
			}
		}
		sort.SliceStable(figs, func(i, j int) bool { return figs[i].slot < figs[j].slot })
		for _, f := range figs {
			vis := make([]string, tl.phases())
			for j, on := range rests[f] {
				vis[j] = visibility(on)
			}
			x, y, scale := r.spotBox(f.spot)
			if allSame(vis) {
				r.piece(f.color, f.role, f.sq, x, y, scale)
				continue
			}
			r.printf(`<g class="resting %v" visibility="%s">`+"\n", s, vis[0])
			r.animatePhases("visibility", vis)
			r.piece(f.color, f.role, f.sq, x, y, scale)
			r.printf("</g>\n")
		}
	}
}

// animatedHand draws every figure that moves during the run, above the others
// (those carried in the hand above those that are not):
// each in a group that is visible in the phases where it is in the hand, changes
// place, appears or disappears, and travels from spot to spot between frames. A
// figure in the hand is slightly transparent, as the still drawing's hand is.
func (r *renderer) animatedHand() {
	tl := r.anim
	first := make([]int, tl.tracks) // the first phase each track moves in, or -1
	var sprites []int
	for k := range first {
		first[k] = -1
		for j := 0; j < tl.phases(); j++ {
			if tl.moving(k, j) {
				first[k] = j
				break
			}
		}
	}
	// Figures that never enter the hand (a castling's rook, a promotion's pieces)
	// first, below those that do; each group in the order they start to move.
	for _, inHand := range []bool{false, true} {
		for j := 0; j < tl.phases(); j++ {
			for k := range first {
				if first[k] == j && tl.everInHand(k) == inHand {
					sprites = append(sprites, k)
				}
			}
		}
	}
	for _, k := range sprites {
		frames := len(tl.frames)
		pos, scale, opacity := make([]string, frames), make([]string, frames), make([]string, frames)
		var fig figure
		for f := range tl.frames {
			p, ok := tl.at(k, f)
			if !ok {
				p = tl.nearest(k, f)
			}
			fig = p.figure
			x, y, s := r.spotBox(p.spot)
			pos[f], scale[f] = num(x)+","+num(y), num(s)
			switch {
			case !ok:
				opacity[f] = "0"
			case p.hand:
				opacity[f] = handOpacity
			default:
				opacity[f] = "1"
			}
		}
		vis := make([]string, tl.phases())
		for j := range vis {
			vis[j] = visibility(tl.moving(k, j))
		}
		op := ""
		if opacity[0] != "1" {
			op = ` opacity="` + opacity[0] + `"`
		}
		r.printf(`<g class="moving %s %s" transform="translate(%s)" visibility="%s"%s>`+"\n",
			colorNames[fig.color], roleNames[fig.role], pos[0], vis[0], op)
		r.animateFrames("transform", "translate", pos)
		r.animateFrames("opacity", "", opacity)
		r.animatePhases("visibility", vis)
		id := colorNames[fig.color] + "-" + roleNames[fig.role]
		sc := ""
		if scale[0] != "1" || !allSame(scale) {
			sc = ` transform="scale(` + scale[0] + `)"`
		}
		r.printf(`<use class="piece %s %s" href="#%s" xlink:href="#%s"%s>`+"\n", colorNames[fig.color], roleNames[fig.role], id, id, sc)
		r.animateFrames("transform", "scale", scale)
		r.printf("</use>\n</g>\n")
	}
}

// everInHand reports whether track k is in the hand in some frame.
func (tl *timeline) everInHand(k int) bool {
	for f := range tl.frames {
		if p, ok := tl.at(k, f); ok && p.hand {
			return true
		}
	}
	return false
}

// nearest returns where track k is in the frame nearest to f that has it, the
// later one first: a figure fades in where it appears and out where it was.
func (tl *timeline) nearest(k, f int) placed {
	for d := 1; d < len(tl.frames); d++ {
		if f+d < len(tl.frames) {
			if p, ok := tl.at(k, f+d); ok {
				return p
			}
		}
		if f-d >= 0 {
			if p, ok := tl.at(k, f-d); ok {
				return p
			}
		}
	}
	return placed{}
}

// animatedShadow draws the hand's shadow: on the square the hand hovers over,
// travelling with it, fading in as a piece is lifted and out as the last is set
// down.
func (r *renderer) animatedShadow() {
	tl := r.anim
	frames := len(tl.frames)
	under := make([]pacosako.Square, frames)
	hasHand := false
	for f, sc := range tl.frames {
		under[f] = pacosako.NoSquare
		for _, p := range sc {
			if p.hand {
				under[f], hasHand = p.sq, true
			}
		}
	}
	if !hasHand {
		return
	}
	pos, opacity := make([]string, frames), make([]string, frames)
	for f := range under {
		s, o := under[f], "1"
		if s == pacosako.NoSquare {
			o = "0"
			for d := 1; d < frames && s == pacosako.NoSquare; d++ { // the nearest, the later first
				if f+d < frames && under[f+d] != pacosako.NoSquare {
					s = under[f+d]
				} else if f-d >= 0 && under[f-d] != pacosako.NoSquare {
					s = under[f-d]
				}
			}
		}
		x, y := r.origin(s)
		pos[f], opacity[f] = num(x+SquareSize/2)+","+num(y+shadowDY), o
	}
	vis := make([]string, tl.phases())
	for j := range vis {
		vis[j] = visibility(under[j] != pacosako.NoSquare || under[j+1] != pacosako.NoSquare)
	}
	op := ""
	if opacity[0] != "1" {
		op = ` opacity="` + opacity[0] + `"`
	}
	r.printf(`<ellipse class="shadow" cx="0" cy="0" rx="%s" ry="%s" %s transform="translate(%s)" visibility="%s"%s>`+"\n",
		num(shadowRX), num(shadowRY), r.colors.shadow.attr("fill"), pos[0], vis[0], op)
	r.animateFrames("transform", "translate", pos)
	r.animateFrames("opacity", "", opacity)
	r.animatePhases("visibility", vis)
	r.printf("</ellipse>\n")
}

// animatedHighlights draws the Ŝako, check and Paco highlights of the position
// before the move until the end, and those of the position after it at the end.
func (r *renderer) animatedHighlights() {
	tl := r.anim
	last := tl.phases() - 1
	for _, s := range squaresInOrder() {
		for _, h := range []struct {
			before, after pacosako.Bitboard
			g             glow
		}{{r.sako, tl.endSako, sakoGlow}, {r.check, tl.endCheck, checkGlow}, {r.paco, tl.endPaco, pacoGlow}} {
			b, a := h.before.Has(s), h.after.Has(s)
			if !b && !a {
				continue
			}
			rect := r.glowRect(h.g, s)
			if b && a {
				r.printf("%s/>\n", rect)
				continue
			}
			vis := make([]string, tl.phases())
			for j := range vis {
				vis[j] = visibility(j < last && b || j == last && a)
			}
			r.printf(`%s visibility="%s">`+"\n", rect, vis[0])
			r.animatePhases("visibility", vis)
			r.printf("</rect>\n")
		}
	}
}

// animatedLastMove tints the squares of the move's chain in the last-move colours
// at the end (those Options.LastMove tints already stay as they are).
func (r *renderer) animatedLastMove() {
	tl := r.anim
	var set pacosako.Bitboard
	for _, s := range tl.chain {
		set |= pacosako.SquareSet(s)
	}
	set &^= r.opt.LastMove
	vis := make([]string, tl.phases())
	for j := range vis {
		vis[j] = visibility(j == len(vis)-1)
	}
	for _, s := range squaresInOrder() {
		if !set.Has(s) {
			continue
		}
		x, y := r.origin(s)
		c := r.colors.darkLast
		if isLight(s) {
			c = r.colors.lightLast
		}
		r.printf(`<rect class="lastmove %v" x="%s" y="%s" width="100" height="100" %s visibility="hidden">`+"\n", s, num(x), num(y), c.attr("fill"))
		r.animatePhases("visibility", vis)
		r.printf("</rect>\n")
	}
}

// animatedBlast tints the squares of an Atomic capture's blast (those
// Options.Blast tints already stay as they are): invisible until the explosion,
// fading in while it removes the pieces, shown to the end.
func (r *renderer) animatedBlast() {
	tl := r.anim
	set := tl.blast &^ r.opt.Blast
	if set == 0 {
		return
	}
	vals := make([]string, len(tl.frames))
	for f := range vals {
		vals[f] = "0"
		if f > tl.blastAt {
			vals[f] = "1"
		}
	}
	for _, s := range squaresInOrder() {
		if set.Has(s) {
			r.printf(`%s opacity="0">`+"\n", r.blastRect(s))
			r.animateFrames("opacity", "", vals)
			r.printf("</rect>\n")
		}
	}
}
