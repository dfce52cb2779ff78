package engine

import (
	"strconv"
)

// Score is the value of a position for the side to move: centipawns (a pawn is
// worth 100; positive is good for the side to move), or a forced win or loss.
// Higher is better. A win in n half-moves is MateScore - n, a loss in n
// half-moves -(MateScore - n); every other score lies strictly between
// -MaxCentipawns and MaxCentipawns. A win is Paco in Paco Ŝako and, in
// Atomic, exploding the enemy king or checkmate.
type Score int32

// The bounds of scores. MateScore - MaxPly is the smallest score of a win the
// search can find.
const (
	MateScore     Score = 32000
	MaxCentipawns Score = 20000
)

// IsMate reports whether s is a forced win or loss.
func (s Score) IsMate() bool { return s > MaxCentipawns || s < -MaxCentipawns }

// Mate returns the distance of a forced win in moves of the winner: n > 0 when
// the side to move wins with its n-th move from here, n < 0 when it loses, the
// opponent winning with its -n-th move; 0 when s is not a forced result.
func (s Score) Mate() int {
	switch {
	case s > MaxCentipawns:
		return (int(MateScore-s) + 1) / 2
	case s < -MaxCentipawns:
		return -(int(MateScore+s) + 1) / 2
	}
	return 0
}

// Plies returns the distance of a forced win or loss in half-moves (0 when s is
// not a forced result): win in 1 move is 1 half-move, a loss in 1 move (the
// opponent wins with its first move) 2.
func (s Score) Plies() int {
	switch {
	case s > MaxCentipawns:
		return int(MateScore - s)
	case s < -MaxCentipawns:
		return int(MateScore + s)
	}
	return 0
}

// Centipawns returns s in centipawns; for a forced result it is ±MateScore
// less the distance in half-moves, beyond every evaluation.
func (s Score) Centipawns() int { return int(s) }

// String writes s as analysis programs show scores: "+0.35", "-1.20", "0.00",
// a forced win "#3" (in three moves), a forced loss "#-2".
func (s Score) String() string {
	if n := s.Mate(); n != 0 {
		return "#" + strconv.Itoa(n)
	}
	v := int(s)
	sign := "+"
	if v < 0 {
		sign, v = "-", -v
	} else if v == 0 {
		sign = ""
	}
	frac := strconv.Itoa(v % 100)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.Itoa(v/100) + "." + frac
}

// UCI writes s as the UCI protocol's info line does: "cp 35", "mate 3",
// "mate -2".
func (s Score) UCI() string {
	if n := s.Mate(); n != 0 {
		return "mate " + strconv.Itoa(n)
	}
	return "cp " + strconv.Itoa(int(s))
}

// winIn returns the score of a win in n half-moves from the root; lossIn of a
// loss.
func winIn(n int) int  { return int(MateScore) - n }
func lossIn(n int) int { return -int(MateScore) + n }

// mateBound is the least absolute value of a forced result.
const mateBound = int(MaxCentipawns) + 1
