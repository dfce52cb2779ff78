package main

import (
	"github.com/google/go-cmp/cmp"
	"strings"
	"testing"
)

// TestSako: sako reproduces the first five columns of sako.tsv.
func TestSako(t *testing.T) {
	want := columns(localFile(t, "sako.tsv"), 5)
	var in strings.Builder
	for _, w := range want {
		in.WriteString(strings.SplitN(w, "\t", 2)[0] + "\n")
	}
	if diff := cmp.Diff(want, lines(t, mustRun(t, in.String(), "sako", "-"))); diff != "" {
		t.Errorf("sako (-engine +ours):\n%s", diff)
	}
	if got := mustRun(t, "", "sako", "8/5k2/8/8/2B5/8/8/8 w 0 - - -"); !strings.HasPrefix(got, "8/5k2/8/8/2B5/8/8/8 w 0 - - -\t1\t0\t") {
		t.Errorf("sako S1: %q, want White gives Ŝako", got)
	}
	t.Run("shared", func(t *testing.T) {
		rows := sharedRows(t, "sako.tsv")
		var in strings.Builder
		for _, r := range rows {
			in.WriteString(r[0] + "\n")
		}
		if diff := cmp.Diff(joinRows(rows, 5), lines(t, mustRun(t, in.String(), "sako", "-"))); diff != "" {
			t.Errorf("sako (-engine +ours):\n%s", diff)
		}
	})
}
