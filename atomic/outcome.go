package atomic

import (
	"fmt"
	"math/bits"

	"github.com/pacosako-go/pacosako"
)

// Termination says how a game ended, or Running.
type Termination uint8

// Terminations (ATOMIC.md §1.10). A position shows the first five, in the order
// Position.Outcome tests them; NoProgress and Repetition need a game's history
// (Game applies them), and the last three are recorded by the players
// (Game.Resign, Game.AgreeDraw, Game.Timeout).
const (
	Running              Termination = iota // the game is running
	KingExploded                            // a king was exploded: its owner lost
	Checkmate                               // the side to move is in check and has no legal move: it lost
	Stalemate                               // draw: the side to move is not in check and has no legal move
	InsufficientMaterial                    // draw: neither side can explode the other's king (HasInsufficientMaterial)
	NoProgress                              // draw: no capture or pawn move for the game's no-progress limit (100 half-moves by default)
	Repetition                              // draw: the same position for the game's repetition limit's time (the third by default)
	Resignation                             // the loser resigned
	Agreement                               // draw by agreement
	Timeout                                 // the loser ran out of time
)

var terminationNames = [...]string{"Running", "KingExploded", "Checkmate", "Stalemate", "InsufficientMaterial",
	"NoProgress", "Repetition", "Resignation", "Agreement", "Timeout"}

// String returns the constant's name ("Checkmate").
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return fmt.Sprintf("Termination(%d)", uint8(t))
}

// IsDraw reports whether the termination ends the game without a winner.
func (t Termination) IsDraw() bool {
	return t == Stalemate || t == InsufficientMaterial || t == NoProgress || t == Repetition || t == Agreement
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

// String describes the outcome in words: "running", "checkmate", "stalemate",
// "insufficient material", "White's king exploded" or "Black's king exploded" (for
// a win by checkmate or explosion the loser is the side whose king is mated or
// gone), "no progress", "repetition", "White resigned" or "Black resigned",
// "agreement", "White ran out of time" or "Black ran out of time".
func (o Outcome) String() string {
	switch o.Termination {
	case Running:
		return "running"
	case KingExploded:
		return o.Winner.Other().String() + "'s king exploded"
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case InsufficientMaterial:
		return "insufficient material"
	case NoProgress:
		return "no progress"
	case Repetition:
		return "repetition"
	case Resignation:
		return o.Winner.Other().String() + " resigned"
	case Agreement:
		return "agreement"
	case Timeout:
		return o.Winner.Other().String() + " ran out of time"
	}
	return o.Termination.String()
}

// Outcome returns the state of the game in p, testing in this order (python-chess's,
// the vectors' status column): a king exploded (the side to move's first: its
// opponent won; then the other side's: the side to move won), checkmate (the side
// to move lost), stalemate, insufficient material on both sides (draw), else
// running. The draws by repetition and by 100 half-moves without a capture or pawn
// move need a game's history and are not applied here.
func (p Position) Outcome() Outcome {
	us := pacosako.Color(p.turn & 1)
	switch {
	case p.pieces[king]&p.colors[us] == 0:
		return Outcome{Termination: KingExploded, Winner: us.Other()}
	case p.pieces[king]&p.colors[us.Other()] == 0:
		return Outcome{Termination: KingExploded, Winner: us}
	}
	if p.MoveCount() == 0 {
		if p.InCheck() {
			return Outcome{Termination: Checkmate, Winner: us.Other()}
		}
		return Outcome{Termination: Stalemate}
	}
	if p.IsInsufficientMaterial() {
		return Outcome{Termination: InsufficientMaterial}
	}
	return Outcome{}
}

// IsOver reports whether the game has ended: p.Outcome().IsOver().
func (p Position) IsOver() bool { return p.Outcome().IsOver() }

// InCheck reports whether the side to move is in check (ATOMIC.md §1.6): its king
// is attacked as in chess by an enemy piece other than the king, and the two kings
// do not stand on adjacent squares. False when a king is missing.
func (p Position) InCheck() bool {
	var g gen
	return g.init(&p) && g.checked
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p Position) IsCheckmate() bool { return p.InCheck() && p.MoveCount() == 0 }

// IsStalemate reports whether the side to move, with both kings on the board, is
// not in check and has no legal move.
func (p Position) IsStalemate() bool {
	var g gen
	return g.init(&p) && !g.checked && p.MoveCount() == 0
}

// Light squares (b1, a2, …): a bishop stays on squares of one colour.
const lightSquares uint64 = 0x55AA55AA55AA55AA

// HasInsufficientMaterial reports whether colour c cannot win by any sequence of
// moves (ATOMIC.md §1.10, python-chess's has_insufficient_material): never once
// the enemy king is gone; always when c has nothing but its king; when the enemy
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

// IsInsufficientMaterial reports whether neither side can win
// (HasInsufficientMaterial of both): the game is drawn.
func (p Position) IsInsufficientMaterial() bool {
	return p.HasInsufficientMaterial(pacosako.White) && p.HasInsufficientMaterial(pacosako.Black)
}
