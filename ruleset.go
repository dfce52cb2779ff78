package pacosako

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules selects the rules a position is played by: a set of switches (docs/RULES.md §8)
// and the no-progress limit. The zero value is the default rule set, Pacoplay:
// exactly the official engine's rules (docs/RULES.md §3). A Position carries its Rules;
// every position played from it keeps them.
//
// The presets are Pacoplay, Rulebook (the printed rulebook read strictly where the
// engine deviates), Vchess (vchess.club's rules, including its three "non-official"
// rules) and VchessPacoplay (vchess.club with those three rules off, what vchess
// calls "pacoplay mode"; it is not the official engine). Each switch can also be
// turned on or off on its own with With.
type Rules struct {
	switches   Switch
	noProgress uint16 // 0: the default (100); noProgressOff: no limit; else the limit
}

// Switch is one rule that differs between the rule sets (docs/RULES.md §8), or a set of
// them (the constants are bits).
type Switch uint16

// The switches of docs/RULES.md §8. All are off in Pacoplay.
const (
	// SakoIllegal: a move that leaves the mover's own king in Ŝako is illegal unless
	// it wins at once; if every move does, all stay legal (Rulebook; catalogue §6.3).
	SakoIllegal Switch = 1 << iota
	// ReleaseForfeitsCastling: a castling right is lost when its rook leaves its
	// square by being released in a chain (Rulebook, Vchess; catalogue §7.4, K7).
	ReleaseForfeitsCastling
	// VchessCastlingRights: castling rights as vchess tracks them: lost by any move of
	// the mover that starts on the rook's square or has a step ending on it; kept when
	// the opponent lifts a union holding the rook (catalogue §7.6).
	VchessCastlingRights
	// HomeRowEnPassant: a double step from the home row (rank 1 or 8) also sets the
	// en passant square (Vchess; catalogue §8.1).
	HomeRowEnPassant
	// EnPassantLiftedOnly: only a pawn lifted at the start of the move captures en
	// passant, not one released by a chain (Vchess; catalogue §8.4).
	EnPassantLiftedOnly
	// EnPassantFromArrival: a union captured en passant releases the capturer's piece
	// on the square the union had reached, not on the en passant square (Rulebook;
	// catalogue §8.4, issue #40 of the official engine).
	EnPassantFromArrival
	// PawnFileFlags: a pawn double-steps from its pawn row only while its colour's
	// flag for that file is set; any double step from the file clears it (Vchess;
	// catalogue §3.3).
	PawnFileFlags
	// Ko: the union moved in the last move may not be moved straight back (Vchess;
	// catalogue §14).
	Ko
	// KingUnions: the king may unite and join chains like any piece; a side whose
	// king stands in a union has lost, and both kings in unions is a draw (Vchess;
	// catalogue §3.4, §5).
	KingUnions
	// MoverPromotesCarried: the mover chooses the promotion of an enemy pawn it
	// carried in a union to that pawn's last rank (Vchess; catalogue §9).
	MoverPromotesCarried
	// AllUnitedDraw: the game is a draw as soon as every piece but the kings stands
	// in a union (Rulebook; catalogue §10.3).
	AllUnitedDraw
	// KingsUnitedDraw: the game is a draw when the two kings stand in one union
	// (Rulebook; docs/RULES.md §6, catalogue §10.3). Kings unite only in a set-up position
	// or under KingUnions, which already draws when both kings stand in unions.
	KingsUnitedDraw

	switchCount = iota
)

var switchNames = [switchCount]string{"SakoIllegal", "ReleaseForfeitsCastling", "VchessCastlingRights",
	"HomeRowEnPassant", "EnPassantLiftedOnly", "EnPassantFromArrival", "PawnFileFlags", "Ko", "KingUnions",
	"MoverPromotesCarried", "AllUnitedDraw", "KingsUnitedDraw"}

// String names the switches of s, joined by "+" ("Ko+KingUnions"), or "none".
func (s Switch) String() string {
	var names []string
	for i, n := range switchNames {
		if s&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if s>>switchCount != 0 {
		names = append(names, fmt.Sprintf("Switch(%#x)", uint16(s>>switchCount<<switchCount)))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

const (
	defaultNoProgressLimit = 100
	noProgressOff          = 0xFFFF
)

// The presets.
var (
	// Pacoplay is the official engine's rules, the default: the zero Rules.
	Pacoplay = Rules{}
	// Rulebook reads the printed rulebook strictly where the engine deviates: Ŝako
	// must be answered, a released rook loses its castling right, a union taken en
	// passant releases from where it stood, no no-progress rule, and a draw when all
	// pieces but the kings are united or when the two kings are.
	Rulebook = Rules{switches: SakoIllegal | ReleaseForfeitsCastling | EnPassantFromArrival | AllUnitedDraw | KingsUnitedDraw, noProgress: noProgressOff}
	// Vchess is vchess.club's rules with its three non-official rules (pawn file
	// flags, ko, kings in unions), read from a vchess FEN with six fields.
	Vchess = Rules{switches: ReleaseForfeitsCastling | VchessCastlingRights | HomeRowEnPassant | EnPassantLiftedOnly |
		PawnFileFlags | Ko | KingUnions | MoverPromotesCarried, noProgress: noProgressOff}
	// VchessPacoplay is vchess.club's "pacoplay mode": Vchess without its three
	// non-official rules, read from a vchess FEN with five fields.
	VchessPacoplay = Rules{switches: ReleaseForfeitsCastling | VchessCastlingRights | HomeRowEnPassant | EnPassantLiftedOnly |
		MoverPromotesCarried, noProgress: noProgressOff}
)

var presets = []struct {
	name  string
	rules Rules
}{{"Pacoplay", Pacoplay}, {"Rulebook", Rulebook}, {"Vchess", Vchess}, {"VchessPacoplay", VchessPacoplay}}

// Has reports whether every switch of s is on.
func (r Rules) Has(s Switch) bool { return s != 0 && r.switches&s == s }

// Switches returns the switches that are on.
func (r Rules) Switches() Switch { return r.switches }

// With returns r with the switches of s turned on (on) or off.
func (r Rules) With(s Switch, on bool) Rules {
	s &= 1<<switchCount - 1
	if on {
		r.switches |= s
	} else {
		r.switches &^= s
	}
	return r
}

// NoProgressLimit returns the number of half-moves without progress (no new union,
// no promotion) after which the game is drawn; 0 means the rule is off.
func (r Rules) NoProgressLimit() int {
	switch r.noProgress {
	case 0:
		return defaultNoProgressLimit
	case noProgressOff:
		return 0
	}
	return int(r.noProgress)
}

// WithNoProgressLimit returns r with the no-progress limit set to n half-moves
// (n = 0 turns the rule off; n is clamped to 0..65534).
func (r Rules) WithNoProgressLimit(n int) Rules {
	switch {
	case n <= 0:
		r.noProgress = noProgressOff
	case n == defaultNoProgressLimit:
		r.noProgress = 0
	case n >= noProgressOff:
		r.noProgress = noProgressOff - 1
	default:
		r.noProgress = uint16(n)
	}
	return r
}

// String names the rules: a preset's name ("Pacoplay", "Rulebook", "Vchess",
// "VchessPacoplay"), followed when they differ from it by the switches turned on and
// off and the no-progress limit, e.g. "Pacoplay(+Ko; no-progress limit 50)". The
// preset chosen is the one that needs the fewest changes. ParseRules reads it back.
func (r Rules) String() string {
	best, bestCost := 0, 1<<30
	for i, p := range presets {
		cost := popcount16(uint16(r.switches^p.rules.switches)) * 2
		if r.noProgress != p.rules.noProgress {
			cost++
		}
		if cost < bestCost {
			best, bestCost = i, cost
		}
	}
	p := presets[best]
	if bestCost == 0 {
		return p.name
	}
	var parts []string
	for i := range switchNames {
		bit := Switch(1) << i
		switch {
		case r.switches&bit != 0 && p.rules.switches&bit == 0:
			parts = append(parts, "+"+switchNames[i])
		case r.switches&bit == 0 && p.rules.switches&bit != 0:
			parts = append(parts, "-"+switchNames[i])
		}
	}
	s := strings.Join(parts, " ")
	if r.noProgress != p.rules.noProgress {
		if s != "" {
			s += "; "
		}
		if n := r.NoProgressLimit(); n == 0 {
			s += "no-progress limit off"
		} else {
			s += "no-progress limit " + strconv.Itoa(n)
		}
	}
	return p.name + "(" + s + ")"
}

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// ParseRules reads rules as Rules.String writes them; preset names are matched in
// any case. The error wraps ErrInvalidRules.
func ParseRules(s string) (Rules, error) {
	why := "want a preset (Pacoplay, Rulebook, Vchess or VchessPacoplay), optionally followed by switches and a limit as in \"Pacoplay(+Ko -SakoIllegal; no-progress limit 50)\""
	fail := func() (Rules, error) { return Pacoplay, fmt.Errorf("%w: %q: %s", ErrInvalidRules, shorten(s), why) }
	name, rest, hasArgs := strings.Cut(strings.TrimSpace(s), "(")
	var r Rules
	found := false
	for _, p := range presets {
		if strings.EqualFold(name, p.name) {
			r, found = p.rules, true
		}
	}
	if !found {
		return fail()
	}
	if !hasArgs {
		return r, nil
	}
	args, ok := strings.CutSuffix(rest, ")")
	if !ok {
		return fail()
	}
	switches, limit, _ := strings.Cut(args, ";")
	if strings.HasPrefix(strings.TrimSpace(switches), "no-progress") {
		switches, limit = "", switches
	}
	for _, f := range strings.Fields(switches) {
		on := f[0] == '+'
		if f[0] != '+' && f[0] != '-' {
			return fail()
		}
		bit := Switch(0)
		for i, n := range switchNames {
			if n == f[1:] {
				bit = 1 << i
			}
		}
		if bit == 0 {
			why = fmt.Sprintf("unknown switch %q; the switches are %v", f[1:], Switch(1<<switchCount-1))
			return fail()
		}
		r = r.With(bit, on)
	}
	if limit = strings.TrimSpace(limit); limit != "" {
		v, ok := strings.CutPrefix(limit, "no-progress limit ")
		if !ok {
			return fail()
		}
		if v == "off" {
			r = r.WithNoProgressLimit(0)
		} else if n, err := strconv.Atoi(v); err == nil && n > 0 {
			r = r.WithNoProgressLimit(n)
		} else {
			why = fmt.Sprintf("the no-progress limit is a number of half-moves from 1, or off (\"no-progress limit off\"), got %q", v)
			return fail()
		}
	}
	return r, nil
}

// endOfProgress reports whether a no-progress counter of n ends the game.
func (r Rules) endOfProgress(n uint16) bool {
	switch r.noProgress {
	case 0:
		return n >= defaultNoProgressLimit
	case noProgressOff:
		return false
	}
	return n >= r.noProgress
}
