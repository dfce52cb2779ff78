package pacosako

import (
	"errors"
	"strings"
	"testing"
)

func TestColorsAndRoles(t *testing.T) {
	for in, want := range map[string]Color{"w": White, "b": Black, "White": White, "black": Black} {
		if got, err := ParseColor(in); err != nil || got != want {
			t.Errorf("ParseColor(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseColor("x"); !errors.Is(err, ErrInvalidColor) {
		t.Errorf("ParseColor(x) error = %v", err)
	}
	if White.Other() != Black || Black.Other() != White || White.String() != "White" || Black.String() != "Black" {
		t.Errorf("colour basics wrong")
	}
	for r := Pawn; r <= King; r++ {
		for _, in := range []string{r.String(), string(r.Letter()), strings.ToLower(string(r.Letter()))} {
			if got, err := ParseRole(in); err != nil || got != r {
				t.Errorf("ParseRole(%q) = %v, %v; want %v", in, got, err, r)
			}
		}
	}
	if r, err := ParseRole("queen"); err != nil || r != Queen {
		t.Errorf("ParseRole(queen) = %v, %v", r, err)
	}
	for _, bad := range []string{"", "X", "Queens", "Pawns"} {
		if _, err := ParseRole(bad); !errors.Is(err, ErrInvalidRole) {
			t.Errorf("ParseRole(%q) error = %v", bad, err)
		}
	}
}
