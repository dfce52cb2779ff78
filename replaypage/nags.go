package replaypage

import "strconv"

// nag is one numeric annotation glyph as the page shows it: its symbol, and its
// meaning for the tooltip.
type nag struct {
	Symbol string
	Title  string
	// Glued is set for the move assessments ($1–$8), which follow the move
	// without a space ("Qh4!!"); the others ("±", "∞") stand apart.
	Glued bool
}

// nagSymbols are the symbols PGN viewers and printed annotation show for the
// common NAGs, with the meanings the PGN standard (section 10) gives them; $140,
// $142, $145 and $146 are the ChessBase extensions lichess and others also read.
// $14 and $15 are written "+=" and "=+", the older form of ⩲ and ⩱, which few
// fonts draw.
var nagSymbols = map[int]nag{
	1:   {"!", "good move", true},
	2:   {"?", "poor move", true},
	3:   {"!!", "very good move", true},
	4:   {"??", "very poor move", true},
	5:   {"!?", "speculative move", true},
	6:   {"?!", "questionable move", true},
	7:   {"□", "forced move", true},
	8:   {"□", "singular move: no reasonable alternative", true},
	10:  {"=", "drawish position", false},
	11:  {"=", "equal chances, quiet position", false},
	12:  {"=", "equal chances, active position", false},
	13:  {"∞", "unclear position", false},
	14:  {"+=", "White has a slight advantage", false},
	15:  {"=+", "Black has a slight advantage", false},
	16:  {"±", "White has a moderate advantage", false},
	17:  {"∓", "Black has a moderate advantage", false},
	18:  {"+−", "White has a decisive advantage", false},
	19:  {"−+", "Black has a decisive advantage", false},
	22:  {"⨀", "White is in zugzwang", false},
	23:  {"⨀", "Black is in zugzwang", false},
	32:  {"⟳", "White has a development advantage", false},
	33:  {"⟳", "Black has a development advantage", false},
	36:  {"↑", "White has the initiative", false},
	37:  {"↑", "Black has the initiative", false},
	40:  {"→", "White has the attack", false},
	41:  {"→", "Black has the attack", false},
	44:  {"=∞", "White has compensation for the material", false},
	45:  {"=∞", "Black has compensation for the material", false},
	132: {"⇆", "White has counterplay", false},
	133: {"⇆", "Black has counterplay", false},
	138: {"⊕", "White is in severe time trouble", false},
	139: {"⊕", "Black is in severe time trouble", false},
	140: {"∆", "with the idea", false},
	142: {"⌓", "better is", false},
	145: {"RR", "editorial comment", false},
	146: {"N", "novelty", false},
}

// maxNAGs is the most NAGs the page shows after one move; an input may repeat
// them without end, and a reader needs a few.
const maxNAGs = 8

// nagsOf returns the NAGs the page shows for a move: each by its symbol, an
// uncommon one as "$n"; $0, the null annotation, is left out, and after maxNAGs
// the rest are one "…".
func nagsOf(nags []int) []nag {
	var out []nag
	for _, n := range nags {
		if n == 0 {
			continue
		}
		if len(out) == maxNAGs {
			out = append(out, nag{Symbol: "…", Title: strconv.Itoa(len(nags)) + " NAGs; the page shows " + strconv.Itoa(maxNAGs)})
			break
		}
		if s, ok := nagSymbols[n]; ok {
			out = append(out, s)
		} else {
			out = append(out, nag{Symbol: "$" + strconv.Itoa(n), Title: "NAG " + strconv.Itoa(n)})
		}
	}
	return out
}

// assessment writes the move assessments among nags ($1–$8) as they follow a move
// in the status line: "!?", "" for none.
func assessment(nags []nag) string {
	s := ""
	for _, n := range nags {
		if n.Glued {
			s += n.Symbol
		}
	}
	return s
}
