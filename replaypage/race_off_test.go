//go:build !race

package replaypage

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
