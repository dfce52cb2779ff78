package pgn

import (
	"strings"
	"unicode"
)

// Variant is the game a record's Variant tag names, as the module's readers
// classify its value.
type Variant uint8

// The games a Variant tag can name.
const (
	// NoVariant: no Variant tag, or an empty value: the game of the reader reading
	// the record.
	NoVariant Variant = iota
	// PacoSako: Paco Ŝako, the root package's game, and every value its records
	// carry from the tools that write them: "Paco Ŝako", "Paco Sako", "Pacosako"
	// (vchess.club), and chess tools' "Standard", "From Position", "Chess960" and
	// "Fischer Random" (a record of chain SAN written by a chess GUI).
	PacoSako
	// Atomic: Atomic chess: "Atomic" (lichess, python-chess),
	// "Atomic960", "Atomic chess".
	Atomic
	// OtherVariant: any other value (a chess variant no reader of the module plays).
	OtherVariant
)

// variantNames are the values of each game, normalised (see normalVariant).
var variantNames = map[string]Variant{
	"pacoŝako": PacoSako, "pacosako": PacoSako, "standard": PacoSako, "fromposition": PacoSako,
	"chess960": PacoSako, "fischerrandom": PacoSako,
	"atomic": Atomic, "atomic960": Atomic, "atomicchess": Atomic,
}

// ClassifyVariant returns the game a Variant tag's value names. Values are
// compared without case and without spaces, hyphens and underscores ("Paco
// Sako", "paco-sako" and "PACOSAKO" are one value), and Ŝ and ŝ composed (U+015C,
// U+015D) or decomposed (S or s, then the combining circumflex U+0302, as macOS
// file names and some editors write them) are one letter.
func ClassifyVariant(value string) Variant {
	switch value { // the values the writers write, without normalising them
	case "Atomic":
		return Atomic
	case "Paco Ŝako", "Standard":
		return PacoSako
	}
	v := normalVariant(value)
	if v == "" {
		return NoVariant
	}
	if g, ok := variantNames[v]; ok {
		return g
	}
	return OtherVariant
}

// normalVariant is value in lower case without spaces, hyphens and underscores,
// a decomposed ŝ composed.
func normalVariant(value string) string {
	v := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, value)
	return strings.ReplaceAll(v, "s\u0302", "ŝ")
}

// determined are the tags each game determines (Determines).
var determined = [OtherVariant][]string{
	PacoSako: {"Result", "Variant", "SetUp", "FEN", "Rules", "Repetition", "Termination", "Pending"},
	Atomic:   {"Result", "Variant", "SetUp", "FEN", "Repetition", "NoProgress", "RepetitionClaim", "NoProgressClaim", "Termination"},
}

// Determines reports whether game v (PacoSako, Atomic; another Variant: none)
// determines the tag name: its reader reads the game from the tag, its writer
// writes the tag from the game (and none of that name from the record's tags,
// but the Termination words of TerminationTag). A record read keeps every tag
// as written all the same.
func Determines(v Variant, name string) bool {
	if v >= OtherVariant {
		return false
	}
	for _, d := range determined[v] {
		if d == name {
			return true
		}
	}
	return false
}

// The readers' names and the Variant values they read, for messages.
const (
	pacoSakoValues = "no Variant tag, or Paco Ŝako, Paco Sako, Pacosako, Standard, From Position, Chess960, Fischer Random"
	atomicValues   = "Atomic, Atomic960, Atomic chess"
)

// VariantMismatch returns why a record whose Variant tag holds value cannot be
// read as a game of reader (PacoSako or Atomic), naming the game the value names
// and how to read it; "" when it can (the value names reader's game, or is
// empty). The value itself is not repeated: the games' errors quote it.
func VariantMismatch(value string, reader Variant) string {
	g := ClassifyVariant(value)
	switch {
	case g == NoVariant || g == reader:
		return ""
	case g == Atomic:
		return "the Variant tag names Atomic chess: read the game with atomic.NewRecordReader (or records.NewReader, which reads either game, as pacosako convert does); this reader reads Paco Ŝako (" + pacoSakoValues + ")"
	case g == PacoSako:
		return "the Variant tag names Paco Ŝako: read the game with pacosako.NewRecordReader (or records.NewReader, which reads either game, as pacosako convert does); this reader reads Atomic chess (no Variant tag, or " + atomicValues + ")"
	case reader == Atomic:
		return "the Variant tag names a game this module does not play: this reader reads Atomic chess (no Variant tag, or " + atomicValues + "), pacosako.NewRecordReader Paco Ŝako"
	}
	return "the Variant tag names a game this module does not play: this reader reads Paco Ŝako (" + pacoSakoValues + "), atomic.NewRecordReader Atomic chess (" + atomicValues + ")"
}
