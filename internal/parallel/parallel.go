package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// MaxWorkers is the most goroutines a worker count starts: each has its own
// state, so a count from outside (a flag, an option) must not decide the memory
// used.
const MaxWorkers = 256

// Workers returns n, or runtime.GOMAXPROCS(0) when n is 0 or less, at most
// MaxWorkers.
func Workers(n int) int {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return min(n, MaxWorkers)
}

// Sum counts the tasks 0..n-1 on min(Workers(workers), n) goroutines and returns the sum of
// their counts. newWorker is called once by each goroutine and returns the
// goroutine's count function (so that each can keep its own state): count(i) is
// task i's count, or an error, which stops the other goroutines once their
// current task is done and is returned with a sum of 0. progress, if not nil, is
// called after each task counted, with the number of tasks done so far and n;
// calls are serialised and the number grows by one each time.
func Sum(n, workers int, newWorker func() func(i int) (uint64, error), progress func(done, total int)) (uint64, error) {
	var (
		total    atomic.Uint64
		next     atomic.Int64
		stop     atomic.Bool
		mu       sync.Mutex
		done     int
		firstErr error
		wg       sync.WaitGroup
	)
	for range min(Workers(workers), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			count := newWorker()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				c, err := count(i)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					stop.Store(true)
					mu.Unlock()
					return
				}
				total.Add(c)
				done++
				if progress != nil {
					progress(done, n)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	return total.Load(), nil
}
