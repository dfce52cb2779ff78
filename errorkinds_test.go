package pacosako_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/engine"
	"github.com/pacosako-go/pacosako/polyglot"
	"github.com/pacosako-go/pacosako/replaypage"
	"github.com/pacosako-go/pacosako/svg"
	"github.com/pacosako-go/pacosako/uci"
)

// sentinels are every sentinel error of both games by name: a kind both games
// have is one value that both packages export (paco == atomic), a kind of one game
// alone is nil in the other's column.
var sentinels = []struct {
	name         string
	paco, atomic error
}{
	{"ErrInvalidFEN", pacosako.ErrInvalidFEN, atomic.ErrInvalidFEN},
	{"ErrInvalidSetup", pacosako.ErrInvalidSetup, atomic.ErrInvalidSetup},
	{"ErrInvalidPosition", pacosako.ErrInvalidPosition, atomic.ErrInvalidPosition},
	{"ErrInvalidNotation", pacosako.ErrInvalidNotation, atomic.ErrInvalidNotation},
	{"ErrIllegalMove", pacosako.ErrIllegalMove, atomic.ErrIllegalMove},
	{"ErrAmbiguousMove", pacosako.ErrAmbiguousMove, atomic.ErrAmbiguousMove},
	{"ErrGameOver", pacosako.ErrGameOver, atomic.ErrGameOver},
	{"ErrInvalidPly", pacosako.ErrInvalidPly, atomic.ErrInvalidPly},
	{"ErrInvalidColor", pacosako.ErrInvalidColor, atomic.ErrInvalidColor},
	{"ErrSearchLimit", pacosako.ErrSearchLimit, atomic.ErrSearchLimit},
	{"ErrPerftDepth", pacosako.ErrPerftDepth, atomic.ErrPerftDepth},

	{"ErrFENDialect", pacosako.ErrFENDialect, nil},
	{"ErrInvalidRules", pacosako.ErrInvalidRules, nil},
	{"ErrInvalidSquare", pacosako.ErrInvalidSquare, nil},
	{"ErrInvalidRole", pacosako.ErrInvalidRole, nil},
	{"ErrInvalidAction", pacosako.ErrInvalidAction, nil},
	{"ErrIllegalAction", pacosako.ErrIllegalAction, nil},
	{"ErrUnsearchable", pacosako.ErrUnsearchable, nil},

	{"ErrNoDrawClaim", nil, atomic.ErrNoDrawClaim},
}

// TestSentinels: a kind both games have is one value, whose text is the kind
// alone (the packages' errors add their prefix); a kind of one game alone is its
// own value, whose text starts with its package's prefix. sentinels names every
// exported Err… variable of both packages' source, so a new sentinel is placed in
// one column or both.
func TestSentinels(t *testing.T) {
	declared := map[string][]string{".": sentinelNames(t, "."), "atomic": sentinelNames(t, "atomic")}
	listed := map[string][]string{}
	seen := map[error]string{}
	for _, s := range sentinels {
		if s.paco != nil {
			listed["."] = append(listed["."], s.name)
		}
		if s.atomic != nil {
			listed["atomic"] = append(listed["atomic"], s.name)
		}
		for _, v := range []error{s.paco, s.atomic} {
			if prev, ok := seen[v]; v != nil && ok && prev != s.name {
				t.Errorf("%s is the value of %s too", s.name, prev)
			}
			seen[v] = s.name
		}
		switch {
		case s.paco != nil && s.atomic != nil:
			if s.paco != s.atomic {
				t.Errorf("atomic.%s is not pacosako.%s: both games have the kind, so errors.Is must answer the same for both", s.name, s.name)
			}
			if msg := s.paco.Error(); strings.HasPrefix(msg, "pacosako:") || strings.HasPrefix(msg, "atomic:") {
				t.Errorf("%s prints %q: a kind of both games names no package", s.name, msg)
			}
		case s.paco != nil:
			if !strings.HasPrefix(s.paco.Error(), "pacosako: ") {
				t.Errorf("pacosako.%s prints %q, want the prefix \"pacosako: \"", s.name, s.paco)
			}
		case s.atomic != nil:
			if !strings.HasPrefix(s.atomic.Error(), "atomic: ") {
				t.Errorf("atomic.%s prints %q, want the prefix \"atomic: \"", s.name, s.atomic)
			}
		}
	}
	for dir, names := range declared {
		slices.Sort(names)
		want := slices.Sorted(slices.Values(listed[dir]))
		if !slices.Equal(names, want) {
			t.Errorf("the sentinels of %s are %v; the table lists %v", dir, names, want)
		}
	}
}

// sentinelNames are the exported package-level variables named Err… in the
// source (tests aside) of the package in dir.
func sentinelNames(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, spec := range g.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						if id.IsExported() && strings.HasPrefix(id.Name, "Err") {
							names = append(names, id.Name)
						}
					}
				}
			}
		}
	}
	return names
}

// otherSentinels are the sentinels of the module's other packages by package
// directory and name.
var otherSentinels = map[string]map[string]error{
	"engine": {"ErrNoMove": engine.ErrNoMove, "ErrUnsupported": engine.ErrUnsupported, "ErrInvalidLimits": engine.ErrInvalidLimits},
	"uci": {"ErrTimeout": uci.ErrTimeout, "ErrCrashed": uci.ErrCrashed, "ErrClosed": uci.ErrClosed, "ErrProtocol": uci.ErrProtocol,
		"ErrIllegalMove": uci.ErrIllegalMove, "ErrUnknownOption": uci.ErrUnknownOption, "ErrInvalidOption": uci.ErrInvalidOption,
		"ErrUnsupported": uci.ErrUnsupported, "ErrInvalidLimits": uci.ErrInvalidLimits},
	"polyglot":   {"ErrInvalidBook": polyglot.ErrInvalidBook, "ErrIllegalMove": polyglot.ErrIllegalMove},
	"svg":        {"ErrInvalidOptions": svg.ErrInvalidOptions},
	"records":    {},
	"replaypage": {"ErrInvalidRecord": replaypage.ErrInvalidRecord},
}

// TestOtherPackagesShareKinds: a sentinel of another package of the module
// named as a kind both games have (uci's illegal move from the engine,
// polyglot's illegal book move) is that kind's value, so one errors.Is finds
// it wherever it comes from; the others are their package's own, with its
// prefix. otherSentinels lists every exported Err… variable of those packages.
func TestOtherPackagesShareKinds(t *testing.T) {
	shared := map[string]error{}
	for _, s := range sentinels {
		if s.paco != nil && s.atomic != nil {
			shared[s.name] = s.paco
		}
	}
	for dir, errs := range otherSentinels {
		names := sentinelNames(t, dir)
		slices.Sort(names)
		if want := slices.Sorted(maps.Keys(errs)); !slices.Equal(names, want) {
			t.Errorf("the sentinels of %s are %v; otherSentinels lists %v", dir, names, want)
		}
		for name, v := range errs {
			if kind, ok := shared[name]; ok {
				if v != kind {
					t.Errorf("%s.%s (%q) is not pacosako.%s: errors.Is must find the kind whichever package reports it", dir, name, v, name)
				}
				continue
			}
			for kindName, kind := range shared {
				if v == kind {
					t.Errorf("%s.%s is the value of pacosako.%s under another name", dir, name, kindName)
				}
			}
			if !strings.HasPrefix(v.Error(), dir+": ") {
				t.Errorf("%s.%s prints %q, want the prefix %q", dir, name, v, dir+": ")
			}
		}
	}
}

// TestErrorKinds is one table over both games: each situation, caused in each
// game that has it, gives an error that errors.Is matches to the situation's
// kind and to no other sentinel of either game, whose message starts with its
// package's prefix once (the game's, or the engine's or the book's for their
// rows), and whose structured type (errors.As), where it has one, is its own
// game's. Every sentinel of a game is some situation's kind in that game.
func TestErrorKinds(t *testing.T) {
	// Paco Ŝako
	start := pacosako.StartingPosition()
	knights := pacosako.MustParseFEN("4k3/8/8/8/8/8/8/1N2KN2 w 0 - - -")
	win := pacosako.MustParseFEN("k7/8/8/8/8/8/8/R3K3 w 0 - - -")
	paco, err := win.ParseSAN("Rxa8")
	if err != nil {
		t.Fatal(err)
	}
	over := paco.After() // White united with the black king
	e4, _ := start.ParseSAN("e4")
	won, err := pacosako.NewGame(win).Play(paco)
	if err != nil || !won.Outcome().IsOver() {
		t.Fatalf("the Paco: %v, %v", err, won.Outcome())
	}
	exd5, err := pacosako.NewGame(start).PlaySAN("e4")
	if err == nil {
		exd5, err = exd5.PlaySAN("d5")
	}
	if err == nil {
		exd5, err = exd5.PlaySAN("exd5")
	}
	if err != nil {
		t.Fatal(err)
	}
	// Atomic chess
	aStart := atomic.StartingPosition()
	aKnights := atomic.MustParseFEN("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	aOver := atomic.MustParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3") // mated
	aE4, _ := aStart.ParseSAN("e4")
	aEnded := atomic.NewGame(aOver)

	cases := []struct {
		situation    string
		kind         error
		as           string // the structured type's name in both packages, "" for none
		paco, atomic error  // nil: the game has no such situation
	}{
		{"a FEN that does not parse", pacosako.ErrInvalidFEN, "FENError",
			second(pacosako.ParseFEN("rnbqkbnr/pppppppp w")), second(atomic.ParseFEN("rnbqkbnr/pppppppp w"))},
		{"a Setup with a field out of range", pacosako.ErrInvalidSetup, "",
			second(pacosako.Setup{Turn: pacosako.Color(5)}.Position()), second(atomic.Setup{Turn: pacosako.Color(5)}.Position())},
		{"a Chess960 number outside 0..959", pacosako.ErrInvalidSetup, "",
			second(pacosako.FischerRandomPosition(960)), second(atomic.FischerRandomPosition(960))},
		{"Validate of a position that cannot arise", pacosako.ErrInvalidPosition, "PositionError",
			pacosako.MustParseFEN("4k3/8/8/8/8/8/8/3KK3 w 0 - - -").Validate(), atomic.MustParseFEN("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").Validate()},
		{"move text in no notation of the game", pacosako.ErrInvalidNotation, "NotationError",
			second(start.ParseSAN("Nf")), second(aStart.ParseSAN("Nf"))},
		{"a SAN move that is not legal", pacosako.ErrIllegalMove, "MoveError",
			second(start.ParseSAN("Nf4")), second(aStart.ParseSAN("Nf4"))},
		{"a SAN move that names several legal moves", pacosako.ErrAmbiguousMove, "MoveError",
			second(knights.ParseSAN("Nd2")), second(aKnights.ParseSAN("Nd2"))},
		{"Play of a Move of another position", pacosako.ErrIllegalMove, "MoveError",
			second(knights.Play(e4)), second(aKnights.Play(aE4))},
		{"SAN of a Move of another position", pacosako.ErrIllegalMove, "MoveError",
			second(knights.SAN(e4)), second(aKnights.SAN(aE4))},
		{"reading a move in a finished position", pacosako.ErrGameOver, "MoveError",
			second(over.ParseSAN("Ke2")), second(aOver.ParseSAN("Ke2"))},
		{"reading a move in either notation in a finished position", pacosako.ErrGameOver, "MoveError",
			second(over.ParseMove("e1e2")), second(aOver.ParseMove("e1f2"))},
		{"playing a Move in a finished position", pacosako.ErrGameOver, "MoveError",
			second(over.Play(e4)), second(aOver.Play(aE4))},
		{"writing a Move's SAN in a finished position", pacosako.ErrGameOver, "MoveError",
			second(over.SAN(e4)), second(aOver.SAN(aE4))},
		{"Game.Play after the game ended", pacosako.ErrGameOver, "MoveError",
			second(won.Play(e4)), second(aEnded.Play(aE4))},
		{"Game.PlaySAN after the game ended", pacosako.ErrGameOver, "MoveError",
			second(won.PlaySAN("Ke2")), second(aEnded.PlaySAN("Ke2"))},
		{"Game.PlayMove of text in no notation after the game ended", pacosako.ErrGameOver, "MoveError",
			second(won.PlayMove("zz")), second(aEnded.PlayMove("zz"))},
		{"Game.Resign after the game ended", pacosako.ErrGameOver, "",
			second(won.Resign(pacosako.Black)), second(aEnded.Resign(pacosako.Black))},
		{"Game.AgreeDraw after the game ended", pacosako.ErrGameOver, "",
			second(won.AgreeDraw()), second(aEnded.AgreeDraw())},
		{"Game.Play of the zero Game", pacosako.ErrGameOver, "MoveError",
			second(pacosako.Game{}.Play(e4)), second(atomic.Game{}.Play(aE4))},
		{"Game.Resign by a colour that is neither White nor Black", pacosako.ErrInvalidColor, "",
			second(pacosako.NewGame(start).Resign(pacosako.Color(7))), second(atomic.NewGame(aStart).Resign(pacosako.Color(7)))},
		{"Game.Undo at the start", pacosako.ErrInvalidPly, "",
			second(pacosako.NewGame(start).Undo()), second(atomic.NewGame(aStart).Undo())},
		{"Game.UndoTo past the end", pacosako.ErrInvalidPly, "",
			second(won.UndoTo(2)), second(aEnded.UndoTo(2))},
		{"Game.PositionAt before the start", pacosako.ErrInvalidPly, "",
			second(won.PositionAt(-1)), second(aEnded.PositionAt(-1))},
		{"PerftContext deeper than MaxPerftDepth", pacosako.ErrPerftDepth, "",
			second(pacosako.PerftContext(context.Background(), start, pacosako.MaxPerftDepth+1, pacosako.PerftOptions{})),
			second(atomic.PerftContext(context.Background(), aStart, atomic.MaxPerftDepth+1, atomic.PerftOptions{}))},
		{"a record that is not PGN", pacosako.ErrInvalidNotation, "RecordError",
			second(pacosako.ParseRecord("1. e4 {unterminated")), second(atomic.ParseRecord("[Variant \"Atomic\"]\n\n1. e4 {unterminated"))},
		{"a record with an illegal move", pacosako.ErrIllegalMove, "RecordError",
			second(pacosako.ParseRecord("1. e4 e5 2. Ke3 *")), second(atomic.ParseRecord("[Variant \"Atomic\"]\n\n1. e4 e5 2. Ke3 *"))},
		{"a record with a move after the end of the game", pacosako.ErrGameOver, "RecordError",
			second(pacosako.ParseRecord("[FEN \"k7/8/8/8/8/8/8/R3K3 w 0 - - -\"]\n\n1. Rxa8# Kb7 *")),
			second(atomic.ParseRecord("[Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1\"]\n\n1. Nxf7# e5 *"))},
		{"Solve over Limits.MaxStates", pacosako.ErrSearchLimit, "SearchLimitError",
			second(pacosako.Solve(context.Background(), start, pacosako.SolveOptions{MaxN: 2, Limits: pacosako.Limits{MaxStates: 1}})),
			second(atomic.Solve(context.Background(), aStart, atomic.SolveOptions{MaxN: 2, Limits: pacosako.Limits{MaxStates: 1}}))},

		// The module's other packages report the games' kinds: the engine's
		// search of a finished game, a book's move that is not legal.
		{"a search of a finished game", pacosako.ErrGameOver, "",
			second(engine.Search(context.Background(), over, engine.Limits{Depth: 1})),
			second(engine.Search(context.Background(), aOver, engine.Limits{Depth: 1}))},
		{"a book move that is not legal", pacosako.ErrIllegalMove, "",
			nil, second(polyglot.Move(36 | 12<<6).In(aStart))}, // e2e5

		// Paco Ŝako's own kinds: its FEN dialects, rule sets, actions, the
		// vocabulary's names, the engine's chase.
		{"a position a FEN dialect cannot hold", pacosako.ErrFENDialect, "",
			second(exd5.Position().FENIn(pacosako.ChessDialect)), nil},
		{"a rule set's name that is none", pacosako.ErrInvalidRules, "", second(pacosako.ParseRules("chess")), nil},
		{"a square's name that is none", pacosako.ErrInvalidSquare, "", second(pacosako.ParseSquare("i9")), nil},
		{"a role's name that is none", pacosako.ErrInvalidRole, "", second(pacosako.ParseRole("Archbishop")), nil},
		{"an action's text that is none", pacosako.ErrInvalidAction, "", second(pacosako.ParseAction("Jump(e2)")), nil},
		{"an action that is not legal", pacosako.ErrIllegalAction, "ActionError", second(start.Apply(pacosako.Place(pacosako.E4))), nil},
		{"the chase without the defender's king", pacosako.ErrUnsearchable, "",
			second(pacosako.MustParseFEN("8/8/8/8/8/8/8/4K3 w 0 - - -").ChasingPacoIn2(pacosako.White)), nil},
		{"a colour name that is none", pacosako.ErrInvalidColor, "", second(pacosako.ParseColor("red")), nil},

		// Atomic chess's own kinds: the draw a player claims.
		{"a draw claimed where none is open", atomic.ErrNoDrawClaim, "", nil, second(atomic.NewGame(aStart).ClaimDraw())},
	}
	// The package that reports a situation, where it is not the game's.
	reportedBy := map[string]string{"a search of a finished game": "engine", "a book move that is not legal": "polyglot"}
	covered := map[string]map[error]bool{"pacosako": {}, "atomic": {}}
	for _, c := range cases {
		for _, g := range []struct {
			pkg string
			err error
		}{{"pacosako", c.paco}, {"atomic", c.atomic}} {
			if g.err == nil {
				continue
			}
			covered[g.pkg][c.kind] = true
			where := c.situation + " (" + g.pkg + ")"
			pkg := g.pkg
			if p, ok := reportedBy[c.situation]; ok {
				pkg = p
			}
			for _, s := range sentinels {
				for i, v := range []error{s.paco, s.atomic} {
					if want := v == c.kind; v != nil && errors.Is(g.err, v) != want {
						t.Errorf("%s: errors.Is(%q, %s.%s) = %v, want %v", where, g.err, []string{"pacosako", "atomic"}[i], s.name, !want, want)
					}
				}
			}
			if msg := g.err.Error(); !strings.HasPrefix(msg, pkg+": ") || prefixes(msg) != 1 {
				t.Errorf("%s: %q: want one prefix, %q", where, msg, pkg+": ")
			}
			if got := structuredType(g.err); c.as != "" && got != "*"+g.pkg+"."+c.as {
				t.Errorf("%s: the structured type is %q, want *%s.%s", where, got, g.pkg, c.as)
			}
		}
	}
	for _, s := range sentinels {
		if s.paco != nil && !covered["pacosako"][s.paco] {
			t.Errorf("no situation of Paco Ŝako gives %s", s.name)
		}
		if s.atomic != nil && !covered["atomic"][s.atomic] {
			t.Errorf("no situation of Atomic chess gives %s", s.name)
		}
	}
}

// structuredType is the type of the first error in err's chain defined in one of
// the games' packages ("*atomic.MoveError"), "" if none is.
func structuredType(err error) string {
	for err != nil {
		typ := reflect.TypeOf(err)
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if p := typ.PkgPath(); p == "github.com/pacosako-go/pacosako" || p == "github.com/pacosako-go/pacosako/atomic" {
			pkg := "pacosako"
			if strings.HasSuffix(p, "/atomic") {
				pkg = "atomic"
			}
			return "*" + pkg + "." + typ.Name()
		}
		err = errors.Unwrap(err)
	}
	return ""
}

// prefixes counts the packages' prefixes in msg.
func prefixes(msg string) int {
	n := 0
	for _, p := range []string{"pacosako:", "atomic:", "engine:", "polyglot:", "uci:"} {
		n += strings.Count(msg, p)
	}
	return n
}

func second[T any](_ T, err error) error { return err }
