package atomic

import (
	"math/rand/v2"
	"testing"
)

// TestPlayUncheckedKeepsHash: along random games from the vector positions
// (captures, castling, en passant and promotions among their moves), every
// position PlayUnchecked reaches keeps the pieces' keys of its board (the part
// of Hash kept incrementally), hashes as the position read from its FEN, and is
// the position Play gives.
func TestPlayUncheckedKeepsHash(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 1))
	plies := 0
	for _, p := range vectorPositions(t) {
		for range 4 {
			q := p
			for range 40 {
				if q.zob != q.pieceKeys() {
					t.Fatalf("%s: kept keys %016x, the board's %016x", q.FEN(), q.zob, q.pieceKeys())
				}
				if read := mustFEN(t, q.FEN()); read.Hash() != q.Hash() {
					t.Fatalf("%s: Hash %016x, read back from its FEN %016x", q.FEN(), q.Hash(), read.Hash())
				}
				moves := q.Moves()
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				next, err := q.Play(m)
				if err != nil || next != q.PlayUnchecked(m) {
					t.Fatalf("%s %v: Play %v (%v), PlayUnchecked %v", q.FEN(), m, next.FEN(), err, q.PlayUnchecked(m).FEN())
				}
				q = next
				plies++
			}
		}
		if testing.Short() && plies > 20000 {
			break
		}
	}
	t.Logf("%d half-moves played", plies)
}

// TestPlayUncheckedForeignMoves: a move of another position, or a made-up one,
// gives some position and never a panic; the zero Move gives p itself.
func TestPlayUncheckedForeignMoves(t *testing.T) {
	ps := vectorPositions(t)
	var moves []Move
	for _, p := range ps {
		moves = append(moves, p.Moves()...)
	}
	rng := rand.New(rand.NewPCG(34, 2))
	for i := range 20000 {
		p := ps[rng.IntN(len(ps))]
		m := moves[rng.IntN(len(moves))]
		if i%4 == 0 { // made up: any bytes
			m = Move{from: uint8(rng.IntN(256)), to: uint8(rng.IntN(256)), role: uint8(rng.IntN(8)),
				promo: uint8(rng.IntN(8)), captured: uint8(rng.IntN(8)), kind: uint8(rng.IntN(5)), blast: rng.Uint64()}
		}
		q := p.PlayUnchecked(m)
		_ = q.Hash()
		_ = q.FEN()
	}
	p := StartingPosition()
	if q := p.PlayUnchecked(Move{}); q != p {
		t.Errorf("PlayUnchecked(zero Move) = %s", q.FEN())
	}
}
