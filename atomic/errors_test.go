package atomic

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestErrors: each reader's errors wrap their sentinel, have their structured
// type and say where and why.
func TestErrors(t *testing.T) {
	start := StartingPosition()
	knights := MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	promo := MustParseFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	over := MustParseFEN("8/8/8/8/8/8/8/4K3 b - - 0 1")
	cases := []struct {
		name     string
		err      error
		sentinel error
		msg      string
	}{
		{"fields", second(ParseFEN("8/8/8/8/8/8/8/8 w")), ErrInvalidFEN,
			`atomic: invalid FEN "8/8/8/8/8/8/8/8 w": fields: a chess FEN has 6 fields (board, side to move, castling, en passant, half-move clock, full-move number; the last two may be left out), got 2`},
		{"letter", second(ParseFEN("8/8/8/8/8/8/8/7! w - - 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "8/8/8/8/8/8/8/7! w - - 0 1": board: rank 1: '!' is not a piece letter (PNBRQK for White, pnbrqk for Black)`},
		{"union", second(ParseFEN("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w - - 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w - - 0 1": board: 'O' on e4 is a Paco Ŝako union (a white and a black piece on one square), not an Atomic chess piece: read a Paco Ŝako FEN with pacosako.ParseFEN`},
		{"engine dialect", second(ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -")), ErrInvalidFEN,
			`atomic: invalid FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -": fields: a Paco Ŝako FEN (the official engine's dialect: a no-progress counter, rook-file castling), not a chess FEN: read it with pacosako.ParseFEN`},
		{"vchess dialect", second(ParseFEN("r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -")), ErrInvalidFEN,
			`atomic: invalid FEN "r2qk2r/pbpe1pp1/np5p/2b1p3/4P1t1/2N3K1/PPPP1PPP/R1B3NR w 24 iiah1111011111110111 - -": fields: a Paco Ŝako FEN (vchess.club's dialect: a ply count, pawn flags), not a chess FEN: read it with pacosako.ParseFEN`},
		{"engine hand", second(ParseFEN("4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w - - 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "4k3/8/2q5/8/4s3/2w5/8/5K2^e4N w - - 0 1": board: "^" starts the official engine's hand (a piece lifted in a move): a Paco Ŝako FEN, not a chess FEN: read it with pacosako.ParseFEN`},
		{"castling", second(ParseFEN("4k3/8/8/8/8/8/8/4K2R w KK - 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "4k3/8/8/8/8/8/8/4K2R w KK - 0 1": castling: 'K': a second castling right on White's king side, in "KK"`},
		{"castling, strict", second(ParseFENStrict("4k3/8/8/8/8/8/8/4K3 w K - 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "4k3/8/8/8/8/8/8/4K3 w K - 0 1": castling: 'K': no white rook on the king side of White's king on e1 (ParseFEN reads it as absent: so do python-chess and lichess)`},
		{"en passant, strict", second(ParseFENStrict("8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1")), ErrInvalidFEN,
			`atomic: invalid FEN "8/8/3k4/3pP3/8/8/8/4K3 w - d6 0 1": en passant: d6 is not empty: a double step skips an empty square (ParseFEN reads it as absent: so do python-chess and lichess)`},
		{"clock", second(ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - x 1")), ErrInvalidFEN,
			`atomic: invalid FEN "4k3/8/8/8/8/8/8/4K3 w - - x 1": half-move clock: want a number 0..65535, got "x"`},
		{"san syntax", second(start.ParseSAN("Nf")), ErrInvalidNotation,
			`atomic: invalid SAN notation "Nf" at offset 2: want a target square such as e4`},
		{"san illegal", second(start.ParseSAN("Nf4")), ErrIllegalMove,
			`atomic: illegal move "Nf4" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal knight move to f4 (a knight can go to a3, c3, f3, h3)`},
		{"san ambiguous", second(knights.ParseSAN("Nd2")), ErrAmbiguousMove,
			`atomic: ambiguous move "Nd2" in 4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1: 2 candidates: Nbd2, Nfd2`},
		{"san promotion", second(promo.ParseSAN("b8")), ErrIllegalMove,
			`atomic: illegal move "b8" in 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1: a pawn reaching the last rank must promote: add =Q, =R, =B or =N`},
		{"san over", second(over.ParseSAN("Ke2")), ErrGameOver,
			`atomic: game over: "Ke2" in 8/8/8/8/8/8/8/4K3 b - - 0 1: the game has ended (Black's king exploded)`},
		{"uci syntax", second(start.ParseUCI("e2e9")), ErrInvalidNotation,
			`atomic: invalid UCI notation "e2e9" at offset 3: want a rank 1-8`},
		{"uci illegal", second(start.ParseUCI("e2e5")), ErrIllegalMove,
			`atomic: illegal move "e2e5" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal pawn move to e5 (a pawn can go to a3, a4, b3, b4, c3, c4, d3, d4, e3, e4, f3, f4, g3, g4, h3, h4)`},
		{"play", second(start.Play(Move{from: 12, to: 36, role: 1})), ErrIllegalMove,
			`atomic: illegal move "e2e5" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: no legal pawn move to e5 (a pawn can go to a3, a4, b3, b4, c3, c4, d3, d4, e3, e4, f3, f4, g3, g4, h3, h4)`},
		{"960", second(FischerRandomPosition(960)), ErrInvalidSetup, `atomic: invalid setup: Chess960 number 960 is outside 0..959`},
		{"setup", second(Setup{Board: pacosako.Board{}.With(pacosako.E4, pacosako.Cell{White: pacosako.Pawn, Black: pacosako.Pawn})}.Position()),
			ErrInvalidSetup, `atomic: invalid setup: unions on e4: Atomic chess has lone pieces only`},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.sentinel) {
			t.Errorf("%s: %v does not wrap %v", c.name, c.err, c.sentinel)
			continue
		}
		if c.err.Error() != c.msg {
			t.Errorf("%s:\n got %s\nwant %s", c.name, c.err, c.msg)
		}
	}
	var me *MoveError
	if err := second(knights.ParseSAN("Nd2")); !errors.As(err, &me) || len(me.Candidates) != 2 {
		t.Errorf("ambiguous Nd2: %v, candidates %v", err, me)
	}
}

// TestMoveErrorMessage: MoveError's Message (for a player: no prefix, no FEN)
// and CandidateSANs, as the root package's MoveError has them.
func TestMoveErrorMessage(t *testing.T) {
	knights := MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	over := playAll(t, NewGame(StartingPosition()), "Na3 Nf6 Nh3 Ng4 Rb1 Nxf2")
	eight := MustParseFEN("k7/Q2Q2Q1/8/8/Q5Q1/8/8/Q2Q2QK w - - 0 1") // eight queens reach d4
	for _, c := range []struct {
		name string
		err  error
		msg  string
		sans []string
	}{
		{"ambiguous", second(knights.ParseSAN("Nd2")), `ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2`, []string{"Nbd2", "Nfd2"}},
		{"ambiguous, read as either notation", second(knights.ParseMove("Nd2")), `ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2`, []string{"Nbd2", "Nfd2"}},
		{"illegal", second(StartingPosition().ParseSAN("Nf4")), `illegal move "Nf4": no legal knight move to f4 (a knight can go to a3, c3, f3, h3)`, nil},
		{"uci", second(StartingPosition().ParseUCI("e2e5")), `illegal move "e2e5": no legal pawn move to e5 (a pawn can go to a3, a4, b3, b4, c3, c4, d3, d4, e3, e4, f3, f4, g3, g4, h3, h4)`, nil},
		{"game over", second(over.PlaySAN("e4")), `game over: "e4": the game has ended (White's king exploded)`, nil},
		{"eight", second(eight.ParseSAN("Qd4")), `ambiguous move "Qd4": 8 candidates: Qa1d4#, Qd1d4#, Qg1d4#, Qa4d4#, Qg4d4#, Qa7d4+, Qd7d4#, Qg7d4#`,
			[]string{"Qa1d4#", "Qd1d4#", "Qg1d4#", "Qa4d4#", "Qg4d4#", "Qa7d4+", "Qd7d4#", "Qg7d4#"}},
	} {
		var me *MoveError
		if !errors.As(c.err, &me) {
			t.Errorf("%s: %v is not a *MoveError", c.name, c.err)
			continue
		}
		if got := me.Message(); got != c.msg {
			t.Errorf("%s: Message() = %q, want %q", c.name, got, c.msg)
		}
		if !slices.Equal(me.CandidateSANs, c.sans) {
			t.Errorf("%s: CandidateSANs = %q, want %q", c.name, me.CandidateSANs, c.sans)
		}
		p := MustParseFEN(me.FEN)
		for i, m := range me.Candidates {
			if san, err := p.SAN(m); err != nil || i >= len(me.CandidateSANs) || san != me.CandidateSANs[i] {
				t.Errorf("%s: candidate %d %v is %q, %v in SAN; CandidateSANs %q", c.name, i, m, san, err, me.CandidateSANs)
			}
		}
		if want := prefix + strings.Replace(c.msg, `"`+me.Input+`"`, `"`+me.Input+`" in `+me.FEN, 1); me.Error() != want {
			t.Errorf("%s: Error() = %q, want %q", c.name, me.Error(), want)
		}
	}
	// Built by hand, without CandidateSANs: the candidates in UCI.
	e := &MoveError{Input: "Nd2", FEN: knights.FEN(), Err: ErrAmbiguousMove, Candidates: knights.Moves()[:2]}
	if got := e.Message(); !strings.HasPrefix(got, `ambiguous move "Nd2": 2 candidates: b1`) {
		t.Errorf("without CandidateSANs: %q", got)
	}
}

func second[T any](_ T, err error) error { return err }

// TestPlayerMessages: every error a player's input causes (a move, its text, an
// ending recorded or a draw claimed) has a Message for the player: the report
// without the package prefix, the position's FEN or Go names.
func TestPlayerMessages(t *testing.T) {
	start := StartingPosition()
	knights := MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	over := playAll(t, NewGame(StartingPosition()), "Na3 Nf6 Nh3 Ng4 Rb1 Nxf2")
	running := playAll(t, NewGame(StartingPosition()), "e4")
	for _, c := range []struct {
		name string
		err  error
		msg  string
	}{
		{"SAN syntax", second(start.ParseSAN("Nf")), `invalid SAN notation "Nf" at offset 2: want a target square such as e4`},
		{"UCI syntax", second(start.ParseUCI("e2e9")), `invalid UCI notation "e2e9" at offset 3: want a rank 1-8`},
		{"move syntax", second(start.ParseMove("Zz9")), ""},
		{"SAN illegal", second(start.ParseSAN("Nf4")), `illegal move "Nf4": no legal knight move to f4 (a knight can go to a3, c3, f3, h3)`},
		{"SAN ambiguous", second(knights.ParseSAN("Nd2")), `ambiguous move "Nd2": 2 candidates: Nbd2, Nfd2`},
		{"play after the end", second(over.PlaySAN("e4")), `game over: "e4": the game has ended (White's king exploded)`},
		{"resign after the end", second(over.Resign(pacosako.White)), `game over: cannot resign: the game has ended (White's king exploded)`},
		{"draw after the end", second(over.AgreeDraw()), `game over: cannot agree a draw: the game has ended (White's king exploded)`},
		{"timeout after the end", second(over.Timeout(pacosako.White)), `game over: cannot run out of time: the game has ended (White's king exploded)`},
		{"claim after the end", second(over.ClaimDraw()), `game over: cannot claim a draw: the game has ended (White's king exploded)`},
		{"no draw to claim", second(running.ClaimDraw()), `no draw to claim: the position has occurred 1 times (a claim at 3) and the half-move clock is 0 (a claim at 100)`},
	} {
		var pm interface{ Message() string }
		if !errors.As(c.err, &pm) {
			t.Errorf("%s: %v has no Message", c.name, c.err)
			continue
		}
		msg := pm.Message()
		if c.msg != "" && msg != c.msg || msg == "" || strings.Contains(msg, "atomic:") || strings.Contains(msg, "/8/") {
			t.Errorf("%s: Message() = %q, want %q (no prefix, no FEN)", c.name, msg, c.msg)
		}
	}
}

// TestWrongSideMessages: a move of the other side's piece (a stale client sending
// White's move after White has moved) says whose turn it is, in SAN, UCI and
// ParseMove's choice between them.
func TestWrongSideMessages(t *testing.T) {
	g := playAll(t, NewGame(StartingPosition()), "e4")
	p := g.Position()
	knights := MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 b - - 0 1")
	const g1 = "the piece on g1 is White's; Black is to move"
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"SAN", second(p.ParseSAN("Nf3")), g1},
		{"SAN with its origin", second(p.ParseSAN("Ng1f3")), g1},
		{"SAN of a pawn", second(p.ParseSAN("d4")), "the piece on d2 is White's; Black is to move"},
		{"SAN, two pieces could", second(knights.ParseSAN("Nd2")), "the pieces it could move are White's; Black is to move"},
		{"UCI", second(p.ParseUCI("g1f3")), g1},
		{"ParseMove, UCI", second(p.ParseMove("g1f3")), g1},
		{"ParseMove, SAN", second(p.ParseMove("Nf3")), g1},
		{"PlaySAN", second(g.PlaySAN("Nf3")), g1},
	} {
		var me *MoveError
		if !errors.As(c.err, &me) || !errors.Is(c.err, ErrIllegalMove) {
			t.Errorf("%s: %v, want an illegal move", c.name, c.err)
			continue
		}
		if !strings.Contains(me.Message(), c.want) {
			t.Errorf("%s: Message() = %q, want it to say %q", c.name, me.Message(), c.want)
		}
	}
	if _, err := p.ParseSAN("Nd5"); err == nil || strings.Contains(err.Error(), "is to move") {
		t.Errorf("Nd5 for Black: %v, want the reason of Black's knights", err)
	}
}
