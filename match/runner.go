package match

import (
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/yunzi-go/yunzi/rules"
)

// worker owns one set of engines and plays games one after another.
type worker struct {
	a, b, referee *player
}

func (w *worker) close() {
	w.a.close()
	w.b.close()
	w.referee.close()
}

// startWorker starts the engines of one worker.
func startWorker(cfg *Config) (*worker, error) {
	w := &worker{}
	var err error
	if w.a, err = startPlayer("Black", cfg.Black, cfg.Verbose, cfg.EngineStderr); err != nil {
		return nil, err
	}
	if w.b, err = startPlayer("White", cfg.White, cfg.Verbose, cfg.EngineStderr); err != nil {
		w.a.close()
		return nil, err
	}
	if cfg.Referee != "" {
		if w.referee, err = startPlayer("Referee", cfg.Referee, cfg.Verbose, cfg.EngineStderr); err != nil {
			w.a.close()
			w.b.close()
			return nil, err
		}
	}
	return w, nil
}

type outcome struct {
	rec *Record
	err error
}

// Run plays the match and returns its summary. It writes PREFIX-N.sgf
// and PREFIX.dat as games finish when cfg.SGFFile is set; an existing
// PREFIX.dat is resumed unless cfg.Force. Games that end in an error
// (illegal move, crash, time loss) count as losses of the engine at
// fault. Run fails only when the match cannot be played at all.
func Run(cfg Config) (*Summary, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	openings, err := cfg.readOpenings()
	if err != nil {
		return nil, err
	}
	first, err := startWorker(&cfg)
	if err != nil {
		return nil, err
	}
	r := newRunner(&cfg, openings, first)
	defer r.close()
	if err := r.openDat(); err != nil {
		return nil, err
	}
	if r.toPlay <= 0 {
		return r.sum, nil
	}
	if err := r.startWorkers(); err != nil {
		return nil, err
	}
	fatal := r.collect(r.dispatch())
	if closed(cfg.Stop) {
		r.sum.Stopped = r.toPlay - len(r.sum.Records)
	}
	return r.sum, fatal
}

// readOpenings loads the openings in cfg.Openings, none when it is unset.
func (cfg *Config) readOpenings() ([]opening, error) {
	if cfg.Openings == "" {
		return nil, nil
	}
	return loadOpenings(cfg.Openings, cfg.Size, cfg.ruleOptions())
}

// runner is a match in progress: its engines, the games left to play, the
// output files and the summary of the games counted so far.
type runner struct {
	cfg      *Config
	openings []opening
	workers  []*worker // the first one's engines describe the match
	info     matchInfo
	sum      *Summary
	dat      *datFile // nil without cfg.SGFFile
	next     int      // the index of the first game to play
	toPlay   int      // the games to play: cfg.Games less those resumed
	stop     atomic.Bool
	played   [][]rules.Move // the moves of each game counted, to find duplicates
}

// newRunner prepares the summary of a match whose first worker is
// started; every game is still to play.
func newRunner(cfg *Config, openings []opening, first *worker) *runner {
	sum := &Summary{SPRT: cfg.SPRT, Settings: settingsText(cfg, len(openings)), Scoring: scoringText(cfg)}
	sum.A = EngineStats{Label: label(first.a, first.b), Command: cfg.Black}
	sum.B = EngineStats{Label: label(first.b, first.a), Command: cfg.White}
	return &runner{
		cfg: cfg, openings: openings, workers: []*worker{first},
		info: sgfInfoOf(cfg, first), sum: sum, toPlay: cfg.Games,
	}
}

// close closes every worker's engines.
func (r *runner) close() {
	for _, w := range r.workers {
		w.close()
	}
}

// openDat opens PREFIX.dat when the match writes its games, and resumes
// it: the games it holds are not played again.
func (r *runner) openDat() error {
	if r.cfg.SGFFile == "" {
		return nil
	}
	var err error
	r.dat, r.sum.Resumed, err = openDat(r.cfg.SGFFile+".dat", r.cfg.Force, headerProps(r.cfg, r.workers[0], r.openings))
	if err != nil {
		return err
	}
	r.next = r.dat.nextIndex()
	r.toPlay = r.cfg.Games - r.sum.Resumed
	earlier, err := r.dat.earlier()
	if err != nil {
		return err
	}
	for _, rec := range earlier {
		r.sum.count(rec)
	}
	return nil
}

// startWorkers starts workers until there is one for each game played at
// once, and no more than there are games to play.
func (r *runner) startWorkers() error {
	for len(r.workers) < min(r.cfg.Threads, r.toPlay) {
		w, err := startWorker(r.cfg)
		if err != nil {
			return err
		}
		r.workers = append(r.workers, w)
	}
	return nil
}

// dispatch hands the games to the workers, each playing one game after
// another on its own goroutine, and returns their outcomes in the order
// they finish; the channel is closed when every worker is done. A worker
// starts no new game once the match is stopped (r.stop or cfg.Stop).
func (r *runner) dispatch() <-chan outcome {
	jobs := make(chan int, r.toPlay)
	for i := range r.toPlay {
		jobs <- r.next + i
	}
	close(jobs)
	results := make(chan outcome)
	var wg sync.WaitGroup
	for _, w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for idx := range jobs {
				if r.stop.Load() || closed(r.cfg.Stop) {
					continue
				}
				results <- w.play(r.cfg, idx, r.openings)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	return results
}

// collect counts the outcomes until the workers are done: each game is
// checked for an earlier duplicate, written out and added to the summary.
// It stops the match at the first error, which it returns, or when the
// SPRT reaches a decision.
func (r *runner) collect(results <-chan outcome) error {
	var fatal error
	fail := func(err error) {
		if fatal == nil {
			fatal = err
		}
		r.stop.Store(true)
	}
	for o := range results {
		if o.err != nil {
			fail(o.err)
			continue
		}
		r.markDuplicate(o.rec)
		if err := r.write(o.rec); err != nil {
			fail(err)
		}
		r.sum.add(o.rec)
		r.reportProgress()
		if r.sum.SPRT != nil && r.sum.SPRTState != SPRTContinue {
			r.stop.Store(true)
		}
	}
	return fatal
}

// markDuplicate sets rec.Dup to the index of the first game counted with
// the same moves up to a symmetry of the board, or to "-".
func (r *runner) markDuplicate(rec *Record) {
	rec.Dup = "-"
	moves := rec.Game.Moves()
	for i, prev := range r.played {
		if sameGame(prev, moves, r.cfg.Size) {
			rec.Dup = strconv.Itoa(r.sum.Records[i].Index)
			break
		}
	}
	r.played = append(r.played, moves)
}

// write writes a game's SGF file and its row of PREFIX.dat, when the
// match writes its games. It tries both and returns the first error.
func (r *runner) write(rec *Record) error {
	if r.dat == nil {
		return nil
	}
	path := fmt.Sprintf("%s-%d.sgf", r.cfg.SGFFile, rec.Index)
	sgfErr := writeSGF(path, rec, r.cfg, r.info.forGame(rec))
	datErr := r.dat.add(rec)
	if sgfErr != nil {
		return fmt.Errorf("write %s: %w", path, sgfErr)
	}
	return datErr
}

// reportProgress calls cfg.Progress, when set, with the running score.
func (r *runner) reportProgress() {
	if r.cfg.Progress == nil {
		return
	}
	s := r.sum
	r.cfg.Progress(Progress{Done: len(s.Records), Total: r.toPlay, WinsA: s.A.Wins, WinsB: s.B.Wins, Draws: s.Draws})
}

// closed reports whether c is closed; a nil c never is.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// play plays one game on this worker's engines, restarting any that died.
func (w *worker) play(cfg *Config, idx int, openings []opening) outcome {
	for _, p := range []*player{w.a, w.b} {
		if err := p.ensure(); err != nil {
			return outcome{err: err}
		}
	}
	rec := &Record{Index: idx, Alternated: cfg.Alternate && idx%2 == 1}
	var moves []rules.Move
	if len(openings) > 0 {
		k := idx % len(openings)
		if cfg.Alternate {
			k = idx / 2 % len(openings)
		}
		rec.Opening, moves = openings[k].name, openings[k].moves
	}
	if err := playGame(cfg, w.a, w.b, w.referee, rec, moves); err != nil {
		return outcome{err: err}
	}
	return outcome{rec: rec}
}

// matchInfo describes the engines (A, B) for the game records.
type matchInfo struct {
	labels, commands, versions [2]string // of A and B
	referee, scoring, time     string
}

// sgfInfoOf gathers the engines' descriptions from a worker.
func sgfInfoOf(cfg *Config, w *worker) matchInfo {
	return matchInfo{
		labels:   [2]string{label(w.a, w.b), label(w.b, w.a)},
		commands: [2]string{cfg.Black, cfg.White},
		versions: [2]string{w.a.version, w.b.version},
		referee:  cfg.Referee, scoring: scoringText(cfg), time: timeText(cfg),
	}
}

// forGame orders the descriptions by the colours of a game.
func (m matchInfo) forGame(r *Record) sgfInfo {
	i, j := 0, 1
	if r.Alternated {
		i, j = 1, 0
	}
	return sgfInfo{
		labels:   [2]string{m.labels[i], m.labels[j]},
		commands: [2]string{m.commands[i], m.commands[j]},
		versions: [2]string{m.versions[i], m.versions[j]},
		referee:  m.referee, scoring: m.scoring, time: m.time,
	}
}

// headerProps are the .dat header lines: gogui-twogtp's, then the
// runner's additions (TimeControl, Grace, Scoring, MaxMoves).
func headerProps(cfg *Config, w *worker, openings []opening) []property {
	var ps []property
	for _, e := range []struct {
		role string
		p, o *player
		cmd  string
	}{{"Black", w.a, w.b, cfg.Black}, {"White", w.b, w.a, cfg.White}} {
		ps = append(ps, property{e.role, e.p.name}, property{e.role + "Command", e.cmd},
			property{e.role + "Label", label(e.p, e.o)}, property{e.role + "Version", e.p.version})
	}
	if w.referee == nil {
		ps = append(ps, property{"Referee", "-"})
	} else {
		r := w.referee
		ps = append(ps, property{"Referee", r.name}, property{"RefereeCommand", cfg.Referee},
			property{"RefereeLabel", r.name}, property{"RefereeVersion", r.version})
	}
	ps = append(ps, property{"Size", strconv.Itoa(cfg.Size)}, property{"Komi", strconv.FormatFloat(cfg.Komi, 'f', -1, 64)})
	if cfg.Handicap > 0 {
		ps = append(ps, property{"Handicap", strconv.Itoa(cfg.Handicap)})
	}
	if cfg.Alternate {
		ps = append(ps, property{"Alternate", "1"})
	}
	if cfg.Openings != "" {
		ps = append(ps, property{"Openings", fmt.Sprintf("%s (%d files)", filepath.Clean(cfg.Openings), len(openings))})
	}
	ps = append(ps, property{"Date", dateString()}, property{"Host", hostInfo()}, property{"Xml", "0"},
		property{"TimeControl", timeText(cfg)}, property{"Scoring", scoringText(cfg)},
		property{"MaxMoves", strconv.Itoa(cfg.MaxMoves)})
	return ps
}

func timeText(cfg *Config) string {
	if cfg.Time.Kind == NoTime {
		return "none"
	}
	return fmt.Sprintf("%s, grace %v", cfg.Time, cfg.Grace)
}

func scoringText(cfg *Config) string {
	if cfg.Referee != "" {
		return "referee final_score; the engines' final_score checked against it"
	}
	return "area count by the runner with every stone alive (Tromp-Taylor), checked against the engines' final_score: " +
		"their common result when both contradict it, no result when they disagree"
}

func settingsText(cfg *Config, openings int) string {
	s := fmt.Sprintf("%dx%d, komi %g", cfg.Size, cfg.Size, cfg.Komi)
	if cfg.Handicap > 0 {
		s += fmt.Sprintf(", handicap %d", cfg.Handicap)
	}
	s += fmt.Sprintf(", time %s, games %d", timeText(cfg), cfg.Games)
	if cfg.Alternate {
		s += ", alternating colours"
	}
	if openings > 0 {
		s += fmt.Sprintf(", %d openings", openings)
	}
	if cfg.Threads > 1 {
		s += fmt.Sprintf(", %d games at once", cfg.Threads)
	}
	return s
}
