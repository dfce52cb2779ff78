// Package ucipos reads the arguments of UCI's position command into an Atomic
// game, for the UCI server and the fake engine the client's tests drive.
package ucipos

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako/atomic"
)

// Read reads the arguments of UCI's position command (startpos or fen
// FEN, then moves and the moves in UCI notation) into the Atomic game they
// describe. A position without kings does not read (nothing can search it);
// the error says what does not read, quoting at most 60 bytes of the input.
func Read(args []string) (atomic.Game, error) {
	if len(args) == 0 {
		return atomic.Game{}, errors.New("want startpos or fen FEN, then moves")
	}
	var start atomic.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		start = atomic.StartingPosition()
	case "fen":
		n := len(rest)
		for i, w := range rest {
			if w == "moves" {
				n = i
				break
			}
		}
		p, err := atomic.ParseFEN(strings.Join(rest[:n], " "))
		if err == nil {
			err = p.Validate() // no search of a board without kings
		}
		if err != nil {
			return atomic.Game{}, err
		}
		start, rest = p, rest[n:]
	default:
		return atomic.Game{}, fmt.Errorf("want startpos or fen, got %s", quote(args[0]))
	}
	g := atomic.NewGame(start)
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return atomic.Game{}, fmt.Errorf("want moves after the position, got %s", quote(rest[0]))
		}
		for i, m := range rest[1:] {
			var err error
			if g, err = g.PlayUCI(m); err != nil {
				return atomic.Game{}, fmt.Errorf("move %d %s: %w", i+1, quote(m), err)
			}
		}
	}
	return g, nil
}

// quote quotes s, cut to its first 60 bytes (and an ellipsis) when longer.
func quote(s string) string {
	if len(s) > 60 {
		return strconv.Quote(s[:60] + "…")
	}
	return strconv.Quote(s)
}
