package gtp_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A game in progress that the bad commands must leave alone: moves, komi,
// time settings and a clock all set.
const midGame = "boardsize 9\nkomi 6.5\ntime_settings 300 30 5\ntime_left b 100 0\nkgs-rules japanese\n" +
	"play b e5\nplay w c3\n"

// koGame ends just after Black took a ko at D3 (White may not retake at C3).
const koGame = "boardsize 5\nplay b b3\nplay b c2\nplay b c4\nplay w c3\nplay w d2\nplay w d4\nplay w e3\nplay b d3\n"

var battery = []struct {
	name, setup, command, want string
}{
	{"unknown", midGame, "frobnicate", "unknown command"},
	{"prefix of a command", midGame, "gen b", "unknown command"},
	{"upper-case command", midGame, "PLAY b a1", "unknown command"},
	{"binary garbage", midGame, "\x00\xff\xfe\x80pl\x01ay\xc3\x28 b", "unknown command"},
	{"play without arguments", midGame, "play", "syntax error"},
	{"play without vertex", midGame, "play b", "syntax error"},
	{"black without vertex", midGame, "black", "syntax error"},
	{"white on an occupied point", midGame, "white e5", "illegal move"},
	{"play extra argument", midGame, "play b a1 a2", "syntax error"},
	{"play bad colour", midGame, "play red a1", "syntax error"},
	{"play empty colour", midGame, "play e a1", "syntax error"},
	{"play bad vertex", midGame, "play b a0", "syntax error"},
	{"play vertex I", midGame, "play b i5", "syntax error"},
	{"play vertex backwards", midGame, "play b 5e", "syntax error"},
	{"play vertex huge", midGame, "play b a" + strings.Repeat("9", 40), "syntax error"},
	{"play off board", midGame, "play b t19", "illegal move"},
	{"play off 25x25", midGame, "play b a26", "syntax error"},
	{"play occupied", midGame, "play b e5", "illegal move"},
	{"play suicide", midGame + "play w a2\nplay w b1\n", "play b a1", "illegal move"},
	{"play ko retake", koGame, "play w c3", "illegal move"},
	{"play superko after passes", koGame + "play w pass\n", "play w c3", "illegal move"},
	{"genmove no colour", midGame, "genmove", "syntax error"},
	{"genmove bad colour", midGame, "genmove green", "syntax error"},
	{"reg_genmove bad colour", midGame, "reg_genmove x", "syntax error"},
	{"kgs-genmove_cleanup no colour", midGame, "kgs-genmove_cleanup", "syntax error"},
	{"is_legal bad colour", midGame, "is_legal q a1", "syntax error"},
	{"undo empty history", "boardsize 9\nkomi 6.5", "undo", "cannot undo"},
	{"undo past handicap", "boardsize 9\nfixed_handicap 4", "undo", "cannot undo"},
	{"undo with argument", midGame, "undo 2", "syntax error"},
	{"boardsize 0", midGame, "boardsize 0", "unacceptable size"},
	{"boardsize 26", midGame, "boardsize 26", "unacceptable size"},
	{"boardsize negative", midGame, "boardsize -9", "unacceptable size"},
	{"boardsize huge", midGame, "boardsize 99999999999999999999", "syntax error"},
	{"boardsize word", midGame, "boardsize nine", "syntax error"},
	{"boardsize missing", midGame, "boardsize", "syntax error"},
	{"komi word", midGame, "komi seven", "syntax error"},
	{"komi nan", midGame, "komi nan", "syntax error"},
	{"komi inf", midGame, "komi +Inf", "syntax error"},
	{"komi hex", midGame, "komi 0x1p3", "syntax error"},
	{"komi overflowing", midGame, "komi 1e400", "syntax error"},
	{"komi minus infinity", midGame, "komi -inf", "syntax error"},
	{"komi missing", midGame, "komi", "syntax error"},
	{"fixed_handicap board not empty", midGame, "fixed_handicap 4", "board not empty"},
	{"fixed_handicap 1", "boardsize 9", "fixed_handicap 1", "invalid number of stones"},
	{"fixed_handicap 10", "boardsize 19", "fixed_handicap 10", "invalid number of stones"},
	{"fixed_handicap 5 on 8x8", "boardsize 8", "fixed_handicap 5", "invalid number of stones"},
	{"fixed_handicap negative", "boardsize 19", "fixed_handicap -2", "invalid number of stones"},
	{"fixed_handicap word", "boardsize 19", "fixed_handicap two", "syntax error"},
	{"place_free_handicap not empty", midGame, "place_free_handicap 3", "board not empty"},
	{"place_free_handicap 1", "boardsize 9", "place_free_handicap 1", "invalid number of stones"},
	{"place_free_handicap 81", "boardsize 9", "place_free_handicap 81", "invalid number of stones"},
	{"set_free_handicap not empty", midGame, "set_free_handicap a1 b2", "board not empty"},
	{"set_free_handicap one stone", "boardsize 9", "set_free_handicap a1", "bad vertex list"},
	{"set_free_handicap none", "boardsize 9", "set_free_handicap", "bad vertex list"},
	{"set_free_handicap too many", "boardsize 2", "set_free_handicap a1 a2 b1 b2", "bad vertex list"},
	{"set_free_handicap repeated", "boardsize 9", "set_free_handicap a1 A1", "bad vertex list"},
	{"set_free_handicap off board", "boardsize 9", "set_free_handicap a1 k10", "bad vertex list"},
	{"set_free_handicap junk", "boardsize 9", "set_free_handicap a1 xyz", "bad vertex list"},
	{"set_free_handicap pass", "boardsize 9", "set_free_handicap a1 pass", "bad vertex list"},
	{"final_status_list bad status", midGame, "final_status_list undead", "syntax error"},
	{"final_status_list missing", midGame, "final_status_list", "syntax error"},
	{"final_score argument", midGame, "final_score now", "syntax error"},
	{"loadsgf missing file", midGame, "loadsgf missing.sgf", "cannot load file: file not found"},
	{"loadsgf corrupt", midGame, "loadsgf corrupt.sgf", "cannot load file: not an SGF file"},
	{"loadsgf not sgf", midGame, "loadsgf notes.txt", "cannot load file: not an SGF file"},
	{"loadsgf illegal move", midGame, "loadsgf illegal.sgf", "cannot load file: move 2: W E5: point is occupied"},
	{"loadsgf size 30", midGame, "loadsgf big.sgf", "cannot load file: SZ[30]: board size must be 1 to 25"},
	{"loadsgf empty file", midGame, "loadsgf empty.sgf", "cannot load file: not an SGF file"},
	{"loadsgf bad move number", midGame, "loadsgf game.sgf x", "syntax error"},
	{"loadsgf move number 0", midGame, "loadsgf game.sgf 0", "syntax error"},
	{"loadsgf no file", midGame, "loadsgf", "syntax error"},
	{"loadsgf too many", midGame, "loadsgf game.sgf 2 3", "syntax error"},
	{"printsgf too many", midGame, "printsgf a b", "syntax error"},
	{"printsgf unwritable", midGame, "printsgf /no/such/dir/x.sgf", "cannot save file"},
	{"time_settings negative", midGame, "time_settings -1 0 0", "syntax error"},
	{"time_settings absurd", midGame, "time_settings 1e12 0 0", "syntax error"},
	{"time_settings stones negative", midGame, "time_settings 300 30 -5", "syntax error"},
	{"time_settings stones fraction", midGame, "time_settings 300 30 2.5", "syntax error"},
	{"time_settings missing", midGame, "time_settings 300 30", "syntax error"},
	{"time_settings words", midGame, "time_settings five minutes please", "syntax error"},
	{"kgs-time_settings unknown", midGame, "kgs-time_settings fischer 300 10", "syntax error"},
	{"kgs-time_settings missing", midGame, "kgs-time_settings", "syntax error"},
	{"kgs-time_settings byoyomi short", midGame, "kgs-time_settings byoyomi 300 30", "syntax error"},
	{"kgs-time_settings byoyomi no periods", midGame, "kgs-time_settings byoyomi 300 30 0", "syntax error"},
	{"kgs-time_settings canadian no stones", midGame, "kgs-time_settings canadian 300 30 0", "syntax error"},
	{"kgs-time_settings absolute negative", midGame, "kgs-time_settings absolute -300", "syntax error"},
	{"kgs-time_settings none extra", midGame, "kgs-time_settings none 5", "syntax error"},
	{"time_left bad colour", midGame, "time_left x 10 0", "syntax error"},
	{"time_left word", midGame, "time_left b soon 0", "syntax error"},
	{"time_left absurd", midGame, "time_left b 1e15 0", "syntax error"},
	{"time_left negative stones", midGame, "time_left b 10 -1", "syntax error"},
	{"time_left missing", midGame, "time_left b 10", "syntax error"},
	{"kgs-rules unknown", midGame, "kgs-rules ing", "syntax error"},
	{"kgs-rules missing", midGame, "kgs-rules", "syntax error"},
	{"known_command missing", midGame, "known_command", "syntax error"},
	{"list_commands argument", midGame, "list_commands all", "syntax error"},
	{"clear_board argument", midGame, "clear_board 9", "syntax error"},
	{"showboard argument", midGame, "showboard big", "syntax error"},
	{"very long line", midGame, "play b " + strings.Repeat("a", 2<<20), "syntax error"},
	{"very long comment-free line", midGame, strings.Repeat("x", 3<<20), "syntax error"},
}

// batteryFiles are the files the battery's loadsgf commands name.
func batteryFiles() memFiles {
	return memFiles{
		"game.sgf":    []byte(sampleSGF),
		"corrupt.sgf": []byte("(;GM[1]SZ[9];B[ee];W[cc"),
		"illegal.sgf": []byte("(;GM[1]SZ[9];B[ee];W[ee])"),
		"big.sgf":     []byte("(;GM[1]SZ[30];B[aa])"),
		"empty.sgf":   nil,
		"notes.txt":   []byte("a shopping list, not a game\n"),
	}
}

// TestBadInput sends every malformed command the issue lists and checks the
// error text and that the game (board, history, komi, time) is unchanged.
func TestBadInput(t *testing.T) {
	for _, tc := range battery {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine()
			files := batteryFiles()
			out := run(t, e, files, tc.setup+"\n")
			assert.NotContains(t, out, "?", "setup failed")
			before := e.State()
			for _, id := range []string{"", "42"} {
				got := run(t, e, files, id+" "+tc.command+"\n")
				assert.Equal(t, "?"+id+" "+tc.want+"\n\n", got, "response to %.60q", tc.command)
				assert.Equal(t, before, e.State(), "state after %.60q", tc.command)
			}
		})
	}
}

// TestStateSeesChanges checks, for each thing the battery guards, that the state
// summary does change when a command succeeds (so the battery could fail).
func TestStateSeesChanges(t *testing.T) {
	for _, cmd := range []string{"play b a1", "komi 5", "time_settings 10 0 0", "time_left w 5 0",
		"kgs-rules chinese", "undo", "boardsize 9", "genmove w"} {
		e := newEngine()
		run(t, e, batteryFiles(), midGame)
		before := e.State()
		assert.Equal(t, "= \n\n", strings.Replace(run(t, e, nil, cmd+"\n"), "A1", "", 1), cmd)
		assert.NotEqual(t, before, e.State(), "state unchanged after %q", cmd)
	}
}

// TestRidiculousKomi: GTP 2 says the engine must accept the komi even if it
// should be ridiculous; any finite number is taken and scored with.
func TestRidiculousKomi(t *testing.T) {
	for _, tc := range []struct{ komi, score string }{
		{"1000", "W+1000"},
		{"-1000.5", "B+1000.5"},
		{"1e300", "W+1" + strings.Repeat("0", 300)},
		{"-1.7e308", "B+17" + strings.Repeat("0", 307)},
	} {
		e := newEngine()
		got := run(t, e, nil, "boardsize 9\nkomi "+tc.komi+"\nfinal_score\n")
		assert.Equal(t, "= \n\n= \n\n= "+tc.score+"\n\n", got, "komi %s", tc.komi)
	}
}

// TestSetFreeHandicap: a good list is placed; the board must be empty.
func TestSetFreeHandicap(t *testing.T) {
	e := newEngine()
	assert.Equal(t, "= \n\n= \n\n", run(t, e, nil, "boardsize 9\nset_free_handicap c3 g7\n"))
	assert.Equal(t, 2, e.Game().Handicap())
	assert.Equal(t, "? board not empty\n\n", run(t, e, nil, "set_free_handicap a1 a2\n"))
}
