package atomic

import (
	"errors"
	"strings"
	"testing"
)

// TestIllegalReasons: a move that is not legal says why, as precisely as the
// root package's errors: check (and the piece giving it), a pin, the own king an
// explosion would take, a king stepping into check or capturing, each condition
// of castling, promotions, where the pieces of that kind can go.
func TestIllegalReasons(t *testing.T) {
	for _, c := range []struct{ fen, move, want string }{
		// In check, a piece can reach its square, but the check stays.
		{"4k3/p7/8/1B6/8/8/8/4K3 b - - 0 1", "a6", "Black is in check from the bishop on b5: pawn a7-a6 leaves the king in check"},
		{"4k3/p7/8/1B6/8/8/8/4K3 b - - 0 1", "a7a5", "Black is in check from the bishop on b5: pawn a7-a5 leaves the king in check"},
		{"4k3/8/8/1B6/8/8/3r4/4K3 b - - 0 1", "Rd8", "Black is in check from the bishop on b5: rook d2-d8 leaves the king in check"},
		// A capture next to the own king.
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1", "Rxf5", "rook f1xf5 would explode the own king on g5 (a move may not explode its own king)"},
		{"rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1", "f1f5", "rook f1xf5 would explode the own king on g5"},
		// A pin, without check; a capture whose explosion opens a line to the king.
		{"4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1", "Nf3", "knight d2-f3 leaves the king in check from the bishop on a5"},
		{"4k3/8/8/b7/8/2n5/8/1N2K3 w - - 0 1", "Nxc3", "knight b1xc3 leaves the king in check from the bishop on a5"},
		// The king.
		{"4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", "Ke2", "the king would stand in check on e2 from the rook on e7"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kxe2", "a king never captures"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Ke2", "a king never captures"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Ke3", "no legal king move to e3 (a king can go to d1, d2, e2, f1, f2)"},
		{StartFEN, "e1e2", "no legal king move to e2: White's own pawn stands there"},
		// Castling.
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O", "White has no right to castle on the king side"},
		{"4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", "White is in check from the rook on e7, and castling is not allowed in check"},
		{"4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "O-O", "g1 is not empty"},
		{"4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "O-O", "the king would pass through f1, which is attacked by the bishop on c4"},
		{"4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "e1g1", "the king would pass through f1, which is attacked by the bishop on c4"},
		{"4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1", "e1h1", "the king would pass through f1, which is attacked by the bishop on c4"},
		{"4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1", "O-O", "g1 is not empty (castling needs the squares between the king and the rook, and their destinations, free)"},
		{"4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "O-O", "the king would stand in check on g1 from the rook on g2"},
		{"bnnrkbqr/1pppp2p/p7/5pp1/3P4/1NP5/PP2PPPP/BN1RKBQR w KQkq - 0 4", "e1c1", "no legal king move to c1 (a king can go to d2); castling is written king to rook here: e1d1"},
		// Promotions, and pieces that cannot get there.
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "a4=Q", "a pawn promotes only on its last rank (rank 8 for White)"},
		{"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nf3=Q", "only a pawn promotes"},
		{StartFEN, "Nf4", "no legal knight move to f4 (a knight can go to a3, c3, f3, h3)"},
		{StartFEN, "Bc4", "no legal bishop move to c4 (no bishop can move)"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", "no legal knight move to f3 (White has no knight)"},
		// UCI: whose piece.
		{StartFEN, "e7e5", "the piece on e7 is Black's; White is to move"},
		{StartFEN, "e3e4", "there is no piece on e3"},
	} {
		p := mustFEN(t, c.fen)
		_, err := p.ParseMove(c.move)
		var me *MoveError
		if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s: %q: %v, want an illegal move", c.fen, c.move, err)
			continue
		}
		if !strings.HasPrefix(me.Reason, c.want) {
			t.Errorf("%s: %q:\n got %s\nwant %s", c.fen, c.move, me.Reason, c.want)
		}
	}
}

// TestIllegalReasonsEverywhere tries every move of a piece of the side to move
// to every square in the vectors' positions, in UCI and in SAN (each kind of piece
// to each square, castling): each one not legal has a one-line reason that names a
// cause, never the catch-all.
func TestIllegalReasonsEverywhere(t *testing.T) {
	bothRows(t, "positions.tsv", func(t *testing.T, rows [][]string) {
		tried := 0
		for _, r := range rows {
			p, err := ParseFEN(r[0])
			if err != nil {
				continue
			}
			legal := p.Moves()
			for from := 0; from < 64; from++ {
				if p.colors[p.turn&1]&(1<<from) == 0 {
					continue
				}
				for to := 0; to < 64; to++ {
					tried += checkReason(t, p, sqName(from)+sqName(to), Position.ParseUCI)
				}
			}
			if len(legal) == 0 {
				continue
			}
			for _, piece := range []string{"", "N", "B", "R", "Q", "K"} {
				for to := 0; to < 64; to++ {
					tried += checkReason(t, p, piece+sqName(to), Position.ParseSAN)
				}
			}
			tried += checkReason(t, p, "O-O", Position.ParseSAN) + checkReason(t, p, "O-O-O", Position.ParseSAN)
		}
		if tried < 1000 {
			t.Errorf("only %d moves tried", tried)
		}
	})
}

// checkReason reads text in p with parse and, when it is an illegal move, checks
// its reason; it returns 1 when it did.
func checkReason(t *testing.T, p Position, text string, parse func(Position, string) (Move, error)) int {
	t.Helper()
	_, err := parse(p, text)
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) {
		return 0
	}
	if me.Reason == "" || strings.ContainsAny(me.Reason, "\n\r") || strings.Contains(me.Reason, "is not legal here") {
		t.Fatalf("%s %s: reason %q", p.FEN(), text, me.Reason)
	}
	return 1
}
