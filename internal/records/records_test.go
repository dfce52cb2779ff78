package records

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/pgn"
)

// fake is a game that writes down what its handler is handed.
type fake struct {
	game   string
	n      int
	events []string
}

func (f *fake) Tag(t pgn.Tag)                      { f.events = append(f.events, t.Name+"="+t.Value) }
func (f *fake) Comment(text string)                { f.events = append(f.events, "{"+text+"}") }
func (f *fake) StartMovetext() error               { f.events = append(f.events, "start"); return nil }
func (f *fake) Move(text string, _ pgn.Pos) error  { f.events = append(f.events, text); return nil }
func (f *fake) NAG(n int)                          { f.events = append(f.events, fmt.Sprint("$", n)) }
func (f *fake) StartVariation(pgn.Pos) error       { f.events = append(f.events, "("); return nil }
func (f *fake) EndVariation()                      { f.events = append(f.events, ")") }
func (f *fake) End(result string, _ pgn.Pos) error { f.events = append(f.events, result); return nil }
func (f *fake) Done(err error) (string, error) {
	return fmt.Sprintf("%s %d: %s", f.game, f.n, strings.Join(f.events, " ")), err
}

func register(game string, v pgn.Variant) {
	Register(v, Game{
		Handler: func(n int, _ Options) pgn.GameHandler[any] { return Any[string](&fake{game: game, n: n}) },
		Error:   func(n int, at pgn.Pos, err error) error { return fmt.Errorf("%s stream, game %d: %w", game, n, err) },
	})
}

// TestReaderDispatch: each game goes to the game its Variant tag names, with its
// tags, then the comments among them, handed over; a game without one, or
// with another value, to the default game; a game that fails in its tag section
// to the game its tags so far name.
func TestReaderDispatch(t *testing.T) {
	register("paco", pgn.PacoSako)
	register("atomic", pgn.Atomic)
	stream := `[Event "a"]
{among the tags}
[Variant "Atomic"]

1. e4 {c} $1 (1. d4) *

[Event "b"]

1. e4 *

[Variant "Paco Sako"]

1. d4 1-0

[Variant "Crazyhouse"]

1. c4 *

[Variant "atomic960"]
[Event oops]
`
	for _, c := range []struct {
		def  pgn.Variant
		want []string
	}{
		{pgn.PacoSako, []string{
			"atomic 1: Event=a Variant=Atomic {among the tags} start e4 {c} $1 ( d4 ) *",
			"paco 2: Event=b start e4 *",
			"paco 3: Variant=Paco Sako start d4 1-0",
			"paco 4: Variant=Crazyhouse start c4 *",
			"atomic 5: Variant=atomic960",
		}},
		{pgn.Atomic, []string{"atomic 1:", "atomic 2:", "paco 3:", "atomic 4:", "atomic 5:"}},
	} {
		rr := NewReader(strings.NewReader(stream), c.def, Options{})
		var got []string
		for rr.Scan() {
			rec, err := rr.Record()
			got = append(got, rec.(string))
			var se *pgn.SyntaxError
			if (err != nil) != (len(got) == 5) || err != nil && !errors.As(err, &se) {
				t.Errorf("game %d: %v", len(got), err)
			}
		}
		if len(got) != len(c.want) || rr.Err() != nil {
			t.Fatalf("default %d: %d games %q, %v", c.def, len(got), got, rr.Err())
		}
		for i := range got {
			if !strings.HasPrefix(got[i], c.want[i]) {
				t.Errorf("default %d, game %d: %q, want %q…", c.def, i+1, got[i], c.want[i])
			}
		}
	}
}
