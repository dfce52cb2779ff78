// Package polyglot reads and writes opening books in the Polyglot format for
// Atomic chess (package atomic): a file of 16-byte entries sorted by key, each a
// position's key, a move, a weight and a learn field. The key of a position is
// atomic.Position.Hash, which is the Polyglot Zobrist hash python-chess's
// chess.polyglot.zobrist_hash gives, so books written by other tools for Atomic
// positions are read here and the other way round.
//
// Read a book with Read or ReadFile, and ask it for a position's moves (Moves),
// the heaviest (Best) or one drawn by weight (Choose, with the caller's random
// source). Write one with Write from entries (EntryOf makes one from a position
// and its move), in any order: Write sorts them by key, as the format requires.
//
// Moves are stored as Polyglot encodes them (Move): from, to and promotion, and
// castling as the king taking its own rook (e1h1), also in Chess960. EncodeMove
// and Move.In convert between that and the library's moves; In checks that the
// move is legal in the position.
//
// Bad bytes never panic: a book whose length is not a whole number of entries
// or whose keys are out of order is an error wrapping ErrInvalidBook when read;
// an entry whose move is not legal in its position is skipped by Moves, Best and
// Choose, and reported by Check (errors wrapping ErrIllegalMove).
package polyglot
