package pacosako

import "github.com/pacosako-go/pacosako/internal/pgn"

// SkipMovetext makes every Scan from then on read only the game's tags (skip
// true), or whole games again (false): to pick games from a database by their
// players, date, result or Variant before reading them whole. The tag section is
// read as Scan reads it, its syntax and its Variant tag checked (a record of
// another game is the same *RecordError), and the movetext skipped, without
// making its tokens, to the end of the game where reading it whole would end it
// (its result token and the comments right after it, the next tag section, the
// end of the input), so the games and their numbers, lines and columns are the
// same either way, and so are the bounds on hostile input. Record then returns
// the record's tags as reading it whole gives them (every tag as written, the
// ones a Game determines — Result, Variant, FEN, SetUp, Rules, Repetition,
// Termination, Pending — included) and nothing else: a zero Game, no comment or
// notes. Not checked: the FEN and the other tags a Game
// determines, the movetext's syntax, the moves, the result. The same method
// serves atomic.RecordReader and records.Reader.
func (rr *RecordReader) SkipMovetext(skip bool) {
	if !skip {
		rr.gs.SkipMovetext(nil)
		return
	}
	rr.gs.SkipMovetext(pgn.TagsRecord(pgn.PacoSako, tagsRecord, recordError))
}

// tagsRecord is a record of tags alone, all of them (SkipMovetext).
func tagsRecord(tags []pgn.Tag) Record { return Record{Tags: pgn.TagsAs[Tag](tags)} }
