package atomic

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/pacosako-go/pacosako"
)

// Conformance with python-chess's Atomic vectors (../shared/ATOMIC.md §5): every
// line of every file, the package's own subset always and the shared files when
// present.

// TestMovesVectors: for every position of moves.tsv, the legal moves are exactly
// the listed ones, each with the listed UCI, SAN and FEN after the move (the order
// of the file is python-chess's; sets are compared).
func TestMovesVectors(t *testing.T) {
	bothRows(t, "moves.tsv", func(t *testing.T, rows [][]string) {
		want := map[string][]string{}
		var order []string
		for _, r := range rows {
			if len(r) != 4 {
				t.Fatalf("moves.tsv line %q: want 4 columns", r)
			}
			if want[r[0]] == nil {
				order = append(order, r[0])
			}
			want[r[0]] = append(want[r[0]], r[1]+"\t"+r[2]+"\t"+r[3])
		}
		for _, fen := range order {
			p := mustFEN(t, fen)
			var got []string
			for _, m := range p.Moves() {
				san, err := p.SAN(m)
				if err != nil {
					t.Fatalf("%s: SAN(%v): %v", fen, m, err)
				}
				after, err := p.Play(m)
				if err != nil {
					t.Fatalf("%s: Play(%v): %v", fen, m, err)
				}
				got = append(got, m.UCI()+"\t"+san+"\t"+after.FEN())
			}
			sort.Strings(got)
			sort.Strings(want[fen])
			if diff := cmp.Diff(want[fen], got); diff != "" {
				t.Errorf("moves of %s (-want +got):\n%s", fen, diff)
			}
		}
		t.Logf("%d moves of %d positions matched", len(rows), len(order))
	})
}

// TestPerftVectors: every line of perft.tsv (depths 1-3) and of the public perft
// suite (depths up to 5).
func TestPerftVectors(t *testing.T) {
	for _, name := range []string{"perft.tsv", "perft_public.tsv"} {
		t.Run(strings.TrimSuffix(name, ".tsv"), func(t *testing.T) {
			bothRows(t, name, func(t *testing.T, rows [][]string) {
				for _, r := range rows {
					p := mustFEN(t, r[0])
					depth := atoi(t, r[1])
					want, err := strconv.ParseUint(r[2], 10, 64)
					if err != nil {
						t.Fatal(err)
					}
					if got := Perft(p, depth); got != want {
						t.Errorf("Perft(%s, %d) = %d, want %d %v", r[0], depth, got, want, r[3:])
					}
				}
				t.Logf("%d perft lines matched", len(rows))
			})
		})
	}
}

// statusLine is the state of a position in the columns of status.tsv: the state
// as python-chess's is_game_over tests it (Outcome, but its own
// insufficient-material rule, IsInsufficientMaterial, where Outcome follows
// lichess's), in check, insufficient material per colour.
func statusLine(p Position) string {
	o := p.Outcome()
	if o.Termination == Running || o.Termination == InsufficientMaterial {
		o = Outcome{}
		if p.IsInsufficientMaterial() {
			o.Termination = InsufficientMaterial
		}
	}
	b := func(v bool) string { return map[bool]string{false: "0", true: "1"}[v] }
	return strings.Join([]string{state(p, o), b(p.InCheck()), b(p.HasInsufficientMaterial(pacosako.White)),
		b(p.HasInsufficientMaterial(pacosako.Black))}, "\t")
}

// state is an outcome of p as the state column of status.tsv names it.
func state(p Position, o Outcome) string {
	if o.Termination == KingExploded {
		if o.Winner == p.Turn() {
			return "variant_win"
		}
		return "variant_loss"
	}
	return map[Termination]string{Running: "running", Checkmate: "checkmate", Stalemate: "stalemate",
		InsufficientMaterial: "insufficient_material"}[o.Termination]
}

// TestStatusVectors: the game state, check and insufficient material per colour
// of every position of status.tsv.
func TestStatusVectors(t *testing.T) {
	bothRows(t, "status.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			if got, want := statusLine(mustFEN(t, r[0])), strings.Join(r[1:5], "\t"); got != want {
				t.Errorf("status of %s = %q, want %q", r[0], got, want)
			}
		}
		t.Logf("%d status lines matched", len(rows))
	})
}

// TestStatusVectorsLichess: Outcome gives the vectors' state, except where
// python-chess's insufficient-material rule (the state column's) and lichess's
// (IsDeadPosition, which ends the game: ATOMIC.md §1.10) disagree; there it is
// lichess's. The shared vectors hold closed positions that lichess draws and
// python-chess plays on.
func TestStatusVectorsLichess(t *testing.T) {
	bothRows(t, "status.tsv", func(t *testing.T, rows [][]string) {
		differ := 0
		for _, r := range rows {
			p := mustFEN(t, r[0])
			want := r[1]
			if p.IsDeadPosition() != p.IsInsufficientMaterial() && (want == "running" || want == "insufficient_material") {
				differ++
				want = map[bool]string{true: "insufficient_material", false: "running"}[p.IsDeadPosition()]
			}
			if got := state(p, p.Outcome()); got != want {
				t.Errorf("Outcome of %s: %s, want %s", r[0], got, want)
			}
		}
		t.Logf("%d positions, %d where lichess's rule and python-chess's differ", len(rows), differ)
	})
}

// TestPositionsVectors: every FEN of positions.tsv reads and is written back byte
// for byte.
func TestPositionsVectors(t *testing.T) {
	bothRows(t, "positions.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			if got := mustFEN(t, r[0]).FEN(); got != r[0] {
				t.Errorf("ParseFEN(%q).FEN() = %q (%s)", r[0], got, r[1])
			}
		}
		t.Logf("%d positions read and written back", len(rows))
	})
}

// TestGamesVectors plays every game of games.pgn in a Game from its FEN tag, each
// SAN token read with PlaySAN and written back identically by PlayedSAN, and
// checks that every finished game ends, with the Game's endings, as its Result tag
// says, and that no cut-off game has ended.
func TestGamesVectors(t *testing.T) {
	t.Run("local", func(t *testing.T) { testGames(t, "testdata/games.pgn") })
	t.Run("shared", func(t *testing.T) { testGames(t, sharedFile(t, "games.pgn")) })
}

func testGames(t *testing.T, name string) {
	games := readPGN(t, name)
	moves, results := 0, 0
	for _, pg := range games {
		g := NewGame(mustFEN(t, pg.tags["FEN"]))
		for _, san := range pg.moves {
			var err error
			if g, err = g.PlaySAN(san); err != nil {
				t.Fatalf("%s %s: %v", name, pg.tags["Event"], err)
			}
			moves++
		}
		if got := strings.Join(g.PlayedSAN(), " "); got != strings.Join(pg.moves, " ") {
			t.Errorf("%s %s: PlayedSAN = %q, want %q", name, pg.tags["Event"], got, pg.moves)
		}
		if got, want := g.Outcome().Result(), pg.tags["Result"]; got != want {
			t.Errorf("%s %s: ends %s (%v), want %s", name, pg.tags["Event"], got, g.Outcome(), want)
		} else if want != "*" {
			results++
		}
	}
	t.Logf("%s: %d games, %d moves replayed, %d results checked", name, len(games), moves, results)
}

// pgnGame is a game of games.pgn: its tags and its moves in SAN.
type pgnGame struct {
	tags  map[string]string
	moves []string
}

// readPGN reads the simple PGN python-chess exports (tags, then move numbers, SAN
// and a result, no comments or variations) line by line: a test oracle apart from
// the record reader (internal/pgn), against which TestRecordGamesRoundTrip checks
// it.
func readPGN(t *testing.T, path string) []pgnGame {
	var games []pgnGame
	var g *pgnGame
	for _, line := range tsvRows(t, path) {
		l := strings.Join(line, "\t")
		if strings.HasPrefix(l, "[") {
			var k, v string
			if _, err := fmt.Sscanf(l, "[%s %q]", &k, &v); err != nil {
				t.Fatalf("%s: tag %q: %v", path, l, err)
			}
			if k == "Event" {
				games = append(games, pgnGame{tags: map[string]string{}})
				g = &games[len(games)-1]
			}
			g.tags[k] = v
			continue
		}
		for _, tok := range strings.Fields(l) {
			switch {
			case strings.HasSuffix(tok, "."), tok == "*", tok == "1-0", tok == "0-1", tok == "1/2-1/2":
			default:
				g.moves = append(g.moves, tok)
			}
		}
	}
	return games
}
