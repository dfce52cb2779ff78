package pacosako

import (
	"fmt"
	"strconv"
	"strings"
)

// Rules selects the rules a position is played by. The zero value is the default
// rule set, Pacoplay: exactly the official engine's rules (RULES.md §3). A Position
// carries its Rules; every position played from it keeps them.
//
// Today Rules holds the no-progress limit (RULES.md §8, catalogue §10.1); the other
// switches of RULES.md §8 (Rulebook, vchess) extend this type.
type Rules struct {
	noProgress uint16 // 0: the default (100); noProgressOff: no limit; else the limit
}

const (
	defaultNoProgressLimit = 100
	noProgressOff          = 0xFFFF
)

// Pacoplay is the default rule set, the official engine's: the zero Rules.
var Pacoplay = Rules{}

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

// String describes the rules, e.g. "Pacoplay" or "Pacoplay(no-progress limit 50)".
func (r Rules) String() string {
	if r == Pacoplay {
		return "Pacoplay"
	}
	if r.NoProgressLimit() == 0 {
		return "Pacoplay(no-progress limit off)"
	}
	return fmt.Sprintf("Pacoplay(no-progress limit %d)", r.NoProgressLimit())
}

// Rules returns the rules p is played by.
func (p Position) Rules() Rules { return p.rules }

// WithRules returns p played by the rules r from now on. The position's state is
// unchanged (an outcome already reached stays).
func (p Position) WithRules(r Rules) Position {
	p.rules = r
	return p
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

// ParseRules reads a rule set as Rules.String writes it: "Pacoplay",
// "Pacoplay(no-progress limit 50)", "Pacoplay(no-progress limit off)". The error
// wraps ErrInvalidRules.
func ParseRules(s string) (Rules, error) {
	if s == "Pacoplay" {
		return Pacoplay, nil
	}
	if inner, ok := strings.CutPrefix(s, "Pacoplay(no-progress limit "); ok {
		if v, ok := strings.CutSuffix(inner, ")"); ok {
			if v == "off" {
				return Pacoplay.WithNoProgressLimit(0), nil
			}
			if n, err := strconv.Atoi(v); err == nil && n > 0 {
				return Pacoplay.WithNoProgressLimit(n), nil
			}
		}
	}
	return Pacoplay, fmt.Errorf("%w: %q", ErrInvalidRules, s)
}
