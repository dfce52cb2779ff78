package uci

import (
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// Limits are the limits of one search, the arguments of "go". At least one of
// a clock (WTime or BTime), MoveTime, Depth, Nodes or Infinite must be given,
// so that the engine knows when to stop; an Infinite search runs until Stop or
// the call's context ends.
type Limits struct {
	WTime, BTime time.Duration // the players' clocks
	WInc, BInc   time.Duration // their increments per move
	MovesToGo    int           // moves to the next time control (0: none, sudden death)
	MoveTime     time.Duration // search exactly this long
	Depth        int           // search to this depth (half-moves)
	Nodes        int64         // search this many nodes
	Infinite     bool          // search until stopped
	// SearchMoves restricts the search to these moves of the position
	// searched (none: every move).
	SearchMoves []atomic.Move
}

// check reports limits that are negative or give no way to stop, and search
// moves that are not legal in root.
func (l Limits) check(root atomic.Position) error {
	fail := func(reason string) error { return &limitsError{reason} }
	for _, d := range []time.Duration{l.WTime, l.BTime, l.WInc, l.BInc, l.MoveTime} {
		if d < 0 {
			return fail("a negative time")
		}
	}
	if l.MovesToGo < 0 || l.Depth < 0 || l.Nodes < 0 {
		return fail("a negative movestogo, depth or nodes")
	}
	if l.WTime == 0 && l.BTime == 0 && l.MoveTime == 0 && l.Depth == 0 && l.Nodes == 0 && !l.Infinite {
		return fail("no clock, movetime, depth, nodes or infinite: the engine would not know when to stop")
	}
	for _, m := range l.SearchMoves {
		if !root.IsLegal(m) {
			return &IllegalMoveError{Move: m.UCI(), FEN: root.FEN(), Where: "searchmoves"}
		}
	}
	return nil
}

type limitsError struct{ reason string }

func (e *limitsError) Error() string { return ErrInvalidLimits.Error() + ": " + e.reason }
func (e *limitsError) Unwrap() error { return ErrInvalidLimits }

// ms writes a duration in whole milliseconds, at least 1 for a positive one.
func ms(d time.Duration) string {
	n := d.Milliseconds()
	if n == 0 && d > 0 {
		n = 1
	}
	return strconv.FormatInt(n, 10)
}

// command returns the "go" line. searchmoves comes last: engines read every
// word after it as a move.
func (l Limits) command(chess960 bool) string {
	var b strings.Builder
	b.WriteString("go")
	if l.WTime > 0 || l.BTime > 0 {
		b.WriteString(" wtime " + ms(l.WTime) + " btime " + ms(l.BTime))
		if l.WInc > 0 {
			b.WriteString(" winc " + ms(l.WInc))
		}
		if l.BInc > 0 {
			b.WriteString(" binc " + ms(l.BInc))
		}
		if l.MovesToGo > 0 {
			b.WriteString(" movestogo " + strconv.Itoa(l.MovesToGo))
		}
	}
	if l.MoveTime > 0 {
		b.WriteString(" movetime " + ms(l.MoveTime))
	}
	if l.Depth > 0 {
		b.WriteString(" depth " + strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		b.WriteString(" nodes " + strconv.FormatInt(l.Nodes, 10))
	}
	if l.Infinite {
		b.WriteString(" infinite")
	}
	if len(l.SearchMoves) > 0 {
		b.WriteString(" searchmoves")
		for _, m := range l.SearchMoves {
			b.WriteString(" " + MoveText(m, chess960))
		}
	}
	return b.String()
}

// budget is how long the engine may think by the limits (movetime, or the
// mover's clock), and whether they bound it at all.
func (l Limits) budget(turn pacosako.Color) (time.Duration, bool) {
	switch {
	case l.Infinite:
		return 0, false
	case l.MoveTime > 0:
		return l.MoveTime, true
	case l.WTime > 0 || l.BTime > 0:
		if turn == pacosako.White {
			return l.WTime, true
		}
		return l.BTime, true
	}
	return 0, false
}
