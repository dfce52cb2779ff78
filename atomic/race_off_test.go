//go:build !race

package atomic

// raceEnabled: see race_on_test.go.
const raceEnabled = false
