// Package pacosako implements the rules of Paco Ŝako ("peace chess") exactly as the
// official engine behind pacoplay.com plays them.
//
// The game: chess pieces and moves, but nothing is ever captured. A piece moving onto
// an enemy piece forms a union; either player may later move the union with their own
// piece's pattern. A lone piece moving into a union takes it over and releases the own
// piece there, which must move on in the same turn, possibly into the next union: a
// chain. Uniting with the enemy king (Paco) wins; a king threatened so is in Ŝako.
//
// The API: a Position is an immutable value (ParseFEN, StartingPosition, Setup) that
// is safe to share between goroutines. At the move level, Position.Moves lists every
// legal move, one per distinct resulting position, each with a shortest action path
// (Position.AllMoves is the lazy form); Position.Play plays one; Perft and Divide
// count move sequences. At the action level, used by user interfaces and game logs,
// Position.Actions lists the legal Lift, Place and Promote actions of the in-move state
// machine and Position.Apply plays one. Position.Threats gives the squares a colour
// threatens. FEN reading and writing follow the engine's dialect byte for byte.
// Errors wrap sentinel values (ErrInvalidFEN, ErrIllegalAction, ErrIllegalMove,
// ErrGameOver) and come with structured types (*FENError, *ActionError).
//
// The rules are those of docs/RULES.md in the module (Pacoplay, the default rule set,
// is the official engine's behaviour, quirks included); section numbers such as
// "catalogue §7.2" refer to docs/rules-catalogue.md, which describes every rule and
// edge case of the official engine.
//
// Cost: a move is a search over the states of its chains. Ordinary positions take
// microseconds, but a board where nearly every piece stands in a union can have
// millions of distinct moves and take seconds and gigabytes to enumerate
// (Position.Moves documents the worst cases found); do not enumerate positions from
// untrusted input without bounds.
package pacosako
