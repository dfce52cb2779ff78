//go:build race

package pacosako

const raceEnabled = true
