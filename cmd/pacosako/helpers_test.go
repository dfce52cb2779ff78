package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// localFile reads a file of the module's own testdata (a subset of the reference
// vectors that travels with the module).
func localFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// columns keeps the first n tab-separated columns of every non-comment line.
func columns(text string, n int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		out = append(out, strings.Join(f[:min(n, len(f))], "\t"))
	}
	return out
}

func joinRows(rows [][]string, n int) []string {
	var out []string
	for _, r := range rows {
		out = append(out, strings.Join(r[:n], "\t"))
	}
	return out
}

func rowsText(rows [][]string) string {
	var sb strings.Builder
	for _, r := range rows {
		sb.WriteString(strings.Join(r, "\t") + "\n")
	}
	return sb.String()
}
