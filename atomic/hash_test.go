package atomic

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// TestHashPolyglot: Hash is python-chess's chess.polyglot.zobrist_hash for every
// position of testdata/hash.tsv (the published Polyglot test positions, among
// them the start 463b96181691fc9c, and positions of the shared vectors: random
// playouts, Chess960 starts with X-FEN castling, en passant squares, positions
// after explosions and from the games), computed by python-chess 1.11.2.
func TestHashPolyglot(t *testing.T) {
	rows := tsvRows(t, filepath.Join("testdata", "hash.tsv"))
	if len(rows) < 500 {
		t.Fatalf("hash.tsv has %d rows", len(rows))
	}
	for _, r := range rows {
		want, err := strconv.ParseUint(r[1], 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := mustFEN(t, r[0]).Hash(); got != want {
			t.Errorf("%s (%s): Hash() = %016x, python-chess %016x", r[0], r[2], got, want)
		}
	}
	if got := StartingPosition().Hash(); got != 0x463b96181691fc9c {
		t.Errorf("start: %016x, the published Polyglot key is 463b96181691fc9c", got)
	}
}

// TestHashEqual: positions reached by play hash as the position their FEN
// describes; Equal positions (the same position with other clocks, or reached by
// other move orders) hash alike, and a changed side to move, castling right or
// legal en passant square changes the hash.
func TestHashEqual(t *testing.T) {
	bothRows(t, "moves.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			m, err := p.ParseUCI(r[1])
			if err != nil {
				t.Fatal(err)
			}
			after, _ := p.Play(m)
			read := mustFEN(t, r[3])
			if after.Hash() != read.Hash() || !after.Equal(read) {
				t.Errorf("%s %s: played %016x, read from %s %016x", r[0], r[1], after.Hash(), r[3], read.Hash())
			}
		}
	})
	// Transpositions and clocks.
	a := playUCI(t, StartingPosition(), "g1f3", "g8f6", "f3g1", "f6g8")
	if !a.Equal(StartingPosition()) || a.Hash() != StartingPosition().Hash() {
		t.Errorf("knights out and back: Equal %v, hash %016x", a.Equal(StartingPosition()), a.Hash())
	}
	b := playUCI(t, StartingPosition(), "e2e3", "e7e6", "d2d3")
	c := playUCI(t, StartingPosition(), "d2d3", "e7e6", "e2e3")
	if b.Hash() != c.Hash() {
		t.Errorf("a transposition hashes %016x and %016x", b.Hash(), c.Hash())
	}
	// Each part of the state counts.
	start := StartingPosition()
	s := start.Setup()
	s.Turn = pacosako.Black
	black, _ := s.Position()
	s = start.Setup()
	s.Castling = s.Castling.Without(pacosako.White, pacosako.KingSide)
	noOO, _ := s.Position()
	seen := map[uint64]string{start.Hash(): "start"}
	for name, q := range map[string]Position{"Black to move": black, "without O-O": noOO,
		"e4 (no en passant capture)": playUCI(t, start, "e2e4"),
		"en passant legal":           mustFEN(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
		"the same without it":        mustFEN(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")} {
		if other, dup := seen[q.Hash()]; dup {
			t.Errorf("%s hashes as %s: %016x", name, other, q.Hash())
		}
		seen[q.Hash()] = name
	}
	// An en passant square whose capture is not legal is not hashed, as Equal
	// does not compare it: dxe6 would explode White's own king on f6.
	illegal := mustFEN(t, "k7/8/5K2/3Pp3/8/8/8/8 w - e6 0 2")
	none := mustFEN(t, "k7/8/5K2/3Pp3/8/8/8/8 w - - 0 2")
	if !illegal.Equal(none) || illegal.Hash() != none.Hash() {
		t.Errorf("an illegal en passant square: Equal %v, hashes %016x and %016x", illegal.Equal(none), illegal.Hash(), none.Hash())
	}
}

// playUCI plays UCI moves from p.
func playUCI(t *testing.T, p Position, ucis ...string) Position {
	t.Helper()
	for _, u := range ucis {
		m, err := p.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		p, _ = p.Play(m)
	}
	return p
}
