package pacosako

import "testing"

// TestSANDisambiguationOracle checks the origins chain SAN writes on every first
// step against full disambiguation computed the slow way: for each legal move, every
// other legal move is compared with it (same start-of-turn promotion, same piece
// kind, same first target, another origin), and the origin shown must be the file
// if no such rival shares it, else the rank if none shares that, else both (a pawn
// stepping diagonally always shows its file). It also checks that the moves'
// SANs are distinct. Every move of the reference positions and their children under
// every preset (one position in four under -short); with PACOSAKO_DEEP=1 all.
func TestSANDisambiguationOracle(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	every := 4
	if deepPerft() {
		every = 1
	}
	moves, positions, disambiguated := 0, 0, 0
	for i, p := range chainTestPositions(t) {
		if i%every != 0 {
			continue
		}
		ms := p.Moves()
		if len(ms) > 3000 {
			continue // the oracle is quadratic
		}
		sans, err := p.SANs(ms)
		if err != nil {
			t.Fatalf("%s: SANs: %v", p.FEN(), err)
		}
		positions++
		firsts := make([]firstStep, len(ms))
		for k, m := range ms {
			firsts[k] = firstOf(&p, m.path())
		}
		seen := make(map[string]int, len(sans))
		for k, m := range ms {
			if j, dup := seen[sans[k]]; dup {
				t.Fatalf("%s: moves %v and %v are both written %q", p.FEN(), ms[j], m, sans[k])
			}
			seen[sans[k]] = k
			moves++
			f := firstCompare(firsts, k)
			if firsts[k].role == NoRole {
				continue
			}
			s, err := parseSAN(sans[k])
			if err != nil || len(s.Steps) == 0 {
				t.Fatalf("%s: %q: %v", p.FEN(), sans[k], err)
			}
			if s.Steps[0].Castle {
				continue
			}
			if got := [2]int{s.Steps[0].FromFile, s.Steps[0].FromRank}; got != f {
				t.Fatalf("%s: %v written %q shows origin (file, rank) %v; full disambiguation gives %v", p.FEN(), m, sans[k], got, f)
			}
			if f != [2]int{-1, -1} {
				disambiguated++
			}
		}
	}
	t.Logf("%d moves of %d positions, %d first steps with an origin shown", moves, positions, disambiguated)
	if disambiguated == 0 {
		t.Fatal("no move needed disambiguation: the test checks nothing")
	}
}

// firstCompare returns the origin file and rank (-1: not shown) move k's first step
// must show among firsts, by comparing it with every other move.
func firstCompare(firsts []firstStep, k int) [2]int {
	f := firsts[k]
	rivals, sameFile, sameRank := false, false, false
	for j, g := range firsts {
		if j == k || g.role == NoRole || g.promotion != f.promotion || g.role != f.role || g.to != f.to || g.from == f.from {
			continue
		}
		rivals = true
		sameFile = sameFile || g.from.File() == f.from.File()
		sameRank = sameRank || g.from.Rank() == f.from.Rank()
	}
	out := [2]int{-1, -1}
	switch {
	case !rivals:
	case !sameFile:
		out[0] = f.from.File()
	case !sameRank:
		out[1] = f.from.Rank()
	default:
		out = [2]int{f.from.File(), f.from.Rank()}
	}
	if f.role == Pawn && f.from.File() != f.to.File() {
		out[0] = f.from.File()
	}
	return out
}
