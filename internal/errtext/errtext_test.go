package errtext

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestShorten(t *testing.T) {
	if got := Shorten("abc"); got != "abc" {
		t.Errorf("Shorten(abc) = %q", got)
	}
	long := strings.Repeat("x", 300)
	if got := Shorten(long); got != strings.Repeat("x", 160)+"…(300 bytes)" {
		t.Errorf("Shorten(300 x) = %q", got)
	}
}

func TestProblems(t *testing.T) {
	var ps Problems
	ps.Add(4, "c on %s", "e4")
	ps.Add(1, "a")
	ps.Add(4, "c again")
	if k := ps.Kinds(); k != 5 {
		t.Errorf("Kinds = %d", k)
	}
	phrases := []string{"phrase a", "phrase b", "phrase c"}
	if got, want := ps.Describe(1|2|4|16, phrases), []string{"a", "c on e4", "c again", "phrase b", "unknown reasons 0x10"}; !cmp.Equal(got, want) {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	if got := ps.Keep(4); len(got) != 2 || got[0].Text != "c on e4" {
		t.Errorf("Keep(4) = %v", got)
	}
	if got := ps.Keep(2); got != nil {
		t.Errorf("Keep(2) = %v", got)
	}
	if got := KindNames(1|4|32, []string{"A", "B", "C"}, "Kind"); got != "A+C+Kind(0x20)" {
		t.Errorf("KindNames = %q", got)
	}
	if got := KindNames(0, []string{"A"}, "Kind"); got != "none" {
		t.Errorf("KindNames(0) = %q", got)
	}
}

func TestCandidates(t *testing.T) {
	if got := Candidates([]string{"Nbd2", "Nfd2"}); got != "2 candidates: Nbd2, Nfd2" {
		t.Errorf("Candidates(2) = %q", got)
	}
	names := strings.Fields("a b c d e f g h i j")
	if got := Candidates(names); got != "10 candidates: a, b, c, d, e, f, g, h, …" {
		t.Errorf("Candidates(10) = %q", got)
	}
	if len(names) != 10 || names[8] != "i" {
		t.Errorf("Candidates changed its argument: %q", names)
	}
}

func TestNotationAndPlayer(t *testing.T) {
	if got := Notation("SAN", "Nf9", 2, "want a rank"); got != `invalid SAN notation "Nf9" at offset 2: want a rank` {
		t.Errorf("Notation = %q", got)
	}
	sentinel := errors.New("pkg: game over")
	var err error = &Player{Err: sentinel, Prefix: "pkg: ", Text: "White cannot resign"}
	var msg interface{ Message() string }
	if !errors.Is(err, sentinel) || !errors.As(err, &msg) || err.Error() != "pkg: game over: White cannot resign" || msg.Message() != "game over: White cannot resign" {
		t.Errorf("Player: %v / %v", err, msg)
	}
	// A kind of both games has no prefix of its own: the report adds the package's.
	shared := errors.New("game over")
	err = &Player{Err: shared, Prefix: "pkg: ", Text: "White cannot resign"}
	if !errors.Is(err, shared) || !errors.As(err, &msg) || err.Error() != "pkg: game over: White cannot resign" || msg.Message() != "game over: White cannot resign" {
		t.Errorf("Player of a shared kind: %v / %v", err, msg)
	}
}

// TestHead: a message starts with the package's prefix once, whether the kind's
// own text carries it (a kind of one game) or not (a kind of both).
func TestHead(t *testing.T) {
	for _, c := range []struct {
		kind, want string
	}{
		{"pkg: illegal action", "pkg: illegal action"},
		{"illegal move", "pkg: illegal move"},
		{"other: illegal move", "pkg: other: illegal move"},
	} {
		if got := Head("pkg: ", errors.New(c.kind)); got != c.want {
			t.Errorf("Head(%q) = %q, want %q", c.kind, got, c.want)
		}
	}
}
