package pacosako

import (
	"context"
	"fmt"

	"github.com/pacosako-go/pacosako/internal/parallel"
)

// PerftOptions configures PerftContext.
type PerftOptions struct {
	// Workers is the number of goroutines that count; 0 or less means
	// runtime.GOMAXPROCS(0), more than 256 means 256 (each has its own state).
	Workers int
	// Limits bounds the search of every position (see Limits).
	Limits Limits
	// Progress, if not nil, is called each time one of the subtrees the count was
	// split into is done, with the number done so far and the total; calls are
	// serialised and done grows by one each time.
	Progress func(done, total int)
}

// perftTasksPerWorker is how many subtrees per worker the first plies are split
// into, so that uneven subtrees still keep every worker busy to the end.
const perftTasksPerWorker = 64

// PerftContext is Perft spread over several goroutines, bounded and cancellable: the
// first plies are expanded until there are enough subtrees (at least 64 per worker,
// while more than one ply remains below them), and the workers count the subtrees.
// The result is the same as Perft's for any number of workers. It returns ctx.Err()
// if ctx is done when it is called or while it counts, a *SearchLimitError if some
// position's search holds more than opt.Limits.MaxStates states, and then a count of
// 0. A nil ctx is never done.
func PerftContext(ctx context.Context, p Position, depth int, opt PerftOptions) (uint64, error) {
	if err := ctxDone(ctx); err != nil {
		return 0, err
	}
	switch {
	case depth <= 0:
		return 1, nil
	case depth > MaxPerftDepth:
		return 0, fmt.Errorf(prefix+"%w: %d", ErrPerftDepth, depth)
	}
	workers := parallel.Workers(opt.Workers)
	// Split: the positions at the first plies, each to be counted to depth d.
	tasks, d := []Position{p}, depth
	split := newBounds(ctx, opt.Limits)
	s := getSearcher()
	s.lim = split
	for d > 1 && len(tasks) < perftTasksPerWorker*workers {
		var next []Position
		for i := range tasks {
			s.search(&tasks[i], nil)
			if split.err != nil {
				putSearcher(s)
				return 0, split.err
			}
			for j := range s.results {
				next = append(next, s.results[j].pos)
			}
		}
		tasks, d = next, d-1
	}
	putSearcher(s)

	return parallel.Sum(len(tasks), workers, func() func(int) (uint64, error) {
		lim := newBounds(ctx, opt.Limits) // one per worker: bounds are not shared
		return func(i int) (uint64, error) {
			n := perftWithin(&tasks[i], d, lim)
			return n, lim.err
		}
	}, opt.Progress)
}
