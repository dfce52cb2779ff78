package pacosako

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Conformance with the official engine: every reference file of
// ../shared/testdata (produced by the engine behind pacoplay.com) and the module's
// own copy of a subset in testdata/.

// deepPerft reports whether the expensive perft lines (depth 3, about 316 million
// leaves over the shared set) should run: only when PACOSAKO_DEEP=1, never under
// the race detector.
func deepPerft() bool { return os.Getenv("PACOSAKO_DEEP") == "1" && !raceEnabled }

func TestPerftReference(t *testing.T) {
	bothRows(t, "perft.tsv", "perft.tsv", func(t *testing.T, rows [][]string) {
		ran, skipped := 0, 0
		for _, row := range rows {
			fen, depth, want := row[0], atoi(t, row[1]), atou(t, row[2])
			if depth > 2 && want > 250000 && !deepPerft() {
				skipped++
				continue
			}
			ran++
			if got := Perft(mustFEN(t, fen), depth); got != want {
				t.Errorf("Perft(%q, %d) = %d, want %d", fen, depth, got, want)
			}
		}
		t.Logf("%d perft lines matched, %d skipped (set PACOSAKO_DEEP=1 for depth 3)", ran, skipped)
	})
}

func TestMovesReference(t *testing.T) {
	bothRows(t, "moves.tsv", "moves.tsv", func(t *testing.T, rows [][]string) {
		type line struct{ fenOut, wins, victory, pending string }
		want := map[string][]line{}
		paths := map[string]map[string]string{} // fen_in → fen_out → listed path
		var order []string
		for _, r := range rows {
			if _, ok := want[r[0]]; !ok {
				order = append(order, r[0])
				paths[r[0]] = map[string]string{}
			}
			want[r[0]] = append(want[r[0]], line{r[1], r[3], r[4], r[5]})
			paths[r[0]][r[1]] = r[2]
		}
		moves := 0
		for _, fen := range order {
			p := mustFEN(t, fen)
			var got []line
			for _, m := range p.Moves() {
				after := m.After()
				wins := "0"
				if m.IsPaco() {
					wins = "1"
				}
				got = append(got, line{after.FEN(), wins, after.Outcome().VictoryState(), pendingString(after)})
				listed, ok := paths[fen][after.FEN()]
				if !ok {
					continue // reported by the diff below
				}
				// Our path must be legal, lead to this position and be as short as the
				// engine's first traced path.
				if q, err := p.ApplyAll(m.path()); err != nil || !q.Equal(after) {
					t.Errorf("%s: path %v does not replay to %s: %v", fen, m, after.FEN(), err)
				}
				wantLen := len(strings.Fields(listed))
				if m.Len() != wantLen {
					t.Errorf("%s → %s: path %v has %d actions, engine's shortest %q has %d", fen, after.FEN(), m, m.Len(), listed, wantLen)
				}
				// The engine's path is legal for us too and reaches the same position.
				acts, err := ParseActions(listed)
				if err != nil {
					t.Fatal(err)
				}
				if q, err := p.ApplyAll(acts); err != nil || q.FEN() != after.FEN() {
					t.Errorf("%s: engine path %q: %v, reached %s", fen, listed, err, q.FEN())
				}
			}
			moves += len(got)
			sortLines := func(a, b line) int { return strings.Compare(a.fenOut, b.fenOut) }
			slices.SortFunc(got, sortLines)
			w := slices.Clone(want[fen])
			slices.SortFunc(w, sortLines)
			if diff := cmp.Diff(w, got, cmp.AllowUnexported(line{})); diff != "" {
				t.Errorf("moves of %s (-engine +ours):\n%s", fen, diff)
			}
		}
		t.Logf("%d positions, %d moves matched", len(order), moves)
	})
}

func TestDivideReference(t *testing.T) {
	bothRows(t, "divide.tsv", "divide.tsv", func(t *testing.T, rows [][]string) {
		type key struct {
			fen   string
			depth int
		}
		type entry struct {
			fenAfter, pending string
			count             uint64
			pathLen           int
		}
		want := map[key][]entry{}
		var order []key
		for _, r := range rows {
			k := key{r[0], atoi(t, r[1])}
			if _, ok := want[k]; !ok {
				order = append(order, k)
			}
			want[k] = append(want[k], entry{r[3], r[4], atou(t, r[5]), len(strings.Fields(r[2]))})
		}
		lines := 0
		for _, k := range order {
			if k.depth > 3 && testing.Short() {
				continue
			}
			var got []entry
			for _, e := range Divide(mustFEN(t, k.fen), k.depth) {
				got = append(got, entry{e.Move.After().FEN(), pendingString(e.Move.After()), e.Count, e.Move.Len()})
			}
			lines += len(got)
			byFEN := func(a, b entry) int { return strings.Compare(a.fenAfter, b.fenAfter) }
			slices.SortFunc(got, byFEN)
			w := slices.Clone(want[k])
			slices.SortFunc(w, byFEN)
			if diff := cmp.Diff(w, got, cmp.AllowUnexported(entry{})); diff != "" {
				t.Errorf("divide %s depth %d (-engine +ours):\n%s", k.fen, k.depth, diff)
			}
		}
		t.Logf("%d divide tables, %d lines matched", len(order), lines)
	})
}

func TestFENRoundTripReference(t *testing.T) {
	bothRows(t, "fen_roundtrip.tsv", "fen_roundtrip.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p, err := ParseFEN(r[0])
			if err != nil {
				t.Errorf("ParseFEN(%q): %v", r[0], err)
				continue
			}
			if got := p.FEN(); got != r[1] {
				t.Errorf("FEN round trip of %q:\n got  %q\n want %q", r[0], got, r[1])
			}
			// The written FEN is a fixed point.
			if again := mustFEN(t, r[1]).FEN(); again != r[1] {
				t.Errorf("FEN(%q) = %q, not a fixed point", r[1], again)
			}
		}
		t.Logf("%d FENs written byte for byte", len(rows))
	})
}

func TestThreatsReference(t *testing.T) {
	bothRows(t, "sako.tsv", "sako.tsv", func(t *testing.T, rows [][]string) {
		for _, r := range rows {
			p := mustFEN(t, r[0])
			for i, c := range []Color{White, Black} {
				if got := p.Threats(c).String(); got != r[3+i] {
					t.Errorf("Threats(%s, %v):\n got  %s\n want %s", r[0], c, got, r[3+i])
				}
			}
		}
		t.Logf("%d positions, %d threat sets matched", len(rows), 2*len(rows))
	})
}

// TestGamesReference replays every action history of game_histories.tsv through a
// Game and compares the FEN, the number of legal moves and the result after every
// half-move with games.tsv. A history that starts with "new" is a game the engine
// created from scratch, where repetition draws are off; one that starts with a FEN
// has them on (see NewGame).
func TestGamesReference(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		games := localRows(t, "games.tsv")
		if !strings.HasPrefix(t.Name(), "TestGamesReference/local") {
			games = sharedRows(t, "games.tsv")
		}
		wantRows := map[string][][]string{}
		for _, r := range games {
			wantRows[r[0]] = append(wantRows[r[0]], r[:7])
		}
		halfMoves := 0
		for _, h := range hist {
			name, start, actionText := h[0], h[1], h[2]
			var g Game
			if start == "new" {
				g = NewGame(StartingPosition(), WithRepetitionLimit(0))
			} else {
				g = NewGame(mustFEN(t, start))
			}
			acts, err := ParseActions(actionText)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got := replayRows(t, name, g, acts)
			if diff := cmp.Diff(wantRows[name], got); diff != "" {
				t.Errorf("%s (-engine +ours):\n%s", name, diff)
				continue
			}
			halfMoves += len(got)
		}
		t.Logf("%d histories, %d rows matched", len(hist), halfMoves)
	})
}

// replayRows applies actions to g one by one and writes a row per completed
// half-move in the format of games.tsv (game, half_move, actions, fen_after,
// legal_moves, victory, pending), a row 0 for the start and an INCOMPLETE row for a
// trailing unfinished half-move.
func replayRows(t *testing.T, name string, g Game, acts []Action) [][]string {
	row := func(label, actions string, q Position, moves string, o Outcome) []string {
		return []string{name, label, actions, q.FEN(), moves, o.VictoryState(), pendingString(q)}
	}
	rows := [][]string{row("0", "", g.Position(), strconv.Itoa(g.LegalMoveCount()), g.Outcome())}
	for i, a := range acts {
		next, err := g.Apply(a)
		if err != nil {
			t.Errorf("%s: action %d (%v): %v", name, i+1, a, err)
			return rows
		}
		if next.Len() > g.Len() {
			m := next.PlayedMoves()[next.Len()-1]
			rows = append(rows, row(strconv.Itoa(next.Len()), m.String(), next.Position(), strconv.Itoa(next.LegalMoveCount()), next.Outcome()))
		}
		g = next
	}
	if p := g.PendingActions(); len(p) > 0 {
		rows = append(rows, row("INCOMPLETE", FormatActions(p), g.Position(), "-", g.Outcome()))
	}
	return rows
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("bad number %q", s)
	}
	return n
}

func atou(t testing.TB, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("bad number %q", s)
	}
	return n
}
