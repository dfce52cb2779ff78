package ucifake

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/atomic"
	"github.com/pacosako-go/pacosako/internal/ucipos"
)

// Env is the environment variable that names the fake's mode.
const Env = "PACOSAKO_UCIFAKE"

// Flag, followed by the mode, is the argument that names the fake's mode.
const Flag = "-ucifake="

// Mode returns the mode the environment (Env) or the arguments (Flag) name,
// "" for none: then the program is not the fake.
func Mode(args []string) string {
	if m := os.Getenv(Env); m != "" {
		return m
	}
	for _, a := range args {
		if m, ok := strings.CutPrefix(a, Flag); ok {
			return m
		}
	}
	return ""
}

// The modes. A mode may end in "@N": it misbehaves from its Nth search on
// (counted from 1) and plays well before ("crash@3").
const (
	Good       = "good"       // answers correctly, at once: a winning capture or mate when there is one, else a move drawn from the position's hash
	Illegal    = "illegal"    // its best move is not legal
	IllegalPV  = "illegalpv"  // an info's PV has an illegal move; its best move is legal
	Garbage    = "garbage"    // info lines that do not read, and unrelated lines, around a correct answer
	Slow       = "slow"       // sleeps 3 s before it answers a go, ignoring stop
	Late       = "late"       // sleeps 200 ms before it answers a go, ignoring stop
	Silent     = "silent"     // reads everything, writes nothing
	Crash      = "crash"      // writes to standard error and exits with status 3 on go
	CrashStart = "crashstart" // exits with status 4 before the handshake
	NoAtomic   = "noatomic"   // its UCI_Variant has no atomic
	NoVariant  = "novariant"  // it has no UCI_Variant option
	LongLine   = "longline"   // a 2 MiB info line on go
	NoStop     = "nostop"     // an infinite search that does not answer stop
	IgnoreQuit = "ignorequit" // stays on after quit
	None       = "none"       // bestmove (none) where there are moves
)

// Run plays the fake engine on in and out until quit or the end of in, and
// returns the exit status.
func Run(mode string, in io.Reader, out io.Writer, errw io.Writer) int {
	from := 1
	if m, n, ok := strings.Cut(mode, "@"); ok {
		mode = m
		if k, err := strconv.Atoi(n); err == nil {
			from = k
		}
	}
	if mode == CrashStart {
		fmt.Fprintln(errw, "fake engine: crashing at start")
		return 4
	}
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) {
		if mode != Silent {
			fmt.Fprintf(w, format+"\n", args...)
			w.Flush()
		}
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 1<<16), 1<<24)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	game := atomic.NewGame(atomic.StartingPosition())
	searches := 0
	multiPV := 1
	for line := range lines {
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "uci":
			say("id name ucifake %s", mode)
			say("id author the pacosako tests")
			switch mode {
			case NoAtomic:
				say("option name UCI_Variant type combo default chess var chess var crazyhouse")
			case NoVariant:
			default:
				say("option name UCI_Variant type combo default chess var chess var atomic var crazyhouse")
			}
			say("option name UCI_Chess960 type check default false")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("option name MultiPV type spin default 1 min 1 max 10")
			say("option name Skill Level type spin default 20 min -20 max 20")
			say("option name Clear Hash type button")
			say("option name Debug Log File type string default <empty>")
			if mode == Garbage {
				say("option name Broken type sideways")
				say("hello from the garbage engine")
			}
			say("uciok")
		case "isready":
			say("readyok")
		case "setoption":
			if len(words) >= 5 && strings.EqualFold(strings.Join(words[2:len(words)-2], " "), "MultiPV") {
				multiPV, _ = strconv.Atoi(words[len(words)-1])
			}
		case "ucinewgame":
		case "position":
			g, err := ucipos.Read(words[1:])
			if err != nil {
				say("info string %v", err)
				continue
			}
			game = g
		case "go":
			searches++
			bad := searches >= from
			if !bad {
				say("%s", answer(game, multiPV))
				continue
			}
			switch mode {
			case Crash:
				fmt.Fprintln(errw, "fake engine: segmentation violation (not really)")
				return 3
			case Illegal:
				say("info depth 1 score cp 0 pv %s", answerMove(game).UCI())
				say("bestmove %s", illegalMove(game.Position()))
			case IllegalPV:
				say("info depth 1 score cp 0 pv %s %s", answerMove(game).UCI(), "a1a1")
				say("bestmove %s", answerMove(game).UCI())
			case Garbage:
				say("info depth x score cp 10")
				say("info score centipawns 30")
				say("info nodes -5")
				say("info string garbage follows")
				say("not a protocol line at all")
				say("%s", answer(game, multiPV))
			case Slow, Late:
				time.Sleep(map[string]time.Duration{Slow: 3 * time.Second, Late: 200 * time.Millisecond}[mode])
				say("%s", answer(game, multiPV))
			case LongLine:
				say("info string %s", strings.Repeat("x", 2<<20))
				say("%s", answer(game, multiPV))
			case NoStop:
				// never answers
			case None:
				say("bestmove (none)")
			default:
				if slicesContains(words, "infinite") {
					// Wait for stop.
					for l := range lines {
						if strings.TrimSpace(l) == "stop" {
							break
						}
						if strings.TrimSpace(l) == "quit" {
							return 0
						}
					}
				}
				say("%s", answer(game, multiPV))
			}
		case "stop":
		case "quit":
			if mode == IgnoreQuit {
				continue
			}
			return 0
		}
	}
	if mode == IgnoreQuit {
		time.Sleep(time.Hour)
	}
	return 0
}

func slicesContains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// answerMove is the fake's choice: a move that wins at once (a king exploded
// or mated), else one drawn from the position's hash; zero when there is none.
func answerMove(g atomic.Game) atomic.Move {
	p := g.Position()
	moves := p.Moves()
	if len(moves) == 0 {
		return atomic.Move{}
	}
	for _, m := range moves {
		after, _ := p.Play(m)
		if o := after.Outcome(); o.IsOver() {
			if w, ok := o.Won(); ok && w == p.Turn() {
				return m
			}
		}
	}
	h := p.Hash()
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return moves[h%uint64(len(moves))]
}

// answer is the fake's info lines and bestmove for g: multiPV lines at depth
// 1 and 2, each a PV of two moves where there is a reply.
func answer(g atomic.Game, multiPV int) string {
	p := g.Position()
	best := answerMove(g)
	if best.IsZero() {
		return "info depth 0 score mate 0\nbestmove (none)"
	}
	var b strings.Builder
	moves := p.Moves()
	for depth := 1; depth <= 2; depth++ {
		k := 0
		for i := 0; i < multiPV && i < len(moves); i++ {
			m := best
			if i > 0 {
				if moves[k] == best {
					k++
				}
				if k >= len(moves) {
					break
				}
				m = moves[k]
				k++
			}
			pv := m.UCI()
			after, _ := p.Play(m)
			if r := answerMove(atomic.NewGame(after)); !r.IsZero() && depth == 2 {
				pv += " " + r.UCI()
			}
			fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score cp %d nodes %d nps 1000 time %d pv %s\n",
				depth, depth+1, i+1, 10*(depth-i), 20*depth, depth, pv)
		}
	}
	b.WriteString("bestmove " + best.UCI())
	return b.String()
}

// illegalMove is a move in UCI that is not legal in p: a piece of the side not
// to move moved, or a king's jump.
func illegalMove(p atomic.Position) string {
	them := p.Turn() ^ 1
	for s := pacosako.Square(0); s < 64; s++ {
		if c, _, ok := p.At(s); ok && c == them {
			to := (s + 8) % 64
			return s.String() + to.String()
		}
	}
	return "a1a1"
}
