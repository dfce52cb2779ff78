// Package outcome holds the words both games of the module print for how a game
// stands or ended: one table, so that the same ending reads the same in Paco Ŝako
// and in Atomic chess ("White wins by Paco", "Black's king exploded", "drawn by
// repetition", "White resigned", "running"). The root package and package atomic
// map their own Termination values onto its Kind.
package outcome
