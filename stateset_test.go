package pacosako

import (
	"math/rand/v2"
	"testing"
)

// TestStateSet fills the set past several doublings with hashes that share their
// fragment in pairs (the set keeps only the top 32 bits, so these need the
// caller's equality) and checks every entry is found with its aux value, nothing
// else is, and a reset empties it, also when the 16-bit epoch wraps around.
func TestStateSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var set stateSet
	for round := 0; round < 3; round++ {
		if round == 2 {
			set.epoch = 0xFFFF // the next reset wraps and must clear the slots
		}
		set.reset()
		const n = 5000
		hashes := make([]uint64, n)
		for i := range hashes {
			if i%2 == 1 {
				hashes[i] = hashes[i-1] ^ uint64(rng.Uint32()|1) // same fragment
			} else {
				hashes[i] = rng.Uint64()
			}
			if set.lookup(hashes[i], func(int32) bool { return true }) >= 0 && i%2 == 0 {
				t.Fatalf("round %d: hash %d found before insertion", round, i)
			}
			set.insertAux(hashes[i], int32(i), uint16(i*7))
		}
		if set.n != n || len(set.slots) < 2*n {
			t.Fatalf("round %d: %d entries in %d slots", round, set.n, len(set.slots))
		}
		for i, h := range hashes {
			got := set.lookup(h, func(j int32) bool { return hashes[j] == h })
			if got != int32(i) {
				t.Fatalf("round %d: lookup of hash %d = %d", round, i, got)
			}
			if !set.hasHash(h) {
				t.Fatalf("round %d: hasHash %d false", round, i)
			}
			aux := -1
			f := fragment(h)
			for k := set.home(f); set.slots[k].epoch == set.epoch; k = set.next(k) {
				if set.slots[k].idx == int32(i) {
					aux = int(set.slots[k].aux)
				}
			}
			if aux != int(uint16(i*7)) {
				t.Fatalf("round %d: aux of %d = %d", round, i, aux)
			}
		}
		for range 1000 {
			h := rng.Uint64()
			if set.lookup(h, func(j int32) bool { return hashes[j] == h }) >= 0 {
				t.Fatalf("round %d: absent hash %#x found", round, h)
			}
		}
	}
	set.reset()
	if set.n != 0 || set.hasHash(0) {
		t.Fatal("reset left entries")
	}
	for i := range set.slots {
		if set.slots[i].epoch == set.epoch {
			t.Fatal("reset left a slot in use")
		}
	}
}
