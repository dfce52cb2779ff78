package svg

import (
	"time"

	"github.com/pacosako-go/pacosako"
)

// The timeline of an animated move: the scenes its actions pass through, when each
// is reached, and which figure of one scene is which figure of the next, so that a
// figure that changes place can be drawn travelling.

// slot is where a figure stands in the box of its square or of the hand: alone in
// the middle, or as the black or the white figure of a union.
type slot uint8

const (
	alone slot = iota
	unionBlack
	unionWhite
)

// figure is a piece as drawn: its colour and role.
type figure struct {
	color pacosako.Color
	role  pacosako.Role
}

// spot is where a figure is drawn: on square sq, or in the hand hovering over it
// (higher and smaller when sq holds pieces, as the still drawing shows the hand).
type spot struct {
	sq   pacosako.Square
	slot slot
	hand bool
	high bool
}

// placed is a figure and where it is drawn.
type placed struct {
	figure
	spot
}

// scene is what one moment of the animation shows: every figure and its spot,
// board squares a1..h8 first (a union's black figure before its white one), then
// the hand.
type scene []placed

// sceneOf returns what the still drawing of board b with hand h shows.
func sceneOf(b pacosako.Board, h pacosako.Hand) scene {
	var sc scene
	for s := pacosako.A1; s <= pacosako.H8; s++ {
		sc = appendCell(sc, b.Cell(s), spot{sq: s})
	}
	if !h.IsEmpty() && h.Square.IsValid() {
		sc = appendCell(sc, h.Cell(), spot{sq: h.Square, hand: true, high: !b.Cell(h.Square).IsEmpty()})
	}
	return sc
}

// pacoScene returns what the still drawing of the Paco Ŝako position p shows.
func pacoScene(p pacosako.Position) scene { return sceneOf(p.Board(), p.Hand()) }

// appendCell adds the figures of c at spot at, as renderer.cell draws them (a
// union with a role it cannot draw shows nothing).
func appendCell(sc scene, c pacosako.Cell, at spot) scene {
	drawable := func(r pacosako.Role) bool { return r != pacosako.NoRole && r <= pacosako.King }
	switch {
	case c.IsUnion():
		if drawable(c.Black) && drawable(c.White) {
			at.slot = unionBlack
			sc = append(sc, placed{figure{pacosako.Black, c.Black}, at})
			at.slot = unionWhite
			sc = append(sc, placed{figure{pacosako.White, c.White}, at})
		}
	case drawable(c.White):
		sc = append(sc, placed{figure{pacosako.White, c.White}, at})
	case drawable(c.Black):
		sc = append(sc, placed{figure{pacosako.Black, c.Black}, at})
	}
	return sc
}

// hoverOver returns sc (a scene of board b) with the hand moved over square t,
// where it waits before it is placed there.
func hoverOver(sc scene, b pacosako.Board, t pacosako.Square) scene {
	out := make(scene, len(sc))
	copy(out, sc)
	high := !b.Cell(t).IsEmpty()
	for i := range out {
		if out[i].hand {
			out[i].sq, out[i].high = t, high
		}
	}
	return out
}

// timeline is an animated move: its scenes, the time each is reached, and the
// tracks that follow a figure from scene to scene.
type timeline struct {
	frames []scene
	times  []time.Duration // times[i]: when frames[i] is shown; times[0] is 0
	track  [][]int         // track[f][i]: the track of frames[f][i]
	tracks int             // the number of tracks
	once   bool

	chain            []pacosako.Square // the move's squares, tinted at the end
	endSako, endPaco pacosako.Bitboard // highlights of the position after the move
	endCheck         pacosako.Bitboard // an Atomic king in check after the move
	blast            pacosako.Bitboard // an Atomic capture's blast, shown from frame blastAt on
	blastAt          int
}

// startTimeline returns a timeline whose first scene, sc, is held for hold.
func startTimeline(sc scene, hold time.Duration) *timeline {
	tl := &timeline{frames: []scene{sc}, times: []time.Duration{0}}
	tl.add(sc, hold)
	return tl
}

// add appends the scene sc, reached d after the last one.
func (tl *timeline) add(sc scene, d time.Duration) {
	tl.frames = append(tl.frames, sc)
	tl.times = append(tl.times, tl.times[len(tl.times)-1]+d)
}

// last returns the last scene added.
func (tl *timeline) last() scene { return tl.frames[len(tl.frames)-1] }

// finish holds the last scene for hold, sets the squares tinted at the end and
// follows the figures from scene to scene.
func (tl *timeline) finish(hold time.Duration, chain []pacosako.Square) {
	tl.add(tl.last(), hold)
	tl.chain = chain
	tl.assignTracks()
}

// phases returns the number of phases: the spans between consecutive frames.
func (tl *timeline) phases() int { return len(tl.frames) - 1 }

// total returns the length of one run of the animation.
func (tl *timeline) total() time.Duration { return tl.times[len(tl.times)-1] }

// newTimeline plays m from p action by action and lays out the scenes: the
// position before the move held for hold; each Lift raising the piece into the
// hand (step/2); each Place carrying the hand over its square (step) and setting it
// down there, which lifts the released figure into the hand (step/2), followed by
// a pause (step/4) when the move goes on; each Promote turning the pawn into its
// new piece (step/2); the position after the move held for hold, its Ŝako and
// Paco highlights as opt lets them.
func newTimeline(p pacosako.Position, m pacosako.Move, opt Options, step, hold time.Duration) (*timeline, error) {
	actions := m.Actions()
	if len(actions) == 0 {
		return nil, invalid("the move to animate has no actions")
	}
	tl := startTimeline(pacoScene(p), hold)
	cur := p
	for i, a := range actions {
		next, err := cur.Apply(a)
		if err != nil {
			return nil, invalidMove(i, a, err)
		}
		switch a.Kind {
		case pacosako.PlaceKind:
			tl.add(hoverOver(tl.last(), cur.Board(), a.Square), step)
			tl.add(pacoScene(next), step/2)
			if i < len(actions)-1 && !next.Hand().IsEmpty() {
				tl.add(tl.last(), step/4)
			}
		default:
			tl.add(pacoScene(next), step/2)
		}
		cur = next
	}
	tl.finish(hold, pacoChain(p, m).Squares)
	tl.endSako, tl.endPaco = highlighted(cur, opt)
	return tl, nil
}

// assignTracks follows every figure from frame to frame (see match); a figure
// that is new in a frame starts a track of its own.
func (tl *timeline) assignTracks() {
	tl.track = make([][]int, len(tl.frames))
	for f, sc := range tl.frames {
		tl.track[f] = make([]int, len(sc))
		var from []int
		if f > 0 {
			from = match(tl.frames[f-1], sc)
		}
		for i := range sc {
			if from != nil && from[i] >= 0 {
				tl.track[f][i] = tl.track[f-1][from[i]]
			} else {
				tl.track[f][i] = tl.tracks
				tl.tracks++
			}
		}
	}
}

// match pairs the figures of b with those of a: the same figure at the same spot,
// then the same figure on the same square (lifted, released, set down), then the
// same figure at the nearest square (carried, or the rook of a castling). It
// returns, for every figure of b, the index of its figure in a, or -1 for one that
// was not there (a promoted piece; the pawn it replaces has no match either).
func match(a, b scene) []int {
	from := make([]int, len(b))
	taken := make([]bool, len(a))
	for i := range from {
		from[i] = -1
	}
	pass := func(ok func(x, y placed) bool, nearest bool) {
		for i, y := range b {
			if from[i] >= 0 {
				continue
			}
			best, bestD := -1, 0
			for j, x := range a {
				if taken[j] || !ok(x, y) {
					continue
				}
				d := distance(x.sq, y.sq)
				if best < 0 || nearest && d < bestD {
					best, bestD = j, d
				}
				if !nearest {
					break
				}
			}
			if best >= 0 {
				from[i], taken[best] = best, true
			}
		}
	}
	pass(func(x, y placed) bool { return x == y }, false)
	pass(func(x, y placed) bool { return x.figure == y.figure && x.sq == y.sq }, false)
	pass(func(x, y placed) bool { return x.figure == y.figure }, true)
	return from
}

// distance is the squared distance between the centres of two squares, in squares.
func distance(s, t pacosako.Square) int {
	df, dr := s.File()-t.File(), s.Rank()-t.Rank()
	return df*df + dr*dr
}

// at returns where track k is in frame f, and whether it is there.
func (tl *timeline) at(k, f int) (placed, bool) {
	for i, t := range tl.track[f] {
		if t == k {
			return tl.frames[f][i], true
		}
	}
	return placed{}, false
}

// resting reports whether track k stands still on the board through phase j (from
// frame j to frame j+1): then the square it stands on draws it.
func (tl *timeline) resting(k, j int) bool {
	a, okA := tl.at(k, j)
	b, okB := tl.at(k, j+1)
	return okA && okB && a == b && !a.hand
}

// moving reports whether track k is drawn as a moving figure in phase j: it is in
// the hand, changes place, appears or disappears.
func (tl *timeline) moving(k, j int) bool {
	_, okA := tl.at(k, j)
	_, okB := tl.at(k, j+1)
	return (okA || okB) && !tl.resting(k, j)
}
