// Package history keeps the half-moves of a game compactly, and counts how often
// its positions have occurred for the repetition draw, in a few bytes per
// half-move: no position is kept per half-move. Both games keep their histories
// with it.
//
// A History is a persistent value: Append returns a longer one and leaves its
// receiver as it was, and values that branch from a common history share its
// half-moves. Half-moves are stored in chunks of ChunkSize: each chunk keeps the
// position before its first half-move (a checkpoint) and a byte stream of its
// half-moves, each the game's own encoding of the move, a few flag bits of the
// game's, and the positions recorded for the repetition rule during it (where,
// whether they made progress, and their counts; not their hashes). A position of
// the history is rebuilt by replaying at most ChunkSize half-moves from a
// checkpoint with the game's Play function.
//
// A chunk is filled in place by the history that last appended to it; appending
// to an earlier value (after a takeback, or to branch) the half-move that follows
// it in its chunk shares that one, and appending another starts a new chunk
// after the half-moves the two share, whose checkpoint is the position it starts
// from, so no half-move is ever copied. Values may be used from several
// goroutines: a chunk's stream is extended under its lock, and a reader takes the
// stream under it too but reads only the part that its value covers, which never
// changes.
//
// The repetition draw needs, for each recorded position, how often it occurred
// since the last progress (its window). An Index, shared by the values of one
// game, holds the window of the history it was last asked about, with each
// record's hash, and answers Count in O(1) amortised while a game goes forward
// (Index.Append enters a half-move's records as it appends them, and
// AppendCounted counts and appends a game's usual half-move in one step), with
// takebacks; for a history that branched elsewhere it takes back the records
// since the two histories part and enters the other's, or rebuilds from the
// other's window when that is cheaper: never more than O(window) records, whose
// positions it replays from their checkpoints to hash them. Positions are
// compared exactly, rebuilt from their checkpoints, only when their hashes agree.
package history
