package uci

import (
	"errors"
	"testing"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
)

func TestParseInfo(t *testing.T) {
	start := atomic.StartingPosition()
	line := "info depth 8 seldepth 11 multipv 2 score cp -35 upperbound wdl 100 800 100 nodes 4151 nps 319307 hashfull 12 tbhits 0 time 13 currmove g1f3 currmovenumber 3 pv d2d4 d7d5 c1f4"
	info, err := ParseInfo(start, line)
	if err != nil {
		t.Fatal(err)
	}
	if info.Depth != 8 || info.SelDepth != 11 || info.MultiPV != 2 || info.Score != (Score{Value: -35, Bound: Upper}) ||
		info.WDL != [3]int{100, 800, 100} || info.Nodes != 4151 || info.NPS != 319307 || info.HashFull != 12 ||
		info.Time != 13*time.Millisecond || info.CurrMove.UCI() != "g1f3" || info.CurrMoveNumber != 3 || len(info.PV) != 3 ||
		info.PV[2].UCI() != "c1f4" || !info.Has(HasTBHits|HasPV|HasScore) || info.Has(HasString) {
		t.Fatalf("%+v", info)
	}
	if got := info.Line(false); got != line {
		t.Errorf("Text = %q\nwant   %q", got, line)
	}
	// string takes the rest of the line, as written; unknown tokens are skipped.
	info, err = ParseInfo(start, "info  depth 3 foo bar score mate -2 lowerbound refutation e2e4 e7e5 cpuload 500 string  multi  pv e2e4  ")
	if err != nil {
		t.Fatal(err)
	}
	if info.Text != "multi  pv e2e4" || info.Score != (Score{Mate: true, Value: -2, Bound: Lower}) || info.Depth != 3 || info.Has(HasPV) {
		t.Errorf("%+v", info)
	}
	for _, bad := range []string{
		"info depth", "info depth x", "info depth -1", "info nodes 1e9", "info score", "info score cp", "info score cp x",
		"info score centipawns 3", "info multipv 0", "info time 99999999999999999999", "info wdl 1 2", "info currmove",
		"depth 3", "",
	} {
		if _, err := ParseInfo(start, bad); !errors.Is(err, ErrProtocol) {
			t.Errorf("ParseInfo(%q) = %v, want ErrProtocol", bad, err)
		}
	}
	for _, tc := range []struct{ line, where, move string }{
		{"info depth 2 pv e2e4 e2e4", "pv 1", "e2e4"},
		{"info pv e2e5", "pv 0", "e2e5"},
		{"info currmove e7e5", "currmove", "e7e5"},
		{"info pv e2e4 zz", "pv 1", "zz"},
	} {
		_, err := ParseInfo(start, tc.line)
		var ime *IllegalMoveError
		if !errors.As(err, &ime) || ime.Where != tc.where || ime.Move != tc.move {
			t.Errorf("ParseInfo(%q) = %v, want an illegal %s at %s", tc.line, err, tc.move, tc.where)
		}
	}
	// A PV stops where the game ends: a move after the king exploded is illegal.
	p := atomic.MustParseFEN("rnb5/pp4pp/2p5/N4pK1/3P2k1/8/PP4PP/5R2 w - - 0 1")
	if _, err := ParseInfo(p, "info pv a5b7"); err != nil {
		t.Error(err)
	}
	if _, err := ParseInfo(p, "info pv f1f5 a7a6"); err == nil {
		t.Error("a PV past the end of the game was read")
	}
}

// FuzzParseInfo: any line reads or fails with a typed error, never panics; a
// line that reads has legal moves and writes back (Text) to a line that reads
// as the same info.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 8 seldepth 8 multipv 1 score cp 3860 nodes 4151 nps 319307 tbhits 0 time 13 pv d7d5 d2d4",
		"info depth 3 score mate -2 lowerbound wdl 1 2 997 currmove e2e4 currmovenumber 1 hashfull 3",
		"info string classical evaluation enabled",
		"info refutation e2e4 e7e5 currline 1 e2e4 cpuload 10 sbhits 2 pv e2e4",
		"info depth 1 pv e2e4 e7e5 g1f3 b8c6 f3e5",
	} {
		f.Add(s)
	}
	start := atomic.StartingPosition()
	f.Fuzz(func(t *testing.T, line string) {
		info, err := ParseInfo(start, line)
		if err != nil {
			if !errors.Is(err, ErrProtocol) && !errors.Is(err, ErrIllegalMove) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		p := start
		for _, m := range info.PV {
			var err error
			if p, err = p.Play(m); err != nil {
				t.Fatalf("PV move %v: %v", m, err)
			}
		}
		text := info.Line(false)
		back, err := ParseInfo(start, text)
		if err != nil {
			t.Fatalf("%q → %q: %v", line, text, err)
		}
		if back.Line(false) != text {
			t.Fatalf("%q → %q → %q", line, text, back.Line(false))
		}
	})
}
