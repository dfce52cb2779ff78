// Command pacosako runs the pacosako library from the shell: perft counts, move
// lists, canonical FENs, Ŝako and threats, game replays and action-by-action play,
// for one position or a batch, in formats that can be diffed against the official
// engine's reference data.
//
// Usage:
//
//	pacosako perft [-depth N] [-divide] [-parallel] [-max-states N] [FEN|-]
//	pacosako moves [-max-states N] [FEN|-]
//	pacosako fen [-to engine|vchess|chess] [FEN|-]
//	pacosako sako [-max-states N] [FEN|-]
//	pacosako replay [-max-states N] [FILE|-]
//	pacosako notation [FILE|-]
//	pacosako annotate [-max-states N] [FILE|-]
//	pacosako play [-repetition N] [-noprogress N] [-max-states N] (FEN|start) [MOVE|ACTIONS...]
//	pacosako play [-repetition N] [-noprogress N] [-max-states N] -
//	pacosako convert [-from record|history|json|pacoplay] [-to record|history|json|san|coord|uci|replay] [-variant pacosako|atomic] [-max-states N] [FILE|-]
//	pacosako convert -to html [-o DIR] [-from FORMAT] [-variant pacosako|atomic] [-max-states N] [FILE|-]
//	pacosako convert -to html-embed [-from FORMAT] [-variant pacosako|atomic] [-max-states N] [FILE|-]
//	pacosako svg [-flip] [-coords] [-size N] [-arrows e2e4,...] [-chain MOVE [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] [FEN|fen:…:|-]
//	pacosako svg -variant atomic [-flip] [-coords] [-size N] [-arrows e2e4,...] [-move 'MOVE...' [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] [FEN|start|fen:…:|-]
//	pacosako svg -grid N [-flip] [-coords] [-size N] -
//	pacosako validate [FEN|-]
//	pacosako solve [-n N] [-chasing] [-color white|black] [-proof] [-max-states N] [-timeout D] [FEN|-]
//
// FEN is a position in any dialect pacosako.ParseFEN reads: the official engine's,
// a chess FEN (X-FEN or Shredder-FEN castling, read as a position without unions)
// or vchess.club's; as one argument (quoted) or, except for play, as its fields;
// without one, or with the word "start", the start position is used. With
// "-" the input is read from standard input, one item per line (empty lines and
// lines starting with '#' are skipped), and every output line starts with the input
// line as read (or quoted, see "Input in output and messages" below):
//
//	perft:  <fen>\t<count>
//	moves:  <fen>\t<fen after the move>\t<actions>\t<chain SAN>   (one line per move)
//	fen:    <fen>\t<canonical fen>
//	sako:   <fen>\t<White gives Ŝako 0/1>\t<Black gives Ŝako 0/1>\t<squares White threatens>\t<squares Black threatens>
//	play:   <fen|start>\t<moves>\t<result columns below>
//
// For a single FEN, perft prints the count alone, and perft -divide prints one line
// per move, <actions>\t<fen after>\t<count>, then the total. perft -parallel counts
// on every core (the counts do not change) and, when standard error is a terminal
// and the count takes more than a second, shows its progress there; -depth is 0 to
// 64 (pacosako.MaxPerftDepth), and one that will take long gets a warning (see
// "Long counts" below). -max-states bounds the
// search of every position (see "Bounds" below). moves prints nothing for a
// position without moves (a game that is over). Actions are written as
// in the reference data: Lift(e2) Place(e4) Promote(Queen). sako prints the same
// columns as in batch mode (the first five columns of sako.tsv); square lists are
// sorted by name (a1, a2, … h8).
//
// replay reads action histories, one game per line as <name>\t<start>\t<actions>
// (the format of game_histories.tsv; start is a FEN, "new" for the standard start
// position with repetition draws off, as the engine creates new games, or "start"
// for it with repetition draws on, as play reads them), and prints
// for every game a row 0 for the start, a row per completed half-move and a row
// INCOMPLETE for an unfinished one: <name>\t<half-move>\t<actions>\t<fen after>\t<legal
// moves, or - when incomplete>\t<result> (the first six columns of games.tsv).
//
// notation reads the same action histories and writes every half-move in the
// official engine's replay notation (catalogue §13.1), one line per half-move:
// <name>\t<half-move>\t<labels separated by spaces>, e.g. "Qd8>Pd5 >d4" or
// "=N :Rh1>Nh8 >g6" (the game, half_move and labels columns of notation.tsv; an
// unfinished last half-move is numbered as the next one).
//
// annotate reads the same action histories and writes every half-move as the
// official engine annotates a replay (ANALYSIS.md §1–3), in the thirteen columns of
// notation.tsv: <game>\t<half_move>\t<move_number>\t<player>\t<labels>\t
// <action_indices>\t<actions>\t<gives_sako>\t<missed_paco>\t
// <gives_opponent_paco_opportunity>\t<paco_in_2_found>\t<paco_in_2_missed>\t
// <opening> (flags 0 or 1; action indices 1-based, comma separated). The games of a
// file are annotated on every core and written in their order.
//
// play plays its arguments in turn from the start and prints one line for the
// state after the last one: <fen>\t<legal actions now, sorted by square name, or
// ->\t<number of legal moves at the start of a turn, else ->\t<result>\t<White gives
// Ŝako 0/1>\t<Black gives Ŝako 0/1>. An argument with a parenthesis is actions,
// one or several separated by spaces ("Lift(e2) Place(e4)", Promote(Queen)),
// applied one by one with the official engine's action-level checks (a place into
// a dead end is accepted; after it no action is legal). Any other argument is one
// move: chain SAN if it reads as a legal move in the current position (e4, exd5,
// Bxe4,Ne4xc3,Qc3xc6, whose steps may also be separated by spaces), else coordinate
// notation (e2e4, f3e4c3c6); so "play start e4 d5 exd5", "play start 'Lift(e2)
// Place(e4)' d5" and "play start e2e4 d7d5" all work. A half-move may be left
// unfinished by actions; the next argument is then actions or a move that finishes
// it (after Lift(e2): e4, Pe2-e4, or the coordinate form -e4, which as an argument
// must follow "--", as in "play start Lift(e2) -- -e4"). A blank argument plays
// nothing. In a batch (-), lines are <start>\t<moves> and the words of the second
// column, separated by white space, are the arguments: a chain's steps are joined
// there by commas (with or without spaces around them; a "+" or "#" suffix may
// stand apart), since steps separated by spaces alone would be separate moves.
// Nothing after an argument that cannot be played is played; the message (on
// standard error, and in a batch in the line's error column) names the argument
// by its number (from 1, after the start) and its text, then gives the library's
// reason (argument 3 "Nf9": invalid move notation …: neither actions … nor chain SAN … nor coordinate notation …;
// argument 1 "Lift(e2) Place(e5)": action 2: illegal action: …). The start
// "start" is the standard position, the same game as its FEN: the third
// repetition draws; "new" is the official engine's new game (DenseBoard::new()),
// with repetition draws off, as -repetition 0 makes any start. -repetition N
// draws on the Nth occurrence; -noprogress sets the no-progress limit (0 = off).
//
// convert reads games (PGN game records, action histories in the format of
// game_histories.tsv, pacoplay JSON action logs as <name>\t<start>\t<log> lines, or
// pacoplay.com's match states, JSON objects; the format is detected when -from is
// not given) and writes them as game records, histories, JSON logs, chain SAN or
// coordinate lines (<name>\t<start>\t<half-moves>), or in the replay notation. Every
// move is checked; a game that cannot be read is reported with its number and where
// (for records: line and column), and the other games are converted.
//
// The <start> column of the line formats is written so that the line reads back
// as the same game: "new", or a FEN in the dialect that carries the game's rules
// — the engine's for the Pacoplay rules, vchess's for Vchess and VchessPacoplay —
// read with the third repetition drawing. What no start column carries is not
// dropped silently: a game by other rules (Rulebook, or a rule switched on or off,
// or a no-progress limit changed, as a record's Rules tag may say) is reported
// for the game, with what keeps them: -to record, or -rules naming them (then
// only games by those rules are written, and the lines must be read with the
// same -rules); so is a game whose repetition limit (a record's Repetition tag,
// a pacoplay match's draw_after_n_repetitions) decides how it ends, where the
// column's would end it otherwise.
//
// convert reads Atomic chess records too, in the same stream as Paco Ŝako's: each
// record's Variant tag picks its game ("Atomic", "Atomic960", "Atomic chess":
// Atomic; none, or "Standard", "Chess960", "Paco Ŝako" and the other values Paco
// Ŝako records carry: Paco Ŝako; another value is reported for its game), and
// -variant atomic makes a record without a Variant tag Atomic. An Atomic game is
// written as a record ([Variant "Atomic"], as lichess and python-chess write it),
// or in the columns of san, coord and uci, its start a chess FEN and its moves in
// SAN or UCI: -to coord writes each game in its own coordinate notation (UCI for
// Atomic), -to uci refuses Paco Ŝako games (UCI cannot write their chains).
// Atomic games have no actions: -to history, json and replay report each Atomic
// game, as a game that cannot be read is reported, and convert the others. -to
// html and html-embed write Atomic games as replay pages too (below).
//
// convert -to html writes every game as a replay page (package replaypage: one
// self-contained HTML file, no network needed, to step through the game by click or
// key, with a record's comments, NAGs and variations, whose moves show their
// positions when clicked) into the directory -o names (default: the current one; made if absent), and
// prints each file's path on standard output once the file is complete. A file is
// named after its game — the Event tag of a record (else "game N"), "pacoplay
// <GameId>" for a pacoplay match, the name column of a history line — with every
// character but letters, digits, '-', '_' and '.' made '-' ("pacoplay 13103" →
// pacoplay-13103.html), and numbered when an earlier game of the input has the same
// name (x.html, x-2.html, …); an existing file of that name is replaced. A game that
// cannot be read has no page; the others have theirs, and the exit status is 1.
// convert -to html-embed writes the games to standard output instead, each as one
// <div> and one <script> to paste into another page (several may share one).
// An Atomic game's page is the same page with its moves in SAN and the board as
// svg -variant atomic draws it; a capture shows its explosion on the position
// after it: the squares the blast reached tinted orange and the pieces it removed
// faded on the squares they stood on (fading out as the reader steps onto it),
// and the status line names them. Games of both games may share an input and a
// host page.
//
// svg draws the position as an SVG image (package svg) on standard output. FEN may
// also be a rules-page diagram, "fen:<board> <marks>:", whose marks are drawn as dots
// (White to move, no castling rights). -flip puts Black at the bottom, -coords adds
// the coordinates, -size sets the width and height in pixels (default: only a
// viewBox), -arrows draws arrows ("e2e4", "e4e4" a circle, "Re2e4" in red: G, R, Y,
// B), -chain draws a move of the position (chain SAN or coordinate notation) as a
// chain, -marks adds dots. With "-" the FEN is read from the single line of standard
// input. -animate draws the -chain move being played instead, as an SVG animation
// (SMIL, no script) that starts from the still drawing with the chain and loops;
// -once plays it once, -step sets the time of one step of the chain (800ms) and
// -hold how long the positions before and after the move are shown (1s), each
// from 10ms to 10m (package svg, Animate). A renderer without SMIL shows the still.
// -after draws the position after the -chain move instead, the move's squares
// tinted.
//
// svg -variant atomic draws an Atomic chess position (svg.RenderAtomic) with the
// same flags: FEN is a chess FEN, "start" (the default) or a fen:…: diagram (White
// to move, no castling rights; a union is an error). -move gives a move of the
// position in SAN or UCI ("Nxb7", "a5b7"), drawn with its explosion: its path,
// the squares its blast reaches tinted, the pieces it removes faded; several moves
// separated by spaces ("Nc3 d6 Nd5 e5 Nxc7") are played in turn and the last is
// drawn. -after draws the position after the move instead (its squares tinted,
// the blast marked), -animate plays it (svg.AnimateAtomic: the piece carried, then
// the blast tinted as the exploded pieces fade), with -once, -step and -hold as
// above. -chain, -grid and -rules are Paco Ŝako's and do not go with -variant
// atomic; -move does not go without it.
//
// -grid N draws a sheet of diagrams instead, N a row (svg.Sheet), from standard
// input, one diagram a line: a FEN or fen:…: diagram (its marks drawn as dots),
// then optionally a tab and its caption (one line of text under the board); empty
// lines and '#' lines are skipped. -flip turns every board, -coords gives every
// board coordinates, -size sets the sheet's width; -chain, -animate, -arrows and
// -marks do not go with -grid. A line that holds no diagram is reported by its
// number ("line 3: invalid FEN …"), and then no sheet is drawn; so is the 1001st
// diagram (a sheet holds at most 1,000).
//
// validate checks that positions are legal Paco Ŝako positions under their rules
// (Position.Validate) and prints exactly one line per input line: <fen>\tok, or
// <fen>\t<reason>,<reason>,… naming every problem, also for a FEN that does not
// parse (its parse error is the reason). In a batch, empty lines and '#' lines are
// echoed unchanged instead of skipped. Invalid positions are not reported on
// standard error; the exit status is 1 if any line is not ok.
//
// solve looks for a forced Paco (pacosako.Solve): the smallest number of moves n,
// up to -n (default 3), in which the attacker, the side to move, unites with the
// enemy king whatever the defender does, counting the Paco itself; a defence that
// draws (the no-progress limit) refutes. It prints one line per position:
// <fen>\t<attacker White or Black>\t<n, or - when none within -n>\t<number of
// winning first moves>\t<the positions they lead to, as engine FENs sorted
// bytewise and joined by " | ", or ->\t<the shortest action path among them
// (fewest actions, then the smallest string), or ->. -color makes white or black
// the attacker by giving it the move; nothing else changes (en passant square,
// castling rights and counter stay; a promotion the other side owes waits for its
// turn). -chasing admits only
// attacking moves that give Ŝako and leave the defender none: with -n 2 it is the
// official engine's chasing Paco in 2 (the reference data's chase2.tsv). -proof
// prints below the line, for every winning first move, its proof tree in chain
// SAN, indented two spaces a half-move: the attacking move, under it every
// defence, under each the winning reply, down to the Paco. A position that cannot
// be searched (the defender's king missing, a king in a union, a piece in the hand
// with -chasing or -color, a search over -max-states) is reported on standard
// error. -timeout (default 1m) stops the search of a position that takes longer,
// with a message that says how far it came (no forced Paco in up to n moves, the
// positions searched), and the batch goes on; -timeout 0 lets it run. When
// standard error is a terminal and a search takes more than a second, solve shows
// its progress there on one line, rewritten in place (the n being searched, the
// positions searched so far, the time), as perft -parallel does. An attacker
// without a king can still force a Paco: its position is searched. A position read from a FEN is never over (a king in a union is
// reported); -chasing -n 2 reports a Paco in 1 as n = 1 where the engine's chasing
// Paco in 2 has none.
//
// Every command takes -rules pacoplay|rulebook|vchess|vchesspacoplay (after the
// command's name): the rule set to play by instead of the one the FEN gives (an
// engine or chess FEN gives Pacoplay; a vchess FEN, whose fourth field is four
// letters a–i, gives Vchess, or VchessPacoplay with five fields). FENs are printed in
// the dialect of an engine or vchess input, so moves and perft -divide on vchess FENs
// print vchess FENs as vchess's reference data does; for a chess FEN input they are
// printed in the engine dialect, since the positions after a move usually hold
// unions. A position a vchess FEN cannot hold (a piece in the hand, in replay's and
// play's unfinished moves) is printed in the engine dialect too. fen prints the
// input's dialect, or the one -to names (see pacosako.Position.FENIn for what each
// cannot hold).
//
// perft, moves, fen, play and validate take -variant atomic (default -variant
// pacosako): the same command on Atomic chess (package atomic), whose positions
// are chess FENs and whose moves are written in UCI and SAN; the columns are in
// atomic.go's doc comment. convert's -variant only names the game of records
// without a Variant tag (see convert above).
//
// Flags go after the command's name, before or after its arguments ("pacosako perft
// -depth 3 FEN" or "pacosako perft FEN -depth 3"); a command line that starts with a
// flag is answered with the line meant ("flags go after the command: pacosako perft
// -depth 3").
//
// # Errors and exit status
//
// An input that cannot be read, or an illegal action or move, is reported on
// standard error naming the problem, and the other lines of a batch still run; in a
// batch (-), fen and play also answer such a line on standard output with
// <input>\terror: <reason>.
// fen -to vchess refuses a position with a piece in the hand, which vchess's FEN
// cannot hold, and fen -to chess a position with unions, a piece in the hand, a
// pending promotion, or castling rights or an en passant square that do not fit the
// board.
//
// Every message on standard error is one line that starts with "pacosako <command>: "
// ("pacosako: " before the command is known) and says where the problem is (the flag,
// the game and action or half-move, the FEN field), what was wrong and, where it
// can, what would be right. A library error appears after that prefix without its
// own "pacosako: ".
//
// The exit status is 0 when every input was served, 2 for a usage error and 1 for
// input that cannot be served:
//
//   - 2, before anything runs and with nothing on standard output: no command or an
//     unknown one, a flag before the command, an unknown flag, a flag value that is
//     wrong whatever the input (not a number, a negative limit, an unknown -rules,
//     -to or -from, convert's -o without -to html, -arrows or -marks that are not
//     squares, a -chain that is no move in chain SAN or coordinate notation), a
//     wrong number of arguments ("-" with other arguments, two files, play without a
//     start).
//   - 1: input that depends on what is read: a FEN, diagram, history line, record or
//     action that does not parse, an illegal action or move (also a -chain move that
//     is not legal in the position drawn), a file or standard input that cannot be
//     read, a directory convert -o cannot make or a page it cannot write, a search
//     over -max-states, a solve over -timeout, a position solve cannot search, a position fen -to vchess
//     or -to chess cannot write, svg with no position or more than one on standard
//     input, and validate's invalid positions.
//
// # Bounds
//
// A position built so that nearly every piece stands in a union can have tens of
// millions of moves, whose search takes gigabytes (docs/worst-cases.md). Every
// command that searches — moves, perft, sako, replay, play, annotate, convert and
// solve — is therefore bounded by default: -max-states N (default 1000000) is the
// most states one search of an input may hold (pacosako.Limits.MaxStates), about
// 1 GB of memory for the input at the bound (moves: 0.6 GB when the search stops
// there, up to about 1 GB with the moves written for a position just under it;
// perft, sako and the counts of replay and play: about 0.1 GB, up to 0.7 GB on a
// position that owes a promotion, whose chains are searched whole). Every
// reference position needs fewer than 10,000 states, but positions reachable in
// play can need more than the bound (one with 1,671,445 moves was reached by
// random legal moves from the start): then the input is stopped, and -max-states
// 0 or a larger N serves it. solve's memory grows with the time it searches (its
// table of positions: about 0.7 GB after the default minute). An input over the bound is reported in
// one line, "search limit reached: the search held more than 1000000 states
// (-max-states 1000000, the default: about 1 GB of memory); -max-states 0 lifts the
// limit", after the input (for replay the game and half-move, for play the
// argument or the count that hit it); the exit status is then 1, and the next
// input of the batch is served. -max-states 0 lifts the bound. The bound counts per
// search: perft bounds each position it counts, solve each of its move and threat
// searches (its time is bounded by -timeout), and moves and annotate work on as
// many inputs at once as there are cores, each with its own bound. Reading and
// writing a move (play, convert) searches only the moves of the pieces its text
// could mean, each search under the bound; annotate bounds each search of each
// half-move.
//
// # Input in output and messages
//
// Input is never copied raw into what the command writes: every output line and every
// message stays one line of printable text, however long or binary the input. No
// control character (C0, DEL, C1: ESC, BEL, CSI U+009B, NEL U+0085 …), no U+2028 or
// U+2029 and no byte that is not UTF-8 from the input reaches standard output, a
// file written or standard error raw; one rule serves every command and format
// (package internal/textsafe):
//
//   - A message quotes input as a Go string literal (strconv.Quote: "a\tb",
//     "\x00\x1b", an invalid byte "\x92"), of at most its first 100 bytes, followed
//     by "…(N bytes)" when it is longer: "aaaa…aaaa"…(1048576 bytes). FEN and
//     notation errors quote the input as the library does (up to 160 bytes). Any
//     other character of a message that does not print is written as its Go escape
//     (\t, \x1b, \u2028). A message of more than 1000 bytes keeps its start and its
//     end.
//   - An output column that repeats input (the first column of a batch, play's
//     start and moves, a game's name) shows it as read when it is plain text —
//     valid UTF-8 of printable characters, without tab, carriage return or other
//     control characters, not starting with '"' — and either at most 100 bytes
//     long or a FEN or action list that was read successfully; otherwise it shows
//     the quoted form above. A column that starts with '"' is therefore always
//     quoted (strconv.Unquote reads it back unless it was shortened). Inputs like
//     the reference data's are plain, so their output is unchanged.
//   - A reason column (fen's and play's "error: …", validate's reasons) is one line of
//     printable text; a field its reason quotes is cut after 160 bytes, as in the
//     library's own messages.
//   - convert -to html prints paths whose file names keep only letters, digits,
//     '-', '_' and '.' of a game's name; -to html and -to html-embed write HTML, many
//     lines, in which a game's tags are text (escaped; since HTML cannot escape
//     control characters, each control character, U+2028 and U+2029 is a space and
//     invalid UTF-8 U+FFFD), as are svg -grid's captions in the SVG.
//   - convert -to record writes a PGN record: tag values are strings in which the
//     same characters are spaces (invalid UTF-8 U+FFFD), and a comment keeps a tab,
//     carriage return or line feed as a line break or a space, nothing else.
//
// # Long counts
//
// perft writes a warning on standard error, once, and counts anyway, when -depth
// would take more than about 30 s from the start position on the cores it uses (one,
// or every core with -parallel). Measured on a 2-core machine, perft(start, 6) takes
// 1.4 s and perft(start, 7) (3,302,355,455) about 32 s single-threaded (16 s with
// -parallel), and perft(start, 8) (89,823,602,732) 8.3 min with -parallel (15 min
// of processor time); each depth takes about 28 times longer than the one before.
// The warning comes for -depth 7 and more on one core and 8 and more with -parallel
// on 2 cores, and states the time expected ("-depth 8 takes about 9 min from the
// start position on 2 cores …"). Positions with more moves take longer, positions
// with fewer shorter.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/pacosako-go/pacosako"
	"github.com/pacosako-go/pacosako/internal/errtext"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// What the command allocates lives for one input line's answer: collecting
		// a quarter as often saves about 5 % of a batch (moves -) for a few MB.
		debug.SetGCPercent(400)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  pacosako perft [-depth N] [-divide] [-parallel] [-max-states N] [FEN|-]
                                                count move sequences (perft)
  pacosako moves [-max-states N] [FEN|-]        list every legal move
  pacosako fen [-to engine|vchess|chess] [FEN|-]
                                                print the canonical FEN, or convert it
  pacosako sako [-max-states N] [FEN|-]        Ŝako flags and threatened squares
  pacosako replay [-max-states N] [FILE|-]      replay action histories half-move by half-move
  pacosako notation [FILE|-]                    write action histories in the engine's replay notation
  pacosako annotate [-max-states N] [FILE|-]    annotate action histories as the engine does (as notation.tsv)
  pacosako play [-repetition N] [-noprogress N] [-max-states N] (FEN|start) [MOVE|ACTIONS...]
  pacosako play [-repetition N] [-noprogress N] [-max-states N] -
                                                play moves (chain SAN, coordinates) or actions, print the state after them
  pacosako convert [-from FORMAT] [-to FORMAT] [-variant pacosako|atomic] [-max-states N] [FILE|-]
                                                convert and check games of either game: record, history, json, san, coord, uci, replay
  pacosako convert -to html [-o DIR] [-from FORMAT] [-variant pacosako|atomic] [-max-states N] [FILE|-]
                                                a replay page (HTML) per game of either game in DIR, default .; prints each file's path
  pacosako convert -to html-embed [-from FORMAT] [-variant pacosako|atomic] [-max-states N] [FILE|-]
                                                the games as replays to embed in a page (a <div> and a <script> each)
  pacosako svg [-flip] [-coords] [-size N] [-arrows e2e4,...] [-chain MOVE [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] [FEN|fen:…:|-]
                                                draw the position as an SVG image, or the move being played
  pacosako svg -variant atomic [-flip] [-coords] [-size N] [-arrows e2e4,...] [-move 'MOVE...' [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] [FEN|start|fen:…:|-]
                                                draw an Atomic chess position, or a move and its explosion
  pacosako svg -grid N [-flip] [-coords] [-size N] -
                                                draw a sheet of diagrams, N a row, one a line: FEN or fen:…:, tab, caption
  pacosako validate [FEN|-]                     check that positions are legal: ok or the reasons
  pacosako solve [-n N] [-chasing] [-color white|black] [-proof] [-max-states N] [-timeout D] [FEN|-]
                                                the shortest forced Paco: its length, winning first moves, proofs
FEN defaults to the start position (also written "start"); "-" reads one input per line from standard input.
Every command takes -rules pacoplay|rulebook|vchess|vchesspacoplay; perft, moves, fen, play and validate -variant atomic (Atomic chess);
convert reads both games' records, each by its Variant tag (-variant atomic: records without one are Atomic).
Every command that searches gives up on an input whose search holds more than -max-states states (default 1000000, about 1 GB; 0 = no limit), solve also on one searched longer than -timeout (default 1m).
`

// command is one subcommand.
type command interface {
	flags(fs *flag.FlagSet)
	check() error
	// single runs the command on its non-flag arguments (not "-").
	single(args []string, out *bufio.Writer, stderr reporter) bool
	// line runs the command on one line of standard input.
	line(line string, out *bufio.Writer, stderr reporter) bool
}

// commandNames are the subcommands, as run knows them.
var commandNames = []string{"perft", "moves", "fen", "sako", "replay", "notation", "annotate", "play", "convert", "svg", "validate", "solve"}

// run executes one command line and returns the exit status: 0, 1 for input that
// cannot be served (see the package doc), 2 for a usage error.
func run(args []string, stdin io.Reader, stdout, stderrW io.Writer) int {
	if len(args) == 0 {
		newReporter(stderrW, "").printf("no command given")
		fmt.Fprint(stderrW, usage)
		return 2
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-" && args[0] != "--" && !isHelp(args[0]) {
		return flagsFirst(args, stderrW)
	}
	args, status, handled := variant(args, stdin, stdout, stderrW) // -variant atomic: atomic.go
	if handled {
		return status
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	stderr := newReporter(stderrW, args[0])
	com := &common{}
	var cmd command
	switch args[0] {
	case "perft":
		cmd = fenCommand{&perftCmd{stderr: stderr}, com}
	case "moves":
		cmd = fenCommand{&movesCmd{stderr: stderr}, com}
	case "fen":
		cmd = fenCommand{&fenCmd{stderr: stderr}, com}
	case "sako":
		cmd = fenCommand{&sakoCmd{stderr: stderr}, com}
	case "replay":
		cmd = &replayCmd{stdin: stdin, com: com}
	case "notation":
		cmd = &notationCmd{stdin: stdin, com: com}
	case "annotate":
		cmd = &annotateCmd{stdin: stdin, com: com}
	case "play":
		cmd = &playCmd{com: com}
	case "convert":
		cmd = &convertCmd{stdin: stdin, com: com}
	case "svg":
		cmd = &svgCmd{com: com, stdin: stdin}
	case "validate":
		cmd = &validateCmd{stdin: stdin, com: com, args: args[1:]}
	case "solve":
		cmd = fenCommand{&solveCmd{stderr: stderr}, com}
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		newReporter(stderrW, "").printf("unknown command %s (want one of %s)", quote(args[0]), strings.Join(commandNames, ", "))
		fmt.Fprint(stderrW, usage)
		return 2
	}
	fs := flag.NewFlagSet("pacosako "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its messages are written by stderr, below
	cmd.flags(fs)
	fs.StringVar(&com.rulesName, "rules", "", "rule set: pacoplay, rulebook, vchess or vchesspacoplay (default: the FEN's; a vchess FEN has vchess's)")
	fs.Usage = func() {}
	printUsage := func() {
		for _, l := range strings.Split(usage, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "pacosako "+args[0]+" ") {
				fmt.Fprintln(stderrW, "usage:"+strings.TrimPrefix(l, " "))
			}
		}
		fs.SetOutput(stderrW)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	rest, err := parseInterspersed(fs, args[1:])
	if err == flag.ErrHelp {
		printUsage()
		return 0
	}
	if err != nil {
		stderr.printf("%v", err)
		printUsage()
		return 2
	}
	if err := cmd.check(); err != nil {
		stderr.printf("%v", err)
		return 2
	}
	if err := com.check(); err != nil {
		stderr.printf("%v", err)
		return 2
	}
	if len(rest) > 1 && rest[0] == "-" {
		stderr.printf("\"-\" (read standard input) is the only argument when given, got %d arguments", len(rest))
		return 2
	}
	if a, ok := cmd.(interface{ checkArgs(args []string) error }); ok && !(len(rest) == 1 && rest[0] == "-") {
		if err := a.checkArgs(rest); err != nil {
			stderr.printf("%v", err)
			return 2
		}
	}
	_, whole := cmd.(interface{ wholeInput() })
	if s, ok := cmd.(interface{ streams() bool }); ok { // with the flags given
		whole = s.streams()
	}
	if whole && len(rest) == 1 && rest[0] == "-" {
		rest = nil // the command reads standard input as one stream
	}
	if len(rest) == 1 && rest[0] == "-" {
		if fc, ok := cmd.(fenCommand); ok {
			if _, ok := fc.fenRunner.(cloner); ok {
				if !fc.parallelLines(stdin, out, stderr) {
					return 1
				}
				return 0
			}
		}
		if !eachLine(stdin, stderr, func(line string) bool { ok := cmd.line(line, out, stderr); out.Flush(); return ok }) {
			return 1
		}
		// A command that needs some input (svg draws exactly one position) says so.
		if e, ok := cmd.(interface{ endInput(stderr reporter) bool }); ok && !e.endInput(stderr) {
			return 1
		}
		return 0
	}
	if !cmd.single(rest, out, stderr) {
		return 1
	}
	return 0
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// flagsFirst answers a command line that starts with a flag: flags go after the
// command's name. It names the command line meant when one of the arguments is a
// command.
func flagsFirst(args []string, stderrW io.Writer) int {
	stderr := newReporter(stderrW, "")
	for i, a := range args {
		for _, name := range commandNames {
			if a == name {
				fixed := append(append([]string{"pacosako", name}, args[:i]...), args[i+1:]...)
				stderr.printf("flags go after the command: %s", shellLine(fixed))
				return 2
			}
		}
	}
	stderr.printf("no command given; flags go after the command's name, as in: pacosako <command> %s", shellLine(args))
	fmt.Fprint(stderrW, usage)
	return 2
}

// shellLine writes arguments as a shell command line: a word of letters, digits
// and -_.,/=:+ as it is, another in single quotes, a long one shortened to "…".
func shellLine(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		switch {
		case len(a) > echoLimit || !plain(a):
			words[i] = "'…'"
		case a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/=:+") == "":
			words[i] = a
		default:
			words[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// eachLine calls f for every line of r that is neither empty nor a '#' comment, and
// reports whether every call (and the reading) succeeded. Lines may be of any
// length; a line ends at "\n", and a "\r" before it is dropped.
func eachLine(r io.Reader, stderr reporter, f func(line string) bool) bool {
	ok := true
	br := bufio.NewReaderSize(r, 64*1024)
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") && !f(line) {
				ok = false
			}
		}
		if err == io.EOF {
			return ok
		}
		if err != nil {
			stderr.printf("reading input: %v", err)
			return false
		}
	}
}

// parseInterspersed parses flags anywhere among the arguments and returns the
// others in order ("-" is an argument, not a flag).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// common holds the flags every subcommand has.
type common struct {
	rulesName string
	rules     *pacosako.Rules // nil: the rules the FEN gives
}

// ruleSetReason is what is wrong with a -rules value: the library's reason
// without the value it quotes (ParseRules reads a preset name in any case, with
// switches and a no-progress limit as Rules.String writes them).
func ruleSetReason(err error, value string) string {
	reason := libError(err)
	if _, after, ok := strings.Cut(reason, strconv.Quote(errtext.Shorten(value))+": "); ok {
		return after
	}
	return reason
}

func (c *common) check() error {
	if c.rulesName == "" {
		return nil
	}
	r, err := pacosako.ParseRules(c.rulesName)
	if err != nil {
		return fmt.Errorf("-rules %s is not a rule set: %s", quote(c.rulesName), ruleSetReason(err, c.rulesName))
	}
	c.rules = &r
	return nil
}

// position reads a FEN, or the word "start" (or "new") for the start position, as
// every command reads its inputs, and applies -rules.
func (c *common) position(fen string) (pacosako.Position, error) {
	if t := strings.TrimSpace(fen); t == "start" || t == "new" {
		fen = pacosako.StartFEN
	}
	p, err := pacosako.ParseFEN(fen)
	if err == nil && c.rules != nil {
		p = p.WithRules(*c.rules)
	}
	return p, err
}

// fenCommand adapts a command that works on one position: the arguments (or each
// input line) are a FEN, the start position if there are none. FENs it prints are
// in the dialect of the input (outputDialect; fen: the input's, or -to's).
type fenCommand struct {
	fenRunner
	com *common
}

type fenRunner interface {
	flags(fs *flag.FlagSet)
	check() error
	// run runs the command on p, read from fen; d is the dialect to print FENs in.
	run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer)
}

// outputDialect is the dialect positions reached from the FEN start are printed in:
// the input's, except the engine dialect for a chess FEN (positions after a move
// usually hold unions, which a chess FEN cannot).
func outputDialect(start string) pacosako.FENDialect {
	if d := pacosako.DetectFENDialect(start); d != pacosako.ChessDialect {
		return d
	}
	return pacosako.EngineDialect
}

// fenIn writes p in dialect d, or in the engine dialect, which holds every
// position, when d cannot hold it (a vchess FEN has no hand).
func fenIn(p pacosako.Position, d pacosako.FENDialect) string {
	if s, err := p.FENIn(d); err == nil {
		return s
	}
	return p.FEN()
}

func (c fenCommand) single(args []string, out *bufio.Writer, stderr reporter) bool {
	fen, ok := fenArgument(args, stderr)
	return ok && c.do(fen, false, out, stderr)
}

// fenArgument returns the FEN a command's arguments give: the start position for
// none or the word "start" (as play reads it), else the arguments joined by spaces
// (a FEN given as its fields). An empty argument is reported.
func fenArgument(args []string, stderr reporter) (string, bool) {
	fen := strings.Join(args, " ")
	switch {
	case len(args) == 0 || fen == "start":
		return pacosako.StartFEN, true
	case strings.TrimSpace(fen) == "":
		stderr.printf("the FEN argument is empty (leave it out for the start position)")
		return "", false
	}
	return fen, true
}

func (c fenCommand) line(line string, out *bufio.Writer, stderr reporter) bool {
	return c.do(line, true, out, stderr)
}

// do runs the command on one FEN; it reports a parse error on standard error and
// returns false. fen, whose output is a verdict per line, answers the line with
// the error too.
func (c fenCommand) do(fen string, batch bool, out *bufio.Writer, stderr reporter) bool {
	p, err := c.com.position(fen)
	if err != nil {
		stderr.printf("%s", libError(err))
		if _, ok := c.fenRunner.(*fenCmd); ok && batch {
			fmt.Fprintf(out, "%s\terror: %s\n", echo(fen, false), reason(err))
		}
		return false
	}
	d := outputDialect(fen)
	if _, ok := c.fenRunner.(*fenCmd); ok {
		d = pacosako.DetectFENDialect(fen)
	}
	c.run(p, fen, d, batch, out)
	if f, ok := c.fenRunner.(interface{ failedLast() bool }); ok && f.failedLast() {
		return false
	}
	return true
}

// reason shortens a FEN error to its field and reason, one line of printable text.
func reason(err error) string {
	var fe *pacosako.FENError
	if errors.As(err, &fe) {
		return printable(fe.Field + ": " + shorten(fe.Reason))
	}
	return oneLine(libError(err))
}

type movesCmd struct {
	bound
	stderr reporter
	failed bool
}

// failedLast reports whether the last run failed (see fenCommand.do).
func (c *movesCmd) failedLast() bool { f := c.failed; c.failed = false; return f }

// clone makes moves run on several lines at once (parallelLines).
func (c *movesCmd) clone(stderr reporter) fenRunner {
	return &movesCmd{bound: c.bound, stderr: stderr}
}

func (c *movesCmd) run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer) {
	moves, err := p.MovesContext(context.Background(), c.limits())
	if err != nil {
		c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
		c.failed = true
		return
	}
	sans, _ := p.SANs(moves) // moves are p's own: no error
	in := echo(fen, true)
	for i, m := range moves {
		out.WriteString(in)
		out.WriteByte('\t')
		out.WriteString(fenIn(m.After(), d))
		out.WriteByte('\t')
		out.WriteString(m.String())
		out.WriteByte('\t')
		out.WriteString(sans[i])
		out.WriteByte('\n')
	}
}

type fenCmd struct {
	to     string
	stderr reporter
	failed bool
}

// failedLast reports whether the last run failed (see fenCommand.do).
func (c *fenCmd) failedLast() bool { f := c.failed; c.failed = false; return f }

func (c *fenCmd) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.to, "to", "", "dialect to write: engine, vchess or chess (default: the input's)")
}

// dialects are the values of fen -to.
var dialects = map[string]pacosako.FENDialect{
	"engine": pacosako.EngineDialect, "vchess": pacosako.VchessDialect, "chess": pacosako.ChessDialect,
}

func (c *fenCmd) check() error {
	if _, ok := dialects[c.to]; c.to != "" && !ok {
		return fmt.Errorf("-to must be engine, vchess or chess, got %q", c.to)
	}
	return nil
}

func (c *fenCmd) run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer) {
	if c.to != "" {
		d = dialects[c.to]
	}
	s, err := p.FENIn(d)
	if err != nil {
		// The dialect cannot hold the position (a chess FEN has no unions, a vchess
		// FEN no hand): say why instead of dropping part of it.
		msg := libError(err)
		c.stderr.printf("%s: %s", quote(fen), msg)
		if batch {
			fmt.Fprintf(out, "%s\terror: %s\n", echo(fen, true), msg)
		}
		c.failed = true
		return
	}
	if batch {
		fmt.Fprintf(out, "%s\t%s\n", echo(fen, true), s)
	} else {
		fmt.Fprintln(out, s)
	}
}

type sakoCmd struct {
	bound
	stderr reporter
	failed bool
}

// failedLast reports whether the last run failed (see fenCommand.do).
func (c *sakoCmd) failedLast() bool { f := c.failed; c.failed = false; return f }

func (c *sakoCmd) run(p pacosako.Position, fen string, d pacosako.FENDialect, batch bool, out *bufio.Writer) {
	ctx := context.Background()
	white, black, err := givesSako(ctx, p, c.bound)
	var threats [2]pacosako.Bitboard
	for i, col := range []pacosako.Color{pacosako.White, pacosako.Black} {
		if err == nil {
			threats[i], err = p.ThreatsContext(ctx, col, c.limits())
		}
	}
	if err != nil {
		c.stderr.printf("%s: %s", quote(fen), libError(c.wrap(err)))
		c.failed = true
		return
	}
	fmt.Fprintf(out, "%s\t%s\t%s\t%v\t%v\n", echo(fen, true), bit(white), bit(black), threats[0], threats[1])
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
