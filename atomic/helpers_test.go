package atomic

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/pacosako-go/pacosako/internal/testkit"
)

// sharedTestdata is where the reference vectors of Atomic chess are kept
// (testdata/atomic of the folder shared beside the module, see its ATOMIC.md
// §5), reached through the module's link testdata/shared so that go test's
// cache keys on them (see the root package's sharedTestdata). Tests that need
// them skip with a message when they are absent; testdata/ holds a subset that
// always runs.
const sharedTestdata = "../testdata/shared/testdata/atomic"

// deep reports whether the slow sizes run (PACOSAKO_DEEP=1, as in the root
// package): perft depth 6 of the start, deeper property runs.
func deep() bool { return os.Getenv("PACOSAKO_DEEP") == "1" }

// tsvRows reads a tab-separated vector file, skipping '#' comment lines.
func tsvRows(t testing.TB, path string) [][]string { return testkit.Rows(t, path) }

// sharedFile returns the path of a shared vector file, or skips the test if the
// folder is absent.
func sharedFile(t testing.TB, name string) string {
	t.Helper()
	if _, err := os.Stat(sharedTestdata); err != nil {
		t.Skipf("Atomic reference vectors not found at %s (CI has them; see the shared folder's ATOMIC.md): %v", sharedTestdata, err)
	}
	return filepath.Join(sharedTestdata, name)
}

// bothRows runs f on the package's own copy of a vector file (testdata/name) and,
// when present, on the shared one.
func bothRows(t *testing.T, name string, f func(t *testing.T, rows [][]string)) {
	t.Run("local", func(t *testing.T) { f(t, tsvRows(t, filepath.Join("testdata", name))) })
	t.Run("shared", func(t *testing.T) { f(t, tsvRows(t, sharedFile(t, name))) })
}

// mustFEN reads a FEN or fails the test.
func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
