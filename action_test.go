package pacosako

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

// Unit tests of actions, the in-move state machine (catalogue §1), moves, Setup and
// concurrent use of a shared Position.

// rulesPageFEN is the position of the rules page (a chain through the knight union).
const rulesPageFEN = "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"

func mustActions(t testing.TB, s string) []Action {
	t.Helper()
	acts, err := ParseActions(s)
	if err != nil {
		t.Fatalf("ParseActions(%q): %v", s, err)
	}
	return acts
}

func mustApplyAll(t testing.TB, p Position, s string) Position {
	t.Helper()
	q, err := p.ApplyAll(mustActions(t, s))
	if err != nil {
		t.Fatalf("ApplyAll(%q) from %q: %v", s, p.FEN(), err)
	}
	return q
}

func TestParseAction(t *testing.T) {
	tests := []struct {
		in   string
		want Action
		out  string
	}{
		{"Lift(e2)", Lift(E2), "Lift(e2)"},
		{"Lift(a1)", Lift(A1), "Lift(a1)"},
		{"Place(h8)", Place(H8), "Place(h8)"},
		{"Promote(Queen)", Promote(Queen), "Promote(Queen)"},
		{"Promote(Knight)", Promote(Knight), "Promote(Knight)"},
		{"Promote(Bishop)", Promote(Bishop), "Promote(Bishop)"},
		{"Promote(Rook)", Promote(Rook), "Promote(Rook)"},
		{"Promote(Q)", Promote(Queen), "Promote(Queen)"},
		{"Promote(n)", Promote(Knight), "Promote(Knight)"},
	}
	for _, tc := range tests {
		a, err := ParseAction(tc.in)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", tc.in, err)
			continue
		}
		if a != tc.want {
			t.Errorf("ParseAction(%q) = %+v, want %+v", tc.in, a, tc.want)
		}
		if a.String() != tc.out {
			t.Errorf("ParseAction(%q).String() = %q, want %q", tc.in, a.String(), tc.out)
		}
		if b, err := ParseAction(a.String()); err != nil || b != a {
			t.Errorf("ParseAction(%q) = %+v, %v; want %+v", a.String(), b, err, a)
		}
	}
	for _, k := range []ActionKind{LiftKind, PlaceKind, PromoteKind} {
		if got := k.String(); got != kindNames[k] {
			t.Errorf("ActionKind(%d).String() = %q", k, got)
		}
	}
	if got := (Action{}).String(); got != "NoAction" {
		t.Errorf("zero Action String() = %q, want NoAction", got)
	}
}

func TestParseActionErrors(t *testing.T) {
	for _, in := range []string{
		"Lift(e9)", "Promote(King)", "Promote(Pawn)", "Jump(e2)", "Lift e2",
		"", "Lift()", "Lift(E2)", "Place(e2", "lift(e2)", "Promote(Queen", "Promote(X)",
		"Promote(NoRole)", "Place(e2)x", "Lift((e2))", "Lift(e2) Place(e4)",
	} {
		a, err := ParseAction(in)
		if err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", in, a)
			continue
		}
		if !errors.Is(err, ErrInvalidAction) {
			t.Errorf("ParseAction(%q): error %v does not wrap ErrInvalidAction", in, err)
		}
		if !strings.Contains(err.Error(), in) {
			t.Errorf("ParseAction(%q): error %q does not quote the input", in, err)
		}
	}
	// Several actions: the error points to ParseActions.
	if _, err := ParseAction("Lift(e2) Place(e4)"); err == nil || !strings.Contains(err.Error(), "ParseActions") {
		t.Errorf(`ParseAction("Lift(e2) Place(e4)") = %v, want an error naming ParseActions`, err)
	}
}

func TestParseActionsFormatActions(t *testing.T) {
	const s = "Lift(e2) Place(e4) Lift(d7) Place(d5) Promote(Queen)"
	acts := mustActions(t, s)
	want := []Action{Lift(E2), Place(E4), Lift(D7), Place(D5), Promote(Queen)}
	if len(acts) != len(want) {
		t.Fatalf("ParseActions(%q) = %v", s, acts)
	}
	for i := range want {
		if acts[i] != want[i] {
			t.Errorf("action %d = %v, want %v", i, acts[i], want[i])
		}
	}
	if got := FormatActions(acts); got != s {
		t.Errorf("FormatActions = %q, want %q", got, s)
	}
	// Any white space separates; the output uses single spaces.
	if got := FormatActions(mustActions(t, "  Lift(e2)\tPlace(e4)\n")); got != "Lift(e2) Place(e4)" {
		t.Errorf("FormatActions of spaced input = %q", got)
	}
	if acts, err := ParseActions(""); err != nil || len(acts) != 0 {
		t.Errorf("ParseActions(\"\") = %v, %v; want no actions, no error", acts, err)
	}
	if got := FormatActions(nil); got != "" {
		t.Errorf("FormatActions(nil) = %q", got)
	}
	for _, bad := range []string{"Lift(e2) Lift(e9)", "Lift(e2) Jump(e4)", "Lift e2", "Lift(e2) Promote(King)"} {
		if acts, err := ParseActions(bad); err == nil || !errors.Is(err, ErrInvalidAction) || acts != nil {
			t.Errorf("ParseActions(%q) = %v, %v; want nil and ErrInvalidAction", bad, acts, err)
		}
	}
}

// wantActionError checks that err is an *ActionError wrapping sentinel for action a
// at index i.
func wantActionError(t *testing.T, err error, sentinel error, a Action, i int) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("error %v does not wrap %v", err, sentinel)
	}
	var ae *ActionError
	if !errors.As(err, &ae) {
		t.Fatalf("error %v (%T) is not an *ActionError", err, err)
	}
	if ae.Action != a || ae.Index != i || ae.Err != sentinel {
		t.Errorf("ActionError = %+v, want action %v index %d err %v", *ae, a, i, sentinel)
	}
	if !strings.Contains(err.Error(), a.String()) {
		t.Errorf("Error() = %q does not name the action %v", err.Error(), a)
	}
}

func TestApplyIllegalAction(t *testing.T) {
	p := StartingPosition()
	fen := p.FEN()
	for _, a := range []Action{Place(E4), Lift(E4), Lift(E7), Lift(A1), Lift(E1), Promote(Queen), Lift(NoSquare), {}} {
		q, err := p.Apply(a)
		if err == nil {
			t.Errorf("Apply(%v) from the start succeeded: %q", a, q.FEN())
			continue
		}
		wantActionError(t, err, ErrIllegalAction, a, 0)
		if !q.Equal(p) || q.FEN() != fen {
			t.Errorf("Apply(%v) failed but returned %q", a, q.FEN())
		}
		if p.FEN() != fen {
			t.Errorf("Apply(%v) changed the receiver to %q", a, p.FEN())
		}
	}
	// In the middle of a move, only a place target of the hand is legal.
	lifted, err := p.Apply(Lift(E2))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{Lift(D2), Place(E5), Place(D3), Place(E2), Promote(Queen)} {
		if _, err := lifted.Apply(a); !errors.Is(err, ErrIllegalAction) {
			t.Errorf("Apply(%v) after Lift(e2): err = %v, want ErrIllegalAction", a, err)
		}
	}
}

func TestLiftPlacePassesTurn(t *testing.T) {
	p := StartingPosition()
	if got := p.Actions(); got.Kind() != LiftKind || got.Len() != 10 {
		t.Errorf("start: Actions() = %v (%d), want 10 lifts", got, got.Len())
	}
	// The start position can lift the 8 pawns and the 2 knights.
	want := SquareSet(A2, B2, C2, D2, E2, F2, G2, H2, B1, G1)
	if got := p.Actions().Squares(); got != want {
		t.Errorf("liftable = %v, want %v", got, want)
	}

	l, err := p.Apply(Lift(D2))
	if err != nil {
		t.Fatal(err)
	}
	if l.step != requirePlace || l.Turn() != White || l.NoProgressCounter() != 1 || l.IsSettled() {
		t.Errorf("after Lift(d2): required %v turn %v counter %d", l.step, l.Turn(), l.NoProgressCounter())
	}
	if h := l.Hand(); h != (Hand{Color: White, Piece: Pawn, Square: D2}) {
		t.Errorf("after Lift(d2): hand %+v", h)
	}
	if got := l.Actions(); got.Kind() != PlaceKind || got.String() != "Place(d3) Place(d4)" {
		t.Errorf("after Lift(d2): Actions() = %q", got.String())
	}
	if got, want := l.FEN(), "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"; got != want {
		t.Errorf("after Lift(d2): FEN %q, want %q", got, want)
	}

	q, err := l.Apply(Place(D4))
	if err != nil {
		t.Fatal(err)
	}
	// Catalogue vector E1.
	if got, want := q.FEN(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -"; got != want {
		t.Errorf("after Lift(d2) Place(d4): FEN %q, want %q", got, want)
	}
	if q.Turn() != Black || q.step != requireLift || !q.Hand().IsEmpty() || q.EnPassant() != D3 || !q.IsSettled() {
		t.Errorf("after d4: turn %v required %v hand %v ep %v", q.Turn(), q.step, q.Hand(), q.EnPassant())
	}
	if got := q.Actions(); got.Kind() != LiftKind || !got.Contains(Lift(E7)) || got.Contains(Lift(D4)) {
		t.Errorf("Black's actions after d4: %v", got)
	}
	// Apply left its receivers alone.
	if p.FEN() != StartFEN || l.step != requirePlace {
		t.Error("Apply changed its receiver")
	}
}

func TestDeadEnd(t *testing.T) {
	// Catalogue vector C2: the rook takes over a4, the released white pawn is
	// blocked by the black pawn on a5: no action is left.
	p := mustFEN(t, "4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -")
	lifted, err := p.Apply(Lift(A1))
	if err != nil {
		t.Fatal(err)
	}
	if !lifted.Actions().Contains(Place(A4)) {
		t.Errorf("the engine offers Place(a4) after Lift(a1); Actions() = %v", lifted.Actions())
	}
	comp := lifted.CompletableActions()
	if comp.Contains(Place(A4)) {
		t.Errorf("CompletableActions() after Lift(a1) contains the dead end Place(a4): %v", comp)
	}
	if comp.Kind() != PlaceKind || !comp.Contains(Place(A2)) || !comp.Contains(Place(D1)) {
		t.Errorf("CompletableActions() after Lift(a1) = %v, want the rook's other places", comp)
	}
	if comp.Len() != lifted.Actions().Len()-1 {
		t.Errorf("CompletableActions() = %v, Actions() = %v: want exactly a4 removed", comp, lifted.Actions())
	}

	dead, err := lifted.Apply(Place(A4))
	if err != nil {
		t.Fatal(err)
	}
	if dead.step != requirePlace {
		t.Errorf("dead end: Required() = %v, want Place", dead.step)
	}
	if h := dead.Hand(); h != (Hand{Color: White, Piece: Pawn, Square: A4}) {
		t.Errorf("dead end: hand %+v, want the white pawn over a4", h)
	}
	if got := dead.Actions(); !got.IsEmpty() || got.Len() != 0 || got.Kind() != 0 {
		t.Errorf("dead end: Actions() = %v, want none", got)
	}
	if got := dead.CompletableActions(); !got.IsEmpty() {
		t.Errorf("dead end: CompletableActions() = %v, want none", got)
	}
	if n := len(dead.Moves()); n != 0 {
		t.Errorf("dead end: %d moves, want 0", n)
	}
	if dead.Outcome().IsOver() {
		t.Error("a dead end is not the end of the game")
	}
	// No move of the start position goes through Lift(a1) Place(a4).
	for _, m := range p.Moves() {
		if m.Len() >= 2 && m.path()[0] == Lift(A1) && m.path()[1] == Place(A4) {
			t.Errorf("move %v goes through the dead end", m)
		}
	}
	// Every action of CompletableActions lies on a move, at every step.
	for _, pos := range []Position{p, lifted} {
		for a := range pos.CompletableActions().All() {
			found := false
			for _, m := range pos.Moves() {
				if m.path()[0] == a {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("%q: completable action %v starts no move", pos.FEN(), a)
			}
		}
	}
}

func TestApplyAllReportsIndex(t *testing.T) {
	p := StartingPosition()
	acts := mustActions(t, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e2)")
	q, err := p.ApplyAll(acts)
	if err == nil {
		t.Fatalf("ApplyAll succeeded: %q", q.FEN())
	}
	wantActionError(t, err, ErrIllegalAction, Lift(E2), 4)
	if !strings.Contains(err.Error(), "(action 5 of the list, counting from 1)") || !strings.Contains(err.Error(), "legal are Lift(b1)") {
		t.Errorf("Error() = %q, want it to name index 4, as the Index field does, and the legal actions", err.Error())
	}
	if !q.Equal(p) || q.FEN() != StartFEN {
		t.Errorf("failed ApplyAll returned %q, want the receiver", q.FEN())
	}
	// The first action failing has index 0.
	_, err = p.ApplyAll([]Action{Place(E4)})
	wantActionError(t, err, ErrIllegalAction, Place(E4), 0)
	// No actions: the position itself.
	if q, err := p.ApplyAll(nil); err != nil || q.FEN() != StartFEN {
		t.Errorf("ApplyAll(nil) = %q, %v", q.FEN(), err)
	}
	// Catalogue vector C1: a chain.
	c1 := mustApplyAll(t, p, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4)")
	if got, want := c1.FEN(), "rnb1kbnr/ppp1pppp/8/3F4/3p4/8/PPPP1PPP/RNBQKBNR w 1 AHah - -"; got != want {
		t.Errorf("C1: FEN %q, want %q", got, want)
	}
}

func TestPacoEndsTheGame(t *testing.T) {
	p := mustApplyAll(t, StartingPosition(),
		"Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4) Lift(b5) Place(e8)")
	if got := p.Outcome().VictoryState(); got != "PacoVictory(White)" {
		t.Errorf("Outcome() = %q, want PacoVictory(White)", got)
	}
	if w, ok := p.Outcome().Won(); !ok || w != White || p.Outcome().Termination != Paco {
		t.Errorf("Outcome() = %+v", p.Outcome())
	}
	if !p.Outcome().IsOver() {
		t.Error("IsOver() = false after Paco")
	}
	if got := p.Board().Cell(E8); got != (Cell{White: Bishop, Black: King}) {
		t.Errorf("e8 = %+v, want white bishop + black king", got)
	}
	if got := p.Actions(); !got.IsEmpty() {
		t.Errorf("Actions() after Paco = %v", got)
	}
	if got := p.CompletableActions(); !got.IsEmpty() {
		t.Errorf("CompletableActions() after Paco = %v", got)
	}
	for _, a := range []Action{Lift(E7), Lift(A2), Place(E5), Promote(Queen)} {
		q, err := p.Apply(a)
		wantActionError(t, err, ErrGameOver, a, 0)
		if errors.Is(err, ErrIllegalAction) {
			t.Errorf("Apply(%v) after Paco: %v also wraps ErrIllegalAction", a, err)
		}
		if q.FEN() != p.FEN() || !q.Outcome().IsOver() {
			t.Errorf("Apply(%v) after Paco returned %q", a, q.FEN())
		}
	}
	_, err := p.ApplyAll([]Action{Lift(E7), Place(E6)})
	wantActionError(t, err, ErrGameOver, Lift(E7), 0)
	if ms := p.Moves(); len(ms) != 0 {
		t.Errorf("Moves() after Paco = %v", ms)
	}
	if n := p.MoveCount(); n != 0 {
		t.Errorf("MoveCount() after Paco = %d", n)
	}
	if n := Perft(p, 2); n != 0 {
		t.Errorf("Perft(p, 2) after Paco = %d", n)
	}
	// Play of a move that was legal one step earlier.
	before := mustApplyAll(t, StartingPosition(), "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(f1) Place(b5) Lift(d5) Place(e4)")
	var paco Move
	for _, m := range before.Moves() {
		if m.IsPaco() {
			paco = m
		}
	}
	if paco.Len() == 0 {
		t.Fatal("no Paco move found one step before")
	}
	if _, err := p.Play(paco); !errors.Is(err, ErrGameOver) {
		t.Errorf("Play after Paco: err = %v, want ErrGameOver", err)
	}
	if q, err := before.Play(paco); err != nil || !q.Equal(p) || q.Outcome() != p.Outcome() {
		t.Errorf("Play(%v) = %q %v, %v; want the Paco position", paco, q.FEN(), q.Outcome(), err)
	}
}

func TestPlayReplaysMoves(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		rulesPageFEN,
		"r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -",
		"4k3/8/8/8/8/8/8/2d1K3 b 1 - - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -",
	} {
		p := mustFEN(t, fen)
		moves := p.Moves()
		if len(moves) == 0 {
			t.Errorf("%q: no moves", fen)
		}
		if n := p.MoveCount(); n != len(moves) {
			t.Errorf("%q: MoveCount() = %d, len(Moves()) = %d", fen, n, len(moves))
		}
		seen := map[string]bool{}
		for _, m := range moves {
			q, err := p.Play(m)
			if err != nil {
				t.Errorf("%q: Play(%v): %v", fen, m, err)
				continue
			}
			if !q.Equal(m.After()) || q.FEN() != m.After().FEN() || q.Outcome() != m.After().Outcome() {
				t.Errorf("%q: Play(%v) = %q, After() = %q", fen, m, q.FEN(), m.After().FEN())
			}
			if !q.IsSettled() && !q.Outcome().IsOver() {
				t.Errorf("%q: Play(%v) ends unsettled: %v", fen, m, q.step)
			}
			if q2, err := p.ApplyAll(m.Actions()); err != nil || !q2.Equal(q) {
				t.Errorf("%q: ApplyAll(%v) = %q, %v", fen, m, q2.FEN(), err)
			}
			if a, err := ParseActions(m.String()); err != nil || FormatActions(a) != m.String() || len(a) != m.Len() {
				t.Errorf("%q: move %v does not round-trip through ParseActions: %v", fen, m, err)
			}
			key := m.After().FEN()
			if seen[key] {
				t.Errorf("%q: two moves lead to %q", fen, key)
			}
			seen[key] = true
		}
		// AllMoves yields the same moves in the same order.
		i := 0
		for m := range p.AllMoves() {
			if i >= len(moves) || m.String() != moves[i].String() || !m.After().Equal(moves[i].After()) {
				t.Errorf("%q: AllMoves()[%d] = %v, Moves()[%d] = %v", fen, i, m, i, moves[min(i, len(moves)-1)])
				break
			}
			i++
		}
		if i != len(moves) {
			t.Errorf("%q: AllMoves yielded %d moves, Moves %d", fen, i, len(moves))
		}
	}
}

func TestPlayIllegalMove(t *testing.T) {
	start := StartingPosition()
	rules := mustFEN(t, rulesPageFEN)
	afterE4 := mustApplyAll(t, start, "Lift(e2) Place(e4)")
	// Every move of the start position is illegal on the rules page (no white piece
	// stands on the second rank or on b1/g1 there), and illegal with Black to move.
	for _, m := range start.Moves() {
		for _, p := range []Position{rules, afterE4} {
			q, err := p.Play(m)
			if !errors.Is(err, ErrIllegalMove) {
				t.Errorf("%q: Play(%v) = %q, %v; want ErrIllegalMove", p.FEN(), m, q.FEN(), err)
			}
			if q.FEN() != p.FEN() {
				t.Errorf("failed Play returned %q, want the receiver %q", q.FEN(), p.FEN())
			}
		}
	}
	// A move of Black's after 1.e4 played in the start position.
	for _, m := range afterE4.Moves()[:3] {
		if _, err := start.Play(m); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("start: Play(%v): err = %v, want ErrIllegalMove", m, err)
		}
	}
	// An incomplete move and an empty move are not moves.
	for _, m := range []Move{rawMove([]Action{Lift(E2)}), {}} {
		if _, err := start.Play(m); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("start: Play(%q): err = %v, want ErrIllegalMove", m.String(), err)
		}
	}
	// A move that is legal in both positions is accepted in either.
	other := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - - -")
	for _, m := range start.Moves() {
		if _, err := other.Play(m); err != nil {
			t.Errorf("Play(%v) in the start without castling rights: %v", m, err)
		}
	}
}

func TestSetupRoundTrip(t *testing.T) {
	for _, fen := range []string{
		StartFEN,
		rulesPageFEN,
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -",
		"4k3/8/8/8/8/8/8/4K3^a1i b 1 - - -",
		"4k3/8/8/8/8/a7/8/4K3^a3r b 2 - - -",
		"4k3/8/8/8/8/8/8/2d1K3 b 1 - - -",
		"brnbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBNQKR w 0 BHbh - -",
		"8/8/8/8/8/8/8/8 w 65535 - - -",
	} {
		p := mustFEN(t, fen)
		s := p.Setup()
		q, err := s.Position()
		if err != nil {
			t.Errorf("%q: Setup().Position(): %v", fen, err)
			continue
		}
		if !q.Equal(p) || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Errorf("%q: Setup round trip gives %q", fen, q.FEN())
		}
		if q.step != p.step || q.PendingPromotion() != p.PendingPromotion() ||
			q.NoProgressCounter() != p.NoProgressCounter() || q.Hand() != p.Hand() {
			t.Errorf("%q: Setup round trip: required %v/%v pending %v/%v counter %d/%d hand %+v/%+v", fen,
				q.step, p.step, q.PendingPromotion(), p.PendingPromotion(),
				q.NoProgressCounter(), p.NoProgressCounter(), q.Hand(), p.Hand())
		}
		if s.Turn != p.Turn() || s.EnPassant != p.EnPassant() || s.Castling != p.Castling() || s.NoProgressCounter != p.NoProgressCounter() {
			t.Errorf("%q: Setup() = %+v", fen, s)
		}
	}
	// The hand's colour is ignored: the mover is Turn.
	s := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -").Setup()
	s.Hand.Color = Black
	if q, err := s.Position(); err != nil || q.Hand() != (Hand{Color: White, Piece: Pawn, Square: D2}) {
		t.Errorf("Setup with Hand.Color = Black: %+v, %v", q.Hand(), err)
	}
	// A setup built in code.
	var b Board
	b = b.With(E1, Cell{White: King})
	b = b.With(E8, Cell{Black: King})
	b = b.With(D4, Cell{White: Knight, Black: Pawn})
	q, err := Setup{Board: b, Turn: Black, EnPassant: NoSquare, NoProgressCounter: 3}.Position()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.FEN(), "4k3/8/8/8/3d4/8/8/4K3 b 3 - - -"; got != want {
		t.Errorf("built setup: FEN %q, want %q", got, want)
	}
}

func TestSetupErrors(t *testing.T) {
	base := StartingPosition().Setup()
	tests := []struct {
		name   string
		modify func(*Setup)
	}{
		{"turn 5", func(s *Setup) { s.Turn = 5 }},
		{"turn 2", func(s *Setup) { s.Turn = 2 }},
		{"no-progress -1", func(s *Setup) { s.NoProgressCounter = -1 }},
		{"no-progress 70000", func(s *Setup) { s.NoProgressCounter = 70000 }},
		{"no-progress 65536", func(s *Setup) { s.NoProgressCounter = 65536 }},
		{"partner without piece", func(s *Setup) { s.Hand = Hand{Partner: Rook, Square: A1} }},
		{"hand without square", func(s *Setup) { s.Hand = Hand{Piece: Pawn, Square: NoSquare} }},
		{"hand square 200", func(s *Setup) { s.Hand = Hand{Piece: Pawn, Square: 200} }},
		{"hand role 9", func(s *Setup) { s.Hand = Hand{Piece: 9, Square: E4} }},
		{"en passant 100", func(s *Setup) { s.EnPassant = 100 }},
	}
	for _, tc := range tests {
		s := base
		tc.modify(&s)
		p, err := s.Position()
		if err == nil {
			t.Errorf("%s: Setup.Position() = %q, want an error", tc.name, p.FEN())
			continue
		}
		if !errors.Is(err, ErrInvalidSetup) {
			t.Errorf("%s: error %v does not wrap ErrInvalidSetup", tc.name, err)
		}
	}
	// The limits themselves are fine.
	for _, n := range []int{0, 65535} {
		s := base
		s.NoProgressCounter = n
		if p, err := s.Position(); err != nil || p.NoProgressCounter() != n {
			t.Errorf("NoProgress %d: %v, %d", n, err, p.NoProgressCounter())
		}
	}
}

func TestConcurrentSharedPosition(t *testing.T) {
	p := mustFEN(t, rulesPageFEN)
	const workers = 8
	type result struct {
		moves  int
		first  string
		perft  uint64
		fen    string
		hashes uint64
	}
	wantFEN := "4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -" // the symmetric union written lower case
	results := make([]result, workers)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			ms := p.Moves()
			var h uint64
			for _, m := range ms {
				h ^= m.After().Hash()
			}
			results[i] = result{moves: len(ms), first: ms[0].String(), perft: Perft(p, 2), fen: p.FEN(), hashes: h}
		}(i)
	}
	wg.Wait()
	for i, r := range results {
		if r.moves != 67 || r.perft != 4060 || r.fen != wantFEN {
			t.Errorf("worker %d: %d moves, perft(2) %d, FEN %q; want 67, 4060, %q", i, r.moves, r.perft, r.fen, wantFEN)
		}
		if r != results[0] {
			t.Errorf("worker %d: %+v differs from worker 0: %+v", i, r, results[0])
		}
	}
}

// TestMoveFromTo: From is the square of a move's Lift and To that of its last
// Place, for every move of the reference positions.
func TestMoveFromTo(t *testing.T) {
	n := 0
	for _, r := range localRows(t, "positions.tsv") {
		p := mustFEN(t, r[0])
		for _, m := range p.Moves() {
			from, to := NoSquare, NoSquare
			for _, a := range m.path() {
				switch {
				case a.Kind == LiftKind && from == NoSquare:
					from = a.Square
				case a.Kind == PlaceKind:
					to = a.Square
				}
			}
			if m.From() != from || m.To() != to {
				t.Errorf("%s: %v: From %v To %v, want %v %v", r[0], m, m.From(), m.To(), from, to)
			}
			if p.IsSettled() && (from == NoSquare || to == NoSquare) {
				t.Errorf("%s: %v: a move of a settled position without a lift or a place", r[0], m)
			}
			n++
		}
	}
	if (Move{}).From() != NoSquare || (Move{}).To() != NoSquare {
		t.Errorf("the zero Move: From %v To %v", (Move{}).From(), (Move{}).To())
	}
	t.Logf("%d moves", n)
}
