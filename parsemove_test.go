package pacosako

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestParseMove: every notation a player might type reads as the move it names,
// and an error comes from the reading that came closest.
func TestParseMove(t *testing.T) {
	diagram := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	for _, tc := range []struct {
		p          Position
		text, want string // want: the move's SAN
	}{
		{StartingPosition(), "e4", "e4"},
		{StartingPosition(), "e2e4", "e4"},
		{StartingPosition(), "g1f3", "Nf3"},
		{StartingPosition(), "Nf3", "Nf3"},
		{StartingPosition(), "Lift(e2) Place(e4)", "e4"},
		{StartingPosition(), "  Lift(b1)   Place(c3) ", "Nc3"},
		{diagram, "Bxe4,Ne4xc3,Qc3xc6", "Bxe4,Ne4xc3,Qc3xc6"},
		{diagram, "f3e4c3c6", "Bxe4,Ne4xc3,Qc3xc6"},
		{diagram, "Lift(f3) Place(e4) Place(c3) Place(c6)", "Bxe4,Ne4xc3,Qc3xc6"},
	} {
		m, err := tc.p.ParseMove(tc.text)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tc.p.FEN(), tc.text, err)
			continue
		}
		if san, err := tc.p.SAN(m); err != nil || san != tc.want {
			t.Errorf("%s: ParseMove(%q) = %q, %v; want %q", tc.p.FEN(), tc.text, san, err, tc.want)
		}
	}

	bishop := mustFEN(t, "4k3/8/8/1B6/8/8/8/4K3 w 0 - - -")
	for _, tc := range []struct {
		p          Position
		text, want string // want: the start of the error's text after the position
		is         error
	}{
		// The bishop on b5 cannot reach e7's file and rank this way: coordinate
		// notation's reason, not a pawn's.
		{bishop, "b5e7", "coordinate notation: action 2, Place(e7), is not legal", ErrIllegalMove},
		{StartingPosition(), "g1e2", "coordinate notation: action 2, Place(e2), is not legal", ErrIllegalMove},
		// A pawn's move written from its square: chain SAN's reason.
		{StartingPosition(), "e2e5", "chain SAN: step 1: the Pawn on e2 cannot go to e5 (it can go to e3, e4)", ErrIllegalMove},
		{StartingPosition(), "Qd4", "chain SAN: step 1: no Queen can go to d4", ErrIllegalMove},
		{StartingPosition(), "Lift(e2)", "actions: the move is not complete", ErrIllegalMove},
		{StartingPosition(), "Lift(e2) Place(e5)", "actions: action 2, Place(e5), is not legal", ErrIllegalMove},
		{StartingPosition(), "Lift(e9)", "", ErrInvalidAction},
		{StartingPosition(), "zz", "", ErrInvalidNotation},
	} {
		_, err := tc.p.ParseMove(tc.text)
		if !errors.Is(err, tc.is) {
			t.Errorf("%s: ParseMove(%q): %v; want %v", tc.p.FEN(), tc.text, err, tc.is)
			continue
		}
		var me *MoveError
		if tc.want != "" && (!errors.As(err, &me) || !strings.HasPrefix(me.Reason, tc.want)) {
			t.Errorf("%s: ParseMove(%q): %v; want the reason %q", tc.p.FEN(), tc.text, err, tc.want)
		}
	}
	_, err := StartingPosition().ParseMove("zz")
	if !strings.Contains(err.Error(), "neither actions") || !strings.Contains(err.Error(), "chain SAN (") || !strings.Contains(err.Error(), "coordinate notation (") {
		t.Errorf("ParseMove(\"zz\"): %v; want both notations' reasons", err)
	}
}

// TestPlayMove: a game plays moves in any notation, bounded when asked.
func TestPlayMove(t *testing.T) {
	g := NewGame(StartingPosition())
	var err error
	for _, text := range []string{"e4", "e7e5", "Lift(g1) Place(f3)", "Nc6"} {
		if g, err = g.PlayMove(text); err != nil {
			t.Fatalf("PlayMove(%q): %v", text, err)
		}
	}
	if got := strings.Join(g.PlayedSAN(), " "); got != "e4 e5 Nf3 Nc6" {
		t.Errorf("played %q; want e4 e5 Nf3 Nc6", got)
	}
	if h, err := g.PlayMove("Nf3"); !errors.Is(err, ErrIllegalMove) || h.Len() != g.Len() {
		t.Errorf("PlayMove of an illegal move: %v, %d half-moves; want ErrIllegalMove and the game unchanged", err, h.Len())
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.PlayMoveContext(done, "Bb5", Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("PlayMoveContext with a done context: %v", err)
	}
	// A chain is looked up in its piece's search (a lift and a place needs none).
	chain := MustParseFEN("4k3/8/8/q7/4O3/2v2B2/8/5K2 w 0 - - -") // the hand holds a bishop twice: writtenMove
	if _, err := chain.ParseMoveContext(context.Background(), "Bxe4,Ne4xc3,Bc3xa5", Limits{MaxStates: 1}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("ParseMoveContext within 1 state: %v; want ErrSearchLimit", err)
	}
	if _, err := StartingPosition().ParseMoveContext(context.Background(), "Nf3", Limits{MaxStates: 1}); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("ParseMoveContext of Nf3 within 1 state: %v; want ErrSearchLimit (its path holds 3)", err)
	}
	if m, err := StartingPosition().ParseMoveContext(context.Background(), "Nf3", Limits{MaxStates: 3}); err != nil || m.String() != "Lift(g1) Place(f3)" {
		t.Errorf("ParseMoveContext of Nf3 within 3 states: %v, %v; want Lift(g1) Place(f3): no search beyond its path's states", m, err)
	}
	if h, err := g.PlayMoveContext(context.Background(), "Bb5", Limits{MaxStates: 1000}); err != nil || h.Len() != 5 {
		t.Errorf("PlayMoveContext within 1000 states: %v", err)
	}
}

// TestMoveErrorForPlayers: a move error names an ambiguous move's candidates in
// SAN, as a field and in its reason, and has a message without the position.
func TestMoveErrorForPlayers(t *testing.T) {
	p := mustFEN(t, "4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -")
	_, err := p.ParseMove("Nd2")
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrAmbiguousMove) {
		t.Fatalf("ParseMove(Nd2): %v; want an ambiguous *MoveError", err)
	}
	if strings.Join(me.CandidateSANs, " ") != "Nbd2 Nfd2" || len(me.Candidates) != 2 {
		t.Errorf("CandidateSANs = %q for %d candidates; want [Nbd2 Nfd2]", me.CandidateSANs, len(me.Candidates))
	}
	if me.Reason != "2 candidates: Nbd2, Nfd2" {
		t.Errorf("Reason = %q", me.Reason)
	}
	if got := me.Message(); got != `ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2` {
		t.Errorf("Message() = %q", got)
	}
	if got, want := err.Error(), `pacosako: ambiguous move "Nd2" in 4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -: 2 candidates: Nbd2, Nfd2`; got != want {
		t.Errorf("Error() = %q; want %q (unchanged, for logs)", got, want)
	}
	_, err = StartingPosition().ParseSAN("Qd4\x1b")
	if errors.As(err, &me) {
		t.Errorf("text with a control character read as a move: %v", err)
	}
	_, err = StartingPosition().ParseSAN("Qd4")
	if !errors.As(err, &me) || me.Message() != `illegal move "Qd4": step 1: no Queen can go to d4 (no Queen can move)` {
		t.Errorf("Message() of Qd4 = %q", me.Message())
	}
}

// TestMoveErrorsStayShort: an error about a move quotes at most the start of the
// text and of what follows the move, however long the input.
func TestMoveErrorsStayShort(t *testing.T) {
	p := StartingPosition()
	for _, text := range []string{strings.Repeat("e2e4", 100_000), strings.Repeat("Lift(e2) Place(e4) ", 30_000), strings.Repeat("Nc3,", 100_000) + "Nc3"} {
		_, err := p.ParseMove(text)
		var me *MoveError
		if !errors.As(err, &me) || len(err.Error()) > 1000 || len(me.Message()) > 1000 {
			t.Errorf("ParseMove of %d bytes: a message of %d bytes (%.80v…); want at most 1000", len(text), len(err.Error()), err)
		}
	}
}

// TestPromotionWhereNoneHappens: a promotion written on a step that makes none is
// named as such, not as a step the piece cannot make.
func TestPromotionWhereNoneHappens(t *testing.T) {
	for text, want := range map[string]string{
		"e4=Q":  "chain SAN: step 1: no promotion happens there (the Pawn goes to e4 without promoting)",
		"Nf3=Q": "chain SAN: step 1: no promotion happens there (the Knight goes to f3 without promoting)",
	} {
		_, err := StartingPosition().ParseMove(text)
		var me *MoveError
		if !errors.As(err, &me) || me.Reason != want {
			t.Errorf("ParseMove(%q): %v; want the reason %q", text, err, want)
		}
	}
}
