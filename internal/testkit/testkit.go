package testkit

import (
	"bufio"
	"os"
	"runtime"
	"strings"
	"testing"
)

// Rows reads a tab-separated file, skipping empty lines and '#' comment lines
// (the first line of every vector file names its columns that way).
func Rows(tb testing.TB, path string) [][]string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("read %s: %v", path, err)
	}
	return rows
}

// BenchmarkPerft times perft(p, depth) and reports the leaves counted per second
// (nodes/s) and the allocations.
func BenchmarkPerft[P any](b *testing.B, p P, depth int, perft func(P, int) uint64) {
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		nodes = perft(p, depth)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// Allocated returns the bytes f allocates, the least of three runs (the others
// may count a background allocation).
func Allocated(f func()) uint64 {
	best := ^uint64(0)
	for range 3 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		best = min(best, b.TotalAlloc-a.TotalAlloc)
	}
	return best
}

// RecordScanner is what both games' record readers (pacosako.RecordReader,
// atomic.RecordReader, records.Reader) have in common: Scan, Record, Err.
type RecordScanner[R any] interface {
	Scan() bool
	Record() (R, error)
	Err() error
}

// AllRecords reads every record rr gives, failing tb at the first record error
// or at the stream's error, and returns them in order.
func AllRecords[R any](tb testing.TB, rr RecordScanner[R]) []R {
	tb.Helper()
	var out []R
	for rr.Scan() {
		rec, err := rr.Record()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, rec)
	}
	if err := rr.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}
