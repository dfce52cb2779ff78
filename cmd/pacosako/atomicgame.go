package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/engine"
	"github.com/pacosako-go/pacosako/svg"
)

// Atomic chess in the command (package atomic): positions are chess FENs, moves
// are written in UCI and SAN. Its move generation needs no bound; -max-states
// bounds solve's table of positions.

// atomicGame is Atomic chess.
type atomicGame struct{}

func (atomicGame) name() string  { return "atomic" }
func (atomicGame) title() string { return "Atomic chess" }

// atomicPosition reads an input as every command reads a FEN: the word "start"
// (or "new"), with spaces around it, is Atomic's start position.
func atomicPosition(fen string) (atomic.Position, error) {
	if t := strings.TrimSpace(fen); t == "start" || t == "new" {
		fen = atomic.StartFEN
	}
	return atomic.ParseFEN(fen)
}

func (atomicGame) position(text string) (position, error) {
	p, err := atomicPosition(text)
	if err != nil {
		return nil, err
	}
	return &atomicPos{p}, nil
}

// diagram reads a chess FEN, the start, or a rules-page diagram ("fen:<board>
// <marks>:", pacosako.ParseDiagram), which becomes a position with White to move
// and no castling rights. A diagram with a union is an atomic.ErrInvalidSetup.
func (g atomicGame) diagram(text string) (position, pacosako.Bitboard, error) {
	if !strings.HasPrefix(strings.TrimSpace(text), "fen:") {
		p, err := g.position(text)
		return p, 0, err
	}
	d, err := pacosako.ParseDiagram(text)
	if err != nil {
		return nil, 0, err
	}
	p, err := atomic.Setup{Board: d.Board}.Position()
	if err != nil {
		return nil, 0, err
	}
	return &atomicPos{p}, d.Marks, nil
}

// moveSyntax: a move is UCI or SAN. The readers report text that is not in
// their notation (ErrInvalidNotation) before they look at the position.
func (atomicGame) moveSyntax(text string) error {
	var any atomic.Position
	_, errUCI := any.ParseUCI(text)
	if _, errSAN := any.ParseSAN(text); errors.Is(errUCI, atomic.ErrInvalidNotation) && errors.Is(errSAN, atomic.ErrInvalidNotation) {
		return fmt.Errorf("%s is neither SAN (Nxb7) nor UCI (a5b7): %s", quote(text), libError(errSAN, text))
	}
	return nil
}

// perftTime: perft(start, 6) = 118,926,425 in 1.2 s on one core of a 2-core
// machine (docs/benchmarks.md, Atomic); each depth takes about 25 times longer.
func (atomicGame) perftTime() (int, float64, float64) { return 6, 1.2, 25 }

func (atomicGame) dialects() []string { return []string{"chess"} }

func (atomicGame) strictFEN(fen string) string {
	var fe *atomic.FENError
	if _, err := atomic.ParseFENStrict(fen); errors.As(err, &fe) {
		return fe.Field + ": " + fe.Reason
	}
	return ""
}

// atomicPos is an Atomic chess position.
type atomicPos struct{ p atomic.Position }

func (q *atomicPos) fen() string { return q.p.FEN() }

// fenIn: Atomic positions are chess FENs, as python-chess writes them.
func (q *atomicPos) fenIn(to string) (string, error) { return q.p.FEN(), nil }

func (q *atomicPos) turn() pacosako.Color { return q.p.Turn() }

func (q *atomicPos) withTurn(c pacosako.Color) (position, error) {
	if c == q.p.Turn() {
		return q, nil
	}
	s := q.p.Setup()
	s.Turn = c
	p, err := s.Position()
	if err != nil {
		return nil, err
	}
	return &atomicPos{p}, nil
}

// count is Perft, or PerftContext on every core with -parallel, on one with
// -timeout.
func (q *atomicPos) count(ctx context.Context, depth int, c counting) (uint64, error) {
	if !c.parallel && c.timeout == 0 {
		return atomic.Perft(q.p, depth), nil
	}
	opt := atomic.PerftOptions{Workers: 1, Progress: c.progress}
	if c.parallel {
		opt.Workers = 0 // every core
	}
	return atomic.PerftContext(ctx, q.p, depth, opt)
}

// children: each move in UCI and the position after it.
func (q *atomicPos) children(context.Context, bound) ([]child, error) {
	moves := q.p.Moves()
	out := make([]child, len(moves))
	for i, m := range moves {
		after, _ := q.p.Play(m) // the position's own move
		out[i] = child{m.UCI(), &atomicPos{after}}
	}
	return out, nil
}

// moveRows: the FEN after each move, its UCI and its SAN.
func (q *atomicPos) moveRows(context.Context, bound) ([]moveRow, error) {
	moves := q.p.Moves()
	sans, _ := q.p.SANs(moves) // the position's own moves: no error
	rows := make([]moveRow, len(moves))
	for i, m := range moves {
		after, _ := q.p.Play(m)
		rows[i] = moveRow{after.FEN(), m.UCI(), sans[i]}
	}
	return rows, nil
}

// threats: whether each colour gives check, and its pieces that give it: the
// checkers of the position with the other colour to move (none while the kings
// touch).
func (q *atomicPos) threats(context.Context, bound) (flags [2]bool, squares [2]pacosako.Bitboard, err error) {
	for i, c := range []pacosako.Color{pacosako.White, pacosako.Black} {
		r, err := q.withTurn(c.Other())
		if err != nil {
			return flags, squares, err
		}
		squares[i] = r.(*atomicPos).p.Checkers()
		flags[i] = squares[i] != 0
	}
	return flags, squares, nil
}

func (q *atomicPos) validate() error { return q.p.Validate() }

// solve is atomic.Solve; the moves column is the winning first moves in SAN, in
// the order of the FENs they lead to, separated by " | " as those are.
func (q *atomicPos) solve(ctx context.Context, o solveOptions) (solution, error) {
	sol, err := atomic.Solve(ctx, q.p, atomic.SolveOptions{
		MaxN: o.n, Chasing: o.chasing, Proofs: o.proof, Limits: o.bound.limits(),
		Progress: func(sp atomic.SolveProgress) { o.progress(solveStage{sp.N, sp.Nodes, sp.Proving}) },
	})
	if err != nil || sol.N == 0 {
		return solution{}, err
	}
	sans, _ := q.p.SANs(sol.Moves) // the position's own moves
	type win struct{ fen, san string }
	wins := make([]win, len(sol.Moves))
	for i, m := range sol.Moves {
		after, _ := q.p.Play(m)
		wins[i] = win{after.FEN(), sans[i]}
	}
	slices.SortFunc(wins, func(a, b win) int { return strings.Compare(a.fen, b.fen) })
	out := solution{n: sol.N}
	names := make([]string, len(wins))
	for i, w := range wins {
		out.fens, names[i] = append(out.fens, w.fen), w.san
	}
	out.moves = strings.Join(names, " | ")
	for _, pr := range sol.Proofs {
		out.proofs = append(out.proofs, pr.String())
	}
	return out, nil
}

// search is engine.Search; moves in UCI and SAN.
func (q *atomicPos) search(ctx context.Context, lim engine.Limits) ([]searched, error) {
	return searchLines(ctx, q.p, lim, atomic.Move.UCI, atomic.Position.PlayUnchecked)
}

// drawn: the atomic.Position.
func (q *atomicPos) drawn() svg.Position { return q.p }

// playMove: a move in SAN or UCI (atomic.Position.ParseMove).
func (q *atomicPos) playMove(text string) (svg.Move, position, error) {
	m, err := q.p.ParseMove(text)
	if err != nil {
		return nil, nil, err
	}
	after, _ := q.p.Play(m) // a move the position read: legal
	return m, &atomicPos{after}, nil
}

// atomicPlayed is a game of play, in an atomic.Game.
type atomicPlayed struct{ g atomic.Game }

func (atomicGame) play(start string, repetition, noProgress int) (played, error) {
	p, err := atomicPosition(start)
	if err != nil {
		return nil, err
	}
	var opts []atomic.GameOption
	if repetition >= 0 {
		opts = append(opts, atomic.WithRepetitionLimit(repetition))
	}
	if noProgress >= 0 {
		opts = append(opts, atomic.WithNoProgressLimit(noProgress))
	}
	return &atomicPlayed{atomic.NewGame(p, opts...)}, nil
}

// play plays one move, UCI when it reads as a legal move in UCI, else SAN
// (atomic.Game.PlayMove). Blank text plays nothing.
func (pl *atomicPlayed) play(_ context.Context, text string, _ bound) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	next, err := pl.g.PlayMove(text)
	if err != nil {
		return err
	}
	pl.g = next
	return nil
}

// columns: <fen>\t<legal moves in UCI, sorted, or ->\t<their number>\t<state>
// <result>\t<in check 0/1>.
func (pl *atomicPlayed) columns(context.Context, bound) (string, error) {
	g := pl.g
	p := g.Position()
	legal := g.LegalMoves()
	ucis := make([]string, len(legal))
	for i, m := range legal {
		ucis[i] = m.UCI()
	}
	slices.Sort(ucis)
	list := strings.Join(ucis, " ")
	if list == "" {
		list = "-"
	}
	o := g.Outcome()
	return fmt.Sprintf("%s\t%s\t%d\t%v %s\t%s", p.FEN(), list, len(legal), o, o.Result(), bit(p.InCheck())), nil
}

// annotate reads <name>\t<start>\t<moves> (SAN or UCI separated by spaces, as
// convert -to san and -to uci write them; start a chess FEN, "start" or "new")
// and writes a row per half-move, in the columns of Paco Ŝako's that fit the
// game: <game>\t<half_move>\t<move_number>\t<player>\t<san>\t<uci>\t<gives
// check 0/1>\t<explosion: the squares it empties, or ->\t<the pieces it removes,
// as FEN letters and squares, or ->\t<the state after it and the result>. The
// moves are played in an atomic.Game, so a move after the end of the game is
// refused.
func (atomicGame) annotate(line string, _ bound) annotated {
	fields := strings.Split(line, "\t")
	if len(fields) < 2 || len(fields) > 3 {
		return annotated{err: fmt.Sprintf("want <name>\\t<start>\\t<moves>, got %d columns: %s", len(fields), quote(line))}
	}
	name := fields[0]
	p, err := atomicPosition(fields[1])
	if err != nil {
		return annotated{err: quote(name) + ": start: " + libError(err)}
	}
	g := atomic.NewGame(p)
	var words []string
	if len(fields) == 3 {
		words = strings.Fields(fields[2])
	}
	var sb strings.Builder
	shown := echo(name, false)
	for i, w := range words {
		before := g.Position()
		next, err := g.PlayMove(w)
		if err != nil {
			return annotated{err: fmt.Sprintf("%s: half-move %d %s: %s", quote(name), i+1, quote(w), libError(err))}
		}
		m, _ := before.ParseMove(w) // the move just played
		san, _ := before.SAN(m)
		after := next.Position()
		exploded, removed := "-", "-"
		if m.IsCapture() {
			exploded = m.Explosion().String()
			board := before.Exploded(m)
			var pieces []string
			for file := 0; file < 8; file++ { // in the squares' order: by name
				for rank := 0; rank < 8; rank++ {
					if s := pacosako.NewSquare(file, rank); !board.Cell(s).IsEmpty() {
						pieces = append(pieces, string(board.Cell(s).Letter())+s.String())
					}
				}
			}
			removed = strings.Join(pieces, ",")
		}
		o := next.Outcome()
		cols := []string{shown, strconv.Itoa(i + 1), strconv.Itoa(before.FullMoveNumber()), before.Turn().String(),
			san, m.UCI(), bit(after.InCheck()), exploded, removed, o.String() + " " + o.Result()}
		sb.WriteString(strings.Join(cols, "\t"))
		sb.WriteByte('\n')
		g = next
	}
	return annotated{text: sb.String()}
}
