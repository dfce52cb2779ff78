package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type doc struct {
	name  string // package.Name or package.Type.Method
	pos   string // file:line
	lines int
}

func main() {
	top := flag.Int("top", 25, "list the `N` longest doc comments")
	over := flag.Int("over", 6, "also list every doc comment longer than `N` lines (0: none)")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	docs, err := collect(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "doclines:", err)
		os.Exit(1)
	}
	report(docs, *top, *over)
}

func collect(root string) ([]doc, error) {
	fset := token.NewFileSet()
	var docs []doc
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "internal" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		docs = append(docs, fileDocs(fset, f)...)
		return nil
	})
	return docs, err
}

func fileDocs(fset *token.FileSet, f *ast.File) []doc {
	pkg := f.Name.Name
	var docs []doc
	add := func(name string, cg *ast.CommentGroup) {
		if cg == nil {
			return
		}
		start, end := fset.Position(cg.Pos()), fset.Position(cg.End())
		docs = append(docs, doc{pkg + "." + name, fmt.Sprintf("%s:%d", start.Filename, start.Line), end.Line - start.Line + 1})
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			name := d.Name.Name
			if d.Recv != nil {
				recv := receiver(d.Recv.List[0].Type)
				if !ast.IsExported(recv) {
					continue
				}
				name = recv + "." + name
			}
			add(name, d.Doc)
		case *ast.GenDecl:
			groupCounted := false
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if !s.Name.IsExported() {
						continue
					}
					cg := s.Doc
					if cg == nil && len(d.Specs) == 1 {
						cg = d.Doc
					}
					add(s.Name.Name, cg)
				case *ast.ValueSpec:
					exported := ""
					for _, n := range s.Names {
						if n.IsExported() {
							exported = n.Name
							break
						}
					}
					if exported == "" {
						continue
					}
					if s.Doc != nil {
						add(exported, s.Doc)
					} else if !groupCounted && d.Doc != nil {
						groupCounted = true
						add(exported, d.Doc)
					}
				}
			}
		}
	}
	return docs
}

func receiver(t ast.Expr) string {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func report(docs []doc, top, over int) {
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].lines > docs[j].lines })
	buckets := []struct {
		label  string
		lo, hi int
	}{{"1-2", 1, 2}, {"3-6", 3, 6}, {"7-10", 7, 10}, {"11-20", 11, 20}, {"21-40", 21, 40}, {">40", 41, 1 << 30}}
	counts := make([]int, len(buckets))
	over6, over20 := 0, 0
	for _, d := range docs {
		for i, b := range buckets {
			if d.lines >= b.lo && d.lines <= b.hi {
				counts[i]++
			}
		}
		if d.lines > 6 {
			over6++
		}
		if d.lines > 20 {
			over20++
		}
	}
	fmt.Printf("documented exports: %d; over 6 lines: %d; over 20 lines: %d\n", len(docs), over6, over20)
	for i, b := range buckets {
		fmt.Printf("  %6s lines: %d\n", b.label, counts[i])
	}
	if len(docs) > 0 {
		fmt.Printf("longest: %s (%d lines, %s)\n", docs[0].name, docs[0].lines, docs[0].pos)
	}
	for i, d := range docs {
		if i >= top && (over == 0 || d.lines <= over) {
			break
		}
		fmt.Printf("%4d  %-50s %s\n", d.lines, d.name, d.pos)
	}
}
