package pacosako

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// layers are the package's files from the bottom up, as the README's file table
// shows them. A file may use what its own layer and the layers below define, never
// what a higher layer defines: the vocabulary knows nothing of positions, the
// position's primitives nothing of move search, the search nothing of notation or
// games, and only validation looks at everything.
var layers = []struct {
	name  string
	files []string
}{
	{"vocabulary", []string{"doc.go", "errors.go", "square.go", "piece.go", "board.go", "zobrist.go", "ruleset.go", "outcome.go"}},
	{"position", []string{"position.go", "castling.go", "attacks.go", "fenwrite.go"}},
	{"actions and search", []string{"action.go", "chain.go", "stateset.go", "chunks.go", "packedstate.go", "movesearch.go", "compactchains.go", "move.go", "movelist.go", "rules.go", "takeovers.go", "limits.go", "perft.go", "perftparallel.go"}},
	{"formats and games", []string{"fen.go", "chessfen.go", "vchess.go", "notation.go", "parsemove.go", "replaynotation.go", "coordinate.go", "json.go", "pacoplay.go", "record.go", "recordreader.go", "recordskip.go", "diagram.go", "setup.go", "start.go", "game.go", "gamehistory.go", "draw.go"}},
	{"analysis", []string{"analysis.go", "solve.go"}},
	{"validation", []string{"validate.go"}},
}

// TestLayers type-checks the package's own source and fails for every use of a
// name (function, method, type, field, variable or constant) defined in a file of
// a higher layer, and for a file that no layer lists.
func TestLayers(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, f := range l.files {
			layerOf[f] = i
		}
	}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, ok := layerOf[name]; !ok {
			t.Errorf("%s is on no layer: add it to layers in layers_test.go and to the README's file table", name)
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: exportImporter(t, fset)}
	pkg, err := conf.Check("github.com/pacosako-go/pacosako", fset, files, info)
	if err != nil {
		t.Fatalf("type-checking the package: %v", err)
	}
	upward := map[string]bool{}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && obj.Parent() != pkg.Scope() {
			continue // a local variable or parameter
		}
		if _, ok := obj.(*types.Label); ok {
			continue
		}
		user := filepath.Base(fset.Position(id.Pos()).Filename)
		owner := filepath.Base(fset.Position(obj.Pos()).Filename)
		if owner == user || obj.Parent() != nil && obj.Parent() != pkg.Scope() && obj.Parent() != types.Universe && !isMemberOf(obj) {
			continue
		}
		if layerOf[owner] > layerOf[user] {
			upward[user+" ("+layers[layerOf[user]].name+") uses "+obj.Name()+" of "+owner+" ("+layers[layerOf[owner]].name+")"] = true
		}
	}
	var list []string
	for l := range upward {
		list = append(list, l)
	}
	sort.Strings(list)
	for _, l := range list {
		t.Error(l)
	}
}

// exportImporter imports the package's dependencies, the module's own and the
// standard library's alike, from the export data the go command compiles for
// them (go list -export; go test puts its own go first on PATH), so that every
// package has one identity: the context.Context the package passes to
// internal/pgn is the one internal/pgn takes.
func exportImporter(t *testing.T, fset *token.FileSet) types.Importer {
	t.Helper()
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", ".").Output()
	if err != nil {
		t.Skipf("go list -export, for the dependencies' export data: %v", err)
	}
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s (go list -export -deps)", path)
		}
		return os.Open(file)
	})
}

// isMemberOf reports whether obj is a method or a struct field (their Parent is
// nil, not a scope).
func isMemberOf(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).Recv() != nil
	case *types.Var:
		return o.IsField()
	}
	return false
}

// packageImports are the module's own packages each package may import: the
// game-independent parts (internal/attacks, internal/fenfield, internal/chess960,
// internal/errtext, internal/outcome, internal/parallel, internal/history;
// internal/sansyntax and
// internal/pgn, the syntax of moves and of game records;
// internal/textsafe, the rule for input text in output) none;
// the rules of Paco Ŝako those parts; the rules of Atomic chess those parts and
// Paco Ŝako's vocabulary (Square, Bitboard, Color, Role, Board, Tag); the
// reader of both games' records both games and internal/pgn (it chooses each
// record's game and calls that game's reader); the drawing the rules and the
// records of both games (records.Record, which GameGIF takes); the replay page
// the rules, the records, the drawing and internal/pgn (whose Shape reaches both
// games' notes and variations). The command, at the top, may import them all.
var packageImports = map[string][]string{
	"internal/attacks":   nil,
	"internal/fenfield":  nil,
	"internal/chess960":  nil,
	"internal/errtext":   nil,
	"internal/outcome":   nil,
	"internal/parallel":  nil,
	"internal/history":   nil,
	"internal/sansyntax": nil,
	"internal/testkit":   nil,
	"internal/textsafe":  nil,
	"internal/pgn":       nil,
	".":                  {"internal/attacks", "internal/fenfield", "internal/chess960", "internal/errtext", "internal/outcome", "internal/parallel", "internal/history", "internal/sansyntax", "internal/pgn"},
	"atomic":             {"", "internal/attacks", "internal/fenfield", "internal/chess960", "internal/errtext", "internal/outcome", "internal/parallel", "internal/history", "internal/sansyntax", "internal/pgn"},
	"records":            {"", "atomic", "internal/pgn"},
	"svg":                {"", "atomic", "records", "internal/textsafe"},
	"replaypage":         {"", "atomic", "records", "svg", "internal/pgn", "internal/textsafe"},
}

// TestPackageLayers reads the imports of the module's library packages (their
// non-test files) and fails for one of the module's packages that
// packageImports does not allow: the rules package knows nothing of drawings or
// pages, the drawing nothing of pages.
func TestPackageLayers(t *testing.T) {
	const module = "github.com/pacosako-go/pacosako"
	for dir, allowed := range packageImports {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		if len(names) == 0 {
			t.Errorf("package %s has no Go files", dir)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				if path != module && !strings.HasPrefix(path, module+"/") {
					continue
				}
				sub := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
				ok := false
				for _, a := range allowed {
					ok = ok || a == sub
				}
				if !ok {
					t.Errorf("%s imports %s, which package %s may not (layers_test.go: packageImports)", name, path, dir)
				}
			}
		}
	}
}
