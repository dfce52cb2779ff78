// Package sansyntax is the syntax of standard algebraic notation (SAN) that both
// games of the module share, apart from any position: one step of a piece, and
// the end of a move. The root package reads chain SAN with it (a Paco Ŝako move
// is a chain of steps, docs/notation.ebnf), package atomic a chess move (one
// step). In the EBNF of docs/notation.ebnf:
//
//	Step       = Castling | [ Piece ] [ Origin ] [ Capture ] Square [ Promotion ] .
//	End        = [ EnPassant ] [ Suffix ] [ MoveSuffix ] Spaces .  (then the end of the text)
//	EnPassant  = Spaces "e.p." .  /* FIDE's mark of an en passant capture, glued or a word of its own */
//	Suffix     = Spaces ( "+" | "#" ) .
//	MoveSuffix = Spaces ( "!" | "?" ) [ "!" | "?" ] .  /* !, ?, !!, ??, !?, ?! */
//	Spaces     = { " " | "\t" } .
//
// Squares are numbered a1 = 0 … h8 = 63, files and ranks 0..7. Readers work at a
// byte offset of the text and return the offset where they stopped; a reason, a
// phrase naming what is wrong and what would be right, or "" when the text is
// valid. The callers wrap it in their own typed error with their own prefix.
package sansyntax
