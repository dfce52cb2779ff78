package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// optionList is a repeatable NAME=VALUE flag.
type optionList struct{ list *[][2]string }

func (o optionList) String() string { return "" }
func (o optionList) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	*o.list = append(*o.list, [2]string{strings.TrimSpace(name), value})
	return nil
}

// run plays the match the arguments describe and returns the exit status: 0,
// 1 when the match could not be played (an engine that does not start, a file
// that cannot be written), 2 for a usage error.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &config{progress: stderr}
	var cmd [2]string
	for i := range 2 {
		n := fmt.Sprint(i + 1)
		fs.StringVar(&cmd[i], "engine"+n, "", "engine "+n+"'s command: its path and arguments, separated by spaces")
		fs.StringVar(&cfg.engines[i].name, "name"+n, "", "engine "+n+"'s name in the report and the PGN (default: the command's file name)")
		fs.Var(optionList{&cfg.engines[i].options}, "option"+n, "a UCI option of engine "+n+", NAME=VALUE (repeatable)")
	}
	fs.IntVar(&cfg.games, "games", 20, "games in all, an even number: each opening is played twice, colours swapped")
	fs.StringVar(&cfg.openings, "openings", "start", "start (the start position) or chess960 (a Chess960 start), then -plies random half-moves")
	fs.IntVar(&cfg.plies, "plies", 8, "random half-moves played before the engines take over")
	fs.Uint64Var(&cfg.seed, "seed", 1, "the seed of the openings")
	fs.DurationVar(&cfg.moveTime, "movetime", 0, "a move's time (default 100ms when neither -nodes nor -tc is given)")
	fs.Int64Var(&cfg.nodes, "nodes", 0, "a move's nodes")
	tc := fs.String("tc", "", "a clock for each player, BASE+INC (10s+100ms)")
	fs.DurationVar(&cfg.margin, "margin", 100*time.Millisecond, "how much longer than -movetime a move may take before it loses on time")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "how long an engine may be silent beyond its time (and a move's bound with -nodes)")
	fs.IntVar(&cfg.concurrency, "concurrency", 1, "games played at once, each by its own pair of engine processes")
	fs.BoolVar(&cfg.claim, "claim", true, "claim the draw at a threefold repetition")
	pgnPath := fs.String("pgn", "", "write every game to this PGN file")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "match: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected arguments %q", fs.Args())
	}
	for i := range 2 {
		words := strings.Fields(cmd[i])
		if len(words) == 0 {
			return usage("-engine%d is required", i+1)
		}
		cfg.engines[i].path, cfg.engines[i].args = words[0], words[1:]
		if cfg.engines[i].name == "" {
			cfg.engines[i].name = filepath.Base(words[0])
		}
	}
	if cfg.engines[0].name == cfg.engines[1].name {
		cfg.engines[1].name += " (2)"
	}
	if *tc != "" {
		b, inc, ok := strings.Cut(*tc, "+")
		var err1, err2 error
		cfg.base, err1 = time.ParseDuration(b)
		if ok {
			cfg.inc, err2 = time.ParseDuration(inc)
		}
		if err1 != nil || err2 != nil || cfg.base <= 0 || cfg.inc < 0 {
			return usage("-tc %q: want BASE+INC, such as 10s+100ms", *tc)
		}
	}
	limits := 0
	for _, set := range []bool{cfg.moveTime != 0, cfg.nodes != 0, cfg.base != 0} {
		if set {
			limits++
		}
	}
	switch {
	case limits > 1:
		return usage("give one of -movetime, -nodes and -tc")
	case limits == 0:
		cfg.moveTime = 100 * time.Millisecond
	case cfg.moveTime < 0 || cfg.nodes < 0:
		return usage("-movetime and -nodes are positive")
	}
	switch {
	case cfg.games <= 0 || cfg.games%2 != 0:
		return usage("-games %d: want a positive even number", cfg.games)
	case cfg.openings != "start" && cfg.openings != "chess960":
		return usage("-openings %q: want start or chess960", cfg.openings)
	case cfg.plies < 0 || cfg.plies > 40:
		return usage("-plies %d: want 0 to 40", cfg.plies)
	case cfg.concurrency < 1:
		return usage("-concurrency %d: want 1 or more", cfg.concurrency)
	case cfg.timeout <= 0 || cfg.margin < 0:
		return usage("-timeout is positive and -margin not negative")
	}
	if *pgnPath != "" {
		f, err := os.Create(*pgnPath)
		if err != nil {
			fmt.Fprintf(stderr, "match: %v\n", err)
			return 1
		}
		defer f.Close()
		cfg.pgn = f
	}
	results, err := runMatch(ctx, cfg)
	writeReport(stdout, cfg, summarize(results))
	if err != nil {
		fmt.Fprintf(stderr, "match: %v\n", err)
		return 1
	}
	return 0
}
