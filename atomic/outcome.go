package atomic

import (
	"fmt"
	"math/bits"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/attacks"
	"github.com/pacosako-go/pacosako/internal/outcome"
)

// Termination says how a game ended, or Running.
type Termination uint8

// Terminations, as lichess ends games. A position shows the first five, in the order
// Position.Outcome tests them; NoProgress and Repetition need a game's history
// (Game applies them, or a player claims them: Game.ClaimDraw), and the last four
// are recorded by the players (Game.Resign, Game.AgreeDraw, Game.Timeout).
const (
	Running      Termination = iota // the game is running
	KingExploded                    // a king was exploded: its owner lost
	Checkmate                       // the side to move is in check and has no legal move: it lost
	Stalemate                       // draw: the side to move is not in check and has no legal move
	// InsufficientMaterial: draw: neither side can win, as lichess judges it
	// (Position.IsDeadPosition), lichess's name for the ending.
	InsufficientMaterial
	NoProgress  // draw: no capture or pawn move for the game's limit (100 half-moves by default, as on lichess), or claimed at its claim under a later limit
	Repetition  // draw: the same position for the game's limit's time (the fifth by default), or claimed at its claim (the third)
	Resignation // the loser resigned
	Agreement   // draw by agreement
	// Timeout: the loser ran out of time (Game.Timeout: while the winner had
	// more than a bare king; a record's win on time, whatever the material).
	Timeout
	// TimeoutDraw: draw on time: a player ran out of time and the game is drawn
	// (Game.Timeout: the other had nothing but its king, as lichess rules; a
	// record's draw on time, lichess's "Time forfeit" with 1/2-1/2, whatever the
	// material: the record does not say whose flag fell, nor why it drew).
	TimeoutDraw
)

var terminationNames = [...]string{"Running", "KingExploded", "Checkmate", "Stalemate", "InsufficientMaterial",
	"NoProgress", "Repetition", "Resignation", "Agreement", "Timeout", "TimeoutDraw"}

// String returns the constant's name ("Checkmate").
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return fmt.Sprintf("Termination(%d)", uint8(t))
}

// IsDraw reports whether the termination ends the game without a winner.
func (t Termination) IsDraw() bool {
	return t == Stalemate || t == InsufficientMaterial || t == NoProgress || t == Repetition || t == Agreement || t == TimeoutDraw
}

// Outcome is the state of a game: running, won (Winner says by whom) or drawn.
type Outcome struct {
	Termination Termination    // how the game ended, or Running
	Winner      pacosako.Color // meaningful only when the termination has a winner
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Termination != Running }

// Won reports whether the game ended with a winner (a king exploded or mated, the
// other side resigned or ran out of time), and which.
func (o Outcome) Won() (pacosako.Color, bool) {
	switch o.Termination {
	case KingExploded, Checkmate, Resignation, Timeout:
		return o.Winner, true
	}
	return o.Winner, false
}

// Result returns the outcome as a PGN result token: "1-0" (White won), "0-1"
// (Black won), "1/2-1/2" (a draw) or "*" (running).
func (o Outcome) Result() string {
	switch w, won := o.Won(); {
	case won:
		return [2]string{"1-0", "0-1"}[w&1]
	case o.Termination.IsDraw():
		return "1/2-1/2"
	}
	return "*"
}

// kinds maps the terminations to the ending words both games share.
var kinds = [...]outcome.Kind{
	Running: outcome.Running, KingExploded: outcome.KingExploded, Checkmate: outcome.Checkmate,
	Stalemate: outcome.Stalemate, InsufficientMaterial: outcome.InsufficientMaterial, NoProgress: outcome.NoProgress,
	Repetition: outcome.Repetition, Resignation: outcome.Resignation, Agreement: outcome.Agreement,
	Timeout: outcome.Timeout, TimeoutDraw: outcome.TimeoutDraw,
}

// String says how the game stands, in the words players read, the same words as
// Paco Ŝako's Outcome for the same ending: "running", "Black's king exploded" (the
// loser's), "White wins by checkmate", "drawn by stalemate", "drawn by
// insufficient material", "drawn by the no-progress rule", "drawn by
// repetition", "White resigned", "drawn by agreement", "Black ran out of time",
// "drawn on time" (TimeoutDraw).
func (o Outcome) String() string {
	if int(o.Termination) < len(kinds) {
		return outcome.Words(kinds[o.Termination], o.Winner.String(), o.Winner.Other().String())
	}
	return o.Termination.String()
}

// Outcome returns the state of the game in p, testing in this order (python-chess's,
// the vectors' status column): a king exploded (the side to move's first: its
// opponent won; then the other side's: the side to move won), checkmate (the side
// to move lost), stalemate, a position where neither side can win as lichess
// judges it (IsDeadPosition: InsufficientMaterial, a draw), else running. Where
// lichess and python-chess differ on the last, lichess decides: python-chess's
// IsInsufficientMaterial ends no game. The draws by repetition and no progress
// need a game's history and are not applied here.
func (p Position) Outcome() Outcome {
	us := pacosako.Color(p.turn & 1)
	switch {
	case p.pieces[king]&p.colors[us] == 0:
		return Outcome{Termination: KingExploded, Winner: us.Other()}
	case p.pieces[king]&p.colors[us.Other()] == 0:
		return Outcome{Termination: KingExploded, Winner: us}
	}
	if !p.hasMoves() {
		if p.InCheck() {
			return Outcome{Termination: Checkmate, Winner: us.Other()}
		}
		return Outcome{Termination: Stalemate}
	}
	if p.IsDeadPosition() {
		return Outcome{Termination: InsufficientMaterial}
	}
	return Outcome{}
}

// IsOver reports whether the game has ended: p.Outcome().IsOver().
func (p Position) IsOver() bool { return p.Outcome().IsOver() }

// InCheck reports whether the side to move is in check (docs/atomic-rules.md rule 6): its king
// is attacked as in chess by an enemy piece other than the king, and the two kings
// do not stand on adjacent squares. False when a king is missing.
func (p Position) InCheck() bool {
	us := int(p.turn & 1)
	ours, theirs := p.colors[us], p.colors[us^1]
	k, tk := p.pieces[king]&ours, p.pieces[king]&theirs
	if k == 0 || tk == 0 {
		return false
	}
	ks := lsb(k)
	return attacks.King[ks]&tk == 0 && p.attacked(us, ks, ours|theirs, theirs)
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p Position) IsCheckmate() bool { return p.InCheck() && !p.hasMoves() }

// IsStalemate reports whether the side to move, with both kings on the board, is
// not in check and has no legal move.
func (p Position) IsStalemate() bool {
	var g gen
	return g.init(&p) && !g.checked && !p.hasMoves()
}

// Light squares (b1, a2, …): a bishop stays on squares of one colour.
const lightSquares uint64 = 0x55AA55AA55AA55AA

// HasInsufficientMaterial reports whether colour c cannot win by any sequence of
// moves as python-chess judges it (its has_insufficient_material). It is a
// query and ends no game: lichess's rule, IsDeadPosition, does (Outcome). Never
// once the enemy king is gone; always when c has nothing but its king; when the enemy
// has pieces besides its king, only if every piece on the board besides the kings
// is a bishop, c's all on squares of one colour and the enemy's all on the other
// (they cannot explode one another); when the enemy king is bare, if c has no
// queen and no pawn and either a single knight, bishop or rook, or only knights,
// at most two.
func (p Position) HasInsufficientMaterial(c pacosako.Color) bool {
	if c > pacosako.Black {
		return false
	}
	ours, theirs := p.colors[c], p.colors[c^1]
	kings := p.pieces[king]
	switch {
	case theirs&kings == 0:
		return false
	case ours&^kings == 0:
		return true
	case theirs&^kings != 0:
		occ := ours | theirs
		if occ != p.pieces[bishop]|kings {
			return false
		}
		ob, tb := p.pieces[bishop]&ours, p.pieces[bishop]&theirs
		return ob&lightSquares == 0 && tb&^lightSquares == 0 || ob&^lightSquares == 0 && tb&lightSquares == 0
	}
	if ours&(p.pieces[queen]|p.pieces[pawn]) != 0 {
		return false
	}
	minors := ours & (p.pieces[knight] | p.pieces[bishop] | p.pieces[rook])
	if bits.OnesCount64(minors) == 1 {
		return true
	}
	return ours&^kings == ours&p.pieces[knight] && bits.OnesCount64(ours&p.pieces[knight]) <= 2
}

// IsInsufficientMaterial reports whether neither side can win as python-chess
// judges it (HasInsufficientMaterial of both; its is_insufficient_material). It
// is a query and ends no game: lichess's rule, IsDeadPosition, does (Outcome).
// They differ: in kbK5/b7/B7/8/8/8/8/8 w - - 0 1 this says yes, yet White
// mates with Bb7#, and lichess plays it.
func (p Position) IsInsufficientMaterial() bool {
	return p.HasInsufficientMaterial(pacosako.White) && p.HasInsufficientMaterial(pacosako.Black)
}

// IsDeadPosition reports whether neither side can win, as lichess judges it:
// Outcome then ends the game, drawn, with the termination
// lichess calls InsufficientMaterial. It holds when
//
//   - (a) both sides have more than a bare king, and the kings and one bishop
//     each are all that is left, the bishops on squares of opposite colours
//     (they can never take one another);
//   - (b) a side has a bare king, and besides the kings only knights remain, at
//     most two, or a single rook, knight or bishop;
//   - (c) the position is closed: every piece but the kings and bishops is a
//     pawn that has a pawn on the square in front of it and no legal move if
//     its side were to move, and the bishops, if any, are one side's, on squares
//     of one colour, with every enemy pawn on squares of the other colour.
//
// It differs from python-chess's IsInsufficientMaterial, a query only.
// Cost: bit tests, and for (c) a move generation per side.
func (p Position) IsDeadPosition() bool {
	occ := p.occupied()
	kings, bishops := p.pieces[king], p.pieces[bishop]
	white, black := bits.OnesCount64(p.colors[0]), bits.OnesCount64(p.colors[1])
	switch {
	case white >= 2 && black >= 2:
		// (a): K+B against K+B, the bishops on squares of opposite colours.
		if occ == kings|bishops && white+black == 4 && bishops&lightSquares != 0 && bishops&^lightSquares != 0 {
			return true
		}
	case occ&^kings == occ&p.pieces[knight]:
		return bits.OnesCount64(occ&^kings) <= 2 // (b): at most two knights
	case occ&(p.pieces[queen]|p.pieces[pawn]) == 0 && bits.OnesCount64(occ&^kings) == 1:
		return true // (b): a single rook or bishop
	}
	return p.isClosed()
}

// isClosed reports rule (c) of IsDeadPosition: a closed position.
func (p *Position) isClosed() bool {
	occ, pawns, bishops := p.occupied(), p.pieces[pawn], p.pieces[bishop]
	if occ&^(p.pieces[king]|bishops|pawns) != 0 {
		return false
	}
	if bishops != 0 {
		side := 0
		if bishops&p.colors[1] != 0 {
			side = 1
		}
		shade := lightSquares // the bishops' squares' colour
		if bishops&lightSquares == 0 {
			shade = ^lightSquares
		}
		if bishops&p.colors[side^1] != 0 || bishops&^shade != 0 || pawns&p.colors[side^1]&shade != 0 {
			return false
		}
	}
	for c := 0; c < 2; c++ {
		ours := pawns & p.colors[c]
		if ours == 0 {
			continue
		}
		ahead := ours << 8
		if c == 1 {
			ahead = ours >> 8
		}
		if ours&(rank1|rank8) != 0 || ahead&pawns != ahead {
			return false // a pawn with no pawn in front of it
		}
		q := *p
		if int(q.turn&1) != c {
			q.turn, q.ep = uint8(c), noSquare // c to move: the en passant square was the other side's
		}
		var buf [maxMoves]Move
		for _, m := range q.appendMoves(buf[:0]) {
			if ours&(1<<m.from) != 0 {
				return false // a pawn that can move
			}
		}
	}
	return true
}
