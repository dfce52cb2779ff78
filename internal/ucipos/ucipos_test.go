package ucipos

import (
	"errors"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

func TestRead(t *testing.T) {
	for _, c := range []struct {
		args, fen string
	}{
		{"startpos", atomic.StartingPosition().FEN()},
		{"startpos moves e2e4 e7e5 g1f3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"fen 7k/8/8/8/8/8/8/KQ6 w - - 0 1", "7k/8/8/8/8/8/8/KQ6 w - - 0 1"},
		{"fen 7k/8/8/8/8/8/8/KQ6 w - - 0 1 moves a1a2", "7k/8/8/8/8/8/K7/1Q6 b - - 1 1"},
	} {
		g, err := Read(strings.Fields(c.args))
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if got := g.Position().FEN(); got != c.fen {
			t.Errorf("%q: %s, want %s", c.args, got, c.fen)
		}
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct {
		args, want string
		kind       error
	}{
		{"", "want startpos or fen FEN, then moves", nil},
		{"sideways", `want startpos or fen, got "sideways"`, nil},
		{"startpos e2e4", `want moves after the position, got "e2e4"`, nil},
		{"startpos moves e2e4 e2e4", `move 2 "e2e4"`, pacosako.ErrIllegalMove},
		{"fen 8/8/8/8/8/8/8/8 w - - 0 1", "invalid position", pacosako.ErrInvalidPosition},
		{"fen nonsense", "invalid FEN", pacosako.ErrInvalidFEN},
		{"sideways" + strings.Repeat("x", 100), `…"`, nil},
	} {
		_, err := Read(strings.Fields(c.args))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.args, err, c.want)
			continue
		}
		if c.kind != nil && !errors.Is(err, c.kind) {
			t.Errorf("%q: %v is not %v", c.args, err, c.kind)
		}
		if len(err.Error()) > 200 {
			t.Errorf("%q: a message of %d bytes", c.args, len(err.Error()))
		}
	}
}
