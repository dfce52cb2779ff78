//go:build !unix

package engine

import "time"

var processStart = time.Now()

// cpuTime returns the wall time since the process started, where the CPU
// time is not at hand.
func cpuTime() time.Duration { return time.Since(processStart) }
