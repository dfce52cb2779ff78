package replaypage

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
)

// rowNumbers writes the move list's rows as "no:white/black", and the status of
// the main line's last position.
func rowNumbers(v view) string {
	var out []string
	for _, r := range v.Rows {
		if r.No == 0 {
			continue
		}
		w, b := "-", "-"
		if r.White != nil {
			w = r.White.SAN
		}
		if r.Black != nil {
			b = r.Black.SAN
		}
		out = append(out, strconv.Itoa(r.No)+":"+w+"/"+b)
	}
	return strings.Join(out, " ") + " | " + v.Script.Plies[v.Script.Last].Status
}

// TestMoveNumbersFromFEN: the page numbers a game from its start's full-move
// number, as its record does and python-chess and lichess do: an Atomic game
// always, a Paco Ŝako game from a chess FEN; in the variations too (issue 25).
func TestMoveNumbersFromFEN(t *testing.T) {
	a, err := atomic.ParseRecord("[Variant \"Atomic\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 150\"]\n\n150... e5 (150... d5) 151. Nf3 *")
	if err != nil {
		t.Fatal(err)
	}
	v := atomicView(a, true)
	if got, want := rowNumbers(v), "150:-/e5 151:Nf3/- | After 151. Nf3: Black to move"; got != want {
		t.Errorf("Atomic from move 150:\n got %s\nwant %s", got, want)
	}
	if notes := strings.Join(noteText(v), " | "); !strings.Contains(notes, "150… d5") {
		t.Errorf("Atomic variation: %s", notes)
	}
	p, err := pacosako.ParseRecord("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 150\"]\n\n150. e4 e5 151. Nf3 *")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rowNumbers(pacoView(p, true)), "150:e4/e5 151:Nf3/- | After 151. Nf3: Black to move"; got != want {
		t.Errorf("Paco Ŝako from a chess FEN at move 150:\n got %s\nwant %s", got, want)
	}
	p, err = pacosako.ParseRecord("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 AHah - -\"]\n\n1. e4 e5 *")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rowNumbers(pacoView(p, true)), "1:e4/e5 | After 1… e5: White to move"; got != want {
		t.Errorf("Paco Ŝako from an engine FEN:\n got %s\nwant %s", got, want)
	}
}
