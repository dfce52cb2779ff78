package outcome

import "testing"

// TestWords: every Kind has its words, no two Kinds read alike, and a phrase
// names the side it says it names.
func TestWords(t *testing.T) {
	seen := map[string]Kind{}
	for k := Kind(0); int(k) < len(phrases); k++ {
		w := Words(k, "White", "Black")
		if w == "" {
			t.Errorf("Kind %d has no words", k)
		}
		if prev, ok := seen[w]; ok {
			t.Errorf("Kinds %d and %d both read %q", prev, k, w)
		}
		seen[w] = k
	}
	for _, tc := range []struct {
		k    Kind
		want string
	}{
		{Running, "running"},
		{Paco, "White wins by Paco"},
		{KingExploded, "Black's king exploded"},
		{Checkmate, "White wins by checkmate"},
		{Repetition, "drawn by repetition"},
		{Resignation, "Black resigned"},
		{Timeout, "Black ran out of time"},
	} {
		if got := Words(tc.k, "White", "Black"); got != tc.want {
			t.Errorf("Words(%d, White, Black) = %q, want %q", tc.k, got, tc.want)
		}
	}
	if got := Words(Kind(len(phrases)), "White", "Black"); got != "" {
		t.Errorf("Words of a Kind outside the table = %q, want \"\"", got)
	}
}
