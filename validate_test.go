package pacosako

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

var presetRules = []struct {
	name  string
	rules Rules
}{{"Pacoplay", Pacoplay}, {"Rulebook", Rulebook}, {"Vchess", Vchess}, {"VchessPacoplay", VchessPacoplay}}

// kindsOf returns the reasons of Validate's error (0 for nil), failing on an error
// of another type.
func kindsOf(t testing.TB, p Position) PositionErrorKind {
	t.Helper()
	err := p.Validate()
	if err == nil {
		return 0
	}
	var pe *PositionError
	if !errors.As(err, &pe) || !errors.Is(err, ErrInvalidPosition) {
		t.Fatalf("%s: Validate error %v (%T) is not a *PositionError wrapping ErrInvalidPosition", p.FEN(), err, err)
	}
	if pe.Kinds == 0 {
		t.Fatalf("%s: PositionError without kinds", p.FEN())
	}
	return pe.Kinds
}

func TestValidateTable(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		actions string            // catalogue shorthand played first, by the FEN's rules
		rules   *Rules            // the rules then validated by; nil: the FEN's
		edit    func(p *Position) // a change play cannot make, applied last
		want    PositionErrorKind
		reason  string // a reason Reasons must contain, if not empty
	}{
		// Positions that are valid.
		{name: "start", fen: StartFEN},
		{name: "rules page diagram", fen: "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -"},
		{name: "chain in the middle: released knight over its union", fen: "4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w 1 - - -"},
		{name: "lifted pawn over its square", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"},
		{name: "en passant after 1.d4", fen: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -"},
		{name: "en passant after a pawn-moved union (E7)", fen: "4k3/8/8/8/C7/8/8/4K3 b 1 - a3 -"},
		{name: "en passant while the mover holds the union", fen: "4k3/8/8/8/8/8/8/4K3^a4C b 2 - a3 -"},
		{name: "pawn in a union on its home rank (M3)", fen: "4k3/8/8/8/8/8/8/C3K3 w 0 - - -"},
		{name: "owed promotion of a carried pawn (P2)", fen: "4k3/7C/8/8/8/8/8/4K3 b 0 - - -", actions: "Lh7 h8"},
		{name: "promotion in a chain (as P3)", fen: "4k3/8/8/8/8/8/4p3/3W3K b 0 - - -", actions: "Le2 d1"},
		{name: "own promotion at the end of the move (P1)", fen: "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -", actions: "Lc7 c8"},
		{name: "Paco with a promotion pending (P4)", fen: "4k3/3P4/8/8/8/8/8/4K3 w 0 - - -", actions: "Ld7 e8"},
		{name: "Paco: the loser's king in a union", fen: StartFEN, actions: "Le2 e4 Ld7 d5 Lf1 b5 Ld5 e4 Lb5 e8"},
		{name: "K7: right kept after the chain released the rook", fen: "4k3/8/8/8/8/5B2/8/4K2I w 0 H - -", actions: "Lf3 h1 h4"},
		{name: "K7: then castling without the rook", fen: "4k3/8/8/8/8/5B2/8/4K2I w 0 H - -", actions: "Lf3 h1 h4 Le8 d8 Le1 g1"},
		{name: "lifted king keeps its rights", fen: "4k3/8/8/8/8/8/8/R3K2R w 0 AH - -", actions: "Le1"},
		{name: "no-progress counter 99", fen: "4k3/8/8/8/8/8/8/4K3 w 99 - - -"},
		{name: "no-progress counter 100 during a move", fen: "4k3/8/8/8/8/8/8/8^e1K w 100 - - -"},
		{name: "no-progress counter 100 without a limit", fen: "4k3/8/8/8/8/8/8/4K3 w 100 - - -", rules: &Rulebook},
		{name: "rulebook rights with their rooks", fen: "r3k2r/8/8/8/8/8/8/R3K2R w 0 AHah - -", rules: &Rulebook},
		{name: "vchess: en passant after a released pawn's home-row double step", fen: "4k3/8/8/8/8/1N6/8/C3K3 w 0 iiii1111111111111111 - -", actions: "Lb3 a1 a3"},
		{name: "vchess: en passant after a union's home-row double step", fen: "4k3/8/8/8/8/8/8/C3K3 w 0 iiii1111111111111111 - -", actions: "La1 a3"},
		{name: "en passant with a union on the origin: Nxe2,Pe2-e4 (issue 12)", fen: "4k3/8/8/8/8/2N5/4C3/K7 w 0 - - -", actions: "Lc3 e2 e4"},
		{name: "en passant while the mover holds the union from the origin", fen: "4k3/8/8/8/8/2N5/4C3/K7 w 0 - - -", actions: "Lc3 e2 e4 Le2"},
		{name: "en passant while a piece released on the origin hovers", fen: "4k3/8/8/1b6/8/2N5/4C3/K7 w 0 - - -", actions: "Lc3 e2 e4 Lb5 e2"},
		{name: "vchess: king released in a chain", fen: "4k3/8/8/8/8/8/8/4I3^e1K w 1 - - -", rules: &Vchess},
		{name: "vchess FEN: both kings in unions, a draw", fen: "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR b 25 iiii1111011111110111 - -"},
		{name: "vchess pacoplay FEN: Paco", fen: "4X3/8/8/8/8/8/8/4K3 b 3 iiii -"},
		{name: "start, eight pawns and a full set", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 0 - - -"},
		{name: "seven pawns and a second queen", fen: "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w 0 - - -"},

		// One reason each.
		{name: "no black king", fen: "8/8/8/8/8/8/8/4K3 w 0 - - -", want: MissingKing, reason: "no Black king"},
		{name: "no kings", fen: "8/8/8/8/8/8/8/8 w 0 - - -", want: MissingKing, reason: "no White king"},
		{name: "two white kings", fen: "4k3/8/8/8/8/8/8/3KK3 w 0 - - -", want: TooManyKings, reason: "White has 2 kings"},
		{name: "king in the hand counts", fen: "4k3/8/8/8/8/8/8/3K4^e1K w 1 - - -", want: TooManyKings},
		{name: "king in a union, game running", fen: "4X3/8/8/8/8/8/8/4K3 w 0 - - -", want: KingInUnion, reason: "Black king in a union on e8"},
		{name: "king in a union under vchess rules but running", fen: "4X3/8/8/8/8/8/8/4K3 w 0 - - -", rules: &Vchess, want: KingInUnion},
		{name: "vchess pacoplay FEN: both kings in unions", fen: "r2qX2r/pbpf1pp1/np5p/2b1p3/4P1u1/2N5/PPPP1PPP/R1B3NR b 25 iiii -", want: KingInUnion},
		{name: "lifted union holding the own king", fen: "4k3/8/8/8/8/8/8/8^e1m w 1 - - -", want: KingInUnion},
		{name: "lifted union holding the enemy king", fen: "8/8/8/8/8/8/8/4K3^e8X w 1 - - -", want: KingInUnion, reason: "Black king in the lifted union over e8"},
		{name: "king released from a union", fen: "4k3/8/8/8/8/8/8/4I3^e1K w 1 - - -", want: KingInUnion, reason: "White king released from the union on e1"},
		{name: "nine pawns", fen: "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w 0 - - -", want: TooManyPieces, reason: "White has more pieces than promotions allow (9 pawns and 0 promoted)"},
		{name: "eight pawns and a second queen", fen: "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w 0 - - -", want: TooManyPieces},
		{name: "four black bishops, three knights and six pawns", fen: "bbbbk3/nnnppppp/p7/8/8/8/8/4K3 w 0 - - -", want: TooManyPieces, reason: "Black has more pieces than promotions allow (6 pawns and 3 promoted)"},
		{name: "hand counts", fen: "4k3/8/8/8/8/8/PPPPPPPP/Q3K3^c3Q w 1 - - -", want: TooManyPieces},
		{name: "pawn of the side not to move on its promotion rank", fen: "P3k3/8/8/8/8/8/8/4K3 b 0 - - -", want: PawnOnPromotionRank, reason: "White pawn on a8 (promotion rank)"},
		{name: "black pawn on rank 1, white to move", fen: "4k3/8/8/8/8/8/8/p3K3 w 0 - - -", want: PawnOnPromotionRank},
		{name: "lone pawn of the side to move on its promotion rank", fen: "P3k3/8/8/8/8/8/8/4K3 w 0 - - -", want: PawnOnPromotionRank},
		{name: "two carried pawns on the promotion rank", fen: "C3k2C/8/8/8/8/8/8/4K3 w 1 - - -", want: PawnOnPromotionRank},
		{name: "owed promotion under MoverPromotesCarried", fen: "4k2C/8/8/8/8/8/8/4K3 w 1 - - -", rules: &Vchess, want: PawnOnPromotionRank},
		{name: "owed promotion during a move elsewhere", fen: "4k2C/8/8/8/8/8/8/8^e1K w 1 - - -", want: PawnOnPromotionRank},
		{name: "lifted pawn over its promotion rank", fen: "4k3/8/8/8/8/8/8/4K3^c8P w 1 - - -", want: PawnOnPromotionRank, reason: "White pawn in the hand on c8 (promotion rank)"},
		{name: "lone pawn on its home rank", fen: "4k3/8/8/8/8/8/8/2P1K3 w 0 - - -", want: LonePawnOnHomeRank, reason: "lone White pawn on c1 (home rank)"},
		{name: "lone black pawn on rank 8", fen: "3pk3/8/8/8/8/8/8/4K3 w 0 - - -", want: LonePawnOnHomeRank},
		{name: "pawn lifted from its home rank", fen: "4k3/8/8/8/8/8/8/4K3^c1P w 1 - - -", want: LonePawnOnHomeRank},
		{name: "right without its king", fen: "4k3/8/8/8/8/8/4K3/R6R w 0 AH - -", want: CastlingWithoutKing, reason: "White castling right A without the king on e1"},
		{name: "right with the king off its home rank", fen: "rn2k1nr/pppppppp/4E2q/8/2E5/8/PP1PKPPP/RNBQ1BNR b 0 AHah - -", want: CastlingWithoutKing},
		{name: "right whose rook file is the king's", fen: "4k3/8/8/8/8/8/8/4K3 w 0 E - -", want: CastlingWithoutRook, reason: "White castling right E without a rook on e1"},
		{name: "rulebook: right without its rook", fen: "4k3/8/8/8/8/8/8/4K3 w 0 H - -", rules: &Rulebook, want: CastlingWithoutRook, reason: "White castling right H without a rook on h1"},
		{name: "rulebook: K7 after the chain", fen: "4k3/8/8/8/8/5B2/8/4K2I w 0 H - -", actions: "Lf3 h1 h4", rules: &Rulebook, want: CastlingWithoutRook},
		{name: "rulebook: a knight on the rook's square", fen: "r3k2n/8/8/8/8/8/8/R3K3 w 0 Ah - -", rules: &Rulebook, want: CastlingWithoutRook},
		{name: "pacoplay: right without its rook", fen: "4k3/8/8/8/8/8/8/4K3 w 0 H - -"},
		{name: "vchess: right without its rook", fen: "4k3/8/8/8/8/8/8/4K3 w 0 H - -", rules: &Vchess},
		{name: "en passant on the wrong rank", fen: "4k3/8/8/8/8/8/8/4K3 w 0 - e4 -", want: InvalidEnPassant, reason: "en passant square e4 on the wrong rank for White to move"},
		{name: "en passant for the wrong side", fen: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w 1 AHah d3 -", want: InvalidEnPassant},
		{name: "en passant without the pawn", fen: "4k3/8/8/8/8/8/8/4K3 b 0 - d3 -", want: InvalidEnPassant, reason: "en passant square d3 without a White pawn on d4"},
		{name: "en passant square occupied", fen: "rnbqkbnr/pppppppp/8/8/3P4/3N4/PPP1PPPP/R1BQKBNR b 1 AHah d3 -", want: InvalidEnPassant, reason: "en passant square d3 not empty"},
		{name: "en passant with a black pawn beyond", fen: "4k3/8/8/8/3p4/8/8/4K3 b 0 - d3 -", want: InvalidEnPassant},
		{name: "pacoplay: en passant on rank 2", fen: "4k3/8/8/8/8/P7/8/4K3 b 1 - a2 -", want: InvalidEnPassant},
		{name: "en passant square under the hand", fen: "4k3/8/8/8/3P4/8/8/4K3^d3n b 1 - d3 -", want: InvalidEnPassant,
			reason: "en passant square d3 not empty: the piece in the hand was lifted from it"},
		{name: "en passant with the mover's piece lifted from beyond", fen: "4k3/8/8/8/8/8/8/4K3^d4n b 2 - d3 -", want: InvalidEnPassant,
			reason: "en passant square d3 without a White pawn on d4"},
		{name: "en passant with a lone piece on the origin", fen: "4k3/8/8/8/4P3/8/4N3/K7 b 1 - e3 -", want: InvalidEnPassant,
			reason: "en passant square e3 with a lone piece on e2 where the double step started"},
		{name: "en passant with a lone black piece on the origin", fen: "4k3/4n3/8/4p3/8/8/8/4K3 w 1 - e6 -", want: InvalidEnPassant,
			reason: "en passant square e6 with a lone piece on e7 where the double step started"},
		{name: "en passant with a piece lifted from the origin", fen: "4k3/8/8/8/4P3/8/8/K7^e2n b 2 - e3 -", want: InvalidEnPassant,
			reason: "en passant square e3 with a piece lifted from e2 where the double step started"},
		{name: "en passant after a union's double step with a union on the origin", fen: "4k3/8/8/8/C7/8/i7/4K3 b 1 - a3 -", want: InvalidEnPassant,
			reason: "en passant square a3 with a union on a2: the union that double-stepped to a4 left it empty"},
		{name: "en passant after a union's double step with a union lifted from the origin", fen: "4k3/8/8/8/C7/8/8/4K3^a2i b 2 - a3 -", want: InvalidEnPassant,
			reason: "en passant square a3 with a union lifted from a2: the union that double-stepped to a4 left it empty"},
		{name: "vchess: en passant after a lone pawn's double step from an empty home row square", fen: "4k3/8/8/8/8/P7/8/4K3 b 1 - a2 -", rules: &Vchess, want: InvalidEnPassant,
			reason: "en passant square a2 with a1 empty: a lone White pawn leaves its home rank only released from a union"},
		{name: "en passant with a promotion owed at the start of the turn", fen: "4k3/8/8/8/4P3/8/8/c3K3 b 1 - e3 -", want: InvalidEnPassant,
			reason: "en passant square e3 though the last move ended on a promotion rank"},
		{name: "en passant with the mover's promotion ending the move", fen: "4k3/2P5/8/4p3/8/8/8/4K3 w 0 - - -", actions: "Lc7 c8",
			edit: func(p *Position) { p.ep1 = uint8(E6) + 1 }, want: InvalidEnPassant,
			reason: "en passant square e6 though the last move ended on a promotion rank"},
		{name: "hand over a lone piece", fen: "4k3/8/8/8/8/8/3p4/4K3^d2N w 1 - - -", want: InconsistentHand, reason: "hand over the lone piece on d2"},
		{name: "lifted union over an occupied square", fen: "4k3/8/8/8/8/8/3p4/4K3^d2I w 1 - - -", want: InconsistentHand, reason: "lifted union over the occupied square d2"},
		{name: "no-progress counter at the limit", fen: "4k3/8/8/8/8/8/8/4K3 w 100 - - -", want: NoProgressOverLimit, reason: "no-progress counter 100 at the limit of 100 in a running game"},
		{name: "no-progress counter over the limit", fen: "4k3/8/8/8/8/8/8/4K3 w 500 - - -", want: NoProgressOverLimit, reason: "no-progress counter 500 over the limit of 100 in a running game"},
		{name: "no-progress counter over a lower limit", fen: "4k3/8/8/8/8/8/8/4K3 w 50 - - -", rules: ptr(Pacoplay.WithNoProgressLimit(50)), want: NoProgressOverLimit},

		// Several reasons, all reported.
		{name: "everything at once", fen: "P2p4/8/8/8/8/8/8/8 b 100 - e4 -",
			want: MissingKing | PawnOnPromotionRank | LonePawnOnHomeRank | InvalidEnPassant | NoProgressOverLimit},
		{name: "engine test position syn6", fen: "rn2k1nr/pppppppp/4E2q/8/2E5/8/PP1PKPPP/RNBQ1BNR b 0 AHah - -", want: CastlingWithoutKing},
		{name: "P3: three white queens and seven pawns", fen: "6yn/6k1/e2P1dp1/4DE2/P1aP4/d1c1wK2/4pQ2/1r1W1C2 b 1 - - -", want: TooManyPieces},
		// The one state play produces that is reported (see Validate): under rules
		// that keep a right whose rook has gone, a king stepping onto a Fischer-random
		// castling target (the rook's square) castles, and lands in the union on its
		// castling square, the engine's quirk (catalogue §7.3, Position.Actions).
		{name: "engine quirk: a king step castles into a union", fen: "4k3/8/8/8/8/8/8/1Ks5 w 0 A - -", actions: "Lb1 a1", want: KingInUnion},
		{name: "engine perft position with a right on the king's file", fen: "1k3b2/p3ppp1/e1d2r2/1S1rP2p/P2P4/4A3/1PP1I1PP/2s2YRK w 0 AHah - -", want: CastlingWithoutRook},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, tt.fen)
			if tt.actions != "" {
				p = play(t, p, tt.actions)
			}
			if tt.rules != nil {
				p = p.WithRules(*tt.rules)
			}
			if tt.edit != nil {
				tt.edit(&p)
			}
			got := kindsOf(t, p)
			if got != tt.want {
				t.Fatalf("%s (%v): Validate kinds %v, want %v (error: %v)", p.FEN(), p.Rules(), got, tt.want, p.Validate())
			}
			if tt.reason != "" {
				var pe *PositionError
				errors.As(p.Validate(), &pe)
				found := false
				for _, r := range pe.Reasons() {
					found = found || r == tt.reason
				}
				if !found {
					t.Errorf("reasons %q do not contain %q", pe.Reasons(), tt.reason)
				}
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestValidateError: the error wraps ErrInvalidPosition, lists every reason in the
// kinds' order, and Ignore drops reasons.
func TestValidateError(t *testing.T) {
	p := mustFEN(t, "P7/8/8/8/8/8/8/4K3 b 100 - e4 -")
	err := p.Validate()
	if !errors.Is(err, ErrInvalidPosition) {
		t.Fatalf("Validate = %v, want an error wrapping ErrInvalidPosition", err)
	}
	var pe *PositionError
	if !errors.As(err, &pe) {
		t.Fatalf("Validate = %T, want *PositionError", err)
	}
	want := MissingKing | PawnOnPromotionRank | InvalidEnPassant | NoProgressOverLimit
	if pe.Kinds != want || !pe.Kinds.Has(MissingKing|InvalidEnPassant) || pe.Kinds.Has(MissingKing|TooManyKings) || pe.Kinds.Has(0) {
		t.Errorf("Kinds = %v, want %v", pe.Kinds, want)
	}
	if !pe.Position.Equal(p) {
		t.Errorf("Position = %s, want %s", pe.Position.FEN(), p.FEN())
	}
	wantMsg := "pacosako: invalid position: no Black king, White pawn on a8 (promotion rank), " +
		"en passant square e4 on the wrong rank for Black to move, no-progress counter 100 at the limit of 100 in a running game"
	if err.Error() != wantMsg {
		t.Errorf("Error() = %q\nwant      %q", err.Error(), wantMsg)
	}
	for _, r := range pe.Reasons() {
		if strings.Contains(r, ",") {
			t.Errorf("reason %q contains a comma", r)
		}
	}
	if got := pe.Kinds.String(); got != "MissingKing+PawnOnPromotionRank+InvalidEnPassant+NoProgressOverLimit" {
		t.Errorf("Kinds.String() = %q", got)
	}
	if got := PositionErrorKind(0).String(); got != "none" {
		t.Errorf("PositionErrorKind(0).String() = %q", got)
	}
	if got := (KingInUnion | 1<<31).String(); got != "KingInUnion+PositionErrorKind(0x80000000)" {
		t.Errorf("unknown kind String() = %q", got)
	}

	// Ignore.
	if pe.Ignore(want) != nil || pe.Ignore(^PositionErrorKind(0)) != nil {
		t.Errorf("ignoring every reason leaves an error")
	}
	rest := pe.Ignore(MissingKing | NoProgressOverLimit)
	var re *PositionError
	if !errors.As(rest, &re) || re.Kinds != PawnOnPromotionRank|InvalidEnPassant || len(re.Reasons()) != 2 {
		t.Fatalf("Ignore = %v", rest)
	}
	if !errors.Is(rest, ErrInvalidPosition) || pe.Kinds != want {
		t.Errorf("Ignore changed the original or lost the sentinel")
	}
	// A PositionError made by hand still describes its kinds.
	if got := (&PositionError{Kinds: MissingKing | InconsistentHand}).Error(); got != "pacosako: invalid position: missing king, inconsistent hand" {
		t.Errorf("hand-made error: %q", got)
	}
	// Every kind has a name and a phrase.
	for i := 0; i < positionErrorKindCount; i++ {
		k := PositionErrorKind(1) << i
		if strings.Contains(k.String(), "(") || (&PositionError{Kinds: k}).Reasons()[0] == "" {
			t.Errorf("kind %d has no name or phrase", i)
		}
	}
}

// TestSetupValidPosition: the strict constructor validates and ignores what it is
// told to.
func TestSetupValidPosition(t *testing.T) {
	s := StartingPosition().Setup()
	p, err := s.ValidPosition(0)
	if err != nil || !p.Equal(StartingPosition()) {
		t.Fatalf("start: %v, %v", p.FEN(), err)
	}
	s = mustFEN(t, "8/8/8/2F5/8/8/8/8^d2P w 1 - - -").Setup()
	if _, err := s.ValidPosition(0); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("kingless: %v, want ErrInvalidPosition", err)
	}
	if p, err := s.ValidPosition(MissingKing); err != nil || p.FEN() != "8/8/8/2F5/8/8/8/8^d2P w 1 - - -" {
		t.Errorf("kingless, MissingKing ignored: %v, %v", p.FEN(), err)
	}
	if _, err := s.ValidPosition(TooManyKings); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("kingless, TooManyKings ignored: %v", err)
	}
	s.Turn = 7
	if _, err := s.ValidPosition(^PositionErrorKind(0)); !errors.Is(err, ErrInvalidSetup) {
		t.Errorf("bad turn: %v, want ErrInvalidSetup", err)
	}
}

// TestValidateStarts: the start positions of every preset, standard and Fischer
// random, are valid.
func TestValidateStarts(t *testing.T) {
	for _, pr := range presetRules {
		for n := 0; n < 960; n++ {
			p, err := FischerRandomPosition(n)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.WithRules(pr.rules).Validate(); err != nil {
				t.Fatalf("%s: Fischer random %d %s: %v", pr.name, n, p.FEN(), err)
			}
		}
	}
	for _, fen := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah -"} {
		if err := mustFEN(t, fen).Validate(); err != nil {
			t.Errorf("%s: %v", fen, err)
		}
	}
}

// TestValidateGameHistories: every state of the reference games, replayed action
// by action, is valid (a game that ends in Paco included).
func TestValidateGameHistories(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, rows [][]string) {
		states := 0
		for _, r := range rows {
			var opts []GameOption
			if r[1] == "new" {
				opts = append(opts, WithRepetitionLimit(0)) // as the engine's new games
			}
			g := NewGame(startOf(t, r[1]), opts...)
			if err := g.Position().Validate(); err != nil {
				// Some engine tests start from positions play cannot reach (a right
				// on the king's file, a king off its square); they are reported,
				// not played through.
				continue
			}
			actions, err := ParseActions(r[2])
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range actions {
				if g, err = g.Apply(a); err != nil {
					t.Fatalf("%s: action %d: %v", r[0], i, err)
				}
				states++
				if err := g.Position().Validate(); err != nil {
					t.Fatalf("%s after %d actions (%s): %v", r[0], i+1, g.Position().FEN(), err)
				}
			}
		}
		if states == 0 {
			t.Fatal("no states validated")
		}
	})
}

func startOf(t *testing.T, start string) Position {
	if start == "new" {
		return StartingPosition()
	}
	return mustFEN(t, start)
}

// TestValidateReferencePositions runs the report over the reference positions,
// which include deliberately odd ones (no kings, a right on the king's file): it
// must not fail, and the positions the engine reached by play must pass.
func TestValidateReferencePositions(t *testing.T) {
	bothRows(t, "positions.tsv", "positions.tsv", func(t *testing.T, rows [][]string) {
		invalid := 0
		for _, r := range rows {
			p := mustFEN(t, r[0])
			k := kindsOf(t, p)
			if k != 0 {
				invalid++
				if strings.HasPrefix(r[1], "playout") || r[1] == "opening-book" {
					t.Errorf("%s (%s): %v", r[0], r[1], p.Validate())
				}
			}
		}
		if invalid == 0 || invalid == len(rows) {
			t.Errorf("%d of %d reference positions invalid; the set has a few odd ones", invalid, len(rows))
		}
	})
}

// TestValidateVchessGames: positions of games played on vchess validate under
// vchess's rules (both modes), except where vchess has a defect.
func TestValidateVchessGames(t *testing.T) {
	dir := filepath.Join(sharedTestdata, "..", "vchess-data")
	if _, err := tsvStat(dir); err != nil {
		t.Skipf("vchess reference data not found at %s: %v", dir, err)
	}
	rows := tsvRows(t, filepath.Join(dir, "games.tsv"))
	for _, r := range rows {
		if r[len(r)-1] != "-" {
			continue // a vchess defect (quirk tag)
		}
		if err := mustFEN(t, r[5]).Validate(); err != nil {
			t.Errorf("%s ply %s: %s: %v", r[0], r[1], r[5], err)
		}
	}
}

// TestValidatePlayouts is the property: from a valid position, every state that
// play reaches through the action level (Actions, Apply) is valid, under every
// preset — settled positions, states in the middle of a move, dead ends and ended
// games alike.
func TestValidatePlayouts(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	starts := []Position{StartingPosition()}
	for _, n := range []int{0, 79, 433, 447, 959} {
		p, _ := FischerRandomPosition(n)
		starts = append(starts, p)
	}
	for _, fen := range []string{
		"4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -",                             // a chain
		"r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -", // castling through chains
		"4k3/7C/8/8/8/8/8/4K3 b 0 - - -",                                    // a carried pawn to promote
		"4k3/2P5/8/8/8/8/8/4K3 w 0 - - -",                                   // an own promotion
		"4k3/8/8/8/1p6/8/C7/4K3 w 0 - - -",                                  // en passant on a union
		"4k3/8/8/8/8/5B2/8/4K2I w 0 H - -",                                  // K7
		"4k3/8/8/8/8/8/4p3/3W3K b 0 - - -",                                  // promotion in a chain
	} {
		starts = append(starts, mustFEN(t, fen))
	}
	for _, fen := range doubleStepStarts { // double steps that leave a union behind
		starts = append(starts, mustFEN(t, fen))
	}
	// Every valid reference position (the engine's test positions, puzzles,
	// openings and random playouts).
	for _, r := range localRows(t, "positions.tsv") {
		if p := mustFEN(t, r[0]); p.Validate() == nil {
			starts = append(starts, p)
		}
	}
	playouts, length := 20, 200
	if testing.Short() {
		playouts, length = 2, 100
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var states, playedPlayouts int
	for _, pr := range presetRules {
		for _, start := range starts {
			p := start.WithRules(pr.rules)
			if p.Validate() != nil {
				continue // e.g. a right without its rook under Rulebook
			}
			for range playouts {
				playedPlayouts++
				q := p
				for step := 0; step < length; step++ {
					set := q.Actions()
					if set.IsEmpty() {
						break // the game ended, or a dead end
					}
					var acts []Action
					for a := range set.All() {
						acts = append(acts, a)
					}
					a := acts[rng.IntN(len(acts))]
					next, err := q.Apply(a)
					if err != nil {
						t.Fatalf("%s: Apply(%v): %v", q.FEN(), a, err)
					}
					states++
					if err := next.Validate(); err != nil {
						t.Fatalf("%s: %s, %v gives %s: %v", pr.name, q.FEN(), a, next.FEN(), err)
					}
					q = next
				}
			}
		}
	}
	t.Logf("validated %d states of %d playouts", states, playedPlayouts)
}

// doubleStepStarts are start positions where a double step leaves unusual things
// behind: a pawn released from a union on its pawn row by a takeover (a union
// stays on the origin: Nxe2,Pe2-e4, issue 12), for both colours, and a pawn in a
// union on its home rank (under HomeRowEnPassant its double steps, released or as
// a union, set the en passant square on rank 2).
var doubleStepStarts = []string{
	"4k3/8/8/1b6/8/2N5/4C3/K7 w 0 - - -",
	"k7/4c3/2n5/8/1B6/8/8/4K3 b 0 - - -",
	"4k3/8/8/8/8/1N6/8/C3K3 w 0 - - -",
	"c3k3/8/1n6/8/8/8/8/4K3 b 0 - - -",
	"r2bk2r/ppdpppdp/8/8/8/8/PPDPPPDP/R2BK2R w 0 AHah - -",
}

// leftBehind classifies what a double step of colour c that skipped ep left on
// the square beyond (arrival) and the square it started from (origin), counting
// a piece in the hand as standing on the empty square it hovers over: "lone",
// "union", "empty", or "lone pawn"/"union with pawn" for c's pawn at arrival.
func leftBehind(p Position, c Color, ep Square) (arrival, origin string) {
	kind := func(s Square) string {
		cell := p.Board().Cell(s)
		if h := p.Hand(); cell.IsEmpty() && !h.IsEmpty() && h.Square == s {
			cell = h.Cell()
		}
		pawn := cell.Role(c) == Pawn
		switch {
		case cell.IsEmpty():
			return "empty"
		case cell.IsUnion() && pawn:
			return "union with pawn"
		case cell.IsUnion():
			return "union"
		case pawn:
			return "lone pawn"
		}
		return "lone"
	}
	return kind(Square(int(ep) + c.forward())), kind(Square(int(ep) - c.forward()))
}

// TestValidateDoubleSteps is the property behind InvalidEnPassant, measured on the
// move generator rather than read from validate.go: over random games from every
// valid reference position and doubleStepStarts, under every preset, every move
// that sets an en passant square leaves it on the skipped rank, empty, with the
// mover's pawn beyond it (lone, or in the union that double-stepped), and on the
// origin nothing (the pawn or union was lifted from there) or a union (the pawn
// was released there by a takeover) but never a lone piece; a union's double
// step and a lone pawn's double step from the home row leave the origin empty and
// a union respectively. The position validates, and so does every state of the
// opponent's next move while the square stands (a bounded search over Apply),
// where the mover may lift the union from the origin or beyond it, or release a
// piece over the origin's union. Each kind of leftover is seen at least once, so
// the starts keep covering them.
func TestValidateDoubleSteps(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	var starts []Position
	for _, r := range localRows(t, "positions.tsv") {
		if p := mustFEN(t, r[0]); p.Validate() == nil {
			starts = append(starts, p)
		}
	}
	for _, fen := range doubleStepStarts {
		starts = append(starts, mustFEN(t, fen))
	}
	plies, bfs := 20, 16 // CI's sizes (PACOSAKO_FULL=1): 40, 24
	switch {
	case fullSizes() && !raceEnabled:
		plies, bfs = 40, 24
	case raceEnabled: // about ten times slower
		plies, bfs = 6, 8
	case testing.Short():
		plies, bfs = 12, 8
	}
	rng := rand.New(rand.NewPCG(12, 6))
	seen := map[string]int{}
	moves, states := 0, 0
	for _, pr := range presetRules {
		for _, start := range starts {
			p := start.WithRules(pr.rules)
			if p.Validate() != nil {
				continue
			}
			for ply := 0; ply < plies && countMovesUpTo(p, 5000) < 5000; ply++ {
				ms := p.Moves()
				if len(ms) == 0 {
					break
				}
				us := p.Turn()
				for _, m := range ms {
					a := m.After()
					ep := a.EnPassant()
					if ep == NoSquare {
						continue
					}
					moves++
					where := fmt.Sprintf("%s: %s, %v", pr.name, p.FEN(), m)
					homeRow := ep.Rank() == us.homeRank()+1-2*int(us)
					if ep.Rank() != us.homeRank()+2-4*int(us) && !(homeRow && pr.rules.Has(HomeRowEnPassant)) {
						t.Fatalf("%s: en passant square %v on rank %d", where, ep, ep.Rank()+1)
					}
					if !a.Board().Cell(ep).IsEmpty() {
						t.Fatalf("%s: en passant square %v holds %c", where, ep, a.Board().Cell(ep).Letter())
					}
					arrival, origin := leftBehind(a, us, ep)
					kind := arrival + " beyond, " + origin + " on the origin"
					if homeRow {
						kind += ", from the home row"
					}
					switch kind {
					case "lone pawn beyond, empty on the origin", "lone pawn beyond, union on the origin",
						"lone pawn beyond, union with pawn on the origin", "union with pawn beyond, empty on the origin",
						"lone pawn beyond, union on the origin, from the home row",
						"union with pawn beyond, empty on the origin, from the home row":
					default:
						t.Fatalf("%s: the double step over %v leaves %s", where, ep, kind)
					}
					seen[kind]++
					if err := a.Validate(); err != nil {
						t.Fatalf("%s: %s: %v", where, a.FEN(), err)
					}
					states += validateNextMove(t, where, a, us, ep, bfs, seen)
				}
				p = ms[rng.IntN(len(ms))].After()
			}
		}
	}
	for _, kind := range []string{
		"lone pawn beyond, empty on the origin", "lone pawn beyond, union on the origin",
		"union with pawn beyond, empty on the origin",
		"lone pawn beyond, union on the origin, from the home row",
		"union with pawn beyond, empty on the origin, from the home row",
		"during the next move: a union lifted from the origin",
		"during the next move: a piece released over the origin",
		"during the next move: a union lifted from beyond",
		"during the next move: a piece released over beyond",
	} {
		if seen[kind] == 0 {
			t.Errorf("no double step seen with %s", kind)
		}
	}
	t.Logf("%d double steps, %d states of the next moves: %v", moves, states, seen)
}

// validateNextMove validates the states of the opponent's move after a double
// step of colour c over ep (a breadth-first search over Apply, at most limit
// states) as long as the square stands, and counts in seen what the hand does on
// the origin and beyond. It returns the number of states validated.
func validateNextMove(t *testing.T, where string, a Position, c Color, ep Square, limit int, seen map[string]int) int {
	t.Helper()
	arrival, origin := Square(int(ep)+c.forward()), Square(int(ep)-c.forward())
	queue, visited := []Position{a}, map[uint64]bool{}
	for len(queue) > 0 && len(visited) < limit {
		q := queue[0]
		queue = queue[1:]
		for act := range q.Actions().All() {
			n, err := q.Apply(act)
			if err != nil {
				t.Fatalf("%s: %s: Apply(%v): %v", where, q.FEN(), act, err)
			}
			if n.IsSettled() || n.Outcome().IsOver() || n.EnPassant() != ep || visited[n.Hash()] {
				continue // the move ended, or the square was used
			}
			visited[n.Hash()] = true
			queue = append(queue, n)
			if err := n.Validate(); err != nil {
				t.Fatalf("%s, then %s: %v", where, n.FEN(), err)
			}
			h := n.Hand()
			if h.IsEmpty() {
				continue
			}
			how := "a piece released over "
			if h.IsUnion() {
				how = "a union lifted from "
			}
			switch h.Square {
			case origin:
				seen["during the next move: "+how+"the origin"]++
			case arrival:
				seen["during the next move: "+how+"beyond"]++
			case ep:
				t.Fatalf("%s, then %s: the hand hovers over the en passant square", where, n.FEN())
			}
		}
	}
	return len(visited)
}
