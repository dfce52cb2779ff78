package pacosako

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// exportedNames lists the package's exported identifiers as docs/API.md names
// them: types, functions, variables and constants by name, methods as
// Type.Method. Left out: Error and Unwrap (every error type has them), String
// (every vocabulary type has it), and the 64 square constants A1..H8 (the page
// names them as a range).
func exportedNames(t *testing.T) []string {
	t.Helper()
	return exportedNamesIn(t, ".")
}

// exportedNamesIn lists the exported identifiers of the package in dir, as
// exportedNames does.
func exportedNamesIn(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	square := regexp.MustCompile(`^[A-H][1-8]$`)
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					names = append(names, d.Name.Name)
					continue
				}
				recv := d.Recv.List[0].Type
				if s, ok := recv.(*ast.StarExpr); ok {
					recv = s.X
				}
				switch g := recv.(type) { // a generic type's receiver: T[P] or T[P, Q]
				case *ast.IndexExpr:
					recv = g.X
				case *ast.IndexListExpr:
					recv = g.X
				}
				typ := recv.(*ast.Ident)
				switch d.Name.Name {
				case "Error", "Unwrap", "String":
					continue
				}
				if typ.IsExported() {
					names = append(names, typ.Name+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() && !square.MatchString(n.Name) {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// notation matches text in backquotes that is a move in some notation
// ("Bxe4,Ne4xc3,Qc3xc6", "Qd8>Pd5 >d4"), not code.
var notation = regexp.MustCompile(`^[KQRBNP]?[a-h]?[1-8]?[x>-]?[a-h][1-8]`)

// TestAPIMap: docs/API.md, the page that maps tasks to calls, names every exported
// identifier of the package and of the packages beside it (subpackages), and
// names nothing that does not exist.
func TestAPIMap(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("docs", "API.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(page)
	// Every identifier written in backquotes on the page, as a name or Type.Method.
	mentioned := map[string]bool{}
	for _, code := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(text, -1) {
		if notation.MatchString(code[1]) {
			continue // a move written in a notation, not a Go name
		}
		for _, id := range regexp.MustCompile(`(?:^|[^\w.])([A-Z]\w*(?:\.[A-Z]\w*)?)`).FindAllStringSubmatch(code[1], -1) {
			mentioned[id[1]] = true
		}
	}
	exported := map[string]bool{}
	for _, name := range exportedNames(t) {
		exported[name] = true
		if !mentioned[name] {
			t.Errorf("docs/API.md does not name %s: add it to the row of its task", name)
		}
	}
	for name := range mentioned {
		if !exported[name] && !isField(name) && !regexp.MustCompile(`^[A-H][1-8]$`).MatchString(name) {
			t.Errorf("docs/API.md names %s, which the package does not export", name)
		}
	}

	// The packages beside this one, written with their package name (svg.Render).
	for _, pkg := range subpackages {
		mentioned := map[string]bool{}
		for _, m := range regexp.MustCompile(`\b`+pkg+`\.([A-Z]\w*(?:\.[A-Z]\w*)?)`).FindAllStringSubmatch(text, -1) {
			mentioned[m[1]] = true
		}
		exported := map[string]bool{}
		for _, name := range exportedNamesIn(t, pkg) {
			exported[name] = true
			if !mentioned[name] {
				t.Errorf("docs/API.md does not name %s.%s: add it to the row of its task", pkg, name)
			}
		}
		for name := range mentioned {
			if !exported[name] {
				t.Errorf("docs/API.md names %s.%s, which package %s does not export", pkg, name, pkg)
			}
		}
	}
}

// subpackages are the library packages beside this one that docs/API.md maps too.
var subpackages = []string{"svg", "replaypage", "atomic", "records", "engine"}

// isField reports names the page writes that are struct fields or method names
// every type has, not identifiers of their own.
func isField(name string) bool {
	switch name {
	case "Board", "Turn", "Hand", "Castling", "EnPassant", "NoProgressCounter", "Rules", "Marks",
		"Kind", "Square", "Role", "MaxStates", "Workers", "Limits", "Progress", "Termination", "Winner",
		"Game", "Tags", "Comments", "Comment", "Notes", "CandidateSANs", "SAN", "HalfMoves", "Opening", "NAGs", "Variations", "Moves", "Name", "Value", "White", "Black", "String", "Error", "Unwrap":
		return true
	}
	_, method, ok := strings.Cut(name, ".")
	return ok && (method == "String" || method == "Error" || method == "Unwrap")
}

// TestAPITaskTable: docs/API.md's tables of both games (header "| task | Paco
// Ŝako | Atomic chess |") have a call or a reason in every cell ("—" followed
// by why), their Paco Ŝako column names every exported identifier of the root
// package and their Atomic chess column every one of package atomic.
func TestAPITaskTable(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("docs", "API.md"))
	if err != nil {
		t.Fatal(err)
	}
	const header = "| task | Paco Ŝako | Atomic chess |"
	code := regexp.MustCompile("`([^`]+)`")
	rootName := regexp.MustCompile(`(?:^|[^\w.])([A-Z]\w*(?:\.[A-Z]\w*)?)`)
	atomicName := regexp.MustCompile(`\batomic\.([A-Z]\w*(?:\.[A-Z]\w*)?)`)
	root, atomic := map[string]bool{}, map[string]bool{}
	tables, rows := 0, 0
	in := false
	for _, line := range strings.Split(string(page), "\n") {
		switch {
		case line == header:
			in, tables = true, tables+1
			continue
		case !strings.HasPrefix(line, "|"):
			in = false
			continue
		case !in || strings.HasPrefix(line, "| ---"):
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 3 {
			t.Errorf("a row of %d cells, want 3: %.100s", len(cells), line)
			continue
		}
		rows++
		for i, c := range cells[1:] {
			c = strings.TrimSpace(c)
			if c == "" || c == "—" {
				t.Errorf("row %q: the %s cell is empty, or a \"—\" without a reason", cells[0], []string{"Paco Ŝako", "Atomic chess"}[i])
			}
		}
		for _, m := range code.FindAllStringSubmatch(cells[1], -1) {
			if notation.MatchString(m[1]) {
				continue
			}
			for _, id := range rootName.FindAllStringSubmatch(m[1], -1) {
				root[id[1]] = true
			}
		}
		for _, m := range atomicName.FindAllStringSubmatch(cells[2], -1) {
			atomic[m[1]] = true
		}
	}
	if tables < 8 || rows < 60 {
		t.Fatalf("%d tables with %d rows under %q", tables, rows, header)
	}
	for _, name := range exportedNames(t) {
		if !root[name] {
			t.Errorf("the Paco Ŝako column does not name %s", name)
		}
	}
	for _, name := range exportedNamesIn(t, "atomic") {
		if !atomic[name] {
			t.Errorf("the Atomic chess column does not name atomic.%s", name)
		}
	}
}
