package pacosako

import (
	"context"
	"errors"
	"testing"
)

// TestPerftDepthBound: a depth over MaxPerftDepth counts nothing instead of
// exhausting the memory (one searcher a ply) or the stack; PerftContext says why.
// A game of bare kings never ends, so before the bound a deep count crashed.
func TestPerftDepthBound(t *testing.T) {
	kings := mustFEN(t, "8/8/8/8/8/8/8/K6k w 0 - - -")
	if n := Perft(kings, 1_000_000); n != 0 {
		t.Errorf("Perft(kings, 1000000) = %d; want 0", n)
	}
	if d := Divide(kings, MaxPerftDepth+1); d != nil {
		t.Errorf("Divide over the bound = %v; want nil", d)
	}
	if _, err := PerftContext(context.Background(), kings, MaxPerftDepth+1, PerftOptions{}); !errors.Is(err, ErrPerftDepth) {
		t.Errorf("PerftContext over the bound: %v; want ErrPerftDepth", err)
	}
	if n := Perft(kings, 2); n != 9 { // three steps for each king
		t.Errorf("Perft(kings, 2) = %d; want 9", n)
	}
}
