package main

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestExitStatus: a usage error (an unknown command or flag, a flag value that is
// wrong whatever the input, a wrong number of arguments) exits with 2 and writes
// nothing on standard output; input that cannot be served (a FEN that does not
// parse, an illegal move, a file that cannot be read, a -chain move that is not
// legal in the position drawn) exits with 1. Every flag of every command is tried.
func TestExitStatus(t *testing.T) {
	const m5 = "4k3/8/8/8/8/8/8/r3K3 w 0 - - -"
	missing := "/no/such/file"
	tests := []struct {
		args   []string
		stdin  string
		status int
		stderr string // the message names this (where, what)
	}{
		// Before a command.
		{nil, "", 2, "pacosako: no command given"},
		{[]string{"frobnicate"}, "", 2, `pacosako: unknown command "frobnicate" (want one of perft, moves, fen, sako, replay, notation, annotate, play, convert, svg, validate, solve, search, uci)`},
		{[]string{binary}, "", 2, `pacosako: unknown command "\x00\x1b[31m\xff\xfe"`},
		{[]string{"-rules", "rulebook", "perft"}, "", 2, "pacosako: flags go after the command: pacosako perft -rules rulebook"},
		{[]string{"help"}, "", 0, ""},
		// Every command: an unknown flag, a bad -rules, "-" with more arguments.
		{[]string{"perft", "-nosuch"}, "", 2, "pacosako perft: flag provided but not defined: -nosuch"},
		{[]string{"moves", "-rules", "chess"}, "", 2, `pacosako moves: -rules "chess" is not a rule set: want a preset (Pacoplay, Rulebook, Vchess or VchessPacoplay)`},
		{[]string{"moves", "-rules", "Pacoplay(no-progress limit 0)"}, "", 2, `pacosako moves: -rules "Pacoplay(no-progress limit 0)" is not a rule set: the no-progress limit is a number of half-moves from 1, or off ("no-progress limit off"), got "0"`},
		{[]string{"fen", "-rules", binary}, "", 2, `pacosako fen: -rules "\x00\x1b[31m\xff\xfe" is not a rule set`},
		{[]string{"sako", "-rules", megabyte}, "", 2, `pacosako sako: -rules "aaaa`},
		{[]string{"replay", "-rules", "x"}, "", 2, "pacosako replay: -rules"},
		{[]string{"notation", "-rules", "x"}, "", 2, "pacosako notation: -rules"},
		{[]string{"play", "-rules", "x", "start"}, "", 2, "pacosako play: -rules"},
		{[]string{"convert", "-rules", "x"}, "", 2, "pacosako convert: -rules"},
		{[]string{"svg", "-rules", "x"}, "", 2, "pacosako svg: -rules"},
		{[]string{"validate", "-rules", "x"}, "", 2, "pacosako validate: -rules"},
		{[]string{"validate", "-nosuch"}, "", 2, "pacosako validate: flag provided but not defined: -nosuch"},
		{[]string{"perft", "-", "extra"}, "", 2, `pacosako perft: "-" (read standard input) is the only argument when given, got 2 arguments`},
		{[]string{"play", "-", startFEN}, "", 2, `pacosako play: "-" (read standard input) is the only argument`},
		{[]string{"sako", "-rules", "rulebook", m5}, "", 0, ""},
		// perft.
		{[]string{"perft", "-depth", "two"}, "", 2, `pacosako perft: invalid value "two" for flag -depth`},
		{[]string{"perft", "-depth", "-1"}, "", 2, "pacosako perft: -depth must be from 0 to 64, got -1"},
		{[]string{"perft", "-depth", "65"}, "", 2, "pacosako perft: -depth must be from 0 to 64, got 65"},
		{[]string{"perft", "-depth"}, "", 2, "pacosako perft: flag needs an argument: -depth"},
		{[]string{"perft", "-divide=maybe"}, "", 2, "-divide"},
		{[]string{"perft", "-parallel=maybe"}, "", 2, "-parallel"},
		{[]string{"perft", "-max-states", "-1"}, "", 2, "pacosako perft: -max-states must be at least 0, got -1"},
		{[]string{"perft", "-max-states", "many"}, "", 2, "-max-states"},
		{[]string{"perft", "-depth", "2", "-divide", "-parallel", "-max-states", "100000", "-rules", "rulebook", m5}, "", 0, ""},
		{[]string{"perft", badBoardFEN}, "", 1, `pacosako perft: invalid FEN "` + badBoardFEN + `": board`},
		{[]string{"perft", ""}, "", 1, "pacosako perft: the FEN argument is empty"},
		{[]string{"perft", "-max-states", "1000", heavyFEN}, "", 1, "search limit reached: the search held more than 1000 states"},
		{[]string{"perft", "-"}, badSideFEN + "\n", 1, "pacosako perft: invalid FEN"},
		// moves.
		{[]string{"moves", "-max-states", "-5"}, "", 2, "pacosako moves: -max-states must be at least 0, got -5"},
		{[]string{"moves", "-depth", "1"}, "", 2, "pacosako moves: flag provided but not defined: -depth"},
		{[]string{"moves", "-max-states", "1000", heavyFEN}, "", 1, "pacosako moves: \"" + heavyFEN + "\": search limit reached: the search held more than 1000 states"},
		{[]string{"moves", badSideFEN}, "", 1, "pacosako moves: invalid FEN"},
		// fen.
		{[]string{"fen", "-to", "pgn"}, "", 2, "pacosako fen: -to"},
		{[]string{"fen", "-to", "vchess", "rnbqkbnr/pppppppp/8/8/8/8/PPP1PPPP/RNBQKBNR^d2P w 1 AHah - -"}, "", 1, "cannot hold a piece in the hand"},
		{[]string{"fen", badSideFEN}, "", 1, "pacosako fen: invalid FEN"},
		// sako.
		{[]string{"sako", "-depth", "1"}, "", 2, "pacosako sako: flag provided but not defined: -depth"},
		{[]string{"sako", badBoardFEN}, "", 1, "pacosako sako: invalid FEN"},
		// replay and notation.
		{[]string{"replay", "a", "b"}, "", 2, "pacosako replay: want one file (or - or nothing for standard input), got 2 arguments"},
		{[]string{"replay", missing}, "", 1, `pacosako replay: open "/no/such/file": no such file or directory`},
		{[]string{"replay", "-"}, "g\tnew\tLift(e2) Place(e5)\n", 1, `pacosako replay: "g": action 2: illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)`},
		{[]string{"notation", "a", "b"}, "", 2, "pacosako notation: want one file"},
		{[]string{"notation", missing}, "", 1, `pacosako notation: open "/no/such/file"`},
		{[]string{"notation"}, "g\tnot a fen\n", 1, `pacosako notation: "g": invalid FEN "not a fen"`},
		// play.
		{[]string{"play"}, "", 2, "pacosako play: want a FEN (one argument) or start, then actions"},
		{[]string{"play", "-repetition", "x", "start"}, "", 2, `pacosako play: invalid value "x" for flag -repetition: "x" is not a whole number`},
		{[]string{"play", "-repetition", "-5", "start"}, "", 2, "pacosako play: -repetition and -noprogress must be at least 0"},
		{[]string{"play", "-noprogress", "x", "start"}, "", 2, "-noprogress"},
		{[]string{"play", "-noprogress", "-1", "start"}, "", 2, "must be at least 0"},
		{[]string{"play", "-repetition", "3", "-noprogress", "50", "start", "Lift(e2)"}, "", 0, ""},
		{[]string{"play", "start", "Lift(e2) Place(e5)"}, "", 1, `pacosako play: argument 1 "Lift(e2) Place(e5)": action 2: illegal action: Place(e5) in rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR^e2P w 1 AHah - -: legal are Place(e3) Place(e4)`},
		{[]string{"play", "start", "Jump(e2)"}, "", 1, `pacosako play: argument 1 "Jump(e2)": invalid action: "Jump(e2)"`},
		{[]string{"play", "start", "e4", "e5", "Ke3"}, "", 1, `pacosako play: argument 3 "Ke3": illegal move "Ke3"`},
		{[]string{"play", "nowhere"}, "", 1, `pacosako play: start: invalid FEN "nowhere"`},
		// convert.
		{[]string{"convert", "-from", "pgn"}, "", 2, `pacosako convert: -from must be record, history, json or pacoplay, got "pgn"`},
		{[]string{"convert", "-to", binary}, "", 2, `pacosako convert: -to must be record, history, json, san, coord, uci, replay, tags, html, html-embed or gif, got "\x00`},
		{[]string{"convert", "-o", "pages"}, "", 2, `pacosako convert: -o "pages": only -to html and -to gif write files (-to record writes to standard output)`},
		{[]string{"convert", "-to", "san", "-o", "pages"}, "", 2, `pacosako convert: -o "pages": only -to html and -to gif write files (-to san writes`},
		{[]string{"convert", "-to", "html", "-o", "/dev/null/pages", "-"}, "g\tnew\tLift(e2) Place(e4)\n", 1, `pacosako convert: -o: mkdir "/dev/null": not a directory`},
		{[]string{"convert", "-to", "html", "-o", "/proc/pages", "-"}, "g\tnew\tLift(e2) Place(e4)\n", 1, `pacosako convert: -o: mkdir "/proc/pages":`},
		{[]string{"convert", "-to", "html-embed", "-"}, "g\tnew\tLift(e2) Place(e5)\n", 1, `pacosako convert: game 1: "g": action 2, half-move 1: illegal action`},
		{[]string{"convert", "a", "b"}, "", 2, "pacosako convert: want one file"},
		{[]string{"convert", missing}, "", 1, `pacosako convert: open "/no/such/file"`},
		{[]string{"convert", "-from", "history", "-to", "coord", "-"}, "g\tnew\tLift(e2) Place(e4)\n", 0, ""},
		{[]string{"convert", "-"}, "1. e4 e5 2. Ke3 *\n", 1, `pacosako convert: game record: game 1, line 1, column 13: half-move 3 "Ke3"`},
		{[]string{"convert", "-size", "400"}, "", 2, "pacosako convert: -size draws the pictures of -to gif (-to record writes none)"},
		{[]string{"convert", "-to", "gif", "-size", "63"}, "", 2, "pacosako convert: -size must be from 64 to 2048 pixels (0: 400), got 63"},
		{[]string{"convert", "-to", "gif", "-size", "big"}, "", 2, `invalid value "big" for flag -size`},
		{[]string{"convert", "-to", "gif", "-coords=maybe"}, "", 2, "-coords"},
		{[]string{"convert", "-to", "html", "-flip"}, "", 2, "pacosako convert: -flip draws the pictures of -to gif"},
		{[]string{"convert", "-to", "gif", "-o", "/dev/null/gifs", "-"}, "g\tnew\tLift(e2) Place(e4)\n", 1, `pacosako convert: -o: mkdir "/dev/null": not a directory`},
		{[]string{"convert", "-to", "gif", "-o", "/proc", "-"}, "g\tnew\tLift(e2) Place(e4)\n", 1, `pacosako convert: "g": writing the GIF: open "/proc/.replay-`},
		// svg: flag values wrong whatever the position are usage errors; a -chain
		// move that is not legal in the position drawn is bad input.
		{[]string{"svg", "-size", "-1"}, "", 2, "pacosako svg: -size must be at least 0, got -1"},
		{[]string{"svg", "-size", "big"}, "", 2, `invalid value "big" for flag -size`},
		{[]string{"svg", "-flip=maybe"}, "", 2, "-flip"},
		{[]string{"svg", "-coords=maybe"}, "", 2, "-coords"},
		{[]string{"svg", "-arrows", "e2e9"}, "", 2, `pacosako svg: -arrows: "e2e9" is not an arrow: want two squares (e2e4), optionally after a colour letter`},
		{[]string{"svg", "-arrows", "Xe2e4"}, "", 2, `pacosako svg: -arrows: "Xe2e4": the colour letter is one of G, R, Y, B`},
		{[]string{"svg", "-marks", "a5,,b7"}, "", 2, `pacosako svg: -marks: "" is not a square name (a1..h8)`},
		{[]string{"svg", "-chain", "zz", rulesFEN}, "", 2, `pacosako svg: -chain: "zz" is neither chain SAN (Bxe4,Ne4xc3,Qc3xc6) nor coordinate notation (f3e4c3c6)`},
		{[]string{"svg", "-chain", megabyte}, "", 2, `pacosako svg: -chain: "aaaa`},
		{[]string{"svg", "-chain", "Bxe5", rulesFEN}, "", 1, `pacosako svg: -chain: illegal move "Bxe5" in 4k3/8/2q5/8/4o3/2w2B2/8/5K2 w 0 - - -`},
		{[]string{"svg", "-chain", "f3e5", rulesFEN}, "", 1, "pacosako svg: -chain:"},
		{[]string{"svg", "-flip", "-coords", "-size", "100", "-arrows", "Re2e4", "-marks", "a5", "-chain", "Bxe4,Ne4xc3,Qc3xc6", rulesFEN}, "", 0, ""},
		{[]string{"svg", badBoardFEN}, "", 1, "pacosako svg: invalid FEN"},
		{[]string{"svg", "-"}, "", 1, "pacosako svg: no position on standard input"},
		{[]string{"svg", "-animate", rulesFEN}, "", 2, "pacosako svg: -animate draws the move of -move: give -move MOVE"},
		{[]string{"svg", "-animate=maybe"}, "", 2, "-animate"},
		{[]string{"svg", "-once", "-chain", "Bxe4", rulesFEN}, "", 2, "pacosako svg: -once times an animation: give -animate or -format gif (and -move MOVE)"},
		{[]string{"svg", "-once=maybe"}, "", 2, "-once"},
		{[]string{"svg", "-animate", "-step", "5ms", "-chain", "Bxe4", rulesFEN}, "", 2, "pacosako svg: -step must be between 10ms and 10m, got 5ms"},
		{[]string{"svg", "-animate", "-step", "fast", "-chain", "Bxe4", rulesFEN}, "", 2, `invalid value "fast" for flag -step`},
		{[]string{"svg", "-animate", "-hold", "11m", "-chain", "Bxe4", rulesFEN}, "", 2, "pacosako svg: -hold must be between 10ms and 10m, got 11m0s"},
		{[]string{"svg", "-hold", "1s", rulesFEN}, "", 2, "pacosako svg: -hold times an animation"},
		{[]string{"svg", "-animate", "-chain", "Bxe5", rulesFEN}, "", 1, `pacosako svg: -chain: illegal move "Bxe5"`},
		{[]string{"svg", "-animate", "-once", "-step", "100ms", "-hold", "100ms", "-chain", "Kg2", rulesFEN}, "", 0, ""},
		{[]string{"svg", "-grid", "-2", "-"}, "", 2, "pacosako svg: -grid must be at least 1 (diagrams a row), got -2"},
		{[]string{"svg", "-grid", "3", rulesFEN}, "", 2, "pacosako svg: -grid reads its diagrams from standard input: give - as the only argument"},
		{[]string{"svg", "-grid", "3", "-marks", "a5", "-"}, "", 2, "pacosako svg: -marks draws on one position; -grid draws each line's diagram as it is"},
		{[]string{"svg", "-grid", "3", "-"}, "nonsense\n", 1, `pacosako svg: line 1: invalid FEN "nonsense"`},
		{[]string{"svg", "-grid", "3", "-flip", "-coords", "-size", "600", "-"}, rulesFEN + "\tcaption\n", 0, ""},
		{[]string{"svg", "-format", "jpeg"}, "", 2, `pacosako svg: -format must be svg, png or gif, got "jpeg"`},
		{[]string{"svg", "-format", "png", "-size", "63"}, "", 2, "pacosako svg: -size must be from 64 to 2048 pixels with -format png (0: 400), got 63"},
		{[]string{"svg", "-format", "gif", "-size", "2049", "-move", "e4"}, "", 2, "pacosako svg: -size must be from 64 to 2048 pixels with -format gif (0: 400), got 2049"},
		{[]string{"svg", "-format", "gif"}, "", 2, "pacosako svg: -format gif plays the move of -move: give -move MOVE (-format png draws a position)"},
		{[]string{"svg", "-format", "gif", "-after", "-move", "e4"}, "", 2, "pacosako svg: -format gif plays the move from the position before it and -after draws the position after it"},
		{[]string{"svg", "-format", "png", "-animate", "-move", "e4"}, "", 2, "pacosako svg: -animate draws the move being played and a PNG is a still picture"},
		{[]string{"svg", "-format", "png", "-grid", "2", "-"}, "", 2, "pacosako svg: -grid draws a sheet as SVG only (svg.Sheet); -format png draws one position"},
		{[]string{"svg", "-format", "gif", "-style", "x", "-move", "e4"}, "", 2, "pacosako svg: -style is CSS, which applies to SVG, not to pixels: give -format svg, or -format gif without -style"},
		{[]string{"svg", "-style", "</style><script>"}, "", 2, `pacosako svg: -style: svg: invalid options: style contains "</"`},
		{[]string{"svg", "-format", "gif", "-once", "-step", "5ms", "-move", "e4"}, "", 2, "pacosako svg: -step must be between 10ms and 10m, got 5ms"},
		{[]string{"svg", "-format", "png", "-move", "e5"}, "", 1, `pacosako svg: -move: illegal move "e5"`},
		{[]string{"svg", "-format", "gif", "-once", "-step", "50ms", "-hold", "50ms", "-size", "64", "-move", "e4"}, "", 0, ""},
		{[]string{"svg", "-format", "png", "-size", "64", "-after", "-move", "e4", "-hide-sako", "-hide-paco", "-style="}, "", 0, ""},
		{[]string{"svg", "-hide-sako=maybe"}, "", 2, "-hide-sako"},
		{[]string{"svg", "-hide-paco=maybe"}, "", 2, "-hide-paco"},
		{[]string{"svg", "-variant", "atomic", "-hide-check=maybe"}, "", 2, "-hide-check"},
		{[]string{"svg", "-hide-check"}, "", 2, "pacosako svg: -hide-check turns off Atomic chess's highlight of the king in check (-variant atomic)"},
		{[]string{"svg", "-variant", "atomic", "-hide-paco"}, "", 2, "pacosako svg: -hide-paco turns off a highlight of Paco Ŝako, which Atomic chess does not have"},
		// validate: an invalid position is its verdict, not a message.
		{[]string{"validate", badSideFEN}, "", 1, ""},
		{[]string{"validate", " "}, "", 1, "pacosako validate: the FEN argument is empty"},
	}
	for _, tc := range tests {
		name := fmt.Sprintf("%.80q", tc.args)
		stdout, stderr, status := runCmd(t, tc.stdin, tc.args...)
		if status != tc.status {
			t.Errorf("%s: exit status %d, want %d (stderr %.300q)", name, status, tc.status, stderr)
		}
		if tc.stderr != "" && !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: stderr %.500q does not contain %.300q", name, stderr, tc.stderr)
		}
		if tc.status == 0 && stderr != "" {
			t.Errorf("%s: stderr %.300q on success", name, stderr)
		}
		if tc.status == 2 && stdout != "" {
			t.Errorf("%s: a usage error wrote %.100q on standard output", name, stdout)
		}
		command := ""
		if len(tc.args) > 0 && !strings.HasPrefix(tc.args[0], "-") && tc.args[0] != "frobnicate" && tc.args[0] != binary {
			command = tc.args[0]
		}
		if command != "svg" || status != 0 {
			checkTidy(t, name, command, stdout, stderr, 5000)
		}
	}

	// Standard input that cannot be read is bad input too.
	var out, errOut strings.Builder
	if status := run([]string{"perft", "-"}, failingReader{}, &out, &errOut); status != 1 || errOut.String() != "pacosako perft: reading input: disk on fire\n" {
		t.Errorf("unreadable input: status %d, stderr %q", status, errOut.String())
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestFlagsBeforeCommand: a flag before the command's name gets the command line
// meant, and exit status 2.
func TestFlagsBeforeCommand(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rules", "rulebook", "perft"}, "pacosako: flags go after the command: pacosako perft -rules rulebook\n"},
		{[]string{"-depth", "3", "perft", "-divide", rulesFEN}, "pacosako: flags go after the command: pacosako perft -depth 3 -divide '" + rulesFEN + "'\n"},
		{[]string{"--depth=3", "perft"}, "pacosako: flags go after the command: pacosako perft --depth=3\n"},
		{[]string{"-to", "vchess", "fen", "it's"}, `pacosako: flags go after the command: pacosako fen -to vchess 'it'\''s'` + "\n"},
		{[]string{"-arrows", binary, "svg", megabyte}, "pacosako: flags go after the command: pacosako svg -arrows '…' '…'\n"},
	} {
		stdout, stderr, status := runCmd(t, "", tc.args...)
		if status != 2 || stdout != "" || stderr != tc.want {
			t.Errorf("%.80q: status %d, stdout %q, stderr %q; want 2, nothing and %q", tc.args, status, stdout, stderr, tc.want)
		}
	}
	// No command among the arguments: the message, then the usage.
	stdout, stderr, status := runCmd(t, "", "-depth", "3")
	if status != 2 || stdout != "" || !strings.HasPrefix(stderr, "pacosako: no command given; flags go after the command's name, as in: pacosako <command> -depth 3\nusage:\n") {
		t.Errorf("-depth 3: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	// Help stays help.
	for _, h := range []string{"-h", "-help", "--help"} {
		if stdout, _, status := runCmd(t, "", h); status != 0 || !strings.HasPrefix(stdout, "usage:") {
			t.Errorf("%s: status %d, %q", h, status, stdout)
		}
	}
}

// TestCommandNames: the names flagsFirst looks for are the commands run knows and
// the usage lists.
func TestCommandNames(t *testing.T) {
	for _, name := range commandNames {
		if _, stderr, status := runCmd(t, "", name, "-h"); status != 0 || !strings.HasPrefix(stderr, "usage: pacosako "+name+" ") {
			t.Errorf("%s -h: status %d, stderr %.200q", name, status, stderr)
		}
	}
	lines := 0
	for _, c := range commands {
		lines += len(c.usage)
	}
	if n := strings.Count(usage, "\n  pacosako "); n != lines || lines < len(commandNames) {
		t.Errorf("the usage has %d command lines for %d commands with %d usage lines", n, len(commandNames), lines)
	}
}

func TestDepthWarning(t *testing.T) {
	for _, tc := range []struct {
		depth    int
		parallel bool
		cores    int
		want     string
	}{
		{6, false, 1, ""},
		{6, true, 64, ""},
		{7, true, 2, ""}, // about 20 s
		{7, false, 1, "-depth 7 takes about 40 s from the start position on 1 core (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
		{7, false, 2, "-depth 7 takes about 40 s from the start position on 1 core (each depth about 28 times longer; positions with more moves take longer); counting anyway (-parallel counts on all 2 cores)"},
		{8, true, 2, "-depth 8 takes about 9 min from the start position on 2 cores (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
		{8, true, 64, ""}, // about 18 s
		{9, true, 64, "-depth 9 takes about 8 min from the start position on 64 cores (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
		{9, false, 1, "-depth 9 takes about 9 h from the start position on 1 core (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
		{11, false, 1, "-depth 11 takes about 285 days from the start position on 1 core (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
		{20, true, 2, "-depth 20 takes about 4.1e+12 years from the start position on 2 cores (each depth about 28 times longer; positions with more moves take longer); counting anyway"},
	} {
		c := &perftCmd{depth: tc.depth, parallel: tc.parallel}
		if got := c.depthWarning(tc.cores); got != tc.want {
			t.Errorf("-depth %d, parallel %v, %d cores:\n got  %q\n want %q", tc.depth, tc.parallel, tc.cores, got, tc.want)
		}
	}

	// The command warns once, on standard error, and counts anyway (here a
	// position without moves, counted at once).
	const empty = "8/8/8/8/8/8/8/8 w 0 - - -"
	want := "pacosako perft: " + (&perftCmd{depth: 9}).depthWarning(runtime.GOMAXPROCS(0)) + "\n"
	stdout, stderr, status := runCmd(t, empty+"\n"+empty+"\n", "perft", "-depth", "9", "-")
	if status != 0 || stdout != empty+"\t0\n"+empty+"\t0\n" || stderr != want {
		t.Errorf("perft -depth 9 -: status %d, stdout %q, stderr %q; want 0, two zero counts and %q", status, stdout, stderr, want)
	}
	if _, stderr, _ := runCmd(t, "", "perft", "-depth", "4"); stderr != "" {
		t.Errorf("perft -depth 4 warns: %q", stderr)
	}
}
