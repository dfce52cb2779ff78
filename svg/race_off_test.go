//go:build !race

package svg

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
