package atomic

import (
	"context"
	"errors"
	"testing"
)

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

// TestPerftDepthBound: a depth over MaxPerftDepth counts nothing instead of
// recursing until the stack is gone (bare kings play for ever); PerftContext says
// why.
func TestPerftDepthBound(t *testing.T) {
	kings := MustParseFEN("8/8/8/8/8/8/8/K6k w - - 0 1")
	if n := Perft(kings, 1_000_000_000); n != 0 {
		t.Errorf("Perft(kings, 1e9) = %d; want 0", n)
	}
	if d := Divide(kings, MaxPerftDepth+1); d != nil {
		t.Errorf("Divide over the bound = %v; want nil", d)
	}
	if _, err := PerftContext(context.Background(), kings, MaxPerftDepth+1, PerftOptions{}); !errors.Is(err, ErrPerftDepth) {
		t.Errorf("PerftContext over the bound: %v; want ErrPerftDepth", err)
	}
}
