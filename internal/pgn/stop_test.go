package pgn

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

// cutReader delivers the bytes of r and counts them; once more than limit have
// been delivered, cut is set (a context cancelled while the input streams in).
type cutReader struct {
	r        io.Reader
	n, limit int
	cut      bool
}

func (c *cutReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n += k; c.n > c.limit {
		c.cut = true
	}
	return k, err
}

// gameEvents is events as a GameHandler: Done returns the events joined.
type gameEvents struct{ events }

func (g *gameEvents) Done(err error) (string, error) { return strings.Join(g.list, " "), err }

// placed is an error at a place of a game, as a game's wrap makes it.
type placed struct {
	game int
	at   Pos
	err  error
}

func (p *placed) Error() string {
	return "game " + strconv.Itoa(p.game) + at(p.at) + ": " + p.err.Error()
}
func (p *placed) Unwrap() error { return p.err }

var errStop = errors.New("stop")

// doneContext is a context whose Err is done's.
type doneContext struct {
	context.Context
	done func() error
}

func (c doneContext) Err() error { return c.done() }

// TestGamesStop: the done function of NewGames is asked while a game is read,
// not only between games, so that every shape of input stops soon after done
// says so — a long comment, symbol or tag value, a run of tags, of white space,
// of escape lines: the game being read ends with done's error (wrapped as the
// game's), Scan stops and Err returns the same; whole games and tags only
// (SkipMovetext). Measured in bytes read past the moment done starts to fail,
// not in time.
func TestGamesStop(t *testing.T) {
	const size = 8 << 20 // the input
	const limit = 256 << 10
	// What may be read after done starts to fail: the reader's buffer filled
	// once more (64 KB) and the lexer's check interval (64K characters).
	const slack = 256 << 10
	repeat := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	for _, skip := range []bool{false, true} {
		for _, c := range []struct{ name, text string }{
			{"a long comment", "[Event \"x\"]\n\ne4 {" + repeat("a") + "} *"},
			{"a long symbol", "[Event \"x\"]\n\ne4 " + repeat("a") + " *"},
			{"a long tag value", "[Event \"" + repeat("a") + "\"]\n\ne4 *"},
			{"a run of tags", func() string {
				var sb strings.Builder
				for i := 0; sb.Len() < size; i++ {
					sb.WriteString("[T" + strconv.Itoa(i) + " \"v\"]\n")
				}
				return sb.String() + "\ne4 *"
			}()},
			{"white space", "[Event \"x\"]\n\ne4 " + repeat(" \n") + "*"},
			{"escape lines", repeat("% x\n") + "e4 *"},
			{"comments among the tags", "[A \"1\"]\n" + repeat("{c} ") + "\n[B \"2\"]\n*"},
			{"sibling variations", "e4 " + repeat("(d4) ") + "*"},
			{"NAGs", "e4 " + repeat("$1 ") + "*"},
			{"games", repeat("[Event \"x\"]\n\n1. e4 e5 *\n\n")},
		} {
			cr := &cutReader{r: strings.NewReader(c.text), limit: limit}
			done := func() error {
				if cr.cut {
					return errStop
				}
				return nil
			}
			wrap := func(game int, at Pos, err error) error { return &placed{game, at, err} }
			gs := NewGames(doneContext{context.Background(), done}, cr, func(int) GameHandler[string] { return &gameEvents{} }, wrap)
			if skip {
				gs.SkipMovetext(func(_ int, _ []Tag, err error) (string, error) { return "", err })
			}
			var last error
			games := 0
			for gs.Scan() {
				games++
				_, last = gs.Record()
			}
			if cr.n > limit+slack {
				t.Errorf("%s: %d bytes read, %d after done said to stop", c.name, cr.n, cr.n-limit)
			}
			var p *placed
			// The escape lines come before the game: it never started, and Err
			// alone says why the reading stopped; of many short games, the one
			// being read or the next to start stops.
			if (games > 0) != (c.name != "escape lines") {
				t.Errorf("%s: %d games read", c.name, games)
			}
			if games > 0 && c.name != "games" && (!errors.As(last, &p) || !errors.Is(last, errStop) || p.game != games) {
				t.Errorf("%s: the last game's error is %v, want done's error wrapped for game %d", c.name, last, games)
			}
			if err := gs.Err(); !errors.As(err, &p) || !errors.Is(err, errStop) {
				t.Errorf("%s: Err() = %v, want done's error wrapped", c.name, err)
			}
			if gs.Scan() {
				t.Errorf("%s: Scan goes on after done said to stop", c.name)
			}
		}
	}
}
