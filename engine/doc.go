// Package engine plays both games of the module: a search that finds a
// position's best move, its score and its principal variation, for a Paco Ŝako
// position (package pacosako) or an Atomic chess position (package atomic).
//
//	res, err := engine.Search(ctx, p, engine.Limits{Depth: 6})
//	fmt.Println(res.Move, res.Score, res.PV)
//
// Search is one call for both games: its type parameters are inferred from the
// position, and the result's moves are the game's own (pacosako.Move or
// atomic.Move). The search is written once — iterative deepening of a
// principal-variation alpha-beta search with aspiration windows, a quiescence
// search, a transposition table (Table), killer and history move ordering,
// null-move pruning and late-move reductions — and each game brings its
// evaluation, its move ordering and what ends its games (docs/engine.md of the
// module describes the evaluations).
//
// A search is deterministic: for a given position, Limits and table content it
// finds the same result whenever it is stopped by Depth or Nodes (not when
// stopped by time or its context). It never returns an illegal move and stops
// within about a millisecond of its deadline or of its context being done, with
// the best move of the deepest depth completed (a legal move even if the first
// depth did not complete). Any number of searches may run at once.
package engine
