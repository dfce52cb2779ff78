package pacosako

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// This file implements the official engine's replay notation (catalogue §13.1), the
// text pacoplay.com shows next to a replay and the labels column of the reference
// data's notation.tsv: a writer (ReplayNotation) and a parser
// (ParseReplayNotation).
//
// Every action becomes an atom; the atoms of a half-move are grouped into labels
// (the engine's HalfMoveSections):
//
//	lift of a lone piece    piece letter, pawn omitted, + square     e2  Nc6  Kg1
//	lift of a union         mover letter + partner letter + square,  PBc7  RPh2
//	                        pawns written P
//	place, chain continues  '>' + released piece (pawn P) + square   >Pd5  >Nh8
//	place, move ends        '>' + square on an empty square           >d4
//	                        'x' + partner letter (pawn omitted)       xd5  xQc6  xKe8
//	                        + square when it forms a union
//	promotion               '=' + letter                              =Q  =N
//	castling                replaces the king's lift and place        0-0  0-0-0
//
// The first place of a half-move is glued to the label before it (the lift:
// "e2>e4", "Qd8>Pd5"); every later atom is a label of its own; a lift that is not
// the first atom of its half-move (it follows a start-of-turn promotion) is written
// with a ':' prefix ("=N", ":Rh1>Nh8", ">g6").
//
// Engine quirks reproduced (catalogue §13.1): the partner of a place is read before
// the place is executed, so before the en passant swap: en passant on a lone pawn
// reads as a calm move ("b4>a3"), on a union as a chain ("b4>Ra3", ">a1"); a
// promotion in the middle of a chain is written after the place that reached the
// last rank ("e2>Qd1", "=Q", ">d2"); a Paco by a pawn that reaches its last rank is
// written without the promotion that is never made ("f7xKe8").

// ReplayHalfMove is one half-move in the official engine's replay notation
// (catalogue §13.1; one row of the reference data's notation.tsv): the run of
// actions from the first action of a turn until the side in control changes.
// A start-of-turn promotion therefore belongs to the half-move of the pawn's owner
// (catalogue §1), and a history that stops in the middle of a turn ends with an
// unfinished half-move, numbered as the next half-move.
type ReplayHalfMove struct {
	// HalfMove is the 1-based number of the half-move in the history.
	HalfMove int
	// MoveNumber starts at 1 and increases whenever White starts a half-move
	// (whatever the side that moves first).
	MoveNumber int
	// Player is the side making the half-move (the engine's current_player).
	Player Color
	// Labels are the sections of the half-move as the engine writes them, e.g.
	// ["Qd8>Pd5", ">d4"], ["=N", ":Rh1>Nh8", ">g6"], ["0-0"].
	Labels []string
	// ActionIndices holds, for each label, the 1-based index in the whole history
	// of the last action the label covers (the engine's action_index).
	ActionIndices []int
	// Actions are the actions of the half-move.
	Actions []Action
	// Complete reports whether the half-move is finished: the turn passed or the
	// game ended. Only the last half-move of a history can be unfinished.
	Complete bool
}

// String returns the labels separated by single spaces, the form of the labels
// column of notation.tsv ("Qd8>Pd5 >d4").
func (h ReplayHalfMove) String() string { return strings.Join(h.Labels, " ") }

// ReplayNotation writes the history actions, played from start, in the official
// engine's replay notation (catalogue §13.1), one ReplayHalfMove per half-move,
// byte for byte as the engine's notation.tsv; a history that stops mid-turn ends
// with an unfinished half-move (Complete false). Each action is checked with
// Position.Apply; the first illegal one is an *ActionError (ErrIllegalAction, or
// ErrGameOver after the end) whose Index is its place in actions, and no
// half-moves are returned.
func ReplayNotation(start Position, actions []Action) ([]ReplayHalfMove, error) {
	out, err := replayNotation(start, actions, nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// replayVisitor is told every position of a replay: after every action (i is its
// 0-based index), and at the end of every half-move with the position before it.
type replayVisitor interface {
	action(i int, a Action, after *Position)
	halfMove(h *ReplayHalfMove, before, after *Position)
}

// replayNotation is ReplayNotation; on an illegal action it also returns the
// half-moves completed before it. A visitor, if any, sees the walk.
func replayNotation(start Position, actions []Action, v replayVisitor) ([]ReplayHalfMove, error) {
	var out []ReplayHalfMove
	p := start
	before := start // the position the current half-move started in
	moveNumber := 1
	var cur *ReplayHalfMove
	var g replayGrouper
	for i, a := range actions {
		if cur == nil {
			out = append(out, ReplayHalfMove{HalfMove: len(out) + 1, MoveNumber: moveNumber, Player: p.turn})
			cur = &out[len(out)-1]
			g = replayGrouper{}
			before = p
		}
		next, err := p.Apply(a)
		if err != nil {
			e := p.actionError(a, i, Outcome{})
			if len(cur.Actions) == 0 {
				out = out[:len(out)-1]
			}
			return out, e
		}
		text, castle := replayAtom(&p, a, &next, g.prevLift)
		g.add(cur, a, text, castle, i+1)
		cur.Actions = append(cur.Actions, a)
		p = next
		if v != nil {
			v.action(i, a, &p)
		}
		if p.turn != cur.Player || p.res.IsOver() {
			cur.Complete = true
		}
		if v != nil && (cur.Complete || i == len(actions)-1) {
			v.halfMove(cur, &before, &p)
		}
		if p.turn != cur.Player {
			// The engine's half-move ends when the side in control changes.
			if p.turn == White {
				moveNumber++
			}
			cur = nil
		}
	}
	return out, nil
}

// replayGrouper groups the atoms of one half-move into labels
// (the engine's squash_notation_atoms).
type replayGrouper struct {
	atoms    int  // atoms of the half-move so far
	glued    bool // the first place has been written
	prevLift bool // the previous atom was a lift
}

// add appends the atom text of action a (1-based index n in the history) to h.
func (g *replayGrouper) add(h *ReplayHalfMove, a Action, text string, castle bool, n int) {
	last := len(h.Labels) - 1
	switch {
	case castle && last >= 0:
		// Castling replaces the king's lift text (and any ':' before it).
		h.Labels[last], h.ActionIndices[last] = text, n
		g.glued = true
	case a.Kind == PlaceKind && !g.glued && last >= 0:
		h.Labels[last] += text
		h.ActionIndices[last] = n
		g.glued = true
	default:
		if a.Kind == LiftKind && g.atoms > 0 {
			text = ":" + text
		}
		if a.Kind == PlaceKind {
			g.glued = true
		}
		h.Labels = append(h.Labels, text)
		h.ActionIndices = append(h.ActionIndices, n)
	}
	g.atoms++
	g.prevLift = a.Kind == LiftKind
}

// replayAtom returns the atom text of action a, played from before to after.
// afterLift says whether the previous action of the half-move was a lift; castle
// reports a castling place (the text is then "0-0" or "0-0-0", which replaces the
// king's lift).
func replayAtom(before *Position, a Action, after *Position, afterLift bool) (text string, castle bool) {
	var sb strings.Builder
	switch a.Kind {
	case LiftKind:
		if after.handPart != NoRole {
			sb.WriteByte(after.handOwn.Letter())
			sb.WriteByte(after.handPart.Letter())
		} else {
			writeReplayLetter(&sb, after.handOwn)
		}
		sb.WriteString(a.Square.String())
	case PlaceKind:
		if afterLift && before.handOwn == King && before.handPart == NoRole {
			if side, ok := before.replayCastleSide(a.Square); ok {
				if side == KingSide {
					return "0-0", true
				}
				return "0-0-0", true
			}
		}
		// QUIRK (engine-exact): the partner is read before the place is executed,
		// so before an en passant swap.
		partner := before.board.roleAt(before.turn.Other(), a.Square)
		switch {
		case after.handOwn != NoRole && after.turn == before.turn:
			sb.WriteByte('>')
			sb.WriteByte(after.handOwn.Letter())
			sb.WriteString(after.handSq.String())
		case partner != NoRole:
			sb.WriteByte('x')
			writeReplayLetter(&sb, partner)
			sb.WriteString(a.Square.String())
		default:
			sb.WriteByte('>')
			sb.WriteString(a.Square.String())
		}
	case PromoteKind:
		sb.WriteByte('=')
		writeReplayLetter(&sb, a.Role)
	}
	return sb.String(), false
}

// writeReplayLetter writes the letter of r, nothing for a pawn (the engine's
// letter; force_letter is Role.Letter).
func writeReplayLetter(sb *strings.Builder, r Role) {
	if r != Pawn {
		sb.WriteByte(r.Letter())
	}
}

// replayCastleSide reports whether placing the lone king in the hand on t castles, and
// on which side: t is the place target of one of the mover's options (the test
// placeKing makes).
func (p *Position) replayCastleSide(t Square) (CastlingSide, bool) {
	us := p.turn
	for i := 2 * int(us); i < 2*int(us)+2; i++ {
		if p.castling.opt[i] != 0 && p.castling.rule(i).placeTarget == t {
			return CastlingSide(i & 1), true
		}
	}
	return 0, false
}

// ---- parser ------------------------------------------------------------------------

// replayTokenKind is the kind of an atom read by the parser.
type replayTokenKind uint8

const (
	replayLift replayTokenKind = iota + 1
	replayPlace
	replayPromote
	replayCastle
)

// replayToken is one atom of replay notation as written.
type replayToken struct {
	kind   replayTokenKind
	text   string // the atom without a ':' prefix
	sq     Square // lift and place
	role   Role   // promotion
	side   CastlingSide
	label  int // index of the label it was read from
	offset int // byte offset in that label (of the ':' if there is one)
}

// ParseReplayNotation reads a history in the official engine's replay notation
// ("e2>e4", "Qd8>Pd5 >d4", "=N:Rh1>Nh8>g6"; catalogue §13.1), labels one or
// several per element, and returns its actions played from start; it may stop
// mid-half-move. Each atom must be the one legal action it names, written exactly
// as ReplayNotation writes it (only separators and ':' are free). Errors: a
// *NotationError (Notation "replay", ErrInvalidNotation) for text that is not the
// notation; a *MoveError wrapping ErrIllegalMove (ErrGameOver after the end), or
// ErrAmbiguousMove for a castling two kings could play, naming the atom.
func ParseReplayNotation(start Position, labels []string) ([]Action, error) {
	var tokens []replayToken
	for i, l := range labels {
		ts, err := tokenizeReplay(l, i)
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, ts...)
	}
	p := start
	var out []Action
	prevLift := false
	for _, tk := range tokens {
		fail := func(err error, reason string, candidates []Move) error {
			return &MoveError{Input: tk.text, FEN: p.FEN(), Err: err,
				Reason: fmt.Sprintf("label %d %q: %s", tk.label+1, labels[tk.label], reason), Candidates: candidates}
		}
		if p.res.IsOver() {
			return nil, fail(ErrGameOver, "the game has ended ("+p.res.Outcome().String()+")", nil)
		}
		var a Action
		switch tk.kind {
		case replayCastle:
			if p.step != requireLift {
				return nil, fail(ErrIllegalMove, "castling starts a move, but the position requires "+p.step.words(), nil)
			}
			cands := p.replayCastlings(tk.side)
			switch len(cands) {
			case 0:
				return nil, fail(ErrIllegalMove, "no king of the side to move can castle "+tk.side.String(), nil)
			case 1:
			default:
				return nil, fail(ErrAmbiguousMove, "more than one king can castle "+tk.side.String(), cands)
			}
			out = append(out, cands[0].path()...)
			p = cands[0].After()
			prevLift = false
			continue
		case replayLift:
			if p.step != requireLift {
				return nil, fail(ErrIllegalMove, "a lift starts a move, but the position requires "+p.step.words(), nil)
			}
			a = Lift(tk.sq)
		case replayPlace:
			if p.step != requirePlace {
				return nil, fail(ErrIllegalMove, "a place needs a piece in the hand, but the position requires "+p.step.words(), nil)
			}
			a = Place(tk.sq)
			if q, err := p.Apply(a); err != nil || replayText(&p, a, &q, prevLift) != tk.text {
				// A continuation atom names the square its released piece stands on,
				// which is not the square placed on when a union is taken en passant
				// under Rulebook (catalogue §8.4): find the place written so.
				var found []Action
				for t := range p.actions().Squares().All() {
					b := Place(t)
					if q, err := p.Apply(b); err == nil && replayText(&p, b, &q, prevLift) == tk.text {
						found = append(found, b)
					}
				}
				if len(found) == 1 {
					a = found[0]
				}
			}
		case replayPromote:
			if !p.step.isPromotion() {
				return nil, fail(ErrIllegalMove, "no promotion is due, the position requires "+p.step.words(), nil)
			}
			a = Promote(tk.role)
		}
		next, err := p.Apply(a)
		if err != nil {
			if w := p.wrongSide(a.Square); a.Kind == LiftKind && w != "" {
				return nil, fail(ErrIllegalMove, a.String()+" is not legal here: "+w, nil)
			}
			return nil, fail(ErrIllegalMove, a.String()+" is not legal here", nil)
		}
		if want, _ := replayAtom(&p, a, &next, prevLift); want != tk.text {
			return nil, fail(ErrIllegalMove, fmt.Sprintf("%v is written %q", a, want), nil)
		}
		out = append(out, a)
		p = next
		prevLift = a.Kind == LiftKind
	}
	return out, nil
}

// replayText is the atom text of a played from before to after (replayAtom without
// the castling flag).
func replayText(before *Position, a Action, after *Position, afterLift bool) string {
	text, _ := replayAtom(before, a, after, afterLift)
	return text
}

// replayCastlings returns the two-action moves (lift of a lone king of the side to
// move, place that castles on side) legal in p, which requires a lift.
func (p *Position) replayCastlings(side CastlingSide) []Move {
	var out []Move
	root := new(Position)
	*root = *p
	lifts := p.actions()
	for s := range (lifts.Squares() & p.board.kings[p.turn] &^ p.board.byColor[p.turn.Other()]).All() {
		q := *p
		q.apply(Lift(s))
		for t := range q.actions().Squares().All() {
			if sd, ok := q.replayCastleSide(t); !ok || sd != side {
				continue
			}
			out = append(out, newMove(&moveList{root: root, paths: []Action{Lift(s), Place(t)}}, 0, 2, 0))
		}
	}
	return out
}

// tokenizeReplay splits one label (or several separated by white space) into atoms.
func tokenizeReplay(s string, label int) ([]replayToken, error) {
	var out []replayToken
	syntax := func(off int, reason string) error {
		return &NotationError{Notation: "replay", Input: s, Offset: off, Reason: reason}
	}
	square := func(i int) (Square, bool) {
		if i+1 < len(s) && s[i] >= 'a' && s[i] <= 'h' && s[i+1] >= '1' && s[i+1] <= '8' {
			return NewSquare(int(s[i]-'a'), int(s[i+1]-'1')), true
		}
		return NoSquare, false
	}
	isLetter := func(i int) bool { return i < len(s) && strings.IndexByte("PNBRQK", s[i]) >= 0 }
	i := 0
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
			continue
		}
		start := i
		tk := replayToken{label: label, offset: start}
		colon := s[i] == ':'
		if colon {
			i++
		}
		body := i
		switch {
		case i < len(s) && (s[i] == '0' || s[i] == 'O'):
			z := s[i]
			long := string([]byte{z, '-', z, '-', z})
			switch {
			case strings.HasPrefix(s[i:], long):
				tk.kind, tk.side, i = replayCastle, QueenSide, i+5
			case strings.HasPrefix(s[i:], long[:3]):
				tk.kind, tk.side, i = replayCastle, KingSide, i+3
			default:
				return nil, syntax(i, "want 0-0 or 0-0-0")
			}
		case colon && (i >= len(s) || !(isLetter(i) || s[i] >= 'a' && s[i] <= 'h')):
			return nil, syntax(i, "':' must be followed by a lift or a castling")
		case s[i] == '=':
			if i+1 >= len(s) || strings.IndexByte("NBRQ", s[i+1]) < 0 {
				return nil, syntax(i+1, "want the letter of the new piece (N, B, R or Q) after '='")
			}
			tk.kind, tk.role, i = replayPromote, roleFromLetter(s[i+1]), i+2
		case s[i] == '>' || s[i] == 'x':
			i++
			if isLetter(i) {
				i++
			}
			sq, ok := square(i)
			if !ok {
				return nil, syntax(i, "want a square (a1..h8)")
			}
			tk.kind, tk.sq, i = replayPlace, sq, i+2
		case isLetter(i) || s[i] >= 'a' && s[i] <= 'h':
			for n := 0; n < 2 && isLetter(i); n++ {
				i++
			}
			sq, ok := square(i)
			if !ok {
				return nil, syntax(i, "want a square (a1..h8)")
			}
			tk.kind, tk.sq, i = replayLift, sq, i+2
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, syntax(i, fmt.Sprintf("unexpected %q: an atom starts with a piece letter, a square, '>', 'x', '=', ':' or 0-0", r))
		}
		tk.text = s[body:i]
		out = append(out, tk)
	}
	return out, nil
}
