package match

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestScriptedGamesAlternate(t *testing.T) {
	// A plays C3 then passes; B always passes. Game 0: A black wins by
	// area (B+24.5); game 1: A white wins on komi (W+0.5, written B+0.5
	// in the table because the colours were exchanged).
	s, prefix := runMatch(t, Config{
		Black: fake("-name", "Alpha", "-moves", "C3"), White: fake("-name", "Beta"),
		Games: 2, Komi: 0.5, Alternate: true,
	})
	rows := datRows(t, prefix)
	require.Len(t, rows, 2)
	want := []struct{ game, resR, alt, length, err string }{
		{"0", "B+24.5", "0", "3", "0"},
		{"1", "B+0.5", "1", "2", "0"},
	}
	for i, w := range want {
		r := rows[i]
		assert.Equal(t, []string{w.game, w.resR, w.alt, w.length, w.err},
			[]string{col(r, "GAME"), col(r, "RES_R"), col(r, "ALT"), col(r, "LEN"), col(r, "ERR")},
			"row %d (GAME, RES_R, ALT, LEN, ERR): %q", i, r)
		assert.Equal(t, []string{w.resR, w.resR}, []string{col(r, "RES_B"), col(r, "RES_W")},
			"row %d: the engines' final_score", i)
	}
	assert.Equal(t, 2, s.A.Wins, "A wins")
	assert.Zero(t, s.B.Wins, "B wins")
	assert.Equal(t, 1, s.A.WinsBlack, "A wins as black")
	assert.Equal(t, 1, s.A.WinsWhite, "A wins as white")
	assert.Equal(t, 1, s.BlackWins, "black wins")
	assert.Equal(t, "Alpha", s.A.Label)
	assert.Equal(t, "Beta", s.B.Label)
	g0 := readFile(t, prefix+"-0.sgf")
	for _, want := range []string{"RE[B+24.5]", "PB[Alpha]", "PW[Beta]", ";B[cc]", "SZ[5]", "KM[0.5]"} {
		assert.Contains(t, g0, want, "game 0 SGF")
	}
	g1 := readFile(t, prefix+"-1.sgf")
	for _, want := range []string{"RE[W+0.5]", "PB[Beta]", "PW[Alpha]"} {
		assert.Contains(t, g1, want, "game 1 SGF")
	}
	dat := readFile(t, prefix+".dat")
	for _, want := range []string{"# Black: Alpha\n", "# White: Beta\n", "# Referee: -\n", "# Size: 5\n", "# Komi: 0.5\n", "#\n#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n"} {
		assert.Contains(t, dat, want, ".dat")
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3,C3"), White: fake("-moves", "D4"), Games: 1})
	r := datRows(t, prefix)[0]
	assert.Equal(t, "W+F", col(r, "RES_R"), "row %q", r)
	assert.Equal(t, "1", col(r, "ERR"), "row %q", r)
	assert.Contains(t, col(r, "ERR_MSG"), "illegal move C3")
	assert.Equal(t, 1, s.A.Illegal, "A's illegal moves")
	assert.Equal(t, 1, s.B.Wins, "B wins")
	assert.Zero(t, s.A.Wins, "A wins")
	sgfText := readFile(t, prefix+"-0.sgf")
	assert.Contains(t, sgfText, "RE[W+F]")
	assert.Contains(t, sgfText, "illegal move")
}

func TestUnreadableMoveLoses(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "Z99"), White: fake(), Games: 1})
	r := datRows(t, prefix)[0]
	assert.Equal(t, "W+F", col(r, "RES_R"), "a forfeit for the answer Z99: row %q", r)
	assert.Equal(t, 1, s.A.Illegal, "A's illegal moves")
}

func TestTimeLossAndTimeCommands(t *testing.T) {
	log := filepath.Join(t.TempDir(), "white.log")
	tc, err := ParseTime("1s")
	require.NoError(t, err)
	// Black's engine sleeps at its second genmove for longer than the hang
	// guard: the runner must end the game when the clock runs out, without
	// waiting for the move.
	s, prefix := runMatchWithin(t, 30*time.Second, Config{
		Black: fake("-moves", "C3", "-sleep", "2m", "-sleep-at", "2"), White: fake("-moves", "D4", "-log", log),
		Games: 1, Time: tc, Grace: 200 * time.Millisecond,
	})
	r := datRows(t, prefix)[0]
	assert.Equal(t, "W+T", col(r, "RES_R"), "row %q", r)
	assert.Equal(t, "1", col(r, "ERR"), "row %q", r)
	assert.Contains(t, col(r, "ERR_MSG"), "lost on time: no move after", "the runner stopped waiting")
	assert.Equal(t, 1, s.A.TimeLosses, "A's time losses")
	assert.Equal(t, 1, s.B.Wins, "B wins")
	cmds := readFile(t, log)
	for _, want := range []string{"time_settings 1 0 0\n", "time_left W 1 0\n"} {
		assert.Contains(t, cmds, want, "the white engine's commands")
	}
	sgfText := readFile(t, prefix+"-0.sgf")
	assert.Contains(t, sgfText, "WL[")
	assert.Contains(t, sgfText, "RE[W+T]")
}

func TestByoyomiSettings(t *testing.T) {
	log := filepath.Join(t.TempDir(), "black.log")
	tc, err := ParseByoyomi("3x1s")
	require.NoError(t, err)
	s, _ := runMatch(t, Config{Black: fake("-moves", "C3", "-log", log), White: fake(), Games: 1, Time: tc})
	assert.Equal(t, 1, s.A.Wins, "A wins")
	assert.Zero(t, s.A.TimeLosses+s.B.TimeLosses, "time losses")
	cmds := readFile(t, log)
	for _, want := range []string{"kgs-time_settings byoyomi 0 1 3\n", "time_left B 1 3\n"} {
		assert.Contains(t, cmds, want, "the black engine's commands")
	}
}

func TestCrashLosesAndEngineRestarts(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3,D4", "-crash-at", "2"), White: fake(), Games: 2, Alternate: true})
	rows := datRows(t, prefix)
	require.Len(t, rows, 2, "the runner restarts a crashed engine")
	assert.Equal(t, "W+F", col(rows[0], "RES_R"), "game 0: a forfeit by crash")
	assert.Contains(t, col(rows[0], "ERR_MSG"), "died")
	// Game 1: A plays white and crashes again; in the table B+ is a win
	// of the -black engine, so the win of -white is written W+F.
	assert.Equal(t, "W+F", col(rows[1], "RES_R"), "game 1: a win of -white")
	assert.Equal(t, "1", col(rows[1], "ALT"))
	assert.Equal(t, 2, s.A.Crashes, "A's crashes")
	assert.Equal(t, 2, s.B.Wins, "B wins")
}

func TestResignation(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3"), White: fake("-resign-at", "1"), Games: 1})
	r := datRows(t, prefix)[0]
	assert.Equal(t, "B+R", col(r, "RES_R"), "row %q", r)
	assert.Equal(t, "0", col(r, "ERR"), "a resignation is no error")
	assert.Equal(t, 1, s.B.Resigned, "B's resignations")
	assert.Equal(t, 1, s.A.Wins, "A wins")
}

func TestRefereeScores(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-moves", "C3"), White: fake(), Referee: fake("-name", "Ref", "-score", "W+7"), Games: 1,
	})
	r := datRows(t, prefix)[0]
	assert.Equal(t, "W+7", col(r, "RES_R"), "the referee's count")
	assert.Equal(t, "B+25", col(r, "RES_B"), "the engine's own count")
	assert.Equal(t, 1, s.B.Wins, "B wins")
	assert.Contains(t, s.Scoring, "referee")
	assert.Contains(t, readFile(t, prefix+"-0.sgf"), "RE[W+7]")
	assert.Contains(t, readFile(t, prefix+".dat"), "# Referee: Ref\n")
}

// TestHandicap: with a handicap the engines and the referee are sent
// fixed_handicap, White moves first, the record holds the stones, and the
// count gives White a point a stone. An engine that puts its stones
// elsewhere cannot play the match, nor can a handicap the board lacks.
func TestHandicap(t *testing.T) {
	log := filepath.Join(t.TempDir(), "referee.log")
	_, prefix := runMatch(t, Config{
		Black: fake(), White: fake("-moves", "E5"), Referee: fake("-log", log),
		Size: 9, Komi: 0.5, Handicap: 2,
	})
	// Two black stones and one white one, the empty points all neutral:
	// B+1 on the board, W+1.5 with the komi and White's two points.
	r := datRows(t, prefix)[0]
	assert.Equal(t, "W+1.5", col(r, "RES_R"), "the referee's count")
	assert.Equal(t, "W+1.5", col(r, "RES_B"), "Black's count")
	assert.Equal(t, "3", col(r, "LEN"))
	g := readFile(t, prefix+"-0.sgf")
	for _, want := range []string{"HA[2]", "AB[cg][gc]", ";W[ee]"} {
		assert.Contains(t, g, want, "the SGF's handicap and White's first move")
	}
	assert.Contains(t, readFile(t, prefix+".dat"), "# Handicap: 2\n")
	assert.Contains(t, readFile(t, log), "fixed_handicap 2\n", "the referee's commands")

	_, err := Run(Config{Black: fake("-handicap-at", "D4,F6"), White: fake(), Size: 9, Handicap: 2})
	assert.ErrorContains(t, err, "fixed_handicap 2 placed", "an engine placing other stones")
	for _, cfg := range []Config{
		{Size: 9, Handicap: 1},
		{Size: 5, Handicap: 2},
		{Size: 9, Handicap: 2, Openings: t.TempDir()},
	} {
		cfg.Black, cfg.White = fake(), fake()
		_, err := Run(cfg)
		assert.Error(t, err, "handicap %d on %dx%d (openings %q)", cfg.Handicap, cfg.Size, cfg.Size, cfg.Openings)
	}
}

func TestMoveLimitAndThreads(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-random", "-seed", "3"), White: fake("-random", "-seed", "4"),
		Games: 4, Threads: 2, MaxMoves: 10, Alternate: true,
	})
	rows := datRows(t, prefix)
	require.Len(t, rows, 4)
	for i, r := range rows {
		assert.Equal(t, []string{fmt.Sprint(i), "10", "1"}, []string{col(r, "GAME"), col(r, "LEN"), col(r, "ERR")},
			"row %d (GAME, LEN, ERR): %q", i, r)
		assert.Contains(t, col(r, "ERR_MSG"), "move limit", "row %d", i)
	}
	assert.Equal(t, 4, s.A.Wins+s.B.Wins+s.Draws+s.Unknown, "results: A %+v B %+v", s.A, s.B)
}

func TestResumeAndForce(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "m")
	cfg := Config{Black: fake("-moves", "C3"), White: fake(), Games: 2, SGFFile: prefix}
	runMatch(t, cfg)
	cfg.Games = 3
	s, _ := runMatch(t, cfg)
	assert.Equal(t, 2, s.Resumed, "games resumed")
	assert.Len(t, s.Records, 1, "games played")
	assert.Equal(t, 3, s.Games(), "games counted")
	assert.Len(t, datRows(t, prefix), 3)
	require.NotEmpty(t, s.Records)
	assert.Equal(t, 2, s.Records[0].Index, "the game played")
	cfg.Force, cfg.Games = true, 1
	runMatch(t, cfg)
	assert.Len(t, datRows(t, prefix), 1, "after -force")
}

func TestOpenings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("a.sgf", "(;FF[4]SZ[5];B[bb];W[dd])")
	write("b.sgf", "(;FF[4]SZ[5];B[cc])")
	s, prefix := runMatch(t, Config{Black: fake(), White: fake(), Games: 3, Openings: dir, Komi: 0.5})
	rows := datRows(t, prefix)
	require.Len(t, rows, 3)
	// Both engines pass at once, so games last as long as their opening
	// plus two passes; games cycle through the openings.
	for i, wantLen := range []string{"4", "3", "4"} {
		assert.Equal(t, wantLen, col(rows[i], "LEN"), "game %d", i)
	}
	g := readFile(t, prefix+"-1.sgf")
	assert.Contains(t, g, ";B[cc]", "game 1 starts with opening b")
	assert.Contains(t, g, "Opening: b.sgf")
	assert.Equal(t, "a.sgf", s.Records[0].Opening, "game 0's opening")
	write("c.sgf", "(;FF[4]SZ[5]AB[aa])")
	_, err := Run(Config{Black: fake(), White: fake(), Size: 5, Openings: dir})
	assert.Error(t, err, "an opening with setup stones")
}

func TestDuplicates(t *testing.T) {
	_, prefix := runMatch(t, Config{Black: fake(), White: fake(), Games: 2})
	rows := datRows(t, prefix)
	require.Len(t, rows, 2)
	assert.Equal(t, "-", col(rows[0], "DUP"))
	assert.Equal(t, "0", col(rows[1], "DUP"))
}

func TestSummaryText(t *testing.T) {
	s, _ := runMatch(t, Config{Black: fake("-name", "Alpha", "-moves", "C3"), White: fake("-name", "Beta"), Games: 2, Alternate: true, Komi: 0.5})
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	for _, want := range []string{
		"A: Alpha (", "B: Beta (",
		"games: 2, A wins 2, B wins 0, draws 0, no result 0\n",
		"A as black: 1/1 wins, as white: 1/1 wins\n",
		"black wins: 1/2\n",
		"A win rate: 100.0% (95% Wilson interval 34.2% to 100.0%)\n",
		"Elo A-B: +inf (95% interval -113 to +inf)\n",
		"A errors: 0 illegal moves, 0 crashes, 0 time losses, 0 no answer; 0 resignations\n",
		"scoring: area count by the runner with every stone alive (Tromp-Taylor), checked against the engines' final_score",
	} {
		assert.Contains(t, b.String(), want)
	}
}

func TestSPRTStops(t *testing.T) {
	sp, err := ParseSPRT("0,400")
	require.NoError(t, err)
	s, _ := runMatch(t, Config{Black: fake("-random", "-pass-after", "6"), White: fake(), Games: 200, SPRT: sp})
	assert.Equal(t, SPRTAcceptH1, s.SPRTState)
	assert.Less(t, s.Games(), 200, "H1 accepted early")
}

func TestStopEndsTheMatchAfterGamesInProgress(t *testing.T) {
	stop := make(chan struct{})
	cfg := Config{Black: fake("-random", "-pass-after", "6"), White: fake(), Games: 5, Stop: stop}
	cfg.Progress = func(p Progress) {
		if p.Done == 1 {
			close(stop)
		}
	}
	s, prefix := runMatch(t, cfg)
	// The worker may have started the second game while the first one's
	// result was being counted: that game was in progress, and finishes.
	assert.Contains(t, []int{1, 2}, s.Games(), "games played")
	assert.Equal(t, 5, s.Games()+s.Stopped, "games played and left")
	assert.Len(t, datRows(t, prefix), s.Games(), ".dat rows")
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	assert.Contains(t, b.String(), fmt.Sprintf("stopped: %d games not played\n", s.Stopped))
}

func TestSummaryCPUTime(t *testing.T) {
	moves := func(n int) []time.Duration { return make([]time.Duration, n) }
	var s Summary
	// Engine A tells its CPU time as Black in the first game and as White
	// in the second; B never does.
	s.add(&Record{Result: "B+1", Winner: rules.Black, MoveTimes: [2][]time.Duration{moves(3), moves(3)}, CPU: [2]float64{2.5, 0}})
	s.add(&Record{Result: "W+1", Winner: rules.White, Alternated: true, MoveTimes: [2][]time.Duration{moves(3), moves(2)}, CPU: [2]float64{0, 1.5}})
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	for _, want := range []string{
		"A time per move: average 0.00 s, max 0.00 s over 5 moves; CPU 0.80 s a move\n",
		"B time per move: average 0.00 s, max 0.00 s over 6 moves\n",
	} {
		assert.Contains(t, b.String(), want)
	}
}
