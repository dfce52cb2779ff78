package pacosako

import (
	"os"
	"slices"
	"sync"
	"testing"
)

// chainTestPositions returns the reference positions and, outside -short, their
// children, under every preset: the inputs of the enumeration invariants below.
func chainTestPositions(t *testing.T) []Position {
	chainPositionsOnce.Do(func() { chainPositions = makeChainTestPositions(t) })
	if chainPositions == nil {
		t.FailNow() // the first call failed and said why
	}
	return chainPositions
}

// chainPositions are the positions of the chain tests, made once per test binary
// (the tests only read them).
var (
	chainPositionsOnce sync.Once
	chainPositions     []Position
)

// makeChainTestPositions returns the reference positions under every preset and,
// without -short, their children: of every position with PACOSAKO_FULL=1 (as CI
// runs the tests; 96,230 positions), of one in four by default, so that
// go test ./... stays near a minute on two cores.
func makeChainTestPositions(t *testing.T) []Position {
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
		for i, r := range rows {
			p := mustFEN(t, r[0]).WithRules(rules)
			out = append(out, p)
			if testing.Short() || (!fullSizes() && !raceEnabled && i%4 != 0) {
				continue
			}
			for _, m := range p.Moves() {
				out = append(out, m.After())
			}
		}
	}
	return out
}

// fullSizes reports whether the slow property tests run at their full sizes
// (PACOSAKO_FULL=1, which .ci/run sets); the default sizes keep go test ./...
// near a minute on two cores, and PACOSAKO_DEEP=1 goes further still.
func fullSizes() bool { return os.Getenv("PACOSAKO_FULL") == "1" || deepPerft() }

// TestLiftTargetsMatchLiftedState checks the premise of count's shortcut: the place
// targets computed for a piece before lifting it (liftTargets) are those of the
// lifted state, except that a lifted king may also castle.
func TestLiftTargetsMatchLiftedState(t *testing.T) {
	checked := 0
	for _, p := range chainTestPositions(t) {
		if p.step != requireLift || p.Outcome().IsOver() {
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
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
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

// TestCountStorage runs the counting search with its in-move states stored in each
// of its ways (kept whole, packed relative to the root, kept whole by the packer
// when they change more squares than it holds, and mixes of them) and checks that
// every way counts what the default searcher counts, and explores and finds the
// same number of states: a state stored one way must be recognised when reached
// again, or the search repeats work without any count showing it.
func TestCountStorage(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	positions := chainTestPositions(t)
	for _, w := range benchWorst {
		positions = append(positions, mustFEN(t, w.fen))
	}
	ways := []struct{ wholeMax, packLimit int }{
		{0, packedCells}, // all packed
		{5, 2},           // a few whole, then packed when at most 2 squares change
		{0, 0},           // every state that changes a square kept whole by the packer
	}
	searchers := make([]*searcher, len(ways))
	for i, w := range ways {
		searchers[i] = newSearcher()
		searchers[i].wholeMax, searchers[i].packLimit = w.wholeMax, w.packLimit
	}
	packed, overflow := 0, 0
	plain := newSearcher()
	for _, p := range positions {
		want := plain.count(&p)
		states, results := plain.countStates(), plain.found.n
		// Other positions are searched by search, whose states are not these.
		countPath := p.step == requireLift && !p.res.IsOver() && p.rules.switches&SakoIllegal == 0
		for i, w := range ways {
			s := searchers[i]
			if got := s.count(&p); got != want {
				t.Fatalf("%s (%v): count with %d states whole and %d cells packed: %d, want %d",
					p.FEN(), p.Rules(), w.wholeMax, w.packLimit, got, want)
			}
			if countPath && (s.countStates() != states || s.found.n != results) {
				t.Fatalf("%s (%v): with %d states whole and %d cells packed, %d states and %d results, want %d and %d",
					p.FEN(), p.Rules(), w.wholeMax, w.packLimit, s.countStates(), s.found.n, states, results)
			}
			packed += s.packed.len()
			overflow += len(s.pk.overflow)
		}
	}
	if packed == 0 || overflow == 0 || overflow == packed {
		t.Fatalf("%d states packed, %d of them kept whole: not every way was used", packed, overflow)
	}
	t.Logf("%d positions, %d states packed, %d of them kept whole", len(positions), packed, overflow)
}

// TestThreatBoundIsSuperset checks the premise of the threat search's early end:
// threatBound contains every square the full search finds, for both colours of
// every reference position and child under every preset.
func TestThreatBoundIsSuperset(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	n := 0
	for _, p := range chainTestPositions(t) {
		for c := White; c <= Black; c++ {
			q := p
			q.turn = c
			q.handOwn, q.handPart = NoRole, NoRole
			q.step = requireLift
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

// TestAllowsAgreesWithSakoFilter checks the shortcuts of the Ŝako rule (SakoIllegal,
// Rulebook): AllMoves yields Moves in order, and for every move the rules without
// the switch allow, allows (Play) accepts it exactly when the filtered Moves list it.
func TestAllowsAgreesWithSakoFilter(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	checked, dropped := 0, 0
	step := 5 // a full run checked 1,105,159 moves (542,873 illegal) in 25 s
	if raceEnabled {
		step = 10
	}
	for i, p := range chainTestPositions(t) {
		if p.rules.switches&SakoIllegal == 0 || p.step != requireLift || p.Outcome().IsOver() || (i%step != 0 && !testing.Short()) {
			continue
		}
		legal := map[uint64][]Position{}
		moves := p.Moves()
		for _, m := range moves {
			legal[m.After().Hash()] = append(legal[m.After().Hash()], m.After())
		}
		// The lazy search yields the same moves in the same order (searchSakoLazy).
		k := 0
		for m := range p.AllMoves() {
			if k >= len(moves) || m.String() != moves[k].String() || !m.After().Equal(moves[k].After()) {
				t.Fatalf("%s: AllMoves()[%d] = %v, Moves has %d moves", p.FEN(), k, m, len(moves))
			}
			k++
		}
		if k != len(moves) {
			t.Fatalf("%s: AllMoves yields %d moves, Moves %d", p.FEN(), k, len(moves))
		}
		free := p
		free.rules.switches &^= SakoIllegal
		for _, m := range free.Moves() {
			q := m.After()
			q.rules = p.rules
			want := slices.ContainsFunc(legal[q.Hash()], q.Equal)
			if got := p.allows(&q); got != want {
				t.Fatalf("%s: allows(%v) = %v, filtered Moves has it: %v", p.FEN(), m, got, want)
			}
			if _, err := p.Play(rawMove(m.path())); (err == nil) != want {
				t.Fatalf("%s: Play(%v) error %v, want legal %v", p.FEN(), m, err, want)
			}
			checked++
			if !want {
				dropped++
			}
		}
	}
	if dropped == 0 {
		t.Error("no move was dropped by the Ŝako rule: the test proves nothing")
	}
	t.Logf("%d moves, %d of them illegal under the Ŝako rule", checked, dropped)
}

// TestCompletableActionsDefinition checks CompletableActions (a lazy search per
// action) against its definition by full enumeration: an action is completable when
// some complete path through it ends in one of Moves. Settled positions and the
// states after each lift, under every preset.
func TestCompletableActionsDefinition(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	step := 7
	if raceEnabled {
		step = 20
	}
	checked := 0
	check := func(p Position) {
		legal := map[uint64][]Position{}
		for _, m := range p.Moves() {
			legal[m.After().Hash()] = append(legal[m.After().Hash()], m.After())
		}
		isLegal := func(r Position) bool {
			r.rules = p.rules
			return slices.ContainsFunc(legal[r.Hash()], r.Equal)
		}
		got := p.CompletableActions()
		for a := range p.Actions().All() {
			q, err := p.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			want := false
			if q.endsMoveFrom(&p) {
				want = isLegal(q)
			} else {
				free := q
				free.rules.switches &^= SakoIllegal
				want = slices.ContainsFunc(free.Moves(), func(m Move) bool { return isLegal(m.After()) })
			}
			if got.Contains(a) != want {
				t.Fatalf("%s (%v): CompletableActions has %v: %v, want %v", p.FEN(), p.Rules(), a, got.Contains(a), want)
			}
			checked++
		}
	}
	for i, p := range chainTestPositions(t) {
		if i%step != 0 && !testing.Short() || p.Outcome().IsOver() {
			continue
		}
		check(p)
		if p.step == requireLift {
			for a := range p.Actions().All() {
				if q, _ := p.Apply(a); !q.Outcome().IsOver() && q.step == requirePlace {
					check(q)
				}
			}
		}
	}
	t.Logf("%d actions checked", checked)
}
