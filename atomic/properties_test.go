package atomic

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pacosako-go/pacosako"
)

// vectorPositions returns the positions of positions.tsv: the shared file when
// present, else the package's subset.
func vectorPositions(t *testing.T) []Position {
	t.Helper()
	path := filepath.Join(sharedTestdata, "positions.tsv")
	if !fileExists(path) {
		t.Logf("%s absent: the package's subset of the vector positions only", path)
		path = filepath.Join("testdata", "positions.tsv")
	}
	var ps []Position
	for _, r := range tsvRows(t, path) {
		ps = append(ps, mustFEN(t, r[0]))
	}
	return ps
}

// TestNotationRoundTrip: the SAN and the UCI of every legal move of every vector
// position (and of the positions one move further) read back to the same move,
// and so do the lenient spellings ParseSAN accepts.
func TestNotationRoundTrip(t *testing.T) {
	n := 0
	for _, p0 := range vectorPositions(t) {
		ps := []Position{p0}
		for _, m := range p0.Moves() {
			ps = append(ps, p0.play(m))
		}
		for _, p := range ps {
			for _, m := range p.Moves() {
				san, err := p.SAN(m)
				if err != nil {
					t.Fatal(err)
				}
				variants := []string{san, san + "!?", trimMarks(san)}
				if m.kind == castle {
					variants = append(variants, map[string]string{"O-O": "0-0", "O-O-O": "0-0-0"}[trimMarks(san)])
				} else if !m.IsCapture() && m.role != pawn+1 {
					variants = append(variants, string(pacosako.Role(m.role).Letter())+m.From().String()+"-"+m.To().String())
				}
				for _, v := range variants {
					got, err := p.ParseSAN(v)
					if err != nil || got != m {
						t.Fatalf("%s: ParseSAN(%q) = %v, %v; want %v (SAN %s)", p.FEN(), v, got, err, m, san)
					}
				}
				got, err := p.ParseUCI(m.UCI())
				if err != nil || got != m {
					t.Fatalf("%s: ParseUCI(%q) = %v, %v; want the same move", p.FEN(), m.UCI(), got, err)
				}
				n++
			}
		}
		if testing.Short() && n > 20000 {
			break
		}
	}
	t.Logf("%d moves read back from SAN and UCI", n)
}

func trimMarks(s string) string {
	for len(s) > 0 && (s[len(s)-1] == '+' || s[len(s)-1] == '#') {
		s = s[:len(s)-1]
	}
	return s
}

// TestMovesAgree: Moves, AllMoves, AppendMoves and MoveCount agree, and
// AppendCaptures gives the captures among them; Play and PlayUnchecked of every
// move give play's position; perft is the sum of divide; the
// parallel count is the serial one.
func TestMovesAgree(t *testing.T) {
	for i, p := range vectorPositions(t) {
		moves := p.Moves()
		var all []Move
		for m := range p.AllMoves() {
			all = append(all, m)
		}
		app := p.AppendMoves(make([]Move, 1, 2))[1:]
		if len(all) != len(moves) || len(app) != len(moves) || p.MoveCount() != len(moves) {
			t.Fatalf("%s: Moves %d, AllMoves %d, AppendMoves %d, MoveCount %d", p.FEN(), len(moves), len(all), len(app), p.MoveCount())
		}
		seen := map[Move]bool{}
		for j, m := range moves {
			if all[j] != m || app[j] != m || seen[m] {
				t.Fatalf("%s: move %d differs or repeats: %v %v %v", p.FEN(), j, m, all[j], app[j])
			}
			seen[m] = true
			q, err := p.Play(m)
			if err != nil || q != p.play(m) || q != p.PlayUnchecked(m) {
				t.Fatalf("%s: Play(%v): %v; PlayUnchecked gives %v", p.FEN(), m, err, p.PlayUnchecked(m).FEN())
			}
			if err := q.Validate(); err != nil && p.Validate() == nil {
				t.Errorf("%s: after %v: %v", p.FEN(), m, err)
			}
		}
		var captures []Move
		for _, m := range moves {
			if m.IsCapture() {
				captures = append(captures, m)
			}
		}
		if got := p.AppendCaptures(make([]Move, 1, 2))[1:]; !slices.Equal(got, captures) {
			t.Fatalf("%s: AppendCaptures %v, the captures of Moves %v", p.FEN(), got, captures)
		}
		if i%8 != 0 {
			continue
		}
		var sum uint64
		for _, e := range Divide(p, 3) {
			sum += e.Count
		}
		perft := Perft(p, 3)
		par, err := PerftContext(context.Background(), p, 3, PerftOptions{Workers: 3})
		if sum != perft || par != perft || err != nil {
			t.Errorf("%s: Perft 3 = %d, sum of Divide %d, PerftContext %d (%v)", p.FEN(), perft, sum, par, err)
		}
	}
}

// TestPerftContext: progress, cancellation and the count.
func TestPerftContext(t *testing.T) {
	p := StartingPosition()
	calls, last := 0, 0
	n, err := PerftContext(context.Background(), p, 4, PerftOptions{Workers: 2, Progress: func(done, total int) {
		calls++
		if done != calls || total != 400 {
			t.Errorf("Progress(%d, %d) at call %d", done, total, calls)
		}
		last = done
	}})
	if n != 197326 || err != nil || last != 400 {
		t.Errorf("PerftContext(start, 4) = %d, %v after %d subtrees", n, err, last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := PerftContext(ctx, p, 9, PerftOptions{}); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("PerftContext(cancelled) = %d, %v", n, err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	n, err = PerftContext(ctx, p, 7, PerftOptions{Progress: func(done, total int) { cancel() }})
	if n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("PerftContext cancelled while counting = %d, %v", n, err)
	}
	//lint:ignore SA1012 a nil ctx is documented as never done
	if n, err := PerftContext(nil, p, 2, PerftOptions{}); n != 400 || err != nil {
		t.Errorf("PerftContext(nil, 2) = %d, %v", n, err)
	}
}

// TestZeroAllocs: AppendMoves and AppendCaptures into a slice with room,
// MoveCount, Perft, Play, PlayUnchecked and Hash do not allocate.
func TestZeroAllocs(t *testing.T) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, maxMoves)
	if a := testing.AllocsPerRun(100, func() { buf = p.AppendMoves(buf[:0]) }); a != 0 {
		t.Errorf("AppendMoves: %v allocations", a)
	}
	if a := testing.AllocsPerRun(10, func() { Perft(p, 2) }); a != 0 {
		t.Errorf("Perft: %v allocations", a)
	}
	if a := testing.AllocsPerRun(100, func() { p.MoveCount() }); a != 0 {
		t.Errorf("MoveCount: %v allocations", a)
	}
	if a := testing.AllocsPerRun(100, func() { buf = p.AppendCaptures(buf[:0]) }); a != 0 {
		t.Errorf("AppendCaptures: %v allocations", a)
	}
	m := buf[0]
	var sink Position
	if a := testing.AllocsPerRun(100, func() { sink = p.PlayUnchecked(m) }); a != 0 {
		t.Errorf("PlayUnchecked: %v allocations", a)
	}
	if a := testing.AllocsPerRun(100, func() { sink, _ = p.Play(m) }); a != 0 {
		t.Errorf("Play: %v allocations", a)
	}
	var h uint64
	if a := testing.AllocsPerRun(100, func() { h ^= sink.Hash() }); a != 0 {
		t.Errorf("Hash: %v allocations", a)
	}
}
