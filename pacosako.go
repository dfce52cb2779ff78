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
// threatens; GivesSako, InSako and CanPaco answer the usual warnings. A Game records
// a whole game with its draw rules. FEN reading and writing follow the engine's
// dialect byte for byte (Position.FEN); ParseFEN also reads chess FENs (X-FEN,
// Shredder-FEN) and vchess.club's, and Position.FENIn writes them; chain SAN, the
// engine's replay notation, coordinate notation,
// pacoplay's JSON action logs and PGN-style game records are read and written. Rules
// selects the rule set (Pacoplay, Rulebook, Vchess, or single switches). Positions
// are not validated when they are read: Position.Validate reports every reason a
// position could not arise in play. Errors wrap sentinel values (ErrInvalidFEN,
// ErrIllegalAction, ErrIllegalMove, ErrGameOver, …) and come with structured types
// (*FENError, *ActionError, *PositionError, …).
//
// The rules are those of docs/RULES.md in the module (Pacoplay, the default rule set,
// is the official engine's behaviour, quirks included); section numbers such as
// "catalogue §7.2" refer to docs/rules-catalogue.md, which describes every rule and
// edge case of the official engine.
//
// Cost: a move is a search over the states of its chains. Ordinary positions take
// microseconds, but a board where nearly every piece stands in a union can have
// millions of distinct moves and take seconds and gigabytes to enumerate
// (docs/worst-cases.md). For positions from untrusted input use the bounded
// variants MovesContext, MoveCountContext, ThreatsContext and PerftContext, which
// stop at Limits.MaxStates or when their context is done.
package pacosako
