// Command match plays a match of Atomic chess between two UCI engines through
// package uci, checking every move with the library, and reports the score,
// wins, draws and losses, illegal moves, losses on time and crashes; every game
// is written as PGN. It is the project's harness for measuring engines
// (docs/engine.md, docs/benchmarks.md), not part of the library.
//
// Usage:
//
//	go run ./internal/cmd/match -engine1 CMD -engine2 CMD [flags]
//
// Each opening is played twice, the engines swapping colours: from the start
// position (or a Chess960 start, -openings chess960) after -plies random
// half-moves drawn from -seed, none ending the game and none leaving the side
// to move a win at once. Each move has -movetime (a move slower by more than
// -margin loses on time), -nodes, or a clock (-tc 10s+100ms). Games end as
// lichess ends them automatically (an exploded king, checkmate, stalemate,
// insufficient material, the fifth repetition, 100 half-moves without a
// capture or a pawn move) and, with -claim (the default), at a threefold
// repetition, claimed; an illegal move, a crash or a loss on time loses the
// game. A crashed engine is restarted for the next game.
package main
