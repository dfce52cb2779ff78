// Command doclines measures the doc comments of a module's exported
// identifiers: how many are documented, how many run over 6 and over 20
// lines, and the longest.
//
// Usage:
//
//	go run ./internal/cmd/doclines [-top N] [-over N] [DIR]
//
// It walks DIR (default ".") for Go files, leaving out test files, testdata
// and every internal/ directory, and counts the lines of the doc comment of
// each exported function, method (of an exported type), type, constant and
// variable. A grouped constant or variable without its own comment is
// counted once, by its group's comment.
package main
