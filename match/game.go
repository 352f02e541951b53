package match

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/gtp/client"
	"github.com/yunzi-go/yunzi/rules"
)

// game is one game being played by a worker.
type game struct {
	cfg     *Config
	g       *rules.Game
	players [2]*player // by colour index
	clocks  [2]*Clock
	rec     *Record
	notes   map[int]string // SGF comments by move number (1 = first move)
	left    map[int][2]float64
}

// play plays game rec.Index between a and b (a is the command line's
// Black engine) and fills rec. It returns an error only when the match
// cannot go on (an engine refuses the board size, say).
func playGame(cfg *Config, a, b, referee *player, rec *Record, opening []rules.Move) error {
	gm := &game{cfg: cfg, rec: rec, notes: map[int]string{}, left: map[int][2]float64{}}
	gm.players = [2]*player{a, b}
	if rec.Alternated {
		gm.players = [2]*player{b, a}
	}
	gm.clocks = [2]*Clock{NewClock(cfg.Time), NewClock(cfg.Time)}
	g, err := rules.NewGame(cfg.Size, cfg.ruleOptions())
	if err != nil {
		return err
	}
	if stones := cfg.handicapStones(); stones != nil {
		if err := g.SetHandicap(stones); err != nil {
			return err
		}
	}
	gm.g, rec.Game = g, g
	start := time.Now()
	defer func() { rec.Duration = time.Since(start) }()
	for i, p := range gm.players {
		if err := gm.setup(p); err != nil {
			if errors.Is(err, errFatal) {
				return err
			}
			gm.end(EndCrash, colorOf(i), fmt.Sprintf("%s: %v", strings.ToLower(colorOf(i).String()), err))
			gm.finishRecord()
			return nil
		}
		rec.CPU[i] = -cpuTime(p)
	}
	if gm.playOpening(opening) {
		gm.loop()
	}
	if rec.Reason == EndScored || rec.Reason == EndMoveLimit {
		gm.score(referee)
	}
	for i, p := range gm.players {
		if p.c.Alive() {
			rec.CPU[i] += cpuTime(p)
		} else {
			rec.CPU[i] = 0
		}
	}
	gm.finishRecord()
	return nil
}

var errFatal = errors.New("engine refused the game settings")

// setup sends the board size, komi, handicap and time settings.
func (gm *game) setup(p *player) error {
	if _, err := p.send("boardsize "+strconv.Itoa(gm.cfg.Size), setupTimeout); err != nil {
		if isCommandError(err) {
			return fmt.Errorf("%w: %v", errFatal, err)
		}
		return err
	}
	if _, err := p.send("clear_board", setupTimeout); err != nil && !isCommandError(err) {
		return err
	}
	if err := p.sendIfKnown("komi " + strconv.FormatFloat(gm.cfg.Komi, 'f', -1, 64)); err != nil {
		return err
	}
	if err := sendHandicap(p, gm.cfg); err != nil {
		return err
	}
	if cmd := timeSettings(gm.cfg.Time, p); cmd != "" {
		return p.sendIfKnown(cmd)
	}
	return nil
}

// sendHandicap sends fixed_handicap, when the match has a handicap, and
// checks that the engine placed the stones where the runner did. An engine
// that cannot, or puts them elsewhere, cannot play the match.
func sendHandicap(p *player, cfg *Config) error {
	want := cfg.handicapStones()
	if want == nil {
		return nil
	}
	resp, err := p.send("fixed_handicap "+strconv.Itoa(cfg.Handicap), setupTimeout)
	if isCommandError(err) {
		return fmt.Errorf("%w: fixed_handicap %d: %v", errFatal, cfg.Handicap, err)
	}
	if err != nil {
		return err
	}
	var got []rules.Point
	for _, v := range strings.Fields(resp.Text) {
		if pt, err := rules.ParsePoint(v); err == nil {
			got = append(got, pt)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		return fmt.Errorf("%w: fixed_handicap %d placed %q, want %v", errFatal, cfg.Handicap, resp.Text, want)
	}
	return nil
}

// timeSettings returns the command that tells p the time control.
func timeSettings(tc TimeControl, p *player) string {
	sec := func(d time.Duration) int64 { return int64(math.Round(d.Seconds())) }
	switch tc.Kind {
	case Absolute:
		return fmt.Sprintf("time_settings %d 0 0", sec(tc.Main))
	case Canadian:
		return fmt.Sprintf("time_settings %d %d %d", sec(tc.Main), max(sec(tc.Period), 1), tc.Stones)
	case Byoyomi:
		if p.known["kgs-time_settings"] {
			return fmt.Sprintf("kgs-time_settings byoyomi %d %d %d", sec(tc.Main), max(sec(tc.Period), 1), tc.Periods)
		}
		// One stone per period: a single Japanese period, the safe reading.
		return fmt.Sprintf("time_settings %d %d 1", sec(tc.Main), max(sec(tc.Period), 1))
	}
	return ""
}

// playOpening plays the opening's moves on the board and both engines. It
// returns false if the game ended there (an engine refused a move).
func (gm *game) playOpening(moves []rules.Move) bool {
	for _, m := range moves {
		if err := gm.g.Play(m); err != nil {
			gm.end(EndIllegal, m.Color, fmt.Sprintf("opening %s: move %s: %v", gm.rec.Opening, m, err))
			return false
		}
		for i, p := range gm.players {
			if !gm.tell(p, colorOf(i), m) {
				return false
			}
		}
	}
	return true
}

// tell sends a move to the engine playing c; a refusal or a death ends
// the game against c.
func (gm *game) tell(p *player, c rules.Color, m rules.Move) bool {
	_, err := p.send("play "+moveText(m), setupTimeout)
	switch {
	case err == nil:
		return true
	case isCommandError(err):
		gm.end(EndNoAnswer, c, fmt.Sprintf("%s refused the legal move %s: %v", c, moveText(m), err))
	default:
		gm.end(EndCrash, c, fmt.Sprintf("%s engine: %v (at play %s)", c, err, moveText(m)))
	}
	return false
}

// loop asks for moves until the game ends.
func (gm *game) loop() {
	for {
		if gm.g.MoveNumber() >= gm.cfg.MaxMoves {
			gm.rec.Reason = EndMoveLimit
			gm.rec.Err = fmt.Sprintf("move limit %d reached", gm.cfg.MaxMoves)
			return
		}
		if !gm.turn() {
			return
		}
		if gm.g.Passes() >= 2 {
			gm.rec.Reason = EndScored
			return
		}
	}
}

// turn asks the player to move for a move and plays it; it returns false
// when the game ended.
func (gm *game) turn() bool {
	c := gm.g.ToMove()
	answer, used, ok := gm.ask(c)
	if !ok || !gm.charge(c, used) {
		return false
	}
	m, ok := gm.readMove(c, answer)
	return ok && gm.apply(m, used)
}

// ask tells the engine playing c its time left, when it is timed and
// listens, then sends genmove and returns the answer and the time the
// engine took, which the record keeps. It returns false when the game
// ended: the engine died, failed genmove or did not answer in time.
func (gm *game) ask(c rules.Color) (string, time.Duration, bool) {
	i := colorIndex(c)
	p, clk := gm.players[i], gm.clocks[i]
	if clk.Timed() && p.known["time_left"] {
		t, n := clk.TimeLeft()
		if err := p.sendIfKnown(fmt.Sprintf("time_left %s %d %d", c.Letter(), int64(t.Seconds()), n)); err != nil {
			gm.end(EndCrash, c, fmt.Sprintf("%s engine: %v (at time_left)", c, err))
			return "", 0, false
		}
	}
	timeout := gm.cfg.MoveTimeout
	if clk.Timed() {
		timeout = clk.Limit() + gm.cfg.Grace + 50*time.Millisecond
	}
	start := time.Now()
	resp, err := p.send("genmove "+c.Letter(), timeout)
	used := time.Since(start)
	gm.rec.MoveTimes[i] = append(gm.rec.MoveTimes[i], used)
	if err != nil {
		gm.endGenmoveFailed(c, err, used, timeout)
		return "", used, false
	}
	return strings.TrimSpace(resp.Text), used, true
}

// endGenmoveFailed ends the game against c, whose engine gave no move:
// on time when it is timed and ran out of its clock, else for no answer
// (silence, or a failure response) or for a crash.
func (gm *game) endGenmoveFailed(c rules.Color, err error, used, timeout time.Duration) {
	clk := gm.clocks[colorIndex(c)]
	switch {
	case errors.Is(err, client.ErrTimeout) && clk.Timed():
		gm.end(EndTime, c, fmt.Sprintf("%s lost on time: no move after %.1f s with %.1f s left", c, used.Seconds(), clk.Limit().Seconds()))
	case errors.Is(err, client.ErrTimeout):
		gm.end(EndNoAnswer, c, fmt.Sprintf("%s did not answer genmove within %v", c, timeout))
	case isCommandError(err):
		gm.end(EndNoAnswer, c, fmt.Sprintf("%s failed genmove: %v", c, err))
	default:
		gm.end(EndCrash, c, fmt.Sprintf("%s engine: %v (at genmove)", c, err))
	}
}

// charge takes the time a move took off c's clock, with the match's
// grace; it returns false when c lost on time.
func (gm *game) charge(c rules.Color, used time.Duration) bool {
	clk := gm.clocks[colorIndex(c)]
	limit := clk.Limit()
	if clk.Charge(used, gm.cfg.Grace) {
		return true
	}
	gm.end(EndTime, c, fmt.Sprintf("%s lost on time: move took %.2f s with %.2f s left", c, used.Seconds(), limit.Seconds()))
	return false
}

// readMove reads c's answer to genmove as its move. It returns false when
// the game ended: c resigned, or answered no point of the board, which
// forfeits.
func (gm *game) readMove(c rules.Color, answer string) (rules.Move, bool) {
	if strings.EqualFold(answer, "resign") {
		gm.end(EndResign, c, "")
		return rules.Move{}, false
	}
	pt, err := rules.ParsePoint(answer)
	if err == nil && pt != rules.Pass && !gm.g.Board().Contains(pt) {
		err = errors.New("off the board")
	}
	if err != nil {
		gm.end(EndIllegal, c, fmt.Sprintf("%s answered %q: %v", c, answer, err))
		return rules.Move{}, false
	}
	return rules.Move{Color: c, Point: pt}, true
}

// apply plays m on the board, notes the time it took and the mover's
// clock for the SGF record, and tells the opponent's engine. It returns
// false when the game ended: m was illegal, or the opponent's engine
// refused it or died.
func (gm *game) apply(m rules.Move, used time.Duration) bool {
	c := m.Color
	if err := gm.g.Play(m); err != nil {
		gm.end(EndIllegal, c, fmt.Sprintf("%s played the illegal move %s: %v", c, m.Point, err))
		return false
	}
	n := gm.g.MoveNumber()
	gm.notes[n] = fmt.Sprintf("%.2f s", used.Seconds())
	i := colorIndex(c)
	if clk := gm.clocks[i]; clk.Timed() {
		t, k := clk.TimeLeft()
		gm.left[n] = [2]float64{t.Seconds(), float64(k)}
	}
	return gm.tell(gm.players[1-i], c.Opponent(), m)
}

// end ends the game with a loss for loser (for a resignation, a loss on
// time or a forfeit).
func (gm *game) end(r Reason, loser rules.Color, msg string) {
	gm.rec.Reason, gm.rec.Loser, gm.rec.Err = r, loser, msg
	suffix := map[Reason]string{EndResign: "R", EndTime: "T"}[r]
	if suffix == "" {
		suffix = "F"
	}
	res := loser.Opponent().Letter() + "+" + suffix
	gm.rec.Result, gm.rec.Winner = res, loser.Opponent()
	gm.rec.ResBlack, gm.rec.ResWhite, gm.rec.ResReferee = res, res, res
}

// score counts a finished game and checks the count against the engines'
// own final_score. With a referee its final_score is the result. Without
// one (or when the referee fails) the runner counts the area with every
// stone alive (Tromp-Taylor), which is wrong when dead stones are left on
// the board, so the engines' answers decide: the count stands when every
// engine that answered agrees with it on the winner; when both engines
// answered and agree with each other against it, their result stands;
// otherwise the game has no result ("?"). Whenever an engine's answer
// names another winner than the result, rec.Dispute says so.
func (gm *game) score(referee *player) {
	own := gm.g.TrompTaylor().String()
	gm.rec.ResBlack = finalScore(gm.players[0])
	gm.rec.ResWhite = finalScore(gm.players[1])
	gm.rec.Count = own
	if referee != nil {
		res, err := gm.refereeScore(referee)
		if err == nil {
			gm.rec.Result, gm.rec.ResReferee = res, res
			gm.rec.Dispute = disputeWith("the referee", res, gm.rec.ResBlack, gm.rec.ResWhite)
			gm.rec.Winner, _ = winnerOf(res)
			return
		}
		gm.addErr(fmt.Sprintf("referee: %v; scored by area count", err))
	}
	gm.rec.Result, gm.rec.Dispute = countResult(own, gm.rec.ResBlack, gm.rec.ResWhite)
	gm.rec.ResReferee = gm.rec.Result
	w, ok := winnerOf(gm.rec.Result)
	if !ok {
		w = rules.Empty
		gm.rec.Result = "?"
	}
	gm.rec.Winner = w
}

// countResult is a game's result from the runner's count and the
// engines' final_score answers resB and resW (see game.score), and the
// dispute when there is one.
func countResult(count, resB, resW string) (result, dispute string) {
	wc, _ := winnerOf(count)
	wb, okB := winnerOf(resB)
	ww, okW := winnerOf(resW)
	switch {
	case (!okB || wb == wc) && (!okW || ww == wc):
		return count, ""
	case okB && okW && wb == ww:
		return resB, fmt.Sprintf("the count with every stone alive says %s, both engines' final_score %s and %s: dead stones left on the board", count, resB, resW)
	}
	return "?", fmt.Sprintf("no result: the count with every stone alive says %s, black's final_score %s, white's %s", count, resB, resW)
}

// disputeWith says which engines' final_score answers name another winner
// than the result res of the judge, "" when none does.
func disputeWith(judge, res, resB, resW string) string {
	w, _ := winnerOf(res)
	var who []string
	if wb, ok := winnerOf(resB); ok && wb != w {
		who = append(who, "black's final_score "+resB)
	}
	if ww, ok := winnerOf(resW); ok && ww != w {
		who = append(who, "white's final_score "+resW)
	}
	if len(who) == 0 {
		return ""
	}
	return fmt.Sprintf("%s says %s, %s", judge, res, strings.Join(who, ", "))
}

func (gm *game) addErr(msg string) {
	if gm.rec.Err != "" {
		gm.rec.Err += "; "
	}
	gm.rec.Err += msg
}

// refereeScore replays the game on the referee and asks final_score.
func (gm *game) refereeScore(r *player) (string, error) {
	if err := r.ensure(); err != nil {
		return "", err
	}
	cmds := []string{"boardsize " + strconv.Itoa(gm.cfg.Size), "clear_board", "komi " + strconv.FormatFloat(gm.cfg.Komi, 'f', -1, 64)}
	if gm.cfg.Handicap > 0 {
		cmds = append(cmds, "fixed_handicap "+strconv.Itoa(gm.cfg.Handicap))
	}
	for _, m := range gm.g.Moves() {
		cmds = append(cmds, "play "+moveText(m))
	}
	for _, c := range cmds {
		if _, err := r.send(c, setupTimeout); err != nil {
			return "", err
		}
	}
	resp, err := r.send("final_score", 10*setupTimeout)
	if err != nil {
		return "", err
	}
	if _, ok := winnerOf(resp.Text); !ok {
		return "", fmt.Errorf("final_score answered %q", resp.Text)
	}
	return resp.Text, nil
}

// finalScore asks an engine's own count, "?" when it has none.
func finalScore(p *player) string {
	if !p.known["final_score"] || !p.c.Alive() {
		return "?"
	}
	resp, err := p.send("final_score", setupTimeout)
	if err != nil || resp.Text == "" {
		return "?"
	}
	return resp.Text
}

// cpuTime asks GoGui's cputime command, 0 when the engine lacks it.
func cpuTime(p *player) float64 {
	if !p.known["cputime"] || !p.c.Alive() {
		return 0
	}
	resp, err := p.send("cputime", setupTimeout)
	if err != nil {
		return 0
	}
	f, err := strconv.ParseFloat(resp.Text, 64)
	if err != nil {
		return 0
	}
	return f
}

func (gm *game) finishRecord() {
	gm.rec.Moves = gm.g.MoveNumber()
	gm.rec.notes, gm.rec.left = gm.notes, gm.left
	if gm.rec.CPU[0] < 0 || gm.rec.CPU[1] < 0 {
		gm.rec.CPU = [2]float64{}
	}
}

func colorOf(i int) rules.Color {
	if i == 1 {
		return rules.White
	}
	return rules.Black
}

func moveText(m rules.Move) string { return m.Color.Letter() + " " + m.Point.String() }
