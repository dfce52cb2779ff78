package atomic

import "testing"

// TestPerftStart checks the published perft counts of the start position: depths
// 1-5 always (about 0.1 s), depth 6 with PACOSAKO_DEEP=1 (118,926,425, agreed by
// several independent engines; about 2 s).
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 20, 400, 8902, 197326, 4864979, 118926425}
	for d, n := range want {
		if d == 6 && !deep() {
			t.Logf("depth 6 skipped (set PACOSAKO_DEEP=1)")
			continue
		}
		if got := Perft(StartingPosition(), d); got != n {
			t.Errorf("Perft(start, %d) = %d, want %d", d, got, n)
		}
	}
}
