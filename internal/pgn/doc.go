// Package pgn is the syntax of PGN, the Portable Game Notation of chess, apart
// from any game: the layer both games of the module (Paco Ŝako, the root package,
// and Atomic chess) read and write their game records through. It knows tag pairs,
// movetext tokens with their line and column, move numbers, comments, NAGs and
// move suffixes, nested variations and results; it does not know what a move
// means. The game does: it receives the parts of each game through a Handler
// (tags, moves as text, comments, NAGs, the start and end of variations, the
// result) and turns them into its own record.
//
//   - Reader splits a stream into games and hands each game's parts to a Handler,
//     in the order they stand; a game that cannot be read (a *SyntaxError, or the
//     Handler's own error) is skipped to its end and the reading goes on. Time is
//     linear in the input; the stack is the same at any nesting of variations (an
//     explicit one, up to MaxDepth levels).
//   - Text joins the comments about one place in linear time.
//   - Writer writes PGN's export form: tag pairs (EscapeTagValue), then the
//     movetext with its move numbers, in lines of at most 80 characters; nothing
//     of the input's control characters reaches its output.
package pgn
