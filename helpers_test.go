package pacosako

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// sharedTestdata is where CI keeps the official engine's reference vectors
// (the folder shared beside the module, see README.md), reached through the
// module's link testdata/shared (to ../../shared). Tests that need it skip with
// a message when it is absent; the module's own testdata/ holds a subset that
// always runs.
//
// Every test reaches the shared folder through that link, never as
// "../shared": go test keys a cached result on the files the test stats and
// opens only inside the module (go help test; files outside it are left out of
// the key), so a result cached while the folder was absent would stand after it
// is added, and the conformance tests would never run (issue 32).
// TestSharedThroughLink keeps it so.
const sharedTestdata = "testdata/shared/testdata"

// tsvRows reads a tab-separated file, skipping '#' comment lines.
func tsvRows(t testing.TB, path string) [][]string { return testkit.Rows(t, path) }

// sharedRows reads ../shared/testdata/name, or skips the test if the folder is absent.
func sharedRows(t testing.TB, name string) [][]string {
	t.Helper()
	path := filepath.Join(sharedTestdata, name)
	if _, err := os.Stat(sharedTestdata); err != nil {
		t.Skipf("reference vectors not found at %s (CI has them; see README.md): %v", sharedTestdata, err)
	}
	return tsvRows(t, path)
}

// localRows reads testdata/name from the module.
func localRows(t testing.TB, name string) [][]string {
	t.Helper()
	return tsvRows(t, filepath.Join("testdata", name))
}

// bothRows runs f on the module's own copy and, when present, on the shared file.
func bothRows(t *testing.T, local, shared string, f func(t *testing.T, rows [][]string)) {
	t.Run("local", func(t *testing.T) { f(t, localRows(t, local)) })
	t.Run("shared", func(t *testing.T) { f(t, sharedRows(t, shared)) })
}

// pendingString writes the step a position still owes as the reference data's
// pending column does: "-" when settled with nothing owed, else Step@square.
func pendingString(p Position) string {
	if p.step == requireLift {
		return "-"
	}
	return p.step.String() + "@" + p.PendingPromotion().String()
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func tsvStat(path string) (os.FileInfo, error) { return os.Stat(path) }

// withNoProgress returns p played with a no-progress limit of n half-moves (0: off).
func withNoProgress(p Position, n int) Position {
	return p.WithRules(p.Rules().WithNoProgressLimit(n))
}

// withSwitch returns p played with the switch s on.
func withSwitch(p Position, s Switch) Position { return p.WithRules(p.Rules().With(s, true)) }

// parseSANStrict reads text as Position.ParseSAN does and accepts it only in the
// canonical form Position.SAN writes.
func parseSANStrict(p Position, text string) (Move, error) {
	m, err := p.ParseSAN(text)
	if err != nil {
		return m, err
	}
	if canon, err := p.SAN(m); err != nil || canon != text {
		return Move{}, fmt.Errorf("%q is not the canonical form %q (%v)", text, canon, err)
	}
	return m, nil
}

// replayOf is the replay notation of a game's history.
func replayOf(g Game) []ReplayHalfMove {
	out, err := ReplayNotation(g.Start(), g.PlayedActions())
	if err != nil {
		panic(fmt.Sprintf("a game's own actions do not replay: %v", err))
	}
	return out
}

// pacoMoves returns the moves of p that win at once, in the order of Moves.
func pacoMoves(p Position) []Move {
	var out []Move
	for m := range p.AllMoves() {
		if m.IsPaco() {
			out = append(out, m)
		}
	}
	return out
}

// rawMove is a Move with the given actions and no known origin (the zero Position),
// as a caller could hand to Play: the tests of what Play rejects use it.
func rawMove(acts []Action) Move {
	return newMove(&moveList{root: new(Position), paths: acts}, 0, len(acts), 0)
}
