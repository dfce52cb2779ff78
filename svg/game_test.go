package svg

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// fakePosition has the methods of Position but is a position of neither game.
type fakePosition struct{ pacosako.Position }

// fakeMove has the methods of Move but is a move of neither game.
type fakeMove struct{ pacosako.Move }

// fakeRecord has the methods of records.Record but is a record of neither game.
type fakeRecord struct{ pacosako.Record }

// TestOneCallBothGames: every drawing function takes a position of either game
// and draws it as the game draws it: the Paco Ŝako position with its Ŝako
// highlight, the Atomic one with its check.
func TestOneCallBothGames(t *testing.T) {
	paco := mustMove(t, pacosako.MustParseFEN(rules1FEN), sakoSAN).After() // Black's king in Ŝako
	check := atomic.MustParseFEN(atomicCheckFEN)
	for _, c := range []struct {
		name      string
		p         Position
		want, not string
	}{
		{"Paco Ŝako", paco, `<rect class="sako `, `class="check `},
		{"Atomic chess", check, `<rect class="check e8"`, `class="sako `},
	} {
		var b strings.Builder
		if err := Render(&b, c.p, Options{}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(b.String(), "<desc>"+c.p.FEN()+"</desc>") {
			t.Errorf("%s: no FEN in <desc>", c.name)
		}
		if s := b.String(); !strings.Contains(s, c.want) || strings.Contains(s, c.not) {
			t.Errorf("%s: want %s and no %s", c.name, c.want, c.not)
		}
		if s := String(c.p, Options{}); s != b.String() {
			t.Errorf("%s: String differs from Render", c.name)
		}
		img, err := Image(c.p, Options{Size: MinPixels})
		if err != nil || img.Bounds().Dx() != MinPixels {
			t.Errorf("%s: Image: %v", c.name, err)
		}
		var png bytes.Buffer
		if err := RenderPNG(&png, c.p, Options{Size: MinPixels}); err != nil || !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
			t.Errorf("%s: RenderPNG: %v", c.name, err)
		}
	}
}

// movesOfBoth returns a move of each game with the position it is played
// from: 1. e4 from Paco Ŝako's start, Nxb7 (a capture) from Atomic chess's
// atomicNxb7FEN.
func movesOfBoth(t testing.TB) (pacosako.Position, pacosako.Move, atomic.Position, atomic.Move) {
	t.Helper()
	p, ap := pacosako.StartingPosition(), atomic.MustParseFEN(atomicNxb7FEN)
	return p, mustMove(t, p, "e4"), ap, mustAtomicMove(t, ap, "Nxb7")
}

// TestNeitherGame: a position, move or record of neither game and a move of the
// other game than the position's are *GameErrors wrapping ErrInvalidOptions
// that say what was given, from every function (a sheet naming its diagram),
// before anything is written.
func TestNeitherGame(t *testing.T) {
	paco, pm, nxb7, am := movesOfBoth(t)
	for _, c := range []struct {
		name string
		p    Position
		m    Move
		want string
	}{
		{"nil position", nil, pm, "the position is <nil>, not a pacosako.Position or an atomic.Position"},
		{"a pointer", &paco, pm, "the position is *pacosako.Position, not a pacosako.Position or"},
		{"a position of neither game", fakePosition{paco}, pm, "the position is svg.fakePosition, not a pacosako.Position or"},
		{"an Atomic move on Paco Ŝako", paco, am, "the move is atomic.Move, not a move of the Paco Ŝako position drawn (pacosako.Move)"},
		{"a Paco Ŝako move on Atomic", nxb7, pm, "the move is pacosako.Move, not a move of the Atomic chess position drawn (atomic.Move)"},
		{"a move of neither game", paco, fakeMove{pm}, "the move is svg.fakeMove, not a move of the Paco Ŝako position"},
		{"a nil move", nxb7, nil, "the move is <nil>, not a move of the Atomic chess position"}, // as Options.Move: none
	} {
		var b bytes.Buffer
		check := func(call string, err error) {
			t.Helper()
			var ge *GameError
			if !errors.Is(err, ErrInvalidOptions) || !errors.As(err, &ge) || !strings.Contains(err.Error(), c.want) || b.Len() != 0 {
				t.Errorf("%s: %s = %v (%d bytes written), want a *GameError wrapping ErrInvalidOptions: …%s", c.name, call, err, b.Len(), c.want)
			}
		}
		_, err := MovePath(c.p, c.m)
		check("MovePath", err)
		check("Animate", Animate(&b, c.p, c.m, Options{}, Animation{}))
		check("AnimateGIF", AnimateGIF(&b, c.p, c.m, Options{Size: MinPixels}, Animation{}))
		if c.m == nil {
			continue
		}
		check("Render with Options.Move", Render(&b, c.p, Options{Move: c.m}))
		_, err = Image(c.p, Options{Move: c.m})
		check("Image with Options.Move", err)
		check("Sheet", Sheet(&b, []SheetItem{{Position: c.p, Options: Options{Move: c.m}}}, SheetOptions{}))
	}
	if path, err := MovePath(paco, pm); path.Blast != 0 || path.Vanishing != 0 || len(path.Chain.Squares) != 2 || err != nil {
		t.Errorf("MovePath of a Paco Ŝako move = %v, %v; want its chain, no blast", path, err)
	}
	var b bytes.Buffer
	for _, rec := range []interface {
		Tag(string) string
		String() string
	}{nil, fakeRecord{}, &pacosako.Record{}} {
		err := GameGIF(&b, rec, Options{}, GameAnimation{})
		var ge *GameError
		if !errors.As(err, &ge) || ge.Kind != "record" || ge.Got != fmt.Sprintf("%T", rec) || !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "not a pacosako.Record or an atomic.Record") || b.Len() != 0 {
			t.Errorf("GameGIF of %T: %v", rec, err)
		}
	}
}

// TestOptionsMove: Options.Move draws the move about to be played as the
// fields it stands for: a Paco Ŝako move as its chain after Options.Chains; an
// Atomic capture as its path, its blast and the pieces it removes faded. The
// animations take their move as an argument and refuse one in Options.
func TestOptionsMove(t *testing.T) {
	p := pacosako.MustParseFEN(rules1FEN)
	m := mustMove(t, p, chainSAN)
	extra := Chain{Squares: []pacosako.Square{pacosako.A1, pacosako.A2}, Color: "red"}
	if got, want := String(p, Options{Chains: []Chain{extra}, Move: m}), String(p, Options{Chains: []Chain{extra, chainOf(t, p, m)}}); got != want {
		t.Error("Options.Move of a Paco Ŝako move is not its chain after Chains")
	}
	nxb7 := atomic.MustParseFEN(atomicNxb7FEN)
	am := mustAtomicMove(t, nxb7, "Nxb7")
	fields := Options{Chains: []Chain{chainOf(t, nxb7, am)}, Blast: blastOf(t, nxb7, am), Vanishing: am.Explosion()}
	if got, want := String(nxb7, Options{Move: am}), String(nxb7, fields); got != want {
		t.Error("Options.Move of an Atomic capture is not its chain, blast and vanishing pieces")
	}
	var b bytes.Buffer
	for name, err := range map[string]error{
		"Animate":    Animate(&b, p, m, Options{Move: m}, Animation{}),
		"AnimateGIF": AnimateGIF(&b, nxb7, am, Options{Move: am}, Animation{}),
		"GameGIF":    GameGIF(&b, pacosako.Record{Game: pacosako.NewGame(p)}, Options{Move: m}, GameAnimation{}),
	} {
		if !errors.Is(err, ErrInvalidOptions) || !strings.Contains(err.Error(), "Options.Move draws a move on a still") || b.Len() != 0 {
			t.Errorf("%s with Options.Move: %v, want ErrInvalidOptions", name, err)
		}
	}
}
