// Package uciserver is the engine's side of the UCI protocol for Atomic chess:
// it reads a GUI's commands (cutechess-cli, lichess-bot, any UCI GUI), keeps the
// position and the options, manages the clock, and runs a search through the
// small Searcher interface, writing its info lines and its best move. The
// command `pacosako uci` serves it with the engine package's search.
//
// Bad input never ends the session: an unknown command, an option that does
// not exist or does not fit, a FEN that does not read, an illegal move in
// "position" are each answered with "info string …", and the state is left as
// it was.
package uciserver
