// Package atomic implements Atomic chess, the second game of the module's source
// documents (vchess.club's rules page), as lichess plays it: chess in which a
// capture explodes. The capturing piece, the captured piece and every piece other
// than a pawn on the eight squares around the capture square vanish; kings never
// capture; a move may not explode the own king; exploding the enemy king wins at
// once; kings that touch cannot give each other check. docs/atomic-rules.md in
// the module states the rules, numbered as the package's documentation cites
// them ("rule 6"); the package reproduces python-chess's AtomicBoard and the
// published Atomic perft tables exactly.
//
// It shares the root package's vocabulary, so a user of one game knows the other:
// squares, bitboards, colours, roles, boards and castling rights are
// pacosako.Square, pacosako.Bitboard, pacosako.Color, pacosako.Role,
// pacosako.Board and pacosako.CastlingRights, and the names for the same tasks are
// the same: ParseFEN / MustParseFEN / FEN, StartingPosition,
// FischerRandomPosition, Moves / AllMoves / AppendMoves / MoveCount, Play,
// Perft / Divide / PerftContext, SAN / ParseSAN (and UCI / ParseUCI for the long
// algebraic form), Validate, Setup, Outcome, Equal / Hash (here the Polyglot hash
// opening books use), Solve (a forced win: the enemy king exploded or mated);
// errors are sentinels (ErrInvalidFEN, ErrIllegalMove, ErrGameOver, …) with
// structured types (*FENError, *MoveError, …); a kind both games have is the root
// package's value (ErrIllegalMove is pacosako.ErrIllegalMove), given in the same
// situation, and every message starts with "atomic: ". A
// Paco Ŝako FEN given to ParseFEN is refused, naming pacosako.ParseFEN.
//
// A Position is an immutable value, safe to share between
// goroutines. A Move describes itself (From, To, Role, Promotion, Captured) and,
// for a capture, the squares its explosion empties (Explosion; Position.Exploded
// gives the pieces), so a user interface can show the blast:
//
//	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
//	m, _ := p.ParseSAN("Nxb7")
//	fmt.Println(m.Explosion()) // a5,a8,b7,b8,c8
//	after, _ := p.Play(m)
//	fmt.Println(after.FEN()) // 8/p5pp/2p5/5pK1/3P2k1/8/PP4PP/5R2 b - - 0 1
//
// A Game plays a game to its end with every ending of the rules as lichess ends a
// game (a king exploded, checkmate, stalemate, lichess's insufficient material
// (Position.IsDeadPosition), the fifth occurrence of a position and 100
// half-moves without a capture or pawn move) and the players' (resignation,
// agreement, timeout — a draw when the other side has a bare king, a record's
// draw on time whatever the material — and the draw a player may claim at the
// third occurrence: Game.ClaimDraw); python-chess's insufficient-material questions stay queries
// (HasInsufficientMaterial, IsInsufficientMaterial). ParseFEN reads castling
// letters without their king or rook and an en passant square no double step
// explains as absent, as lichess and python-chess do (ParseFENStrict refuses
// them). Record, NewRecordReader, ParseRecord and WriteRecord read and write
// games as PGN with [Variant "Atomic"] (a record without a Variant tag is read as
// Atomic; package records reads a stream of both games), through the same PGN
// layer as the root package's records (internal/pgn), so they read what lichess
// and python-chess export — every Termination value lichess writes, a draw result
// at a claimable position as the claim, moves numbered from the FEN's full-move
// number — and write what they read.
//
// Moves are generated from bitboards with the module's shared attack tables
// (magic multiplication) without allocating (speed: docs/benchmarks.md). No call
// needs a bound: a position has at most a few hundred moves, and every call
// takes time bounded by the position, so unlike the root package there are no
// …Context forms besides PerftContext, Solve and NewRecordReaderContext.
package atomic
