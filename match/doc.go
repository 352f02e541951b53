// Package match plays matches between two GTP engines, compatible with
// GoGui's gogui-twogtp: the same options (see the yunzi match command),
// the same per-game SGF files PREFIX-N.sgf (N from 0) and the same
// results table PREFIX.dat.
//
// The runner keeps its own board (package rules, Chinese rules with
// positional superko): a move the rules refuse loses the game for its
// player ("W+F"), as do an unreadable answer, a failed genmove, a crash of
// the engine or its refusal of a legal move. With a time control the
// runner sends time_settings (kgs-time_settings for byo-yomi, when the
// engine lists it) at the start of each game and time_left before each
// genmove, measures each genmove itself, and an engine that overruns its
// time by more than the grace loses on time ("W+T"). With a handicap
// (gogui-twogtp has none) each engine, and the referee, is sent
// fixed_handicap, and an engine that does not place the runner's stones
// cannot play the match; Black keeps the stones when the engines exchange
// colours. Two passes end a game, scored by the referee's final_score when
// there is a referee, else by the runner's own area count with every stone
// alive (Tromp-Taylor), which counts dead stones left on the board as
// alive; "resign" ends it ("B+R"). Each engine is asked its final_score
// too. With a referee, an engine that names another winner is reported
// (the game's dispute). Without one, the count stands when every engine
// that answers agrees with it on the winner; when both engines agree
// with each other against it (dead stones were left on the board), their
// result stands, the -black engine's score; when they disagree, the game
// has no result ("?"); either way the dispute is reported.
//
// The .dat table: lines "# Key: value" (Black, BlackCommand, BlackLabel,
// BlackVersion, the same for White and Referee ("Referee: -" when there is
// none), Size, Komi, Handicap (when there is one), Alternate ("1" with
// -alternate), Openings, Date, Host, Xml, then the runner's TimeControl,
// Scoring and MaxMoves), a line "#",
// the column line
//
//	#GAME	RES_B	RES_W	RES_R	ALT	DUP	LEN	TIME_B	TIME_W	CPU_B	CPU_W	ERR	ERR_MSG
//
// and one tab-separated row per game. As in gogui-twogtp, B and W in the
// columns mean the -black and -white engines of the command line: RES_B,
// RES_W and RES_R are the final_score of the -black engine, the -white
// engine and the referee (without a referee, the result the runner
// counted, as above), with B and W exchanged in games where the engines exchanged
// colours (ALT 1); after a resignation, a loss on time or a forfeit all
// three hold the result ("W+R", "B+T", "W+F"). DUP is the number of an
// earlier game with the same moves up to symmetry, or "-". LEN counts the
// moves, passes included. TIME_B and TIME_W are the seconds each engine
// spent in genmove, CPU_B and CPU_W what GoGui's cputime command says (0
// without it). ERR is 1 when the game ended in an error or hit the move
// limit, ERR_MSG says what, followed by "disputed: " and the dispute when
// an engine's final_score named another winner (ERR stays 0 for that).
//
// An existing PREFIX.dat is resumed: its games are not played again and
// count in the summary. Its header must record the same engine commands,
// referee, size, komi, handicap, alternation, openings, time control,
// scoring and move limit, or the match is refused (-force starts over).
//
// The summary (Summary.Write) prints, one item a line: the engines A
// (-black) and B (-white); the settings and the scoring; the earlier
// games of a resumed match; the games left unplayed when the match was
// stopped (Config.Stop); the games and wins of each engine, draws and games
// without result; the disputed games, when there are any; each engine's
// wins as black and as white; black's wins; A's win rate with its 95%
// Wilson interval; the Elo difference A-B with the interval mapped from
// the Wilson bounds; the average and longest genmove time of each engine
// (over this run's games),
// and its CPU time a move when it answers cputime (the games' CPU_B or
// CPU_W over their moves, pondering included);
// each engine's illegal moves, crashes, time losses, failures to answer
// and resignations; and the SPRT state when one runs.
//
// Start reading at runner.go (Run), then game.go (one game), clock.go
// and timecontrol.go (time), dat.go and sgfout.go (files), stats.go and
// sprt.go (the summary).
package match
