package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// summary is a match's figures, from engine 0's side.
type summary struct {
	games         int
	wins, draws   int // engine 0's wins, and the draws
	losses        int
	whiteWins     [2]int // wins with White, by engine
	blackWins     [2]int
	illegal       [2]int // games lost by an illegal move, by engine
	timeLosses    [2]int
	crashes       [2]int
	longest       [2]time.Duration // the longest move of each engine
	moves         [2]int
	over          [2]int // moves longer than the movetime and 100 ms
	terminations  map[string]int
	plies         int
	score         float64 // engine 0's points
	elo, eloError float64 // the Elo difference and its 95 % margin (NaN when it cannot be said)
}

func summarize(results []gameResult) summary {
	s := summary{games: len(results), terminations: map[string]int{}}
	var sq float64
	for _, r := range results {
		p := r.score()
		s.score += p
		sq += p * p
		switch p {
		case 1:
			s.wins++
		case 0:
			s.losses++
		default:
			s.draws++
		}
		o := r.record.Game.Outcome()
		if w, ok := o.Won(); ok {
			winner := r.white ^ int(w)
			if int(w) == 0 {
				s.whiteWins[winner]++
			} else {
				s.blackWins[winner]++
			}
		}
		switch r.fault {
		case illegalMove:
			s.illegal[r.culprit]++
			s.terminations["illegal move"]++
		case timeLoss:
			s.timeLosses[r.culprit]++
			s.terminations["loss on time"]++
		case crash:
			s.crashes[r.culprit]++
			s.terminations["crash"]++
		default:
			s.terminations[o.Termination.String()]++
		}
		s.plies += r.record.Game.Len()
		for i := range 2 {
			s.longest[i] = max(s.longest[i], r.longest[i])
			s.moves[i] += r.moves[i]
			s.over[i] += r.over[i]
		}
	}
	s.elo, s.eloError = math.NaN(), math.NaN()
	if n := float64(s.games); n > 0 {
		mean := s.score / n
		sd := math.Sqrt(max(sq/n-mean*mean, 0))
		clamp := func(x float64) float64 { return min(max(x, 0.5/n), 1-0.5/n) } // half a game from a whole score
		lo, hi := clamp(mean-1.96*sd/math.Sqrt(n)), clamp(mean+1.96*sd/math.Sqrt(n))
		s.elo = eloOf(mean)
		s.eloError = (eloOf(hi) - eloOf(lo)) / 2
	}
	return s
}

// eloOf is the Elo difference that expects the score fraction x.
func eloOf(x float64) float64 {
	if x <= 0 || x >= 1 {
		return math.NaN()
	}
	return -400 * math.Log10(1/x-1)
}

// writeReport writes the match's figures.
func writeReport(w io.Writer, cfg *config, s summary) {
	a, b := cfg.engines[0].name, cfg.engines[1].name
	fmt.Fprintf(w, "%s vs %s: %d games, %s, %s\n", a, b, s.games, cfg.openingWords(), cfg.timeControl())
	if s.games == 0 {
		return
	}
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d (W - L - D)  %.1f/%d = %.1f %%\n", a, b, s.wins, s.losses, s.draws,
		s.score, s.games, 100*s.score/float64(s.games))
	if !math.IsNaN(s.elo) {
		fmt.Fprintf(w, "Elo difference: %+.0f ± %.0f (95 %%)\n", s.elo, s.eloError)
	}
	for i, name := range []string{a, b} {
		over := ""
		if cfg.moveTime > 0 {
			over = fmt.Sprintf(", %d over the movetime by more than 100 ms", s.over[i])
		}
		fmt.Fprintf(w, "%s: %d wins with White, %d with Black; illegal moves %d, losses on time %d, crashes %d; %d moves, the longest %v%s\n",
			name, s.whiteWins[i], s.blackWins[i], s.illegal[i], s.timeLosses[i], s.crashes[i], s.moves[i], s.longest[i].Round(time.Millisecond), over)
	}
	keys := make([]string, 0, len(s.terminations))
	for k := range s.terminations {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, s.terminations[k])
	}
	fmt.Fprintf(w, "Endings: %s; %.1f half-moves a game\n", strings.Join(parts, ", "), float64(s.plies)/float64(s.games))
}

// openingWords says where the games start.
func (cfg *config) openingWords() string {
	where := "the start position"
	if cfg.openings == "chess960" {
		where = "Chess960 starts"
	}
	return fmt.Sprintf("openings from %s after %d random half-moves (seed %d), colours swapped", where, cfg.plies, cfg.seed)
}
