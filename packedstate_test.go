package pacosako

import "testing"

// TestPackedStateRoundTrip packs every state of the full move search of the
// reference positions and the benchmark's worst cases, under every preset, and
// checks that unpacking gives back exactly the same Position (bitboards, hash and
// every field included), and that packing changes nothing a search keeps.
func TestPackedStateRoundTrip(t *testing.T) {
	var roots []Position
	for _, r := range localRows(t, "positions.tsv") {
		roots = append(roots, mustFEN(t, r[0]))
	}
	for _, w := range benchWorst {
		roots = append(roots, mustFEN(t, w.fen))
	}
	var k packer
	var ps packedState
	var got Position
	states, most := 0, 0
	check := func(root, p *Position) {
		k.pack(p, &ps)
		if ps.step == overflowStep {
			t.Fatalf("%s: a state of its search overflows: %s", root, p)
		}
		most = max(most, ps.changed.Count())
		k.unpack(&ps, &got)
		if got != *p {
			t.Fatalf("%s: state %s unpacks to %s", root, p, &got)
		}
		states++
	}
	s := getSearcher()
	defer putSearcher(s)
	for _, preset := range presets {
		for _, root := range roots {
			root := root.WithRules(preset.rules)
			s.search(&root, nil)
			k.reset(&root)
			for i := range s.nodes {
				check(&root, &s.nodes[i].pos)
			}
			for i := range s.results {
				check(&root, &s.results[i].pos)
			}
		}
	}
	t.Logf("%d states, at most %d changed squares", states, most)
}

// TestPackedStateOverflow packs states that change more squares than a packed
// state holds: they are kept whole and unpack to themselves.
func TestPackedStateOverflow(t *testing.T) {
	var k packer
	var empty Position
	k.reset(&empty)
	start := StartingPosition()
	full := mustFEN(t, "CCCCCCCC/CCCCCCCC/8/8/8/8/cccccccc/cccccccc w 0 - - -")
	var ps [2]packedState
	var got Position
	for i, p := range []*Position{&start, &full} {
		k.pack(p, &ps[i])
		if ps[i].step != overflowStep {
			t.Fatalf("%s: %d changed squares not kept whole", p, p.board.Occupied().Count())
		}
	}
	for i, p := range []*Position{&start, &full} {
		k.unpack(&ps[i], &got)
		if got != *p {
			t.Fatalf("%s unpacks to %s", p, &got)
		}
	}
}

// TestPackAction checks that every action survives packAction.
func TestPackAction(t *testing.T) {
	var acts []Action
	for sq := Square(0); sq < 64; sq++ {
		acts = append(acts, Lift(sq), Place(sq))
	}
	for _, r := range []Role{Knight, Bishop, Rook, Queen} {
		acts = append(acts, Promote(r))
	}
	for _, a := range acts {
		if got := unpackAction(packAction(a)); got != a {
			t.Fatalf("%v packs to %v", a, got)
		}
	}
}
