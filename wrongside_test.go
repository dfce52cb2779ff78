package pacosako

import (
	"errors"
	"strings"
	"testing"
)

// TestWrongSideMessages: a move of the other side's piece (a stale client sending
// White's move after White has moved) says whose turn it is, in every notation:
// chain SAN, coordinate notation, actions, the replay notation, and ParseMove's
// choice among them.
func TestWrongSideMessages(t *testing.T) {
	g, err := NewGame(StartingPosition()).PlayMove("e4")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	chain := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 b 0 - - -") // the rules page's chain, with Black to move
	e := func(_ any, err error) error { return err }
	const g1 = "the piece on g1 is White's; Black is to move"
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"SAN", e(p.ParseSAN("Nf3")), g1},
		{"SAN with its origin", e(p.ParseSAN("Ng1f3")), g1},
		{"SAN of a pawn", e(p.ParseSAN("d4")), "the piece on d2 is White's; Black is to move"},
		{"SAN of a chain", e(chain.ParseSAN("Bxe4,Ne4xc3,Qc3xc6")), "the piece on f3 is White's; Black is to move"},
		{"coordinate", e(p.ParseCoordinate("g1f3")), g1},
		{"ParseMove, coordinates", e(p.ParseMove("g1f3")), g1},
		{"ParseMove, SAN", e(p.ParseMove("Nf3")), g1},
		{"ParseMove, actions", e(p.ParseMove("Lift(g1) Place(f3)")), g1},
		{"Apply", e(p.Apply(Lift(G1))), g1},
		{"Game.Apply", e(g.Apply(Lift(G1))), g1},
		{"Game.PlayMove", e(g.PlayMove("g1f3")), g1},
		{"replay notation", e(ParseReplayNotation(p, []string{"Ng1>f3"})), g1},
	} {
		var pm interface{ Message() string }
		if !errors.Is(c.err, ErrIllegalMove) && !errors.Is(c.err, ErrIllegalAction) || !errors.As(c.err, &pm) {
			t.Errorf("%s: %v, want an illegal move or action with a Message", c.name, c.err)
			continue
		}
		if !strings.Contains(pm.Message(), c.want) {
			t.Errorf("%s: Message() = %q, want it to say %q", c.name, pm.Message(), c.want)
		}
	}
	// The mover's own piece that cannot go there is told as before.
	if _, err := p.ParseSAN("Nd5"); err == nil || strings.Contains(err.Error(), "is to move") {
		t.Errorf("Nd5 for Black: %v, want the reason of Black's knights", err)
	}
}
