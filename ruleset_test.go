package pacosako

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// targetsAfter applies actions (catalogue shorthand) and returns the place targets
// then, sorted by name.
func targetsAfter(t *testing.T, p Position, actions string) string {
	t.Helper()
	q := play(t, p, actions)
	return q.Actions().Squares().String()
}

func moveFENs(p Position) []string {
	var out []string
	for _, m := range p.Moves() {
		out = append(out, m.After().FEN())
	}
	slices.Sort(out)
	return out
}

// TestSwitches: for every switch of RULES.md §8, a position where turning it on
// changes what is legal or what a move leads to, with both results.
func TestSwitches(t *testing.T) {
	on := func(s Switch) Rules { return Pacoplay.With(s, true) }
	t.Run("SakoIllegal", func(t *testing.T) {
		// Catalogue M5: the rook on a1 gives Ŝako along the first rank.
		p := mustFEN(t, "4k3/8/8/8/8/8/8/r3K3 w 0 - - -")
		if got := targetsAfter(t, p, "Le1"); got != "d1,d2,e2,f1,f2" {
			t.Errorf("Pacoplay: king targets %s", got)
		}
		if n := p.MoveCount(); n != 5 {
			t.Errorf("Pacoplay: %d moves, want 5", n)
		}
		r := p.WithRules(on(SakoIllegal))
		want := []string{"4k3/8/8/8/8/8/3K4/r7 b 1 - - -", "4k3/8/8/8/8/8/4K3/r7 b 1 - - -", "4k3/8/8/8/8/8/5K2/r7 b 1 - - -"}
		if got := moveFENs(r); !slices.Equal(got, want) {
			t.Errorf("SakoIllegal: moves %v, want %v", got, want)
		}
		if n := r.MoveCount(); n != 3 || Perft(r, 1) != 3 {
			t.Errorf("SakoIllegal: MoveCount %d, Perft %d, want 3", n, Perft(r, 1))
		}
		if _, err := r.Play(p.Moves()[0]); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("SakoIllegal: playing the king into Ŝako: %v", err)
		}
		// If every move leaves the king in Ŝako, all stay legal.
		trapped := mustFEN(t, "7k/8/8/8/8/8/r7/K1r5 w 0 - - -").WithRules(on(SakoIllegal))
		if got, all := trapped.MoveCount(), trapped.WithRules(Pacoplay).MoveCount(); got != all || got == 0 {
			t.Errorf("every move in Ŝako: %d legal of %d", got, all)
		}
		// A Paco is legal even if it leaves the king in Ŝako.
		paco := mustFEN(t, "3k4/8/8/8/8/8/3R4/r3K3 w 0 - - -").WithRules(on(SakoIllegal))
		if len(pacoMoves(paco)) != 1 {
			t.Errorf("SakoIllegal: Paco moves %v", pacoMoves(paco))
		}
	})
	t.Run("ReleaseForfeitsCastling", func(t *testing.T) {
		// Catalogue K7: the bishop takes over the rook's union on h1, the released rook
		// leaves its corner; the engine keeps the right.
		p := mustFEN(t, "4k3/8/8/8/8/5B2/8/4K2I w 0 H - -")
		if got := play(t, p, "Lf3 h1 h4").Castling().String(); got != "H" {
			t.Errorf("Pacoplay: castling %s, want H", got)
		}
		if got := play(t, p.WithRules(on(ReleaseForfeitsCastling)), "Lf3 h1 h4").Castling().String(); got != "-" {
			t.Errorf("ReleaseForfeitsCastling: castling %s, want -", got)
		}
	})
	t.Run("VchessCastlingRights", func(t *testing.T) {
		// Catalogue K6: White lifts the union holding Black's rook from a8 and brings it
		// back; the engine forfeits Black's right, vchess keeps it.
		p := mustFEN(t, "i3k2r/2p5/8/8/8/8/8/4K3 w 0 ah - -")
		const moves = "La8 b6 Lc7 c6 Lb6 a8 Le8"
		if got := targetsAfter(t, p, moves); got != "d7,d8,e7,f7,f8,g8" {
			t.Errorf("Pacoplay: king targets %s", got)
		}
		if got := targetsAfter(t, p.WithRules(on(VchessCastlingRights)), moves); got != "c8,d7,d8,e7,f7,f8,g8" {
			t.Errorf("VchessCastlingRights: king targets %s", got)
		}
		// vchess: a step of the mover ending on its own rook's square forfeits.
		q := mustFEN(t, "4k3/8/8/8/8/8/8/R3K1NR w 0 AH - -")
		if got := play(t, q.WithRules(on(VchessCastlingRights)), "Lg1 h3").Castling().String(); got != "AH" {
			t.Errorf("VchessCastlingRights: %s", got)
		}
	})
	t.Run("HomeRowEnPassant", func(t *testing.T) {
		// Catalogue M3: a white pawn dragged to a1 double-steps.
		p := mustFEN(t, "4k3/8/8/8/8/8/8/C3K3 w 0 - - -")
		if got := play(t, p, "La1 a3").EnPassant(); got != NoSquare {
			t.Errorf("Pacoplay: en passant %v", got)
		}
		if got := play(t, p.WithRules(on(HomeRowEnPassant)), "La1 a3").EnPassant(); got != A2 {
			t.Errorf("HomeRowEnPassant: en passant %v, want a2", got)
		}
	})
	t.Run("EnPassantLiftedOnly", func(t *testing.T) {
		// Catalogue E4: the pawn released on e5 may capture en passant on d6 in the engine.
		p := mustFEN(t, "4k3/3p4/8/4D2R/8/8/8/4K3 b 0 - - -")
		if got := targetsAfter(t, p, "Ld7 d5 Lh5 e5"); got != "d6,e6" {
			t.Errorf("Pacoplay: released pawn targets %s", got)
		}
		if got := targetsAfter(t, p.WithRules(on(EnPassantLiftedOnly)), "Ld7 d5 Lh5 e5"); got != "e6" {
			t.Errorf("EnPassantLiftedOnly: released pawn targets %s", got)
		}
	})
	t.Run("EnPassantFromArrival", func(t *testing.T) {
		// Catalogue E5: the union captured en passant on d6 releases the bishop.
		p := mustFEN(t, "4k3/3e4/8/4D2R/8/8/8/4K3 b 0 - - -")
		if h := play(t, p, "Ld7 d5 Lh5 e5 d6").Hand(); h.Square != D6 || h.Piece != Bishop {
			t.Errorf("Pacoplay: hand %v", h)
		}
		if h := play(t, p.WithRules(on(EnPassantFromArrival)), "Ld7 d5 Lh5 e5 d6").Hand(); h.Square != D5 || h.Piece != Bishop {
			t.Errorf("EnPassantFromArrival: hand %v, want the bishop on d5", h)
		}
	})
	t.Run("PawnFileFlags", func(t *testing.T) {
		p := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w 0 - - -")
		if got := targetsAfter(t, p, "Le2"); got != "e3,e4" {
			t.Errorf("Pacoplay: %s", got)
		}
		// Switching to the rule sets every flag: nothing is known to have cleared one.
		if got := targetsAfter(t, p.WithRules(on(PawnFileFlags)), "Le2"); got != "e3,e4" {
			t.Errorf("PawnFileFlags after WithRules: %s", got)
		}
		cleared := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii0000000000000000 - -")
		if got := targetsAfter(t, cleared, "Le2"); got != "e3" {
			t.Errorf("PawnFileFlags without the e flag: %s", got)
		}
		flagged := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w 0 iiii0000100000000000 - -")
		if got := targetsAfter(t, flagged, "Le2"); got != "e3,e4" {
			t.Errorf("PawnFileFlags with the e flag: %s", got)
		}
		if got := play(t, flagged, "Le2 e4").vchessFEN(); !strings.Contains(got, " iiii0000000000000000 ") {
			t.Errorf("the double step does not clear the flag: %s", got)
		}
	})
	t.Run("Ko", func(t *testing.T) {
		// Catalogue X2: after the union moves e5-g3, it may not go straight back.
		p := mustFEN(t, "4k3/8/8/4W3/8/8/8/4K3 w 0 - - -")
		if got := targetsAfter(t, p, "Le5 g3 Lg3"); !strings.Contains(got, "e5") {
			t.Errorf("Pacoplay: %s lacks e5", got)
		}
		if got := targetsAfter(t, p.WithRules(on(Ko)), "Le5 g3 Lg3"); strings.Contains(got, "e5") {
			t.Errorf("Ko: %s offers e5", got)
		}
	})
	t.Run("KingUnions", func(t *testing.T) {
		// Catalogue M4: the king never steps onto pieces in the engine.
		p := mustFEN(t, "4k3/8/8/8/8/8/3pa3/4K3 w 0 - - -")
		if got := targetsAfter(t, p, "Le1"); got != "d1,f1,f2" {
			t.Errorf("Pacoplay: %s", got)
		}
		r := p.WithRules(on(KingUnions))
		if got := targetsAfter(t, r, "Le1"); got != "d1,d2,e2,f1,f2" {
			t.Errorf("KingUnions: %s", got)
		}
		// A king entering a union has lost; uniting the two kings is a draw.
		if o := play(t, r, "Le1 d2").Outcome(); o.VictoryState() != "PacoVictory(Black)" {
			t.Errorf("king into a union: %v", o)
		}
		kk := mustFEN(t, "8/8/8/8/8/8/3k4/4K3 w 0 - - -").WithRules(on(KingUnions))
		if o := play(t, kk, "Le1 d2").Outcome(); o.Termination != KingsUnited {
			t.Errorf("king onto king: %v", o)
		}
	})
	t.Run("MoverPromotesCarried", func(t *testing.T) {
		// Catalogue P2: Black carries White's pawn to h8.
		p := mustFEN(t, "4k3/7C/8/8/8/8/8/4K3 b 0 - - -")
		if q := play(t, p, "Lh7 h8"); q.step != requirePromoteThenLift || q.Turn() != White {
			t.Errorf("Pacoplay: %v, %v to act", q.step, q.Turn())
		}
		q := play(t, p.WithRules(on(MoverPromotesCarried)), "Lh7 h8")
		if q.step != requirePromoteThenFinish || q.Turn() != Black {
			t.Errorf("MoverPromotesCarried: %v, %v to act", q.step, q.Turn())
		}
		if got := play(t, q, "N").FEN(); got != "4k2i/8/8/8/8/8/8/4K3 w 0 - - -" {
			t.Errorf("MoverPromotesCarried: after Black chooses a knight %s", got)
		}
	})
	t.Run("AllUnitedDraw", func(t *testing.T) {
		p := mustFEN(t, "4k3/8/8/8/3r4/8/1a6/3RK3 w 0 - - -")
		if o := play(t, p, "Ld1 d4").Outcome(); o.IsOver() {
			t.Errorf("Pacoplay: %v", o)
		}
		if o := play(t, p.WithRules(on(AllUnitedDraw)), "Ld1 d4").Outcome(); o.Termination != AllUnited {
			t.Errorf("AllUnitedDraw: %v", o)
		}
	})
	t.Run("NoProgressLimit", func(t *testing.T) {
		p := mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w 99 - - -")
		if o := play(t, p, "Le1 d1").Outcome(); o.Termination != NoProgress {
			t.Errorf("Pacoplay: %v", o)
		}
		if o := play(t, p.WithRules(Rulebook), "Le1 d1").Outcome(); o.IsOver() {
			t.Errorf("Rulebook (no limit): %v", o)
		}
	})
}

func TestRulesNames(t *testing.T) {
	for _, r := range []Rules{Pacoplay, Rulebook, Vchess, VchessPacoplay, Pacoplay.With(Ko|KingUnions, true),
		Rulebook.With(SakoIllegal, false).WithNoProgressLimit(50), Vchess.WithNoProgressLimit(0), Pacoplay.WithNoProgressLimit(0)} {
		back, err := ParseRules(r.String())
		if err != nil || back != r {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", r.String(), back, err, r)
		}
	}
	if Rulebook.String() != "Rulebook" || Pacoplay.With(Ko, true).String() != "Pacoplay(+Ko)" {
		t.Errorf("names: %s, %s", Rulebook, Pacoplay.With(Ko, true))
	}
	for _, bad := range []string{"", "Chess", "Pacoplay(+Nope)", "Pacoplay(Ko)", "Pacoplay(+Ko"} {
		if _, err := ParseRules(bad); !errors.Is(err, ErrInvalidRules) {
			t.Errorf("ParseRules(%q) error = %v", bad, err)
		}
	}
	if !Vchess.Has(Ko|KingUnions) || Pacoplay.Has(Ko) || Rulebook.NoProgressLimit() != 0 || Pacoplay.NoProgressLimit() != 100 {
		t.Errorf("presets wrong")
	}
}

// TestDiagramPosition: a rules-page diagram read into positions with chosen
// defaults, and natural castling rights.
func TestDiagramPosition(t *testing.T) {
	d, err := ParseDiagram("fen:r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR:")
	if err != nil {
		t.Fatal(err)
	}
	// The seeds' README completes this diagram as "b 0 AHah - -".
	p, err := d.Position(Setup{Turn: Black, Castling: NaturalCastling(d.Board)})
	if err != nil {
		t.Fatal(err)
	}
	if got := p.FEN(); got != "r1q1k2r/p1Pb1ppp/5n2/1f1p4/av5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -" {
		t.Errorf("diagram position %s", got)
	}
	// Catalogue K5: castling king side is forbidden by a chain.
	if got := targetsAfter(t, p, "Le8"); got != "d8,e7,f8" {
		t.Errorf("king targets %s, want d8,e7,f8", got)
	}
	v, err := d.Position(Setup{Turn: Black, Rules: VchessPacoplay, EnPassant: NoSquare})
	if err != nil || v.Rules() != VchessPacoplay || !v.Castling().IsEmpty() {
		t.Errorf("with vchess defaults: %v, %v, %v", v.Rules(), v.Castling(), err)
	}
	fischer, _ := FischerRandomPosition(433)
	if got := NaturalCastling(fischer.Board()).String(); got != "BHbh" {
		t.Errorf("NaturalCastling of a Fischer start: %s", got)
	}
	if got := NaturalCastling(mustFEN(t, "r3k3/8/8/8/8/8/8/4K2R w 0 - - -").Board()).String(); got != "Ha" {
		t.Errorf("NaturalCastling: %s, want Ha", got)
	}
}
