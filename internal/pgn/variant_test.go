package pgn

import (
	"strings"
	"testing"
)

// TestClassifyVariant: every value the root record corpus holds stays Paco Ŝako,
// the Atomic values are Atomic in any case and spacing, anything else is another
// game; and each reader's verdict on each.
func TestClassifyVariant(t *testing.T) {
	for _, c := range []struct {
		value string
		want  Variant
	}{
		{"", NoVariant}, {"  ", NoVariant},
		{"Standard", PacoSako}, {"standard", PacoSako}, {" STANDARD ", PacoSako},
		{"From Position", PacoSako}, {"from position", PacoSako},
		{"Chess960", PacoSako}, {"Fischer Random", PacoSako}, {"fischer-random", PacoSako},
		{"Paco Sako", PacoSako}, {"Paco Ŝako", PacoSako}, {"PACO ŜAKO", PacoSako}, {"Pacosako", PacoSako}, {"paco_sako", PacoSako},
		{"Paco S\u0302ako", PacoSako}, {"paco s\u0302ako", PacoSako}, {"PACO S\u0302AKO", PacoSako},
		{"Paco \u0302ako", OtherVariant}, {"Paco S\u0302\u0302ako", OtherVariant},
		{"Atomic", Atomic}, {"ATOMIC", Atomic}, {"atomic960", Atomic}, {"Atomic 960", Atomic},
		{"Atomic chess", Atomic}, {"atomic-chess", Atomic},
		{"Crazyhouse", OtherVariant}, {"Atomic Crazyhouse", OtherVariant}, {"Chess", OtherVariant}, {"Pacosako960", OtherVariant},
	} {
		if got := ClassifyVariant(c.value); got != c.want {
			t.Errorf("ClassifyVariant(%q) = %d, want %d", c.value, got, c.want)
		}
		paco, atomic := VariantMismatch(c.value, PacoSako), VariantMismatch(c.value, Atomic)
		switch c.want {
		case NoVariant:
			if paco != "" || atomic != "" {
				t.Errorf("%q: refused: %q, %q", c.value, paco, atomic)
			}
		case PacoSako:
			if paco != "" || !strings.Contains(atomic, "names Paco Ŝako: read the game with pacosako.NewRecordReader") {
				t.Errorf("%q: Paco Ŝako reader %q, Atomic reader %q", c.value, paco, atomic)
			}
		case Atomic:
			if atomic != "" || !strings.Contains(paco, "names Atomic chess: read the game with atomic.NewRecordReader") {
				t.Errorf("%q: Paco Ŝako reader %q, Atomic reader %q", c.value, paco, atomic)
			}
		case OtherVariant:
			if !strings.Contains(paco, "does not play") || !strings.Contains(atomic, "does not play") {
				t.Errorf("%q: Paco Ŝako reader %q, Atomic reader %q", c.value, paco, atomic)
			}
		}
	}
}
