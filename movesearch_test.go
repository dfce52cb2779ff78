package pacosako

import (
	"math/rand"
	"testing"
)

// TestCollectAgreesWithSearch checks that the search behind Moves for settled
// positions (collect, which keeps no position per move) gives exactly the moves of
// the full chain search: the same actions, flags and order, for every reference
// position and child under every preset it serves.
func TestCollectAgreesWithSearch(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	positions, moves, reordered := 0, 0, 0
	s := newSearcher()
	for _, p := range chainTestPositions(t) {
		if !collects(&p) {
			continue
		}
		got := compareCollect(t, s, &p)
		for i := range got {
			if i > 0 && got[i].Len() == 2 && got[i-1].Len() == 2 && got[i].From() == got[i-1].From() &&
				s.simpleFrom[got[i].From()].Has(got[i].To()) != s.simpleFrom[got[i-1].From()].Has(got[i-1].To()) {
				reordered++ // a simple move next to another kind: the merge was needed
			}
		}
		positions++
		moves += len(got)
	}
	t.Logf("%d positions, %d moves, %d simple moves next to another kind", positions, moves, reordered)
	if positions == 0 || reordered == 0 {
		t.Fatal("nothing compared")
	}
}

// TestCollectAgreesOnPlayouts compares collect with the full search, as
// TestCollectAgreesWithSearch does, on the positions of seeded random playouts
// from the start and from the reference positions, half of them steered towards
// unions and long chains: the positions the compact chains (compactchains.go)
// serve most. 200 playouts (400 with PACOSAKO_FULL=1, 4,000 with PACOSAKO_DEEP=1; 40 under -short).
func TestCollectAgreesOnPlayouts(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	games := 200
	switch {
	case testing.Short() || raceEnabled:
		games = 40
	case deepPerft():
		games = 4000
	case fullSizes():
		games = 400
	}
	rows := localRows(t, "positions.tsv")
	rng := rand.New(rand.NewSource(14))
	s := newSearcher()
	positions, moves, compactMoves := 0, 0, 0
	for g := range games {
		p := mustFEN(t, StartFEN)
		if g%2 == 1 {
			p = mustFEN(t, rows[rng.Intn(len(rows))][0])
		}
		steer := g%4 >= 2
		for ply := 0; ply < 20+rng.Intn(60) && collects(&p); ply++ {
			want := compareCollect(t, s, &p)
			for _, k := range s.mkeys {
				if s.nodes[k.parent].c != 0 {
					compactMoves++
				}
			}
			positions++
			moves += len(want)
			if len(want) == 0 {
				break
			}
			next := want[rng.Intn(len(want))]
			if steer { // the move of a few that leads to the most unions, the longest chain
				for range 5 {
					m := want[rng.Intn(len(want))]
					if 4*m.After().board.Unions().Count()+m.Len() > 4*next.After().board.Unions().Count()+next.Len() {
						next = m
					}
				}
			}
			p = next.After()
		}
	}
	t.Logf("%d positions, %d moves, %d of them from compact states", positions, moves, compactMoves)
	if compactMoves < moves/10 {
		t.Fatalf("only %d of %d moves came from compact states: the playouts no longer test them", compactMoves, moves)
	}
}

// TestCollectCompactEdgeCases compares collect with the full search on positions
// made for the compact chains' subtle cases (found or checked by a randomised
// differential run of 1.1 million positions): promotions inside and at the end of
// chains, castling rooks in chains, chains that put the lifted piece back (one of
// them a pawn's double step: en passant set, kept apart from the board it
// otherwise shares), double steps, Paco, and 15 and 16 unions. Each must run on
// compact states; the small ones are checked with their children.
func TestCollectCompactEdgeCases(t *testing.T) {
	s := newSearcher()
	for _, fen := range []string{
		"r1b4k/1D6/3N4/8/8/8/8/4K3 w 0 - - -",                              // a pawn released on the 7th rank promotes
		"L1S4k/1D6/3N4/8/8/8/8/4K2R w 0 H - -",                             // … onto a union of the last rank
		"2k5/1C6/3N4/8/8/8/8/4K3 w 0 - - -",                                // … onto the king: Paco, no promotion
		"4k3/8/8/8/8/3n3K/1d6/R1l5 b 0 - - -",                              // Black's promotions
		"ib1W4/1PD5/8/7k/8/8/8/4K3 w 0 - - -",                              // two promotions in one chain
		"l1S5/1P6/2a5/7k/8/8/8/4K3 w 0 - - -",                              // promoting to the role just released
		"r3k2r/8/8/I7/7e/2S5/8/R3K2R w 0 AHah - -",                         // a rook lifted from its castling square
		"r3k2r/8/8/8/4B3/1N4N1/8/I3K2J w 0 AHah - -",                       // rooks released on castling squares
		"4k3/8/8/c2I4/8/8/8/R2vK3 w 0 A - -",                               // the rook put back: its right is gone
		"4k3/8/2j1T3/1o3d2/3N4/8/8/4K3 w 0 - - -",                          // the lifted piece put back
		"4k3/8/4d3/8/3N1N2/8/4S3/4K3 w 0 - - -",                            // … by two different lifts
		"4k3/8/8/2s1d3/3P4/2L5/8/4K3 w 0 - - -",                            // a pawn put back
		"4k3/8/8/8/5B2/8/2EDp3/1N2K3 w 0 - - -",                            // a double step ends a chain
		"4k3/8/8/8/8/2s1d3/3P1S2/4K3 w 0 - - -",                            // … where a first place also goes
		"4k3/8/5I2/1f6/3N4/8/8/4K3 w 0 - - -",                              // a chain ends on the king
		"7k/8/8/1J1l1F2/w1C1T1s1/1E1i1W1I/S1j1L1t1/K1RN2B1 w 0 - - -",      // 15 unions
		"1b6/a1e1N2D/2BK2s1/3SoPP1/3P1ad1/4oo1o/k2ad1vD/1nD1n3 w 46 - - -", // 16 unions; a pawn's double step back onto its square
	} {
		p := mustFEN(t, fen)
		compareCollect(t, s, &p)
		if len(s.cnodes) == 0 {
			t.Errorf("%s: no compact states", fen)
		}
		if p.board.Unions().Count() < 15 {
			for _, m := range p.Moves() {
				if q := m.After(); collects(&q) {
					compareCollect(t, s, &q)
				}
			}
		}
	}
}

// compareCollect fails t unless collect gives p exactly the moves of the full
// search (the same actions, flags and order), and returns them.
func compareCollect(t *testing.T, s *searcher, p *Position) []Move {
	t.Helper()
	s.search(p, nil)
	want := s.moves(p, nil, len(s.results))
	got := s.appendCollected(p, nil)
	if len(got) != len(want) {
		t.Fatalf("%s (%v): %d moves, the full search %d", p.FEN(), p.Rules(), len(got), len(want))
	}
	for i := range want {
		if got[i].String() != want[i].String() || got[i].flags() != want[i].flags() {
			t.Fatalf("%s (%v): move %d is %v (flags %b), the full search's %v (flags %b)",
				p.FEN(), p.Rules(), i, got[i], got[i].flags(), want[i], want[i].flags())
		}
	}
	return got
}
