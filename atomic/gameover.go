package atomic

// overError returns the error for input (a move's text, or a Move's UCI) read,
// written or played in p when p's game has ended with no move left to play —
// a king exploded, checkmate or stalemate: a *MoveError wrapping ErrGameOver
// whose Reason names the result, as the root package's readers and Play give
// after a Paco, and as Game gives after any ending. It is nil while p has legal
// moves (legal are p's); a position drawn by insufficient material keeps its
// moves, as python-chess lists them (a Game refuses them: its game has ended).
func (p *Position) overError(input string, legal []Move) *MoveError {
	if len(legal) > 0 {
		return nil
	}
	o := p.Outcome()
	if !o.IsOver() {
		return nil
	}
	return &MoveError{Input: input, FEN: p.FEN(), Err: ErrGameOver, Reason: "the game has ended (" + o.String() + ")"}
}
