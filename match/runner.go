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
	var openings []opening
	if cfg.Openings != "" {
		var err error
		if openings, err = loadOpenings(cfg.Openings, cfg.Size, cfg.ruleOptions()); err != nil {
			return nil, err
		}
	}
	first, err := startWorker(&cfg)
	if err != nil {
		return nil, err
	}
	workers := []*worker{first}
	defer func() {
		for _, w := range workers {
			w.close()
		}
	}()
	sum := &Summary{SPRT: cfg.SPRT, Settings: settingsText(&cfg, len(openings)), Scoring: scoringText(&cfg)}
	sum.A = EngineStats{Label: label(first.a, first.b), Command: cfg.Black}
	sum.B = EngineStats{Label: label(first.b, first.a), Command: cfg.White}
	var dat *datFile
	next := 0
	if cfg.SGFFile != "" {
		if dat, sum.Resumed, err = openDat(cfg.SGFFile+".dat", cfg.Force, headerProps(&cfg, first, openings)); err != nil {
			return nil, err
		}
		next = dat.nextIndex()
	}
	toPlay := cfg.Games - sum.Resumed
	if toPlay <= 0 {
		return sum, nil
	}
	for len(workers) < min(cfg.Threads, toPlay) {
		w, err := startWorker(&cfg)
		if err != nil {
			return nil, err
		}
		workers = append(workers, w)
	}
	info := sgfInfoOf(&cfg, first)
	jobs := make(chan int, toPlay)
	for i := range toPlay {
		jobs <- next + i
	}
	close(jobs)
	var stop atomic.Bool
	results := make(chan outcome)
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for idx := range jobs {
				if stop.Load() || closed(cfg.Stop) {
					continue
				}
				results <- w.play(&cfg, idx, openings)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var fatal error
	var done [][]rules.Move
	for o := range results {
		if o.err != nil {
			if fatal == nil {
				fatal = o.err
			}
			stop.Store(true)
			continue
		}
		r := o.rec
		r.Dup = "-"
		moves := r.Game.Moves()
		for i, prev := range done {
			if sameGame(prev, moves, cfg.Size) {
				r.Dup = strconv.Itoa(sum.Records[i].Index)
				break
			}
		}
		done = append(done, moves)
		if dat != nil {
			path := fmt.Sprintf("%s-%d.sgf", cfg.SGFFile, r.Index)
			if err := writeSGF(path, r, &cfg, info.forGame(r)); err != nil && fatal == nil {
				fatal = fmt.Errorf("write %s: %w", path, err)
				stop.Store(true)
			}
			if err := dat.add(r); err != nil && fatal == nil {
				fatal = err
				stop.Store(true)
			}
		}
		sum.add(r)
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: len(sum.Records), Total: toPlay, WinsA: sum.A.Wins, WinsB: sum.B.Wins, Draws: sum.Draws})
		}
		if sum.SPRT != nil && sum.SPRTState != SPRTContinue {
			stop.Store(true)
		}
	}
	if closed(cfg.Stop) {
		sum.Stopped = toPlay - len(sum.Records)
	}
	return sum, fatal
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
		return "referee final_score"
	}
	return "area count by the runner (Tromp-Taylor: every stone on the board alive)"
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
