//go:build race

package atomic

// raceEnabled: the tests run under the race detector, about ten times slower;
// the full sizes (PACOSAKO_FULL=1) stay at the default ones then.
const raceEnabled = true
