package pacosako

import (
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/pacosako-go/pacosako/internal/errtext"
)

// ActionKind is the kind of an atomic action (catalogue §1).
type ActionKind uint8

// The three kinds of action. The zero ActionKind is not an action.
const (
	LiftKind    ActionKind = iota + 1 // take a piece or union into the hand
	PlaceKind                         // put the hand on a square
	PromoteKind                       // turn the pending pawn into another piece
)

var kindNames = [...]string{"NoAction", "Lift", "Place", "Promote"}

// String returns "Lift", "Place" or "Promote".
func (k ActionKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// Action is one atomic action of the official engine: Lift(square), Place(square)
// or Promote(role). A move is a sequence of actions (docs/RULES.md §2).
type Action struct {
	Kind   ActionKind
	Square Square // for Lift and Place
	Role   Role   // for Promote: Knight, Bishop, Rook or Queen
}

// Lift returns the action that lifts the piece or union on s.
func Lift(s Square) Action { return Action{Kind: LiftKind, Square: s} }

// Place returns the action that puts the hand on s.
func Place(s Square) Action { return Action{Kind: PlaceKind, Square: s} }

// Promote returns the action that promotes the pending pawn to r.
func Promote(r Role) Action { return Action{Kind: PromoteKind, Square: NoSquare, Role: r} }

// String writes the action as the reference data does: "Lift(e2)", "Place(e4)",
// "Promote(Queen)".
func (a Action) String() string { return string(a.appendText(nil)) }

// appendText appends the action as String writes it.
func (a Action) appendText(b []byte) []byte {
	switch a.Kind {
	case LiftKind, PlaceKind:
		b = append(b, a.Kind.String()...)
		b = append(b, '(')
		if a.Square.IsValid() {
			b = append(b, 'a'+byte(a.Square.File()), '1'+byte(a.Square.Rank()))
		} else {
			b = append(b, a.Square.String()...)
		}
		return append(b, ')')
	case PromoteKind:
		b = append(b, "Promote("...)
		b = append(b, a.Role.String()...)
		return append(b, ')')
	}
	return append(b, "NoAction"...)
}

// ParseAction parses one action in the form String writes ("Lift(e2)", "Place(e4)",
// "Promote(Queen)"; the role may also be a letter, "Promote(Q)"). The error wraps
// ErrInvalidAction.
func ParseAction(s string) (Action, error) {
	if strings.Count(s, "(") > 1 {
		return Action{}, invalidAction("%q: one action only (ParseActions reads several)", shorten(s))
	}
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return Action{}, invalidAction("%q: want Lift(sq), Place(sq) or Promote(Role)", shorten(s))
	}
	name, arg := s[:open], s[open+1:len(s)-1]
	switch name {
	case "Lift", "Place":
		sq, err := ParseSquare(arg)
		if err != nil {
			return Action{}, invalidAction("%q: bad square %q", shorten(s), shorten(arg))
		}
		if name == "Lift" {
			return Lift(sq), nil
		}
		return Place(sq), nil
	case "Promote":
		r, err := ParseRole(arg)
		if err != nil || r == Pawn || r == King {
			return Action{}, invalidAction("%q: a pawn promotes to Knight, Bishop, Rook or Queen", shorten(s))
		}
		return Promote(r), nil
	}
	return Action{}, invalidAction("%q: unknown action %q", shorten(s), shorten(name))
}

// invalidAction is the error for action text that is not an action, with a
// message for a player.
func invalidAction(format string, args ...any) error {
	return &errtext.Player{Err: ErrInvalidAction, Prefix: prefix, Text: fmt.Sprintf(format, args...)}
}

// ParseActions parses actions separated by white space, as the reference data
// writes them ("Lift(e2) Place(e4)"). An empty string gives no actions.
func ParseActions(s string) ([]Action, error) {
	fields := strings.Fields(s)
	out := make([]Action, 0, len(fields))
	for _, f := range fields {
		a, err := ParseAction(f)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// FormatActions writes actions separated by single spaces ("Lift(e2) Place(e4)").
func FormatActions(actions []Action) string {
	var buf [64]byte // room for six actions without an allocation besides the string
	b := buf[:0]
	for i, a := range actions {
		if i > 0 {
			b = append(b, ' ')
		}
		b = a.appendText(b)
	}
	return string(b)
}

// ActionSet is the set of actions legal in one state. All its actions are of one
// kind, because the state machine asks for one kind at a time.
type ActionSet struct {
	kind    ActionKind
	squares Bitboard // Lift and Place targets
	roles   uint8    // Promote: bit r set for role r
}

// Kind returns the kind of the actions in the set (0 if the set is empty).
func (s ActionSet) Kind() ActionKind {
	if s.IsEmpty() {
		return 0
	}
	return s.kind
}

// Squares returns the squares of the Lift or Place actions in the set.
func (s ActionSet) Squares() Bitboard { return s.squares }

// IsEmpty reports whether the set holds no action.
func (s ActionSet) IsEmpty() bool { return s.squares == 0 && s.roles == 0 }

// Len returns the number of actions in the set.
func (s ActionSet) Len() int {
	n := s.squares.Count()
	for r := s.roles; r != 0; r &= r - 1 {
		n++
	}
	return n
}

// Contains reports whether a is in the set.
func (s ActionSet) Contains(a Action) bool {
	if a.Kind != s.kind {
		return false
	}
	if a.Kind == PromoteKind {
		return a.Role <= King && s.roles&(1<<a.Role) != 0
	}
	return s.squares.Has(a.Square)
}

// All yields the actions in order: squares a1..h8, roles Knight, Bishop, Rook, Queen.
func (s ActionSet) All() iter.Seq[Action] {
	return func(yield func(Action) bool) {
		for sq := range s.squares.All() {
			if !yield(Action{Kind: s.kind, Square: sq}) {
				return
			}
		}
		for _, r := range promotionRoles {
			if s.roles&(1<<r) != 0 && !yield(Promote(r)) {
				return
			}
		}
	}
}

// appendAll appends the actions to dst in All's order, without its iterator:
// Go 1.23 heap-allocates the closures of a range over a function, and the hot
// loops of the searches run at every node.
func (s ActionSet) appendAll(dst []Action) []Action {
	for b := s.squares; b != 0; b &= b - 1 {
		dst = append(dst, Action{Kind: s.kind, Square: b.First()})
	}
	for _, r := range promotionRoles {
		if s.roles&(1<<r) != 0 {
			dst = append(dst, Promote(r))
		}
	}
	return dst
}

// String lists the actions separated by spaces.
func (s ActionSet) String() string {
	var sb strings.Builder
	for a := range s.All() {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(a.String())
	}
	return sb.String()
}

const allPromotions = 1<<Knight | 1<<Bishop | 1<<Rook | 1<<Queen

// Actions returns the actions legal now, exactly as the official engine offers them
// (catalogue §1–§4): no action once the game is over; lifts of every own piece or
// union that has a place target one step ahead; the place targets of the hand; or
// the four promotions. Like the engine, a Place that leads into a dead end (a
// released piece with nowhere to go) is offered; after it no action is legal.
// CompletableActions filters those out.
//
// Castling is a Place of the king on the option's target (the c- or g-file for a
// standard start, the rook's square in Fischer random). As in the engine, a king
// placed on that square castles even when it got there by an ordinary step, which
// only happens when the rook is missing from its square (a FEN or Setup can say so):
// the king then overwrites any own piece on its castling square (catalogue §7).
func (p Position) Actions() ActionSet { return p.actions() }

func (p *Position) actions() ActionSet { return p.actionsWithin(nil) }

// actionsWithin is actions with castling's threat search bounded by lim.
func (p *Position) actionsWithin(lim *bounds) ActionSet {
	if p.res.IsOver() {
		return ActionSet{}
	}
	switch p.step {
	case requireLift:
		return ActionSet{kind: LiftKind, squares: p.liftable()}
	case requirePlace:
		return ActionSet{kind: PlaceKind, squares: p.placeTargetsWithin(lim)}
	default:
		if p.promo1 == 0 {
			return ActionSet{}
		}
		return ActionSet{kind: PromoteKind, roles: allPromotions}
	}
}

// Apply plays one action and returns the new position. The receiver is unchanged.
// The error is an *ActionError, naming the position and the legal actions, that
// wraps ErrGameOver once the game has ended, else ErrIllegalAction if the action is
// not in Actions. Under the Rulebook's Ŝako rule (SakoIllegal) the action
// that completes a move is not checked against the other moves: Game.Apply and Play
// do that.
func (p Position) Apply(a Action) (Position, error) {
	if p.res.IsOver() || !p.actions().Contains(a) {
		return p, p.actionError(a, 0, Outcome{})
	}
	p.apply(a)
	return p, nil
}

// apply plays an action known to be legal.
func (p *Position) apply(a Action) {
	switch a.Kind {
	case LiftKind:
		p.lift(a.Square)
	case PlaceKind:
		p.place(a.Square)
	case PromoteKind:
		p.promote(a.Role)
	}
}

// liftable returns the squares the side to move may lift (catalogue §2): own lone
// pieces and unions holding an own piece that have at least one place target. The
// king looks only for an adjacent empty square (castling is not consulted), and a
// union holding the mover's own king is never lifted by its owner (docs/RULES.md §2).
func (p *Position) liftable() Bitboard {
	us := p.turn
	occ := p.board.occupied()
	them := p.board.byColor[us.Other()]
	var out Bitboard
	for s := range p.board.byColor[us].All() {
		if _, _, t := p.liftTargets(s, occ, them); t != 0 {
			out |= s.bit()
		}
	}
	return out
}

// liftTargets returns the mover's piece r on s, its partner part (or NoRole) and the
// place targets the hand would have after lifting it now; occ and them are the
// occupied squares and the opponent's. Lifting changes no target of a piece other
// than a king (s itself is never one), so they equal placeTargets after the lift;
// for a king they are its steps only, without castling (which needs its square
// empty), and a king with no step is not liftable. A king in a union is never
// liftable by its owner.
func (p *Position) liftTargets(s Square, occ, them Bitboard) (r, part Role, t Bitboard) {
	us := p.turn
	r = p.board.roleAt(us, s)
	switch {
	case them.Has(s):
		if r != King {
			part = p.board.roleAt(us.Other(), s)
			t = p.pairTargets(r, s, occ)
		}
	case r == King:
		t = p.kingSteps(s, occ)
	default:
		t = p.singleTargets(r, s, occ)
	}
	return r, part, t
}

// placeTargets returns where the hand may be placed (catalogue §3, §7.2).
func (p *Position) placeTargets() Bitboard { return p.placeTargetsWithin(nil) }

// placeTargetsWithin is placeTargets with the threat search that castling needs
// bounded by lim (see bounds; nil: unbounded).
func (p *Position) placeTargetsWithin(lim *bounds) Bitboard {
	if p.handOwn == NoRole {
		return 0
	}
	occ := p.board.occupied()
	if p.handPart != NoRole {
		return p.pairTargets(p.handOwn, p.handSq, occ)
	}
	if p.handOwn == King {
		return p.kingSteps(p.handSq, occ) | p.castlingTargets(occ, lim)
	}
	return p.singleTargets(p.handOwn, p.handSq, occ)
}

// kingSteps returns where a king of the side to move on s may step: adjacent empty
// squares, or under KingUnions every adjacent square without a lone own piece.
func (p *Position) kingSteps(s Square, occ Bitboard) Bitboard {
	if p.rules.switches&KingUnions != 0 {
		return kingAttacks[s] &^ (p.board.byColor[p.turn] &^ p.board.byColor[p.turn.Other()])
	}
	return kingAttacks[s] &^ occ
}

// singleTargets returns the place targets of a lone non-king piece of the side to
// move (catalogue §3.1, §3.3): empty squares, lone enemy pieces and unions, never a
// lone own piece; sliders stop at the first occupied square; pawns go straight only
// to empty squares and diagonally only onto enemy pieces or the en passant square.
func (p *Position) singleTargets(r Role, s Square, occ Bitboard) Bitboard {
	us := p.turn
	them := p.board.byColor[us.Other()]
	if r == Pawn {
		t := p.pawnPushes(s, occ) | pawnAttacks[us][s]&them
		// A piece released by a chain hovers over its union (an occupied square).
		if p.ep1 != 0 && !(p.rules.switches&EnPassantLiftedOnly != 0 && p.handOwn != NoRole && occ.Has(p.handSq)) {
			t |= pawnAttacks[us][s] & Square(p.ep1-1).bit()
		}
		return t
	}
	return pieceAttacks(r, s, occ) &^ (p.board.byColor[us] &^ them)
}

// pairTargets returns the place targets of a union moved with the pattern of the
// mover's piece r: empty squares only; a pawn-moved union only goes straight.
func (p *Position) pairTargets(r Role, s Square, occ Bitboard) Bitboard {
	var t Bitboard
	if r == Pawn {
		t = p.pawnPushes(s, occ)
	} else {
		t = pieceAttacks(r, s, occ) &^ occ
	}
	if p.koTo1 != 0 && Square(p.koTo1-1) == s && p.rules.switches&Ko != 0 {
		t &^= Square(p.koFrom1 - 1).bit() // ko: not straight back
	}
	return t
}

// pawnPushes returns the straight steps of a pawn of the side to move on s: one
// square if empty, two if the pawn stands on its first two ranks and both are empty
// (catalogue §3.3: no "has moved" tracking). Under PawnFileFlags a double step from
// the pawn row needs the colour's flag for the file.
func (p *Position) pawnPushes(s Square, occ Bitboard) Bitboard {
	var one, two Bitboard
	if p.turn == White {
		one = s.bit() << 8 &^ occ
		if s < 16 {
			two = one << 8 &^ occ
		}
	} else {
		one = s.bit() >> 8 &^ occ
		if s >= 48 {
			two = one >> 8 &^ occ
		}
	}
	if two != 0 && p.rules.switches&PawnFileFlags != 0 && s.Rank() != p.turn.homeRank() &&
		p.pawnFlags&(1<<(8*int(p.turn)+s.File())) == 0 {
		two = 0
	}
	return one | two
}

// castlingTargets returns the place targets that castle for the king in the hand
// (catalogue §7.2): every square between the king's and the rook's start and their
// destinations is empty, and no square from the king's file to its destination is
// threatened by the opponent, chains included, with the king off the board.
func (p *Position) castlingTargets(occ Bitboard, lim *bounds) Bitboard {
	us := p.turn
	var out Bitboard
	var safe [2]Bitboard // squares that must not be threatened, per open option
	var rules [2]*castleRule
	for side := 0; side < 2; side++ {
		i := 2*int(us) + side
		if p.castling.opt[i] == 0 {
			continue
		}
		rule := p.castling.rule(i)
		if rule.mustBeEmpty&occ != 0 {
			continue
		}
		rules[side] = rule
		safe[side] = rule.mustBeSafe
	}
	if rules[0] == nil && rules[1] == nil {
		return 0
	}
	threatened := p.threatsAgainstCastling(safe, lim)
	for _, rule := range rules {
		if rule != nil && rule.mustBeSafe&threatened == 0 {
			out |= rule.placeTarget.bit()
		}
	}
	return out
}

// ActionError reports an action that could not be applied, where and why: the
// position it was tried in and the actions legal there. Err is ErrIllegalAction, or
// ErrGameOver once the game has ended; Index is the action's 0-based position in a
// sequence (0 for a single action).
//
// Its message reads "pacosako: illegal action: Place(e5) in <FEN>: legal are
// Place(e3) Place(e4)".
type ActionError struct {
	Action Action
	Index  int
	FEN    string    // the position the action was tried in (engine dialect; a hand shows as "^e2P")
	Legal  ActionSet // the actions legal there; empty once the game is over or after a dead end
	Err    error

	outcome Outcome // how the game ended, for ErrGameOver
	reason  string  // why a legal-looking action was refused (SakoIllegal), if so
}

func (e *ActionError) Error() string { return e.message(true, true) }

// Message returns the error for a player, without the package prefix and the
// position: "illegal action: Place(e5): legal are Place(e3) Place(e4)", "game
// over: Lift(e7): the game has ended (White wins by Paco)".
func (e *ActionError) Message() string { return strings.TrimPrefix(e.message(true, false), prefix) }

// message is the error's message, with the index when withIndex (a caller that names
// the index its own way leaves it out) and the position when withFEN.
func (e *ActionError) message(withIndex, withFEN bool) string {
	var sb strings.Builder
	sb.WriteString(head(e.Err))
	sb.WriteString(": ")
	sb.WriteString(e.Action.String())
	if e.Index > 0 && withIndex {
		fmt.Fprintf(&sb, " (action %d of the list, counting from 1)", e.Index+1)
	}
	if e.FEN != "" && withFEN {
		sb.WriteString(" in ")
		sb.WriteString(e.FEN)
	}
	switch {
	case errors.Is(e.Err, ErrGameOver):
		if e.outcome.IsOver() {
			fmt.Fprintf(&sb, ": the game has ended (%v)", e.outcome)
		} else {
			sb.WriteString(": the game has ended")
		}
	case e.reason != "":
		sb.WriteString(": " + e.reason)
	case e.Legal.IsEmpty():
		sb.WriteString(": no action is legal there (the move ran into a dead end)")
	default:
		sb.WriteString(": legal are " + e.Legal.String())
	}
	return sb.String()
}

// Unwrap returns Err.
func (e *ActionError) Unwrap() error { return e.Err }

// actionError is the error for applying a in p, which is not legal there: the game
// has ended (p's outcome, or ended for a game that ended by a rule p does not
// know), or a is not among p's actions.
func (p *Position) actionError(a Action, index int, ended Outcome) *ActionError {
	e := &ActionError{Action: a, Index: index, FEN: p.FEN(), Err: ErrIllegalAction}
	if o := p.res.Outcome(); o.IsOver() {
		ended = o
	}
	if ended.IsOver() {
		e.Err, e.outcome = ErrGameOver, ended
		return e
	}
	e.Legal = p.actions()
	if a.Kind == LiftKind && p.step == requireLift {
		e.reason = p.wrongSide(a.Square)
	}
	return e
}
