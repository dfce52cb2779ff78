package pacosako

import "testing"

// TestPackedStateRoundTrip packs every state of the full move search of the
// reference positions and the benchmark's worst cases, under every preset, and
// checks that unpacking gives back exactly the same Position (bitboards, hash and
// every field included), whatever position it unpacks over: the previous state,
// the zero Position or one under other rules.
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
		other := StartingPosition().WithRules(Vchess)
		for _, over := range []*Position{&got, new(Position), &other} {
			k.unpack(&ps, over)
			if *over != *p {
				t.Fatalf("%s: state %s unpacks to %s", root, p, over)
			}
		}
		states++
	}
	s := getSearcher()
	defer putSearcher(s)
	for _, preset := range presets {
		for _, root := range roots {
			root := root.WithRules(preset.rules)
			s.search(&root, nil)
			k.reset(&root, packedCells)
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
	k.reset(&empty, packedCells)
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

// TestSamePacked checks that samePacked agrees with sameState: on pairs of states
// of a search, and on each state against copies of it with one field or one
// square changed (fields that sameState ignores included).
func TestSamePacked(t *testing.T) {
	root := mustFEN(t, benchWorst[0].fen)
	s := getSearcher()
	defer putSearcher(s)
	s.search(&root, nil)
	var states []Position
	for i := range s.nodes {
		states = append(states, s.nodes[i].pos)
	}
	for i := range s.results {
		states = append(states, s.results[i].pos)
	}
	var k packer
	k.reset(&root, packedCells)
	var a, b packedState
	compare := func(p, q *Position, what string) {
		if !k.packSmall(p, &a) || !k.packSmall(q, &b) {
			t.Fatalf("%s: a state of the search does not pack", what)
		}
		if got, want := samePacked(&a, &b), sameState(p, q); got != want {
			t.Fatalf("%s: samePacked %v, sameState %v\n%s\n%s", what, got, want, p, q)
		}
	}
	mutations := map[string]func(p *Position){
		"turn":       func(p *Position) { p.turn = p.turn.Other() },
		"step":       func(p *Position) { p.step ^= 1 },
		"handOwn":    func(p *Position) { p.handOwn ^= 1 },
		"handPart":   func(p *Position) { p.handPart ^= 2 },
		"handSq":     func(p *Position) { p.handSq ^= 9 },
		"ep1":        func(p *Position) { p.ep1 ^= 17 },
		"promo1":     func(p *Position) { p.promo1 ^= 3 },
		"res":        func(p *Position) { p.res ^= 1 },
		"noProgress": func(p *Position) { p.noProgress++ },
		"castling":   func(p *Position) { p.castling.opt[1] ^= 0x81 },
		"pawnFlags":  func(p *Position) { p.pawnFlags ^= 1 << 9 },
		"koFrom1":    func(p *Position) { p.koFrom1 ^= 5 },
		"koTo1":      func(p *Position) { p.koTo1 ^= 6 },
		"plies":      func(p *Position) { p.plies++ },
		"cell":       func(p *Position) { p.board.set(D4, Cell{White: Queen, Black: Pawn}) },
		"no cell":    func(p *Position) { p.board.set(D4, Cell{}) },
	}
	for i := range states {
		p := &states[i]
		for name, m := range mutations {
			q := *p
			m(&q)
			compare(p, &q, name)
		}
		j := (i*7919 + 13) % len(states)
		compare(p, &states[j], "pair")
		compare(p, p, "itself")
	}
}

// TestChangedSquares checks the word-wise comparison against a cell-by-cell one on
// every pattern of changed cells within a word, with every kind of difference.
func TestChangedSquares(t *testing.T) {
	var a, b [64]uint8
	for i := range a {
		a[i] = uint8(i*37 + 11)
	}
	for pattern := 0; pattern < 256; pattern++ {
		for _, delta := range []uint8{1, 0x80, 0xFF, 0x10, 0x7F} {
			for w := 0; w < 64; w += 8 {
				b = a
				var want Bitboard
				for i := 0; i < 8; i++ {
					if pattern>>i&1 != 0 {
						b[w+i] ^= delta
						want |= Square(w + i).bit()
					}
				}
				if got := changedSquares(&a, &b); got != want {
					t.Fatalf("pattern %#x delta %#x word %d: %#x, want %#x", pattern, delta, w/8, uint64(got), uint64(want))
				}
			}
		}
	}
}
