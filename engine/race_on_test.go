//go:build race

package engine

// raceEnabled: the tests run under the race detector (full sizes are then cut).
const raceEnabled = true
