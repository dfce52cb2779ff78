package pacosako

import "testing"

// TestCollectAgreesWithSearch checks that the search behind Moves for settled
// positions (collect, which keeps no position per move) gives exactly the moves of
// the full chain search: the same actions, flags and order, for every reference
// position and child under every preset it serves.
func TestCollectAgreesWithSearch(t *testing.T) {
	positions, moves, reordered := 0, 0, 0
	s := newSearcher()
	for _, p := range chainTestPositions(t) {
		if !collects(&p) {
			continue
		}
		s.search(&p, nil)
		want := s.moves(&p, nil, len(s.results))
		got := s.appendCollected(&p, nil)
		if len(got) != len(want) {
			t.Fatalf("%s (%v): %d moves, the full search %d", p.FEN(), p.Rules(), len(got), len(want))
		}
		for i := range want {
			if got[i].String() != want[i].String() || got[i].flags() != want[i].flags() {
				t.Fatalf("%s (%v): move %d is %v (flags %b), the full search's %v (flags %b)",
					p.FEN(), p.Rules(), i, got[i], got[i].flags(), want[i], want[i].flags())
			}
			if i > 0 && got[i].Len() == 2 && got[i-1].Len() == 2 && got[i].From() == got[i-1].From() &&
				s.simpleFrom[got[i].From()].Has(got[i].To()) != s.simpleFrom[got[i-1].From()].Has(got[i-1].To()) {
				reordered++ // a simple move next to another kind: the merge was needed
			}
		}
		positions++
		moves += len(want)
	}
	t.Logf("%d positions, %d moves, %d simple moves next to another kind", positions, moves, reordered)
	if positions == 0 || reordered == 0 {
		t.Fatal("nothing compared")
	}
}
