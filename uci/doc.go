// Package uci drives UCI chess engines that play Atomic chess from Go, as
// python-chess's chess.engine does: Start runs an engine's process and makes
// the handshake (its name, author and options, typed: Option), selects Atomic
// chess (UCI_Variant), and gives an Engine whose methods are the protocol's
// exchanges — SetOption, IsReady, NewGame, Go (a game's position, limits, the
// engine's info lines and its best move), Stop and Close.
//
// Every call is bounded by the caller's context and by Config.Timeout, and
// every move the engine gives — the best move, the ponder move, each PV and
// currmove — is checked against package atomic before it is returned: an
// illegal one is an *IllegalMoveError naming the move and the position. An
// engine that crashes, falls silent or breaks the protocol is an *EngineError
// (ErrCrashed, ErrTimeout, ErrProtocol), never a hang; its process is killed
// and reaped, so none is left behind.
//
// The line parsers (ParseInfo, ParseBestMove, ParseOption) and the writers
// (Info.Line, Option.String, MoveText) serve an engine's side of the protocol
// too.
//
// Paco Ŝako has no UCI engines, so the package serves Atomic chess only.
package uci
