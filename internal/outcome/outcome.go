package outcome

// Kind is an ending, or Running, as players are told it: the union of the two
// games' terminations.
type Kind uint8

// The endings. Which side a phrase names is the table's business: the winner
// ("White wins by Paco") or the loser ("Black resigned").
const (
	Running              Kind = iota
	Paco                      // a piece united with the enemy king (Paco Ŝako)
	KingExploded              // a king was exploded (Atomic)
	Checkmate                 // the side to move is in check and cannot move (Atomic)
	Stalemate                 // draw: the side to move cannot move (Atomic)
	InsufficientMaterial      // draw: neither side can win (Atomic)
	NoProgress                // draw: too many half-moves without progress (both)
	Repetition                // draw: the same position too often (both)
	Resignation               // the loser resigned
	Agreement                 // draw by agreement
	Timeout                   // the loser ran out of time
	TimeoutDraw               // draw: a player ran out of time, but the other could not have won
	AllUnited                 // draw: every piece but the kings stands in a union (Paco Ŝako)
	KingsUnited               // draw: the two kings stand in one union (Paco Ŝako)
)

// names says whom a phrase starts with.
const (
	nobody = iota
	winner
	loser
)

// phrases is the vocabulary: for each Kind, the side named first and the rest.
var phrases = [...]struct {
	who  uint8
	text string
}{
	Running:              {nobody, "running"},
	Paco:                 {winner, " wins by Paco"},
	KingExploded:         {loser, "'s king exploded"},
	Checkmate:            {winner, " wins by checkmate"},
	Stalemate:            {nobody, "drawn by stalemate"},
	InsufficientMaterial: {nobody, "drawn by insufficient material"},
	NoProgress:           {nobody, "drawn by the no-progress rule"},
	Repetition:           {nobody, "drawn by repetition"},
	Resignation:          {loser, " resigned"},
	Agreement:            {nobody, "drawn by agreement"},
	Timeout:              {loser, " ran out of time"},
	TimeoutDraw:          {nobody, "drawn on time"},
	AllUnited:            {nobody, "drawn: every piece but the kings united"},
	KingsUnited:          {nobody, "drawn: the kings united"},
}

// Words returns the words for an ending of kind k won by the side named winner
// (its opponent named loser; both ignored for draws and Running), or "" for a
// Kind outside the table.
func Words(k Kind, winnerName, loserName string) string {
	if int(k) >= len(phrases) {
		return ""
	}
	switch p := phrases[k]; p.who {
	case winner:
		return winnerName + p.text
	case loser:
		return loserName + p.text
	default:
		return p.text
	}
}
