package pacosako

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// Property tests over random playouts (issue 7, item 4). Every playout is
// deterministic: a PCG seeded from the playout's index. At every position reached,
// under every preset rule set:
//
//   - each colour keeps the number of pieces it started with (16 from the standard
//     start; a union counts once for each colour), and no settled position has a
//     piece in the hand;
//   - the move level is self-consistent: MoveCount, len(Moves), Perft(p, 1),
//     Game.LegalMoveCount and the bounded MovesContext and MoveCountContext agree
//     (a bounded count is right or stopped with ErrSearchLimit), the moves lead to
//     distinct positions, CanPaco says whether one of them wins at once;
//   - the action level agrees with the move level: every move's actions are
//     accepted one by one by Position.Apply, none but the last ends the turn, and
//     the last ends in the move's position; random walks over Position.Actions
//     that complete a move end in the position of a listed move (under
//     SakoIllegal, a move the rule forbids is refused by the game instead) and
//     start with an action CompletableActions offers; walks over
//     CompletableActions never dead-end, and the moves of every state on the way
//     are moves of the position the walk started from;
//   - the FEN (and the vchess FEN under vchess's rules) reads back to the same
//     state, and so does the Setup;
//   - the move played is written in chain SAN, coordinate notation and vchess's
//     notation and read back to itself.
//
// At the end each playout is written as a game record, a pacoplay JSON action log,
// the engine's replay notation, and lists of SAN and coordinate moves, and every
// one of them is replayed to the same positions, half-move by half-move.

// invariantStarts are the start positions of the playouts: the standard start, a
// Fischer-random start, and positions of testdata/positions.tsv with castling
// rights, unions, a pawn about to promote, an en passant square, a no-progress
// counter near the limit, and fewer than 16 pieces (one side without a king).
var invariantStarts = []string{
	StartFEN,
	"bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w 0 EHeh - -",
	"r1q1k2r/p1Pb1ppp/5n2/1f1p4/AV5P/2dDP3/P2B1PP1/R3K1NR b 0 AHah - -",
	"rnbqkbnr/ppppp1pp/8/5p2/3P4/8/PPP1PPPP/RNBQKBNR w 2 AHah f6 -",
	"1r2qb1r/5p2/pnp1kn1p/1p2pPp1/1PPpP1b1/B1QP2PB/PR5P/RN2K1N1 w 98 A - -",
	"r3k2r/8/8/8/4q3/8/8/R3K2R w 0 AHah - -",
	"4e3/3P1e2/3k4/8/8/8/8/8 w 0 - - -",
}

var invariantPresets = []struct {
	name  string
	rules Rules
}{{"Pacoplay", Pacoplay}, {"Rulebook", Rulebook}, {"Vchess", Vchess}, {"VchessPacoplay", VchessPacoplay}}

// TestInvariantPlayouts runs random playouts from every start position under every
// preset: one of at most 40 half-moves each with -short (16 with -race), one of
// at most 150 without, three with PACOSAKO_FULL=1 (CI).
func TestInvariantPlayouts(t *testing.T) {
	t.Parallel() // a CPU-bound check of its own: the package's slow tests share the cores
	// CI's sizes (PACOSAKO_FULL=1): three seeds.
	plies, walks, seeds := 150, 4, 1
	switch {
	case fullSizes() && !raceEnabled:
		seeds = 3
	case raceEnabled: // about ten times slower
		plies, walks, seeds = 16, 2, 1
	case testing.Short():
		plies, walks, seeds = 40, 3, 1
	}
	begin := time.Now()
	total, games := 0, 0
	for pi, preset := range invariantPresets {
		for si, fen := range invariantStarts {
			for seed := range seeds {
				t.Run(fmt.Sprintf("%s/%d/%d", preset.name, si, seed), func(t *testing.T) {
					start := mustFEN(t, fen).WithRules(preset.rules)
					rng := rand.New(rand.NewPCG(uint64(pi)*100+uint64(si)+1, 0x5eed+uint64(seed)))
					pl := playout(t, rng, start, plies, walks)
					total += pl.Len()
					games++
					checkNotations(t, pl)
					t.Logf("%d half-moves, %v", pl.Len(), pl.Outcome())
				})
			}
		}
	}
	t.Logf("%d playouts, %d half-moves checked in %v", games, total, time.Since(begin).Round(time.Millisecond))
}

// maxPlayoutMoves ends a playout in a position with more moves than this.
const maxPlayoutMoves = 20000

// countMovesUpTo returns the number of p's moves, or limit if there are at least
// that many; the lazy search stops there.
func countMovesUpTo(p Position, limit int) int {
	n := 0
	for range p.AllMoves() {
		if n++; n == limit {
			break
		}
	}
	return n
}

// played is a playout: the game and each half-move's notations, written in the
// position before it.
type played struct {
	Game
	san, coord []string
}

// pieceCounts returns the number of pieces of each colour on the board and in the
// hand.
func pieceCounts(p Position) [2]int {
	n := [2]int{p.Board().ByColor(White).Count(), p.Board().ByColor(Black).Count()}
	if h := p.Hand(); !h.IsEmpty() {
		n[h.Color]++
		if h.Partner != NoRole {
			n[h.Color.Other()]++
		}
	}
	return n
}

// playout plays up to plies random half-moves from start, checking the invariants
// at every position on the way.
func playout(t *testing.T, rng *rand.Rand, start Position, plies, walks int) played {
	t.Helper()
	want := pieceCounts(start)
	pl := played{Game: NewGame(start)}
	for ply := 0; ; ply++ {
		p := pl.Position()
		where := fmt.Sprintf("half-move %d, %s", pl.Len(), p.FEN())
		if !p.Hand().IsEmpty() || (!p.IsSettled() && !p.Outcome().IsOver()) {
			t.Fatalf("%s: not settled: hand %v, required %v", where, p.Hand(), p.step)
		}
		if got := pieceCounts(p); got != want {
			t.Fatalf("%s: %d white and %d black pieces, want %d and %d", where, got[White], got[Black], want[White], want[Black])
		}
		checkFENRoundTrip(t, where, p)
		if n := countMovesUpTo(p, maxPlayoutMoves+1); n > maxPlayoutMoves {
			// Random play drifts into boards where nearly every piece stands in a
			// union, with up to millions of moves; stop before they get slow.
			t.Logf("%s: more than %d moves, stopping", where, maxPlayoutMoves)
			break
		}
		moves := checkMoveLevel(t, where, p)
		if pl.Outcome().IsOver() || len(moves) == 0 || ply == plies {
			if !pl.Outcome().IsOver() && len(moves) > 0 && pl.LegalMoveCount() != len(moves) {
				t.Fatalf("%s: Game.LegalMoveCount() = %d, want %d", where, pl.LegalMoveCount(), len(moves))
			}
			break
		}
		if n := pl.LegalMoveCount(); n != len(moves) {
			t.Fatalf("%s: Game.LegalMoveCount() = %d, want %d", where, n, len(moves))
		}
		step := 1 + len(moves)/1000 // every move, or about 1000 of them
		for i := rng.IntN(step); i < len(moves); i += step {
			checkMoveActions(t, where, p, moves[i], want)
		}
		checkActionWalks(t, where, rng, p, moves, walks)

		m := moves[rng.IntN(len(moves))]
		san, err := p.SAN(m)
		if err != nil {
			t.Fatalf("%s: SAN(%v): %v", where, m, err)
		}
		if back, err := parseSANStrict(p, san); err != nil || !back.After().Equal(m.After()) {
			t.Fatalf("%s: %v is written %q, which reads back as %v, %v", where, m, san, back, err)
		}
		if back, err := p.ParseCoordinate(m.Coordinate()); err != nil || !back.After().Equal(m.After()) {
			t.Fatalf("%s: %v is written %q, which reads back as %v, %v", where, m, m.Coordinate(), back, err)
		}
		if v, err := p.VchessNotation(m); err != nil {
			t.Fatalf("%s: VchessNotation(%v): %v", where, m, err)
		} else if back, err := p.ParseSAN(v); err == nil && !back.After().Equal(m.After()) || err != nil && !errors.Is(err, ErrAmbiguousMove) {
			t.Fatalf("%s: %v is written %q in vchess notation, which reads back as %v, %v", where, m, v, back, err)
		}
		next, err := pl.Play(m)
		if err != nil || !next.Position().Equal(m.After()) || next.Len() != pl.Len()+1 {
			t.Fatalf("%s: Game.Play(%v) = %v, %v", where, m, next.Position().FEN(), err)
		}
		pl.Game = next
		pl.san = append(pl.san, san)
		pl.coord = append(pl.coord, m.Coordinate())
	}
	return pl
}

// checkFENRoundTrip: the FEN and the Setup of a settled position give back the same
// state; under vchess's rules the vchess FEN does too (with the same rules). A game won by
// a pawn reaching its last rank cannot say that its promotion is no longer owed.
func checkFENRoundTrip(t *testing.T, where string, p Position) {
	t.Helper()
	fen := p.FEN()
	q, err := ParseFEN(fen)
	if err != nil || q.FEN() != fen {
		t.Fatalf("%s: FEN %q reads back as %q, %v", where, fen, q.FEN(), err)
	}
	if p.step != requirePromoteThenFinish && !q.WithRules(p.Rules()).Equal(p) && p.Rules().Switches()&(PawnFileFlags|Ko) == 0 {
		t.Fatalf("%s: FEN %q does not read back to the same state", where, fen)
	}
	if s, err := p.Setup().Position(); err != nil || (p.step != requirePromoteThenFinish && !s.Equal(p) && p.Rules().Switches()&(PawnFileFlags|Ko) == 0) {
		t.Fatalf("%s: Setup().Position() = %s, %v", where, s.FEN(), err)
	}
	if r := p.Rules(); r == Vchess || r == VchessPacoplay {
		v := p.vchessFEN()
		q, err := ParseFEN(v)
		if err != nil || q.vchessFEN() != v || q.Rules() != r {
			t.Fatalf("%s: vchess FEN %q reads back as %q (%v), %v", where, v, q.vchessFEN(), q.Rules(), err)
		}
		if p.step != requirePromoteThenFinish && !q.Equal(p) {
			t.Fatalf("%s: vchess FEN %q does not read back to the same state", where, v)
		}
	}
	// A chess FEN is written exactly when the board has no union and no promotion
	// is owed (the games here start from legal positions, whose rights and en
	// passant square fit the board) and reads back to the same state, vchess's pawn
	// flags and ko move aside.
	c, err := p.FENIn(ChessDialect)
	if writable := p.Board().Unions() == 0 && p.PendingPromotion() == NoSquare; (err == nil) != writable || (err != nil && !errors.Is(err, ErrFENDialect)) {
		t.Fatalf("%s: FENIn(ChessDialect) = %q, %v; unions %v, pending promotion %v", where, c, err, p.Board().Unions(), p.PendingPromotion())
	}
	if err == nil {
		q, err := ParseFEN(c)
		if err != nil || DetectFENDialect(c) != ChessDialect || !q.WithRules(p.Rules()).Equal(p) && p.Rules().Switches()&(PawnFileFlags|Ko) == 0 {
			t.Fatalf("%s: chess FEN %q reads back as %q, %v", where, c, q.FEN(), err)
		}
		if again, err := q.FENIn(ChessDialect); err != nil || again != c {
			t.Fatalf("%s: chess FEN %q is written again as %q, %v", where, c, again, err)
		}
	}
}

// checkMoveLevel returns p's moves after checking that the ways to count them
// agree, that they lead to distinct positions, and that CanPaco agrees with them.
func checkMoveLevel(t *testing.T, where string, p Position) []Move {
	t.Helper()
	moves := p.Moves()
	if n := p.MoveCount(); n != len(moves) {
		t.Fatalf("%s: MoveCount() = %d, len(Moves()) = %d", where, n, len(moves))
	}
	if n := Perft(p, 1); n != uint64(len(moves)) {
		t.Fatalf("%s: Perft(p, 1) = %d, len(Moves()) = %d", where, n, len(moves))
	}
	if n, err := p.MoveCountContext(context.Background(), Limits{}); err != nil || n != len(moves) {
		t.Fatalf("%s: MoveCountContext = %d, %v; len(Moves()) = %d", where, n, err, len(moves))
	}
	if n, err := p.MoveCountContext(context.Background(), Limits{MaxStates: 64}); err == nil && n != len(moves) || err != nil && !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("%s: MoveCountContext with at most 64 states = %d, %v; len(Moves()) = %d", where, n, err, len(moves))
	}
	if bounded, err := p.MovesContext(context.Background(), Limits{MaxStates: 1 << 20}); err != nil || len(bounded) != len(moves) {
		t.Fatalf("%s: MovesContext gives %d moves, %v; Moves %d", where, len(bounded), err, len(moves))
	} else {
		for i, m := range bounded {
			if m.String() != moves[i].String() || !m.After().Equal(moves[i].After()) {
				t.Fatalf("%s: MovesContext's move %d is %v, Moves' is %v", where, i, m, moves[i])
			}
		}
	}
	if p.Outcome().IsOver() && (len(moves) > 0 || !p.Actions().IsEmpty()) {
		t.Fatalf("%s: the game is over, but there are %d moves and actions %v", where, len(moves), p.Actions())
	}
	seen := map[uint64][]Position{}
	paco := false
	for _, m := range moves {
		a := m.After()
		for _, b := range seen[a.Hash()] {
			if b.Equal(a) {
				t.Fatalf("%s: two moves lead to %s", where, a.FEN())
			}
		}
		seen[a.Hash()] = append(seen[a.Hash()], a)
		w, won := a.Outcome().Won()
		wins := won && w == p.Turn() && a.Outcome().Termination == Paco
		paco = paco || wins
		// KNOWN ISSUE (move.go, reported with issue 7): under KingUnions IsPaco is
		// also true for a move that puts the mover's own king in a union, which
		// loses (and SAN marks it '#'), e.g. Kxf6,Pf6-f5 in
		// 4e3/6Q1/5e2/4k3/8/8/8/8 b 4 - - - under Vchess.
		if m.IsPaco() != wins && !p.Rules().Has(KingUnions) {
			t.Fatalf("%s: %v: IsPaco() = %v, but it ends %v", where, m, m.IsPaco(), a.Outcome())
		}
	}
	if p.CanPaco() != paco {
		t.Fatalf("%s: CanPaco() = %v, but a Paco move exists: %v", where, p.CanPaco(), paco)
	}
	return moves
}

// checkMoveActions: the move's actions are accepted one by one by the action level,
// only the last one ends the turn, and it ends in the move's position, settled,
// with every piece still there.
func checkMoveActions(t *testing.T, where string, p Position, m Move, pieces [2]int) {
	t.Helper()
	q := p
	for i, a := range m.Actions() {
		if !q.Actions().Contains(a) {
			t.Fatalf("%s: move %v: action %d (%v) is not among the legal actions %v", where, m, i, a, q.Actions())
		}
		next, err := q.Apply(a)
		if err != nil {
			t.Fatalf("%s: move %v: Apply(%v): %v", where, m, a, err)
		}
		q = next
		if ended := q.Turn() != p.Turn() || q.Outcome().IsOver(); ended != (i == m.Len()-1) {
			t.Fatalf("%s: move %v: after action %d (%v) the move ended: %v", where, m, i, a, ended)
		}
	}
	a := m.After()
	if !q.Equal(a) || q.Outcome() != a.Outcome() {
		t.Fatalf("%s: the actions of %v lead to %s (%v), not to %s (%v)", where, m, q.FEN(), q.Outcome(), a.FEN(), a.Outcome())
	}
	if !a.Hand().IsEmpty() {
		t.Fatalf("%s: move %v leaves %v in the hand", where, m, a.Hand())
	}
	if got := pieceCounts(a); got != pieces {
		t.Fatalf("%s: move %v leaves %d white and %d black pieces, want %d and %d", where, m, got[White], got[Black], pieces[White], pieces[Black])
	}
}

// moveSet indexes the positions moves lead to.
type moveSet map[uint64][]Position

func newMoveSet(moves []Move) moveSet {
	s := moveSet{}
	for _, m := range moves {
		a := m.After()
		s[a.Hash()] = append(s[a.Hash()], a)
	}
	return s
}

func (s moveSet) has(q Position) bool {
	return slices.ContainsFunc(s[q.Hash()], func(a Position) bool { return a.Equal(q) })
}

// checkActionWalks plays random walks over the action level from p: walks over
// Actions, and walks over CompletableActions, which must never dead-end.
func checkActionWalks(t *testing.T, where string, rng *rand.Rand, p Position, moves []Move, walks int) {
	t.Helper()
	legal := newMoveSet(moves)
	all := legal // the moves before the SakoIllegal filter
	if p.Rules().Has(SakoIllegal) {
		all = newMoveSet(p.WithRules(p.Rules().With(SakoIllegal, false)).Moves())
	}
	completableFirst := p.CompletableActions()
	for w := 0; w < 2*walks; w++ {
		completable := w%2 == 1
		q := p
		var path []Action
		for step := 0; ; step++ {
			set := q.Actions()
			if completable {
				set = q.CompletableActions()
				for a := range set.All() {
					if !q.Actions().Contains(a) {
						t.Fatalf("%s: after %v, CompletableActions has %v, which Actions has not", where, path, a)
					}
				}
				for _, m := range q.Moves() {
					if !all.has(m.After()) {
						t.Fatalf("%s: after %v, move %v leads to %s, which no move of the position leads to", where, path, m, m.After().FEN())
					}
				}
			}
			if set.IsEmpty() {
				if completable {
					t.Fatalf("%s: the walk %v over CompletableActions dead-ends in %s", where, path, q.FEN())
				}
				// A dead end: a Place the engine offers leads nowhere (a released
				// piece with no target).
				if len(path) == 0 {
					t.Fatalf("%s: no action in a running position with %d moves", where, len(moves))
				}
				break
			}
			if step > 200 {
				t.Fatalf("%s: the walk %v does not end", where, path)
			}
			acts := slices.Collect(set.All())
			a := acts[rng.IntN(len(acts))]
			next, err := q.Apply(a)
			if err != nil {
				t.Fatalf("%s: after %v, Apply(%v) of the legal actions %v: %v", where, path, a, set, err)
			}
			path = append(path, a)
			q = next
			if q.Turn() == p.Turn() && !q.Outcome().IsOver() {
				continue
			}
			// The walk completed a move.
			if legal.has(q) && !completableFirst.Contains(path[0]) {
				t.Fatalf("%s: the walk %v completes a move, but CompletableActions %v leaves out %v", where, path, completableFirst, path[0])
			}
			switch {
			case legal.has(q):
			case all.has(q):
				// SakoIllegal: the action level plays it, the game refuses it.
				if _, err := NewGame(p).ApplyAll(path); !errors.Is(err, ErrIllegalAction) {
					t.Fatalf("%s: the walk %v ends in %s, which SakoIllegal forbids, but the game accepts it: %v", where, path, q.FEN(), err)
				}
			default:
				t.Fatalf("%s: the walk %v ends in %s, which is no listed move", where, path, q.FEN())
			}
			break
		}
	}
}

// checkNotations writes the playout in every notation and replays each to the same
// game.
func checkNotations(t *testing.T, pl played) {
	t.Helper()
	g := pl.Game
	start := g.Start()
	fresh := func() Game { return NewGame(start) }

	// Game record (chain SAN, tags for the rules and the result).
	text := Record{Game: g, Tags: []Tag{{"Event", "invariants"}}}.String()
	rec, err := ParseRecord(text)
	if err != nil {
		t.Fatalf("record does not read back: %v\n%s", err, text)
	}
	sameGame(t, "record", g, rec.Game)
	if rec.String() != text || rec.Game.Outcome() != g.Outcome() {
		t.Fatalf("record reads back as another record:\n%s\n%s", text, rec.String())
	}

	// pacoplay's JSON action log.
	j, err := GameFromActionLog(start, g.ActionLog())
	if err != nil {
		t.Fatalf("action log %s: %v", g.ActionLog(), err)
	}
	sameGame(t, "action log", g, j)

	// The engine's replay notation.
	var labels []string
	for _, h := range replayOf(g) {
		labels = append(labels, h.Labels...)
	}
	acts, err := ParseReplayNotation(start, labels)
	if err != nil {
		t.Fatalf("replay notation %q: %v", labels, err)
	}
	r, err := fresh().ApplyAll(acts)
	if err != nil {
		t.Fatalf("replay notation %q gives actions %v: %v", labels, acts, err)
	}
	sameGame(t, "replay notation", g, r)

	// Chain SAN and coordinate notation, move by move.
	for _, n := range []struct {
		name  string
		texts []string
		read  func(Position, string) (Move, error)
	}{
		{"SAN", pl.san, parseSANStrict},
		{"coordinate", pl.coord, Position.ParseCoordinate},
	} {
		h := fresh()
		for i, s := range n.texts {
			m, err := n.read(h.Position(), s)
			if err != nil {
				t.Fatalf("%s %q (half-move %d): %v", n.name, s, i+1, err)
			}
			if h, err = h.Play(m); err != nil {
				t.Fatalf("%s %q (half-move %d): Play: %v", n.name, s, i+1, err)
			}
		}
		sameGame(t, n.name, g, h)
	}
}

// FuzzActionLevel plays the actions a fuzzed byte string chooses from the legal
// actions of a position (one of invariantStarts or a fuzzed FEN, under a chosen
// preset), and checks at every completed move that the move level lists it (the
// action level and the move level agree) and that the pieces are all still there.
//
// Pieces are counted only in turns that start with every castling right's rook on
// its square: when a FEN gives a right whose rook is missing, a king step onto the
// right's target castles and overwrites any own piece on the king's castling square
// (the engine's quirk, see placeKing; found by this target, kept as a seed).
func FuzzActionLevel(f *testing.F) {
	for i, fen := range invariantStarts {
		f.Add(fen, uint8(i), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	}
	f.Add("4k3/8/2q5/8/4O3/2w2B2/8/5K2 w 0 - - -", uint8(0), []byte{5, 0, 1, 2})
	f.Add("4k3/8/8/8/8/8/4p3/3C3K b 0 - - -", uint8(2), []byte{0, 0, 0, 3, 1})
	f.Fuzz(func(t *testing.T, fen string, preset uint8, choices []byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			p = mustFEN(t, invariantStarts[int(preset)%len(invariantStarts)])
		}
		if DetectFENDialect(fen) != VchessDialect || err != nil {
			p = p.WithRules(invariantPresets[int(preset>>4)%len(invariantPresets)].rules)
		}
		want := pieceCounts(p)
		turnStart := p
		conserves := rooksHome(p)
		for i, c := range choices {
			if i == 64 {
				break
			}
			set := p.Actions()
			if set.IsEmpty() {
				return
			}
			acts := slices.Collect(set.All())
			q, err := p.Apply(acts[int(c)%len(acts)])
			if err != nil {
				t.Fatalf("%s: Apply(%v) of Actions(): %v", p.FEN(), acts[int(c)%len(acts)], err)
			}
			if got := pieceCounts(q); got != want && conserves {
				t.Fatalf("%s: %d white and %d black pieces after %v, want %v", p.FEN(), got[White], got[Black], acts[int(c)%len(acts)], want)
			}
			if q.Turn() != turnStart.Turn() || q.Outcome().IsOver() {
				// A move is complete: the position where it started lists it.
				if cheapToSearch(turnStart) {
					strict := newMoveSet(turnStart.Moves())
					if !strict.has(q) && !newMoveSet(turnStart.WithRules(turnStart.Rules().With(SakoIllegal, false)).Moves()).has(q) {
						t.Fatalf("%s: a move ends in %s, which is no move of the position", turnStart.FEN(), q.FEN())
					}
				}
				if !q.Hand().IsEmpty() {
					t.Fatalf("%s: a move ends with %v in the hand", turnStart.FEN(), q.Hand())
				}
				turnStart, want, conserves = q, pieceCounts(q), rooksHome(q)
			}
			p = q
		}
	})
}

// rooksHome reports whether every castling right of p has its rook on its square.
func rooksHome(p Position) bool {
	for c := White; c <= Black; c++ {
		for side := QueenSide; side <= KingSide; side++ {
			if p.Castling().Has(c, side) && p.Board().Cell(p.Castling().Rook(c, side)).Role(c) != Rook {
				return false
			}
		}
	}
	return true
}
