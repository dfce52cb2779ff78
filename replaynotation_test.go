package pacosako

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// replayStart returns the start position of a game_histories.tsv row and the game
// the engine would create for it ("new": repetition draws off; a FEN: on).
func replayStart(t testing.TB, start string) (Position, Game) {
	t.Helper()
	if start == "new" {
		return StartingPosition(), NewGame(StartingPosition(), WithRepetitionLimit(0))
	}
	p := mustFEN(t, start)
	return p, NewGame(p)
}

func replayIndices(idx []int) string {
	s := make([]string, len(idx))
	for i, n := range idx {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// TestReplayNotationReference writes every history of game_histories.tsv in the
// engine's replay notation and compares each half-move with notation.tsv (columns
// half_move, move_number, player, labels, action_indices, actions); then reads the
// labels back, per half-move and as a whole game, and requires the original
// actions. testdata/notation.tsv holds the rows of the module's own histories.
func TestReplayNotationReference(t *testing.T) {
	bothRows(t, "game_histories.tsv", "game_histories.tsv", func(t *testing.T, hist [][]string) {
		notes := localRows(t, "notation.tsv")
		if strings.HasSuffix(t.Name(), "/shared") {
			notes = sharedRows(t, "notation.tsv")
		}
		want := map[string][][]string{}
		for _, r := range notes {
			want[r[0]] = append(want[r[0]], r)
		}
		games, rows := 0, 0
		for _, h := range hist {
			name := h[0]
			start, game := replayStart(t, h[1])
			acts := mustActions(t, h[2])
			got, err := ReplayNotation(start, acts)
			if err != nil {
				t.Errorf("%s: ReplayNotation: %v", name, err)
				continue
			}
			w := want[name]
			if len(got) != len(w) {
				t.Errorf("%s: %d half-moves, notation.tsv has %d", name, len(got), len(w))
			}
			var all []string
			for i, hm := range got {
				all = append(all, hm.Labels...)
				if i >= len(w) {
					break
				}
				gotRow := []string{name, strconv.Itoa(hm.HalfMove), strconv.Itoa(hm.MoveNumber), hm.Player.String(),
					hm.String(), replayIndices(hm.ActionIndices), FormatActions(hm.Actions)}
				if diff := cmp.Diff(w[i][:7], gotRow); diff != "" {
					t.Errorf("%s half-move %d (-engine +ours):\n%s", name, i+1, diff)
					continue
				}
				if wantComplete := i < len(got)-1 || replayTurnPassed(t, start, acts); hm.Complete != wantComplete {
					t.Errorf("%s half-move %d: Complete = %v", name, i+1, hm.Complete)
				}
				// Each row's labels column reads back as the half-move's actions.
				var before []Action
				for _, prev := range got[:i] {
					before = append(before, prev.Actions...)
				}
				p, err := start.ApplyAll(before)
				if err != nil {
					t.Fatal(err)
				}
				back, err := ParseReplayNotation(p, []string{w[i][4]})
				if err != nil {
					t.Errorf("%s half-move %d: ParseReplayNotation(%q): %v", name, i+1, w[i][4], err)
				} else if diff := cmp.Diff(hm.Actions, back); diff != "" {
					t.Errorf("%s half-move %d: ParseReplayNotation(%q) (-want +got):\n%s", name, i+1, w[i][4], diff)
				}
				rows++
			}
			// The whole game, label by label.
			back, err := ParseReplayNotation(start, all)
			if err != nil {
				t.Errorf("%s: ParseReplayNotation(all labels): %v", name, err)
			} else if diff := cmp.Diff(acts, back); diff != "" {
				t.Errorf("%s: ParseReplayNotation(all labels) (-want +got):\n%s", name, diff)
			}
			// The game the engine plays (with its history rules) takes every action.
			if _, err := game.ApplyAll(acts); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			games++
		}
		t.Logf("%d histories, %d half-moves matched and read back", games, rows)
	})
}

// replayTurnPassed reports whether the history ends with the turn passing or the
// game over (the last half-move is complete).
func replayTurnPassed(t testing.TB, start Position, acts []Action) bool {
	t.Helper()
	p := start
	passed := false
	for _, a := range acts {
		q, err := p.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		passed = q.turn != p.turn || q.Outcome().IsOver()
		p = q
	}
	return passed
}

// TestReplayNotationExamples covers the examples and quirks of catalogue §13.1 with
// positions built for them.
func TestReplayNotationExamples(t *testing.T) {
	tests := []struct {
		name, fen, actions string
		want               []string // one string per half-move
		indices            string   // action indices of the last half-move
	}{
		{"simple", StartFEN, "Lift(d2) Place(d4)", []string{"d2>d4"}, "2"},
		{"chain", StartFEN, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4)",
			[]string{"e2>e4", "d7>d5", "e4xd5", "Qd8>Pd5 >d4"}, "8,9"},
		{"rules-page chain", "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", "Lift(f3) Place(e4) Place(c3) Place(c6)",
			[]string{"Bf3>Ne4 >Qc3 xQc6"}, "2,3,4"},
		{"start-of-turn promotion", "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -",
			"Lift(h2) Place(h8) Promote(Knight) Lift(h1) Place(h8) Place(g6)",
			[]string{"RPh2>h8", "=N :Rh1>Nh8 >g6"}, "3,5,6"},
		{"start-of-turn promotion, unfinished", "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -",
			"Lift(h2) Place(h8) Promote(Knight) Lift(h1)", []string{"RPh2>h8", "=N :Rh1"}, "3,4"},
		{"castling", "r3kbnr/ppp2ppp/2n5/1B1pp3/1PP1P1bq/5N2/P2P1PPP/RNBQK2R w 0 AHah - -",
			"Lift(e1) Place(g1) Lift(e8) Place(c8) Lift(g1) Place(h1) Lift(c8) Place(d7)",
			[]string{"0-0", "0-0-0", "Kg1>h1", "Kc8>d7"}, "8"},
		{"fischer castling", "4k3/8/8/8/8/8/8/4KR2 w 0 F - -", "Lift(e1) Place(f1)", []string{"0-0"}, "2"},
		// En passant on a lone pawn: the partner is read before the swap.
		{"en passant, lone pawn", "4k3/8/8/8/Pp6/8/8/4K3 b 0 - a3 -", "Lift(b4) Place(a3)", []string{"b4>a3"}, "2"},
		// En passant on a union that double-stepped: a chain.
		{"en passant, union", "4k3/8/8/8/Cp6/8/8/4K3 b 0 - a3 -", "Lift(b4) Place(a3) Place(a1)", []string{"b4>Ra3 >a1"}, "2,3"},
		// A promotion in the middle of a chain.
		{"mid-chain promotion", "4k3/8/8/8/8/8/4p3/3F3K b 0 - - -", "Lift(e2) Place(d1) Promote(Queen) Place(d2)",
			[]string{"e2>Qd1 =Q >d2"}, "2,3,4"},
		{"own promotion", "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -", "Lift(c7) Place(c8) Promote(Rook)", []string{"c7>c8 =R"}, "2,3"},
		{"pair move", "4k3/8/8/8/8/8/4C3/4K3 w 0 - - -", "Lift(e2) Place(e4)", []string{"PRe2>e4"}, "2"},
		{"paco", "1k6/8/8/8/8/8/8/1R2K3 w 0 - - -", "Lift(e1) Place(e2) Lift(b8) Place(a8) Lift(b1) Place(a1) Lift(a8) Place(a7) Lift(a1) Place(a7)",
			[]string{"Ke1>e2", "Kb8>a8", "Rb1>a1", "Ka8>a7", "Ra1xKa7"}, "10"},
		{"paco by a promoting pawn", "4k3/5P2/8/8/8/8/8/4K3 w 0 - - -", "Lift(f7) Place(e8)", []string{"f7xKe8"}, "2"},
		{"lifted", StartFEN, "Lift(d2)", []string{"d2"}, "1"},
		{"nothing", StartFEN, "", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := mustFEN(t, tc.fen)
			acts := mustActions(t, tc.actions)
			hms, err := ReplayNotation(start, acts)
			if err != nil {
				t.Fatalf("ReplayNotation: %v", err)
			}
			var got []string
			var all []string
			for _, hm := range hms {
				got = append(got, hm.String())
				all = append(all, hm.Labels...)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("labels (-want +got):\n%s", diff)
			}
			if len(hms) > 0 {
				if idx := replayIndices(hms[len(hms)-1].ActionIndices); idx != tc.indices {
					t.Errorf("action indices of the last half-move: %s, want %s", idx, tc.indices)
				}
			}
			back, err := ParseReplayNotation(start, all)
			if err != nil {
				t.Fatalf("ParseReplayNotation(%q): %v", all, err)
			}
			if FormatActions(back) != FormatActions(acts) {
				t.Errorf("ParseReplayNotation(%q) = %v, want %v", all, back, acts)
			}
		})
	}
}

func TestReplayNotationNumbering(t *testing.T) {
	// Black starts: move 1 is Black's, White's reply is move 2.
	start := mustFEN(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 0 AHah e3 -")
	hms, err := ReplayNotation(start, mustActions(t, "Lift(e7) Place(e5) Lift(g1) Place(f3) Lift(b8)"))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		HalfMove, MoveNumber int
		Player               Color
		Complete             bool
	}
	var got []row
	for _, h := range hms {
		got = append(got, row{h.HalfMove, h.MoveNumber, h.Player, h.Complete})
	}
	want := []row{{1, 1, Black, true}, {2, 2, White, true}, {3, 2, Black, false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("numbering (-want +got):\n%s", diff)
	}
}

func TestReplayNotationIllegal(t *testing.T) {
	for _, tc := range []struct {
		name, fen, actions string
		index              int
		err                error
	}{
		{"illegal place", StartFEN, "Lift(e2) Place(e5)", 1, ErrIllegalAction},
		{"illegal lift", StartFEN, "Lift(e2) Place(e4) Lift(e2)", 2, ErrIllegalAction},
		{"after paco", "8/5k2/8/8/2B5/8/8/8 w 0 - - -", "Lift(c4) Place(f7) Lift(f7)", 2, ErrGameOver},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReplayNotation(mustFEN(t, tc.fen), mustActions(t, tc.actions))
			var ae *ActionError
			if !errors.As(err, &ae) || !errors.Is(err, tc.err) || ae.Index != tc.index {
				t.Errorf("err = %v, want an *ActionError at index %d wrapping %v", err, tc.index, tc.err)
			}
		})
	}
}

func TestParseReplayNotationLenient(t *testing.T) {
	start := StartingPosition()
	want := mustActions(t, "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4)")
	for _, in := range [][]string{
		{"e2>e4", "d7>d5", "e4xd5", "Qd8>Pd5", ">d4"},
		{"e2>e4 d7>d5 e4xd5 Qd8>Pd5 >d4"},
		{"e2>e4d7>d5e4xd5Qd8>Pd5>d4"},
		{" e2 >e4\td7>d5 ", "e4xd5 Qd8 >Pd5 >d4 "},
		{"e2>e4", ":d7>d5", "e4xd5", "Qd8>Pd5", ">d4"},
	} {
		got, err := ParseReplayNotation(start, in)
		if err != nil {
			t.Errorf("ParseReplayNotation(%q): %v", in, err)
		} else if FormatActions(got) != FormatActions(want) {
			t.Errorf("ParseReplayNotation(%q) = %v, want %v", in, got, want)
		}
	}
	// The ':' after a start-of-turn promotion is optional; O-O is read as 0-0.
	p := mustFEN(t, "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -")
	if got, err := ParseReplayNotation(p, []string{"RPh2>h8 =N Rh1>Nh8 >g6"}); err != nil || FormatActions(got) != "Lift(h2) Place(h8) Promote(Knight) Lift(h1) Place(h8) Place(g6)" {
		t.Errorf("without ':': %v, %v", got, err)
	}
	p = mustFEN(t, "r3kbnr/ppp2ppp/2n5/1B1pp3/1PP1P1bq/5N2/P2P1PPP/RNBQK2R w 0 AHah - -")
	if got, err := ParseReplayNotation(p, []string{"O-O", "O-O-O"}); err != nil || FormatActions(got) != "Lift(e1) Place(g1) Lift(e8) Place(c8)" {
		t.Errorf("O-O O-O-O: %v, %v", got, err)
	}
}

func TestParseReplayNotationErrors(t *testing.T) {
	const castleFEN = "r3kbnr/ppp2ppp/2n5/1B1pp3/1PP1P1bq/5N2/P2P1PPP/RNBQK2R w 0 AHah - -"
	tests := []struct {
		name   string
		fen    string
		labels []string
		err    error
		offset int // for syntax errors
	}{
		// Syntax.
		{"bad square", StartFEN, []string{"e9>e4"}, ErrInvalidNotation, 0},
		{"bad target", StartFEN, []string{"e2>e9"}, ErrInvalidNotation, 3},
		{"missing target", StartFEN, []string{"e2>"}, ErrInvalidNotation, 3},
		{"king promotion", StartFEN, []string{"e2>e4", "=K"}, ErrInvalidNotation, 1},
		{"unknown character", StartFEN, []string{"e2-e4"}, ErrInvalidNotation, 2},
		{"colon before place", StartFEN, []string{"e2", ":>e4"}, ErrInvalidNotation, 1},
		{"half castling", StartFEN, []string{"0-"}, ErrInvalidNotation, 0},
		{"three letters", StartFEN, []string{"PRQe2"}, ErrInvalidNotation, 2},
		{"lower-case piece", StartFEN, []string{"nb1>c3"}, ErrInvalidNotation, 0},
		{"non-ASCII", StartFEN, []string{"e2>e4 Ŝ"}, ErrInvalidNotation, 6},
		// Semantics.
		{"illegal place", StartFEN, []string{"e2>e5"}, ErrIllegalMove, 0},
		{"illegal lift", StartFEN, []string{"e3>e4"}, ErrIllegalMove, 0},
		{"wrong piece letter", StartFEN, []string{"Ne2>e4"}, ErrIllegalMove, 0},
		{"pawn written P", StartFEN, []string{"Pe2>e4"}, ErrIllegalMove, 0},
		{"x on an empty square", StartFEN, []string{"e2xe4"}, ErrIllegalMove, 0},
		{"> forming a union", StartFEN, []string{"e2>e4 d7>d5 e4>d5"}, ErrIllegalMove, 0},
		{"wrong partner", StartFEN, []string{"e2>e4 d7>d5 e4xNd5"}, ErrIllegalMove, 0},
		{"wrong released piece", StartFEN, []string{"e2>e4 d7>d5 e4xd5 Qd8>Nd5"}, ErrIllegalMove, 0},
		{"chain written as end", StartFEN, []string{"e2>e4 d7>d5 e4xd5 Qd8xd5"}, ErrIllegalMove, 0},
		{"place first", StartFEN, []string{">e4"}, ErrIllegalMove, 0},
		{"promotion not due", StartFEN, []string{"=Q"}, ErrIllegalMove, 0},
		{"lift with piece in hand", StartFEN, []string{"e2 d2"}, ErrIllegalMove, 0},
		{"no castling", StartFEN, []string{"0-0"}, ErrIllegalMove, 0},
		{"castling mid-move", castleFEN, []string{"Nf3 0-0"}, ErrIllegalMove, 0},
		{"castling as king move", castleFEN, []string{"Ke1>g1"}, ErrIllegalMove, 0},
		{"castling as lift", castleFEN, []string{"Ke1 0-0"}, ErrIllegalMove, 0},
		{"after paco", "8/5k2/8/8/2B5/8/8/8 w 0 - - -", []string{"Bc4xKf7", "Kf7>f8"}, ErrGameOver, 0},
		{"promotion owed first", "rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -", []string{"RPh2>h8", "Rh1>Nh8"}, ErrIllegalMove, 0},
		// Two white kings that can both castle king side: e1 (castling) and h2 (an
		// ordinary step onto the option's place target castles, as in the engine).
		{"two kings castle", "4k3/8/8/8/8/8/7K/4K2R w 0 H - -", []string{"0-0"}, ErrAmbiguousMove, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.fen)
			got, err := ParseReplayNotation(p, tc.labels)
			if !errors.Is(err, tc.err) {
				t.Fatalf("ParseReplayNotation(%q) = %v, %v; want an error wrapping %v", tc.labels, got, err, tc.err)
			}
			if got != nil {
				t.Errorf("actions %v returned with the error", got)
			}
			var ne *NotationError
			var me *MoveError
			switch {
			case errors.As(err, &ne):
				if tc.err != ErrInvalidNotation || ne.Offset != tc.offset || ne.Notation != "replay" {
					t.Errorf("%v: offset %d, notation %q; want offset %d", err, ne.Offset, ne.Notation, tc.offset)
				}
			case errors.As(err, &me):
				if tc.err == ErrAmbiguousMove && len(me.Candidates) != 2 {
					t.Errorf("%v: %d candidates, want 2", err, len(me.Candidates))
				}
				if me.FEN == "" || me.Input == "" {
					t.Errorf("%v: empty FEN or input", err)
				}
			default:
				t.Errorf("%v: want a *NotationError or *MoveError", err)
			}
			t.Log(err)
		})
	}
}

// FuzzParseReplayNotation: the parser never panics, fails only with the documented
// errors, and whatever it accepts is a legal history that the writer writes back in
// a form the parser reads as the same actions.
func FuzzParseReplayNotation(f *testing.F) {
	f.Add(StartFEN, "e2>e4 d7>d5 e4xd5 Qd8>Pd5 >d4")
	f.Add("rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -", "RPh2>h8 =N :Rh1>Nh8 >g6")
	f.Add("r3kbnr/ppp2ppp/2n5/1B1pp3/1PP1P1bq/5N2/P2P1PPP/RNBQK2R w 0 AHah - -", "0-0 0-0-0 Kg1>h1 Kc8>d7")
	f.Add("4k3/8/8/8/Cp6/8/8/4K3 b 0 - a3 -", "b4>Ra3 >a1")
	f.Add("4k3/8/8/8/8/8/4p3/3C3K b 0 - - -", "e2>Qd1 =Q >d2")
	f.Add("4k3/8/8/8/8/8/7K/4K2R w 0 H - -", "O-O")
	hist := localRows(f, "game_histories.tsv")
	for _, r := range localRows(f, "notation.tsv") {
		for _, h := range hist {
			if h[0] == r[0] && r[1] == "1" {
				fen := h[1]
				if fen == "new" {
					fen = StartFEN
				}
				f.Add(fen, r[4])
			}
		}
	}
	f.Add("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", "Bf3>Oe4 :Ne4>Wc3 :Qc3>c6|Ke8>d8")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 ahah1111111111111111 - -", "e2>e4|d7>d5|e4xd5")
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParseFEN(fen)
		if err != nil {
			p = StartingPosition()
		}
		// '|' separates labels, as the elements of the labels argument.
		acts, err := ParseReplayNotation(p, strings.Split(text, "|"))
		if err != nil {
			var ne *NotationError
			var me *MoveError
			switch {
			case errors.As(err, &ne):
				if !errors.Is(err, ErrInvalidNotation) || ne.Offset < 0 || ne.Offset > len(text) {
					t.Fatalf("bad NotationError %v", err)
				}
			case errors.As(err, &me):
				if !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) {
					t.Fatalf("bad MoveError %v", err)
				}
			default:
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			return
		}
		if _, err := p.ApplyAll(acts); err != nil {
			t.Fatalf("ParseReplayNotation(%q) gave %v, which cannot be played: %v", text, acts, err)
		}
		hms, err := ReplayNotation(p, acts)
		if err != nil {
			t.Fatalf("ParseReplayNotation(%q) gave %v, which ReplayNotation rejects: %v", text, acts, err)
		}
		var labels []string
		for _, h := range hms {
			labels = append(labels, h.Labels...)
		}
		back, err := ParseReplayNotation(p, labels)
		if err != nil || FormatActions(back) != FormatActions(acts) {
			t.Fatalf("%q → %v → %q → %v, %v", text, acts, labels, back, err)
		}
	})
}

func ExampleReplayNotation() {
	actions, _ := ParseActions("Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(d8) Place(d5) Place(d4) Lift(g1)")
	halfMoves, err := ReplayNotation(StartingPosition(), actions)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range halfMoves {
		fmt.Println(h.HalfMove, h.MoveNumber, h.Player, h, h.ActionIndices, h.Complete)
	}
	// Output:
	// 1 1 White e2>e4 [2] true
	// 2 1 Black d7>d5 [4] true
	// 3 2 White e4xd5 [6] true
	// 4 2 Black Qd8>Pd5 >d4 [8 9] true
	// 5 3 White Ng1 [10] false
}

func ExampleParseReplayNotation() {
	start := MustParseFEN("rnbqkbn1/pppppp2/5p2/5p2/8/8/PPPPPPPC/RNBQKBNR b 0 AHah - -")
	actions, err := ParseReplayNotation(start, []string{"RPh2>h8", "=N :Rh1>Nh8 >g6"})
	fmt.Println(FormatActions(actions), err)
	_, err = ParseReplayNotation(StartingPosition(), []string{"e2xe4"})
	fmt.Println(errors.Is(err, ErrIllegalMove))
	// Output:
	// Lift(h2) Place(h8) Promote(Knight) Lift(h1) Place(h8) Place(g6) <nil>
	// true
}

// TestReplayNotationEnPassantUnionRulebook: under Rulebook a union taken en passant
// releases the capturer's piece on the square the union reached (catalogue §8.4),
// so the place atom names that square, not the one placed on; every move still
// reads back to its actions. A random playout found the parser rejecting ">Be5".
func TestReplayNotationEnPassantUnionRulebook(t *testing.T) {
	for _, rules := range []Rules{Pacoplay, Rulebook} {
		start := mustFEN(t, "4k3/8/8/4eP2/8/8/8/4K3 w 0 - e6 -").WithRules(rules)
		released := 0
		for m := range start.AllMoves() {
			h, err := ReplayNotation(start, m.Actions())
			if err != nil {
				t.Fatalf("%v: ReplayNotation(%v): %v", rules, m.Actions(), err)
			}
			var labels []string
			for _, hm := range h {
				labels = append(labels, hm.Labels...)
			}
			got, err := ParseReplayNotation(start, labels)
			if err != nil {
				t.Fatalf("%v: ParseReplayNotation(%q): %v", rules, labels, err)
			}
			if !slices.Equal(got, m.Actions()) {
				t.Errorf("%v: %q reads back as %v, want %v", rules, labels, got, m.Actions())
			}
			if strings.Contains(strings.Join(labels, " "), ">Be5") {
				released++
			}
		}
		// Pacoplay releases the bishop on e6 ("f5>Be6"), Rulebook on e5.
		if want := rules == Rulebook; (released > 0) != want {
			t.Errorf("%v: %d moves written with \">Be5\", want some: %v", rules, released, want)
		}
	}
}
