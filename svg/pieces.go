package svg

import "github.com/pacosako-go/pacosako"

// The piece artwork: original drawings made for this package, one figure per role in
// a 100×100 box (the size of a square), standing on a base plate at y = 89, drawn as
// a few closed paths. Each path is a body part (filled with the piece colour and
// outlined), a line (drawn in the outline colour, not filled) or a dot (filled with
// the outline colour). White figures are light with a dark outline, black figures
// dark with a light outline, so both stay distinct on either square colour and when
// the two figures of a union overlap.

type partKind uint8

const (
	body partKind = iota // filled with the piece colour, stroked with the outline colour
	line                 // stroked with the outline colour, not filled
	dot                  // filled with the outline colour, not stroked
)

type artPart struct {
	kind partKind
	d    string // path data in the 100×100 box
}

// basePlate is the plinth every figure stands on.
const basePlate = "M26 80H74A3 3 0 0 1 77 83V89H23V83A3 3 0 0 1 26 80Z"

// art holds the figure of each role, parts in drawing order.
var art = [pacosako.King + 1][]artPart{
	pacosako.Pawn: {
		{body, "M27 82H73A3 3 0 0 1 76 85V89H24V85A3 3 0 0 1 27 82Z"},
		{body, "M34 82C35 69 40 61 45 56H55C60 61 65 69 66 82Z"},
		{body, "M39 50H61A3.5 3.5 0 0 1 61 57H39A3.5 3.5 0 0 1 39 50Z"},
		{body, "M37 37A13 13 0 1 0 63 37A13 13 0 1 0 37 37Z"},
	},
	pacosako.Knight: {
		{body, basePlate},
		{body, "M30 80C31 69 37 61 46 55C40 56 34 58 28 60C22 62 15 58 15 52C15 48 17 46 20 43L35 28C39 22 44 19 48 18L53 7L59 17C72 21 80 36 79 52C78 64 75 72 74 80Z"},
		{line, "M62 23C70 31 73 42 72 57"},
		{line, "M15.5 54.5L23 55"},
		{dot, "M37.5 31A3.5 3.5 0 1 0 44.5 31A3.5 3.5 0 1 0 37.5 31Z"},
		{dot, "M19.5 49A2 2 0 1 0 23.5 49A2 2 0 1 0 19.5 49Z"},
	},
	pacosako.Bishop: {
		{body, basePlate},
		{body, "M38 70L34 81H66L62 70Z"},
		{body, "M50 17C63 27 69 40 66 52C64 59 60 63 58 64H42C40 63 36 59 34 52C31 40 37 27 50 17Z"},
		{body, "M35 63H65A3.5 3.5 0 0 1 65 70H35A3.5 3.5 0 0 1 35 63Z"},
		{body, "M44.5 13A5.5 5.5 0 1 0 55.5 13A5.5 5.5 0 1 0 44.5 13Z"},
		{line, "M56 31L46 45"},
	},
	pacosako.Rook: {
		{body, basePlate},
		{body, "M33 44H67L70 80H30Z"},
		{body, "M26 16H37V24H45V16H55V24H63V16H74V38L68 44H32L26 38Z"},
		{line, "M31.5 71H68.5"},
	},
	pacosako.Queen: {
		{body, basePlate},
		{body, "M29 80L17 33L32 55L34 25L44 51L50 20L56 51L66 25L68 55L83 33L71 80Z"},
		{line, "M27 72H73"},
		{body, "M12 31A5 5 0 1 0 22 31A5 5 0 1 0 12 31Z"},
		{body, "M29 23A5 5 0 1 0 39 23A5 5 0 1 0 29 23Z"},
		{body, "M45 18A5 5 0 1 0 55 18A5 5 0 1 0 45 18Z"},
		{body, "M61 23A5 5 0 1 0 71 23A5 5 0 1 0 61 23Z"},
		{body, "M78 31A5 5 0 1 0 88 31A5 5 0 1 0 78 31Z"},
	},
	pacosako.King: {
		{body, basePlate},
		{body, "M39 53C39 41 44 33 50 30C56 33 61 41 61 53Z"},
		{body, "M30 80C22 66 16 52 24 44C32 36 44 42 50 52C56 42 68 36 76 44C84 52 78 66 70 80Z"},
		{line, "M28 72H72"},
		{body, "M46 5H54V11H60V19H54V30H46V19H40V11H46Z"},
	},
}
