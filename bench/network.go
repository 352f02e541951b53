package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/yunzi-go/yunzi/nn"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// NetworkConfig selects the network's measurements.
type NetworkConfig struct {
	Sizes    []int         // board sizes, e.g. 9 and 19
	Threads  []int         // goroutines evaluating at once, one evaluator each; the searches' threads
	Batches  []int         // evaluations a goroutine makes per batch, e.g. 1 and 8
	Runs     int           // runs per measurement; the median is reported
	Duration time.Duration // length of one run
	// NewNetwork, when set, also has the search with the network measured
	// (see RunNetworkSearch), with the settings Search (Threads is
	// overridden): it returns the network as the search sees it, a new
	// one for each search.
	NewNetwork func() search.Network
	Search     search.Config
	// SearchOnly measures the search alone, not the evaluations.
	SearchOnly bool
}

// DefaultNetworkConfig measures 9x9 and 19x19 with 1 and 2 threads,
// batches of 1 and 8, five runs of one second each; the searches, once
// given a network, with the default search settings.
func DefaultNetworkConfig() NetworkConfig {
	return NetworkConfig{
		Sizes:    []int{9, 19},
		Threads:  []int{1, 2},
		Batches:  []int{1, 8},
		Runs:     5,
		Duration: time.Second,
		Search:   search.DefaultConfig(),
	}
}

// The two evaluators a NetworkMeasurement names.
const (
	FastEvaluator      = "fast"      // Model.NewEvaluator: the one the engine uses
	ReferenceEvaluator = "reference" // nn.NewReference: the plain forward pass
)

// NetworkReport is what RunNetwork measures: the network, the process's
// memory with it loaded, and one line a measurement.
type NetworkReport struct {
	// Model describes the network (nn.Model.String); Parameters is its
	// number of weights, float32 each.
	Model      string `json:"model"`
	Parameters int    `json:"parameters"`
	// Fast and Reference are the Go types of the two evaluators; when they
	// are the same, NewEvaluator returns the reference pass and the ratio
	// of their speeds measures only noise.
	Fast      string `json:"fast_evaluator"`
	Reference string `json:"reference_evaluator"`
	// BatchAPI says whether the fast evaluator evaluates a batch in one
	// call (see batchEvaluator); without it a batch is that many
	// evaluations in a row by one goroutine.
	BatchAPI bool `json:"batch_api"`
	// RSSLoaded is the process's resident memory (VmRSS, in bytes) with
	// the network loaded, before any evaluator exists; RSSAfter the same
	// after the runs, every evaluator's scratch space included. 0 where the
	// system does not tell (it is read from /proc/self/status, on Linux).
	RSSLoaded int64 `json:"rss_bytes_loaded"`
	RSSAfter  int64 `json:"rss_bytes_after"`
	// GFLOP is the work of one evaluation by board size, from the layer
	// shapes (see nn.Model.EvaluationFLOPs).
	GFLOP        map[int]float64      `json:"gflop_per_evaluation"`
	Measurements []NetworkMeasurement `json:"measurements"`
	// Searches are the search with the network's lines (RunNetworkSearch),
	// when it was measured: their playouts are the search's visits.
	Searches []Measurement `json:"searches,omitempty"`
}

// NetworkMeasurement is one line of the network's report.
type NetworkMeasurement struct {
	Evaluator string `json:"evaluator"` // FastEvaluator or ReferenceEvaluator
	Position  string `json:"position"`  // "empty" or "midgame"
	Size      int    `json:"size"`
	Threads   int    `json:"threads"`
	Batch     int    `json:"batch"`
	// Batched: each batch was one call of the evaluator's batch API.
	Batched bool      `json:"batched"`
	Median  float64   `json:"evaluations_per_second"`
	Runs    []float64 `json:"runs"`
	// GFLOPS is the median rate times the work of one evaluation.
	GFLOPS float64 `json:"gflop_per_second"`
	// CPURuns are the runs' evaluations per second of the CPU time the
	// process used meanwhile, and PerCPUSecond their median: the work an
	// evaluation costs, which a neighbour's load changes far less than the
	// rate in wall time (see Measurement). Empty and 0 where the system
	// does not tell the CPU time.
	CPURuns      []float64 `json:"cpu_runs,omitempty"`
	PerCPUSecond float64   `json:"per_cpu_second,omitempty"`
	// FastOverReference, on the reference evaluator's lines, is the
	// median over the rounds of the fast evaluator's rate (same position,
	// size, threads and batch, run in the same round) over the reference's.
	FastOverReference float64 `json:"fast_over_reference,omitempty"`
}

// RunNetwork measures how many positions per second m evaluates: for each
// size and position (the empty board and the bench's mid-game position),
// with the fast evaluator for each thread count and batch, and with the
// reference evaluator for the first thread count and batch. The lines take
// turns, one run each per round, as in Run, so that the fast over
// reference ratio compares runs taken side by side. With cfg.NewNetwork it
// then measures the search with the network (RunNetworkSearch) on the same
// sizes and thread counts; with cfg.SearchOnly, that alone.
func RunNetwork(ctx context.Context, m *nn.Model, cfg NetworkConfig) (*NetworkReport, error) {
	if len(cfg.Threads) == 0 || len(cfg.Batches) == 0 {
		return nil, fmt.Errorf("bench: no thread count or batch size to measure")
	}
	if cfg.SearchOnly && cfg.NewNetwork == nil {
		return nil, fmt.Errorf("bench: the search alone is to be measured, but there is no network to search with")
	}
	for _, size := range cfg.Sizes {
		if !rules.ValidSize(size) {
			return nil, fmt.Errorf("bench: board size %d out of range", size)
		}
	}
	for _, n := range append(slices.Clone(cfg.Threads), cfg.Batches...) {
		if n < 1 {
			return nil, fmt.Errorf("bench: thread counts and batch sizes are 1 or more, not %d", n)
		}
	}
	// The garbage of reading the model file goes back to the system first,
	// so that the resident memory is that of the network.
	debug.FreeOSMemory()
	fast := m.NewEvaluator()
	_, batchAPI := fast.(batchEvaluator)
	rep := &NetworkReport{
		Model:      m.String(),
		Parameters: m.Parameters(),
		BatchAPI:   batchAPI,
		Fast:       fmt.Sprintf("%T", fast),
		Reference:  fmt.Sprintf("%T", nn.NewReference(m)),
		RSSLoaded:  residentBytes(),
		GFLOP:      map[int]float64{},
	}
	for _, size := range cfg.Sizes {
		rep.GFLOP[size] = m.EvaluationFLOPs(size) / 1e9
		if cfg.SearchOnly {
			continue
		}
		for _, pos := range []string{"empty", "midgame"} {
			var in nn.Input
			if err := nn.Fill(position(size, pos), &in); err != nil {
				return nil, err
			}
			var lines []*netLine
			for _, threads := range cfg.Threads {
				for _, batch := range cfg.Batches {
					lines = append(lines, newNetLine(m, FastEvaluator, pos, &in, threads, batch))
				}
			}
			ref := newNetLine(m, ReferenceEvaluator, pos, &in, cfg.Threads[0], cfg.Batches[0])
			lines = append(lines, ref)
			for range max(cfg.Runs, 1) {
				for _, l := range lines {
					if err := ctx.Err(); err != nil {
						return rep, err
					}
					rate, perCPU := withCPU(func() float64 { return l.run(cfg.Duration) })
					l.m.Runs, l.m.CPURuns = append(l.m.Runs, rate), append(l.m.CPURuns, perCPU)
				}
			}
			for _, l := range lines {
				l.m.Median = median(l.m.Runs)
				l.m.GFLOPS = l.m.Median * rep.GFLOP[size]
				if l.m.PerCPUSecond = median(l.m.CPURuns); l.m.PerCPUSecond == 0 {
					l.m.CPURuns = nil // the system does not tell the CPU time
				}
			}
			ref.m.FastOverReference = median(ratios(lines[0].m.Runs, ref.m.Runs))
			for _, l := range lines {
				rep.Measurements = append(rep.Measurements, l.m)
			}
		}
	}
	if cfg.NewNetwork != nil {
		sc := Config{Sizes: cfg.Sizes, Threads: cfg.Threads, Runs: cfg.Runs, Duration: cfg.Duration, Search: cfg.Search}
		searches, err := RunNetworkSearch(ctx, sc, cfg.NewNetwork)
		rep.Searches = searches
		if err != nil {
			return rep, err
		}
	}
	rep.RSSAfter = residentBytes()
	return rep, nil
}

// batchEvaluator is an evaluator that evaluates several positions in one
// call, ins[i] under symmetry syms[i] into outs[i]. A batch goes through
// it when the evaluator has it.
type batchEvaluator interface {
	EvaluateBatch(ins []*nn.Input, syms []int, outs []*nn.Output)
}

// netLine is one line of the network's measurements while it is taken:
// per goroutine an evaluator and a batch of inputs and outputs, made and
// warmed up once (an evaluator allocates its scratch space at its first
// evaluation), so that the runs time evaluations alone. A goroutine's
// k-th evaluation is of the line's position under symmetry k mod 8, so
// that a batch holds different inputs, as a search's would, and batches
// of one vary as much.
type netLine struct {
	m     NetworkMeasurement
	evals []nn.Evaluator
	ins   [][]*nn.Input
	syms  [][]int // per goroutine, the symmetries of its next batch
	outs  [][]*nn.Output
}

func newNetLine(m *nn.Model, evaluator, pos string, in *nn.Input, threads, batch int) *netLine {
	l := &netLine{
		m:     NetworkMeasurement{Evaluator: evaluator, Position: pos, Size: in.Size, Threads: threads, Batch: batch},
		evals: make([]nn.Evaluator, threads),
		ins:   make([][]*nn.Input, threads),
		syms:  make([][]int, threads),
		outs:  make([][]*nn.Output, threads),
	}
	for i := range threads {
		if evaluator == ReferenceEvaluator {
			l.evals[i] = nn.NewReference(m)
		} else {
			l.evals[i] = m.NewEvaluator()
		}
		for range batch {
			c := *in
			c.Spatial, c.Legal = slices.Clone(in.Spatial), slices.Clone(in.Legal)
			l.ins[i] = append(l.ins[i], &c)
			l.outs[i] = append(l.outs[i], new(nn.Output))
			l.syms[i] = append(l.syms[i], len(l.syms[i])%nn.NumSymmetries)
		}
		l.evaluate(i)
	}
	_, batched := l.evals[0].(batchEvaluator)
	l.m.Batched = batched && batch > 1
	return l
}

// evaluate evaluates goroutine i's batch, in one call when the line is
// batched, else one position after the other; then the batch's
// symmetries move on by its size.
func (l *netLine) evaluate(i int) {
	e, ins, syms, outs := l.evals[i], l.ins[i], l.syms[i], l.outs[i]
	if b, ok := e.(batchEvaluator); ok && len(ins) > 1 {
		b.EvaluateBatch(ins, syms, outs)
	} else {
		for k, in := range ins {
			e.Evaluate(in, syms[k], outs[k])
		}
	}
	for k := range syms {
		syms[k] = (syms[k] + len(syms)) % nn.NumSymmetries
	}
}

// run evaluates on each of the line's goroutines, a batch at a time,
// until d has passed, and returns the evaluations per second of them all.
func (l *netLine) run(d time.Duration) float64 {
	counts := make([]int, len(l.evals))
	var wg sync.WaitGroup
	begin := time.Now()
	for i := range l.evals {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for time.Since(begin) < d {
				l.evaluate(i)
				n += l.m.Batch
			}
			counts[i] = n
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	return float64(total) / time.Since(begin).Seconds()
}

// residentBytes is the process's resident memory (VmRSS in
// /proc/self/status, Linux), 0 where the system does not tell.
func residentBytes() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	return parseVmRSS(string(data))
}

// parseVmRSS reads the VmRSS line of a /proc/PID/status file ("VmRSS:
// 123456 kB") in bytes, 0 when there is none.
func parseVmRSS(status string) int64 {
	for _, line := range strings.Split(status, "\n") {
		rest, ok := strings.CutPrefix(line, "VmRSS:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb < 0 {
			return 0
		}
		return kb << 10
	}
	return 0
}

// megabytes writes a byte count in MB, "unknown" for 0.
func megabytes(n int64) string {
	if n <= 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// WriteNetworkText writes the network's report: the network, the memory,
// a table of the evaluations with what a batch and the GFLOP figures
// mean, and a table of the searches with the network if they were
// measured.
func WriteNetworkText(w io.Writer, rep *NetworkReport) error {
	fmt.Fprintf(w, "network: %s (%s of float32 weights)\n", rep.Model, megabytes(4*int64(rep.Parameters)))
	fmt.Fprintf(w, "resident memory: %s with the network loaded, %s after the runs\n", megabytes(rep.RSSLoaded), megabytes(rep.RSSAfter))
	same := ""
	if rep.Fast == rep.Reference {
		same = " (the same: this build's fast evaluator is the reference pass, so fast/reference measures only noise)"
	}
	fmt.Fprintf(w, "evaluators: fast %s, reference %s%s\n", rep.Fast, rep.Reference, same)
	if len(rep.Measurements) > 0 {
		if err := writeEvaluations(w, rep); err != nil {
			return err
		}
	}
	return writeSearches(w, rep.Searches)
}

// writeEvaluations writes the table of the evaluations, then what a batch
// and the GFLOP figures mean.
func writeEvaluations(w io.Writer, rep *NetworkReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "evaluator\tposition\tsize\tthreads\tbatch\tevals/s (median)\tGFLOP/s\tfast/reference\tper CPU-s (median)\truns\t")
	for _, m := range rep.Measurements {
		ratio, perCPU := "", ""
		if m.FastOverReference > 0 {
			ratio = fmt.Sprintf("%.2fx", m.FastOverReference)
		}
		if m.PerCPUSecond > 0 {
			perCPU = fmt.Sprintf("%.1f", m.PerCPUSecond)
		}
		fmt.Fprintf(tw, "%s\t%s\t%dx%d\t%d\t%d\t%.1f\t%.2f\t%s\t%s\t%d\t\n",
			m.Evaluator, m.Position, m.Size, m.Size, m.Threads, m.Batch, m.Median, m.GFLOPS, ratio, perCPU, len(m.Runs))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if rep.BatchAPI {
		fmt.Fprintln(w, "a batch of N is one call of the fast evaluator's batch API with N positions")
	} else {
		fmt.Fprintln(w, "a batch of N is N evaluations in a row by one goroutine: the evaluators have no batch API yet")
	}
	sizes := make([]int, 0, len(rep.GFLOP))
	for size := range rep.GFLOP {
		sizes = append(sizes, size)
	}
	slices.Sort(sizes)
	var per []string
	for _, size := range sizes {
		per = append(per, fmt.Sprintf("%dx%d %.3f", size, size, rep.GFLOP[size]))
	}
	_, err := fmt.Fprintf(w, "GFLOP per evaluation, the work of direct convolutions and matrix products from the layer shapes: %s "+
		"(a Winograd convolution does less, so GFLOP/s is the rate of equivalent direct work)\n", strings.Join(per, ", "))
	return err
}

// writeSearches writes the table of the searches with the network, if
// there are any, under a title, and what their columns mean.
func writeSearches(w io.Writer, ms []Measurement) error {
	if len(ms) == 0 {
		return nil
	}
	fmt.Fprintln(w, "\nthe search with the network (PUCT, the engine's evaluation cache), visits per second:")
	if err := writeTable(w, ms, "visits"); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "speedup: over one thread searching as much longer as it has fewer threads, round by round; "+
		"apart: as many one-thread searches at once, each with its own tree and network cache; of apart: the search's speedup over theirs")
	return err
}
