package pacosako

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/textsafe"
)

// hostilePieces are what TestErrorsQuoteInput builds inputs from: control
// characters of every kind, the separators JavaScript reads as line ends, bytes
// that are not UTF-8, and pieces of the notations, so that the inputs reach deep
// into the parsers before they fail.
var hostilePieces = []string{
	"\x00", "\x07", "\t", "\n", "\r", "\x1b", "\x1b[31m", "\x1e", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029",
	"\x92", "\xff", "\xc3", "\uFFFE", "\u00a0",
	"e4", "e2", "Lift(", "Place(", "Promote(", ")", "Queen", "Nf3", "Bxe4,", "x", "=", ",", "-", "+", "#",
	"1.", " ", "8", "/", "w", "b", "0", "K", "a", "r", "[", "]", `"`, `\`, "{", "}", "(", "*", "$1",
	"[Event \"", "[FEN \"", `{"Lift":`, "12}", `"key":`, "fen:", ":",
}

func hostileText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range rng.IntN(n) + 1 {
		b.WriteString(hostilePieces[rng.IntN(len(hostilePieces))])
	}
	if rng.IntN(8) == 0 { // long: the messages shorten it
		b.WriteString(strings.Repeat("\x1bé", 120))
	}
	return b.String()
}

// TestErrorsQuoteInput feeds every parser random text made of control characters,
// U+2028/U+2029, invalid bytes and pieces of the notations: every error message is
// valid UTF-8 without a control character (textsafe.Clean), so no input reaches a
// message raw, however the parser fails.
func TestErrorsQuoteInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 4))
	start := StartingPosition()
	mid := MustParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -")
	n := 3000
	if testing.Short() {
		n = 500
	}
	for range n {
		s := hostileText(rng, 10)
		check := func(what string, err error) {
			t.Helper()
			if err != nil && !textsafe.Clean(err.Error()) {
				t.Fatalf("%s of %q: the message holds raw input: %q", what, s, err.Error())
			}
		}
		_, err := ParseFEN(s)
		check("ParseFEN", err)
		_, err = ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah " + s)
		check("ParseFEN (fields)", err)
		_, err = ParseFEN(strings.Replace(StartFEN, "8/8", s, 1))
		check("ParseFEN (board)", err)
		_, err = ParseBoard(s)
		check("ParseBoard", err)
		_, err = ParseDiagram("fen:" + s + ":")
		check("ParseDiagram", err)
		_, err = ParseAction(s)
		check("ParseAction", err)
		_, err = ParseActions("Lift(e2) " + s)
		check("ParseActions", err)
		_, err = ParseSquare(s)
		check("ParseSquare", err)
		_, err = ParseColor(s)
		check("ParseColor", err)
		_, err = ParseRole(s)
		check("ParseRole", err)
		_, err = ParseRules(s)
		check("ParseRules", err)
		for _, p := range []Position{start, mid} {
			_, err = p.ParseSAN(s)
			check("ParseSAN", err)
			_, err = p.ParseCoordinate(s)
			check("ParseCoordinate", err)
		}
		_, err = NewGame(start).PlaySAN(s)
		check("PlaySAN", err)
		_, err = ParseReplayNotation(start, strings.Fields(s))
		check("ParseReplayNotation", err)
		_, err = ParseActionLog([]byte(s))
		check("ParseActionLog", err)
		_, err = ParseActionLog([]byte(`[{"Lift":12},` + s + `]`))
		check("ParseActionLog (entry)", err)
		_, err = ParsePacoplayMatch([]byte(s))
		check("ParsePacoplayMatch", err)
		_, err = ParsePacoplayMatch([]byte(`{"key":"k","actions":[],"victory_state":"` + s + `"}`))
		check("ParsePacoplayMatch (field)", err)
		_, err = ParseRecord(s)
		check("ParseRecord", err)
		_, err = ParseRecord("[Event \"" + s + "\"]\n\n1. e4 {" + s + "} " + s + " *\n")
		check("ParseRecord (movetext)", err)
		_, err = ParseRecord("[FEN \"" + s + "\"]\n\n*\n")
		check("ParseRecord (FEN tag)", err)
	}
}
