package uci

import (
	"errors"
	"slices"
	"strings"
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

func TestParseBestMove(t *testing.T) {
	start := atomic.StartingPosition()
	best, ponder, err := ParseBestMove(start, "bestmove e2e4 ponder e7e5")
	if err != nil || best.UCI() != "e2e4" || ponder.UCI() != "e7e5" {
		t.Fatalf("%v %v %v", best, ponder, err)
	}
	for _, none := range []string{"bestmove (none)", "bestmove 0000"} {
		if b, p, err := ParseBestMove(start, none); err != nil || !b.IsZero() || !p.IsZero() {
			t.Errorf("%q: %v %v %v", none, b, p, err)
		}
	}
	if _, _, err := ParseBestMove(start, "bestmove"); !errors.Is(err, ErrProtocol) {
		t.Errorf("bestmove alone: %v", err)
	}
	_, _, err = ParseBestMove(start, "bestmove e2e4 ponder e2e4")
	var ime *IllegalMoveError
	if !errors.As(err, &ime) || ime.Where != "ponder" || !strings.HasPrefix(ime.FEN, "rnbqkbnr/pppppppp/8/8/4P3/") {
		t.Errorf("illegal ponder: %v", err)
	}
}

func TestParseOption(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Option
	}{
		{"option name Hash type spin default 16 min 1 max 33554432", Option{Name: "Hash", Type: Spin, Default: "16", Min: 1, Max: 33554432}},
		{"option name Skill Level type spin default 20 min -20 max 20", Option{Name: "Skill Level", Type: Spin, Default: "20", Min: -20, Max: 20}},
		{"option name Debug Log File type string default ", Option{Name: "Debug Log File", Type: String}},
		{"option name SyzygyPath type string default <empty>", Option{Name: "SyzygyPath", Type: String}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: Button}},
		{"option name Ponder type check default false", Option{Name: "Ponder", Type: Check, Default: "false"}},
		{"option name UCI_Variant type combo default chess var chess var atomic var king of the hill",
			Option{Name: "UCI_Variant", Type: Combo, Default: "chess", Vars: []string{"chess", "atomic", "king of the hill"}}},
	} {
		got, err := ParseOption(tc.line)
		if err != nil || got.Name != tc.want.Name || got.Type != tc.want.Type || got.Default != tc.want.Default ||
			got.Min != tc.want.Min || got.Max != tc.want.Max || !slices.Equal(got.Vars, tc.want.Vars) {
			t.Errorf("ParseOption(%q) = %+v, %v", tc.line, got, err)
		}
		back, err := ParseOption(got.String())
		if err != nil || back.String() != got.String() {
			t.Errorf("%q does not read back: %v", got.String(), err)
		}
	}
	for _, bad := range []string{
		"option", "option type spin default 1 min 0 max 2", "option name X", "option name X type wheel",
		"option name X type spin default 1", "option name X type spin default 5 min 0 max 2", "option name X type spin default 1 min a max 2",
		"option name X type check colour red", "info depth 1",
	} {
		if _, err := ParseOption(bad); !errors.Is(err, ErrProtocol) {
			t.Errorf("ParseOption(%q) = %v, want ErrProtocol", bad, err)
		}
	}
}

func TestOptionValidate(t *testing.T) {
	spin := Option{Name: "Hash", Type: Spin, Min: 1, Max: 64}
	combo := Option{Name: "V", Type: Combo, Vars: []string{"chess", "Atomic"}}
	check := Option{Name: "C", Type: Check}
	for _, tc := range []struct {
		o         Option
		in, out   string
		wantError bool
	}{
		{spin, "8", "8", false}, {spin, " 64", "64", false}, {spin, "65", "", true}, {spin, "0", "", true},
		{combo, "atomic", "Atomic", false}, {combo, "xiangqi", "", true},
		{check, "TRUE", "true", false}, {check, "1", "", true},
		{Option{Type: String}, "a b", "a b", false}, {Option{Type: String}, "a\rb", "", true},
	} {
		got, err := tc.o.Validate(tc.in)
		if got != tc.out || (err != nil) != tc.wantError || (err != nil && !errors.Is(err, ErrInvalidOption)) {
			t.Errorf("%s.Validate(%q) = %q, %v", tc.o.Name, tc.in, got, err)
		}
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

// FuzzParseOption: an option line reads or fails with ErrProtocol; one that
// reads writes back to the same option.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 16 min 1 max 33554432",
		"option name UCI_Variant type combo default chess var chess var atomic",
		"option name Debug Log File type string default ",
		"option name Clear Hash type button",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOption(line)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		back, err := ParseOption(o.String())
		if err != nil || back.String() != o.String() {
			t.Fatalf("%q → %q: %v", line, o.String(), err)
		}
		o.Validate(o.Default)
	})
}
