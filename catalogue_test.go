package pacosako

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The test vectors of rules-catalogue.md §15: §15.1 (from the official engine's own
// unit tests) and §15.2 (additional vectors, confirmed with the official engine).
// Every subtest is named after its vector id (T1, K5b, …) or, for §15.1 rows
// without an id, after the engine test.
//
// Actions are written in the catalogue's shorthand (§15): "Lx" = Lift(x), a plain
// square "x" = Place(x), "Q", "R", "B", "N" = Promote.

// shorthand parses the catalogue's action shorthand into actions.
func shorthand(t testing.TB, s string) []Action {
	t.Helper()
	acts, err := parseShorthand(s)
	if err != nil {
		t.Fatalf("shorthand %q: %v", s, err)
	}
	return acts
}

func parseShorthand(s string) ([]Action, error) {
	fields := strings.Fields(s)
	out := make([]Action, 0, len(fields))
	for _, f := range fields {
		switch {
		case len(f) == 1:
			r := roleFromLetter(f[0])
			if f[0] < 'A' || f[0] > 'Z' || (r != Queen && r != Rook && r != Bishop && r != Knight) {
				return nil, fmt.Errorf("token %q: want Q, R, B or N", f)
			}
			out = append(out, Promote(r))
		case len(f) == 3 && f[0] == 'L':
			sq, err := ParseSquare(f[1:])
			if err != nil {
				return nil, fmt.Errorf("token %q: %w", f, err)
			}
			out = append(out, Lift(sq))
		default:
			sq, err := ParseSquare(f)
			if err != nil {
				return nil, fmt.Errorf("token %q: %w", f, err)
			}
			out = append(out, Place(sq))
		}
	}
	return out, nil
}

func TestCatalogueShorthand(t *testing.T) {
	got := shorthand(t, "Lc7 c8 Q Le2 d1 N R B")
	want := []Action{Lift(C7), Place(C8), Promote(Queen), Lift(E2), Place(D1), Promote(Knight), Promote(Rook), Promote(Bishop)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("shorthand (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"K", "P", "Lz9", "i9", "q", "Le", "e44"} {
		if _, err := parseShorthand(bad); err == nil {
			t.Errorf("parseShorthand(%q) accepted", bad)
		}
	}
}

// catalogueGame applies shorthand actions to g one by one with Game.Apply and checks
// that the game runs until its last action, which must complete half-move n and
// end the game.
func catalogueGame(t *testing.T, g Game, actions string, n int) Game {
	t.Helper()
	acts := shorthand(t, actions)
	for i, a := range acts {
		if g.Outcome().IsOver() {
			t.Fatalf("game over (%v) after %d half-moves, before action %d (%v)", g.Outcome(), g.Len(), i, a)
		}
		next, err := g.Apply(a)
		if err != nil {
			t.Fatalf("action %d (%v) from %s: %v", i, a, g.Position().FEN(), err)
		}
		g = next
	}
	if g.Len() != n || !g.Outcome().IsOver() {
		t.Fatalf("after %q: %d half-moves, outcome %v; want %d, over", actions, g.Len(), g.Outcome(), n)
	}
	return g
}

// catFEN returns the position of a vector; "start" is the standard start position.
func catFEN(t testing.TB, fen string) Position {
	t.Helper()
	if fen == "start" {
		return StartingPosition()
	}
	return mustFEN(t, fen)
}

// play applies shorthand actions to p and fails the test if one is illegal.
func play(t testing.TB, p Position, actions string) Position {
	t.Helper()
	q, err := p.ApplyAll(shorthand(t, actions))
	if err != nil {
		t.Fatalf("%s: actions %q: %v", p.FEN(), actions, err)
	}
	return q
}

// squareList parses square names separated by spaces into a set.
func squareList(t testing.TB, s string) Bitboard {
	t.Helper()
	var b Bitboard
	for _, f := range strings.Fields(s) {
		sq, err := ParseSquare(f)
		if err != nil {
			t.Fatalf("square list %q: %v", s, err)
		}
		b |= SquareSet(sq)
	}
	return b
}

// names lists the squares of b by name (a1, a2, … h8), for readable diffs.
func names(b Bitboard) []string {
	var out []string
	for s := range b.All() {
		out = append(out, s.String())
	}
	slices.Sort(out)
	return out
}

// pacoPaths returns the action paths of the moves of p that are Paco, each written
// in the form FormatActions writes, sorted.
func pacoPaths(p Position) []string {
	var out []string
	for _, m := range p.Moves() {
		if m.IsPaco() {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// ---- §15.1 threat sets ------------------------------------------------------------

func TestCatalogueThreats(t *testing.T) {
	tests := []struct {
		id, fen, actions string
		color            Color
		want             string
	}{
		{"T1", "8/8/8/2p5/8/4c3/2P5/3K4 w 0 - - -", "", White, "b3 d3"},
		{"T2", "8/8/8/2p5/8/3c2K1/2P5/8 w 0 - - -", "", White,
			"a3 b3 c3 d3 e3 f3 g3 d1 d2 d4 d5 d6 d7 d8"},
		{"T3", "8/8/8/8/1p1a1a2/4K3/2N5/8 w 0 - - -", "", White, "a1 a3 b4 d4 e1 e3 c5 e5"},
		// "rank 8, h-file, a1–h8 diagonal, plus f4 h4 e5 e7 f8 g6 f7".
		{"T4", "7d/6P1/6d1/8/8/8/8/8 w 0 - - -", "", White,
			"a8 b8 c8 d8 e8 f8 g8 h8 " +
				"h1 h2 h3 h4 h5 h6 h7 " +
				"a1 b2 c3 d4 e5 f6 g7 " +
				"f4 h4 e5 e7 f8 g6 f7"},
		{"T5", "8/5a2/8/4P3/8/8/8/8 b 0 - - -", "Lf7 f5", White, "d6 f6 e7 g7"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			p := play(t, mustFEN(t, tc.fen), tc.actions)
			if tc.id == "T5" {
				if p.Turn() != White || p.EnPassant() != F6 || !p.IsSettled() {
					t.Errorf("after %q: turn %v, ep %v, settled %v; want White, f6, true", tc.actions, p.Turn(), p.EnPassant(), p.IsSettled())
				}
			}
			got := p.Threats(tc.color)
			want := squareList(t, tc.want)
			if diff := cmp.Diff(names(want), names(got)); diff != "" {
				t.Errorf("Threats(%v) of %s (-want +got):\n%s", tc.color, p.FEN(), diff)
			}
		})
	}
}

// ---- §15.1 Paco states: S1–S5, A1–A4 ------------------------------------------------

func TestCataloguePacoCounts(t *testing.T) {
	tests := []struct {
		id, fen, actions string // actions played before counting (mid-move vectors)
		want             int
		paths            []string // expected paco paths (shorthand, from after actions), if given
		lens             []int    // expected path lengths, sorted, if given
		prefix           string   // expected start of every paco path, if given
		with             string   // actions every paco path must contain, if given
	}{
		{id: "S1", fen: "8/5k2/8/8/2B5/8/8/8 w 0 - - -", want: 1},
		{id: "S2", fen: "5k2/8/8/8/2B5/8/8/8 w 0 - - -", want: 0},
		{id: "S3", fen: "8/5c2/8/5k2/2B5/8/8/8 w 0 - - -", want: 1},
		// The pawn must promote to a knight mid-chain.
		{id: "S4", fen: "4e3/3P1e2/3k4/8/8/8/8/8 w 0 - - -", want: 1, with: "N"},
		// White's pair move sets ep d3; Black then has one Paco (through en passant).
		{id: "S5", fen: "8/8/8/8/2p5/8/3D4/4K3 w 0 - - -", actions: "Ld2 d4", want: 1},
		{id: "A1", fen: "rnbqkbnr/pppppppp/5N2/8/8/8/PPPPPPPP/RNBQKB1R w 0 AHah - -", want: 1,
			paths: []string{"Lf6 e8"}},
		{id: "A2", fen: "5rk1/ppp2pep/8/1B1AH2D/4f1b1/2N3SP/PPP2DP1/5L1K w 0 AHah - -", want: 3,
			lens: []int{15, 16, 18}, prefix: "Lc3 e4 e5 e4"},
		{id: "A3", fen: "rnb1ks2/pppp1pp1/3q4/7p/1E1p2C1/3P4/P1P1PP1P/RNBQK1NR b 0 AHah - -", actions: "Ld6", want: 1,
			paths: []string{"b4 e1"}},
		{id: "A4", fen: "rn2k1nr/pppppppp/4E2q/8/2E5/8/PP1PKPPP/RNBQ1BNR b 0 AHah - -", actions: "Lh6 e6", want: 3,
			paths: []string{"c4 e2", "c4 e6 e2", "c4 e6 c4 e2"}},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			p := play(t, mustFEN(t, tc.fen), tc.actions)
			if tc.id == "S5" {
				if p.EnPassant() != D3 || p.Turn() != Black {
					t.Errorf("after %q: ep %v, turn %v; want d3, Black", tc.actions, p.EnPassant(), p.Turn())
				}
			}
			mover := p.Turn()
			var paco []Move
			for _, m := range p.Moves() {
				if m.IsPaco() {
					paco = append(paco, m)
				}
			}
			if len(paco) != tc.want {
				t.Errorf("%s after %q: %d paco moves, want %d: %v", tc.fen, tc.actions, len(paco), tc.want, paco)
			}
			var lens []int
			for _, m := range paco {
				lens = append(lens, m.Len())
				// The path really plays to a Paco of the mover.
				q, err := p.ApplyAll(m.Actions())
				if err != nil {
					t.Errorf("paco path %v does not replay: %v", m, err)
					continue
				}
				if w, ok := q.Outcome().Won(); !ok || w != mover || q.Outcome().Termination != Paco {
					t.Errorf("paco path %v ends in %v, want PacoVictory(%v)", m, q.Outcome(), mover)
				}
				for _, a := range shorthand(t, tc.with) {
					if !slices.Contains(m.Actions(), a) {
						t.Errorf("paco path %v does not contain %v", m, a)
					}
				}
				if tc.prefix != "" {
					pre := shorthand(t, tc.prefix)
					if m.Len() < len(pre) || !slices.Equal(m.Actions()[:len(pre)], pre) {
						t.Errorf("paco path %v does not start with %v", m, FormatActions(pre))
					}
				}
			}
			if tc.paths != nil {
				var want []string
				for _, s := range tc.paths {
					want = append(want, FormatActions(shorthand(t, s)))
				}
				slices.Sort(want)
				if diff := cmp.Diff(want, pacoPaths(p)); diff != "" {
					t.Errorf("paco paths (-want +got):\n%s", diff)
				}
			}
			if tc.lens != nil {
				slices.Sort(lens)
				if diff := cmp.Diff(tc.lens, lens); diff != "" {
					t.Errorf("paco path lengths (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// S6 (double_en_passant_chaining): Ŝako claims through Threats, and the chain
// Lc8 e6 c4 b4 c3 e1 with en passant on c3 in the middle of the chain.
func TestCatalogueDoubleEnPassantChaining(t *testing.T) {
	t.Run("S6", func(t *testing.T) {
		p := mustFEN(t, "1lb1k3/8/1tApS3/2p2p2/1A2P1A1/1p1Ps1P1/2C1T2p/R1B1K2R w 0 AHah - -")
		// is_sako(White) is false: the black king e8 is not threatened by White.
		if p.Threats(White).Has(E8) {
			t.Errorf("e8 ∈ Threats(White) = %v; want is_sako(White) false", p.Threats(White))
		}
		// is_sako(Black) is already true (Lb3 c2 e2 e1).
		if !p.Threats(Black).Has(E1) {
			t.Errorf("e1 ∉ Threats(Black) = %v; want is_sako(Black) true", p.Threats(Black))
		}
		// The witness chain is a legal Paco for Black if it were Black's turn.
		s := p.Setup()
		s.Turn = Black
		pb, err := s.Position()
		if err != nil {
			t.Fatal(err)
		}
		if q := play(t, pb, "Lb3 c2 e2 e1"); q.Outcome().VictoryState() != "PacoVictory(Black)" {
			t.Errorf("Lb3 c2 e2 e1 with Black to move: outcome %v, want PacoVictory(Black)", q.Outcome())
		}

		after := play(t, p, "Lc2 c4")
		if after.Turn() != Black || after.EnPassant() != C3 || after.Outcome().IsOver() {
			t.Errorf("after Lc2 c4: turn %v, ep %v, over %v; want Black, c3, running", after.Turn(), after.EnPassant(), after.Outcome().IsOver())
		}
		if !after.Threats(Black).Has(E1) {
			t.Errorf("after Lc2 c4: e1 ∉ Threats(Black) = %v; want is_sako(Black) true", after.Threats(Black))
		}
		chain := shorthand(t, "Lc8 e6 c4 b4 c3 e1")
		q, err := after.ApplyAll(chain)
		if err != nil {
			t.Fatalf("chain Lc8 e6 c4 b4 c3 e1: %v", err)
		}
		if q.Outcome().VictoryState() != "PacoVictory(Black)" {
			t.Errorf("chain ends with %v, want PacoVictory(Black)", q.Outcome())
		}
		// The step onto c3 is the en passant capture: the union from c4 is back on c3.
		mid, err := after.ApplyAll(chain[:5])
		if err != nil {
			t.Fatal(err)
		}
		if got, want := mid.FEN(), "1l2k3/8/1tapS3/2p2p2/1C2P1a1/1paPs1P1/4T2p/R1B1K2R^c3b b 2 AHah - -"; got != want {
			// Not in the catalogue: derived by hand from §8.3 (the union on c4 is
			// swapped back onto c3, the black pawn takes over there, the black bishop
			// is released on c3; the en passant square is used up).
			t.Errorf("after Lc8 e6 c4 b4 c3: FEN %s, want %s", got, want)
		}
		// The chain's result is one of Black's Paco moves.
		if !slices.ContainsFunc(after.Moves(), func(m Move) bool { return m.IsPaco() && m.After().Equal(q) }) {
			t.Errorf("after Lc2 c4: no Paco move of Black leads to %s; paco paths: %v", q.FEN(), pacoPaths(after))
		}
	})
}

// ---- §15.1 other engine tests -------------------------------------------------------

func TestCatalogueEngineGames(t *testing.T) {
	t.Run("test_white_victory_after_pacosako", func(t *testing.T) {
		p := play(t, StartingPosition(), "Le2 e4 Ld7 d5 Lf1 b5 Ld5 e4 Lb5 e8")
		if p.Outcome().VictoryState() != "PacoVictory(White)" {
			t.Errorf("outcome %v, want PacoVictory(White)", p.Outcome())
		}
		if !p.Actions().IsEmpty() || len(p.Moves()) != 0 {
			t.Errorf("game over but actions %v, %d moves", p.Actions(), len(p.Moves()))
		}
		if _, err := p.Apply(Lift(A2)); !errors.Is(err, ErrGameOver) {
			t.Errorf("Apply after the game ended: %v, want ErrGameOver", err)
		}
	})
	t.Run("test_black_victory_after_pacosako", func(t *testing.T) {
		p := play(t, StartingPosition(), "Le2 e4 Lb8 c6 Le1 e2 Lc6 d4 Lf2 f3 Ld4 e2")
		if p.Outcome().VictoryState() != "PacoVictory(Black)" {
			t.Errorf("outcome %v, want PacoVictory(Black)", p.Outcome())
		}
		if !p.Actions().IsEmpty() || len(p.Moves()) != 0 {
			t.Errorf("game over but actions %v, %d moves", p.Actions(), len(p.Moves()))
		}
	})
	t.Run("test_more_than_50_turns_if_there_is_progress", func(t *testing.T) {
		// 23 knight cycles (92 half-moves) without progress, then the knights unite on d5.
		shuffle := strings.Repeat("Lb1 c3 Lg8 f6 Lc3 b1 Lf6 g8 ", 23) + "Lb1 c3 Lg8 f6 Lc3 d5"
		p := play(t, StartingPosition(), shuffle)
		if p.NoProgressCounter() != 95 || p.Outcome().IsOver() {
			t.Errorf("after 95 half-moves: counter %d, outcome %v; want 95, Running", p.NoProgressCounter(), p.Outcome())
		}
		p = play(t, p, "Lf6 d5")
		if p.NoProgressCounter() != 0 || p.Outcome().IsOver() {
			t.Errorf("after the union on d5: counter %d, outcome %v; want 0, Running", p.NoProgressCounter(), p.Outcome())
		}
	})
	t.Run("test_moving_the_opponents_pawn_to_their_home_row_resets_no_progress_on_this_turn", func(t *testing.T) {
		p := play(t, StartingPosition(), "Lb1 c3 Ld7 d5 Lc3 d5 Lg8 f6 Ld5 c3 Lf6 d5 Lc3 b1")
		if p.NoProgressCounter() != 4 || p.step != requirePromoteThenLift || p.Turn() != Black || p.PendingPromotion() != B1 {
			t.Errorf("before Promote(Q): counter %d, required %v, turn %v, pending %v; want 4, PromoteThenLift, Black, b1",
				p.NoProgressCounter(), p.step, p.Turn(), p.PendingPromotion())
		}
		p = play(t, p, "Q")
		if p.NoProgressCounter() != 0 || p.step != requireLift || p.Turn() != Black {
			t.Errorf("after Promote(Q): counter %d, required %v, turn %v; want 0, Lift, Black", p.NoProgressCounter(), p.step, p.Turn())
		}
		if got, want := p.FEN(), "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPPPPPP/RTBQKBNR b 0 AHah - -"; got != want {
			t.Errorf("FEN %s, want %s (games.tsv)", got, want)
		}
	})
	t.Run("test_half_move_count_during_chain_promotion", func(t *testing.T) {
		acts := shorthand(t, "Lf2 f4 Lg7 g5 Lf4 g5 Le7 e5 Lg5 g6 La7 a5 Ld2 d4 Le5 d4 Lc1 h6 La5 a4 "+
			"Lh6 f8 La8 a5 Lg6 g7 Lb8 a6 Ld1 d2 La5 h5 Ld2 g5 Ld8 f6 Lg5 g7 f8 Q d6")
		if len(acts) != 41 {
			t.Fatalf("%d actions, want 41", len(acts))
		}
		if got, want := FormatActions(acts[36:]), FormatActions(shorthand(t, "Lg5 g7 f8 Q d6")); got != want {
			t.Fatalf("sequence ends %s, want %s", got, want)
		}
		p, err := StartingPosition().ApplyAll(acts)
		if err != nil {
			t.Fatal(err)
		}
		if p.NoProgressCounter() != 0 || p.Outcome().IsOver() || p.Turn() != Black {
			t.Errorf("counter %d, outcome %v, turn %v; want 0, Running, Black (issue #52)", p.NoProgressCounter(), p.Outcome(), p.Turn())
		}
		if got, want := p.FEN(), "2b1kwnr/1ppp1pfp/n2B1q2/7r/p2a4/8/PPP1P1PP/RN2KBNR b 0 AHh - -"; got != want {
			t.Errorf("FEN %s, want %s (games.tsv)", got, want)
		}
	})
	t.Run("test_simple_knight_repetition", func(t *testing.T) {
		// draw_state.rs, n = 3: the knights unite on e5 at the 4th half-move (progress:
		// the repetition count starts again), then the union shuttles e5–f3–e5; the
		// position with the union on e5 and White to move occurs for the third time
		// at the 8th half-move.
		g := catalogueGame(t, NewGame(StartingPosition(), WithRepetitionLimit(3)),
			"Lg1 f3 Lb8 c6 Lf3 e5 Lc6 e5 Le5 f3 Lf3 e5 Le5 f3 Lf3 e5", 8)
		if got, want := g.Position().FEN(), "r1bqkbnr/pppppppp/8/4o3/8/8/PPPPPPPP/RNBQKB1R w 4 AHah - -"; got != want { // games.tsv
			t.Errorf("FEN %s, want %s", got, want)
		}
		if g.Outcome().VictoryState() != "RepetitionDraw" || g.RepetitionCount() != 3 {
			t.Errorf("outcome %v, repetition count %d; want RepetitionDraw, 3", g.Outcome(), g.RepetitionCount())
		}
	})
	t.Run("rollback_tests", func(t *testing.T) {
		// find_last_checkpoint_index (catalogue §2.5, §15.1): the checkpoint is the
		// action index after the last change of the controlling player; a finished
		// game returns its full length. Game.Rollback keeps the actions up to the
		// checkpoint. The histories are those of game_histories.tsv.
		cases := []struct {
			name, history string
			checkpoint    int
		}{
			{"test_rollback_settled_changed", "Le2 e4", 2},
			{"test_rollback_promotion", "Lb1 c3 Ld7 d5 Lc3 d5 Ld5 d4 Lb2 b4 Ld4 d3 Ld3 b2 Lb2 b1", 14},
			{"test_rollback_promotion_opponent", "Lb1 c3 Ld7 d5 Lc3 d5 Lh7 h6 Ld5 c3 Lh6 h5 Lc3 b1", 14},
			{"test_rollback_promotion_start_turn", "Lb1 c3 Ld7 d5 Lc3 d5 Lh7 h6 Ld5 c3 Lh6 h5 Lc3 b1 Q Lh5", 14},
			{"test_rollback_promotion_king_union", "Lf2 f4 Lf7 f5 Lg2 g4 Lf5 g4 Lf4 f5 La7 a6 Lf5 f6 La6 a5 Lf6 f7 La5 a4 Lf7 e8", 22},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				acts := shorthand(t, c.history)
				// The checkpoint by its definition, from the positions after each action.
				p, last := StartingPosition(), 0
				for i, a := range acts {
					q, err := p.Apply(a)
					if err != nil {
						t.Fatalf("action %d (%v): %v", i, a, err)
					}
					if q.Turn() != p.Turn() {
						last = i + 1
					}
					p = q
				}
				if p.Outcome().IsOver() {
					last = len(acts)
				}
				if last != c.checkpoint {
					t.Errorf("checkpoint by the definition %d, want %d", last, c.checkpoint)
				}
				g, err := NewGame(StartingPosition(), WithRepetitionLimit(0)).ApplyAll(acts)
				if err != nil {
					t.Fatal(err)
				}
				r := g.Rollback()
				if got := r.PlayedActions(); FormatActions(got) != FormatActions(acts[:c.checkpoint]) {
					t.Errorf("after Rollback: %d actions %s, want the first %d", len(got), FormatActions(got), c.checkpoint)
				}
			})
		}
	})
	t.Run("king_should_not_eat_rook", func(t *testing.T) {
		p := play(t, mustFEN(t, "brnbnqkr/pppppppp/8/8/8/8/PPPPPPPP/BRNBNQKR w 0 BHbh - -"),
			"Lc1 d3 Le8 d6 Le1 f3 Le7 e5 Le2 e4 Ld8 h4 Lf3 g5 Lc8 e7 Ld3 f4 Le7 f5 Lf1 c4 Ld6 c4 Ld1 e2 Lc4 b6 Lg1 b1")
		if got, want := p.FEN(), "br3qkr/pppp1ppp/1t6/4pnN1/4PN1b/8/PPPPBPPP/B1KR3R b 3 bh - -"; got != want {
			t.Errorf("FEN %s, want %s", got, want)
		}
	})
}

// ---- §15.1 FEN tests --------------------------------------------------------------

func TestCatalogueFEN(t *testing.T) {
	roundTrip := func(t *testing.T, fen string) {
		t.Helper()
		if got := mustFEN(t, fen).FEN(); got != fen {
			t.Errorf("round trip of %s gives %s", fen, got)
		}
	}
	t.Run("start", func(t *testing.T) {
		if got := StartingPosition().FEN(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -" {
			t.Errorf("start FEN %s", got)
		}
		roundTrip(t, StartFEN)
	})
	t.Run("en_passant", func(t *testing.T) {
		p := play(t, StartingPosition(), "Ld2 d4")
		if got, want := p.FEN(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -"; got != want {
			t.Errorf("after Ld2 d4: %s, want %s", got, want)
		}
		p = play(t, p, "Lf7 f5")
		want := "rnbqkbnr/ppppp1pp/8/5p2/3P4/8/PPP1PPPP/RNBQKBNR w 2 AHah f6 -"
		if got := p.FEN(); got != want {
			t.Errorf("after Lf7 f5: %s, want %s", got, want)
		}
		roundTrip(t, want)
		if q := mustFEN(t, want); !q.Equal(p) || q.EnPassant() != F6 {
			t.Errorf("parsed %s is not the played position (ep %v)", want, q.EnPassant())
		}
	})
	t.Run("lifted_piece", func(t *testing.T) {
		want := "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"
		p := play(t, StartingPosition(), "Ld2")
		if got := p.FEN(); got != want {
			t.Errorf("after Ld2: %s, want %s", got, want)
		}
		q := mustFEN(t, want)
		if q.step != requirePlace || q.Hand() != (Hand{Color: White, Piece: Pawn, Square: D2}) || !q.Equal(p) {
			t.Errorf("parsed %s: required %v, hand %+v, equal to played %v", want, q.step, q.Hand(), q.Equal(p))
		}
		roundTrip(t, want)
	})
	t.Run("empty_board", func(t *testing.T) {
		fen := "8/8/8/8/8/8/8/8 w 0 - - -"
		roundTrip(t, fen)
		p := mustFEN(t, fen)
		if !p.Actions().IsEmpty() || len(p.Moves()) != 0 || p.Outcome().IsOver() || p.Threats(White) != 0 || p.Threats(Black) != 0 {
			t.Errorf("empty board: actions %v, %d moves, outcome %v", p.Actions(), len(p.Moves()), p.Outcome())
		}
	})
}

// ---- §15.1 notation test, notation-free part -------------------------------------

func TestCatalogueGivesOpponentPacoOpportunity(t *testing.T) {
	p := play(t, mustFEN(t, "r1bqkbnr/ppp1pppp/2n5/1B1p4/3PP3/8/PPP2PPP/RNBQK1NR b 0 AHah - -"), "Lc6 d4")
	// Nc6xd4 formed a union: White now has Lb5 e8.
	if !p.Threats(White).Has(E8) {
		t.Errorf("e8 ∉ Threats(White) = %v", p.Threats(White))
	}
	want := []string{FormatActions(shorthand(t, "Lb5 e8"))}
	if diff := cmp.Diff(want, pacoPaths(p)); diff != "" {
		t.Errorf("White's paco paths (-want +got):\n%s", diff)
	}
}

// ---- §15.2 action sets: L, M, K, X2 -------------------------------------------------

func TestCatalogueActionSets(t *testing.T) {
	tests := []struct {
		id, fen, actions string
		kind             ActionKind
		want             string // exact set of squares of Actions()
		has, hasNot      string // squares that must / must not be in it (in addition)
	}{
		{id: "L1", fen: "4k3/8/8/8/8/p7/P7/4K3 w 0 - - -", kind: LiftKind, want: "e1", hasNot: "a2"},
		{id: "L2", fen: "4k3/8/8/8/8/8/8/I3K3 w 0 - - -", kind: LiftKind, want: "a1 e1"},
		{id: "L3", fen: "4k3/8/8/8/8/8/8/I3K3 b 0 - - -", actions: "La1", kind: PlaceKind, want: "b3 c2"},
		{id: "M1", fen: "4k3/8/8/8/8/8/p7/I3K3 w 0 - - -", actions: "La1", kind: PlaceKind, want: "b1 c1 d1"},
		{id: "M2", fen: "4k3/8/8/8/8/1p6/C7/4K3 w 0 - - -", actions: "La2", kind: PlaceKind, want: "a3 a4", hasNot: "b3"},
		{id: "M4", fen: "4k3/8/8/8/8/8/3pa3/4K3 w 0 - - -", actions: "Le1", kind: PlaceKind, want: "d1 f1 f2"},
		{id: "M5", fen: "4k3/8/8/8/8/8/8/r3K3 w 0 - - -", actions: "Le1", kind: PlaceKind, want: "d1 d2 e2 f1 f2"},
		{id: "K1", fen: "4k3/8/8/8/8/8/8/R3K2R w 0 AH - -", actions: "Le1", kind: PlaceKind, want: "c1 d1 d2 e2 f1 f2 g1"},
		{id: "K3", fen: "4r2k/8/8/8/8/8/8/4K2R w 0 H - -", actions: "Le1", kind: PlaceKind, want: "d1 d2 e2 f1 f2", hasNot: "g1"},
		{id: "K4", fen: "1r5k/8/8/8/8/8/8/R3K3 w 0 A - -", actions: "Le1", kind: PlaceKind, want: "c1 d1 d2 e2 f1 f2", has: "c1"},
		{id: "K5", fen: "r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -", actions: "Le8", kind: PlaceKind,
			want: "d8 e7 f8", hasNot: "g8"},
		{id: "K5b", fen: "r1q1k2r/p1Pb1ppp/5n2/1f1p4/A6P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -", actions: "Le8", kind: PlaceKind,
			want: "d8 e7 f8 g8"},
		{id: "K6", fen: "i3k2r/2p5/8/8/8/8/8/4K3 w 0 ah - -", actions: "La8 b6 Lc7 c6 Lb6 a8 Le8", kind: PlaceKind,
			want: "d7 d8 e7 f7 f8 g8", hasNot: "c8"},
		{id: "K8", fen: "4k2r/8/8/7D/5D2/8/2P5/K7 b 0 h - -", actions: "Lh8 h5 f4 h5 h8 Lc2 c3 Le8", kind: PlaceKind,
			want: "d7 d8 e7 f7 f8", hasNot: "g8"},
		{id: "X2", fen: "4k3/8/8/4W3/8/8/8/4K3 w 0 - - -", actions: "Le5 g3 Lg3", kind: PlaceKind, has: "e5"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			p := play(t, mustFEN(t, tc.fen), tc.actions)
			acts := p.Actions()
			if acts.Kind() != tc.kind {
				t.Errorf("%s after %q: actions %v are of kind %v, want %v", tc.fen, tc.actions, acts, acts.Kind(), tc.kind)
			}
			got := acts.Squares()
			if tc.want != "" {
				if diff := cmp.Diff(names(squareList(t, tc.want)), names(got)); diff != "" {
					t.Errorf("%s after %q: squares of Actions() (-want +got):\n%s", tc.fen, tc.actions, diff)
				}
			}
			if w := squareList(t, tc.has); got&w != w {
				t.Errorf("%s after %q: Actions() %v lacks %v", tc.fen, tc.actions, got, w&^got)
			}
			if w := squareList(t, tc.hasNot); got&w != 0 {
				t.Errorf("%s after %q: Actions() %v offers %v", tc.fen, tc.actions, got, got&w)
			}
		})
	}
	// The castling rights the K vectors say are lost.
	t.Run("K6/rights", func(t *testing.T) {
		p := play(t, mustFEN(t, "i3k2r/2p5/8/8/8/8/8/4K3 w 0 ah - -"), "La8 b6 Lc7 c6 Lb6 a8")
		if got := p.Castling().String(); got != "h" {
			t.Errorf("castling %q, want \"h\" (the white pair move from a8 forfeits Black's a-rook right)", got)
		}
	})
	t.Run("K8/rights", func(t *testing.T) {
		p := play(t, mustFEN(t, "4k2r/8/8/7D/5D2/8/2P5/K7 b 0 h - -"), "Lh8 h5 f4 h5 h8")
		if got := p.Castling().String(); got != "-" {
			t.Errorf("castling %q, want \"-\" (the rook was lifted from h8)", got)
		}
		// The chain put every piece back where it stood.
		if got, want := p.Board(), mustFEN(t, "4k2r/8/8/7D/5D2/8/2P5/K7 b 0 h - -").Board(); got != want {
			t.Errorf("board after the idempotent chain:\n%v\nwant\n%v", got, want)
		}
	})
}

// ---- §15.2 resulting FENs ---------------------------------------------------------

func TestCatalogueResultFEN(t *testing.T) {
	tests := []struct{ id, fen, actions, want string }{
		{"M3", "4k3/8/8/8/8/8/8/C3K3 w 0 - - -", "La1 a3", "4k3/8/8/8/8/C7/8/4K3 b 1 - - -"},
		{"C1", "start", "Le2 e4 Ld7 d5 Le4 d5 Ld8 d5 d4", "rnb1kbnr/ppp1pppp/8/3F4/3p4/8/PPPP1PPP/RNBQKBNR w 1 AHah - -"},
		{"C3", "4k3/8/8/8/R7/8/8/I3K3 w 0 - - -", "La4 a1 a4", "4k3/8/8/8/R7/8/8/I3K3 b 1 - - -"},
		{"E1", "start", "Ld2 d4", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b 1 AHah d3 -"},
		{"E2", "4k3/8/8/8/1p6/8/P7/4K3 w 0 - - -", "La2 a4 Lb4 a3", "4k3/8/8/8/8/a7/8/4K3 w 0 - - -"},
		{"E3", "4k3/8/8/8/1p6/8/C7/4K3 w 0 - - -", "La2 a4 Lb4 a3", "4k3/8/8/8/8/a7/8/4K3^a3r b 2 - - -"},
		{"E4", "4k3/3p4/8/4D2R/8/8/8/4K3 b 0 - - -", "Ld7 d5 Lh5 e5 d6", "4k3/8/3a4/4I3/8/8/8/4K3 b 0 - - -"},
		{"E5", "4k3/3e4/8/4D2R/8/8/8/4K3 b 0 - - -", "Ld7 d5 Lh5 e5 d6", "4k3/8/3a4/4I3/8/8/8/4K3^d6B w 2 - - -"},
		{"E6", "4k3/8/8/8/8/8/1a6/1R2K3 w 0 - - -", "Lb1 b2 b4", "4k3/8/8/8/1P6/8/1c6/4K3 b 1 - b3 -"},
		{"E7", "4k3/8/8/8/8/8/C7/4K3 w 0 - - -", "La2 a4", "4k3/8/8/8/C7/8/8/4K3 b 1 - a3 -"},
		{"P2b", "4k3/7C/8/8/8/8/8/4K3 b 0 - - -", "Lh7 h8 N", "4k2i/8/8/8/8/8/8/4K3 w 0 - - -"},
		{"P5", "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -", "Lh2 h8 N Lh1 h8 g6",
			"rnbqkbnh/pppppp2/5pN1/5p2/8/8/PPPPPPP1/RNBQKBN1 b 1 Aah - -"},
		{"K2", "4k3/8/8/8/8/8/8/4K2I w 0 H - -", "Le1 g1", "4k3/8/8/8/8/8/8/5IK1 b 1 - - -"},
		// QUIRK (catalogue §7.4): the chain-released rook keeps the castling right.
		{"K7", "4k3/8/8/8/8/5B2/8/4K2I w 0 H - -", "Lf3 h1 h4 Le8 d8 Le1 g1", "3k4/8/8/8/7R/8/8/5sK1 b 3 - - -"},
		{"K9", "nnrkqrbb/pppppppp/8/8/8/8/PPPPPPPP/NNRKQRBB w 0 CFcf - -", "Lf2 f4 Lb8 c6 Le1 h4 Lf7 f6 Lg1 b6 Le8 g6 Ld1 f1",
			"n1rk1rbb/ppppp1pp/1Bn2pq1/8/5P1Q/8/PPPPP1PP/NNR2RKB b 7 cf - -"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			p := play(t, catFEN(t, tc.fen), tc.actions)
			if got := p.FEN(); got != tc.want {
				t.Errorf("%s after %q:\n got  %s\n want %s", tc.fen, tc.actions, got, tc.want)
			}
		})
	}
}

// ---- §15.2 chains: C2 (dead end), C3 (pass) -----------------------------------------

func TestCatalogueChains(t *testing.T) {
	t.Run("C2", func(t *testing.T) {
		start := mustFEN(t, "4k3/8/8/p7/D7/8/8/R3K3 w 0 - - -")
		lifted := play(t, start, "La1")
		if !lifted.Actions().Contains(Place(A4)) {
			t.Errorf("after La1 the engine offers a4; Actions() = %v", lifted.Actions())
		}
		if lifted.CompletableActions().Contains(Place(A4)) {
			t.Errorf("CompletableActions() offers the dead end a4: %v", lifted.CompletableActions())
		}
		p := play(t, lifted, "a4")
		if p.step != requirePlace || !p.Actions().IsEmpty() || p.Outcome().IsOver() {
			t.Errorf("after La1 a4: required %v, actions %v, outcome %v; want Place, none, Running", p.step, p.Actions(), p.Outcome())
		}
		if n := len(p.Moves()); n != 0 {
			t.Errorf("the dead end has %d completions, want 0", n)
		}
		for _, m := range start.Moves() {
			if m.Len() >= 2 && m.path()[0] == Lift(A1) && m.path()[1] == Place(A4) {
				t.Errorf("move %v goes through the dead end", m)
			}
		}
	})
	t.Run("C3", func(t *testing.T) {
		start := mustFEN(t, "4k3/8/8/8/R7/8/8/I3K3 w 0 - - -")
		pass := play(t, start, "La4 a1 a4")
		direct := play(t, start, "La4 a3")
		viaA1 := play(t, start, "La4 a1 a3")
		if !direct.Equal(viaA1) || direct.FEN() != viaA1.FEN() {
			t.Errorf("La4 a3 → %s and La4 a1 a3 → %s differ", direct.FEN(), viaA1.FEN())
		}
		var toPass, toA3 []string
		for _, m := range start.Moves() {
			if m.After().Equal(pass) {
				toPass = append(toPass, m.String())
			}
			if m.After().Equal(direct) {
				toA3 = append(toA3, m.String())
			}
		}
		if diff := cmp.Diff([]string{FormatActions(shorthand(t, "La4 a1 a4"))}, toPass); diff != "" {
			t.Errorf("moves leading to the pass (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{FormatActions(shorthand(t, "La4 a3"))}, toA3); diff != "" {
			t.Errorf("moves leading to the rook on a3 (-want +got):\n%s", diff)
		}
	})
}

// ---- §15.2 promotion: P1–P4 ---------------------------------------------------------

func TestCataloguePromotion(t *testing.T) {
	allFour := []Action{Promote(Knight), Promote(Bishop), Promote(Rook), Promote(Queen)}
	collect := func(s ActionSet) []Action { return slices.Collect(s.All()) }
	t.Run("P1", func(t *testing.T) {
		p := play(t, mustFEN(t, "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -"), "Lc7 c8")
		if p.step != requirePromoteThenFinish || p.Turn() != White || p.PendingPromotion() != C8 {
			t.Errorf("required %v, turn %v, pending %v; want PromoteThenFinish, White, c8", p.step, p.Turn(), p.PendingPromotion())
		}
		if diff := cmp.Diff(allFour, collect(p.Actions())); diff != "" {
			t.Errorf("actions (-want +got):\n%s", diff)
		}
	})
	t.Run("P2", func(t *testing.T) {
		p := play(t, mustFEN(t, "4k3/7C/8/8/8/8/8/4K3 b 0 - - -"), "Lh7 h8")
		if p.step != requirePromoteThenLift || p.Turn() != White || p.PendingPromotion() != H8 {
			t.Errorf("required %v, turn %v, pending %v; want PromoteThenLift, White, h8", p.step, p.Turn(), p.PendingPromotion())
		}
		if diff := cmp.Diff(allFour, collect(p.Actions())); diff != "" {
			t.Errorf("actions (-want +got):\n%s", diff)
		}
	})
	t.Run("P3", func(t *testing.T) {
		p := play(t, mustFEN(t, "6yn/6k1/e2P1dp1/4DE2/P1aP4/d1c1wK2/4pQ2/1r1W1C2 b 1 - - -"), "Le2 d1")
		wantHand := Hand{Color: Black, Piece: Queen, Square: D1}
		if p.step != requirePromoteThenPlace || p.Turn() != Black || p.Hand() != wantHand {
			t.Errorf("required %v, turn %v, hand %+v; want PromoteThenPlace, Black, %+v", p.step, p.Turn(), p.Hand(), wantHand)
		}
		if diff := cmp.Diff(allFour, collect(p.Actions())); diff != "" {
			t.Errorf("actions (-want +got):\n%s", diff)
		}
		p = play(t, p, "Q")
		if got, want := p.Board().Cell(D1), (Cell{White: Bishop, Black: Queen}); got != want {
			t.Errorf("d1 holds %v, want %v", got, want)
		}
		if p.step != requirePlace || p.Turn() != Black || p.Hand() != wantHand || p.Actions().Kind() != PlaceKind {
			t.Errorf("after Q: required %v, turn %v, hand %+v, actions %v; want Place, Black, %+v, places",
				p.step, p.Turn(), p.Hand(), p.Actions(), wantHand)
		}
	})
	t.Run("P4", func(t *testing.T) {
		p := play(t, mustFEN(t, "4k3/3P4/8/8/8/8/8/4K3 w 0 - - -"), "Ld7 e8")
		if p.Outcome().VictoryState() != "PacoVictory(White)" || p.step != requirePromoteThenFinish {
			t.Errorf("outcome %v, required %v; want PacoVictory(White), PromoteThenFinish", p.Outcome(), p.step)
		}
		if !p.Actions().IsEmpty() || len(p.Moves()) != 0 {
			t.Errorf("actions %v, %d moves; want none", p.Actions(), len(p.Moves()))
		}
		if p.Board().Cell(E8) != (Cell{White: Pawn, Black: King}) {
			t.Errorf("e8 holds %v, want an unpromoted white pawn with the black king", p.Board().Cell(E8))
		}
	})
}

// ---- §15.2 draws and counters: D1–D3 ------------------------------------------------

func TestCatalogueDraws(t *testing.T) {
	t.Run("D1", func(t *testing.T) {
		// Repetition, n = 3, the start position not counted (§10.2): running after
		// 8 half-moves, drawn after the 9th.
		cycle := "Lg1 f3 Lg8 f6 Lf3 g1 Lf6 g8 "
		g := catalogueGame(t, NewGame(StartingPosition(), WithRepetitionLimit(3)), strings.Repeat(cycle, 2)+"Lg1 f3", 9)
		if g.Outcome().VictoryState() != "RepetitionDraw" || g.RepetitionCount() != 3 {
			t.Errorf("outcome %v, repetition count %d; want RepetitionDraw, 3", g.Outcome(), g.RepetitionCount())
		}
		if g.Position().Outcome().IsOver() || g.Position().NoProgressCounter() != 9 {
			t.Errorf("position: outcome %v, counter %d; want Running (the draw is the game's), 9", g.Position().Outcome(), g.Position().NoProgressCounter())
		}
	})
	t.Run("D2", func(t *testing.T) {
		cycle := "Lb1 c3 Lg8 f6 Lc3 b1 Lf6 g8 "
		p := play(t, StartingPosition(), strings.Repeat(cycle, 24)+"Lb1 c3 Lg8 f6 Lc3 b1")
		if p.NoProgressCounter() != 99 || p.Outcome().IsOver() {
			t.Errorf("after 99 half-moves: counter %d, outcome %v; want 99, Running", p.NoProgressCounter(), p.Outcome())
		}
		p = play(t, p, "Lf6 g8")
		if p.Outcome().VictoryState() != "NoProgressDraw" || p.NoProgressCounter() != 100 {
			t.Errorf("after 100 half-moves: outcome %v, counter %d; want NoProgressDraw, 100", p.Outcome(), p.NoProgressCounter())
		}
		if !p.Actions().IsEmpty() || len(p.Moves()) != 0 {
			t.Errorf("draw but actions %v, %d moves", p.Actions(), len(p.Moves()))
		}
		// Same thing in one go, as the vector writes it.
		q := play(t, StartingPosition(), strings.Repeat(cycle, 25))
		if q.Outcome().VictoryState() != "NoProgressDraw" {
			t.Errorf("(cycle)×25: outcome %v", q.Outcome())
		}
	})
	t.Run("D3", func(t *testing.T) {
		p := play(t, StartingPosition(), "Le2 e4 Ld7 d5 Le4 d5 Le7 e6 Lc2 c4 Le6 d5 d4")
		if p.NoProgressCounter() != 3 || p.Outcome().IsOver() || !p.IsSettled() {
			t.Errorf("counter %d, outcome %v, settled %v; want 3, Running, true", p.NoProgressCounter(), p.Outcome(), p.IsSettled())
		}
	})
}

// ---- §15.2 X1 (issue #140): enumeration terminates with 693 moves -------------------

func TestCatalogueIssue140(t *testing.T) {
	t.Run("X1", func(t *testing.T) {
		p := mustFEN(t, "2k5/p1pr2ap/2d1Qj2/1b1ptp2/1b1a4/2Nsq3/PPP2RPP/R5K1 w 3 - - -")
		type result struct {
			moves    []Move
			explored int
		}
		done := make(chan result, 1)
		go func() {
			s := getSearcher()
			defer putSearcher(s)
			s.search(&p, nil)
			// The engine's explored states are every state reached by an action
			// (found_via): the unsettled nodes without the root, plus the settled ones.
			done <- result{p.Moves(), len(s.nodes) - 1 + len(s.results)}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(60 * time.Second):
			t.Fatal("move enumeration did not terminate within 60s")
		}
		if len(r.moves) != 693 {
			t.Errorf("%d moves, want 693", len(r.moves))
		}
		if n := p.MoveCount(); n != 693 {
			t.Errorf("MoveCount() = %d, want 693", n)
		}
		seen := map[string]bool{}
		for _, m := range r.moves {
			seen[m.After().FEN()] = true
		}
		if len(seen) != len(r.moves) {
			t.Errorf("%d moves but only %d distinct resulting positions", len(r.moves), len(seen))
		}
		if r.explored != 864 {
			t.Errorf("explored %d states, the engine explores 864", r.explored)
		}
	})
}
