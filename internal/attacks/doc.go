// Package attacks holds the piece patterns of the 8×8 board that both games of the
// module share (Paco Ŝako in the root package, Atomic chess in package atomic): the
// squares a knight, king or pawn reaches from a square, and the squares a rook,
// bishop or queen reaches along its lines up to and including the first occupied
// square. Squares are numbered a1 = 0, b1 = 1, … h8 = 63 (rank×8 + file) and a set
// of squares is a uint64 with bit s set for square s, so that the root package's
// Square and Bitboard convert to and from them for free; colour 0 is White, 1 Black.
//
// The tables are built when the package is initialised and never change, so every
// function may be called from any goroutine.
package attacks
