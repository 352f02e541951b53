package jsonanalysis

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"sync"

	"github.com/sirupsen/logrus"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/nn"
)

// Config is what a Server runs with.
type Config struct {
	// Settings are the config file's and the command line's.
	Settings Settings
	// Engine is the template of each position's engine: the network
	// (Model), the seed and the tree's size cap. Threads is set from
	// Settings.SearchThreads.
	Engine engine.Config
	// Version and GitHash answer query_version.
	Version, GitHash string
	// QuitWithoutWaiting stops the searches in progress and drops the
	// queued positions when the input ends, instead of finishing them.
	QuitWithoutWaiting bool
	// Log receives the start-up line and, as the settings ask, the
	// queries, the responses, the errors and the warnings; nil discards.
	Log logrus.FieldLogger
}

// Server answers KataGo analysis queries. Make one with New and run it
// with Serve.
type Server struct {
	cfg Config

	outMu sync.Mutex
	out   io.Writer

	mu     sync.Mutex
	cond   *sync.Cond
	queue  taskQueue
	open   map[*task]bool // queued or searching
	seq    int64
	closed bool // no more positions will come
}

// task is one position queued or in search.
type task struct {
	pos        *position
	seq        int64 // arrival order, breaking priority ties
	index      int   // in the queue; -1 once popped
	cancel     context.CancelFunc
	terminated bool
}

// New returns a server writing its responses to out.
func New(cfg Config, out io.Writer) *Server {
	if cfg.Log == nil {
		l := logrus.New()
		l.Out = io.Discard
		cfg.Log = l
	}
	cfg.Settings.AnalysisThreads = max(cfg.Settings.AnalysisThreads, 1)
	cfg.Settings.SearchThreads = max(cfg.Settings.SearchThreads, 1)
	s := &Server{cfg: cfg, out: out, open: map[*task]bool{}}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// Serve reads query lines from in until it ends or ctx is done, then
// finishes the queued positions (all of them, unless QuitWithoutWaiting
// or ctx ended) and returns. Bad input gets an error line; only an error
// reading in or writing a response stops it early.
func (s *Server) Serve(ctx context.Context, in io.Reader) error {
	var wg sync.WaitGroup
	for range s.cfg.Settings.AnalysisThreads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.work()
		}()
	}
	s.cfg.Log.WithField("analysis_threads", s.cfg.Settings.AnalysisThreads).
		WithField("search_threads", s.cfg.Settings.SearchThreads).Info("Started, ready to begin handling requests")

	lines := make(chan []byte)
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		r := bufio.NewReader(in)
		for {
			l, err := r.ReadBytes('\n')
			if len(l) > 0 {
				select {
				case lines <- l:
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr <- err
				}
				return
			}
		}
	}()
	quit := s.cfg.QuitWithoutWaiting
loop:
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				break loop
			}
			s.Handle(l)
		case <-ctx.Done():
			quit = true
			break loop
		}
	}
	s.mu.Lock()
	s.closed = true
	if quit {
		for t := range s.open {
			if t.index >= 0 {
				heap.Remove(&s.queue, t.index)
				delete(s.open, t)
			} else if t.cancel != nil {
				t.terminated = true
				t.cancel()
			}
		}
	}
	s.cond.Broadcast()
	s.mu.Unlock()
	wg.Wait()
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

// Handle answers one query line: it queues its positions, or does its
// action, writing the error, warning and action lines at once.
func (s *Server) Handle(text []byte) {
	text = bytes.TrimSpace(text)
	if len(text) == 0 {
		return
	}
	if s.cfg.Settings.LogRequests {
		s.cfg.Log.Info("Request: " + string(text))
	}
	r := parseRequest(text, s.cfg.Settings)
	for _, l := range r.lines {
		s.write(l)
	}
	switch r.action {
	case "":
		s.enqueue(r.positions)
	case "query_version":
		r.fields["version"] = mustJSON(s.cfg.Version)
		r.fields["git_hash"] = mustJSON(s.cfg.GitHash)
		s.write(r.fields)
	case "clear_cache":
		// Every position is searched by a fresh engine: nothing is
		// cached between positions, so there is nothing to clear.
		s.write(r.fields)
	case "terminate", "terminate_all":
		s.terminate(r)
	}
}

// enqueue queues positions in the order given.
func (s *Server) enqueue(ps []*position) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range ps {
		t := &task{pos: p, seq: s.seq}
		s.seq++
		heap.Push(&s.queue, t)
		s.open[t] = true
	}
	s.cond.Broadcast()
}

// terminate answers terminate and terminate_all: queued positions end at
// once with noResults, searches in progress stop and report what they
// have; then the query is echoed.
func (s *Server) terminate(r *request) {
	var termID string
	if r.action == "terminate" {
		raw, ok := r.fields["terminateId"]
		if !ok || !isString(raw) || json.Unmarshal(raw, &termID) != nil {
			s.write(fieldError(r.id, "terminateId", `Requests for a terminate action must have a string "terminateId" field`))
			return
		}
	}
	var turns []int
	raw, hasTurns := r.fields["turnNumbers"]
	if hasTurns && (json.Unmarshal(raw, &turns) != nil || turns == nil) {
		s.write(fieldError(r.id, "turnNumbers", "If provided, must be an array of integers indicating turns to terminate"))
		return
	}
	s.mu.Lock()
	var dropped []*task
	for t := range s.open {
		if (r.action == "terminate" && t.pos.id != termID) || (hasTurns && !slices.Contains(turns, t.pos.turn)) || t.terminated {
			continue
		}
		t.terminated = true
		if t.index >= 0 {
			heap.Remove(&s.queue, t.index)
			delete(s.open, t)
			dropped = append(dropped, t)
		} else if t.cancel != nil {
			t.cancel()
		}
	}
	s.mu.Unlock()
	slices.SortFunc(dropped, func(a, b *task) int { return int(a.seq - b.seq) })
	for _, t := range dropped {
		s.write(noResults{ID: t.pos.id, TurnNumber: t.pos.turn, NoResults: true})
	}
	s.write(r.fields)
}

// work searches queued positions, the highest priority first, until the
// queue is closed and empty.
func (s *Server) work() {
	var eval nn.Evaluator
	if s.cfg.Engine.Model != nil {
		eval = s.cfg.Engine.Model.NewEvaluator()
	}
	for {
		s.mu.Lock()
		for s.queue.Len() == 0 && !s.closed {
			s.cond.Wait()
		}
		if s.queue.Len() == 0 {
			s.mu.Unlock()
			return
		}
		t := heap.Pop(&s.queue).(*task)
		ctx, cancel := context.WithCancel(context.Background())
		t.cancel = cancel
		s.mu.Unlock()

		s.search(ctx, t, eval)
		cancel()
		s.mu.Lock()
		delete(s.open, t)
		s.mu.Unlock()
	}
}

// search analyses one position and writes its responses: the partial
// ones reportDuringSearchEvery asks for, then exactly one final one.
func (s *Server) search(ctx context.Context, t *task, eval nn.Evaluator) {
	pos := t.pos
	pos.game = pos.build()
	defer func() { pos.game = nil }() // the response is written: free the position
	var policy []float64
	if pos.opts.includePolicy {
		policy = policyOf(pos.game, eval)
	}
	cfg := s.cfg.Engine
	cfg.Threads = s.cfg.Settings.SearchThreads
	cfg.Size = pos.game.Size()
	e := engine.New(cfg)

	var mu sync.Mutex
	done := false
	q := engine.PositionQuery{Playouts: pos.opts.maxVisits, Restrict: pos.opts.restrict, MovesOwnership: pos.opts.includeMovesOwnership}
	if pos.opts.every > 0 {
		q.ProgressEvery = pos.opts.every
		q.Progress = func(a *engine.PositionAnalysis) {
			mu.Lock()
			defer mu.Unlock()
			if done || a == nil || a.Snapshot.Playouts == 0 {
				return
			}
			s.write(buildResponse(pos, a, true, policy))
		}
	}
	if pos.opts.maxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, pos.opts.maxTime)
		defer cancel()
	}
	a, err := e.AnalyzePosition(ctx, pos.game, pos.game.ToMove(), q)
	mu.Lock()
	done = true
	mu.Unlock()
	if err != nil {
		s.write(line{"id": pos.id, "turnNumber": pos.turn, "error": err.Error()})
	}
	if err != nil || a.Snapshot.Playouts == 0 {
		s.write(noResults{ID: pos.id, TurnNumber: pos.turn, NoResults: true})
		return
	}
	s.write(buildResponse(pos, a, false, policy))
}

// write writes one response line.
func (s *Server) write(v any) {
	b, err := encode(v)
	if err != nil {
		b, _ = encode(errorLine("internal error: " + err.Error()))
	}
	s.outMu.Lock()
	defer s.outMu.Unlock()
	if _, err := s.out.Write(b); err != nil {
		s.cfg.Log.WithError(err).Error("writing a response")
	}
	if l, ok := v.(line); ok && s.cfg.Settings.LogErrors && (l["error"] != nil || l["warning"] != nil) {
		s.cfg.Log.Warn(string(bytes.TrimSpace(b)))
	} else if s.cfg.Settings.LogResponses {
		s.cfg.Log.Info("Response: " + string(bytes.TrimSpace(b)))
	}
}

// encode is v as one line of JSON, ending in a newline, with <, > and &
// written as they are (KataGo's "<omitted>" git hash, the query text an
// error quotes).
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func mustJSON(v any) json.RawMessage {
	b, _ := encode(v)
	return bytes.TrimSpace(b)
}

// taskQueue is a heap of tasks: the highest priority first, then the
// earliest.
type taskQueue []*task

func (q taskQueue) Len() int { return len(q) }
func (q taskQueue) Less(i, j int) bool {
	if q[i].pos.priority != q[j].pos.priority {
		return q[i].pos.priority > q[j].pos.priority
	}
	return q[i].seq < q[j].seq
}
func (q taskQueue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index, q[j].index = i, j
}

// Push implements heap.Interface.
func (q *taskQueue) Push(x any) {
	t := x.(*task)
	t.index = len(*q)
	*q = append(*q, t)
}

// Pop implements heap.Interface.
func (q *taskQueue) Pop() any {
	old := *q
	t := old[len(old)-1]
	old[len(old)-1] = nil
	t.index = -1
	*q = old[:len(old)-1]
	return t
}
