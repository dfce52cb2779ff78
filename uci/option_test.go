package uci

import (
	"errors"
	"slices"
	"testing"
)

func TestParseOption(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Option
	}{
		{"option name Hash type spin default 16 min 1 max 33554432", Option{Name: "Hash", Type: Spin, Default: "16", Min: 1, Max: 33554432}},
		{"option name Skill Level type spin default 20 min -20 max 20", Option{Name: "Skill Level", Type: Spin, Default: "20", Min: -20, Max: 20}},
		{"option name Debug Log File type string default ", Option{Name: "Debug Log File", Type: String}},
		{"option name SyzygyPath type string default <empty>", Option{Name: "SyzygyPath", Type: String}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: Button}},
		{"option name Ponder type check default false", Option{Name: "Ponder", Type: Check, Default: "false"}},
		{"option name UCI_Variant type combo default chess var chess var atomic var king of the hill",
			Option{Name: "UCI_Variant", Type: Combo, Default: "chess", Vars: []string{"chess", "atomic", "king of the hill"}}},
	} {
		got, err := ParseOption(tc.line)
		if err != nil || got.Name != tc.want.Name || got.Type != tc.want.Type || got.Default != tc.want.Default ||
			got.Min != tc.want.Min || got.Max != tc.want.Max || !slices.Equal(got.Vars, tc.want.Vars) {
			t.Errorf("ParseOption(%q) = %+v, %v", tc.line, got, err)
		}
		back, err := ParseOption(got.String())
		if err != nil || back.String() != got.String() {
			t.Errorf("%q does not read back: %v", got.String(), err)
		}
	}
	for _, bad := range []string{
		"option", "option type spin default 1 min 0 max 2", "option name X", "option name X type wheel",
		"option name X type spin default 1", "option name X type spin default 5 min 0 max 2", "option name X type spin default 1 min a max 2",
		"option name X type check colour red", "info depth 1",
	} {
		if _, err := ParseOption(bad); !errors.Is(err, ErrProtocol) {
			t.Errorf("ParseOption(%q) = %v, want ErrProtocol", bad, err)
		}
	}
}

func TestOptionValidate(t *testing.T) {
	spin := Option{Name: "Hash", Type: Spin, Min: 1, Max: 64}
	combo := Option{Name: "V", Type: Combo, Vars: []string{"chess", "Atomic"}}
	check := Option{Name: "C", Type: Check}
	for _, tc := range []struct {
		o         Option
		in, out   string
		wantError bool
	}{
		{spin, "8", "8", false}, {spin, " 64", "64", false}, {spin, "65", "", true}, {spin, "0", "", true},
		{combo, "atomic", "Atomic", false}, {combo, "xiangqi", "", true},
		{check, "TRUE", "true", false}, {check, "1", "", true},
		{Option{Type: String}, "a b", "a b", false}, {Option{Type: String}, "a\rb", "", true},
	} {
		got, err := tc.o.Validate(tc.in)
		if got != tc.out || (err != nil) != tc.wantError || (err != nil && !errors.Is(err, ErrInvalidOption)) {
			t.Errorf("%s.Validate(%q) = %q, %v", tc.o.Name, tc.in, got, err)
		}
	}
}

// FuzzParseOption: an option line reads or fails with ErrProtocol; one that
// reads writes back to the same option.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 16 min 1 max 33554432",
		"option name UCI_Variant type combo default chess var chess var atomic",
		"option name Debug Log File type string default ",
		"option name Clear Hash type button",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOption(line)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		back, err := ParseOption(o.String())
		if err != nil || back.String() != o.String() {
			t.Fatalf("%q → %q: %v", line, o.String(), err)
		}
		o.Validate(o.Default)
	})
}
