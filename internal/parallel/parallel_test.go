package parallel

import (
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

func TestSum(t *testing.T) {
	calls := 0
	sum, err := Sum(100, 4, func() func(int) (uint64, error) {
		return func(i int) (uint64, error) { return uint64(i), nil }
	}, func(done, total int) {
		calls++
		if done != calls || total != 100 {
			t.Errorf("progress(%d, %d) at call %d", done, total, calls)
		}
	})
	if sum != 4950 || err != nil || calls != 100 {
		t.Errorf("Sum = %d, %v after %d progress calls", sum, err, calls)
	}
	stop := errors.New("stop")
	sum, err = Sum(100, 3, func() func(int) (uint64, error) {
		return func(i int) (uint64, error) {
			if i == 10 {
				return 0, stop
			}
			return 1, nil
		}
	}, nil)
	if sum != 0 || err != stop {
		t.Errorf("Sum with an error = %d, %v", sum, err)
	}
	if sum, err := Sum(0, 2, nil, nil); sum != 0 || err != nil {
		t.Errorf("Sum of no task = %d, %v", sum, err)
	}
	if Workers(0) != runtime.GOMAXPROCS(0) || Workers(3) != 3 {
		t.Errorf("Workers")
	}
}

// TestWorkersCeiling: a caller's worker count above MaxWorkers starts
// MaxWorkers goroutines, each with its state, and the sum is the same (issue 32:
// a count of a million started a million workers with their buffers).
func TestWorkersCeiling(t *testing.T) {
	if Workers(1<<20) != MaxWorkers || Workers(MaxWorkers) != MaxWorkers || Workers(MaxWorkers-1) != MaxWorkers-1 {
		t.Errorf("Workers(1<<20) = %d, Workers(%d) = %d", Workers(1<<20), MaxWorkers, Workers(MaxWorkers))
	}
	var made atomic.Int64
	sum, err := Sum(5000, 5000, func() func(int) (uint64, error) {
		made.Add(1)
		return func(i int) (uint64, error) { return uint64(i), nil }
	}, nil)
	if sum != 5000*4999/2 || err != nil || made.Load() > MaxWorkers {
		t.Errorf("Sum(5000 tasks, 5000 workers) = %d, %v with %d workers made, want at most %d", sum, err, made.Load(), MaxWorkers)
	}
}
