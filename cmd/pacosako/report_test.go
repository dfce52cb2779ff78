package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pacosako-go/pacosako"
)

func TestQuote(t *testing.T) {
	mb := strings.Repeat("a", 1<<20)
	euro := strings.Repeat("€", 40) // 120 bytes; byte 100 is inside a €
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"e2e4", `"e2e4"`},
		{"a\tb\rc", `"a\tb\rc"`},
		{"\x00\x1b[31m\xff", `"\x00\x1b[31m\xff"`},
		{strings.Repeat("x", 100), `"` + strings.Repeat("x", 100) + `"`},
		{mb, `"` + strings.Repeat("a", 100) + `"…(1048576 bytes)`},
		{euro, `"` + strings.Repeat("€", 33) + `"…(120 bytes)`},
	} {
		if got := quote(c.in); got != c.want {
			t.Errorf("quote(%.40q) = %.200s, want %.200s", c.in, got, c.want)
		}
	}
}

func TestEcho(t *testing.T) {
	long := strings.Repeat("Lift(g1) Place(f3) ", 20) // 380 bytes, plain
	for _, c := range []struct {
		in   string
		ok   bool
		want string
	}{
		{startFEN, true, startFEN},
		{"not, a FEN", false, "not, a FEN"}, // short plain text stays as read, read or not
		{long, true, long},                  // read: as read, however long
		{long, false, `"` + long[:100] + `"…(380 bytes)`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw 0 AHah - -", true, `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw 0 AHah - -"`},
		{"a\rb", false, `"a\rb"`},
		{"\x00\x1b\xff", false, `"\x00\x1b\xff"`},
		{`"start"`, false, `"\"start\""`}, // a leading quote would read as a quoted form
		{"it's \"fine\"", false, "it's \"fine\""},
		{"nbsp\u00a0", true, `"nbsp\u00a0"`},
	} {
		if got := echo(c.in, c.ok); got != c.want {
			t.Errorf("echo(%.40q, %v) = %s, want %s", c.in, c.ok, got, c.want)
		}
	}
}

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain Ŝako text", "plain Ŝako text"},
		{"a\tb\nc\rd", `a\tb\nc\rd`},
		{"\x00\x1b[31m\xff", `\x00\x1b[31m\xff`},
		{"nbsp\u00a0", `nbsp\u00a0`},
	} {
		if got := printable(c.in); got != c.want {
			t.Errorf("printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLibError(t *testing.T) {
	_, fenErr := pacosako.ParseFEN("x")
	for _, c := range []struct {
		err    error
		inputs []string
		want   string
	}{
		{errors.New("pacosako: illegal action: Place(e5)"), nil, "illegal action: Place(e5)"},
		{fmt.Errorf("%w: at entry 0", errors.New("pacosako: invalid action")), nil, "invalid action: at entry 0"},
		{errors.New("pacoplay action log: entry 0: pacosako: invalid action: JSON"), nil, "pacoplay action log: entry 0: invalid action: JSON"},
		// Input quoted in the message is input: left alone.
		{errors.New(`pacosako: illegal move: "x: pacosako: y" in 8/8/8/8/8/8/8/8 w 0 - - -: step 1`), nil, `illegal move: "x: pacosako: y" in 8/8/8/8/8/8/8/8 w 0 - - -: step 1`},
		{errors.New(`pacosako: illegal move: "a\": pacosako: b" in X: pacosako: c`), nil, `illegal move: "a\": pacosako: b" in X: c`},
		{fenErr, nil, strings.TrimPrefix(fenErr.Error(), "pacosako: ")},
		// An input the message quotes whole is shortened.
		{fmt.Errorf("pacosako: illegal move: %q in X", strings.Repeat("Nb1c3,", 1000)), []string{strings.Repeat("Nb1c3,", 1000)},
			`illegal move: "` + strings.Repeat("Nb1c3,", 16) + `Nb1c"…(6000 bytes) in X`},
	} {
		if got := libError(c.err, c.inputs...); got != c.want {
			t.Errorf("libError(%.60q) = %.200q, want %.200q", c.err, got, c.want)
		}
	}
	w := wrap(errors.New("pacosako: illegal action: Place(e5)"), nil, "action %d", 2)
	if got := w.Error(); got != "action 2: illegal action: Place(e5)" {
		t.Errorf("wrap: %q", got)
	}
	if errors.Unwrap(w) == nil {
		t.Error("wrap does not unwrap to the library error")
	}
}

func TestReporter(t *testing.T) {
	var sb strings.Builder
	r := newReporter(&sb, "perft")
	r.printf("%s: %s", "a\tb", "bad")
	r.printf("%s", strings.Repeat("x", 5000)+" the reason")
	newReporter(&sb, "").printf("before a command")
	got := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(got) != 3 {
		t.Fatalf("%d lines, want 3: %q", len(got), sb.String())
	}
	if got[0] != `pacosako perft: a\tb: bad` {
		t.Errorf("line 1: %q", got[0])
	}
	if !strings.HasPrefix(got[1], "pacosako perft: xxx") || !strings.Contains(got[1], "…(5011 bytes)…") || !strings.HasSuffix(got[1], "x the reason") ||
		len(got[1]) > len("pacosako perft: ")+messageLimit+30 {
		t.Errorf("long line: %d bytes, %.60q … %q", len(got[1]), got[1], got[1][len(got[1])-40:])
	}
	if got[2] != "pacosako: before a command" {
		t.Errorf("line 3: %q", got[2])
	}
}

// hostile inputs: a megabyte, control and invalid bytes, a tab and a carriage
// return inside the line.
var (
	megabyte = strings.Repeat("a", 1<<20)
	binary   = "\x00\x1b[31m\xff\xfe"
	tabCR    = "a\tb\rc"
	// startTab is the start position with a tab and one with a carriage return
	// between fields: FENs that parse.
	startTab = strings.Replace(startFEN, " w ", "\tw ", 1)
	startCR  = strings.Replace(startFEN, " w ", "\rw ", 1)
	megaSide = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR " + strings.Repeat("x", 1<<20) + " 0 AHah - -"
	nulBoard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x00 w 0 AHah - -"
)

// Their quoted forms.
var (
	megabyteQ = `"` + strings.Repeat("a", 100) + `"…(1048576 bytes)`
	binaryQ   = `"\x00\x1b[31m\xff\xfe"`
	tabCRQ    = `"a\tb\rc"`
	startTabQ = `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw 0 AHah - -"`
	startCRQ  = `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\rw 0 AHah - -"`
	megaSideQ = `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ` + strings.Repeat("x", 56) + `"…(1048631 bytes)`
	nulBoardQ = `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x00 w 0 AHah - -"`
)

// checkTidy checks what a run wrote: every line of standard output is printable
// text (its tabs separate columns) of at most maxOut bytes, every line of standard
// error one printable message of at most messageLimit bytes after the prefix
// "pacosako <command>: " (or "pacosako: "), with "pacosako:" at most once.
func checkTidy(t *testing.T, name, command, stdout, stderr string, maxOut int) {
	t.Helper()
	for i, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if len(l) > maxOut || !utf8.ValidString(l) || strings.ContainsFunc(l, func(r rune) bool { return r != '\t' && !strconv.IsPrint(r) }) {
			t.Errorf("%s: stdout line %d (%d bytes) is not short printable text: %.300q", name, i+1, len(l), l)
		}
	}
	if stderr == "" {
		return
	}
	if !strings.HasSuffix(stderr, "\n") {
		t.Errorf("%s: stderr does not end in a newline: %.300q", name, stderr)
	}
	prefix := "pacosako " + command + ": "
	if command == "" {
		prefix = "pacosako: "
	}
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if strings.HasPrefix(l, "usage:") || strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "FEN defaults") || strings.HasPrefix(l, "Every command ") || strings.HasPrefix(l, "convert reads both games") {
			continue // the usage text after a usage error
		}
		switch {
		case !strings.HasPrefix(l, prefix):
			t.Errorf("%s: stderr line does not start with %q: %.300q", name, prefix, l)
		case len(l) > len(prefix)+messageLimit+30:
			t.Errorf("%s: stderr line of %d bytes: %.300q", name, len(l), l)
		case !utf8.ValidString(l) || strings.ContainsFunc(l, func(r rune) bool { return !strconv.IsPrint(r) }):
			t.Errorf("%s: stderr line is not printable: %.300q", name, l)
		case strings.Count(l, "pacosako:") > 1:
			t.Errorf("%s: stderr line repeats the prefix: %q", name, l)
		}
	}
}

// TestHostileInput feeds every batch command a megabyte line, a line of control
// and invalid bytes and lines with a tab and a carriage return inside: the output
// and the messages stay short lines of printable text, the bad lines quoted.
func TestHostileInput(t *testing.T) {
	fenLines := strings.Join([]string{megabyte, megaSide, nulBoard, binary, startTab, startCR, tabCR}, "\n") + "\n"
	// The side-to-move field's reason, shortened as the library shortens it.
	var fe *pacosako.FENError
	if _, err := pacosako.ParseFEN(megaSide); !errors.As(err, &fe) || !strings.HasPrefix(fe.Reason, `want w or b, got "xxx`) {
		t.Fatalf("ParseFEN of a megabyte side to move: %.200v", err)
	}
	megaSideReason := fe.Reason[:160] + "…(" + strconv.Itoa(len(fe.Reason)) + " bytes)"
	fenErrors := []string{
		"invalid FEN " + `"` + strings.Repeat("a", 160) + `…(1048576 bytes)"`,
		`side to move: want w or b, got "xxx`,
		"invalid FEN " + nulBoardQ + `: board: rank 1: byte "\x00" is not a piece or union letter`,
		"invalid FEN " + binaryQ,
		"invalid FEN " + tabCRQ,
	}
	histLines := strings.Join([]string{
		megabyte,
		"g\tnew\tLift(e2) Jump(" + megabyte + ")",
		strings.Repeat("n", 1<<20) + "\tnew\tLift(e2) Place(e5)",
		"\x1b[31mred\x00\xff\tnew\tLift(e2) Place(e4)",
		"g\t" + binary + "\tLift(e2)",
		"tab\tnew\tLift(e2)\tPlace(e4)",
		"cr\tnew\tLift(e2)\rPlace(e4)",
	}, "\n") + "\n"
	histErrors := []string{
		"want <name>\\t<start>\\t<actions>, got 1 columns: " + megabyteQ,
		`"g": invalid action: "Jump(aaaa`,
		`"` + strings.Repeat("n", 100) + `"…(1048576 bytes): action 2: illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)`,
		`"g": invalid FEN ` + binaryQ,
		"got 4 columns: " + `"tab\tnew\tLift(e2)\tPlace(e4)"`,
	}
	tests := []struct {
		name    string
		args    []string
		stdin   string
		wantOut []string // every line of standard output, exactly (but see byFirst)
		wantErr []string // in standard error, in this order
	}{
		{"perft", []string{"perft", "-"}, fenLines,
			[]string{startTabQ + "\t20", startCRQ + "\t20"}, fenErrors},
		{"perft -divide", []string{"perft", "-divide", "-"}, binary + "\n" + startTab + "\n", nil, []string{"invalid FEN " + binaryQ}},
		{"moves", []string{"moves", "-"}, fenLines, nil, fenErrors},
		{"fen", []string{"fen", "-"}, fenLines, []string{
			megabyteQ + "\terror: fields: want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got 1",
			megaSideQ + "\terror: side to move: " + megaSideReason,
			nulBoardQ + "\terror: board: rank 1: byte \"\\x00\" is not a piece or union letter",
			binaryQ + "\terror: fields: want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got 1",
			startTabQ + "\t" + startFEN,
			startCRQ + "\t" + startFEN,
			tabCRQ + "\terror: fields: a chess FEN has 6 fields (board, side to move, castling, en passant, half-move clock, full-move number; the last two may be left out), got 3",
		}, fenErrors},
		{"sako", []string{"sako", "-"}, fenLines, []string{
			startTabQ + "\t0\t0\ta2,a3,b1,b2,b3,c1,c2,c3,d2,d3,e1,e2,e3,f3,g1,g2,g3,h2,h3\ta6,a7,b6,b7,b8,c6,c7,c8,d6,d7,e6,e7,e8,f6,g6,g7,g8,h6,h7",
			startCRQ + "\t0\t0\ta2,a3,b1,b2,b3,c1,c2,c3,d2,d3,e1,e2,e3,f3,g1,g2,g3,h2,h3\ta6,a7,b6,b7,b8,c6,c7,c8,d6,d7,e6,e7,e8,f6,g6,g7,g8,h6,h7",
		}, fenErrors},
		{"validate", []string{"validate", "-"}, fenLines + "# \x1b[2J comment\n", []string{
			megabyteQ + "\tinvalid FEN: fields: want 6 space-separated fields (board; side to move; no-progress counter; castling; en passant; -); got 1",
			megaSideQ + "\tinvalid FEN: side to move: " + strings.Replace(megaSideReason, ",", ";", 1),
			nulBoardQ + "\tinvalid FEN: board: rank 1: byte \"\\x00\" is not a piece or union letter",
			binaryQ + "\tinvalid FEN: fields: want 6 space-separated fields (board; side to move; no-progress counter; castling; en passant; -); got 1",
			startTabQ + "\tok",
			startCRQ + "\tok",
			tabCRQ + "\tinvalid FEN: fields: a chess FEN has 6 fields (board; side to move; castling; en passant; half-move clock; full-move number; the last two may be left out); got 3",
			`"# \x1b[2J comment"`,
		}, nil},
		{"replay", []string{"replay", "-"}, histLines, []string{
			`"` + strings.Repeat("n", 100) + `"…(1048576 bytes)` + "\t0\t\t" + startFEN + "\t20\tRunning",
			`"\x1b[31mred\x00\xff"` + "\t0\t\t" + startFEN + "\t20\tRunning",
			`"\x1b[31mred\x00\xff"` + "\t1\tLift(e2) Place(e4)\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\t20\tRunning",
			"cr\t0\t\t" + startFEN + "\t20\tRunning",
			"cr\t1\tLift(e2) Place(e4)\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\t20\tRunning",
		}, histErrors},
		{"notation", []string{"notation", "-"}, histLines, []string{`"\x1b[31mred\x00\xff"` + "\t1\te2>e4", "cr\t1\te2>e4"}, histErrors},
		{"convert", []string{"convert", "-from", "history", "-to", "san", "-"}, histLines, []string{
			`"\x1b[31mred\x00\xff"` + "\tnew\te4", "cr\tnew\te4",
		}, []string{"game 1: want <name>", "game 2: \"g\": invalid action", "game 3: \"nnnn", "game 5: \"g\": invalid FEN " + binaryQ, "game 6: want"}},
		{"convert json", []string{"convert", "-to", "history", "-"}, strings.Join([]string{
			"g\tnew\t[{\"Lift\":" + strings.Repeat("1", 1<<20) + "}]",
			"g\tnew\t[{\"Lift\":\"\x00\x1b\xff\"}]",
			"g\x1b\tnew\t[{\"Lift\":12},{\"Place\":28}]",
			"g\tnew\t[{\"Lift\":12},\t{\"Place\":28}]",
		}, "\n") + "\n", []string{`"g\x1b"` + "\tnew\tLift(e2) Place(e4)"}, []string{
			`game 1: "g": pacoplay action log: entry 0: invalid action: JSON`,
			`game 2: "g": pacoplay action log: entry 0: invalid action: malformed JSON: invalid character '\x00' in string literal`,
			`game 4: want <name>\t<start>\t<JSON action log>, got 4 columns: "g\tnew\t[{\"Lift\":12},\t{\"Place\":28}]"`,
		}},
		{"convert record", []string{"convert", "-to", "san", "-"}, "[Event \"x\"]\n\n1. " + megabyte + " *\n\n", nil, []string{`game 1, line 3, column 4: half-move 1 "aaaa`, `…(1048576 bytes)" at offset 1048576: want a target square such as e4`}},
		{"play", []string{"play", "-"}, strings.Join([]string{
			megabyte,
			"start\t" + strings.Repeat("Lift(e2) ", 1<<17),
			binary + "\tLift(e2)",
			"start\t" + binary,
			"start\tLift(e2)\tPlace(e4)",
			"start\tLift(e2)\rPlace(e4)",
			`"start"` + "\tLift(e2)",
		}, "\n") + "\n", []string{
			megabyteQ + "\terror: start: invalid FEN \"" + strings.Repeat("a", 160) + "…(1048576 bytes)\": fields: want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got 1",
			"start\t\"" + strings.Repeat("Lift(e2) ", 11) + "L\"…(1179648 bytes)\terror: argument 2 \"Lift(e2)\": illegal action: Lift(e2) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)",
			binaryQ + "\tLift(e2)\terror: start: invalid FEN " + binaryQ + ": fields: want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got 1",
			"start\t" + binaryQ + "\terror: argument 1 " + binaryQ + ": invalid move notation " + binaryQ + " at offset 0: neither actions (they have parentheses) nor chain SAN (at offset 0: want a target square such as e4) nor coordinate notation (at offset 0: want a square (a1..h8), or \"=\" or \"-\", to start a move, got byte 0x00)",
			"start\t\"Lift(e2)\\tPlace(e4)\"\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\tLift(a7) Lift(b7) Lift(b8) Lift(c7) Lift(d7) Lift(e7) Lift(f7) Lift(g7) Lift(g8) Lift(h7)\t20\trunning\t0\t0",
			"start\t\"Lift(e2)\\rPlace(e4)\"\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 AHah e3 -\tLift(a7) Lift(b7) Lift(b8) Lift(c7) Lift(d7) Lift(e7) Lift(f7) Lift(g7) Lift(g8) Lift(h7)\t20\trunning\t0\t0",
			`"\"start\""` + "\tLift(e2)\terror: start: invalid FEN \"\\\"start\\\"\": fields: want 6 space-separated fields (board, side to move, no-progress counter, castling, en passant, -), got 1",
		}, []string{"start: invalid FEN", `argument 2 "Lift(e2)": illegal action: Lift(e2) in `, "start: invalid FEN " + binaryQ, "argument 1 " + binaryQ + ": invalid move notation"}},
		{"svg", []string{"svg", "-"}, strings.Join([]string{megabyte, binary, tabCR, startTab}, "\n") + "\n", nil, []string{
			"invalid FEN \"aaaa",
			"draws one position; ignoring the further input line " + binaryQ,
			"draws one position; ignoring the further input line " + tabCRQ,
			"draws one position; ignoring the further input line " + startTabQ,
		}},
		{"svg diagram", []string{"svg", "-"}, "fen:" + megabyte + ":\n", nil, []string{"invalid FEN \"aaaa"}},
	}
	// The commands that print a line per move are checked by their number of lines
	// and their first column.
	byFirst := map[string]struct {
		n     int
		first []string
	}{
		"perft -divide": {21, []string{startTabQ}},
		"moves":         {40, []string{startTabQ, startCRQ}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCmd(t, tc.stdin, tc.args...)
			if status != 1 {
				t.Errorf("exit status %d, want 1", status)
			}
			checkTidy(t, tc.name, tc.args[0], stdout, stderr, 1000)
			got := lines(t, stdout)
			if b, ok := byFirst[tc.name]; ok {
				if len(got) != b.n {
					t.Errorf("%d output lines, want %d", len(got), b.n)
				}
				for _, l := range got {
					if f, _, _ := strings.Cut(l, "\t"); !slices.Contains(b.first, f) {
						t.Errorf("output line %.300q does not start with one of %q", l, b.first)
					}
				}
			} else if len(got) != len(tc.wantOut) {
				t.Errorf("%d output lines, want %d: %.2000q", len(got), len(tc.wantOut), got)
			}
			for i := range min(len(got), len(tc.wantOut)) {
				if got[i] != tc.wantOut[i] {
					t.Errorf("output line %d:\n got  %.500q\n want %.500q", i+1, got[i], tc.wantOut[i])
				}
			}
			rest := stderr
			for _, w := range tc.wantErr {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("stderr lacks %.300q (in order) in:\n%.3000s", w, stderr)
					break
				}
				rest = rest[i+len(w):]
			}
			if len(stderr) > 10*(messageLimit+100) {
				t.Errorf("stderr has %d bytes", len(stderr))
			}
		})
	}
}
