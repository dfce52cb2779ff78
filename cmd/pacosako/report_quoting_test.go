package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako/internal/textsafe"
)

// Input in output (the package doc's "Input in output and messages"): a property
// test over every command and output format, with random bytes as tag values,
// comments, game names, player names, batch lines and captions.

// hostileBytes are what the random texts are made of: every kind of control
// character, the separators JavaScript reads as line ends, bytes that are not
// UTF-8, markup and the characters the formats quote with.
var hostileBytes = []string{
	"\x00", "\x07", "\x08", "\t", "\r", "\x0b", "\x0c", "\x1b", "\x1b[31m", "\x1b]0;title\x07", "\x1e", "\x7f",
	"\u0080", "\u0085", "\u009b", "\u009b2J", "\u2028", "\u2029", "\x92", "\xff", "\xc3", "\xe2\x80", "\uFFFE",
	"a", "Ŝako", " ", "<", ">", "&", "'", `"`, `\`, "</script>", "]]>", "{", "[", "e4", "-", "%",
}

// hostile returns a random text of up to n pieces, without the bytes in drop.
func hostile(rng *rand.Rand, n int, drop string) string {
	var b strings.Builder
	for range rng.IntN(n) + 1 {
		b.WriteString(hostileBytes[rng.IntN(len(hostileBytes))])
	}
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(drop, r) {
			return 'x'
		}
		return r
	}, b.String())
}

// pgnString writes s as a PGN tag value: '"' and '\' escaped.
func pgnString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// hostileRecords returns game records whose tags and comments are random bytes.
func hostileRecords(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(`[Event "` + pgnString(hostile(rng, 6, "\n")) + "\"]\n")
		b.WriteString(`[White "` + pgnString(hostile(rng, 6, "\n")) + "\"]\n")
		b.WriteString(`[Site "` + pgnString(hostile(rng, 6, "\n")) + "\"]\n\n")
		b.WriteString("{" + hostile(rng, 6, "}") + "} 1. e4 {" + hostile(rng, 8, "}") + "} $1 d5 (1... e5 {" + hostile(rng, 4, "}") + "}) 2. exd5 ")
		if i%3 == 2 {
			b.WriteString(hostile(rng, 3, "\n{}") + " ") // a move that is not one
		}
		b.WriteString("*\n\n")
	}
	return b.String()
}

// hostileMatches returns pacoplay match states whose key and player names are
// random (control characters as JSON's \u escapes, invalid bytes raw).
func hostileMatches(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		str := func() string {
			data, _ := json.Marshal(hostile(rng, 6, ""))
			return string(data)
		}
		b.WriteString(`{"key":` + str() + `,"actions":[{"Lift":12,"timestamp":"2023-04-02T19:30:02.500Z"},{"Place":28,"timestamp":"2023-04-02T19:30:03Z"}],` +
			`"setup_options":{"draw_after_n_repetitions":3},"victory_state":"Running","controlling_player":"Black",` +
			`"white_player":{"name":` + str() + `},"black_player":{"name":"B` + hostile(rng, 4, `"\`+"\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f") + `"}}` + "\n")
	}
	return b.String()
}

// hostileHistories returns history lines (<name>\t<start>\t<actions>) with random
// names; json makes the third column a pacoplay action log.
func hostileHistories(rng *rand.Rand, n int, json bool) string {
	var b strings.Builder
	for i := range n {
		actions := "Lift(e2) Place(e4) Lift(d7) Place(d5)"
		if json {
			actions = `[{"Lift":12},{"Place":28},{"Lift":51},{"Place":35}]`
		}
		if i%4 == 3 {
			actions = hostile(rng, 4, "\n")
		}
		b.WriteString(hostile(rng, 6, "\t\n") + "\tnew\t" + actions + "\n")
	}
	return b.String()
}

// hostileLines returns batch lines: random text, alone or around a FEN.
func hostileLines(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 3 {
		case 0:
			b.WriteString(hostile(rng, 8, "\n"))
		case 1:
			b.WriteString(strings.Replace(startFEN, " - -", " - "+hostile(rng, 3, "\n"), 1))
		default:
			b.WriteString(startFEN)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// checkClean checks a document (HTML, SVG) for raw input: valid UTF-8 without a
// control character but the line feeds between its lines, nor U+2028, U+2029.
func checkClean(t *testing.T, name, doc string) {
	t.Helper()
	for i, l := range strings.Split(doc, "\n") {
		if !textsafe.Clean(l) {
			t.Errorf("%s: line %d holds raw input: %.400q", name, i+1, l)
			return
		}
	}
}

func TestInputNeverRawInOutput(t *testing.T) {
	rounds := 12
	if testing.Short() {
		rounds = 3
	}
	rng := rand.New(rand.NewPCG(19, 6))
	for round := range rounds {
		records := hostileRecords(rng, 4)
		matches := hostileMatches(rng, 3)
		histories := hostileHistories(rng, 4, false)
		logs := hostileHistories(rng, 4, true)
		fens := hostileLines(rng, 6)
		var playLines strings.Builder
		for range 4 {
			playLines.WriteString(hostile(rng, 4, "\t\n") + "\t" + hostile(rng, 4, "\n") + "\n")
			playLines.WriteString("start\te4 " + hostile(rng, 4, "\n") + "\n")
		}
		var captions strings.Builder
		for range 3 {
			captions.WriteString(startFEN + "\t" + hostile(rng, 8, "\n") + "\n")
		}
		inputs := map[string]string{"record": records, "pacoplay": matches, "history": histories, "json": logs}

		for _, from := range []string{"record", "pacoplay", "history", "json"} {
			for _, to := range []string{"history", "json", "san", "coord", "replay", "html-embed", "record"} {
				name := "convert -from " + from + " -to " + to
				t.Run(name, func(t *testing.T) {
					stdout, stderr, _ := runCmd(t, inputs[from], "convert", "-from", from, "-to", to, "-")
					if to == "html-embed" || to == "record" { // many lines: a comment may keep its line breaks
						checkClean(t, name, stdout)
						checkTidy(t, name, "convert", "", stderr, 0)
					} else {
						checkTidy(t, name, "convert", stdout, stderr, 1<<20)
					}
					if stdout == "" {
						t.Errorf("round %d: no output at all", round)
					}
				})
			}
			t.Run("convert -from "+from+" -to html", func(t *testing.T) {
				dir := t.TempDir()
				stdout, stderr, _ := runCmd(t, inputs[from], "convert", "-from", from, "-to", "html", "-o", dir, "-")
				checkTidy(t, "html", "convert", stdout, stderr, 1000)
				files, err := filepath.Glob(filepath.Join(dir, "*.html"))
				if err != nil || len(files) == 0 {
					t.Fatalf("no pages written (%v)", err)
				}
				for _, f := range files {
					if !textsafe.Clean(filepath.Base(f)) {
						t.Errorf("file name %q holds raw input", filepath.Base(f))
					}
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					checkClean(t, f, string(data))
				}
			})
		}
		for _, c := range []struct {
			args  []string
			stdin string
		}{
			{[]string{"replay", "-"}, histories},
			{[]string{"notation", "-"}, histories},
			{[]string{"annotate", "-"}, histories},
			{[]string{"play", "-"}, playLines.String()},
			{[]string{"moves", "-"}, fens},
			{[]string{"perft", "-"}, fens},
			{[]string{"perft", "-divide", "-"}, fens},
			{[]string{"fen", "-"}, fens},
			{[]string{"sako", "-"}, fens},
			{[]string{"validate", "-"}, fens},
			{[]string{"solve", "-n", "1", "-"}, fens},
		} {
			t.Run(strings.Join(c.args, " "), func(t *testing.T) {
				stdout, stderr, _ := runCmd(t, c.stdin, c.args...)
				checkTidy(t, c.args[0], c.args[0], stdout, stderr, 1<<20)
			})
		}
		t.Run("svg -grid", func(t *testing.T) {
			stdout, stderr, status := runCmd(t, captions.String(), "svg", "-grid", "2", "-")
			if status != 0 {
				t.Fatalf("status %d: %s", status, stderr)
			}
			checkClean(t, "svg -grid", stdout)
		})
		t.Run("svg", func(t *testing.T) {
			for _, arg := range []string{hostile(rng, 8, ""), "fen:" + hostile(rng, 8, "") + ":"} {
				stdout, stderr, _ := runCmd(t, "", "svg", arg)
				checkClean(t, "svg "+strconv.Quote(arg), stdout)
				checkTidy(t, "svg", "svg", "", stderr, 0)
			}
		})
	}
}

// TestOneQuotingRule: a byte that is not UTF-8 is written the same way by every
// command that repeats input in a column: quoted as "\x92", never as U+FFFD.
func TestOneQuotingRule(t *testing.T) {
	fromConvert := mustRun(t, "[Event \"a\x92b\"]\n\n1. e4 *\n", "convert", "-to", "san", "-")
	if !strings.HasPrefix(fromConvert, `"a\x92b"`+"\t") {
		t.Errorf("convert -to san: %q; want the name quoted as \"a\\x92b\"", fromConvert)
	}
	_, stderr, _ := runCmd(t, "a\x92b\n", "validate", "-")
	if !strings.Contains(stderr+mustRunAny(t, "a\x92b\n", "validate", "-"), `"a\x92b"`) {
		t.Errorf("validate: %q; want the input quoted as \"a\\x92b\"", stderr)
	}
	_, stderr, _ = runCmd(t, "a\x92b\n", "moves", "-")
	if !strings.Contains(stderr, `"a\x92b"`) {
		t.Errorf("moves: %q; want the input quoted as \"a\\x92b\"", stderr)
	}
}

// mustRunAny returns a command's standard output whatever its status.
func mustRunAny(t *testing.T, stdin string, args ...string) string {
	out, _, _ := runCmd(t, stdin, args...)
	return out
}
