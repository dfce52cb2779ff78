package atomic

import (
	"context"
	"fmt"
	syncatomic "sync/atomic"

	"github.com/pacosako-go/pacosako/internal/parallel"
)

// PerftOptions configures PerftContext.
type PerftOptions struct {
	// Workers is the number of goroutines that count; 0 or less means
	// runtime.GOMAXPROCS(0), more than 256 means 256.
	Workers int
	// Progress, if not nil, is called each time one of the subtrees the count was
	// split into is done, with the number done so far and the total; calls are
	// serialised and done grows by one each time.
	Progress func(done, total int)
}

// perftTasksPerWorker is how many subtrees per worker the first plies are split
// into, so that uneven subtrees still keep every worker busy to the end.
const perftTasksPerWorker = 64

// PerftContext is Perft spread over several goroutines and cancellable: the first
// plies are expanded until there are enough subtrees (at least 64 per worker,
// while more than one ply remains below them), and the workers count the
// subtrees. The result is the same as Perft's for any number of workers. It
// returns ctx.Err() and a count of 0 if ctx is done when it is called or while it
// counts (the workers notice within a few thousand positions). A nil ctx is never
// done.
func PerftContext(ctx context.Context, p Position, depth int, opt PerftOptions) (uint64, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	switch {
	case depth <= 0:
		return 1, nil
	case depth > MaxPerftDepth:
		return 0, fmt.Errorf(prefix+"%w: %d", ErrPerftDepth, depth)
	}
	workers := parallel.Workers(opt.Workers)
	tasks, d := []Position{p}, depth
	for d > 1 && len(tasks) < perftTasksPerWorker*workers {
		var next []Position
		var buf [maxMoves]Move
		for i := range tasks {
			for _, m := range tasks[i].appendMoves(buf[:0]) {
				next = append(next, tasks[i].play(m))
			}
		}
		tasks, d = next, d-1
	}

	var stop syncatomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	return parallel.Sum(len(tasks), workers, func() func(int) (uint64, error) {
		return func(i int) (uint64, error) {
			n := perftStoppable(tasks[i], d, &stop)
			if stop.Load() {
				return 0, ctx.Err()
			}
			return n, nil
		}
	}, opt.Progress)
}

// perftStoppable is perft that gives up (with a partial count) once stop is set,
// looking at it at every position at least three plies above the leaves.
func perftStoppable(p Position, depth int, stop *syncatomic.Bool) uint64 {
	if depth < 3 {
		return perft(p, depth)
	}
	if stop.Load() {
		return 0
	}
	var buf [maxMoves]Move
	var n uint64
	for _, m := range p.appendMoves(buf[:0]) {
		n += perftStoppable(p.play(m), depth-1, stop)
	}
	return n
}
