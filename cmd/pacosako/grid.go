package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/pacosako-go/pacosako/svg"
)

// svg -grid N: a sheet of diagrams (svg.Sheet) of the game -variant names, from
// standard input, one diagram a line: a FEN or a fen:…: diagram, then optionally
// a tab and its caption.

// gridLineError is a line of -grid input that holds no diagram: its number (from
// 1, counting every line of the input) and why.
type gridLineError struct {
	Line int
	Err  error
}

func (e *gridLineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, libError(e.Err)) }
func (e *gridLineError) Unwrap() error { return e.Err }

// readGridLine reads line n of -grid input: the position of the game -variant
// names, a FEN or diagram before the first tab (a diagram's marks become dots),
// the caption after it; -flip turns the board, the -hide flags turn off its
// highlights. Errors are *gridLineError.
func (c *svgCmd) readGridLine(n int, line string) (svg.SheetItem, error) {
	text, caption, _ := strings.Cut(line, "\t")
	if strings.TrimSpace(text) == "" {
		return svg.SheetItem{}, &gridLineError{n, fmt.Errorf("no FEN or fen:…: diagram before the tab (the caption %s)", quote(caption))}
	}
	p, marks, err := c.com.variant().diagram(text)
	if err != nil {
		return svg.SheetItem{}, &gridLineError{n, err}
	}
	return svg.SheetItem{Position: p.drawn(), Caption: caption, Options: c.diagramOptions(marks)}, nil
}

// maxSheetDiagrams bounds a sheet: its SVG grows by about 4 KB a diagram, and the
// command holds it whole while it draws it.
const maxSheetDiagrams = 1000

// sheet reads every line of standard input (empty lines and '#' lines are
// skipped) and draws the sheet; a line that holds no diagram, or one more than
// maxSheetDiagrams, is reported by its number, and then nothing is drawn.
func (c *svgCmd) sheet(out *bufio.Writer, stderr reporter) bool {
	br := bufio.NewReaderSize(c.stdin, 64*1024)
	var items []svg.SheetItem
	ok := true
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
				if len(items) == maxSheetDiagrams {
					stderr.printf("line %d: a sheet holds at most %d diagrams (about 4 MB of SVG); split the input into several sheets", n, maxSheetDiagrams)
					return false
				}
				it, err := c.readGridLine(n, line)
				if err != nil {
					stderr.printf("%v", err)
					ok = false
				}
				items = append(items, it)
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			stderr.printf("reading input: %v", err)
			return false
		}
	}
	if !ok {
		return false
	}
	if len(items) == 0 {
		stderr.printf("no diagram on standard input (one a line: a FEN or fen:…: diagram, then optionally a tab and its caption)")
		return false
	}
	err := svg.Sheet(out, items, svg.SheetOptions{Columns: c.grid, Size: c.size, Coordinates: c.coords, Style: c.style})
	if err != nil {
		stderr.printf("%s", libError(err))
		return false
	}
	return true
}
