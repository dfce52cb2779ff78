// Package pacosako implements the rules of Paco Ŝako ("peace chess") exactly as the
// official engine behind pacoplay.com plays them.
//
// The game: chess pieces and moves, but nothing is ever captured. A piece moving onto
// an enemy piece forms a union; either player may later move the union with their own
// piece's pattern. A lone piece moving into a union takes it over and releases the own
// piece there, which must move on in the same turn, possibly into the next union: a
// chain. Uniting with the enemy king (Paco) wins; a king threatened so is in Ŝako.
//
// # Tasks
//
// A Position is an immutable value, safe to share between goroutines; a Move is the
// position it leads to, with one shortest path of actions (Lift, Place, Promote).
//
//   - Read and write positions: ParseFEN (the engine's, vchess.club's and chess FEN
//     dialects), Position.FEN, Position.FENIn; StartingPosition,
//     FischerRandomPosition; build one in code with Setup and Board.With; check it
//     with Position.Validate.
//   - List and play moves: Position.Moves (lazily: AllMoves), Position.Play;
//     Move.From, Move.To, Move.After; count with Perft and Divide.
//   - Drive a user interface action by action: Position.Actions,
//     Position.CompletableActions, Position.Apply.
//   - Warn about Ŝako and Paco: Position.InSako, Position.GivesSako,
//     Position.CanPaco, Position.Threats.
//   - Read and write moves: chain SAN ("Bxe4,Ne4xc3,Qc3xc6": Position.ParseSAN,
//     Position.SAN), coordinate notation ("f3e4c3c6": Position.ParseCoordinate,
//     Move.Coordinate), the engine's replay notation (ReplayNotation), pacoplay's
//     JSON action logs (GameFromActionLog, Game.ActionLog).
//   - Record a game with its draw rules: NewGame, Game.PlaySAN, Game.Play,
//     Game.Undo, Game.PlayedSAN, Game.Outcome; game records (ParseRecord,
//     NewRecordReader, WriteRecord: PGN written with [Variant "Paco Ŝako"], a
//     record without a Variant tag read as Paco Ŝako; the module's package
//     records reads a stream of both games' records).
//   - Choose the rules: Rules (Pacoplay, the default, Rulebook, Vchess) and its
//     switches, Position.WithRules.
//   - Bound the searches for untrusted positions: Position.MovesContext, Limits;
//     and the reading of game records from strangers: NewRecordReaderContext.
//
// docs/API.md in the module maps every task to its call, one page.
//
// # Errors
//
// Every error wraps a sentinel (ErrInvalidFEN, ErrIllegalMove, ErrGameOver, …) for
// errors.Is, and most carry a structured type for errors.As (*FENError,
// *NotationError, *ActionError, *MoveError, *PositionError, …) that says where the
// problem is, what was wrong and what was legal. Messages start with "pacosako: ".
// Positions are not validated when they are read; Position.Validate reports every
// reason a position could not arise in play.
//
// # FEN dialects
//
// ParseFEN reads three dialects, told apart by DetectFENDialect: the official
// engine's (EngineDialect, what FEN writes: union letters, a "^" hand, rook-file
// castling rights "AHah", the no-progress counter), chess FENs (ChessDialect:
// KQkq, X-FEN and Shredder-FEN castling, Chess960; a position without unions)
// and vchess.club's (VchessDialect: pawn file bits, the ko move). FENIn writes
// each; ParseFENStrict refuses what a chess FEN's reader otherwise reads as
// absent. Field by field: docs/formats.md.
//
// # Notations
//
// A move is read by Position.ParseSAN in chain SAN ("Bxe4,Ne4xc3,Qc3xc6": steps
// separated by commas, each continuation naming the released piece and its
// square; grammar in docs/notation.ebnf), leniently ("Bxe4, Nxc3", "c8q",
// "exf6 e.p."; Position.SAN writes the canonical form); by
// Position.ParseCoordinate in coordinate notation ("f3e4c3c6", "=nh1h8g6",
// "-c3c6"); by ParseReplayNotation in the engine's replay notation ("Qd8>Pd5
// >d4"); by ParseActions as actions ("Lift(e2) Place(e4)"); and by
// Position.ParseMove in whichever of them the text is. docs/formats.md gives
// every form.
//
// # Game records
//
// ParseRecord, NewRecordReader and WriteRecord read and write PGN with
// [Variant "Paco Ŝako"]. The reader takes what PGN writers emit: comments,
// NAGs, move suffixes, nested variations, every form of move number, a
// byte-order mark, a missing result, a FEN tag in any dialect; a bad game is a
// *RecordError (game, line, column) and the reading goes on. Package records
// reads a stream of both games' records. docs/records.md is the guide.
//
// # Cost and the Context calls
//
// A move is a search over the states of its chains. Ordinary positions take
// microseconds, but a board where nearly every piece stands in a union can have
// millions of distinct moves (docs/worst-cases.md). Reading, writing and playing
// one move search only the pieces it names; Moves, MoveCount, Threats, Perft,
// Divide, SANs and Game.LegalMoves enumerate. Each call that can search has a
// …Context form — MovesContext, MoveCountContext, ThreatsContext,
// GivesSakoContext, PerftContext, ParseSANContext, SANContext,
// ParseMoveContext, Game.PlaySANContext, Game.PlayMoveContext,
// AnnotateContext, NewRecordReaderContext, ParseRecordContext,
// WriteRecordContext, MoveList.ResetContext — taking a context.Context and
// Limits: it stops with a *SearchLimitError (ErrSearchLimit) when a search holds
// more than Limits.MaxStates states, or with ctx.Err() when ctx is done; a nil
// ctx is never done and the zero Limits bound nothing, which is what the plain
// call does. Use them for positions from untrusted input (docs/cost.md).
//
// # Rules
//
// The rules are those of docs/RULES.md in the module; Pacoplay, the default rule
// set, is the official engine's behaviour, quirks included (docs/rule-sets.md
// for the others). Section numbers such as "catalogue §7.2" refer to
// docs/rules-catalogue.md, which describes every rule and edge case of the
// official engine.
package pacosako
