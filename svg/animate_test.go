package svg

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako"
)

// Moves the animation tests play: the rules page's chain (two takeovers, each
// releasing a figure into the hand), a chain with a promotion inside it (a black
// pawn takes over a union on d1, promotes there, and the released rook goes on),
// castling (the rook moves with the king), and the rest of the rules page's chain
// from the middle of the move (the knight already in the hand).
const (
	promoChainFEN = "4k3/8/8/8/8/8/4p3/3C3K b 0 - - -"
	promoChainSAN = "exd1=Q,Rd1-d5"
	castleFEN     = "4k3/8/8/8/8/8/8/4K2R w 0 H - -"
)

var animMoves = []struct {
	name, fen, san string
}{
	{"chain", rules1FEN, chainSAN},
	{"promotion", promoChainFEN, promoChainSAN},
	{"castling", castleFEN, "O-O"},
	{"hand", handFEN, "Ne4xc3,Qc3xc6"},
}

// checkpoint is a moment of an animation and the still drawing it must show
// then: a board, the hand, and the squares of an explosion once it is shown (an
// Atomic capture's).
type checkpoint struct {
	at    time.Duration
	what  string
	board pacosako.Board
	hand  pacosako.Hand
	blast pacosako.Bitboard
}

// pacoCheckpoint is the checkpoint at which the still drawing of p is shown.
func pacoCheckpoint(at time.Duration, what string, p pacosako.Position) checkpoint {
	return checkpoint{at: at, what: what, board: p.Board(), hand: p.Hand()}
}

// schedule computes, from the timing Animation documents, the moments at which an
// animation of m shows a position: the start, the end of each phase, the end.
func schedule(t *testing.T, p pacosako.Position, m pacosako.Move, step, hold time.Duration) []checkpoint {
	t.Helper()
	out := []checkpoint{pacoCheckpoint(0, "start", p), pacoCheckpoint(hold, "after the hold", p)}
	now, cur := hold, p
	actions := m.Actions()
	for i, a := range actions {
		next, err := cur.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		switch a.Kind {
		case pacosako.PlaceKind:
			// The hand over the square it is placed on: the FEN's hand square moved.
			fen := cur.FEN()
			j := strings.Index(fen, "^")
			hover := pacosako.MustParseFEN(fen[:j+1] + a.Square.String() + fen[j+3:])
			now += step
			out = append(out, pacoCheckpoint(now, fmt.Sprintf("action %d %v: over its square", i+1, a), hover))
			now += step / 2
			out = append(out, pacoCheckpoint(now, fmt.Sprintf("action %d %v: set down", i+1, a), next))
			if i < len(actions)-1 && !next.Hand().IsEmpty() {
				now += step / 4
				out = append(out, pacoCheckpoint(now, fmt.Sprintf("action %d %v: waiting", i+1, a), next))
			}
		default:
			now += step / 2
			out = append(out, pacoCheckpoint(now, fmt.Sprintf("action %d %v", i+1, a), next))
		}
		cur = next
	}
	now += hold
	return append(out, pacoCheckpoint(now, "end", cur))
}

// frameTimings are the timings and options the frame tests play every move with.
var frameTimings = []struct {
	name string
	a    Animation
	opt  Options
}{
	{"default", Animation{}, Options{}},
	{"slow-once-flipped", Animation{Step: 1500 * time.Millisecond, Hold: 300 * time.Millisecond, Once: true}, Options{Orientation: pacosako.Black, Coordinates: true}},
}

// TestAnimationFrames plays every move of animMoves with two timings and checks
// the animation against the actions (see checkFrames): a lifted or released
// figure hovers in the hand over its square, a carried one over the square it is
// about to be set down on.
func TestAnimationFrames(t *testing.T) {
	for _, mv := range animMoves {
		for _, tm := range frameTimings {
			t.Run(mv.name+"/"+tm.name, func(t *testing.T) {
				p := pacosako.MustParseFEN(mv.fen)
				m := mustMove(t, p, mv.san)
				var b strings.Builder
				if err := Animate(&b, p, m, tm.opt, tm.a); err != nil {
					t.Fatal(err)
				}
				checkFrames(t, b.String(), schedule(t, p, m, cmpOr(tm.a.Step, DefaultStep), cmpOr(tm.a.Hold, DefaultHold)), tm.opt, tm.a.Once)
			})
		}
	}
}

// checkFrames checks an animation drawn with opt against its schedule cps: the
// run lasts as long as the schedule, every key time is one of its moments, and
// at each moment the figures (and blast squares) drawn are exactly those of the
// still drawing of that moment.
func checkFrames(t *testing.T, doc string, cps []checkpoint, opt Options, once bool) {
	t.Helper()
	checkWellFormed(t, doc)
	checkKeyTimes(t, doc, cps, once)
	total := cps[len(cps)-1].at
	for _, cp := range cps {
		x := float64(cp.at) / float64(total)
		still := opt
		still.Blast = cp.blast
		want := drawnAt(t, drawingString(t, cp.board, cp.hand, still), 0)
		if d := sameDrawing(drawnAt(t, doc, x), want); d != "" {
			t.Errorf("at %v (%s, %.4f of the run), the drawing of %s (hand %v) differs:\n%s", cp.at, cp.what, x, cp.board.FEN(), cp.hand, d)
		}
	}
}

// drawingString returns the still drawing of a board and hand with opt, drawn by
// the core both games share.
func drawingString(t testing.TB, board pacosako.Board, hand pacosako.Hand, opt Options) string {
	t.Helper()
	r, err := newRenderer(drawing{board: board, hand: hand, fen: board.FEN()}, opt)
	if err != nil {
		t.Fatal(err)
	}
	r.draw()
	return r.buf.String()
}

func cmpOr(d, def time.Duration) time.Duration {
	if d == 0 {
		return def
	}
	return d
}

// checkKeyTimes requires every animation element of doc to run for the whole
// schedule (looping, or once and then frozen) and to change only at its moments.
func checkKeyTimes(t *testing.T, doc string, cps []checkpoint, once bool) {
	t.Helper()
	total := cps[len(cps)-1].at
	wantDur := strconv.FormatFloat(float64(total)/float64(time.Millisecond), 'f', -1, 64) + "ms"
	n := 0
	var walk func(*node)
	walk = func(nd *node) {
		for _, c := range nd.children {
			walk(c)
		}
		if nd.name != "animate" && nd.name != "animateTransform" {
			return
		}
		n++
		if nd.attr["dur"] != wantDur {
			t.Fatalf("dur=%q, want %s", nd.attr["dur"], wantDur)
		}
		if once && (nd.attr["fill"] != "freeze" || nd.attr["repeatCount"] != "") || !once && (nd.attr["repeatCount"] != "indefinite" || nd.attr["fill"] != "") {
			t.Fatalf("once=%v: fill=%q repeatCount=%q", once, nd.attr["fill"], nd.attr["repeatCount"])
		}
	keys:
		for _, k := range floats(t, strings.ReplaceAll(nd.attr["keyTimes"], ";", " ")) {
			for _, cp := range cps {
				if math.Abs(k-float64(cp.at)/float64(total)) <= keyTolerance {
					continue keys
				}
			}
			t.Errorf("key time %v of %s %q is no moment an action begins or ends", k, nd.name, nd.attr["attributeName"])
		}
	}
	walk(parseTree(t, doc))
	if n == 0 {
		t.Fatal("no animation elements")
	}
}

// TestAnimationSwap follows the rules page's chain Bxe4,Ne4xc3,Qc3xc6 figure by
// figure: one moving bishop is lifted from f3 (its box at 500,500), hovers there
// (at 90 %, 30 units up: 505,470), is carried over e4 (a square with pieces: 75 %,
// 48 up: 412.5,352) and set down as the white figure of the union there (70 %:
// 402,428), while the white knight rises from that place into the hand over e4.
func TestAnimationSwap(t *testing.T) {
	p := pacosako.MustParseFEN(rules1FEN)
	var b strings.Builder
	if err := Animate(&b, p, mustMove(t, p, chainSAN), Options{}, Animation{}); err != nil {
		t.Fatal(err)
	}
	doc := b.String()
	// Default timing: hold 1 s; lift 0.4 s; carry 0.8 s; set down 0.4 s; wait
	// 0.2 s; … of a run of 6.4 s.
	at := func(s float64) float64 { return s / 6.4 }
	moving := func(id string) *node {
		var found *node
		var walk func(*node)
		walk = func(n *node) {
			if n.name == "g" && n.attr["class"] == "moving "+strings.ReplaceAll(id, "-", " ") {
				if found != nil {
					t.Fatalf("two moving %s", id)
				}
				found = n
			}
			for _, c := range n.children {
				walk(c)
			}
		}
		walk(parseTree(t, doc))
		if found == nil {
			t.Fatalf("no moving %s in\n%s", id, doc)
		}
		return found
	}
	bishop, knight := moving("white-bishop"), moving("white-knight")
	for _, c := range []struct {
		n    *node
		s    float64 // seconds into the run
		want string  // its box
		vis  string
	}{
		{bishop, 0, "500,500", "hidden"}, // on f3, drawn by the square
		{bishop, 1, "500,500", "visible"},
		{bishop, 1.4, "505,470", "visible"},
		{bishop, 2.2, "412.5,352", "visible"},
		{bishop, 2.6, "402,428", "hidden"}, // in the union, drawn by the square
		{knight, 2.2, "402,428", "visible"},
		{knight, 2.6, "412.5,352", "visible"},
		{knight, 3.6, "212.5,452", "visible"}, // over c3
	} {
		x := at(c.s)
		pos, _ := attrAt(t, c.n, "transform", "translate", x)
		vis, _ := attrAt(t, c.n, "visibility", "", x)
		if pos != c.want || vis != c.vis {
			t.Errorf("%s at %v s: at %s, %s; want %s, %s", c.n.attr["class"], c.s, pos, vis, c.want, c.vis)
		}
	}
}

// TestAnimationStill: the moment the animation starts with is the still drawing
// of the position with the move's chain, and the document without its animation
// elements is that drawing too (what a renderer without SMIL shows).
func TestAnimationStill(t *testing.T) {
	for _, mv := range animMoves {
		p := pacosako.MustParseFEN(mv.fen)
		m := mustMove(t, p, mv.san)
		opt := Options{Coordinates: true, Arrows: []Arrow{{From: pacosako.A1, To: pacosako.H8}}}
		var b strings.Builder
		if err := Animate(&b, p, m, opt, Animation{}); err != nil {
			t.Fatal(err)
		}
		still := opt
		still.Chains = []Chain{chainOf(t, p, m)}
		want := drawnAt(t, String(p, still), 0)
		noSMIL := regexp.MustCompile(`<animate[^>]*/>\n`).ReplaceAllString(b.String(), "")
		if d := sameDrawing(drawnAt(t, noSMIL, 0), want); d != "" {
			t.Errorf("%s without SMIL:\n%s", mv.name, d)
		}
		if d := sameDrawing(drawnAt(t, b.String(), 0), want); d != "" {
			t.Errorf("%s at the start:\n%s", mv.name, d)
		}
		if !strings.Contains(b.String(), `<g class="chain line `+chainName(chainOf(t, p, m))) {
			t.Errorf("%s: the move's chain is not drawn", mv.name)
		}
	}
}

func chainName(c Chain) string {
	var s string
	for _, q := range c.Squares {
		s += q.String()
	}
	return s
}

func TestAnimateErrors(t *testing.T) {
	p := pacosako.MustParseFEN(rules1FEN)
	m := mustMove(t, p, chainSAN)
	other := mustMove(t, pacosako.StartingPosition(), "e4")
	for _, c := range []struct {
		name string
		p    pacosako.Position
		m    pacosako.Move
		opt  Options
		a    Animation
		want string
	}{
		{"negative step", p, m, Options{}, Animation{Step: -time.Second}, "animation Step -1s is not between 10ms and 10m"},
		{"short hold", p, m, Options{}, Animation{Hold: time.Millisecond}, "animation Hold 1ms"},
		{"long step", p, m, Options{}, Animation{Step: time.Hour}, "animation Step 1h0m0s"},
		{"no move", p, pacosako.Move{}, Options{}, Animation{}, "the move to animate has no actions"},
		{"another position's move", p, other, Options{}, Animation{}, "the move is not one of the position drawn: action 1 Lift(e2)"},
		{"bad options", p, m, Options{Size: -1}, Animation{}, "negative size"},
	} {
		var b strings.Builder
		err := Animate(&b, c.p, c.m, c.opt, c.a)
		if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInvalidOptions with %q", c.name, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("%s: wrote %d bytes", c.name, b.Len())
		}
	}
	err := Animate(failWriter{}, p, m, Options{}, Animation{})
	if err == nil || err.Error() != "disk full" {
		t.Errorf("to a failing writer: %v", err)
	}
	if err := Animate(&strings.Builder{}, p, other, Options{}, Animation{}); !errors.Is(err, pacosako.ErrIllegalAction) {
		t.Errorf("another position's move: %v, want it to wrap ErrIllegalAction too", err)
	}
}
