package pacosako

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSANRulesPage(t *testing.T) {
	p := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	const after = "4k3/8/2y5/8/4s3/2S5/8/5K2 b 0 - - -"
	for _, text := range []string{"Bxe4,Ne4xc3,Qc3xc6", "Bxe4, Ne4xc3, Qc3xc6", "Bxe4 Ne4xc3 Qc3xc6", "Bxe4,Nxc3,Qxc6", "Bf3xe4,Ne4c3,Qc3c6", "Be4,Nc3,Qc6"} {
		m, err := p.ParseSAN(text)
		if err != nil {
			t.Errorf("parseSAN(%q): %v", text, err)
			continue
		}
		if m.After().FEN() != after {
			t.Errorf("parseSAN(%q) leads to %s, want %s", text, m.After().FEN(), after)
		}
		s, err := p.SAN(m)
		if err != nil || s != "Bxe4,Ne4xc3,Qc3xc6" {
			t.Errorf("SAN = %q, %v; want Bxe4,Ne4xc3,Qc3xc6", s, err)
		}
	}
}

// TestSANRoundTripReference writes every move of every position of moves.tsv in
// chain SAN and reads it back, leniently and strictly, to the same move.
func TestSANRoundTripReference(t *testing.T) {
	bothRows(t, "moves.tsv", "moves.tsv", func(t *testing.T, rows [][]string) {
		seen := map[string]bool{}
		n := 0
		for _, r := range rows {
			if seen[r[0]] {
				continue
			}
			seen[r[0]] = true
			p := mustFEN(t, r[0])
			moves := p.Moves()
			sans, err := p.SANs(moves)
			if err != nil {
				t.Fatal(err)
			}
			texts := map[string]bool{}
			for i, m := range moves {
				text := sans[i]
				if texts[text] {
					t.Errorf("%s: two moves written %s", r[0], text)
				}
				texts[text] = true
				back, err := parseSANStrict(p, text)
				if err != nil {
					t.Errorf("%s: ParseSANStrict(%q) (move %v): %v", r[0], text, m, err)
					continue
				}
				if !back.After().Equal(m.After()) {
					t.Errorf("%s: %q reads back as %v, want %v", r[0], text, back, m)
				}
				n++
			}
		}
		t.Logf("%d positions, %d moves written and read back", len(seen), n)
	})
}

func TestSANErrors(t *testing.T) {
	p := StartingPosition()
	for _, text := range []string{"", "Zf3", "e9", "Nf", "e4,", "=K,e4", "Nb1c3d4e5", "e4 junk"} {
		_, err := p.ParseSAN(text)
		var ne *NotationError
		if !errors.Is(err, ErrInvalidNotation) || !errors.As(err, &ne) {
			t.Errorf("parseSAN(%q) error = %v, want a NotationError", text, err)
		}
	}
	for _, text := range []string{"e5", "Nf4", "Ke2", "O-O", "e4,Pe4-e5"} {
		if _, err := p.ParseSAN(text); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("parseSAN(%q) error = %v, want ErrIllegalMove", text, err)
		}
	}
}

// FuzzParseSAN: the reader never panics, agrees with the published grammar on
// what is a sentence, and writes back a text that reads to the same structure. A
// move it reads resolves (or fails with a typed error) in a few positions, under
// several rule sets; a move read in a position is a legal move of it, whose
// canonical SAN reads back strictly to the same move, and whose vchess notation
// reads back to it too unless it is ambiguous.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd5", "Rae1", "O-O", "c8=Q", "Bxe4,Ne4xc3,Qc3xc6", "=N,Rh1xh8,Nh8-g6",
		"Bxe4 Nxc3 Qxc6", "Nb1c3", "Qc3xc6#", "e4++", "0-0-0", "Pe2-e4", "ex", "=q e4",
		"Bxe4,Nxc3,Qxc6", "Be4,Nc3,Qc6", "Bf3xe4,Ne4c3,Qc3c6", "Qxd5,Pd5-d4", "=Q", "Kxe2", "e8=N+", "Pd4xe3",
		"=N,=Q,Nab6", "=Q,=Q,Qab7+", "=B =N Kd2", "Nf3", "g1f3"} {
		f.Add(s)
	}
	g := loadGrammar(f)
	positions := []Position{StartingPosition(), MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"),
		MustParseFEN("rnbqkbnC/pppppp2/5p2/5p2/8/8/PPPPPPP1/RNBQKBNR w 1 AHah - -"),
		MustParseFEN("rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -"),
		MustParseFEN("4k3/8/8/8/8/8/4p3/3C3K b 0 - - -"),
		MustParseFEN("4k3/8/8/8/Cp6/8/8/4K3 b 0 - a3 -"),
		MustParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -"),
		MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -").WithRules(Vchess),
		MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -").WithRules(Rulebook),
		MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -"),
		MustParseFEN("PP2k3/8/8/8/8/8/8/4K3 w 0 - - -"), // two promotions owed
		MustParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -")}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := parseSAN(text)
		if inGrammar := matches(g, "Move", text); inGrammar != (err == nil) {
			t.Fatalf("parseSAN(%q) error %v, but the grammar says %v", text, err, inGrammar)
		}
		if err != nil {
			var ne *NotationError
			if !errors.Is(err, ErrInvalidNotation) || !errors.As(err, &ne) || ne.Offset < 0 || ne.Offset > len(text) || ne.Input != text {
				t.Fatalf("parseSAN(%q) error %v is not a *NotationError wrapping ErrInvalidNotation", text, err)
			}
			return
		}
		again, err := parseSAN(s.String())
		if err != nil || again.String() != s.String() {
			t.Fatalf("parseSAN(%q).String() = %q does not read back: %v", text, s.String(), err)
		}
		for _, p := range positions {
			if _, err := s.move(p, nil, nil); err != nil && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) {
				t.Fatalf("Move(%q) in %s: untyped error %v", text, p.FEN(), err)
			}
			m, err := p.ParseSAN(text)
			if err != nil {
				var me *MoveError
				if !errors.As(err, &me) || !(errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrAmbiguousMove)) || me.Input != text {
					t.Fatalf("parseSAN(%q) in %s: error %v is not a *MoveError", text, p.FEN(), err)
				}
				if errors.Is(err, ErrAmbiguousMove) && len(me.Candidates) < 2 {
					t.Fatalf("parseSAN(%q) in %s: ambiguous with %d candidates", text, p.FEN(), len(me.Candidates))
				}
				continue
			}
			after, err := p.Play(m)
			if err != nil || !after.Equal(m.After()) {
				t.Fatalf("parseSAN(%q) in %s gives %v, which Play rejects: %v", text, p.FEN(), m, err)
			}
			canon, err := p.SAN(m)
			if err != nil {
				t.Fatalf("SAN(%v) in %s: %v", m, p.FEN(), err)
			}
			back, err := parseSANStrict(p, canon)
			if err != nil || !back.After().Equal(m.After()) || back.String() != m.String() {
				t.Fatalf("%q in %s: %v, written %q, reads back as %v, %v", text, p.FEN(), m, canon, back, err)
			}
			if v, err := p.VchessNotation(m); err != nil {
				t.Fatalf("VchessNotation(%v) in %s: %v", m, p.FEN(), err)
			} else if vm, err := p.ParseSAN(v); err != nil && !errors.Is(err, ErrAmbiguousMove) || err == nil && !vm.After().Equal(m.After()) {
				t.Fatalf("%q in %s: %v, in vchess notation %q, reads back as %v, %v", text, p.FEN(), m, v, vm, err)
			}
		}
	})
}

// TestSANAgreesWithSANs checks the ways a move's SAN is written against SANs over
// Moves (which disambiguates from the list of all moves): SAN of the same moves;
// SAN and SANs of the moves as AllMoves yields them (a list that does not hold all
// moves, so disambiguation enumerates them); SAN of each as a game's played move (a
// path not known to be canonical, found again in the lazy search); and that
// ParseSAN (which matches lazily too) reads each back. Every move of the reference
// positions and their children under every preset.
func TestSANAgreesWithSANs(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	checked, positions := 0, 0
	step := 20
	if raceEnabled {
		step = 40
	}
	for i, p := range chainTestPositions(t) {
		if i%step != 0 && !testing.Short() {
			continue // one position in 20 (a full run checked 2,478,731 moves in 4 minutes)
		}
		moves := p.Moves()
		if len(moves) > 600 {
			continue // SAN for each move of a large set is quadratic
		}
		positions++
		all, err := p.SANs(moves)
		if err != nil {
			t.Fatalf("%s: SANs: %v", p.FEN(), err)
		}
		var lazy []Move
		for m := range p.AllMoves() {
			lazy = append(lazy, m)
		}
		lazySANs, err := p.SANs(lazy)
		if err != nil || len(lazySANs) != len(all) {
			t.Fatalf("%s: SANs of AllMoves: %d, %v; want %d", p.FEN(), len(lazySANs), err, len(all))
		}
		for k, m := range moves {
			played := newMove(&moveList{root: &p, paths: m.path()}, 0, m.Len(), 0)
			for _, c := range []struct {
				how string
				m   Move
			}{{"Moves", m}, {"AllMoves", lazy[k]}, {"played", played}} {
				got, err := p.SAN(c.m)
				if err != nil || got != all[k] {
					t.Fatalf("%s (%v): SAN(%v from %s) = %q, %v; SANs gives %q", p.FEN(), p.Rules(), c.m, c.how, got, err, all[k])
				}
			}
			if lazySANs[k] != all[k] {
				t.Fatalf("%s (%v): SANs of AllMoves gives %q for %v; of Moves %q", p.FEN(), p.Rules(), lazySANs[k], m, all[k])
			}
			back, err := p.ParseSAN(all[k])
			if err != nil || !back.After().Equal(m.After()) || !slices.Equal(back.path(), m.path()) || back.flags() != m.flags() {
				t.Fatalf("%s (%v): parseSAN(%q) = %v, %v; want %v", p.FEN(), p.Rules(), all[k], back, err, m)
			}
			if got, err := p.SAN(back); err != nil || got != all[k] {
				t.Fatalf("%s (%v): SAN(ParseSAN(%q)) = %q, %v", p.FEN(), p.Rules(), all[k], got, err)
			}
			checked++
		}
	}
	t.Logf("%d moves of %d positions", checked, positions)
}

// TestParseSANReason: an illegal move's reason comes from the reading that got
// furthest, not from the first piece tried.
func TestParseSANReason(t *testing.T) {
	after, err := StartingPosition().ParseSAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p          Position
		text, want string
	}{
		{StartingPosition(), "e4,e5", "the move ends after step 1"},
		{StartingPosition(), "e5", "the piece on e7 is Black's; White is to move"}, // Black's move
		{StartingPosition(), "Qd4", "step 1: no Queen can go to d4 (no Queen can move)"},
		{StartingPosition(), "Nf3,Nf3-e5", "the move ends after step 1"},
		{StartingPosition(), "Bc4", "step 1: no Bishop can go to c4"},
		{StartingPosition(), "Ke2", "step 1: no King can go to e2"},
		{StartingPosition(), "Nbd2", "step 1: the Knight on b1 cannot go to d2"},
		{StartingPosition(), "Ncd2", "step 1: no Knight on the file or rank written can go to d2"},
		{StartingPosition(), "O-O", "the king cannot castle here"},
		{after.After(), "e4", "step 1: no Pawn can go to e4"},
		{mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"), "Bxe4,Ne4xc4", "step 2: the Knight on e4 cannot go to c4 (it can go to c3, c5, d2, d6, f2, f6, g3, g5)"},
		{mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"), "Bxe4", "the move goes on: the released Knight on e4 must move"},
	} {
		_, err := tc.p.ParseSAN(tc.text)
		var me *MoveError
		if !errors.As(err, &me) || !strings.HasPrefix(me.Reason, tc.want) {
			t.Errorf("%s: parseSAN(%q) = %v; want the reason %q", tc.p.FEN(), tc.text, err, tc.want)
		}
	}
}

// TestParseSANErrorZero: a syntax error gives the zero SAN, not the steps read
// before it.
func TestParseSANErrorZero(t *testing.T) {
	for _, text := range []string{"Bxe4,,", "Bxe4,Ne4xc3,", "=Q,", "Bxe4 Z"} {
		s, err := parseSAN(text)
		if !errors.Is(err, ErrInvalidNotation) || len(s.Steps) != 0 || s.Promotions != nil {
			t.Errorf("parseSAN(%q) = %+v, %v; want the zero SAN and ErrInvalidNotation", text, s, err)
		}
	}
}

// TestSANRulebookLongerRivalPath: under the Ŝako rule the writer sees no rival for
// Qxc8 (every move of the d7 queen through c8 is illegal, except one whose result a
// shorter path d7-e8 reaches), so it writes no origin; the reader must then take the
// move whose canonical path the text names rather than report both.
func TestSANRulebookLongerRivalPath(t *testing.T) {
	for _, fen := range []string{
		"2w1L3/1Q1Q4/2K5/2q5/w7/4kw2/5w2/8 w 0 - - -",
		"2a1L3/1Q1Q4/2K5/2q5/w7/4kw2/5w2/8 w 0 - - -", // with an owed promotion
	} {
		p := mustFEN(t, fen).WithRules(Rulebook)
		moves := p.Moves()
		sans, err := p.SANs(moves)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves {
			back, err := p.ParseSAN(sans[i])
			if err != nil || !back.After().Equal(m.After()) || back.Len() != m.Len() {
				t.Errorf("%s: parseSAN(%q) = %v, %v; want %v", fen, sans[i], back, err, m)
			}
		}
	}
	// A text that names two moves along their canonical paths stays ambiguous.
	p := mustFEN(t, "R6R/8/8/8/8/8/4k3/4K3 w 0 - - -")
	var me *MoveError
	if _, err := p.ParseSAN("Rd8"); !errors.As(err, &me) || !errors.Is(err, ErrAmbiguousMove) || len(me.Candidates) != 2 {
		t.Errorf("Rd8 with rooks on a8 and h8: %v, want ErrAmbiguousMove with 2 candidates", err)
	}
}

// TestParseSANMoveSuffix: a move suffix as game records write it ("e4!!") is read
// and ignored, as the record reader reads it.
func TestParseSANMoveSuffix(t *testing.T) {
	p := StartingPosition()
	want, err := p.ParseSAN("e4")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"e4!!", "e4?", "e4!?", "e4 ?!", "e2e4??"} {
		m, err := p.ParseSAN(text)
		if err != nil || !slices.Equal(m.path(), want.path()) {
			t.Errorf("ParseSAN(%q) = %v, %v; want e4", text, m, err)
		}
	}
}

// TestParseSANGivesMovesMove: whatever move ParseSAN reads is the move Moves gives
// its result, path and flags alike, whichever path the text writes: here each
// lone piece's every single step, written with its origin. A king step onto an
// option's place target castles (QUIRK, placeKing) even with the rook gone, and
// may then reach what a plain king step reaches: "Kh1" in the first position
// castles into the position Kg1 reaches, which Moves gives by Lift(h1) Place(g1).
// The positions: that one and one chain-test position in 20 (PACOSAKO_FULL=1:
// all).
func TestParseSANGivesMovesMove(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	positions := []Position{mustFEN(t, "1n2k1n1/ppp2ppp/3p2NE/6RB/2P3Pa/i6C/P2F4/REBQ3K w 0 AHah - -")}
	every := 20 // one position in 20; every one with PACOSAKO_FULL=1, one in 200 under -race
	switch {
	case raceEnabled:
		every = 200
	case fullSizes():
		every = 1
	}
	for i, p := range chainTestPositions(t) {
		if i%every == 0 {
			positions = append(positions, p)
		}
	}
	read := 0
	for _, p := range positions {
		if !p.IsSettled() || p.res.IsOver() {
			continue
		}
		byResult := map[uint64][]Move{}
		for _, m := range p.Moves() {
			byResult[m.After().Hash()] = append(byResult[m.After().Hash()], m)
		}
		occ, them := p.board.Occupied(), p.board.byColor[p.turn.Other()]
		for from := range p.liftable().All() {
			if them.Has(from) {
				continue // a union: its lift names no own piece alone
			}
			_, _, targets := p.liftTargets(from, occ, them)
			letter := string(p.board.roleAt(p.turn, from).Letter())
			for to := range targets.All() {
				text := letter + from.String() + to.String()
				got, err := p.ParseSAN(text)
				if err != nil {
					if !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) {
						t.Fatalf("%s (%v): ParseSAN(%q): untyped error %v", p.FEN(), p.Rules(), text, err)
					}
					continue
				}
				read++
				var want *Move
				for k, m := range byResult[got.After().Hash()] {
					if m.After().Equal(got.After()) {
						want = &byResult[got.After().Hash()][k]
					}
				}
				if want == nil {
					t.Fatalf("%s (%v): ParseSAN(%q) = %v, a move Moves does not have", p.FEN(), p.Rules(), text, got)
				}
				if !slices.Equal(got.path(), want.path()) || got.flags() != want.flags() {
					t.Fatalf("%s (%v): ParseSAN(%q) = %v (flags %b); Moves gives its result by %v (%b)", p.FEN(), p.Rules(), text, got, got.flags(), *want, want.flags())
				}
			}
		}
	}
	t.Logf("%d texts of %d positions read", read, len(positions))
}

// TestSANSeveralOwedPromotions: where a side owes several promotions at the start
// of its turn (pawns of a FEN standing on their last rank, or a move already under
// way), SAN writes one leading "=" and letter per owed pawn, in the order of the
// pawns' squares, and ParseSAN reads every move so written back to itself.
func TestSANSeveralOwedPromotions(t *testing.T) {
	roundTrip := func(p Position, m Move) {
		t.Helper()
		text, err := p.SAN(m)
		if err != nil {
			t.Fatalf("%s: SAN(%v): %v", p.FEN(), m, err)
		}
		back, err := parseSANStrict(p, text)
		if err != nil || !back.After().Equal(m.After()) || !slices.Equal(back.path(), m.path()) {
			t.Fatalf("%s: %v is written %q, which reads back as %v, %v", p.FEN(), m, text, back, err)
		}
	}
	for _, fen := range []string{
		"PP2k3/8/8/8/8/8/8/4K3 w 0 - - -",       // two owed
		"4k3/8/8/8/8/8/8/ppp1K3 b 0 - - -",      // three owed, by Black
		"PP2k3/8/8/8/8/8/8/R3K3^a1R w 0 - - -",  // two owed by a move under way
		"PP2k3/8/8/8/8/8/4P3/4K3^e2P w 0 - - -", // the same, a pawn in the hand
	} {
		p := mustFEN(t, fen)
		moves := p.Moves()
		if len(moves) < 20 {
			t.Fatalf("%s: only %d moves", fen, len(moves))
		}
		for _, m := range moves {
			roundTrip(p, m)
		}
	}
	// Five owed (44,288 moves): one in 401, one in 13 with PACOSAKO_FULL=1 (not
	// under -race); and then eight owed (4,096,000 moves; the example):
	// two texts written by hand (reading one searches from every choice of the
	// promotions: 1.5 s).
	p := mustFEN(t, "PPPPP3/8/8/8/8/8/8/4k2K w 0 - - -")
	every := 401
	if fullSizes() && !raceEnabled {
		every = 13
	}
	for i, m := range p.Moves() {
		if i%every == 0 {
			roundTrip(p, m)
		}
	}
	if fullSizes() && !raceEnabled {
		p = mustFEN(t, "PPPPPPPP/8/8/8/8/8/8/pppppppp w 0 - - -")
		for _, text := range []string{"=N,=N,=N,=N,=N,=N,=N,=N,Nab6", "=R,=R,=R,=R,=R,=R,=R,=Q,Qxa1"} {
			m, err := parseSANStrict(p, text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			if n := m.Len(); n != 10 {
				t.Errorf("%s: %d actions %v, want 10", text, n, m)
			}
		}
	}
	// The texts, and what a text with too few or too many promotions is told.
	p = mustFEN(t, "PP2k3/8/8/8/8/8/8/4K3 w 0 - - -")
	for _, tc := range []struct{ actions, want string }{
		{"Promote(Queen) Promote(Queen) Lift(a8) Place(b7)", "=Q,=Q,Qab7+"},
		{"Promote(Knight) Promote(Rook) Lift(b8) Place(b1)", "=N,=R,Rb1"},
		{"Promote(Bishop) Promote(Knight) Lift(e1) Place(d2)", "=B,=N,Kd2"},
	} {
		m, err := p.moveOfActions(tc.actions, mustActions(t, tc.actions), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.actions, err)
		}
		if got, err := p.SAN(m); err != nil || got != tc.want {
			t.Errorf("SAN(%s) = %q, %v; want %q", tc.actions, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ text, reason string }{
		{"Qab7", "2 promotions are owed here (the pawns on a8, b8), the text writes 0: write one for each pawn, in the order of their squares (=Q,=Q,…)"},
		{"=Q,Qab7", "2 promotions are owed here (the pawns on a8, b8), the text writes 1: write one for each pawn, in the order of their squares (=Q,=Q,…)"},
		{"=Q,=Q,=Q,Qab7", "2 promotions are owed here (the pawns on a8, b8), the text writes 3: write one for each pawn, in the order of their squares (=Q,=Q,…)"},
	} {
		_, err := p.ParseSAN(tc.text)
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.Reason != tc.reason {
			t.Errorf("ParseSAN(%q) = %v; want ErrIllegalMove, %q", tc.text, err, tc.reason)
		}
	}
	if _, err := p.ParseSAN("=Q=Q,Qab7"); !errors.Is(err, ErrInvalidNotation) {
		t.Errorf("ParseSAN(=Q=Q,Qab7) = %v; want ErrInvalidNotation (promotions are separated as steps are)", err)
	}
}

// TestSANRoundTripEverywhere: for every legal move m of every position of the
// test data, ParseSAN(SAN(m)) is m as Moves gives it (the same position reached,
// path and flags): the positions of the module's testdata/ (the reference
// positions, the inputs of perft, divide, sako and the FEN round trip, the
// positions of moves.tsv and of the replayed games of games.tsv) and of its game
// histories, always; those of ../shared/testdata and of its game histories (the
// analysis playouts included), when present, one in 16 by default (one in 200
// under -race) and every one with PACOSAKO_FULL=1, which also reads one position
// in four under each of the other rule sets. A position with more moves
// than a cap (3,000 by default, 20,000 with PACOSAKO_FULL=1) is read for a sample
// of them, spread evenly: one played position of the analysis playouts has over
// a million moves.
func TestSANRoundTripEverywhere(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	every, capMoves := 16, 3000
	switch {
	case raceEnabled:
		every = 200
	case fullSizes():
		every, capMoves = 1, 20000
	}
	local := roundTripPositions(t, "testdata", nil)
	var shared []Position
	if _, err := os.Stat(sharedTestdata); err == nil {
		shared = roundTripPositions(t, sharedTestdata, []string{"analysis/annotated_histories.tsv", "analysis/openings_histories.tsv"})
	} else {
		t.Logf("no %s: the module's positions only", sharedTestdata)
	}
	positions := local
	for i, p := range shared {
		if i%every == 0 {
			positions = append(positions, p)
		}
	}
	if fullSizes() && !raceEnabled {
		// And one position in four under each other rule set: the Ŝako rule
		// (Rulebook) changes which moves are legal, and so what SAN must tell
		// apart (every one of them: a minute).
		n := len(positions)
		for _, rules := range []Rules{Rulebook, Vchess, VchessPacoplay} {
			for i := 0; i < n; i += 4 {
				positions = append(positions, positions[i].WithRules(rules))
			}
		}
	}
	read, sampled := 0, 0
	for _, p := range positions {
		if !p.IsSettled() || p.res.IsOver() {
			continue
		}
		moves := p.Moves()
		if n := len(moves); n > capMoves {
			sample := make([]Move, 0, capMoves)
			for i := 0; i < capMoves; i++ {
				sample = append(sample, moves[i*n/capMoves])
			}
			moves = sample
			sampled++
		}
		sans, err := p.SANs(moves)
		if err != nil {
			t.Fatalf("%s: SANs: %v", p.FEN(), err)
		}
		for i, m := range moves {
			back, err := p.ParseSAN(sans[i])
			if err != nil || !back.After().Equal(m.After()) || !slices.Equal(back.path(), m.path()) || back.flags() != m.flags() {
				t.Fatalf("%s: %v (flags %b) is written %q, which reads back as %v (flags %b), %v", p.FEN(), m, m.flags(), sans[i], back, back.flags(), err)
			}
			read++
		}
	}
	t.Logf("%d moves of %d positions (%d of the module's, %d of %d shared; %d sampled) read back", read, len(positions), len(local), len(positions)-len(local), len(shared), sampled)
	if len(local) < 500 || read < 20000 {
		t.Errorf("only %d module positions, %d moves read", len(local), read)
	}
}

// roundTripPositions returns the distinct positions of the FEN columns of the
// vector files in dir (those present), then those reached in the games of its
// game_histories.tsv and of the further history files, in that order.
func roundTripPositions(t *testing.T, dir string, histories []string) []Position {
	t.Helper()
	seen := map[string]bool{}
	var out []Position
	add := func(p Position) {
		if fen := p.FEN(); !seen[fen] {
			seen[fen] = true
			out = append(out, p)
		}
	}
	for _, f := range []struct {
		name string
		cols []int
	}{{"positions.tsv", []int{0}}, {"perft.tsv", []int{0}}, {"divide.tsv", []int{0}}, {"sako.tsv", []int{0}},
		{"fen_roundtrip.tsv", []int{0}}, {"moves.tsv", []int{0}}, {"games.tsv", []int{3}}} {
		path := filepath.Join(dir, f.name)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		for _, r := range tsvRows(t, path) {
			for _, c := range f.cols {
				add(mustFEN(t, r[c]))
			}
		}
	}
	for _, name := range append([]string{"game_histories.tsv"}, histories...) {
		path := filepath.Join(dir, name)
		if _, err := os.Stat(path); err != nil {
			continue
		}
		for _, r := range tsvRows(t, path) {
			start := StartingPosition()
			if r[1] != "new" {
				start = mustFEN(t, r[1])
			}
			g, err := NewGame(start, WithRepetitionLimit(0)).ApplyAll(mustActions(t, r[2]))
			if err != nil {
				t.Fatalf("%s: %s: %v", path, r[0], err)
			}
			for _, m := range g.PlayedMoves() {
				add(m.After())
			}
		}
	}
	return out
}
