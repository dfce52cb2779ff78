package pacosako

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The record corpus: testdata/records/*.pgn are game records written as people
// and programs write them (the layouts of common chess GUIs' and websites' exports,
// hand-typed files, the shared game histories with comments, NAGs and variations
// added, and files with bad games among good ones). The golden file of X.pgn is
// X.golden: for every game the RecordReader returns, in order,
//
//   - a game read: the record as WriteRecord writes it (its tags, an empty line,
//     its movetext, an empty line);
//   - a game that could not be read: one line "% error: " and the *RecordError's
//     message (which names the game, the line and the column), then an empty line;
//
// and, should the stream itself fail, a last line "% stream error: " and Err's
// message. A line starting with '%' is an escape line that PGN readers skip, so a
// golden is itself a PGN stream: it reads back to exactly its good records, each
// written again identically. The test checks that too, and that the corpus has at
// least corpusMinFiles files. It also checks that every error is a *RecordError of
// its own game, on one line, and that an error about a move points (line and column)
// at that move in the input.
//
// testdata/records/README.md says what each file covers; FINDINGS.md listed what
// the corpus found wrong in the reader or the writer. After a deliberate change of
// the reader or the writer,
//
//	go test -run TestRecordCorpus -update .
//
// rewrites the goldens; read their diff before committing it.

var updateGoldens = flag.Bool("update", false, "rewrite the golden files of the record corpus (testdata/records/*.golden)")

// corpusMinFiles is the least number of files the corpus must hold.
const corpusMinFiles = 30

// corpusStats counts what a corpus file holds.
type corpusStats struct {
	games, errors, moves, variationMoves, comments, nags, variations int
}

func (s *corpusStats) add(o corpusStats) {
	s.games += o.games
	s.errors += o.errors
	s.moves += o.moves
	s.variationMoves += o.variationMoves
	s.comments += o.comments
	s.nags += o.nags
	s.variations += o.variations
}

// countNotes counts the comments, NAGs, variations and variation moves of notes.
func (s *corpusStats) countNotes(notes []Note) {
	for _, n := range notes {
		if n.Comment != "" {
			s.comments++
		}
		s.nags += len(n.NAGs)
		for _, v := range n.Variations {
			s.variations++
			s.variationMoves += len(v.Moves)
			if v.Comment != "" {
				s.comments++
			}
			s.countNotes(v.Notes)
		}
	}
}

// readCorpusFile reads a corpus file and returns its golden text and what it holds.
func readCorpusFile(t *testing.T, text string) (string, corpusStats) {
	t.Helper()
	var out strings.Builder
	var st corpusStats
	rr := NewRecordReader(strings.NewReader(text))
	for rr.Scan() {
		st.games++
		rec, err := rr.Record()
		if err != nil {
			st.errors++
			var re *RecordError
			if !errors.As(err, &re) {
				t.Errorf("game %d: error %v is not a *RecordError", st.games, err)
			} else if re.Game != st.games || re.Line < 1 || re.Column < 1 {
				t.Errorf("game %d: error located at game %d, line %d, column %d", st.games, re.Game, re.Line, re.Column)
			} else if at := textAt(text, re.Line, re.Column); re.MoveText != "" && !strings.HasPrefix(at, "[") &&
				!strings.HasPrefix(at, strings.Split(re.MoveText, ",")[0]) {
				// A move's error points at the move (a Pending tag's, at its tag).
				t.Errorf("game %d: the error about %q points at %q", st.games, re.MoveText, at)
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\r\n") {
				t.Errorf("game %d: error message of more than one line: %q", st.games, msg)
			}
			out.WriteString("% error: " + msg + "\n\n")
			continue
		}
		st.moves += rec.Game.Len()
		if rec.Comment != "" {
			st.comments++
		}
		st.countNotes(rec.Notes)
		if err := WriteRecord(&out, rec); err != nil {
			t.Errorf("game %d: WriteRecord: %v", st.games, err)
		}
	}
	if err := rr.Err(); err != nil {
		out.WriteString("% stream error: " + err.Error() + "\n")
	}
	return out.String(), st
}

// textAt returns the input from a line and column on (from 1, columns in
// characters, a byte-order mark not counted) to the end of that line.
func textAt(text string, line, col int) string {
	// Lines end as the reader ends them: LF, CR LF, or CR alone.
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(strings.TrimPrefix(text, "\uFEFF"), "\n")
	if line > len(lines) {
		return ""
	}
	l := lines[line-1]
	for c := 1; c < col; c++ { // a byte that is not UTF-8 is a column, and stays as it is
		if l == "" {
			return ""
		}
		_, size := utf8.DecodeRuneInString(l)
		l = l[size:]
	}
	return l
}

// checkGoldenReadsBack checks that a golden is a PGN stream of its good records:
// read, each is written again as it stands in the golden, and there are as many as
// the corpus file has good games.
func checkGoldenReadsBack(t *testing.T, golden string, good int) {
	t.Helper()
	// A record is its tags and its movetext, each followed by an empty line.
	var want []string
	parts := strings.SplitAfter(golden, "\n\n")
	for i := 0; i < len(parts); i++ {
		if strings.HasPrefix(parts[i], "[") && i+1 < len(parts) {
			want = append(want, parts[i]+parts[i+1])
			i++
		}
	}
	if len(want) != good {
		t.Errorf("the golden holds %d records; the input has %d good games", len(want), good)
	}
	rr := NewRecordReader(strings.NewReader(golden))
	n := 0
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			t.Errorf("golden record %d does not read back: %v", n+1, err)
		} else if n < len(want) {
			var again strings.Builder
			WriteRecord(&again, rec)
			if again.String() != want[n] {
				t.Errorf("golden record %d is written again differently:\n%s\nthen\n%s", n+1, want[n], again.String())
			}
		}
		n++
	}
	if rr.Err() != nil || n != good {
		t.Errorf("the golden reads as %d records (%v); want %d", n, rr.Err(), good)
	}
}

// TestRecordCorpus reads every file of testdata/records and compares what it reads
// with the file's golden, byte for byte.
func TestRecordCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "records", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < corpusMinFiles {
		t.Fatalf("the corpus has %d files; want at least %d", len(files), corpusMinFiles)
	}
	var total corpusStats
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pgn")
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, st := readCorpusFile(t, string(input))
			if st.games == 0 {
				t.Errorf("no game read")
			}
			total.add(st)
			goldenFile := strings.TrimSuffix(file, ".pgn") + ".golden"
			if *updateGoldens {
				if err := os.WriteFile(goldenFile, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(goldenFile)
			if err != nil {
				t.Fatalf("%v (go test -run TestRecordCorpus -update . writes it)", err)
			}
			if got != string(want) {
				t.Errorf("read differently from %s:\n%s", goldenFile, firstDifference(string(want), got))
			}
			checkGoldenReadsBack(t, string(want), st.games-st.errors)
		})
	}
	t.Logf("%d files, %d games (%d with an error), %d main-line half-moves; annotations: %d comments, %d NAGs, %d variations of %d half-moves",
		len(files), total.games, total.errors, total.moves, total.comments, total.nags, total.variations, total.variationMoves)
}

// firstDifference shows the first line where got differs from want.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d:\nwant %s\ngot  %s", i+1, quoteLine(a, i < len(w)), quoteLine(b, i < len(g)))
		}
	}
	return "(no line differs)"
}

func quoteLine(s string, present bool) string {
	if !present {
		return "(end of file)"
	}
	return strconv.Quote(s)
}
