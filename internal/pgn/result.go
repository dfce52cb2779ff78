package pgn

import (
	"strconv"
	"strings"
)

// Ending is how a record says its game ended when the moves do not show it: the
// endings players decide, which both games record the same way, and Atomic
// chess's draw claims and draws on time.
type Ending uint8

// The endings a record's result and Termination tag give a game its moves have
// not ended.
const (
	NoEnding    Ending = iota // the game is not over (result "*" or none)
	Resignation               // the loser resigned (or lost in another way the moves do not show: "Abandoned", "Rules infraction")
	Agreement                 // a draw by agreement
	Timeout                   // the loser ran out of time
	Claim                     // a draw claimed where the game allows one (Judged.Claimable)
	TimeoutDraw               // a draw on time (Judged.TimeoutDraws; the record says neither whose flag fell nor why it drew)
)

// isTimeoutWord reports whether a Termination tag's words (lower case, trimmed)
// say a flag fell: "timeout", PGN's and lichess's "time forfeit", or words with
// "on time".
func isTimeoutWord(t string) bool {
	return t == "timeout" || t == "time forfeit" || strings.Contains(t, "on time")
}

// ReadTermination is the ending a Termination tag gives a result the moves do not
// show, in a game that records draws on time: for a draw a draw on time for the
// timeout words (isTimeoutWord), else an agreement; for a win a timeout for them,
// and a resignation for any other words ("Normal", "Resignation", "won by
// resignation", PGN's "normal", lichess's "Abandoned", "Rules infraction" …) or
// none.
func ReadTermination(term, result string) Ending {
	t := strings.ToLower(strings.TrimSpace(term))
	switch {
	case result == "1/2-1/2" && isTimeoutWord(t):
		return TimeoutDraw
	case result == "1/2-1/2":
		return Agreement
	case isTimeoutWord(t):
		return Timeout
	}
	return Resignation
}

// TerminationTag returns the Termination tag a writer gives a game whose ending
// is named name (the games' Termination names: "Resignation", "Agreement" and
// "Timeout" are the endings players decide, "Timeout" with a draw a draw on
// time) and whose result is result: for an ending the players decided, the
// record's own word own when it reads as that ending, else name; for any other
// game own (a word the game cannot hold, such as "Normal"), which may be "" (no
// tag). An own word that is name itself is the game's, not the record's: a
// record read keeps its Termination tag as written, and one naming the ending
// its moves show ("Checkmate") is not written again.
func TerminationTag(own, name, result string) string {
	if own == name {
		own = ""
	}
	end := endingNamed(name)
	if end == Timeout && result == "1/2-1/2" {
		end = TimeoutDraw
	}
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

// Judged is what a game's moves show of its end, for Settle.
type Judged struct {
	Over   bool   // the moves ended the game
	Result string // then its result token ("1-0" …)
	Ending string // and its ending in words ("checkmate")
	// Claimable says that a player may claim a draw in the position the moves
	// reached (Atomic chess's third occurrence and 100 half-moves): a draw
	// result there is the claim, unless the Termination tag says "Agreement".
	Claimable bool
	// TimeoutDraws says that the game records a flag fall as a draw (Atomic
	// chess, as lichess: against a bare king, and in records whatever the
	// material): a draw with a timeout word
	// ("Time forfeit") is a draw on time; in other games that is an error.
	TimeoutDraws bool
	// Passable says that the moves ended the game by a rule that records play
	// past (a draw with moves left: RuleEnd): a win the record states is then
	// its ending, as for a game the moves did not end.
	Passable bool
}

// Settle reads the result of a game from its result token (token at at, or ""
// when the movetext has none: then the Result tag decides) and its Result and
// Termination tags, against what the moves show (moves). A result the moves show
// must be theirs, unless their ending is Passable; a result they do not show is
// an ending the players decided (ReadTermination), a draw at a claimable
// position the claim, unless "*". An ending returned for a game the moves ended
// (Passable) is a record's that went past that end. The
// error, a *SyntaxError, is a result token that is none of 1-0, 0-1, 1/2-1/2 and
// *, a Result tag that says another result than the movetext's token (at the
// token, naming both), a result other than the moves', or a Termination word
// that contradicts the result ("Agreement" with a win, "Resignation" with a
// draw, a timeout word with a draw where the game has no draws on time).
func Settle(token string, at Pos, tags []Tag, moves Judged) (Settled, error) {
	result, resultAt := token, at
	if t, ok := Find(tags, "Result"); ok && t.Value != "" {
		switch {
		case token == "":
			result, resultAt = t.Value, t.At
		case t.Value != token && isResult(t.Value):
			return Settled{}, &SyntaxError{At: at, Input: token, Reason: "the movetext ends with " + token + " but the Result tag (line " +
				strconv.Itoa(t.At.Line) + ", column " + strconv.Itoa(t.At.Column) + ") says " + t.Value + ": a record states one result"}
		}
	}
	switch result {
	case "", "*":
		return Settled{}, nil // the moves end the game, or nothing says how it ended
	case "1-0", "0-1", "1/2-1/2":
	default:
		return Settled{}, &SyntaxError{At: resultAt, Input: result, Reason: "a result is 1-0, 0-1, 1/2-1/2 or *"}
	}
	if moves.Over && (result == moves.Result || !moves.Passable) {
		if result != moves.Result {
			return Settled{}, &SyntaxError{At: resultAt, Input: result, Reason: "the moves end the game " + moves.Result + " (" + moves.Ending + ")"}
		}
		return Settled{}, nil
	}
	term, hasTerm := Find(tags, "Termination")
	lower := strings.ToLower(strings.TrimSpace(term.Value))
	if hasTerm && (lower == "agreement" && result != "1/2-1/2" ||
		(lower == "resignation" || isTimeoutWord(lower) && !moves.TimeoutDraws) && result == "1/2-1/2") {
		return Settled{}, &SyntaxError{At: term.At, Input: term.Value, Reason: "Termination " + strconv.Quote(term.Value) + " does not fit the result " + result}
	}
	end := ReadTermination(term.Value, result)
	if end == Agreement && moves.Claimable && lower != "agreement" {
		end = Claim
	}
	return Settled{Ending: end, BlackLost: result == "1-0"}, nil
}

// isResult reports whether s is a result token.
func isResult(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" }

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
// record leaves running, or one its moves ended, is returned as it is, and so is
// one whose ending is a Claim or a TimeoutDraw, which only a game that allows
// them (Judged) is given and records itself.
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
