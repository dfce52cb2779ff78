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
//     explicit one, up to MaxDepth levels); a game's variations hold up to
//     MaxVariationSize half-moves and variations.
//   - Text joins the comments about one place in linear time.
//   - Writer writes PGN's export form: tag pairs (EscapeTagValue), then the
//     movetext with its move numbers, in lines of at most 80 characters; nothing
//     of the input's control characters reaches its output.
//
// On top of the syntax, what both games do alike with a record, generic over
// the game's position, move, Note and Variation types (a Shape reaches the
// fields of the last two, which have the same shape in both games):
//
//   - Builder keeps a game's tags, comments, NAGs and variations with their notes
//     while the game (its Moves) plays the moves; a game's handler embeds it and
//     adds its start (StartMovetext) and its end (End, with Settle and Apply for
//     the result and the players' endings); a record keeps every tag as
//     written, the ones its game determines included.
//   - WriteRecord writes a record in export form: the roster and the tags the
//     game derives, the notes and variations walked on an explicit stack, what
//     PGN cannot hold refused or (lenient) left out with a comment.
//   - Games is a stream of records, game after game, as both games'
//     RecordReader and ParseRecord read them; ErrorText words their errors.
//     A Stream reads each game's tag section and leaves the rest to a Games
//     made over it: package records chooses each record's game by its tags
//     and has that game's reader (a Games over the same Stream) read the rest.
//   - ClassifyVariant and VariantMismatch say which game a Variant tag names.
package pgn
