package pgn

import (
	"strconv"
	"strings"
)

// Ending is how a record says its game ended when the moves do not show it: the
// endings players decide, which both games record the same way.
type Ending uint8

// The endings a record's result and Termination tag give a game its moves have
// not ended.
const (
	NoEnding    Ending = iota // the game is not over (result "*" or none)
	Resignation               // the loser resigned
	Agreement                 // a draw by agreement
	Timeout                   // the loser ran out of time
)

// ReadTermination is the ending a Termination tag gives a result the moves do not
// show: an agreement for a draw; for a win a timeout for "Timeout", PGN's "time
// forfeit" or words with "on time" (any case), and a resignation for any other
// words ("Normal", "Resignation", "won by resignation", PGN's "normal",
// "abandoned" …) or none.
func ReadTermination(term, result string) Ending {
	switch t := strings.ToLower(strings.TrimSpace(term)); {
	case result == "1/2-1/2":
		return Agreement
	case t == "timeout" || t == "time forfeit" || strings.Contains(t, "on time"):
		return Timeout
	}
	return Resignation
}

// TerminationTag returns the Termination tag a writer gives a game whose ending
// is named name (the games' Termination names: "Resignation", "Agreement" and
// "Timeout" are the endings players decide) and whose result is result: for an
// ending the players decided, the record's own word own when it reads as that
// ending, else name; for any other game own (a word the game cannot hold, such as
// "Normal"), which may be "" (no tag).
func TerminationTag(own, name, result string) string {
	end := endingNamed(name)
	if end == NoEnding || own != "" && ReadTermination(own, result) == end {
		return own
	}
	return name
}

// endingNamed is the ending the games' Termination name names, or NoEnding.
func endingNamed(name string) Ending {
	switch name {
	case "Resignation":
		return Resignation
	case "Agreement":
		return Agreement
	case "Timeout":
		return Timeout
	}
	return NoEnding
}

// Settled is what a record's result means for a game whose main line has been
// read: the ending to record, and for a win who lost.
type Settled struct {
	Ending    Ending
	BlackLost bool // for Resignation and Timeout: Black lost (else White)
}

// Settle reads the result of a game from its result token (token at at, or ""
// when the movetext has none: then the Result tag decides) and its Result and
// Termination tags, against what the moves show: over says whether they ended the
// game, movesResult and movesEnding are then its result token and its ending in
// words. A result the moves show must be theirs; a result they do not show is an
// ending the players decided (ReadTermination), unless "*". The error, a
// *SyntaxError, is a result token that is none of 1-0, 0-1, 1/2-1/2 and *, a
// result other than the moves', or a Termination word that contradicts the result
// ("Agreement" with a win, "Resignation" or a timeout with a draw).
func Settle(token string, at Pos, tags []Tag, over bool, movesResult, movesEnding string) (Settled, error) {
	result, resultAt := token, at
	if t, ok := Find(tags, "Result"); ok && t.Value != "" && token == "" {
		result, resultAt = t.Value, t.At
	}
	switch result {
	case "", "*":
		return Settled{}, nil // the moves end the game, or nothing says how it ended
	case "1-0", "0-1", "1/2-1/2":
	default:
		return Settled{}, &SyntaxError{At: resultAt, Input: result, Reason: "a result is 1-0, 0-1, 1/2-1/2 or *"}
	}
	if over {
		if result != movesResult {
			return Settled{}, &SyntaxError{At: resultAt, Input: result, Reason: "the moves end the game " + movesResult + " (" + movesEnding + ")"}
		}
		return Settled{}, nil
	}
	term, hasTerm := Find(tags, "Termination")
	lower := strings.ToLower(strings.TrimSpace(term.Value))
	if hasTerm && (lower == "agreement" && result != "1/2-1/2" ||
		(lower == "resignation" || lower == "timeout" || lower == "time forfeit") && result == "1/2-1/2") {
		return Settled{}, &SyntaxError{At: term.At, Input: term.Value, Reason: "Termination " + strconv.Quote(term.Value) + " does not fit the result " + result}
	}
	return Settled{Ending: ReadTermination(term.Value, result), BlackLost: result == "1-0"}, nil
}

// Find returns the first tag named name.
func Find(tags []Tag, name string) (Tag, bool) {
	for _, t := range tags {
		if t.Name == name {
			return t, true
		}
	}
	return Tag{}, false
}

// Ender is a game that records the endings players decide, as both games' Game
// does: G is the game, C the colour of the loser.
type Ender[G, C any] interface {
	AgreeDraw() (G, error)
	Resign(loser C) (G, error)
	Timeout(loser C) (G, error)
}

// Apply records s's ending in g (white and black are the colours); a game the
// record leaves running, or one its moves ended, is returned as it is.
func Apply[G Ender[G, C], C any](g G, s Settled, white, black C) (G, error) {
	loser := white
	if s.BlackLost {
		loser = black
	}
	switch s.Ending {
	case Agreement:
		return g.AgreeDraw()
	case Timeout:
		return g.Timeout(loser)
	case Resignation:
		return g.Resign(loser)
	}
	return g, nil
}
