package svg

// Coordinate labels are drawn as stroked glyph paths rather than text, so the output
// does not depend on the fonts of the renderer and is byte-stable. The glyphs are
// original single-stroke drawings in a box 10 units wide, the x-height at y = 6, the
// baseline and the top of the digits at y = 16 and 0 (g descends to y = 20); they are
// stroked 2 units wide with round caps and joins.
var glyphs = map[byte]string{
	'a': "M9 6V16M9 11A4 5 0 0 0 1 11A4 5 0 0 0 9 11",
	'b': "M1 0V16M1 11A4 5 0 0 1 9 11A4 5 0 0 1 1 11",
	'c': "M8.5 7.5A4.5 5 0 1 0 8.5 14.5",
	'd': "M9 0V16M9 11A4 5 0 0 0 1 11A4 5 0 0 0 9 11",
	'e': "M1 11H9A4 5 0 1 0 8.2 14.6",
	'f': "M8.5 1.5C7 0 4 0 4 3V16M1 7H8",
	'g': "M9 6V17C9 21 3 21 1.5 19M9 11A4 5 0 0 0 1 11A4 5 0 0 0 9 11",
	'h': "M1 0V16M1 10C1 5 9 5 9 10V16",
	'1': "M2.5 3.5L6 1V16M2.5 16H9.5",
	'2': "M1.5 4C2 0 9 0 9 4.5C9 8 1 11 1 16H9.5",
	'3': "M1.5 2C4 -0.5 9 0.5 9 4C9 7 6 8 4 8C7 8 9.5 9.5 9.5 12C9.5 16.5 3 17 1 14",
	'4': "M7.5 16V1L1 11.5H10",
	'5': "M9 1H2L1.5 8C4 6 9.5 6.5 9.5 11C9.5 16.5 3 17 1 14",
	'6': "M8.5 1.5C4 0 1 4 1 10C1 14 3 16 5.2 16C7.5 16 9.5 14.5 9.5 11.5C9.5 8.5 7.5 7 5.2 7C3 7 1 8.5 1 10",
	'7': "M1 1H9.5L4 16",
	'8': "M5.2 8C2.5 8 1.5 6.5 1.5 4.5C1.5 2 3 1 5.2 1C7.5 1 9 2 9 4.5C9 6.5 8 8 5.2 8C2 8 1 10 1 12C1 14.5 2.5 16 5.2 16C8 16 9.5 14.5 9.5 12C9.5 10 8.5 8 5.2 8Z",
}
