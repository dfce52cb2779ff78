package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.tsv")
	if err := os.WriteFile(path, []byte("# a\tb || notes\n1\t2\n\n3\t4\t5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rows := Rows(t, path)
	if len(rows) != 2 || len(rows[0]) != 2 || rows[1][2] != "5" {
		t.Errorf("Rows = %q", rows)
	}
}

func BenchmarkPerftSelf(b *testing.B) {
	BenchmarkPerft(b, 10, 3, func(n, d int) uint64 { return uint64(n * d) })
}
