package pacosako

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
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
	{"vocabulary", []string{"pacosako.go", "errors.go", "square.go", "piece.go", "board.go", "zobrist.go", "ruleset.go", "outcome.go"}},
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
	conf := types.Config{Importer: moduleImporter{gc: importer.ForCompiler(fset, "gc", nil), src: importer.ForCompiler(fset, "source", nil)}}
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

// moduleImporter imports the module's own packages (internal/...) from source and
// every other package from the compiler's export data.
type moduleImporter struct{ gc, src types.Importer }

func (m moduleImporter) Import(path string) (*types.Package, error) {
	if strings.HasPrefix(path, "github.com/pacosako-go/pacosako/") {
		return m.src.Import(path)
	}
	return m.gc.Import(path)
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
// internal/recordgames, where both games register their record builders, only
// internal/pgn; the rules of Paco Ŝako those parts; the rules of Atomic chess
// those parts and Paco Ŝako's vocabulary (Square, Bitboard, Color, Role, Board,
// Tag); the reader of both games' records both games, internal/pgn and
// internal/recordgames; the drawing the rules, the replay page the rules, the
// drawing and internal/pgn (whose Shape reaches both games' notes and
// variations). The command, at the top, may import them all.
var packageImports = map[string][]string{
	"internal/attacks":     nil,
	"internal/fenfield":    nil,
	"internal/chess960":    nil,
	"internal/errtext":     nil,
	"internal/outcome":     nil,
	"internal/parallel":    nil,
	"internal/history":     nil,
	"internal/sansyntax":   nil,
	"internal/testkit":     nil,
	"internal/textsafe":    nil,
	"internal/pgn":         nil,
	"internal/recordgames": {"internal/pgn"},
	".":                    {"internal/attacks", "internal/fenfield", "internal/chess960", "internal/errtext", "internal/outcome", "internal/parallel", "internal/history", "internal/sansyntax", "internal/pgn", "internal/recordgames"},
	"atomic":               {"", "internal/attacks", "internal/fenfield", "internal/chess960", "internal/errtext", "internal/outcome", "internal/parallel", "internal/history", "internal/sansyntax", "internal/pgn", "internal/recordgames"},
	"records":              {"", "atomic", "internal/pgn", "internal/recordgames"},
	"svg":                  {"", "atomic", "internal/textsafe"},
	"replaypage":           {"", "atomic", "svg", "internal/pgn", "internal/textsafe"},
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
