// Package records reads game records (PGN) of both games of the module from one
// stream: each record is read by the game its Variant tag names, as python-chess's
// chess.pgn.read_game picks its board by the tag, and handed back as that game's
// own record with that game's errors — a pacosako.Record (Paco Ŝako, the root
// package) or an atomic.Record (Atomic chess, package atomic), with a
// *pacosako.RecordError or an *atomic.RecordError. A record without a Variant tag
// (or with an empty one) is read as the game the caller names.
//
//	rr := records.NewReader(f, records.PacoSako) // untagged records are Paco Ŝako
//	for rr.Scan() {
//		rec, err := rr.Record()
//		if err != nil {
//			log.Print(err) // the game's own *RecordError: game, line, column, why
//			continue
//		}
//		switch rec := rec.(type) {
//		case pacosako.Record:
//			…
//		case atomic.Record:
//			…
//		}
//	}
//	if err := rr.Err(); err != nil { … } // the stream itself could not be read
//
// The Variant values of each game are those its own reader takes
// (pacosako.NewRecordReader: "Paco Ŝako", "Paco Sako", "Pacosako", and chess
// tools' "Standard", "From Position", "Chess960", "Fischer Random";
// atomic.NewRecordReader: "Atomic", "Atomic960", "Atomic chess"; any case and
// spacing); a value that names no game of the module ("Crazyhouse") is read by
// the caller's game, whose reader reports it, and the reading goes on. Every
// record the module writes names its game (pacosako.WriteRecord writes
// [Variant "Paco Ŝako"], atomic.WriteRecord [Variant "Atomic"]), so its own
// records read back as their games whatever the caller names.
//
// A tag repeated in one tag section stays in its record, its later value
// counting, as python-chess and chessops read it (lichess's API documentation
// once printed its example game with Event twice, and its study exports repeat
// FEN): only after an empty line does a tag the section already has start the
// next game (a game of tags alone, such as a bye, whose result token is
// missing). A repeated Variant tag whose values name two games ("Atomic", then
// "Standard") is an error for its record, a *RecordError at the later tag, and
// the reading goes on: reading the record as either game could make a record of
// the wrong game from moves legal in both (1. e4 e5), so the record is refused,
// as a Result tag that contradicts the result token is. Every path agrees:
// Reader, SkipMovetext, the Splitter's chunks (Chunk.Read) and the games' own
// readers give the same records and errors.
//
// Everything else is the games' readers': the PGN they read, their bounds on
// hostile input, their errors. The one reader per game (pacosako.NewRecordReader,
// atomic.NewRecordReader) reads an untagged record as its own game and refuses the
// other game's records at their Variant tag; this package is for a stream that may
// hold both.
//
// Databases: Reader.SkipMovetext reads only each record's tags, at a few
// hundred MB/s, to pick games before reading them; a Splitter splits a stream
// into the text of each game (Chunk), which workers read in parallel, each
// Chunk giving the record and the errors the Reader gives for its game (see the
// Splitter example); Chunk.ReadTags reads a chunk's tags alone, to pick the
// games to replay (see its example).
package records
