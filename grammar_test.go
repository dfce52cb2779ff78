package pacosako

import (
	"os"
	"testing"

	"golang.org/x/exp/ebnf"
)

// The published grammar of chain SAN (docs/notation.ebnf) must be well formed, and
// every move the writer emits must be a sentence of it.

func loadGrammar(t testing.TB) ebnf.Grammar {
	t.Helper()
	f, err := os.Open("docs/notation.ebnf")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ebnf.Parse("docs/notation.ebnf", f)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ebnf.Verify(g, "Move"); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return g
}

// matches reports whether the whole of s derives from production start.
func matches(g ebnf.Grammar, start, s string) bool {
	for _, end := range match(g, g[start].Expr, s, 0) {
		if end == len(s) {
			return true
		}
	}
	return false
}

// match returns every position where expr can end when it starts at pos.
func match(g ebnf.Grammar, expr ebnf.Expression, s string, pos int) []int {
	switch e := expr.(type) {
	case nil:
		return []int{pos}
	case *ebnf.Name:
		return match(g, g[e.String].Expr, s, pos)
	case *ebnf.Token:
		if len(s)-pos >= len(e.String) && s[pos:pos+len(e.String)] == e.String {
			return []int{pos + len(e.String)}
		}
		return nil
	case *ebnf.Range:
		if pos < len(s) && s[pos] >= e.Begin.String[0] && s[pos] <= e.End.String[0] {
			return []int{pos + 1}
		}
		return nil
	case ebnf.Alternative:
		var out []int
		for _, x := range e {
			out = append(out, match(g, x, s, pos)...)
		}
		return dedupe(out)
	case ebnf.Sequence:
		ends := []int{pos}
		for _, x := range e {
			var next []int
			for _, p := range ends {
				next = append(next, match(g, x, s, p)...)
			}
			ends = dedupe(next)
			if len(ends) == 0 {
				return nil
			}
		}
		return ends
	case *ebnf.Group:
		return match(g, e.Body, s, pos)
	case *ebnf.Option:
		return dedupe(append([]int{pos}, match(g, e.Body, s, pos)...))
	case *ebnf.Repetition:
		seen := map[int]bool{pos: true}
		frontier := []int{pos}
		for len(frontier) > 0 {
			var next []int
			for _, p := range frontier {
				for _, q := range match(g, e.Body, s, p) {
					if !seen[q] {
						seen[q] = true
						next = append(next, q)
					}
				}
			}
			frontier = next
		}
		var out []int
		for p := range seen {
			out = append(out, p)
		}
		return out
	}
	panic("unknown EBNF expression")
}

func dedupe(xs []int) []int {
	seen := map[int]bool{}
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func TestGrammar(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	g := loadGrammar(t)
	for _, s := range []string{"e4", "Nf3", "exd5", "Rae1", "O-O", "0-0-0", "c8=Q", "Bxe4,Ne4xc3,Qc3xc6",
		"Bxe4, Ne4xc3, Qc3xc6", "Bxe4 Nxc3 Qxc6", "=N,Rh1xh8,Nh8-g6", "e8Q", "Nb1c3", "Qc3xc6#", "Ra1 +", "=Q", "=q+", "=N Rh1xh8",
		"=N,=Q,Nab6", "=N =N =R,Qxa1", "=B,=B+",
		"e4!!", "Nf3?!", "e4+!", "Qc3xc6# !?", "Bxe4,Ne4xc3,Qc3xc6 ??", "=Q?",
		"exf6 e.p.", "exf6e.p.", "exf6 e.p.+", "exf6+ e.p. !", "c8q", "c8b", "dxc8n+", "a8r,Ra8xa7"} {
		if !matches(g, "Move", s) {
			t.Errorf("grammar rejects %q", s)
		}
		if _, err := parseSAN(s); err != nil {
			t.Errorf("ParseSAN rejects %q, which the grammar accepts: %v", s, err)
		}
	}
	for _, s := range []string{"", "e9", "Zf3", "e4,", "x", "=K,e4", "e4++", "e4+ x", "e4#,d5", "Nb1c3d4", "e4!!!", "e4!+", "e4!,d5", "!",
		"exf6 e.p. e.p.", "exf6 ep", "e.p.", "exf6 e.p.,d5", "c8k", "c8bq", "=Q=Q,Nab6", "=Q,,=Q", "e4,=Q"} {
		if matches(g, "Move", s) {
			t.Errorf("grammar accepts %q", s)
		}
		if _, err := parseSAN(s); err == nil {
			t.Errorf("ParseSAN accepts %q, which the grammar rejects", s)
		}
	}
	// Every move of the reference positions, as written, is a sentence.
	n := 0
	for _, r := range localRows(t, "positions.tsv") {
		p := mustFEN(t, r[0])
		if !p.IsSettled() {
			continue
		}
		moves := p.Moves()
		sans, err := p.SANs(moves)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sans {
			if !matches(g, "Move", s) {
				t.Errorf("%s: the writer's %q is not in the grammar", r[0], s)
			}
			n++
		}
	}
	t.Logf("%d written moves are sentences of the grammar", n)
}
