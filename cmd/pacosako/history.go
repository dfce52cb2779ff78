package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pacosako-go/pacosako"
)

// withInput calls use with the file named by args, or with stdin when there is no
// argument, for the commands that read a file of games (replay, notation, convert;
// their checkArgs allows at most one argument).
func withInput(args []string, stdin io.Reader, stderr reporter, use func(io.Reader) bool) bool {
	if len(args) == 0 {
		return use(stdin)
	}
	f, err := os.Open(args[0])
	if err != nil {
		stderr.printf("%s", fileError(err))
		return false
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		stderr.printf("%s is a directory: want a file of games, or - for standard input", quote(args[0]))
		return false
	}
	return use(f)
}

// oneFile is the checkArgs of the commands that read one file of games.
func oneFile(args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("want one file (or - or nothing for standard input), got %d arguments", len(args))
	}
	return nil
}

// historyLine is one line of the history formats, <name>\t<start>\t<actions>, read
// but not yet played: g is the game at its start.
type historyLine struct {
	name, start string
	g           pacosako.Game
	actions     []pacosako.Action
}

// readHistoryLine reads line, whose third column (what, read by parse) may be left
// out for a game without actions; the start is "new"/"start" or a FEN (newGame).
func (c *common) readHistoryLine(line, what string, parse func(string) ([]pacosako.Action, error)) (historyLine, error) {
	fields := strings.Split(line, "\t")
	if len(fields) < 2 || len(fields) > 3 {
		return historyLine{}, fmt.Errorf("want <name>\\t<start>\\t<%s>, got %d columns: %s", what, len(fields), quote(line))
	}
	h := historyLine{name: fields[0], start: fields[1]}
	text := ""
	if len(fields) == 3 {
		text = fields[2]
	}
	var err error
	if h.g, err = c.newGame(h.start, -1, -1); err != nil {
		return historyLine{}, wrap(err, nil, "%s", quote(h.name))
	}
	if h.actions, err = parse(text); err != nil {
		return historyLine{}, wrap(err, []string{text}, "%s", quote(h.name))
	}
	return h, nil
}
