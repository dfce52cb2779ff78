// Command pacosako runs the pacosako library from the shell, for both of its
// games — Paco Ŝako (the root package) and Atomic chess (package atomic,
// -variant atomic): perft counts, move lists, canonical FENs, threats and checks,
// game replays, annotations, forced wins, diagrams, and play move by move, for
// one position or a batch, in formats that can be diffed against the reference
// data (the official engine's, python-chess's).
//
// Usage:
//
//	pacosako perft [-variant pacosako|atomic] [-depth N] [-divide] [-parallel] [-max-states N] [-timeout D] [FEN|-]
//	pacosako moves [-variant pacosako|atomic] [-max-states N] [-timeout D] [FEN|-]
//	pacosako fen [-variant pacosako|atomic] [-to engine|vchess|chess] [FEN|-]
//	pacosako sako [-variant pacosako|atomic] [-max-states N] [-timeout D] [FEN|-]
//	pacosako replay [-max-states N] [-timeout D] [FILE|-]
//	pacosako notation [FILE|-]
//	pacosako annotate [-variant pacosako|atomic] [-max-states N] [-timeout D] [FILE|-]
//	pacosako play [-variant pacosako|atomic] [-repetition N] [-noprogress N] [-max-states N] [-timeout D] (FEN|start) [MOVE|ACTIONS...]
//	pacosako play [-variant pacosako|atomic] [-repetition N] [-noprogress N] [-max-states N] [-timeout D] -
//	pacosako convert [-variant pacosako|atomic] [-from FORMAT] [-to FORMAT] [-j N] [-max-states N] [FILE|-]
//	pacosako convert -to html [-o DIR] [-variant pacosako|atomic] [-from FORMAT] [-max-states N] [FILE|-]
//	pacosako convert -to html-embed [-variant pacosako|atomic] [-from FORMAT] [-j N] [-max-states N] [FILE|-]
//	pacosako convert -to gif [-o DIR] [-size N] [-coords] [-flip] [-variant pacosako|atomic] [-from FORMAT] [-max-states N] [FILE|-]
//	pacosako svg [-variant pacosako|atomic] [-format svg|png] [-flip] [-coords] [-size N] [-arrows e2e4,...] [-move 'MOVE...' [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] [-hide-sako] [-hide-paco] [-hide-check] [-style CSS] [FEN|start|fen:…:|-]
//	pacosako svg -format gif -move 'MOVE...' [-variant pacosako|atomic] [-once] [-step D] [-hold D] [-flip] [-coords] [-size N] [-arrows e2e4,...] [-marks a5,b7] [-hide-sako] [-hide-paco] [-hide-check] [FEN|start|fen:…:|-]
//	pacosako svg -grid N [-variant pacosako|atomic] [-flip] [-coords] [-size N] [-hide-sako] [-hide-paco] [-hide-check] [-style CSS] -
//	pacosako validate [-variant pacosako|atomic] [FEN|-]
//	pacosako solve [-variant pacosako|atomic] [-n N] [-chasing] [-color white|black] [-proof] [-max-states N] [-timeout D] [FEN|-]
//	pacosako search [-variant pacosako|atomic] [-depth N] [-nodes N] [-movetime D] [-multipv N] [-timeout D] [FEN|-]
//	pacosako uci [-variant atomic]
//
// Every command but replay and notation (which read Paco Ŝako's action
// histories) takes -variant pacosako|atomic, its value in any case: the command
// on Paco Ŝako (the default) or on Atomic chess, with the same flags, inputs,
// batches, bounds, messages and exit statuses, and the same columns where the
// games allow; "Atomic chess" below says what differs.
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
// moves, or - when incomplete>\t<result, spelled as the engine's VictoryState:
// Running, PacoVictory(White), RepetitionDraw, …> (the first six columns of
// games.tsv).
//
// notation reads the same action histories and writes every half-move in the
// official engine's replay notation (catalogue §13.1), one line per half-move:
// <name>\t<half-move>\t<labels separated by spaces>, e.g. "Qd8>Pd5 >d4" or
// "=N :Rh1>Nh8 >g6" (the game, half_move and labels columns of notation.tsv; an
// unfinished last half-move is numbered as the next one).
//
// annotate reads the same action histories and writes every half-move as the
// official engine annotates a replay (docs/analysis.md §1–3), in the thirteen columns of
// notation.tsv: <game>\t<half_move>\t<move_number>\t<player>\t<labels>\t
// <action_indices>\t<actions>\t<gives_sako>\t<missed_paco>\t
// <gives_opponent_paco_opportunity>\t<paco_in_2_found>\t<paco_in_2_missed>\t
// <opening> (flags 0 or 1; action indices 1-based, comma separated). The games of a
// file are annotated on every core and written in their order.
//
// play plays its arguments in turn from the start and prints one line for the
// state after the last one: <fen>\t<legal actions now, sorted by square name, or
// ->\t<number of legal moves at the start of a turn, else ->\t<the state in the
// words both games print: running, White wins by Paco, drawn by repetition, …
// (pacosako.Outcome.String)>\t<White gives Ŝako 0/1>\t<Black gives Ŝako 0/1>. An argument with a parenthesis is actions,
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
// (for records: line and column), and the other games are converted. Records
// are read and written by -j workers (default: one per CPU; at most 256): the
// games split off the input as the reader ends them, their output and messages
// written in the input's order exactly as one worker (-j 1) writes them, each
// game's message after its output (standard output and standard error sent to
// one place read the same). -to tags writes a
// line per game, its name and every tag as written ([Event "…"] [Site "…"] …,
// Result, Variant and FEN included), the records read without their moves
// (SkipMovetext): to pick games by their tags before converting them.
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
// html and html-embed write Atomic games as replay pages too, -to gif as GIFs
// (below).
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
// convert -to gif writes every game as an animated GIF (svg.GameGIF, for
// both games) as -to html writes its pages: a file per game in the
// directory -o names (default: the current one; made if absent), named after the
// game as a page is but ending in .gif (pacoplay-13103.gif), its path printed
// once the file is complete. A GIF shows the start, then the position after each
// half-move with its chain (Atomic chess: its path, and after a capture its blast
// tinted and the pieces it removed faded), a second a half-move and five seconds
// on the last position, and loops; when the record names a player (White, Black,
// with their titles and Elo), a band above and one below the board give the
// players and their scores of the result. -size is the board's side in pixels,
// 64 to 2048 (default 400), -coords draws the coordinates, -flip puts Black at
// the bottom; they go with -to gif only. A game whose GIF would hold more than
// svg.MaxGIFArea pixels (thousands of half-moves at 480 pixels) is reported and
// has no file, as a game that cannot be read.
//
// svg draws the position as an SVG image (package svg) on standard output. FEN may
// also be "start" (the default) or "new", or a rules-page diagram, "fen:<board>
// <marks>:", whose marks are drawn as dots (White to move, no castling rights).
// -flip puts Black at the bottom, -coords adds the coordinates, -size sets the
// width and height in pixels (default: only a viewBox), -arrows draws arrows
// ("e2e4", "e4e4" a circle, "Re2e4" in red: G, R, Y, B), -marks adds dots, -style
// adds CSS in a <style> element (".square.dark{fill:#789}"; one that would end
// the element or that XML cannot hold is a usage error). A king in Ŝako glows
// red, a king in a union (Paco) golden, and an Atomic king in check red: -hide-sako,
// -hide-paco and -hide-check turn these off (svg.Options.HideSako, HidePaco,
// HideCheck); each goes with the game that has the highlight (-hide-check with
// -variant atomic, the others without), and with the other game it is a usage
// error naming the flag that is. -move
// draws a move of the position: in chain SAN or coordinate notation, as a chain
// (Atomic chess: SAN or UCI, with its explosion; see "Atomic chess" below);
// several moves separated by spaces ("e4 d5 exd5"; a chain's steps joined by
// commas, as in play's batches, unless the whole text is one move) are played in
// turn and the last is drawn. -chain is another name of -move (the first, from
// Paco Ŝako's chains). With "-" the FEN is read from the single line of standard
// input. -animate draws the -move move being played instead, as an SVG animation
// (SMIL, no script) that starts from the still drawing with the chain and loops;
// -once plays it once, -step sets the time of one step of the chain (800ms) and
// -hold how long the positions before and after the move are shown (1s), each
// from 10ms to 10m (package svg, Animate). A renderer without SMIL shows the still.
// -after draws the position after the -move move instead, the move's squares
// tinted.
//
// -format png writes the same picture as a PNG (svg.RenderPNG:
// anti-aliased, drawn from the same shapes and colours), with every flag above
// but -style (CSS does not apply to pixels) and -animate (a PNG is a still);
// -format gif writes the -move move played as an animated GIF (svg.AnimateGIF:
// a frame for each moment of -animate's animation, with its
// -once, -step and -hold), so it needs -move and does not go with -after. With
// either, -size is the side in pixels, 64 to 2048 (svg.MinPixels to MaxPixels;
// default 400), and the output is binary: redirect it to a file.
//
// -grid N draws a sheet of diagrams instead, N a row (svg.Sheet), from standard
// input, one diagram a line: a FEN or fen:…: diagram (its marks drawn as dots),
// then optionally a tab and its caption (one line of text under the board); empty
// lines and '#' lines are skipped. The diagrams are of the game -variant names
// (svg.SheetItem.Position takes both; for Atomic chess: chess FENs, "start",
// diagrams without unions). -flip turns every board, -coords gives every board coordinates, -size
// sets the sheet's width, the -hide flags turn off every board's highlights,
// -style is the sheet's CSS; -move, -animate, -arrows and -marks do not go with
// -grid, nor does -format png or gif (a sheet is drawn as SVG only). A line that
// holds no diagram is reported by its number ("line 3: invalid FEN …"), and then
// no sheet is drawn; so is the 1001st diagram (a sheet holds at most 1,000).
//
// validate checks that positions are legal positions of the game: Paco Ŝako's
// under their rules (Position.Validate), Atomic chess's (atomic.Position.Validate),
// and prints exactly one line per input line: <fen>\tok, or
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
// search runs the engine (package engine: an iterative-deepening alpha-beta
// search with each game's evaluation) on each position and prints its best
// move, one line per line of -multipv (default 1), best first: <fen>\t<rank,
// from 1>\t<depth completed>\t<score>\t<the move in coordinate notation>\t<the
// move in chain SAN>\t<the line in coordinate notation, moves separated by
// spaces>\t<the line in chain SAN>. The score is the side to move's, in pawns
// ("+0.35", "-1.20"), or a forced win in n moves ("#3") or loss ("#-2"). -depth
// N searches N half-moves deep, -nodes N that many positions, -movetime D for
// that long (default 1s when neither -depth nor -nodes is given); the first
// limit reached stops it. -timeout (default 1m) bounds the search of a position
// whatever the limits: a search it stops answers with the deepest depth it
// completed, and says so on standard error (exit status 1). A position without
// a move to search (a game over) is reported on standard error. Searches by
// -depth or -nodes answer the same on every run. search takes no -max-states:
// the engine bounds its own move searches (a Paco Ŝako position whose moves a
// million states cannot hold is answered with one of its moves, unsearched, at
// depth 0).
//
// uci plays Atomic chess as a UCI engine (docs/engine.md): it reads the UCI
// protocol's commands on standard input and answers on standard output until
// quit or the end of the input, searching with package engine, so that
// cutechess-cli, lichess-bot or any UCI GUI can run it. Its options are
// UCI_Variant (atomic), UCI_Chess960, Hash, MultiPV, Move Overhead, OwnBook and
// BookFile (a Polyglot book); bad input is answered with "info string" and never
// ends it. It serves Atomic chess only (Paco Ŝako has no UCI protocol): -variant
// takes atomic alone.
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
// # Atomic chess
//
// With -variant atomic a command works on Atomic chess (package atomic) with the
// same flags, inputs, batches and exit statuses. Positions are chess FENs
// (atomic.ParseFEN: KQkq, X-FEN, Shredder-FEN), "start" or "new" (the start
// position; in a batch too); a Paco Ŝako FEN is refused, saying it is Paco
// Ŝako's. Moves are read in UCI or SAN (atomic.Position.ParseMove) and written in
// UCI where Paco Ŝako writes actions, and in SAN. The columns that differ:
//
//	perft -divide: <uci>\t<fen after>\t<count> per move, then the total
//	moves:    <fen>\t<fen after>\t<uci>\t<san>
//	fen:      the FEN as python-chess writes it (-to chess, the only dialect)
//	sako:     <fen>\t<White gives check 0/1>\t<Black gives check 0/1>\t<White's pieces giving check>\t<Black's pieces giving check>
//	annotate: <game>\t<half_move>\t<move_number>\t<player>\t<san>\t<uci>\t<gives check 0/1>\t<explosion>\t<pieces removed>\t<state result>
//	play:     <fen>\t<legal moves in UCI, sorted, or ->\t<their number>\t<state> <result>\t<in check 0/1>
//	solve:    <fen>\t<attacker>\t<n, or ->\t<count>\t<fens after, sorted, " | ">\t<the winning moves in SAN, in the same order, " | ">
//	search:   <fen>\t<rank>\t<depth>\t<score>\t<uci>\t<san>\t<the line in UCI>\t<the line in SAN>
//
// sako's check is Atomic's (atomic.Position.Checkers): none while the kings touch;
// a colour gives check when the other one, to move, would be in check. annotate
// reads <name>\t<start>\t<moves> lines (moves in SAN or UCI separated by spaces,
// as convert -to san and -to uci write them) and writes per half-move its SAN and
// UCI, whether it gives check, the squares its explosion empties and the pieces
// it removes (FEN letters and squares: "Ra1,Pa2,qd5"), or "-" for a move that
// captures nothing, and the state after it ("running *", "White wins by
// checkmate 1-0", "Black's king exploded 1-0", "drawn by repetition 1/2-1/2"); the
// moves are played as an atomic.Game, so a move after the end is refused. play
// reads each move as UCI when it is a legal move in UCI, else as SAN; the state is
// in the words both games print (atomic.Outcome.String): "running", "White wins
// by checkmate", "drawn by stalemate", "drawn by insufficient material",
// "White's king exploded" / "Black's king exploded", the result 1-0, 0-1,
// 1/2-1/2 or *; the moves are played as an atomic.Game: the fifth occurrence of a
// position (-repetition N: the Nth; 0 = off) and 100 half-moves without a capture
// or pawn move (-noprogress N; 0 = off; 150 is FIDE's rule) draw, as on lichess
// ("drawn by repetition 1/2-1/2", "drawn by the no-progress rule 1/2-1/2"); the
// draw a player may claim at the third occurrence is not claimed (the game plays
// on, as on lichess). solve looks for a
// forced win (atomic.Solve): the enemy king exploded or checkmated; a defence
// that explodes or mates the attacker's king, or draws (stalemate, insufficient
// material), refutes; -chasing admits only checks; -max-states bounds the
// search's table of positions (the default 1,000,000: about 0.3 GB, reached in a
// few seconds); -proof prints the proofs in SAN. svg draws with the same calls (svg.Render …): a -move capture with its explosion (its
// path, the squares its blast reaches tinted, the pieces it removes faded), -after
// the position after it (its squares tinted, the blast marked), -animate with
// svg.Animate, -format png and gif with svg.RenderPNG and
// svg.AnimateGIF; -grid draws sheets of Atomic positions. convert's -variant atomic
// makes records without a Variant tag Atomic (see convert above). -rules names
// Paco Ŝako's rule sets and does not go with -variant atomic; -max-states is
// accepted everywhere, but Atomic's move generation needs no bound (a position has
// at most a few hundred moves), so it binds solve only.
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
// own "pacosako: " or "atomic: ".
//
// The exit status is 0 when every input was served, 2 for a usage error and 1 for
// input that cannot be served:
//
//   - 2, before anything runs and with nothing on standard output: no command or an
//     unknown one, a flag before the command, an unknown flag, a flag value that is
//     wrong whatever the input (not a number, a negative limit, an unknown
//     -variant, -rules, -to, -from or -format, -rules with -variant atomic, convert's
//     -o without -to html or gif, its -size, -coords and -flip without -to gif,
//     -size outside 64 to 2048 for pixels, -style in pixels or that SVG cannot
//     hold, svg -format gif without -move, a -hide flag of the other game,
//     -arrows or -marks that are not squares, a -move that is no
//     move in any notation of the game), -variant with replay or notation, a wrong
//     number of arguments ("-" with other arguments, two files, play without a
//     start).
//   - 1: input that depends on what is read: a FEN, diagram, history line, record or
//     action that does not parse, an illegal action or move (also a -move move that
//     is not legal in the position drawn), a file or standard input that cannot be
//     read, a directory convert -o cannot make or a page or GIF it cannot write, a search
//     over -max-states or -timeout, a position solve cannot search, a position fen -to vchess
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
// Time is bounded by -timeout D (a Go duration: 500ms, 30s, 2m; 0 = no limit):
// moves, perft, sako, replay, play, annotate and solve give up on an input
// searched longer than D — a FEN, a history or a play line, a game of annotate —
// with "stopped after -timeout 500ms; -timeout 0 lifts the limit" after the
// input (solve says how far it came), exit status 1, and the next input of the
// batch is served. Only solve has a default (1m); convert has no -timeout.
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

// spec is one subcommand of the table: its name, its usage lines (what follows
// "pacosako <name> "), what it does, whether it serves both games (then it
// takes -variant) and how it is made for a command line.
type spec struct {
	name    string
	usage   []string
	summary string
	games   bool
	make    func(e env) command
}

// env is what a command is made with: standard input, its reporter on standard
// error, the flags every command has, and its arguments as given.
type env struct {
	stdin  io.Reader
	stderr reporter
	com    *common
	args   []string
}

// variantUsage is -variant in the usage lines.
const variantUsage = "[-variant pacosako|atomic]"

// hideUsage are svg's flags that turn off the highlights of kings.
const hideUsage = "[-hide-sako] [-hide-paco] [-hide-check]"

// commands is the table of subcommands: run, the usage, -h and flagsFirst read it.
var commands = []spec{
	{"perft", []string{variantUsage + " [-depth N] [-divide] [-parallel] [-max-states N] [-timeout D] [FEN|-]"}, "count move sequences (perft)", true,
		func(e env) command { return fenCommand{&perftCmd{stderr: e.stderr, com: e.com}, e.com} }},
	{"moves", []string{variantUsage + " [-max-states N] [-timeout D] [FEN|-]"}, "list every legal move", true,
		func(e env) command { return fenCommand{&movesCmd{stderr: e.stderr}, e.com} }},
	{"fen", []string{variantUsage + " [-to engine|vchess|chess] [FEN|-]"}, "print the canonical FEN, or convert it", true,
		func(e env) command { return fenCommand{&fenCmd{stderr: e.stderr, com: e.com}, e.com} }},
	{"sako", []string{variantUsage + " [-max-states N] [-timeout D] [FEN|-]"}, "who threatens the enemy king (Ŝako, check), and with what", true,
		func(e env) command { return fenCommand{&sakoCmd{stderr: e.stderr}, e.com} }},
	{"replay", []string{"[-max-states N] [-timeout D] [FILE|-]"}, "replay Paco Ŝako's action histories half-move by half-move", false,
		func(e env) command { return &replayCmd{stdin: e.stdin, com: e.com} }},
	{"notation", []string{"[FILE|-]"}, "write action histories in the engine's replay notation", false,
		func(e env) command { return &notationCmd{stdin: e.stdin, com: e.com} }},
	{"annotate", []string{variantUsage + " [-max-states N] [-timeout D] [FILE|-]"}, "annotate games half-move by half-move (Paco Ŝako: as notation.tsv)", true,
		func(e env) command { return &annotateCmd{stdin: e.stdin, com: e.com} }},
	{"play", []string{
		variantUsage + " [-repetition N] [-noprogress N] [-max-states N] [-timeout D] (FEN|start) [MOVE|ACTIONS...]",
		variantUsage + " [-repetition N] [-noprogress N] [-max-states N] [-timeout D] -",
	}, "play moves (or Paco Ŝako's actions), print the state after them", true,
		func(e env) command { return &playCmd{com: e.com} }},
	{"convert", []string{
		variantUsage + " [-from FORMAT] [-to FORMAT] [-j N] [-max-states N] [FILE|-]",
		"-to html [-o DIR] " + variantUsage + " [-from FORMAT] [-max-states N] [FILE|-]",
		"-to html-embed " + variantUsage + " [-from FORMAT] [-j N] [-max-states N] [FILE|-]",
		"-to gif [-o DIR] [-size N] [-coords] [-flip] " + variantUsage + " [-from FORMAT] [-max-states N] [FILE|-]",
	}, "convert and check games of either game: record, history, json, san, coord, uci, replay, tags; replay pages (HTML), GIFs", true,
		func(e env) command { return &convertCmd{stdin: e.stdin, com: e.com} }},
	{"svg", []string{
		variantUsage + " [-format svg|png] [-flip] [-coords] [-size N] [-arrows e2e4,...] [-move 'MOVE...' [-after | -animate [-once] [-step D] [-hold D]]] [-marks a5,b7] " + hideUsage + " [-style CSS] [FEN|start|fen:…:|-]",
		"-format gif -move 'MOVE...' " + variantUsage + " [-once] [-step D] [-hold D] [-flip] [-coords] [-size N] [-arrows e2e4,...] [-marks a5,b7] " + hideUsage + " [FEN|start|fen:…:|-]",
		"-grid N " + variantUsage + " [-flip] [-coords] [-size N] " + hideUsage + " [-style CSS] -",
	}, "draw a position as an SVG or PNG image, a move, its explosion, the move being played (SVG, GIF); a sheet of diagrams", true,
		func(e env) command { return &svgCmd{com: e.com, stdin: e.stdin} }},
	{"validate", []string{variantUsage + " [FEN|-]"}, "check that positions are legal: ok or the reasons", true,
		func(e env) command { return &validateCmd{stdin: e.stdin, com: e.com, args: e.args} }},
	{"solve", []string{variantUsage + " [-n N] [-chasing] [-color white|black] [-proof] [-max-states N] [-timeout D] [FEN|-]"}, "the shortest forced win (Paco, an explosion or mate): its length, first moves, proofs", true,
		func(e env) command { return fenCommand{&solveCmd{stderr: e.stderr}, e.com} }},
	{"search", []string{variantUsage + " [-depth N] [-nodes N] [-movetime D] [-multipv N] [-timeout D] [FEN|-]"}, "the engine's best move, its score and line (several with -multipv)", true,
		func(e env) command { return fenCommand{&searchCmd{stderr: e.stderr}, e.com} }},
	{"uci", []string{"[-variant atomic]"}, "play Atomic chess as a UCI engine on standard input and output (cutechess-cli, lichess-bot)", false,
		func(e env) command { return &uciCmd{stdin: e.stdin} }},
}

// commandNames are the subcommands, as run knows them.
var commandNames = func() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}()

// usage is the command's help, from the table.
var usage = func() string {
	var b strings.Builder
	b.WriteString("usage:\n")
	const column = 48 // where a summary starts
	for _, c := range commands {
		for i, u := range c.usage {
			line := "  pacosako " + c.name + " " + u
			b.WriteString(line)
			switch {
			case i < len(c.usage)-1:
			case len(c.usage) == 1 && len(line) < column-1:
				b.WriteString(strings.Repeat(" ", column-len(line)) + c.summary)
			default:
				b.WriteString("\n" + strings.Repeat(" ", column) + c.summary)
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString(`FEN defaults to the start position (also written "start" or "new"); "-" reads one input per line from standard input.
Every command but replay and notation takes -variant atomic, Atomic chess (package atomic), with the same flags, inputs, batches and exit statuses; -variant pacosako, Paco Ŝako, is the default.
Every command takes -rules pacoplay|rulebook|vchess|vchesspacoplay, Paco Ŝako's rule sets (not with -variant atomic).
Every command that searches gives up on an input whose search holds more than -max-states states (default 1000000, about 1 GB; 0 = no limit), and all but convert on one searched longer than -timeout (solve: default 1m; the others: no limit).
`)
	return b.String()
}()

// command is one subcommand.
type command interface {
	flags(fs *flag.FlagSet)
	check() error
	// single runs the command on its non-flag arguments (not "-").
	single(args []string, out *bufio.Writer, stderr reporter) bool
	// line runs the command on one line of standard input.
	line(line string, out *bufio.Writer, stderr reporter) bool
}

// run executes one command line and returns the exit status: 0, 1 for input that
// cannot be served (see the package doc), 2 for a usage error.
func run(args []string, stdin io.Reader, stdout, stderrW io.Writer) int {
	if len(args) == 0 {
		newReporter(stderrW, "").printf("no command given")
		fmt.Fprint(stderrW, usage)
		return 2
	}
	if isHelp(args[0]) || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-" && args[0] != "--" {
		return flagsFirst(args, stderrW)
	}
	var sp *spec
	for i := range commands {
		if commands[i].name == args[0] {
			sp = &commands[i]
		}
	}
	if sp == nil {
		newReporter(stderrW, "").printf("unknown command %s (want one of %s)", quote(args[0]), strings.Join(commandNames, ", "))
		fmt.Fprint(stderrW, usage)
		return 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	stderr := newReporter(stderrW, args[0])
	com := &common{}
	cmd := sp.make(env{stdin: stdin, stderr: stderr, com: com, args: args[1:]})
	fs := flag.NewFlagSet("pacosako "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard) // its messages are written by stderr, below
	if sp.games {
		fs.Var(variantFlag{com}, "variant", "the game: pacosako (Paco Ŝako, the default) or atomic (Atomic chess), in any case")
	}
	cmd.flags(fs)
	fs.StringVar(&com.rulesName, "rules", "", "Paco Ŝako's rule set: pacoplay, rulebook, vchess or vchesspacoplay (default: the FEN's; a vchess FEN has vchess's)")
	fs.Usage = func() {}
	printUsage := func() {
		for _, u := range sp.usage {
			fmt.Fprintln(stderrW, "usage: pacosako "+sp.name+" "+u)
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
		if !sp.games && err.Error() == "flag provided but not defined: -variant" {
			stderr.printf("-variant: %s serves Paco Ŝako only; -variant goes with %s", sp.name, strings.Join(twoGameCommands(), ", "))
			return 2
		}
		stderr.printf("%v", err)
		printUsage()
		return 2
	}
	if err := com.check(); err != nil {
		stderr.printf("%v", err)
		return 2
	}
	if err := cmd.check(); err != nil {
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

// twoGameCommands are the commands that take -variant.
func twoGameCommands() []string {
	var names []string
	for _, c := range commands {
		if c.games {
			names = append(names, c.name)
		}
	}
	return names
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
	return eachRawLine(r, stderr, func(line string) bool {
		return strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") || f(line)
	})
}

// eachRawLine calls f for every line of r, blank and comment lines included (a
// line ends at "\n"; a "\r" before it is dropped), and reports whether every
// call (and the reading) succeeded.
func eachRawLine(r io.Reader, stderr reporter, f func(line string) bool) bool {
	ok := true
	br := bufio.NewReaderSize(r, 64*1024)
	for {
		line, err := br.ReadString('\n')
		if len(line) > 0 {
			line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
			if !f(line) {
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

// common holds the flags every subcommand has: the game (-variant) and Paco
// Ŝako's rule set (-rules).
type common struct {
	atomic    bool // -variant atomic
	rulesName string
	rules     *pacosako.Rules // nil: the rules the FEN gives
}

// variant is the game -variant names.
func (c *common) variant() variant {
	if c.atomic {
		return atomicGame{}
	}
	return pacoGame{c}
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
	if c.atomic {
		return fmt.Errorf("-rules %s names a Paco Ŝako rule set; Atomic chess has one rule set (lichess's), so -rules does not go with -variant atomic", quote(c.rulesName))
	}
	r, err := pacosako.ParseRules(c.rulesName)
	if err != nil {
		return fmt.Errorf("-rules %s is not a rule set: %s", quote(c.rulesName), ruleSetReason(err, c.rulesName))
	}
	c.rules = &r
	return nil
}

// position reads a Paco Ŝako FEN, or the word "start" (or "new") for the start
// position, as every command reads its inputs, and applies -rules.
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

// fenArgument returns the FEN a command's arguments give in game g: the start
// position's for none or the word "start" (as play reads it), else the
// arguments joined by spaces (a FEN given as its fields). An empty argument is
// reported.
func fenArgument(g variant, args []string, stderr reporter) (string, bool) {
	fen := strings.Join(args, " ")
	switch {
	case len(args) == 0 || fen == "start":
		p, _ := g.position("start")
		return p.fen(), true
	case strings.TrimSpace(fen) == "":
		stderr.printf("the FEN argument is empty (leave it out for the start position)")
		return "", false
	}
	return fen, true
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
