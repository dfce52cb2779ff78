package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/engine"
	"github.com/pacosako-go/pacosako/svg"
)

// Paco Ŝako in the command (the root package): positions are read in any FEN
// dialect pacosako.ParseFEN reads and played by -rules; every search is bounded
// by -max-states.

// pacoGame is Paco Ŝako, with the command's -rules.
type pacoGame struct{ com *common }

func (pacoGame) name() string  { return "pacosako" }
func (pacoGame) title() string { return "Paco Ŝako" }

func (g pacoGame) position(text string) (position, error) {
	p, err := g.com.position(text)
	if err != nil {
		return nil, err
	}
	return &pacoPos{p: p, out: outputDialect(text), in: pacosako.DetectFENDialect(text)}, nil
}

// diagram reads a FEN in any dialect, or a rules-page diagram, which becomes a
// position with White to move and no castling rights, by -rules.
func (g pacoGame) diagram(text string) (position, pacosako.Bitboard, error) {
	if !strings.HasPrefix(strings.TrimSpace(text), "fen:") {
		p, err := g.position(text)
		return p, 0, err
	}
	d, err := pacosako.ParseDiagram(text)
	if err != nil {
		return nil, 0, err
	}
	var rules pacosako.Rules
	if g.com.rules != nil {
		rules = *g.com.rules
	}
	p, err := pacosako.Setup{Board: d.Board, Rules: rules}.Position()
	if err != nil {
		return nil, 0, err
	}
	return &pacoPos{p: p, out: pacosako.EngineDialect, in: pacosako.EngineDialect}, d.Marks, nil
}

// moveSyntax: a move is chain SAN or coordinate notation. The parsers report
// text that is not in their notation (ErrInvalidNotation) before they look at
// the position, so any position tells the syntax.
func (pacoGame) moveSyntax(text string) error {
	var any pacosako.Position
	_, errSAN := any.ParseSAN(text)
	if _, err := any.ParseCoordinate(text); errors.Is(errSAN, pacosako.ErrInvalidNotation) && errors.Is(err, pacosako.ErrInvalidNotation) {
		return fmt.Errorf("%s is neither chain SAN (Bxe4,Ne4xc3,Qc3xc6) nor coordinate notation (f3e4c3c6): %s", quote(text), libError(errSAN, text))
	}
	return nil
}

// perftTime: perft(start, 7) = 3,302,355,455 in 40 s on one core of a 2-core
// machine, perft(start, 5) = 4,901,417 in 52 ms, perft(start, 6) = 121,230,696
// in 1.4 s (docs/benchmarks.md); perft(start, 8) = 89,823,602,732 took 936 s of
// processor time with -parallel (the estimate says 19 min). The count grows 25
// to 28 times per depth, and the time with it.
func (pacoGame) perftTime() (int, float64, float64) { return 7, 40, 28 }

func (pacoGame) dialects() []string { return []string{"engine", "vchess", "chess"} }

func (pacoGame) strictFEN(fen string) string {
	var fe *pacosako.FENError
	if _, err := pacosako.ParseFENStrict(fen); errors.As(err, &fe) {
		return fe.Field + ": " + fe.Reason
	}
	return ""
}

// fenDialects are the values of fen -to.
var fenDialects = map[string]pacosako.FENDialect{
	"engine": pacosako.EngineDialect, "vchess": pacosako.VchessDialect, "chess": pacosako.ChessDialect,
}

// pacoPos is a Paco Ŝako position read from an input: FENs reached from it are
// printed in out, the input's own dialect is in.
type pacoPos struct {
	p       pacosako.Position
	out, in pacosako.FENDialect
}

// outputDialect is the dialect positions reached from the FEN start are printed in:
// the input's, except the engine dialect for a chess FEN (positions after a move
// usually hold unions, which a chess FEN cannot).
func outputDialect(start string) pacosako.FENDialect {
	if d := pacosako.DetectFENDialect(start); d != pacosako.ChessDialect {
		return d
	}
	return pacosako.EngineDialect
}

// fenIn writes p in dialect d, or in the engine dialect, which holds every
// position, when d cannot hold it (a vchess FEN has no hand).
func fenIn(p pacosako.Position, d pacosako.FENDialect) string {
	if s, err := p.FENIn(d); err == nil {
		return s
	}
	return p.FEN()
}

func (q *pacoPos) fen() string { return fenIn(q.p, q.out) }

// fenIn writes the FEN in the input's dialect or the one -to names, refusing
// what the dialect cannot hold (a chess FEN has no unions, a vchess FEN no hand).
func (q *pacoPos) fenIn(to string) (string, error) {
	d := q.in
	if to != "" {
		d = fenDialects[to]
	}
	return q.p.FENIn(d)
}

func (q *pacoPos) turn() pacosako.Color { return q.p.Turn() }

// withTurn gives c the move; nothing else changes (en passant square, castling
// rights and counter stay; a promotion the other side owes waits for its turn).
func (q *pacoPos) withTurn(c pacosako.Color) (position, error) {
	if c == q.p.Turn() {
		return q, nil
	}
	if !q.p.Hand().IsEmpty() {
		return nil, fmt.Errorf("-color %s: a move of %v is in progress (a piece in the hand); the side to move can change only between moves", strings.ToLower(c.String()), q.p.Turn())
	}
	s := q.p.Setup()
	s.Turn = c
	p, err := s.Position()
	if err != nil {
		return nil, err
	}
	return &pacoPos{p: p, out: q.out, in: q.in}, nil
}

// count is the bounded PerftContext on one core (as fast as Perft), on every
// core with -parallel, the plain Perft with -max-states 0 and no -timeout.
func (q *pacoPos) count(ctx context.Context, depth int, c counting) (uint64, error) {
	if !c.parallel && c.maxStates == 0 && c.timeout == 0 {
		return pacosako.Perft(q.p, depth), nil
	}
	opt := pacosako.PerftOptions{Workers: 1, Limits: c.limits(), Progress: c.progress}
	if c.parallel {
		opt.Workers = 0 // every core
	}
	return pacosako.PerftContext(ctx, q.p, depth, opt)
}

// children: each move's actions (Lift(e2) Place(e4)) and the position after it.
func (q *pacoPos) children(ctx context.Context, b bound) ([]child, error) {
	moves, err := q.p.MovesContext(ctx, b.limits())
	if err != nil {
		return nil, err
	}
	out := make([]child, len(moves))
	for i, m := range moves {
		out[i] = child{m.String(), &pacoPos{p: m.After(), out: q.out, in: q.in}}
	}
	return out, nil
}

// moveRows: the position after each move, its actions and its chain SAN.
func (q *pacoPos) moveRows(ctx context.Context, b bound) ([]moveRow, error) {
	moves, err := q.p.MovesContext(ctx, b.limits())
	if err != nil {
		return nil, err
	}
	sans, err := q.p.SANsContext(ctx, moves, b.limits()) // moves are the position's own: only the bounds' errors
	if err != nil {
		return nil, err
	}
	rows := make([]moveRow, len(moves))
	for i, m := range moves {
		rows[i] = moveRow{fenIn(m.After(), q.out), m.String(), sans[i]}
	}
	return rows, nil
}

// threats: whether each colour gives Ŝako, and the squares it threatens.
func (q *pacoPos) threats(ctx context.Context, b bound) (flags [2]bool, squares [2]pacosako.Bitboard, err error) {
	if flags[0], flags[1], err = givesSako(ctx, q.p, b); err != nil {
		return flags, squares, err
	}
	for i, col := range []pacosako.Color{pacosako.White, pacosako.Black} {
		if squares[i], err = q.p.ThreatsContext(ctx, col, b.limits()); err != nil {
			return flags, squares, err
		}
	}
	return flags, squares, nil
}

func (q *pacoPos) validate() error { return q.p.Validate() }

// solve is pacosako.Solve; the moves column is the shortest action path among
// the winning first moves (fewest actions, then the smallest string).
func (q *pacoPos) solve(ctx context.Context, o solveOptions) (solution, error) {
	sol, err := pacosako.Solve(ctx, q.p, pacosako.SolveOptions{
		MaxN: o.n, Chasing: o.chasing, Proofs: o.proof, Limits: o.bound.limits(),
		Progress: func(sp pacosako.SolveProgress) { o.progress(solveStage{sp.N, sp.Nodes, sp.Proving}) },
	})
	if err != nil || sol.N == 0 {
		return solution{}, err
	}
	out := solution{n: sol.N}
	best := sol.Moves[0]
	for _, m := range sol.Moves {
		out.fens = append(out.fens, m.After().FEN())
		if m.Len() < best.Len() || m.Len() == best.Len() && m.String() < best.String() {
			best = m
		}
	}
	slices.Sort(out.fens)
	out.moves = best.String()
	for _, pr := range sol.Proofs {
		out.proofs = append(out.proofs, pr.String())
	}
	return out, nil
}

// search is engine.Search; moves in coordinate notation and chain SAN.
func (q *pacoPos) search(ctx context.Context, lim engine.Limits) ([]searched, error) {
	return searchLines(ctx, q.p, lim, pacosako.Move.Coordinate, func(_ pacosako.Position, m pacosako.Move) pacosako.Position { return m.After() })
}

// drawn: the pacosako.Position.
func (q *pacoPos) drawn() svg.Position { return q.p }

// playMove: a move in chain SAN or coordinate notation (readMove).
func (q *pacoPos) playMove(text string) (svg.Move, position, error) {
	m, err := readMove(q.p, text)
	if err != nil {
		return nil, nil, err
	}
	return m, &pacoPos{p: m.After(), out: q.out, in: q.in}, nil
}

// readMove reads a move of p in chain SAN or coordinate notation. Text that is both
// ("e4" is also the lone lift of coordinate notation) is chain SAN when it names a
// move in it; otherwise text in the shape of coordinate notation is read as such,
// so its error is the one reported.
func readMove(p pacosako.Position, text string) (pacosako.Move, error) {
	m, errSAN := p.ParseSAN(text)
	if errSAN == nil {
		return m, nil
	}
	if m, err := p.ParseCoordinate(text); !errors.Is(err, pacosako.ErrInvalidNotation) {
		return m, err
	}
	if errors.Is(errSAN, pacosako.ErrInvalidNotation) {
		return m, wrap(errSAN, []string{text}, "%s is neither chain SAN nor coordinate notation", quote(text))
	}
	return m, errSAN
}

// pacoPlayed is a game of play, in a pacosako.Game; start is the start's text.
type pacoPlayed struct {
	g     pacosako.Game
	start string
}

func (g pacoGame) play(start string, repetition, noProgress int) (played, error) {
	h, err := g.com.newGame(strings.TrimSpace(start), repetition, noProgress)
	if err != nil {
		return nil, err
	}
	return &pacoPlayed{h, start}, nil
}

// play plays one argument. Text with a parenthesis is actions (Lift(e2),
// Place(e4), Promote(Queen), one or several separated by white space; no move
// notation has a parenthesis), applied one by one at the action level, as the
// official engine checks them: a place into a dead end is accepted. Other text
// is one move, read and played by Game.PlayMoveContext (chain SAN, else
// coordinate notation), bounded by -max-states. In the middle of a half-move, a
// move is the rest of it ("e4", "Pe2-e4" or "-e4" after Lift(e2)). Blank text
// plays nothing.
//
// The error is the library's: that of the notation that came closest, its reason
// starting with the notation's name ("chain SAN: step 1: …"), or, for text no
// notation reads, both notations' reasons.
func (pl *pacoPlayed) play(ctx context.Context, text string, b bound) error {
	switch {
	case strings.TrimSpace(text) == "":
		return nil
	case strings.Contains(text, "("):
		actions, err := pacosako.ParseActions(text)
		if err != nil {
			return err
		}
		for i, a := range actions {
			next, err := pl.g.Apply(a)
			if err != nil {
				if len(actions) > 1 {
					err = wrap(err, nil, "action %d", i+1)
				}
				return err
			}
			pl.g = next
		}
		return nil
	}
	next, err := pl.g.PlayMoveContext(ctx, text, b.limits())
	if err != nil {
		return b.wrap(err)
	}
	pl.g = next
	return nil
}

// columns: <fen>\t<legal actions now, sorted by square name, or ->\t<number of
// legal moves at the start of a turn, else ->\t<result>\t<White gives Ŝako
// 0/1>\t<Black gives Ŝako 0/1>.
func (pl *pacoPlayed) columns(ctx context.Context, b bound) (string, error) {
	g := pl.g
	p := g.Position()
	moves := "-"
	if g.Outcome().IsOver() {
		moves = "0"
	} else if p.IsSettled() {
		n, err := legalMoveCount(ctx, g, b)
		if err != nil {
			return "", wrap(err, nil, "counting the legal moves")
		}
		moves = strconv.Itoa(n)
	}
	white, black := false, false
	if !g.Outcome().IsOver() {
		var err error
		if white, black, err = givesSako(ctx, p, b); err != nil {
			return "", wrap(err, nil, "the Ŝako test")
		}
	}
	return fmt.Sprintf("%s\t%s\t%s\t%v\t%s\t%s", fenIn(p, outputDialect(pl.start)), actionsByName(g.LegalActions()), moves, g.Outcome(), bit(white), bit(black)), nil
}

// actionsByName lists a set of actions sorted by square name (a1, a2, … h8, as the
// reference data sorts squares), promotions in role order; "-" if empty.
func actionsByName(set pacosako.ActionSet) string {
	var parts []string
	for file := 0; file < 8; file++ {
		for rank := 0; rank < 8; rank++ {
			sq := pacosako.NewSquare(file, rank)
			if set.Squares().Has(sq) {
				parts = append(parts, pacosako.Action{Kind: set.Kind(), Square: sq}.String())
			}
		}
	}
	for a := range set.All() {
		if a.Kind == pacosako.PromoteKind {
			parts = append(parts, a.String())
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// annotate reads <name>\t<start>\t<actions> and writes its rows in the thirteen
// columns of notation.tsv. The actions are played in a game as replay plays them
// (repetition draws off for "new", on for a FEN), so an action after the end of
// the game is refused as the engine refuses it.
func (g pacoGame) annotate(line string, b bound) annotated {
	h, err := g.com.readHistoryLine(line, "actions", pacosako.ParseActions)
	if err != nil {
		return annotated{err: err.Error()}
	}
	played, err := h.g.ApplyAll(h.actions)
	if err != nil {
		return annotated{err: quote(h.name) + ": " + libError(err)}
	}
	ctx, cancel := b.context()
	defer cancel()
	an, err := annotate(ctx, played.Start(), played.PlayedActions(), b)
	if err != nil { // a search over -max-states or -timeout (the game played every action)
		return annotated{err: quote(h.name) + ": " + libError(err)}
	}
	var sb strings.Builder
	name := echo(h.name, false)
	for _, hm := range an.HalfMoves {
		indices := make([]string, len(hm.ActionIndices))
		for i, n := range hm.ActionIndices {
			indices[i] = strconv.Itoa(n)
		}
		cols := []string{name, strconv.Itoa(hm.HalfMove), strconv.Itoa(hm.MoveNumber), hm.Player.String(), hm.String(),
			strings.Join(indices, ","), pacosako.FormatActions(hm.Actions)}
		for _, f := range []bool{hm.GivesSako, hm.MissedPaco, hm.GivesOpponentPacoOpportunity, hm.PacoIn2Found, hm.PacoIn2Missed} {
			cols = append(cols, bit(f))
		}
		sb.WriteString(strings.Join(append(cols, an.Opening), "\t"))
		sb.WriteByte('\n')
	}
	return annotated{text: sb.String()}
}
