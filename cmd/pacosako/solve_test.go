package main

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// slowChase2 is the chase2.tsv input the engine needs about two minutes for;
// -short leaves it out.
const slowChase2 = "2R5/1p2ppb1/p2rd3/Pk1aQ2p/2dC2bP/3FBRD1/4DPK1/5B2 b 14 - - -"

// TestSolveChase2: "solve -chasing -n 2 -color C -" over every input of the
// engine's chase2.tsv, for both attackers: a chase is n 2 with exactly the
// engine's count and positions and a shortest path to one of them; a row without
// one has another n; a row the engine fails on (and a count of 0 where a king is
// missing) is reported on standard error, and the batch goes on.
func TestSolveChase2(t *testing.T) {
	rows := sharedRows(t, "analysis/chase2.tsv")
	matched, chases, errs := 0, 0, 0
	for _, color := range []string{"White", "Black"} {
		var in strings.Builder
		var want [][]string
		for _, r := range rows {
			if r[1] != color || testing.Short() && r[0] == slowChase2 {
				continue
			}
			in.WriteString(r[0] + "\n")
			want = append(want, r)
		}
		stdout, stderr, status := runCmd(t, in.String(), "solve", "-chasing", "-n", "2", "-color", strings.ToLower(color), "-")
		got := map[string][]string{}
		for _, l := range lines(t, stdout) {
			f := fields(t, l, 6)
			got[f[0]] = f
		}
		failed := map[string]bool{}
		for _, l := range lines(t, stderr) {
			fen, _, ok := strings.Cut(strings.TrimPrefix(l, "pacosako solve: "), ": ")
			uq, err := strconv.Unquote(fen)
			if !ok || err != nil || !strings.Contains(l, "cannot be searched") {
				t.Errorf("%s: unexpected message %q", color, l)
			}
			failed[uq] = true
		}
		if wantStatus := min(len(failed), 1); status != wantStatus {
			t.Errorf("%s: exit status %d with %d positions reported; want %d", color, status, len(failed), wantStatus)
		}
		for _, r := range want {
			fen, count := r[0], r[2]
			if failed[fen] {
				if strings.HasPrefix(count, "ERROR") || count == "0" {
					errs++
					matched++
				} else {
					t.Errorf("%s %s: reported as an error; the engine: %s", fen, color, count)
				}
				continue
			}
			g := got[fen]
			switch {
			case g == nil:
				t.Errorf("%s %s: no output line", fen, color)
			case g[1] != color:
				t.Errorf("%s %s: attacker %s", fen, color, g[1])
			case strings.HasPrefix(count, "ERROR"):
				t.Errorf("%s %s: %v; the engine fails: %s", fen, color, g[2:], count)
			case count == "0":
				if g[2] == "2" {
					t.Errorf("%s %s: n 2 (%s); the engine has no chase", fen, color, g[3])
				} else {
					matched++
				}
			case g[2] != "2" || g[3] != count || g[4] != r[3]:
				t.Errorf("%s %s: n %s, count %s, %q; want n 2, %s, %q", fen, color, g[2], g[3], g[4], count, r[3])
			case len(strings.Fields(g[5])) != len(strings.Fields(r[4])):
				t.Errorf("%s %s: path %q; the engine's shortest is %q", fen, color, g[5], r[4])
			default:
				if !leadsToOneOf(t, fen, color, g[5], strings.Split(r[3], " | ")) {
					t.Errorf("%s %s: path %q leads to none of the chases", fen, color, g[5])
				}
				chases++
				matched++
			}
		}
	}
	t.Logf("%d of %d rows matched (%d chases, %d reported errors)", matched, len(rows), chases, errs)
}

// leadsToOneOf reports whether the actions path, played by color from fen, end in
// one of the positions fens.
func leadsToOneOf(t *testing.T, fen, color, path string, fens []string) bool {
	t.Helper()
	p, err := pacosako.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := pacosako.ParseColor(color)
	s := p.Setup()
	s.Turn = c
	if p, err = s.Position(); err != nil {
		t.Fatal(err)
	}
	acts, err := pacosako.ParseActions(path)
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.ApplyAll(acts)
	return err == nil && slices.Contains(fens, q.FEN())
}

func TestSolveCommand(t *testing.T) {
	const (
		puzzle = "8/8/5K2/8/8/8/6Q1/1k6 w 0 - - -"       // Qb2+ forces Paco in 2
		quiet  = "8/8/Q7/8/8/3K3k/8/8 w 0 - - -"         // the quiet Qg6 forces Paco in 3
		noKing = "8/8/8/8/8/8/8/K6Q w 0 - - -"           // no black king
		empty  = "4k3/8/8/8/8/8/8/4K3 w 0 - - -"         // nothing to win with
		rulesP = "4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -" // the rules page's diagram
	)
	tests := []struct {
		name   string
		stdin  string
		args   []string
		out    string
		status int
		errOut string
	}{
		{"a puzzle in 2 with its proof", "", []string{"solve", "-proof", puzzle},
			puzzle + "\tWhite\t2\t1\t8/8/5K2/8/8/8/1Q6/1k6 b 1 - - -\tLift(g2) Place(b2)\n" +
				"  Qb2+\n    Ka1\n      Qxa1#\n    Kc1\n      Qxc1#\n    Ka2\n      Qxa2#\n    Kc2\n      Qxc2#\n", 0, ""},
		{"-n 2 is too short for a Paco in 3", "", []string{"solve", "-n", "2", quiet},
			quiet + "\tWhite\t-\t0\t-\t-\n", 0, ""},
		{"the default -n is 3", "", []string{"solve", quiet},
			quiet + "\tWhite\t3\t1\t8/8/6Q1/8/8/3K3k/8/8 b 1 - - -\tLift(a6) Place(g6)\n", 0, ""},
		{"chasing misses the quiet move", "", []string{"solve", "-chasing", quiet},
			quiet + "\tWhite\t-\t0\t-\t-\n", 0, ""},
		{"-color black: Black has nothing", "", []string{"solve", "-color", "Black", puzzle},
			puzzle + "\tBlack\t-\t0\t-\t-\n", 0, ""},
		{"a batch goes on after an unsearchable position", puzzle + "\n" + noKing + "\n\n# comment\n" + empty + "\n", []string{"solve", "-n", "2", "-"},
			puzzle + "\tWhite\t2\t1\t8/8/5K2/8/8/8/1Q6/1k6 b 1 - - -\tLift(g2) Place(b2)\n" + empty + "\tWhite\t-\t0\t-\t-\n", 1,
			`pacosako solve: "` + noKing + `": position cannot be searched for a Paco: Black's king is missing in ` + noKing + "\n"},
		{"-max-states", "", []string{"solve", "-max-states", "10", rulesP}, "", 1,
			`pacosako solve: "` + rulesP + `": search limit reached: the search held more than 10 states (-max-states 10); -max-states 0 lifts the limit` + "\n"},
		{"-chasing with a piece in the hand", "", []string{"solve", "-chasing", "4k3/8/8/8/8/8/6Q1/1K6^g2Q w 0 - - -"}, "", 1,
			`pacosako solve: "4k3/8/8/8/8/8/6Q1/1K6^g2Q w 0 - - -": position cannot be searched for a Paco: a move is in progress (a settled position is needed) in 4k3/8/8/8/8/8/6Q1/1K6^g2Q w 0 - - -` + "\n"},
		{"-n 0", "", []string{"solve", "-n", "0"}, "", 2, "pacosako solve: -n must be at least 1, got 0\n"},
		{"-color w", "", []string{"solve", "-color", "w"}, "", 2, `pacosako solve: -color must be white or black, got "w"` + "\n"},
		{"-max-states -1", "", []string{"solve", "-max-states", "-1"}, "", 2, "pacosako solve: -max-states must be at least 0, got -1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.stdin, tt.args...)
			if out != tt.out || status != tt.status || errOut != tt.errOut {
				t.Errorf("run %q:\nstdout %q\nstatus %d\nstderr %q\nwant\nstdout %q\nstatus %d\nstderr %q", tt.args, out, status, errOut, tt.out, tt.status, tt.errOut)
			}
		})
	}
}
