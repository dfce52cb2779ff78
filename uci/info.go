package uci

import (
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako/atomic"
)

// Bound says whether a score is exact or a bound of the true one.
type Bound uint8

// The bounds of a score.
const (
	Exact Bound = iota // the score
	Lower              // at least the score ("lowerbound")
	Upper              // at most the score ("upperbound")
)

// String returns "", "lowerbound" or "upperbound", the protocol's words.
func (b Bound) String() string {
	switch b {
	case Lower:
		return "lowerbound"
	case Upper:
		return "upperbound"
	}
	return ""
}

// Score is an engine's evaluation from the side to move's view: centipawns, or
// a forced win (Mate, Value > 0: the side to move wins in Value moves) or loss
// (Value < 0, or 0: it has lost already). In Atomic chess a "mate" is any
// forced end: an explosion of the king or a checkmate.
type Score struct {
	Mate  bool
	Value int // centipawns, or moves (not half-moves) to the end
	Bound Bound
}

// CP returns a score of n centipawns.
func CP(n int) Score { return Score{Value: n} }

// MateIn returns a forced win in n moves (a loss for n ≤ 0).
func MateIn(n int) Score { return Score{Mate: true, Value: n} }

// String returns the score as an info line writes it: "cp 35", "mate -3",
// "cp 20 lowerbound".
func (s Score) String() string {
	kind := "cp "
	if s.Mate {
		kind = "mate "
	}
	out := kind + strconv.Itoa(s.Value)
	if s.Bound != Exact {
		out += " " + s.Bound.String()
	}
	return out
}

// Fields says which fields an info line gave.
type Fields uint32

// The fields of an info line.
const (
	HasDepth Fields = 1 << iota
	HasSelDepth
	HasMultiPV
	HasScore
	HasWDL
	HasNodes
	HasNPS
	HasHashFull
	HasTBHits
	HasTime
	HasCurrMove
	HasCurrMoveNumber
	HasPV
	HasString
)

// Info is one "info" line of an engine: what it says about its search. Fields
// tells which of the fields the line had (a zero value may be a value given).
// The moves are the library's, checked: CurrMove legal in the position searched,
// PV a line of legal moves from it.
type Info struct {
	Fields         Fields
	Depth          int
	SelDepth       int
	MultiPV        int // the line's rank, from 1
	Score          Score
	WDL            [3]int // wins, draws, losses per mille, from the side to move's view
	Nodes          int64
	NPS            int64
	HashFull       int // per mille
	TBHits         int64
	Time           time.Duration // the search's time so far (milliseconds on the wire)
	CurrMove       atomic.Move
	CurrMoveNumber int
	PV             []atomic.Move
	Text           string // the text after "string", which takes the rest of the line
}

// Has reports whether the line gave every field of f.
func (i Info) Has(f Fields) bool { return i.Fields&f == f }

// infoKeys are the keywords of an info line; a PV's moves run to the next one.
var infoKeys = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "pv": true, "multipv": true,
	"score": true, "currmove": true, "currmovenumber": true, "hashfull": true, "nps": true,
	"tbhits": true, "sbhits": true, "cpuload": true, "string": true, "refutation": true,
	"currline": true, "wdl": true, "lowerbound": true, "upperbound": true,
}

// maxPV bounds the moves of a PV read (a line longer is cut, not an error).
const maxPV = 256

// ParseInfo reads an engine's "info" line about a search of root. Unknown
// tokens are skipped, as the protocol asks; refutation, currline, cpuload and
// sbhits are read past. The error is a *ParseError (wrapping ErrProtocol) for a
// known keyword without a proper value (a number that does not read or is
// negative, a score that is not "cp N" or "mate N"), an *IllegalMoveError for a
// currmove that is not a legal move of root or a PV that is not a line of legal
// moves from root (naming the move and the position it was played in).
func ParseInfo(root atomic.Position, line string) (Info, error) {
	words, offs := fields(line)
	if len(words) == 0 || words[0] != "info" {
		return Info{}, &ParseError{Line: line, Reason: "not an info line"}
	}
	var info Info
	fail := func(reason string) (Info, error) { return Info{}, &ParseError{Line: line, Reason: reason} }
	num := func(i int, key string) (int64, error) {
		if i >= len(words) {
			return 0, &ParseError{Line: line, Reason: key + " without a value"}
		}
		n, err := strconv.ParseInt(words[i], 10, 64)
		if err != nil || n < 0 {
			return 0, &ParseError{Line: line, Reason: key + " " + strconv.Quote(words[i]) + " is not a number ≥ 0"}
		}
		return n, nil
	}
	small := func(i int, key string) (int, error) {
		n, err := num(i, key)
		if err == nil && n > 1<<31-1 {
			return 0, &ParseError{Line: line, Reason: key + " " + words[i] + " is too large"}
		}
		return int(n), err
	}
	for i := 1; i < len(words); {
		key := words[i]
		var err error
		switch key {
		case "depth":
			info.Depth, err = small(i+1, key)
			info.Fields |= HasDepth
			i += 2
		case "seldepth":
			info.SelDepth, err = small(i+1, key)
			info.Fields |= HasSelDepth
			i += 2
		case "multipv":
			info.MultiPV, err = small(i+1, key)
			if err == nil && info.MultiPV == 0 {
				return fail("multipv counts from 1")
			}
			info.Fields |= HasMultiPV
			i += 2
		case "nodes":
			info.Nodes, err = num(i+1, key)
			info.Fields |= HasNodes
			i += 2
		case "nps":
			info.NPS, err = num(i+1, key)
			info.Fields |= HasNPS
			i += 2
		case "tbhits":
			info.TBHits, err = num(i+1, key)
			info.Fields |= HasTBHits
			i += 2
		case "hashfull":
			info.HashFull, err = small(i+1, key)
			info.Fields |= HasHashFull
			i += 2
		case "currmovenumber":
			info.CurrMoveNumber, err = small(i+1, key)
			info.Fields |= HasCurrMoveNumber
			i += 2
		case "sbhits", "cpuload":
			_, err = num(i+1, key)
			i += 2
		case "time":
			var ms int64
			ms, err = num(i+1, key)
			if err == nil && ms > int64(time.Duration(1<<63-1)/time.Millisecond) {
				return fail("time " + words[i+1] + " is too large")
			}
			info.Time = time.Duration(ms) * time.Millisecond
			info.Fields |= HasTime
			i += 2
		case "score":
			if i+2 >= len(words) || (words[i+1] != "cp" && words[i+1] != "mate") {
				return fail("score wants cp N or mate N")
			}
			n, perr := strconv.Atoi(words[i+2])
			if perr != nil || n > 1<<31-1 || n < -(1<<31-1) {
				return fail("score " + words[i+1] + " " + strconv.Quote(words[i+2]) + " is not an integer")
			}
			info.Score = Score{Mate: words[i+1] == "mate", Value: n}
			info.Fields |= HasScore
			i += 3
			if i < len(words) && (words[i] == "lowerbound" || words[i] == "upperbound") {
				info.Score.Bound = map[string]Bound{"lowerbound": Lower, "upperbound": Upper}[words[i]]
				i++
			}
		case "wdl":
			for k := range 3 {
				info.WDL[k], err = small(i+1+k, key)
				if err != nil {
					break
				}
			}
			info.Fields |= HasWDL
			i += 4
		case "currmove":
			if i+1 >= len(words) {
				return fail("currmove without a move")
			}
			m, merr := root.ParseUCI(words[i+1])
			if merr != nil {
				return Info{}, &IllegalMoveError{Move: words[i+1], FEN: root.FEN(), Where: "currmove", Err: merr}
			}
			info.CurrMove = m
			info.Fields |= HasCurrMove
			i += 2
		case "pv":
			j := i + 1
			for j < len(words) && !infoKeys[words[j]] {
				j++
			}
			pv, perr := playLine(root, words[i+1:min(j, i+1+maxPV)], "pv")
			if perr != nil {
				return Info{}, perr
			}
			info.PV = pv
			info.Fields |= HasPV
			i = j
		case "refutation", "currline":
			i++
			for i < len(words) && !infoKeys[words[i]] {
				i++
			}
		case "string":
			// The rest of the line, as written after "string ".
			info.Text = ""
			if i+1 < len(words) {
				info.Text = strings.TrimRight(line[offs[i+1]:], " \t\r\n")
			}
			info.Fields |= HasString
			i = len(words)
		default:
			i++ // an unknown token
		}
		if err != nil {
			return Info{}, err
		}
	}
	return info, nil
}

// fields splits a line at white space (as strings.Fields does) and returns the
// words with their byte offsets.
func fields(line string) (words []string, offs []int) {
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			words = append(words, line[i:j])
			offs = append(offs, i)
		}
		i = j
	}
	return words, offs
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// playLine reads UCI moves played one after the other from p, each checked.
func playLine(p atomic.Position, words []string, where string) ([]atomic.Move, error) {
	if len(words) == 0 {
		return nil, nil
	}
	out := make([]atomic.Move, 0, len(words))
	for k, w := range words {
		m, err := p.ParseUCI(w)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			return nil, &IllegalMoveError{Move: w, FEN: p.FEN(), Where: where + " " + strconv.Itoa(k), Err: err}
		}
		out = append(out, m)
	}
	return out, nil
}

// MoveText returns m in UCI as an engine reads it: Move.UCI, except that in
// Chess960 mode castling is written king takes rook ("e1h1"), as UCI_Chess960
// asks.
func MoveText(m atomic.Move, chess960 bool) string {
	if chess960 && m.IsCastling() {
		return m.From().String() + m.CastlingRook().String()
	}
	return m.UCI()
}

// Line returns the info line that gives the fields of i (Fields), in the
// order engines write them, moves as MoveText writes them. The string (Text)
// is last, as it takes the rest of the line.
func (i Info) Line(chess960 bool) string {
	b := []byte("info")
	num := func(f Fields, key string, n int64) {
		if i.Has(f) {
			b = append(b, ' ')
			b = append(b, key...)
			b = append(b, ' ')
			b = strconv.AppendInt(b, n, 10)
		}
	}
	num(HasDepth, "depth", int64(i.Depth))
	num(HasSelDepth, "seldepth", int64(i.SelDepth))
	num(HasMultiPV, "multipv", int64(i.MultiPV))
	if i.Has(HasScore) {
		b = append(b, " score "+i.Score.String()...)
	}
	if i.Has(HasWDL) {
		b = append(b, " wdl "+strconv.Itoa(i.WDL[0])+" "+strconv.Itoa(i.WDL[1])+" "+strconv.Itoa(i.WDL[2])...)
	}
	num(HasNodes, "nodes", i.Nodes)
	num(HasNPS, "nps", i.NPS)
	num(HasHashFull, "hashfull", int64(i.HashFull))
	num(HasTBHits, "tbhits", i.TBHits)
	num(HasTime, "time", i.Time.Milliseconds())
	if i.Has(HasCurrMove) {
		b = append(b, " currmove "+MoveText(i.CurrMove, chess960)...)
	}
	num(HasCurrMoveNumber, "currmovenumber", int64(i.CurrMoveNumber))
	if i.Has(HasPV) {
		b = append(b, " pv"...)
		for _, m := range i.PV {
			b = append(b, ' ')
			b = append(b, MoveText(m, chess960)...)
		}
	}
	if i.Has(HasString) {
		b = append(b, " string "+i.Text...)
	}
	return string(b)
}
