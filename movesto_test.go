package pacosako

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestPieceSearchAgreesWithFullSearch checks the premise that lets reading and
// writing a move search only the moves of one piece (movesTo, rivals): when
// soleOrigin vouches for a move, the search of its piece's moves finds its
// position by exactly the path Moves gives it. Every move of the chain-test
// positions (the reference positions and, without -short, their children, under
// every rule set; one in 40 unless PACOSAKO_DEEP is set) is checked, and soleOrigin must vouch for nearly all of them.
func TestPieceSearchAgreesWithFullSearch(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	checked, vouched, positions := 0, 0, 0
	for i, p := range chainTestPositions(t) {
		if i%40 != 0 && !deepPerft() {
			continue // PACOSAKO_DEEP=1: all of them (7,024,003 moves of 96,230 positions, 100 s)
		}
		moves := p.Moves()
		if len(moves) > 2000 {
			continue // the piece searches of a huge move set take long; the rest covers the rule
		}
		positions++
		for _, m := range moves {
			checked++
			after := m.After()
			o, ok := firstLift(m.path())
			if !ok || !p.soleOrigin(o, &after) {
				continue
			}
			vouched++
			got := firstTo(after, func(f func(Move, *Position) bool) { p.eachMoveFrom(o.bit(), nil, f) })
			if !slices.Equal(got.path(), m.path()) {
				t.Fatalf("%s (%v): the moves of %v reach %s by %v; Moves by %v", p.FEN(), p.Rules(), o, after.FEN(), got.path(), m.path())
			}
		}
	}
	t.Logf("%d moves of %d positions; the piece search vouched for %d", checked, positions, vouched)
	if vouched < checked*9/10 {
		t.Errorf("soleOrigin vouched for only %d of %d moves; reading would often search every move", vouched, checked)
	}
}

// firstTo returns the first move a lazy search yields that leads to after.
func firstTo(after Position, search func(f func(Move, *Position) bool)) Move {
	var got Move
	search(func(x Move, r *Position) bool {
		if r.Equal(after) {
			got = x
			return false
		}
		return true
	})
	return got
}

// TestWrittenPathAgreesWithMoves checks the two premises that let reading a
// move skip or cut its piece's search: when writtenMove vouches for a move's
// written path (SAN of each move of the chain-test positions), that path is
// the one Moves gives it; and eachMoveTo, the piece's search pruned to the
// states from which the path's length still suffices, finds the move by the
// path Moves gives it. One position in 10 (PACOSAKO_DEEP=1: all; a full run
// checked 5,338,800 moves: writtenMove vouched for 3,782,902, the pruned search
// ran on 3,220,984).
func TestWrittenPathAgreesWithMoves(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	checked, vouched, pruned := 0, 0, 0
	for i, p := range chainTestPositions(t) {
		if i%10 != 0 && !deepPerft() {
			continue
		}
		moves := p.Moves()
		if len(moves) > 600 {
			continue
		}
		sans, err := p.SANs(moves)
		if err != nil {
			t.Fatal(err)
		}
		for k, m := range moves {
			checked++
			after := m.After()
			o, ok := firstLift(m.path())
			if !ok {
				continue
			}
			if s, err := parseSAN(sans[k]); err == nil && len(s.Promotions) == 0 {
				if w, _, ok := p.writtenMove(&s, o, &after, nil, nil); ok {
					vouched++
					if !slices.Equal(w.path(), m.path()) || w.flags() != m.flags() {
						t.Fatalf("%s (%v): %q: writtenMove gives %v (flags %b); Moves %v (%b)", p.FEN(), p.Rules(), sans[k], w, w.flags(), m, m.flags())
					}
				}
			}
			if !p.soleOrigin(o, &after) || !p.chainChangesOneSquareAtATime(o) {
				continue
			}
			pruned++
			got := firstTo(after, func(f func(Move, *Position) bool) { p.eachMoveTo(o, &after, m.Len(), nil, f) })
			if !slices.Equal(got.path(), m.path()) {
				t.Fatalf("%s (%v): the pruned search from %v reaches %s by %v; Moves by %v", p.FEN(), p.Rules(), o, after.FEN(), got.path(), m.path())
			}
		}
	}
	t.Logf("%d moves: writtenMove vouched for %d, the pruned search checked on %d", checked, vouched, pruned)
	if vouched < checked/4 || pruned < checked/2 {
		t.Errorf("too few moves checked: %d vouched for, %d pruned searches of %d", vouched, pruned, checked)
	}
}

// TestSoleOriginExceptions: the squares where something other than the lift can
// change a square are not vouched for.
func TestSoleOriginExceptions(t *testing.T) {
	for _, tc := range []struct {
		fen, move string
		want      bool
	}{
		{StartFEN, "e4", true},
		{StartFEN, "Nf3", true},
		// A rook with its castling right: castling moves it too, but only into a
		// position with the king on its target and a rook on the rook's.
		{"4k3/8/8/8/8/8/8/R3K2R w 0 AHah - -", "Rb1", true},
		{"4k3/8/8/8/8/8/8/R3K2R w 0 - - -", "Rb1", true},
		{"4k3/8/8/8/8/8/8/R1KR4 w 0 A - -", "Rb1", false}, // Chess960: the king on c1 already, a rook on d1
		// The king: its castling target squares are castling's, the king's own is not.
		{"4k3/8/8/8/8/8/8/R3K2R w 0 AHah - -", "Ke2", true},
	} {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := firstLift(m.path())
		after := m.After()
		if got := p.soleOrigin(o, &after); got != tc.want {
			t.Errorf("%s %s: soleOrigin(%v) = %v; want %v", tc.fen, tc.move, o, got, tc.want)
		}
	}
}

// TestBoundedNotation: the Context forms of reading and writing SAN, playing it in
// a game and annotating stop at the state limit and at a done context, and give
// the same result as the plain forms within the limit.
func TestBoundedNotation(t *testing.T) {
	// The rules page's chain Bxe4,Ne4xc3,Qc3xc6 is read without a search (its
	// written path is provably the shortest: writtenMove); here the hand holds a
	// bishop twice, so the bishop's chains are searched for the move's path.
	p := mustFEN(t, "4k3/8/8/q7/4O3/2v2B2/8/5K2 w 0 - - -")
	const chain = "Bxe4,Ne4xc3,Bc3xa5"
	want, err := p.ParseSAN(chain)
	if err != nil {
		t.Fatal(err)
	}
	if m, err := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -").ParseSANContext(context.Background(), "Bxe4,Ne4xc3,Qc3xc6", Limits{MaxStates: 5}); err != nil || m.String() != "Lift(f3) Place(e4) Place(c3) Place(c6)" {
		t.Errorf("ParseSANContext of the rules page's chain within 5 states: %v, %v; want it read with its path's states alone", m, err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tight := Limits{MaxStates: 2} // the bishop's chain holds more states than that
	var sl *SearchLimitError

	if _, err := p.ParseSANContext(context.Background(), chain, tight); !errors.As(err, &sl) || sl.Limit != 2 {
		t.Errorf("ParseSANContext within 2 states: %v; want a *SearchLimitError", err)
	}
	if _, err := p.ParseSANContext(done, chain, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("ParseSANContext with a done context: %v; want context.Canceled", err)
	}
	got, err := p.ParseSANContext(context.Background(), chain, Limits{MaxStates: 1000})
	if err != nil || !slices.Equal(got.path(), want.path()) {
		t.Errorf("ParseSANContext within 1000 states = %v, %v; want %v", got, err, want)
	}

	// A move of another position: SAN must find it again among the bishop's moves.
	detached := newMove(&moveList{root: &p, paths: want.path()}, 0, want.Len(), 0)
	if _, err := p.SANContext(context.Background(), detached, tight); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("SANContext within 2 states: %v; want ErrSearchLimit", err)
	}
	if _, err := p.SANContext(done, detached, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("SANContext with a done context: %v; want context.Canceled", err)
	}
	if s, err := p.SANContext(context.Background(), detached, Limits{MaxStates: 1000}); err != nil || s != chain {
		t.Errorf("SANContext within 1000 states = %q, %v; want %q", s, err, chain)
	}

	g := NewGame(p)
	if h, err := g.PlaySANContext(context.Background(), chain, tight); !errors.Is(err, ErrSearchLimit) || h.Len() != 0 {
		t.Errorf("PlaySANContext within 2 states: %d half-moves, %v; want none and ErrSearchLimit", h.Len(), err)
	}
	if _, err := g.PlaySANContext(done, chain, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("PlaySANContext with a done context: %v; want context.Canceled", err)
	}
	h, err := g.PlaySANContext(context.Background(), chain, Limits{MaxStates: 1000})
	if err != nil || h.Len() != 1 || !h.Position().Equal(want.After()) {
		t.Errorf("PlaySANContext within 1000 states: %v; want the chain played", err)
	}

	// Annotate searches every half-move for a chasing Paco in 2.
	acts := h.PlayedActions()
	plain, err := Annotate(p, acts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := AnnotateContext(context.Background(), p, acts, tight); !errors.Is(err, ErrSearchLimit) {
		t.Errorf("AnnotateContext within 2 states: %v; want ErrSearchLimit", err)
	}
	if _, err := AnnotateContext(done, p, acts, Limits{}); !errors.Is(err, context.Canceled) {
		t.Errorf("AnnotateContext with a done context: %v; want context.Canceled", err)
	}
	bounded, err := AnnotateContext(context.Background(), p, acts, Limits{MaxStates: 100_000})
	if err != nil || !reflect.DeepEqual(bounded.HalfMoves, plain.HalfMoves) || bounded.Opening != plain.Opening {
		t.Errorf("AnnotateContext within 100,000 states = %+v, %v; want %+v", bounded, err, plain)
	}
}

// TestMoveTextCostsItsPieces: the reproductions — positions with millions
// of moves in which reading a move, naming an ambiguous move's candidates and
// writing a move whose first step another piece could make took seconds and
// gigabytes — stay within a thousand search states each: only the pieces the text
// could mean are searched.
func TestMoveTextCostsItsPieces(t *testing.T) {
	lim := Limits{MaxStates: 1000}
	ctx := context.Background()
	for _, tc := range []struct {
		fen, text, want string // want: the SAN, or the error's candidates
	}{
		{"1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -", "Qab1", "Qab1+"},
		{"1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -", "Qb1", "2 candidates: Qab1+, Qbb1+"},
		{"1k6/1C6/5P2/a2p1Ra1/K7/Q1CS2p1/1peeD2D/2JT2a1 b 0 - - -", "=Q,Rbb3", "=Q,Rbb3+"},
		{"1k6/1C6/5P2/a2p1Ra1/K7/Q1CS2p1/1peeD2D/2JT2a1 b 0 - - -", "=Q,Rb3", "2 candidates: =Q,Rcb3+, =Q,Rbb3+"},
	} {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSANContext(ctx, tc.text, lim)
		if err != nil {
			if !errors.Is(err, ErrAmbiguousMove) || !strings.HasSuffix(err.Error(), tc.want) {
				t.Errorf("%s: ParseSANContext(%q): %v; want %q", tc.fen, tc.text, err, tc.want)
			}
			continue
		}
		// Written as a game's half-move is: not from the position's list of moves.
		played := newMove(&moveList{root: &p, paths: m.path()}, 0, m.Len(), 0)
		if got, err := p.SANContext(ctx, played, lim); err != nil || got != tc.want {
			t.Errorf("%s: SANContext of %q = %q, %v; want %q", tc.fen, tc.text, got, err, tc.want)
		}
	}
}
