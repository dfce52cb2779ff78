// Package parallel is the worker pool both games' parallel perft counts with:
// tasks (the subtrees of the first plies) handed out one at a time to a few
// goroutines, their counts summed, progress reported, the first error stopping
// the rest.
package parallel
