// Package textsafe writes text that came from input (tag values, comments, names,
// lines read) into output, so that the input cannot break the format it lands in
// or steer the terminal that shows it. It is the one rule every writer of the
// module follows (the command, the replay pages, the SVG captions):
//
//   - The characters that never reach output raw are the C0 controls U+0000–U+001F
//     (tab, line feed and carriage return among them), DEL U+007F, the C1 controls
//     U+0080–U+009F (CSI U+009B, NEL U+0085 among them) and the line and paragraph
//     separators U+2028 and U+2029 (Unsafe), and bytes that are not UTF-8.
//   - Where the format can escape them, they are escaped: Escape writes Go's
//     escapes (\t, \x1b, \u0085, \u2028; an invalid byte \x92), Quote a Go string
//     literal (JSON writers use \u escapes, as encoding/json does).
//   - Where it cannot (HTML and XML text and attributes, in which XML 1.0 allows no
//     C0 control even as a character reference), Spaced replaces each by a space
//     and invalid UTF-8 and XML's non-characters U+FFFE and U+FFFF by U+FFFD.
package textsafe
