package pgn

import (
	"strings"
	"testing"
)

// TestAddTag: a tag section read through AddTag keeps each name once, in the
// order names first stand, with the later value and place; a Variant tag that
// names another game than the one before is a *SyntaxError at it (the later
// value kept all the same), one that names the same game again is not; a tag
// whose Index does not hold its name (a tag made by hand) is added at the end.
func TestAddTag(t *testing.T) {
	read := func(text string) ([]Tag, error) {
		var c tagCollector
		if err := NewReader(strings.NewReader(text)).SkipGame(&c); err != nil {
			t.Fatal(err)
		}
		return c.tags, c.err
	}
	describe := func(tags []Tag) string {
		var sb strings.Builder
		for i, tg := range tags {
			if tg.Index != i {
				t.Errorf("tag %d has Index %d", i, tg.Index)
			}
			sb.WriteString("[" + tg.Name + "=" + tg.Value + at(tg.At) + "]")
		}
		return sb.String()
	}
	for _, c := range []struct{ text, want, err string }{
		{"[Event \"a\"]\n[Site \"s\"]\n[Event \"b\"]\n*", "[Event=b@3:1][Site=s@2:1]", ""},
		{"[Variant \"Atomic\"]\n[Variant \"atomic chess\"]\n*", "[Variant=atomic chess@2:1]", ""},
		{"[Variant \"Atomic\"]\n[Variant \"Standard\"]\n[Variant \"Atomic\"]\n*", "[Variant=Atomic@3:1]",
			`pgn: line 2, column 1: "Standard": the Variant tag again, naming another game than "Atomic" (line 1, column 1): a record is of one game`},
		{"[Variant \"\"]\n[Variant \"Atomic\"]\n*", "[Variant=Atomic@2:1]", "naming another game than \"\""},
	} {
		tags, err := read(c.text)
		if got := describe(tags); got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %s, %v; want %s, %q", c.text, got, err, c.want, c.err)
		}
	}
	tags, _ := AddTag(nil, Tag{Name: "A", Value: "1"})
	tags, _ = AddTag(tags, Tag{Name: "B", Value: "2"}) // Index 0, which holds A
	tags, _ = AddTag(tags, Tag{Name: "A", Value: "3"})
	if got := describe(tags); got != "[A=3@0:0][B=2@0:0]" {
		t.Errorf("tags made by hand: %s", got)
	}
}
