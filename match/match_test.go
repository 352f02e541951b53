package match

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	want := []struct{ game, resR, alt, length, err string }{
		{"0", "B+24.5", "0", "3", "0"},
		{"1", "B+0.5", "1", "2", "0"},
	}
	for i, w := range want {
		r := rows[i]
		if col(r, "GAME") != w.game || col(r, "RES_R") != w.resR || col(r, "ALT") != w.alt || col(r, "LEN") != w.length || col(r, "ERR") != w.err {
			t.Errorf("row %d = %q, want GAME %s RES_R %s ALT %s LEN %s ERR %s", i, r, w.game, w.resR, w.alt, w.length, w.err)
		}
		if col(r, "RES_B") != w.resR || col(r, "RES_W") != w.resR {
			t.Errorf("row %d: engines' final_score %s, %s; want %s", i, col(r, "RES_B"), col(r, "RES_W"), w.resR)
		}
	}
	if s.A.Wins != 2 || s.B.Wins != 0 || s.A.WinsBlack != 1 || s.A.WinsWhite != 1 || s.BlackWins != 1 {
		t.Errorf("summary A %+v B %+v black wins %d", s.A, s.B, s.BlackWins)
	}
	if s.A.Label != "Alpha" || s.B.Label != "Beta" {
		t.Errorf("labels %q %q", s.A.Label, s.B.Label)
	}
	g0 := readFile(t, prefix+"-0.sgf")
	for _, want := range []string{"RE[B+24.5]", "PB[Alpha]", "PW[Beta]", ";B[cc]", "SZ[5]", "KM[0.5]"} {
		if !strings.Contains(g0, want) {
			t.Errorf("game 0 SGF lacks %s:\n%s", want, g0)
		}
	}
	g1 := readFile(t, prefix+"-1.sgf")
	for _, want := range []string{"RE[W+0.5]", "PB[Beta]", "PW[Alpha]"} {
		if !strings.Contains(g1, want) {
			t.Errorf("game 1 SGF lacks %s:\n%s", want, g1)
		}
	}
	dat := readFile(t, prefix+".dat")
	for _, want := range []string{"# Black: Alpha\n", "# White: Beta\n", "# Referee: -\n", "# Size: 5\n", "# Komi: 0.5\n", "#\n#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n"} {
		if !strings.Contains(dat, want) {
			t.Errorf(".dat lacks %q:\n%s", want, dat)
		}
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3,C3"), White: fake("-moves", "D4"), Games: 1})
	r := datRows(t, prefix)[0]
	if col(r, "RES_R") != "W+F" || col(r, "ERR") != "1" || !strings.Contains(col(r, "ERR_MSG"), "illegal move C3") {
		t.Errorf("row = %q, want W+F with an illegal-move error", r)
	}
	if s.A.Illegal != 1 || s.B.Wins != 1 || s.A.Wins != 0 {
		t.Errorf("A %+v B %+v, want one illegal move of A and a win of B", s.A, s.B)
	}
	if sgfText := readFile(t, prefix+"-0.sgf"); !strings.Contains(sgfText, "RE[W+F]") || !strings.Contains(sgfText, "illegal move") {
		t.Errorf("SGF lacks the forfeit:\n%s", sgfText)
	}
}

func TestUnreadableMoveLoses(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "Z99"), White: fake(), Games: 1})
	if r := datRows(t, prefix)[0]; col(r, "RES_R") != "W+F" || s.A.Illegal != 1 {
		t.Errorf("row = %q, A %+v; want a forfeit for the answer Z99", r, s.A)
	}
}

func TestTimeLossAndTimeCommands(t *testing.T) {
	log := filepath.Join(t.TempDir(), "white.log")
	tc, err := ParseTime("1s")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s, prefix := runMatch(t, Config{
		Black: fake("-moves", "C3", "-sleep", "5s", "-sleep-at", "2"), White: fake("-moves", "D4", "-log", log),
		Games: 1, Time: tc, Grace: 200 * time.Millisecond,
	})
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("the match took %v: the runner waited past the time limit", d)
	}
	r := datRows(t, prefix)[0]
	if col(r, "RES_R") != "W+T" || col(r, "ERR") != "1" || !strings.Contains(col(r, "ERR_MSG"), "lost on time") {
		t.Errorf("row = %q, want W+T", r)
	}
	if s.A.TimeLosses != 1 || s.B.Wins != 1 {
		t.Errorf("A %+v, want a time loss", s.A)
	}
	cmds := readFile(t, log)
	for _, want := range []string{"time_settings 1 0 0\n", "time_left W 1 0\n"} {
		if !strings.Contains(cmds, want) {
			t.Errorf("white engine did not get %q:\n%s", want, cmds)
		}
	}
	if sgfText := readFile(t, prefix+"-0.sgf"); !strings.Contains(sgfText, "WL[") || !strings.Contains(sgfText, "RE[W+T]") {
		t.Errorf("SGF lacks WL or RE[W+T]:\n%s", sgfText)
	}
}

func TestByoyomiSettings(t *testing.T) {
	log := filepath.Join(t.TempDir(), "black.log")
	tc, err := ParseByoyomi("3x1s")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := runMatch(t, Config{Black: fake("-moves", "C3", "-log", log), White: fake(), Games: 1, Time: tc})
	if s.A.Wins != 1 || s.A.TimeLosses+s.B.TimeLosses != 0 {
		t.Errorf("A %+v B %+v", s.A, s.B)
	}
	cmds := readFile(t, log)
	for _, want := range []string{"kgs-time_settings byoyomi 0 1 3\n", "time_left B 1 3\n"} {
		if !strings.Contains(cmds, want) {
			t.Errorf("black engine did not get %q:\n%s", want, cmds)
		}
	}
}

func TestCrashLosesAndEngineRestarts(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3,D4", "-crash-at", "2"), White: fake(), Games: 2, Alternate: true})
	rows := datRows(t, prefix)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2 (the runner restarts a crashed engine)", len(rows))
	}
	if col(rows[0], "RES_R") != "W+F" || !strings.Contains(col(rows[0], "ERR_MSG"), "died") {
		t.Errorf("game 0 = %q, want a forfeit by crash", rows[0])
	}
	// Game 1: A plays white and crashes again; in the table B+ is a win
	// of the -black engine, so the win of -white is written W+F.
	if col(rows[1], "RES_R") != "W+F" || col(rows[1], "ALT") != "1" {
		t.Errorf("game 1 = %q, want W+F (a win of -white) with ALT 1", rows[1])
	}
	if s.A.Crashes != 2 || s.B.Wins != 2 {
		t.Errorf("A %+v B %+v, want 2 crashes of A", s.A, s.B)
	}
}

func TestResignation(t *testing.T) {
	s, prefix := runMatch(t, Config{Black: fake("-moves", "C3"), White: fake("-resign-at", "1"), Games: 1})
	if r := datRows(t, prefix)[0]; col(r, "RES_R") != "B+R" || col(r, "ERR") != "0" {
		t.Errorf("row = %q, want B+R without error", r)
	}
	if s.B.Resigned != 1 || s.A.Wins != 1 {
		t.Errorf("B %+v", s.B)
	}
}

func TestRefereeScores(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-moves", "C3"), White: fake(), Referee: fake("-name", "Ref", "-score", "W+7"), Games: 1,
	})
	r := datRows(t, prefix)[0]
	if col(r, "RES_R") != "W+7" || col(r, "RES_B") != "B+25" {
		t.Errorf("row = %q, want RES_R W+7 from the referee and the engine's own B+25", r)
	}
	if s.B.Wins != 1 || !strings.Contains(s.Scoring, "referee") {
		t.Errorf("B %+v, scoring %q", s.B, s.Scoring)
	}
	if g := readFile(t, prefix+"-0.sgf"); !strings.Contains(g, "RE[W+7]") {
		t.Errorf("SGF lacks RE[W+7]:\n%s", g)
	}
	if d := readFile(t, prefix+".dat"); !strings.Contains(d, "# Referee: Ref\n") {
		t.Errorf(".dat lacks the referee:\n%s", d)
	}
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
	if col(r, "RES_R") != "W+1.5" || col(r, "RES_B") != "W+1.5" || col(r, "LEN") != "3" {
		t.Errorf("row = %q, want W+1.5 from the referee and Black, and 3 moves", r)
	}
	if g := readFile(t, prefix+"-0.sgf"); !strings.Contains(g, "HA[2]") || !strings.Contains(g, "AB[cg][gc]") || !strings.Contains(g, ";W[ee]") {
		t.Errorf("SGF lacks the handicap or White's first move:\n%s", g)
	}
	if d := readFile(t, prefix+".dat"); !strings.Contains(d, "# Handicap: 2\n") {
		t.Errorf(".dat lacks the handicap:\n%s", d)
	}
	if l := readFile(t, log); !strings.Contains(l, "fixed_handicap 2\n") {
		t.Errorf("the referee was not sent fixed_handicap:\n%s", l)
	}

	_, err := Run(Config{Black: fake("-handicap-at", "D4,F6"), White: fake(), Size: 9, Handicap: 2})
	if err == nil || !strings.Contains(err.Error(), "fixed_handicap 2 placed") {
		t.Errorf("an engine placing other stones: Run = %v, want the stones named", err)
	}
	for _, cfg := range []Config{
		{Size: 9, Handicap: 1},
		{Size: 5, Handicap: 2},
		{Size: 9, Handicap: 2, Openings: t.TempDir()},
	} {
		cfg.Black, cfg.White = fake(), fake()
		if _, err := Run(cfg); err == nil {
			t.Errorf("handicap %d on %dx%d (openings %q) accepted", cfg.Handicap, cfg.Size, cfg.Size, cfg.Openings)
		}
	}
}

func TestMoveLimitAndThreads(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-random", "-seed", "3"), White: fake("-random", "-seed", "4"),
		Games: 4, Threads: 2, MaxMoves: 10, Alternate: true,
	})
	rows := datRows(t, prefix)
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4", len(rows))
	}
	for i, r := range rows {
		if col(r, "GAME") != string(rune('0'+i)) || col(r, "LEN") != "10" || col(r, "ERR") != "1" || !strings.Contains(col(r, "ERR_MSG"), "move limit") {
			t.Errorf("row %d = %q, want 10 moves and the move limit", i, r)
		}
	}
	if s.A.Wins+s.B.Wins+s.Draws+s.Unknown != 4 {
		t.Errorf("results do not add up: %+v %+v", s.A, s.B)
	}
}

func TestResumeAndForce(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "m")
	cfg := Config{Black: fake("-moves", "C3"), White: fake(), Games: 2, SGFFile: prefix}
	runMatch(t, cfg)
	cfg.Games = 3
	s, _ := runMatch(t, cfg)
	if s.Resumed != 2 || s.Games() != 1 || len(datRows(t, prefix)) != 3 || s.Records[0].Index != 2 {
		t.Errorf("resumed %d, played %d, rows %d; want 2, 1, 3", s.Resumed, s.Games(), len(datRows(t, prefix)))
	}
	cfg.Force, cfg.Games = true, 1
	runMatch(t, cfg)
	if n := len(datRows(t, prefix)); n != 1 {
		t.Errorf("after -force: %d rows, want 1", n)
	}
}

func TestOpenings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.sgf", "(;FF[4]SZ[5];B[bb];W[dd])")
	write("b.sgf", "(;FF[4]SZ[5];B[cc])")
	s, prefix := runMatch(t, Config{Black: fake(), White: fake(), Games: 3, Openings: dir, Komi: 0.5})
	rows := datRows(t, prefix)
	// Both engines pass at once, so games last as long as their opening
	// plus two passes; games cycle through the openings.
	for i, wantLen := range []string{"4", "3", "4"} {
		if col(rows[i], "LEN") != wantLen {
			t.Errorf("game %d: LEN %s, want %s", i, col(rows[i], "LEN"), wantLen)
		}
	}
	if g := readFile(t, prefix+"-1.sgf"); !strings.Contains(g, ";B[cc]") || !strings.Contains(g, "Opening: b.sgf") {
		t.Errorf("game 1 does not start with opening b:\n%s", g)
	}
	if s.Records[0].Opening != "a.sgf" {
		t.Errorf("game 0 opening %q", s.Records[0].Opening)
	}
	write("c.sgf", "(;FF[4]SZ[5]AB[aa])")
	if _, err := Run(Config{Black: fake(), White: fake(), Size: 5, Openings: dir}); err == nil {
		t.Error("an opening with setup stones was accepted")
	}
}

func TestDuplicates(t *testing.T) {
	_, prefix := runMatch(t, Config{Black: fake(), White: fake(), Games: 2})
	rows := datRows(t, prefix)
	if col(rows[0], "DUP") != "-" || col(rows[1], "DUP") != "0" {
		t.Errorf("DUP = %q, %q; want -, 0", col(rows[0], "DUP"), col(rows[1], "DUP"))
	}
}

func TestSummaryText(t *testing.T) {
	s, _ := runMatch(t, Config{Black: fake("-name", "Alpha", "-moves", "C3"), White: fake("-name", "Beta"), Games: 2, Alternate: true, Komi: 0.5})
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"A: Alpha (", "B: Beta (",
		"games: 2, A wins 2, B wins 0, draws 0, no result 0\n",
		"A as black: 1/1 wins, as white: 1/1 wins\n",
		"black wins: 1/2\n",
		"A win rate: 100.0% (95% Wilson interval 34.2% to 100.0%)\n",
		"Elo A-B: +inf (95% interval -113 to +inf)\n",
		"A errors: 0 illegal moves, 0 crashes, 0 time losses, 0 no answer; 0 resignations\n",
		"scoring: area count by the runner (Tromp-Taylor",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestSPRTStops(t *testing.T) {
	sp, err := ParseSPRT("0,400")
	if err != nil {
		t.Fatal(err)
	}
	s, _ := runMatch(t, Config{Black: fake("-random", "-pass-after", "6"), White: fake(), Games: 200, SPRT: sp})
	if s.SPRTState != SPRTAcceptH1 || s.Games() >= 200 {
		t.Errorf("SPRT %v after %d games, want H1 accepted early", s.SPRTState, s.Games())
	}
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
	if s.Games() < 1 || s.Games() > 2 || s.Games()+s.Stopped != 5 {
		t.Errorf("played %d games and left %d, want 1 or 2 played and the rest of 5 left", s.Games(), s.Stopped)
	}
	if rows := datRows(t, prefix); len(rows) != s.Games() {
		t.Errorf(".dat has %d rows, want %d", len(rows), s.Games())
	}
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("stopped: %d games not played\n", s.Stopped); !strings.Contains(b.String(), want) {
		t.Errorf("summary does not say the match was stopped:\n%s", b.String())
	}
}

func TestSummaryCPUTime(t *testing.T) {
	moves := func(n int) []time.Duration { return make([]time.Duration, n) }
	var s Summary
	// Engine A tells its CPU time as Black in the first game and as White
	// in the second; B never does.
	s.add(&Record{Result: "B+1", Winner: rules.Black, MoveTimes: [2][]time.Duration{moves(3), moves(3)}, CPU: [2]float64{2.5, 0}})
	s.add(&Record{Result: "W+1", Winner: rules.White, Alternated: true, MoveTimes: [2][]time.Duration{moves(3), moves(2)}, CPU: [2]float64{0, 1.5}})
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"A time per move: average 0.00 s, max 0.00 s over 5 moves; CPU 0.80 s a move\n",
		"B time per move: average 0.00 s, max 0.00 s over 6 moves\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, b.String())
		}
	}
}
