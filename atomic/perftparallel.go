package atomic

import (
	"context"
	"runtime"
	"sync"
	syncatomic "sync/atomic"
)

// PerftOptions configures PerftContext.
type PerftOptions struct {
	// Workers is the number of goroutines that count; 0 or less means runtime.GOMAXPROCS(0).
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
	if depth <= 0 {
		return 1, nil
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
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

	var (
		total syncatomic.Uint64
		next  syncatomic.Int64
		stop  syncatomic.Bool
		mu    sync.Mutex
		done  int
		wg    sync.WaitGroup
	)
	watch := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer watch()
	for range min(workers, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				n := perftStoppable(tasks[i], d, &stop)
				if stop.Load() {
					return
				}
				total.Add(n)
				if opt.Progress != nil {
					mu.Lock()
					done++
					opt.Progress(done, len(tasks))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return total.Load(), nil
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
