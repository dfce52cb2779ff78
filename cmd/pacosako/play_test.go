package main

import (
	"strings"
	"testing"
)

// TestPlayMoves: play takes each argument as actions, a move in chain SAN or a
// move in coordinate notation, and mixes of them. Each line of moves must print
// exactly what the same game written as actions alone prints (the action form,
// whose output TestPlay fixes).
func TestPlayMoves(t *testing.T) {
	const promoFEN = "4k3/2P5/8/8/8/8/8/4K3 w 0 - - -"
	tests := []struct {
		name    string
		args    []string // after "play"
		actions []string // the same game as actions, after "play"
	}{
		{"chain SAN", []string{"start", "e4", "d5", "exd5"},
			[]string{"start", "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5)"}},
		{"actions, then chain SAN", []string{"start", "Lift(e2) Place(e4)", "d5"},
			[]string{"start", "Lift(e2) Place(e4) Lift(d7) Place(d5)"}},
		{"coordinate notation", []string{"start", "e2e4", "d7d5"},
			[]string{"start", "Lift(e2) Place(e4) Lift(d7) Place(d5)"}},
		{"coordinate notation where chain SAN reads no legal move", []string{"start", "b1c3"},
			[]string{"start", "Lift(b1) Place(c3)"}},
		{"every form mixed", []string{"start", "e2e4", "d5", "Lift(e4)", "d5", "Nf6", "Lift(d5)", "Place(d6)"},
			[]string{"start", "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5) Lift(g8) Place(f6) Lift(d5) Place(d6)"}},
		{"a FEN start", []string{startFEN, "e4"}, []string{startFEN, "Lift(e2) Place(e4)"}},
		{"ending in the middle of a half-move", []string{"start", "e4", "Lift(d7)"},
			[]string{"start", "Lift(e2) Place(e4) Lift(d7)"}},
		{"chain SAN completing a lifted piece's move", []string{"start", "Lift(e2)", "e4"},
			[]string{"start", "Lift(e2) Place(e4)"}},
		{"the same with the piece named", []string{"start", "Lift(e2)", "Pe2-e4", "e5"},
			[]string{"start", "Lift(e2) Place(e4) Lift(e7) Place(e5)"}},
		{"coordinate notation completing it, after --", []string{"start", "Lift(e2)", "--", "-e4"},
			[]string{"start", "Lift(e2) Place(e4)"}},
		{"a chain in chain SAN", []string{rulesFEN, "Bxe4,Ne4xc3,Qc3xc6"},
			[]string{rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)"}},
		{"a chain in chain SAN, steps separated by spaces", []string{rulesFEN, "Bxe4 Ne4xc3 Qc3xc6"},
			[]string{rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)"}},
		{"a chain in coordinate notation", []string{rulesFEN, "f3e4c3c6"},
			[]string{rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)"}},
		{"the rest of a chain in chain SAN", []string{rulesFEN, "Lift(f3) Place(e4)", "Ne4xc3,Qc3xc6"},
			[]string{rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)"}},
		{"the rest of a chain in coordinate notation", []string{rulesFEN, "Lift(f3) Place(e4)", "--", "-c3c6"},
			[]string{rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)"}},
		{"a promotion", []string{promoFEN, "c8=Q"}, []string{promoFEN, "Lift(c7) Place(c8) Promote(Queen)"}},
		{"a promotion in coordinate notation", []string{promoFEN, "c7c8q"}, []string{promoFEN, "Lift(c7) Place(c8) Promote(Queen)"}},
		{"the promotion owed, alone", []string{promoFEN, "Lift(c7) Place(c8)", "=N"}, []string{promoFEN, "Lift(c7) Place(c8) Promote(Knight)"}},
		{"a blank argument plays nothing", []string{"start", "", "e4", " "}, []string{"start", "Lift(e2) Place(e4)"}},
		{"a check suffix", []string{"8/5k2/8/8/8/8/8/1B6 w 0 - - -", "Bc2", "Kg7", "Bh7"},
			[]string{"8/5k2/8/8/8/8/8/1B6 w 0 - - -", "Lift(b1) Place(c2) Lift(f7) Place(g7) Lift(c2) Place(h7)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := mustRun(t, "", append([]string{"play"}, tt.actions...)...)
			if got := mustRun(t, "", append([]string{"play"}, tt.args...)...); got != want {
				t.Errorf("play %q:\n got  %s want %s(as play %q)", tt.args, got, want, tt.actions)
			}
		})
	}
	// The first case's output in full: White's pawn took over Black's on d5.
	if got, want := mustRun(t, "", "play", "start", "e4", "d5", "exd5"),
		"rnbqkbnr/ppp1pppp/8/3a4/8/8/PPPP1PPP/RNBQKBNR b 0 AHah - -\tLift(a7) Lift(b7) Lift(b8) Lift(c7) Lift(c8) Lift(d5) Lift(d8) Lift(e7) Lift(e8) Lift(f7) Lift(g7) Lift(g8) Lift(h7)\t29\trunning\t0\t0\n"; got != want {
		t.Errorf("play start e4 d5 exd5:\n got  %s want %s", got, want)
	}
}

// TestPlayMoveErrors: an argument that cannot be played is named by its index
// (counted from 1 after the start) and its text, quoted and shortened, with the
// library's reason; nothing is printed on standard output.
func TestPlayMoveErrors(t *testing.T) {
	const lifted = "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -"
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -"
	long := strings.Repeat("a", 200)
	tests := []struct {
		name string
		args []string // after "play"
		want string   // the message
	}{
		{"neither actions nor a move", []string{"start", "e4", "e5", "Nf9"},
			`argument 3 "Nf9": invalid move notation "Nf9" at offset 0: neither actions (they have parentheses) nor chain SAN (at offset 2: want a target square such as e4) nor coordinate notation (at offset 0: promotion letters are lower case: want 'n')`},
		{"an illegal move in chain SAN", []string{"start", "e4", "e4"},
			`argument 2 "e4": illegal move "e4" in rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -: chain SAN: step 1: no Pawn can go to e4 (a Pawn can go to a5, a6, b5, b6, c5, c6, d5, d6, e5, e6, f5, f6, g5, g6, h5, h6)`},
		{"a lone square is chain SAN's pawn move, not coordinate notation's lift", []string{"start", "d5"},
			`argument 1 "d5": illegal move "d5" in ` + startFEN + `: chain SAN: the piece on d7 is Black's; White is to move`},
		{"an illegal move in coordinate notation only", []string{"start", "e2e4e5"},
			`argument 1 "e2e4e5": illegal move "e2e4e5" in ` + startFEN + `: coordinate notation: the move ends after action 2, Place(e4); "Place(e5)" follows it`},
		{"a move that does not complete the half-move under way", []string{"start", "Lift(e2)", "d5"},
			`argument 2 "d5": illegal move "d5" in ` + lifted + `: chain SAN: step 1: the Pawn on e2 cannot go to d5 (it can go to e3, e4)`},
		{"a chain that does not end", []string{rulesFEN, "Bxe4"},
			`argument 1 "Bxe4": illegal move "Bxe4" in 4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -: chain SAN: the move goes on: the released Knight on e4 must move (it can go to c3, c5, d2, d6, f2, f6, g3, g5)`},
		{"two moves in one argument", []string{"start", "e4 d5"},
			`argument 1 "e4 d5": illegal move "e4 d5" in ` + startFEN + `: chain SAN: the move ends after step 1 (give one move at a time: the steps of one move are separated by commas)`},
		{"an illegal action of several", []string{"start", "Lift(e2) Place(e5)"},
			`argument 1 "Lift(e2) Place(e5)": action 2: illegal action: Place(e5) in ` + lifted + `: legal are Place(e3) Place(e4)`},
		{"an illegal action alone", []string{"start", "Lift(e2)", "Place(e5)"},
			`argument 2 "Place(e5)": illegal action: Place(e5) in ` + lifted + `: legal are Place(e3) Place(e4)`},
		{"actions mixed with a move in one argument", []string{"start", "Lift(e2) Place(e4) d5"},
			`argument 1 "Lift(e2) Place(e4) d5": invalid action: "d5": want Lift(sq), Place(sq) or Promote(Role)`},
		{"the other side's move in coordinate notation (a stale client)", []string{"start", "e4", "g1f3"},
			`argument 2 "g1f3": illegal move "g1f3" in ` + afterE4 + `: coordinate notation: action 1, Lift(g1): the piece on g1 is White's; Black is to move`},
		{"the other side's move in chain SAN", []string{"start", "e4", "Nf3"},
			`argument 2 "Nf3": illegal move "Nf3" in ` + afterE4 + `: chain SAN: the piece on g1 is White's; Black is to move`},
		{"the other side's move in actions", []string{"start", "e4", "Lift(g1) Place(f3)"},
			`argument 2 "Lift(g1) Place(f3)": action 1: illegal action: Lift(g1) in ` + afterE4 + `: the piece on g1 is White's; Black is to move`},
		{"a move after the game ended", []string{"8/5k2/8/8/2B5/8/8/8 w 0 - - -", "Bxf7", "Kg7"},
			`argument 2 "Kg7": game over: "Kg7" in 8/5X2/8/8/8/8/8/8 b 0 - - -: the game has ended (White wins by Paco)`},
		{"a long argument is shortened", []string{"start", long},
			`argument 1 "` + strings.Repeat("a", 100) + `"…(200 bytes): invalid move notation "` + strings.Repeat("a", 100) + `"…(200 bytes) at offset 0: neither actions (they have parentheses) nor chain SAN (at offset 200: want a target square such as e4) nor coordinate notation (at offset 1: want a rank digit 1-8 after file 'a', got 'a')`},
		{"a binary argument is quoted", []string{"start", binary},
			`argument 1 "\x00\x1b[31m\xff\xfe": invalid move notation "\x00\x1b[31m\xff\xfe" at offset 0: neither actions (they have parentheses) nor chain SAN (at offset 0: want a target square such as e4) nor coordinate notation (at offset 0: want a square (a1..h8), or "=" or "-", to start a move, got byte 0x00)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, "", append([]string{"play"}, tt.args...)...)
			if want := "pacosako play: " + tt.want + "\n"; status != 1 || out != "" || errOut != want {
				t.Errorf("play %q: status %d, output %q, stderr\n %q\nwant status 1, no output and\n %q", tt.args, status, out, errOut, want)
			}
		})
	}
}

// TestPlayBatchMoves: in a batch the second column's words are the arguments:
// actions, or moves in chain SAN or coordinate notation. A chain's steps are
// joined by commas (white space around them allowed); steps separated by spaces
// alone are separate arguments there. The columns are echoed as read.
func TestPlayBatchMoves(t *testing.T) {
	in := strings.Join([]string{
		"start\te4 d5 exd5",
		"start\tLift(e2) Place(e4)   d5",
		"start\te2e4\td7d5", // a tab separates words too; the column is shown quoted
		rulesFEN + "\tBxe4, Ne4xc3 ,Qc3xc6 +",
		rulesFEN + "\tLift(f3) Place(e4) -c3c6",
		rulesFEN + "\tBxe4 Ne4xc3 Qc3xc6",
		"start\tLift(e2) Place(e5)",
		"start\te4 e5 Nf9",
	}, "\n") + "\n"
	out, errOut, status := runCmd(t, in, "play", "-")
	after := func(args ...string) string {
		return strings.TrimSuffix(mustRun(t, "", append([]string{"play"}, args...)...), "\n")
	}
	exd5 := after("start", "Lift(e2) Place(e4) Lift(d7) Place(d5) Lift(e4) Place(d5)")
	d5 := after("start", "Lift(e2) Place(e4) Lift(d7) Place(d5)")
	chain := after(rulesFEN, "Lift(f3) Place(e4) Place(c3) Place(c6)")
	want := []string{
		"start\te4 d5 exd5\t" + exd5,
		"start\tLift(e2) Place(e4)   d5\t" + d5,
		"start\t\"e2e4\\td7d5\"\t" + d5,
		rulesFEN + "\tBxe4, Ne4xc3 ,Qc3xc6 +\t" + chain,
		rulesFEN + "\tLift(f3) Place(e4) -c3c6\t" + chain,
		rulesFEN + "\tBxe4 Ne4xc3 Qc3xc6\terror: argument 1 \"Bxe4\": illegal move \"Bxe4\" in 4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -: chain SAN: the move goes on: the released Knight on e4 must move (it can go to c3, c5, d2, d6, f2, f6, g3, g5)",
		"start\tLift(e2) Place(e5)\terror: argument 2 \"Place(e5)\": illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)",
		"start\te4 e5 Nf9\terror: argument 3 \"Nf9\": invalid move notation \"Nf9\" at offset 0: neither actions (they have parentheses) nor chain SAN (at offset 2: want a target square such as e4) nor coordinate notation (at offset 0: promotion letters are lower case: want 'n')",
	}
	got := lines(t, out)
	if len(got) != len(want) {
		t.Fatalf("%d output lines, want %d:\n%s", len(got), len(want), out)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got  %q\n want %q", i+1, got[i], want[i])
		}
	}
	if status != 1 || strings.Count(errOut, "\n") != 3 || !strings.Contains(errOut, `pacosako play: argument 3 "Nf9": invalid move notation`) {
		t.Errorf("status %d, stderr %q: want 1 and the three errors", status, errOut)
	}
}

// TestBatchArgs: how a batch line's moves column is cut into arguments.
func TestBatchArgs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  e4\td5  ", []string{"e4", "d5"}},
		{"Lift(e2) Place(e4)", []string{"Lift(e2)", "Place(e4)"}},
		{"Bxe4, Ne4xc3 ,Qc3xc6 # e5", []string{"Bxe4, Ne4xc3 ,Qc3xc6 #", "e5"}},
		{"Bxe4 , Ne4xc3", []string{"Bxe4 , Ne4xc3"}},
		{"e4 + d5", []string{"e4 +", "d5"}},
		{", e4", []string{", e4"}}, // a comma first: one argument, which reads as nothing
	} {
		got := batchArgs(tc.in)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("batchArgs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
