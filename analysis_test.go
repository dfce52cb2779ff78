package pacosako

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestChasingPacoIn2Reference: every row of the engine's chase2.tsv — the count,
// the attacking positions, and a shortest path to one of them.
func TestChasingPacoIn2Reference(t *testing.T) {
	rows := sharedRows(t, "analysis/chase2.tsv")
	var slowest time.Duration
	n, chases, errs := 0, 0, 0
	for _, r := range rows {
		fen, who := r[0], r[1]
		if testing.Short() && fen == "2R5/1p2ppb1/p2rd3/Pk1aQ2p/2dC2bP/3FBRD1/4DPK1/5B2 b 14 - - -" {
			continue
		}
		attacker, err := ParseColor(who)
		if err != nil {
			t.Fatal(err)
		}
		p := mustFEN(t, fen)
		start := time.Now()
		moves, err := p.ChasingPacoIn2(attacker)
		if d := time.Since(start); d > slowest {
			slowest = d
		}
		n++
		if strings.HasPrefix(r[2], "ERROR") {
			errs++
			if !errors.Is(err, ErrUnsearchable) {
				t.Errorf("%s %s: %v, %d moves; the engine fails (%s): want ErrUnsearchable", fen, who, err, len(moves), r[2])
			}
			continue
		}
		if err != nil {
			if r[2] == "0" && errors.Is(err, ErrUnsearchable) {
				continue // the engine answers 0 where the question has no meaning (ANALYSIS.md §2)
			}
			t.Errorf("%s %s: %v", fen, who, err)
			continue
		}
		var fens []string
		for _, m := range moves {
			fens = append(fens, m.After().FEN())
		}
		slices.Sort(fens)
		got := strings.Join(fens, " | ")
		if len(fens) == 0 {
			got = "-"
		}
		if strconv.Itoa(len(moves)) != r[2] || got != r[3] {
			t.Errorf("%s %s: %d chases %q; want %s %q", fen, who, len(moves), got, r[2], r[3])
			continue
		}
		if len(moves) > 0 {
			chases++
			shortest := moves[0].Len()
			for _, m := range moves {
				shortest = min(shortest, m.Len())
			}
			if want := len(strings.Fields(r[4])); shortest != want {
				t.Errorf("%s %s: shortest path %d actions, the engine's %d (%s)", fen, who, shortest, want, r[4])
			}
		}
	}
	t.Logf("%d rows (%d with a chase, %d engine errors), slowest call %v", n, chases, errs, slowest)
}

// notationRow writes one half-move as a row of notation.tsv, all thirteen columns.
func notationRow(game string, h AnnotatedHalfMove, opening string) string {
	idx := make([]string, len(h.ActionIndices))
	for i, n := range h.ActionIndices {
		idx[i] = strconv.Itoa(n)
	}
	b := func(v bool) string {
		if v {
			return "1"
		}
		return "0"
	}
	return strings.Join([]string{game, strconv.Itoa(h.HalfMove), strconv.Itoa(h.MoveNumber), h.Player.String(), h.String(),
		strings.Join(idx, ","), FormatActions(h.Actions), b(h.GivesSako), b(h.MissedPaco), b(h.GivesOpponentPacoOpportunity),
		b(h.PacoIn2Found), b(h.PacoIn2Missed), opening}, "\t")
}

// TestAnnotateReference: every row of the engine's notation files, all thirteen
// columns, from the histories they were made of.
func TestAnnotateReference(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	for _, set := range []struct{ histories, notation string }{
		{"game_histories.tsv", "notation.tsv"},
		{"analysis/annotated_histories.tsv", "analysis/annotated_notation.tsv"},
		{"analysis/openings_histories.tsv", "analysis/openings_notation.tsv"},
	} {
		want := map[string][]string{}
		for _, r := range sharedRows(t, set.notation) {
			want[r[0]] = append(want[r[0]], strings.Join(r, "\t"))
		}
		rows, games := 0, 0
		start := time.Now()
		for _, h := range sharedRows(t, set.histories) {
			p := StartingPosition()
			if h[1] != "new" {
				p = mustFEN(t, h[1])
			}
			acts := mustActions(t, h[2])
			an, err := Annotate(p, acts)
			if err != nil {
				t.Errorf("%s: %v", h[0], err)
				continue
			}
			games++
			var got []string
			for _, hm := range an.HalfMoves {
				got = append(got, notationRow(h[0], hm, an.Opening))
			}
			if w := want[h[0]]; !slices.Equal(got, w) {
				for i := range max(len(got), len(w)) {
					var g, x string
					if i < len(got) {
						g = got[i]
					}
					if i < len(w) {
						x = w[i]
					}
					if g != x {
						t.Errorf("%s: row %d\n got %q\nwant %q", set.notation, i+1, g, x)
						break
					}
				}
			}
			rows += len(got)
		}
		t.Logf("%s: %d games, %d rows in %v", set.notation, games, rows, time.Since(start))
	}
}

// TestGameAnnotateSAN: Game.Annotate annotates the game's own history as Annotate
// does, and every complete half-move carries the SAN Game.PlayedSAN gives it.
func TestGameAnnotateSAN(t *testing.T) {
	halfMoves := 0
	for _, h := range localRows(t, "game_histories.tsv") {
		p := StartingPosition()
		if h[1] != "new" {
			p = mustFEN(t, h[1])
		}
		acts := mustActions(t, h[2])
		g, err := NewGame(p, WithRepetitionLimit(0)).ApplyAll(acts)
		if err != nil {
			t.Fatalf("%s: %v", h[0], err)
		}
		an, err := g.Annotate()
		if err != nil {
			t.Fatalf("%s: Game.Annotate: %v", h[0], err)
		}
		want, err := Annotate(p, acts)
		if err != nil || !reflect.DeepEqual(an, want) {
			t.Fatalf("%s: Game.Annotate differs from Annotate(start, actions) (%v)", h[0], err)
		}
		played := g.PlayedSAN()
		for i, hm := range an.HalfMoves {
			switch {
			case i < len(played) && hm.SAN != played[i]:
				t.Errorf("%s: half-move %d: SAN %q; PlayedSAN %q", h[0], i+1, hm.SAN, played[i])
			case i >= len(played) && hm.SAN != "":
				t.Errorf("%s: unfinished half-move %d: SAN %q; want none", h[0], i+1, hm.SAN)
			}
			halfMoves++
		}
	}
	if halfMoves < 300 {
		t.Errorf("only %d half-moves checked", halfMoves)
	}
}

// TestAnnotationsReference replays every history and compares three annotations of
// the engine's replay analysis (notation.tsv) per half-move: gives_sako (after the
// move the mover could unite with the enemy king), missed_paco (the mover could
// have won at once and did not) and gives_opponent_paco_opportunity.
func TestAnnotationsReference(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		notes := localRows(t, "notation.tsv")
		if strings.HasSuffix(t.Name(), "/shared") {
			notes = sharedRows(t, "notation.tsv")
		}
		type key struct{ game, halfMove string }
		want := map[key][3]string{}
		for _, r := range notes {
			want[key{r[0], r[1]}] = [3]string{r[7], r[8], r[9]}
		}
		matched := 0
		for _, h := range hist {
			g := NewGame(StartingPosition(), WithRepetitionLimit(0))
			if h[1] != "new" {
				g = NewGame(mustFEN(t, h[1]))
			}
			acts, err := ParseActions(h[2])
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range acts {
				next, err := g.Apply(a)
				if err != nil {
					t.Fatalf("%s: %v", h[0], err)
				}
				if n := next.Len(); n > g.Len() {
					before, _ := next.PositionAt(n - 1)
					m := next.PlayedMoves()[n-1]
					got := [3]string{
						bit(m.After().GivesSako(before.Turn())),
						bit(before.CanPaco() && !m.IsPaco()),
						bit(m.After().CanPaco() && !before.InSako(before.Turn()) && !m.IsPaco()),
					}
					w, ok := want[key{h[0], strconv.Itoa(n)}]
					if !ok {
						t.Errorf("%s half-move %d: no row in notation.tsv", h[0], n)
					} else if got != w {
						t.Errorf("%s half-move %d (%v from %s): gives_sako, missed_paco, gives_opponent_paco_opportunity = %v, want %v",
							h[0], n, m, before.FEN(), got, w)
					} else {
						matched++
					}
				}
				g = next
			}
		}
		t.Logf("%d half-moves, 3 annotations each, matched", matched)
	})
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
