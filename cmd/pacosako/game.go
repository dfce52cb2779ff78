package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/engine"
	"github.com/pacosako-go/pacosako/svg"
)

// The two games in the command. Every command that serves both games (the
// commands table's games) is written once over variant and position;
// pacogame.go and atomicgame.go say what each game does its own way, each in
// its own library's calls. What the library serves for both games alike —
// drawing (svg), replay pages (replaypage), records (records) — the commands
// call once with the game's value. The command's flags, line loops, bounds,
// messages and exit statuses are the commands', so they are the same for both
// games.

// variant is one of the games the command plays (-variant): Paco Ŝako (the root package) or
// Atomic chess (package atomic).
type variant interface {
	// name is the game's -variant value ("pacosako", "atomic"), title its name
	// in messages ("Paco Ŝako", "Atomic chess").
	name() string
	title() string
	// position reads an input as every command reads a position: a FEN, or the
	// word "start" or "new" (spaces around it allowed) for the start position.
	position(text string) (position, error)
	// diagram reads a FEN, the start or a rules-page diagram ("fen:<board>
	// <marks>:", White to move, no castling rights) and the diagram's marks.
	diagram(text string) (position, pacosako.Bitboard, error)
	// moveSyntax reports why text is no move in any of the game's notations,
	// whatever the position (nil when it may be one).
	moveSyntax(text string) error
	// perftTime is how long perft of the game's start position takes to depth
	// depth on one core, in seconds, and how much longer each depth takes (the
	// -depth warning).
	perftTime() (depth int, seconds, growth float64)
	// dialects are the values of fen -to, the first the default's description.
	dialects() []string
	// strictFEN is what the game's ParseFEN reads as absent in fen (castling
	// letters whose king or rook is missing, an en passant square no double
	// step explains) as ParseFENStrict words it, "field: reason"; "" when
	// there is nothing of the kind (validate).
	strictFEN(fen string) string
	// play starts a game from start (a FEN, "start", "new") for play, with the
	// repetition and no-progress limits when not negative.
	play(start string, repetition, noProgress int) (played, error)
	// annotate writes one history line's rows (annotate), its searches under b
	// (-timeout: the whole line).
	annotate(line string, b bound) annotated
}

// position is a position of either game, read from an input.
type position interface {
	// fen is the position's FEN as the commands print positions reached from
	// the input: in its dialect (for Paco Ŝako, a chess FEN's positions in the
	// engine's).
	fen() string
	// fenIn is the FEN in a dialect of fen -to ("" for the input's).
	fenIn(to string) (string, error)
	// turn is the side to move.
	turn() pacosako.Color
	// withTurn is the position with c to move, nothing else changed (solve
	// -color).
	withTurn(c pacosako.Color) (position, error)
	// count is perft to depth (perft), under c, until ctx is done.
	count(ctx context.Context, depth int, c counting) (uint64, error)
	// children are the position's moves, each with its label (the game's move
	// notation for programs: actions, UCI) and the position it leads to (perft
	// -divide), found under b and ctx.
	children(ctx context.Context, b bound) ([]child, error)
	// moveRows are the position's moves as moves prints them.
	moveRows(ctx context.Context, b bound) ([]moveRow, error)
	// threats are sako's columns: for White and for Black, whether the colour
	// threatens the enemy king (Paco Ŝako: gives Ŝako; Atomic: gives check),
	// and its squares (Paco Ŝako: every square it threatens; Atomic: its pieces
	// that give check).
	threats(ctx context.Context, b bound) (flags [2]bool, squares [2]pacosako.Bitboard, err error)
	// validate is the game's Validate: nil, or an error whose reasons
	// (reasons) say why the position could not arise in a game.
	validate() error
	// solve searches a forced win (solve).
	solve(ctx context.Context, o solveOptions) (solution, error)
	// search runs the engine within lim (search): its lines, best first.
	search(ctx context.Context, lim engine.Limits) ([]searched, error)
	// drawn is the position as the svg package takes it (svg.Position).
	drawn() svg.Position
	// playMove reads text as one move in the game's notations (svg -move) and
	// returns it as the svg package takes it, with the position it leads to.
	playMove(text string) (svg.Move, position, error)
}

// counting is how perft counts: on every core (parallel) with its progress
// shown, within bound.
type counting struct {
	parallel bool
	progress func(done, total int) // nil: none shown
	bound
}

// child is one move of perft -divide.
type child struct {
	label string
	after position
}

// moveRow is one line of moves: the FEN after the move, the move in the game's
// notation for programs (actions, UCI) and in SAN.
type moveRow struct {
	after, notation, san string
}

// played is a game of play: its arguments played one by one, then its result
// columns written.
type played interface {
	// play plays one argument (a move, or for Paco Ŝako actions).
	play(ctx context.Context, arg string, b bound) error
	// columns are the result columns after the arguments played.
	columns(ctx context.Context, b bound) (string, error)
}

// solveOptions are solve's flags, as both games' Solve take them.
type solveOptions struct {
	n        int
	chasing  bool
	proof    bool
	bound    bound
	progress func(solveStage)
}

// solveStage is how far a search has come (either game's SolveProgress).
type solveStage struct {
	n       int
	nodes   int64
	proving bool
}

// solution is a solve's answer as the command prints it: n (0: none), the
// positions the winning first moves lead to (sorted), the game's column for
// the moves themselves, and the proofs, each as its lines.
type solution struct {
	n      int
	fens   []string
	moves  string
	proofs []string
}

// variantFlag is the -variant flag: the game, its name read in any case
// ("atomic", "Atomic", "PACOSAKO").
type variantFlag struct{ com *common }

func (v variantFlag) String() string {
	if v.com == nil {
		return "pacosako" // the default, as flag.PrintDefaults asks the zero value
	}
	return v.com.variant().name()
}

func (v variantFlag) Set(s string) error {
	switch {
	case strings.EqualFold(s, pacoGame{}.name()):
		v.com.atomic = false
	case strings.EqualFold(s, atomicGame{}.name()):
		v.com.atomic = true
	default:
		return fmt.Errorf("%s is not a game: want pacosako (the default) or atomic", quote(s))
	}
	return nil
}

// reasons are the reasons of a Validate error: those of either game's
// *PositionError, or the error's message.
func reasons(err error) []string {
	var pe interface{ Reasons() []string }
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return pe.Reasons()
	}
	return []string{libError(err)}
}

// moveWords splits svg -move's text into moves as play's batch lines are split
// (batchArgs): at white space, a chain's steps joined by commas.
func moveWords(text string) []string { return batchArgs(text) }

// moveWordError names the move of several that could not be read or played.
func moveWordError(words []string, i int, err error) error {
	if len(words) == 1 {
		return err
	}
	return wrap(err, []string{words[i]}, "move %d %s", i+1, quote(words[i]))
}

// writeLines writes lines of text, each after indent.
func writeLines(out *bufio.Writer, text, indent string) {
	for _, l := range strings.SplitAfter(text, "\n") {
		if l != "" {
			out.WriteString(indent + l)
		}
	}
}
