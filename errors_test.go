package pacosako

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
)

// errorCases produces one error of every kind the package returns, from real bad
// input: a name, the error, and the sentinel it must wrap.
func errorCases(t *testing.T) []struct {
	name string
	err  error
	want error
} {
	t.Helper()
	start := StartingPosition()
	rules := mustFEN(t, "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	lifted, _ := start.Apply(Lift(E2))
	paco := wonGame(t)
	knights := mustFEN(t, "4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -")
	var zeroGame Game
	e := func(_ any, err error) error { return err }
	return []struct {
		name string
		err  error
		want error
	}{
		{"FEN", e(ParseFEN("rnbqkbnr/pppppppp/8/8 w 0 - - -")), ErrInvalidFEN},
		{"FEN of binary input", e(ParseFEN("\x00\xff w 0 - - -")), ErrInvalidFEN},
		{"board", e(ParseBoard("9/8")), ErrInvalidFEN},
		{"square", e(ParseSquare("i9")), ErrInvalidSquare},
		{"color", e(ParseColor("red")), ErrInvalidColor},
		{"role", e(ParseRole("Archbishop")), ErrInvalidRole},
		{"rules", e(ParseRules("chess")), ErrInvalidRules},
		{"action text", e(ParseAction("Jump(e2)")), ErrInvalidAction},
		{"action list", e(ParseActions("Lift(e2) Place(e9)")), ErrInvalidAction},
		{"action log", e(ParseActionLog([]byte(`[{"Lift":12},{"Fly":3}]`))), ErrInvalidAction},
		{"action log not JSON", e(ParseActionLog([]byte(`[{"Lift":12`))), ErrInvalidAction},
		{"action log illegal", e(GameFromActionLog(start, []byte(`[{"Lift":12},{"Place":36}]`))), ErrIllegalAction},
		{"Apply", e(start.Apply(Place(E4))), ErrIllegalAction},
		{"Apply in hand", e(lifted.Apply(Place(E5))), ErrIllegalAction},
		{"ApplyAll", e(start.ApplyAll([]Action{Lift(E2), Place(E5)})), ErrIllegalAction},
		{"Game.Apply", e(NewGame(start).Apply(Lift(E4))), ErrIllegalAction},
		{"Game.Apply after the end", e(paco.Apply(Lift(E7))), ErrGameOver},
		{"Play zero Move", e(start.Play(Move{})), ErrIllegalMove},
		{"Play foreign move", e(start.Play(rules.Moves()[0])), ErrIllegalMove},
		{"Game.Play zero Move", e(NewGame(start).Play(Move{})), ErrIllegalMove},
		{"Game.Play after the end", e(paco.Play(start.Moves()[0])), ErrGameOver},
		{"Play after the end", e(paco.Position().Play(start.Moves()[0])), ErrGameOver},
		{"SAN syntax", e(start.ParseSAN("Nz9")), ErrInvalidNotation},
		{"SAN illegal", e(start.ParseSAN("e5")), ErrIllegalMove},
		{"SAN ambiguous", e(knights.ParseSAN("Nd2")), ErrAmbiguousMove},
		{"SAN after the end", e(paco.Position().ParseSAN("e4")), ErrGameOver},
		{"coordinate after the end", e(paco.Position().ParseCoordinate("e2e4")), ErrGameOver},
		{"replay notation after the end", e(ParseReplayNotation(paco.Position(), []string{"e2>e4"})), ErrGameOver},
		{"PlaySAN", e(NewGame(start).PlaySAN("Ke2")), ErrIllegalMove},
		{"SAN of a foreign move", e(start.SAN(rules.Moves()[0])), ErrIllegalMove},
		{"SANs of a foreign move", e(start.SANs(rules.Moves())), ErrIllegalMove},
		{"coordinate syntax", e(start.ParseCoordinate("E2E4")), ErrInvalidNotation},
		{"coordinate illegal", e(start.ParseCoordinate("e2e5")), ErrIllegalMove},
		{"replay notation syntax", e(ParseReplayNotation(start, []string{"e2>>e4"})), ErrInvalidNotation},
		{"replay notation illegal", e(ParseReplayNotation(start, []string{"e2>e5"})), ErrIllegalMove},
		{"ReplayNotation", e(ReplayNotation(start, []Action{Lift(E2), Place(E5)})), ErrIllegalAction},
		{"vchess notation", e(start.VchessNotation(rules.Moves()[0])), ErrIllegalMove},
		{"diagram", e(ParseDiagram("fen:8/8:")), ErrInvalidFEN},
		{"diagram text", e(ParseDiagram("diagram 8/8")), ErrInvalidNotation},
		{"record", e(ParseRecord("[Event \"x\"]\n\n1. e4 e5 2. Qd5 *\n")), ErrIllegalMove},
		{"record syntax", e(ParseRecord("[Event \"x\"\n\n1. e4 *\n")), ErrInvalidNotation},
		{"Setup", e(Setup{Turn: 3}.Position()), ErrInvalidSetup},
		{"ValidPosition", e(Setup{EnPassant: NoSquare}.ValidPosition(0)), ErrInvalidPosition},
		{"Validate", validationError(t, start.Board().With(E1, Cell{})), ErrInvalidPosition},
		{"Fischer random", e(FischerRandomPosition(960)), ErrInvalidSetup},
		{"UndoTo", e(NewGame(start).UndoTo(3)), ErrInvalidPly},
		{"Undo at the start", e(NewGame(start).Undo()), ErrInvalidPly},
		{"PositionAt", e(NewGame(start).PositionAt(-1)), ErrInvalidPly},
		{"Resign after the end", e(paco.Resign(Black)), ErrGameOver},
		{"Resign of no colour", e(NewGame(start).Resign(Color(7))), ErrInvalidColor},
		{"AgreeDraw after the end", e(paco.AgreeDraw()), ErrGameOver},
		{"Timeout of the zero Game", e(zeroGame.Timeout(White)), ErrGameOver},
		{"search limit", e(mustFEN(t, "1d4I1/e1E4w/2W3s1/hf1k3f/2p2C2/6t1/4N3/w4J1K w 3 - - -").MovesContext(context.Background(), Limits{MaxStates: 100})), ErrSearchLimit},
		{"threats of no colour", e(start.ThreatsContext(context.Background(), Color(2), Limits{})), ErrInvalidColor},
		{"JSON action", jsonUnmarshalAction(`{"Promote":"King"}`), ErrInvalidAction},
	}
}

// validationError returns the Validate error of the board with White to move.
func validationError(t *testing.T, b Board) error {
	p, err := Setup{Board: b, EnPassant: NoSquare}.Position()
	if err != nil {
		t.Fatal(err)
	}
	return p.Validate()
}

func jsonUnmarshalAction(s string) error {
	var a Action
	return a.UnmarshalJSON([]byte(s))
}

// TestErrorStyle: every error wraps its sentinel and its message starts with
// "pacosako: " exactly once, on one line of printable text, whatever it wraps.
func TestErrorStyle(t *testing.T) {
	for _, c := range errorCases(t) {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := c.err.Error()
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %q does not wrap %v", c.name, msg, c.want)
		}
		if !strings.HasPrefix(msg, "pacosako: ") || strings.Count(msg, "pacosako:") != 1 {
			t.Errorf("%s: %q: want one \"pacosako: \" prefix and no other", c.name, msg)
		}
		if strings.ContainsAny(msg, "\n\r\t\x00") || strings.HasSuffix(msg, ": ") || strings.HasSuffix(msg, ":") {
			t.Errorf("%s: %q: want one line that does not end in an empty tail", c.name, msg)
		}
	}
}

// TestErrorMessages: the messages say where, what was wrong and what was legal.
func TestErrorMessages(t *testing.T) {
	start := StartingPosition()
	lifted, _ := start.Apply(Lift(E2))
	for _, c := range []struct {
		name string
		err  error
		want []string
	}{
		{"illegal action names the position and the legal actions", second(lifted.Apply(Place(E5))),
			[]string{"illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)"}},
		{"the zero Move gets a sentence", second(start.Play(Move{})),
			[]string{"illegal move in " + StartFEN + ": the zero Move has no actions"}},
		{"a foreign move says which action failed", second(start.Play(mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w 0 - - -").Moves()[0])),
			[]string{"Lift(e1) is not legal first (legal: Lift(b1) Lift(g1) Lift(a2)"}},
		{"an unfinished action list", second(start.Play(rawMove([]Action{Lift(E2)}))),
			[]string{"the actions stop before the move is complete (next: Place(e3) Place(e4))"}},
		{"ambiguous SAN lists the candidates in SAN", second(mustFEN(t, "4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -").ParseSAN("Nd2")),
			[]string{`ambiguous move "Nd2" in 4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -: 2 candidates: Nbd2, Nfd2`}},
		{"resigning a won game names its result", second(wonGame(t).Resign(White)),
			[]string{"game over: White cannot resign: the game already ended (White wins by Paco)"}},
		{"playing after the end names the result", second(wonGame(t).PlaySAN("e6")),
			[]string{"game over: \"e6\" in rnbqXbnr/ppp1pppp/8/8/4a3/8/PPPP1PPP/RNBQK1NR b 0 AHah - -: the game has ended (White wins by Paco)"}},
		{"undo beyond the start", second(NewGame(start).UndoTo(2)),
			[]string{"no such half-move: half-move 2 is outside 0..0"}},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(c.err.Error(), w) {
				t.Errorf("%s:\n got %q\nwant it to contain %q", c.name, c.err, w)
			}
		}
	}
}

func second[T any](_ T, err error) error { return err }

// wonGame is the shortest Paco of the reference data: White wins in five
// half-moves.
func wonGame(t *testing.T) Game {
	t.Helper()
	g := NewGame(StartingPosition())
	for _, s := range []string{"e4", "d5", "Bb5", "dxe4", "Bxe8#"} {
		var err error
		if g, err = g.PlaySAN(s); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestPlayerMessages: every error a player's input causes (a move, an action, a
// notation, an ending recorded after the end) has a Message for the player: the
// report without the package prefix, the position's FEN or the names of Go
// identifiers (PacoVictory(White), SakoIllegal, Position.ParseCoordinate).
func TestPlayerMessages(t *testing.T) {
	player := map[string]bool{}
	for _, name := range []string{"action text", "action list", "Apply", "Apply in hand", "ApplyAll", "Game.Apply",
		"Game.Apply after the end", "Game.Play after the end", "Play after the end", "SAN syntax", "SAN illegal",
		"SAN ambiguous", "SAN after the end", "coordinate after the end", "replay notation after the end", "PlaySAN",
		"coordinate syntax", "coordinate illegal", "replay notation syntax", "replay notation illegal",
		"Resign after the end", "AgreeDraw after the end"} {
		player[name] = true
	}
	type tc = struct {
		name string
		err  error
	}
	var cases []tc
	for _, c := range errorCases(t) {
		if player[c.name] {
			cases = append(cases, tc{c.name, c.err})
			delete(player, c.name)
		}
	}
	if len(player) > 0 {
		t.Fatalf("errorCases lacks %v", player)
	}
	start := StartingPosition()
	sako := mustFEN(t, "4k3/8/8/8/8/8/3q4/R3K3 w 0 - - -").WithRules(Rulebook) // Ra2 leaves the king in Ŝako; Kxd2 is the way out
	e := func(_ any, err error) error { return err }
	cases = append(cases,
		tc{"ParseMove of no notation", e(start.ParseMove("Zz9"))},
		tc{"SAN with coordinates", e(start.ParseSAN("e2e4e5e6"))},
		tc{"SAN into Ŝako", e(sako.ParseSAN("Ra2"))},
		tc{"actions into Ŝako", e(NewGame(sako).ApplyAll(mustActions(t, "Lift(a1) Place(a2)")))},
		tc{"Timeout after the end", e(wonGame(t).Timeout(White))},
	)
	identifier := regexp.MustCompile(`\b[A-Z][a-z]+[A-Z]\w*|\b[A-Z]\w*\.[A-Z]\w*`)
	fen := regexp.MustCompile(`\w+/\w+/\w+/\w+/\w+/\w+/\w+/\w+`)
	for _, c := range cases {
		var pm interface{ Message() string }
		if !errors.As(c.err, &pm) {
			t.Errorf("%s: %v has no Message", c.name, c.err)
			continue
		}
		msg := pm.Message()
		if msg == "" || strings.Contains(msg, "pacosako:") || fen.MatchString(msg) || identifier.MatchString(msg) {
			t.Errorf("%s: Message() = %q: want the report without the package prefix, the FEN or a Go identifier (%q)", c.name, msg, identifier.FindString(msg))
		}
	}
}
