package errtext

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Shorten keeps long inputs readable in error messages (a FEN is under 100 bytes;
// a much longer input is shown by its start, cut at a character boundary, and its
// length). Messages quote the result with %q, so that no control character of the
// input reaches them raw; Shorten only cuts.
func Shorten(s string) string {
	if len(s) <= 200 {
		return s
	}
	cut := 160
	for cut > 157 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…(" + strconv.Itoa(len(s)) + " bytes)"
}

// Candidates names the candidates of an ambiguous move, written by the caller's
// notation: their number and at most eight of them ("2 candidates: Nbd2, Nfd2";
// "…" stands for the rest).
func Candidates(names []string) string {
	n := len(names)
	if n > 8 {
		names = append(names[:8:8], "…")
	}
	return fmt.Sprintf("%d candidates: %s", n, strings.Join(names, ", "))
}

// Problem is one occurrence of a reason: its kind, one bit of a set of reasons,
// and its description ("no White king").
type Problem struct {
	Kind uint32
	Text string
}

// Problems collects the problems of one validation.
type Problems []Problem

// Add records an occurrence of kind described by format and args.
func (ps *Problems) Add(kind uint32, format string, args ...any) {
	*ps = append(*ps, Problem{Kind: kind, Text: fmt.Sprintf(format, args...)})
}

// Kinds sorts the problems by kind, keeping the order of each kind's occurrences,
// and returns the set of their kinds.
func (ps Problems) Kinds() uint32 {
	slices.SortStableFunc(ps, func(a, b Problem) int { return cmp.Compare(a.Kind, b.Kind) })
	var kinds uint32
	for _, p := range ps {
		kinds |= p.Kind
	}
	return kinds
}

// Keep returns the problems whose kind is in kinds (nil if none).
func (ps Problems) Keep(kinds uint32) Problems {
	var out Problems
	for _, p := range ps {
		if kinds&p.Kind != 0 {
			out = append(out, p)
		}
	}
	return out
}

// Describe describes the set kinds: the description of every occurrence among
// the problems whose kind is in the set, then for each kind of the set without an
// occurrence its phrase (phrases[i] for bit i), then the bits beyond the phrases as
// "unknown reasons 0x…".
func (ps Problems) Describe(kinds uint32, phrases []string) []string {
	var out []string
	var described uint32
	for _, p := range ps {
		if kinds&p.Kind != 0 {
			out = append(out, p.Text)
			described |= p.Kind
		}
	}
	for i, phrase := range phrases {
		if k := uint32(1) << i; kinds&k != 0 && described&k == 0 {
			out = append(out, phrase)
		}
	}
	if rest := kinds >> len(phrases); rest != 0 {
		out = append(out, fmt.Sprintf("unknown reasons %#x", rest<<len(phrases)))
	}
	return out
}

// KindNames names the bits of k by names (names[i] for bit i) joined by "+", the
// bits beyond them as typeName(0x…), or "none" for no bit.
func KindNames(k uint32, names []string, typeName string) string {
	var out []string
	for i, n := range names {
		if k&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	if rest := k >> len(names); rest != 0 {
		out = append(out, fmt.Sprintf("%s(%#x)", typeName, rest<<len(names)))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, "+")
}

// Notation is a syntax error's report without a package prefix, as both games'
// NotationError writes it: `invalid SAN notation "Nf9" at offset 2: <reason>` (the
// input shortened and quoted).
func Notation(notation, input string, offset int, reason string) string {
	return fmt.Sprintf("invalid %s notation %q at offset %d: %s", notation, Shorten(input), offset, reason)
}

// Head is how a package's message of the sentinel kind starts: the package's
// prefix and the kind's text, the prefix once. A kind of one game carries its
// package's prefix in its own text ("pacosako: illegal action"); a kind both games
// share carries none ("illegal move"), since it is both packages' value.
func Head(prefix string, kind error) string {
	return prefix + strings.TrimPrefix(kind.Error(), prefix)
}

// Player is an error whose report a player reads: a sentinel of the package (a
// kind of its game alone, whose text starts with the package's prefix, or one of
// both games') and what went wrong. Message is the report without the prefix;
// callers reach it through errors.As(err, &interface{ Message() string }).
type Player struct {
	Err    error  // the sentinel
	Prefix string // the package's prefix ("pacosako: ")
	Text   string // what went wrong, for a player
}

func (e *Player) Error() string { return Head(e.Prefix, e.Err) + ": " + e.Text }

// Message returns the report without the package's prefix.
func (e *Player) Message() string {
	return strings.TrimPrefix(e.Err.Error(), e.Prefix) + ": " + e.Text
}

// Unwrap returns Err.
func (e *Player) Unwrap() error { return e.Err }

// WrongSide says that a move's piece belongs to the side not to move, as both
// games say it: "the piece on g1 is White's; Black is to move".
func WrongSide(square, owner, mover string) string {
	return "the piece on " + square + " is " + owner + "'s; " + mover + " is to move"
}

// WrongSidePieces says that the pieces a move's text could mean all belong to the
// side not to move: "the pieces it could move are White's; Black is to move".
func WrongSidePieces(owner, mover string) string {
	return "the pieces it could move are " + owner + "'s; " + mover + " is to move"
}
