// Package fenfield is the syntax of FEN that both games of the module share: the piece
// placement field (read with the letters a game gives it, written from a square
// table), the side to move, the chess castling field with X-FEN and Shredder-FEN
// letters, the en passant field and the clocks. The root package reads and writes
// its dialects with it, and package atomic its chess FENs.
//
// Squares are numbered a1 = 0 … h8 = 63, sets of squares are uint64 bitboards,
// colour 0 is White and 1 Black, as in the root package (whose Square, Bitboard
// and Color convert for free). Readers return a reason, a phrase naming what is
// wrong and what would be right, or "" when the field is valid; the callers wrap
// it in their own typed error with their own prefix.
package fenfield
