package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/testkit"
)

// sharedTestdata is the reference vectors' folder; tests use the module's own
// copies when it is absent.
const sharedTestdata = "../testdata/shared/testdata"

// full reports whether the full sizes run (PACOSAKO_FULL=1, as CI sets it).
func full() bool { return os.Getenv("PACOSAKO_FULL") == "1" }

// firstExisting returns the first path that exists.
func firstExisting(paths ...string) string {
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return paths[len(paths)-1]
}

// atomicPositions returns the positions of Atomic's positions.tsv (the shared
// file when present, else the package's subset) that are not over.
func atomicPositions(t testing.TB) []atomic.Position {
	t.Helper()
	path := firstExisting(filepath.Join(sharedTestdata, "atomic", "positions.tsv"), "../atomic/testdata/positions.tsv")
	var ps []atomic.Position
	for _, r := range testkit.Rows(t, path) {
		p, err := atomic.ParseFEN(r[0])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// pacoPositions returns the positions of Paco Ŝako's positions.tsv (the
// module's complete copy), those the search can list the moves of quickly.
func pacoPositions(t testing.TB) []pacosako.Position {
	t.Helper()
	var ps []pacosako.Position
	for _, r := range testkit.Rows(t, "../testdata/positions.tsv") {
		p, err := pacosako.ParseFEN(r[0])
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}
