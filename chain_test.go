package pacosako

import (
	"testing"
)

// chainTestPositions returns the reference positions and, outside -short, their
// children, under every preset: the inputs of the enumeration invariants below.
func chainTestPositions(t *testing.T) []Position {
	rows := localRows(t, "positions.tsv")
	switch {
	case testing.Short():
		rows = rows[:40]
	case raceEnabled:
		// The race detector slows this single-goroutine search about tenfold and
		// has nothing to find in it: a quarter of the positions, with children,
		// keeps CI short; without -race all of them run.
		rows = rows[:len(rows)/4]
	}
	var out []Position
	for _, rules := range []Rules{Pacoplay, Rulebook, Vchess, VchessPacoplay} {
		for _, r := range rows {
			p := mustFEN(t, r[0]).WithRules(rules)
			out = append(out, p)
			if testing.Short() {
				continue
			}
			for _, m := range p.Moves() {
				out = append(out, m.After())
			}
		}
	}
	return out
}

// TestLiftTargetsMatchLiftedState checks the premise of count's shortcut: the place
// targets computed for a piece before lifting it (liftTargets) are those of the
// lifted state, except that a lifted king may also castle.
func TestLiftTargetsMatchLiftedState(t *testing.T) {
	checked := 0
	for _, p := range chainTestPositions(t) {
		if p.step != RequireLift || p.IsOver() {
			continue
		}
		occ, them := p.board.Occupied(), p.board.byColor[p.turn.Other()]
		liftable := p.liftable()
		for s := range p.board.byColor[p.turn].All() {
			r, _, got := p.liftTargets(s, occ, them)
			if !liftable.Has(s) {
				if got != 0 {
					t.Fatalf("%s: %v not liftable but has targets %v", p.FEN(), s, got)
				}
				continue
			}
			lifted := p
			lifted.lift(s)
			want := lifted.placeTargets()
			if r == King && lifted.handPart == NoRole {
				want &^= lifted.castlingTargets(lifted.board.Occupied(), nil) &^ got
			}
			if got != want {
				t.Fatalf("%s (%v): targets of %v before the lift %v, after %v", p.FEN(), p.Rules(), s, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no piece checked")
	}
	t.Logf("%d pieces checked", checked)
}

// TestCountAgreesWithMoves checks that the counting search (used by MoveCount and
// the last ply of perft), with its shortcuts, counts exactly the moves that the
// full search lists, under every preset.
func TestCountAgreesWithMoves(t *testing.T) {
	n := 0
	for _, p := range chainTestPositions(t) {
		moves := p.Moves()
		if got := p.MoveCount(); got != len(moves) {
			t.Fatalf("%s (%v): MoveCount %d, len(Moves) %d", p.FEN(), p.Rules(), got, len(moves))
		}
		n++
	}
	t.Logf("%d positions", n)
}

// TestThreatBoundIsSuperset checks the premise of the threat search's early end:
// threatBound contains every square the full search finds, for both colours of
// every reference position and child under every preset.
func TestThreatBoundIsSuperset(t *testing.T) {
	n := 0
	for _, p := range chainTestPositions(t) {
		for c := White; c <= Black; c++ {
			q := p
			q.turn = c
			q.handOwn, q.handPart = NoRole, NoRole
			q.step = RequireLift
			q.promo1 = 0
			bound := q.threatBound()
			if th := p.Threats(c); th&^bound != 0 {
				t.Fatalf("%s: threats of %v %v outside the bound %v", p.FEN(), c, th&^bound, bound)
			}
			n++
		}
	}
	t.Logf("%d threat sets", n)
}

// TestThreatsUnionHeavy is the worst case found for the threat search: nearly every
// piece in a union; the full search visits tens of millions of chain states (about a
// minute and 12 GB); the bound ends it at once. Black threatens every square (each
// one found by the search, so the answer is exact); White's search is small anyway.
func TestThreatsUnionHeavy(t *testing.T) {
	p := mustFEN(t, "j1y4y/a7/8/1a1b4/2E4B/a2CB3/1c1eNafB/C1CK1S1R b 5 - - -")
	if got := p.Threats(Black); got != ^Bitboard(0) {
		t.Errorf("Threats(Black) = %v (%d squares), want all 64", got, got.Count())
	}
	if got := p.Threats(White).Count(); got != 43 {
		t.Errorf("Threats(White) has %d squares, want 43", got)
	}
}
