package pacosako

import "testing"

// TestChunks fills a list across several chunk boundaries and checks that every
// element reads back, that elements keep their address while the list grows, and
// that reset keeps the chunks and refills them in order.
func TestChunks(t *testing.T) {
	var l chunks[[3]int32]
	const n = 3*chunkLen + 17
	first := l.push()
	*first = [3]int32{-1, -2, -3}
	for i := 1; i < n; i++ {
		*l.push() = [3]int32{int32(i), int32(2 * i), int32(3 * i)}
	}
	if l.len() != n || len(l.c) != 4 {
		t.Fatalf("len %d in %d chunks, want %d in 4", l.len(), len(l.c), n)
	}
	if l.at(0) != first || *first != [3]int32{-1, -2, -3} {
		t.Fatal("the first element moved or changed while the list grew")
	}
	for i := 1; i < n; i++ {
		if got := *l.at(i); got != [3]int32{int32(i), int32(2 * i), int32(3 * i)} {
			t.Fatalf("element %d = %v", i, got)
		}
	}
	l.reset()
	if l.len() != 0 || len(l.c) != 4 {
		t.Fatalf("after reset: len %d in %d chunks, want 0 in 4", l.len(), len(l.c))
	}
	for i := 0; i < chunkLen+1; i++ {
		*l.push() = [3]int32{int32(-i)}
	}
	if l.push() != &l.c[1][1] || len(l.c) != 4 || l.at(chunkLen)[0] != -chunkLen || l.at(5)[0] != -5 {
		t.Fatalf("refilled: %d chunks, element %d = %v", len(l.c), chunkLen, *l.at(chunkLen))
	}
}
