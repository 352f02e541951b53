package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/yunzi-go/yunzi/internal/cputime"
	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// Config selects what to measure.
type Config struct {
	Sizes    []int         // board sizes, e.g. 9, 13, 19
	Threads  []int         // thread counts, e.g. 1, 2
	Runs     int           // runs per measurement; the median is reported
	Duration time.Duration // length of one run
	Search   search.Config // settings of the full search (Threads is overridden)
}

// DefaultConfig measures 9x9, 13x13 and 19x19 with 1 and 2 threads, five
// runs of one second each.
func DefaultConfig() Config {
	return Config{
		Sizes:    []int{9, 13, 19},
		Threads:  []int{1, 2},
		Runs:     5,
		Duration: time.Second,
		Search:   search.DefaultConfig(),
	}
}

// Measurement is one line of the report.
type Measurement struct {
	Kind     string    `json:"kind"`     // "light", "search" or "apart"
	Position string    `json:"position"` // "empty" or "midgame"
	Size     int       `json:"size"`
	Threads  int       `json:"threads"`
	Median   float64   `json:"playouts_per_second"`
	Runs     []float64 `json:"runs"`
	// Speedup is the median, over the rounds, of this run's rate over the
	// same round's rate with the first thread count (1 for that one). For
	// the search, the base is a run of its own with the first thread
	// count, longer in proportion to this run's threads, so that the two
	// do about the same work (see equalWorkRate).
	Speedup float64 `json:"speedup"`
	// Bases are the rates, one a round, that Speedup divides the runs by.
	Bases []float64 `json:"bases"`
	// OfApart, on the search's lines with more than the first thread
	// count, is the median, over the rounds, of the search's speedup over
	// that of the searches apart with as many threads: the share of their
	// speedup that the search keeps while its threads share one tree. The
	// machine's own limits (cores slowing each other down, a neighbour's
	// load) fall on both, so this is the cost of sharing alone.
	OfApart float64 `json:"of_apart,omitempty"`
	// BytesPerNode, on the search's lines, is the memory its tree takes
	// per node: the live heap a one-thread search of the run's duration
	// added, over its nodes (the nodes, their children's AMAF statistics,
	// the allocator's rounding, and the search's own fixed share).
	BytesPerNode float64 `json:"bytes_per_node,omitempty"`
	// CPURuns are the runs' playouts per second of the CPU time the
	// process used meanwhile (user and system, every thread), and
	// PerCPUSecond their median: what a playout costs in work, which a
	// neighbour's load changes far less than the rate in wall time. Empty
	// and 0 where the system does not tell the CPU time.
	CPURuns      []float64 `json:"cpu_runs,omitempty"`
	PerCPUSecond float64   `json:"per_cpu_second,omitempty"`
	// CPUBases are the bases' CPU rates, and CPUEfficiency the median,
	// over the rounds, of a run's CPU rate over its base's: 1 when the
	// threads make each playout cost no more work than the base's did, so
	// that on as many idle cores the speedup would be about the threads'
	// ratio times it.
	CPUBases      []float64 `json:"cpu_bases,omitempty"`
	CPUEfficiency float64   `json:"cpu_efficiency,omitempty"`
}

// Run takes every measurement the config asks for. The kinds and thread
// counts take turns, one run each per round, so that a change in the
// machine's load (on a shared machine, the norm) falls on all of them
// alike: Speedup compares runs taken side by side, and OfApart the search
// with the searches apart of the same rounds.
func Run(ctx context.Context, cfg Config) ([]Measurement, error) {
	return run(ctx, cfg, []string{"light", "search", "apart"}, nil)
}

// RunNetworkSearch measures the search with a network as Run measures the
// classic one: the search's visits per second ("search", a visit being
// what --playouts counts with a network) and the total of as many
// one-thread searches apart ("apart"), with the speedups and the share of
// apart, on the same positions and in the same rounds. newNetwork returns
// the network as the search sees it, called once for each search so that
// none finds in a cache the positions an earlier run evaluated.
func RunNetworkSearch(ctx context.Context, cfg Config, newNetwork func() search.Network) ([]Measurement, error) {
	if newNetwork == nil {
		return nil, fmt.Errorf("bench: no network to search with")
	}
	return run(ctx, cfg, []string{"search", "apart"}, newNetwork)
}

// run measures the kinds ("light", "search", "apart") by rounds; with
// newNetwork, the searches are searches with that network.
func run(ctx context.Context, cfg Config, kinds []string, newNetwork func() search.Network) ([]Measurement, error) {
	if len(cfg.Threads) == 0 {
		return nil, fmt.Errorf("bench: no thread count to measure")
	}
	for _, n := range cfg.Threads {
		if n < 1 {
			return nil, fmt.Errorf("bench: thread counts are 1 or more, not %d", n)
		}
	}
	var out []Measurement
	for _, size := range cfg.Sizes {
		if !rules.ValidSize(size) {
			return nil, fmt.Errorf("bench: board size %d out of range", size)
		}
		for _, pos := range []string{"empty", "midgame"} {
			g := position(size, pos)
			ms := make(map[string][]Measurement, len(kinds))
			for _, kind := range kinds {
				ms[kind] = make([]Measurement, len(cfg.Threads))
				for i, threads := range cfg.Threads {
					ms[kind][i] = Measurement{Kind: kind, Position: pos, Size: size, Threads: threads}
				}
			}
			for range max(cfg.Runs, 1) {
				for _, kind := range kinds {
					for i, threads := range cfg.Threads {
						if err := ctx.Err(); err != nil {
							return out, err
						}
						m := &ms[kind][i]
						rate, perCPU := withCPU(func() float64 {
							switch kind {
							case "light":
								return lightRate(g.Board(), g.ToMove(), threads, cfg.Duration)
							case "search":
								return searchRate(ctx, g, threads, cfg.Search, newNetwork, cfg.Duration)
							default:
								return apartRate(ctx, g, threads, cfg, newNetwork)
							}
						})
						m.Runs, m.CPURuns = append(m.Runs, rate), append(m.CPURuns, perCPU)
						first := &ms[kind][0]
						base, cpuBase := first.Runs[len(first.Runs)-1], first.CPURuns[len(first.CPURuns)-1]
						if kind == "search" && i > 0 {
							base, cpuBase = withCPU(func() float64 { return equalWorkRate(ctx, g, cfg, threads, newNetwork) })
						}
						m.Bases, m.CPUBases = append(m.Bases, base), append(m.CPUBases, cpuBase)
					}
				}
			}
			for _, kind := range kinds {
				bytesPerNode := 0.0
				if kind == "search" && newNetwork == nil {
					bytesPerNode = treeBytesPerNode(ctx, g, cfg.Search, cfg.Duration)
				}
				for i := range ms[kind] {
					m := &ms[kind][i]
					m.Median = median(m.Runs)
					m.Speedup = median(ratios(m.Runs, m.Bases))
					m.PerCPUSecond = median(m.CPURuns)
					m.CPUEfficiency = median(ratios(m.CPURuns, m.CPUBases))
					if m.PerCPUSecond == 0 {
						// The system does not tell the CPU time.
						m.CPURuns, m.CPUBases = nil, nil
					}
					m.BytesPerNode = bytesPerNode
					if kind == "search" && i > 0 {
						apart := &ms["apart"][i]
						m.OfApart = median(ratios(ratios(m.Runs, m.Bases), ratios(apart.Runs, apart.Bases)))
					}
				}
				out = append(out, ms[kind]...)
			}
		}
	}
	return out, nil
}

// withCPU runs f, which returns a rate per second of wall time, and
// returns that rate and the same count per second of the CPU time the
// process used meanwhile: 0 where the system does not tell, or when the
// run was too short for the CPU time to count any.
func withCPU(f func() float64) (rate, perCPU float64) {
	cpuBefore, ok := cputime.Process()
	start := time.Now()
	rate = f()
	wall := time.Since(start)
	cpuAfter, _ := cputime.Process()
	if used := cpuAfter - cpuBefore; ok && used > 0 {
		perCPU = rate * wall.Seconds() / used.Seconds()
	}
	return rate, perCPU
}

// ratios returns each of runs over the same round's base run, 0 where the
// base run counted no playout (a run too short): a NaN or an infinity would
// make the report unwritable as JSON.
func ratios(runs, base []float64) []float64 {
	out := make([]float64, len(runs))
	for i := range runs {
		if base[i] > 0 {
			out[i] = runs[i] / base[i]
		}
	}
	return out
}

// midgameMoves is how many random moves, per point of the board, make the
// mid-game position: about a quarter of the board filled.
const midgameMoves = 0.25

// position returns the empty board, or a fixed mid-game position made by
// seeded light random moves.
func position(size int, kind string) *rules.Game {
	g, _ := rules.NewGame(size, rules.DefaultOptions())
	if kind == "midgame" {
		rng := rules.NewRand(uint64(size))
		b := g.Board().Clone()
		for range int(midgameMoves * float64(size*size)) {
			c := g.ToMove()
			b.CopyFrom(g.Board())
			if g.Play(rules.Move{Color: c, Point: b.RandomMove(c, rng)}) != nil {
				_ = g.Play(rules.Move{Color: c, Point: rules.Pass}) // a superko repetition: rare
			}
		}
	}
	return g
}

// lightRate runs light playouts from b on each of threads goroutines for
// d and returns the total playouts per second.
func lightRate(start *rules.Board, c rules.Color, threads int, d time.Duration) float64 {
	var wg sync.WaitGroup
	counts := make([]int, threads)
	begin := time.Now()
	for i := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, rng := start.Clone(), rules.NewRand(uint64(i+1))
			limit := 3 * len(b.Points())
			for n := 0; ; n++ {
				if n%64 == 0 && time.Since(begin) >= d {
					counts[i] = n
					return
				}
				b.CopyFrom(start)
				b.Playout(c, rng, limit)
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	return float64(total) / time.Since(begin).Seconds()
}

// searchRate runs one full search with the given settings and number of
// threads for the duration, and returns its speed; with newNetwork, a
// search with a new such network. The search runs the whole duration: the
// budget has no deadline that would let it stop early once its move is
// decided, which would make runs of unequal length.
func searchRate(ctx context.Context, g *rules.Game, threads int, sc search.Config, newNetwork func() search.Network, d time.Duration) float64 {
	sc.Threads = threads
	s := search.New(sc)
	if newNetwork != nil {
		s.SetNetwork(newNetwork())
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return s.Search(ctx, g, g.ToMove(), search.Budget{}).PlayoutsPerSecond()
}

// treeBytesPerNode runs a one-thread search for the duration and returns
// the live heap it added per node of its tree.
func treeBytesPerNode(ctx context.Context, g *rules.Game, sc search.Config, d time.Duration) float64 {
	sc.Threads = 1
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s := search.New(sc)
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r := s.Search(ctx, g, g.ToMove(), search.Budget{})
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(s)
	if r.Nodes == 0 {
		return 0
	}
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(r.Nodes)
}

// equalWorkRate runs a search with the first of cfg.Threads for the
// duration times threads over that count (one thread for 2 s when two
// search for 1 s), and returns its speed: the base of the speedup of the
// search with threads. The two grow trees of about the same size. A
// simulation costs more in a bigger tree (a longer path down, more
// children to update on the way back), and over a base of the same
// duration the search with more threads would pay for its bigger tree, a
// cost of the tree's size, not of the threads sharing it (see
// docs/TUNING.md).
func equalWorkRate(ctx context.Context, g *rules.Game, cfg Config, threads int, newNetwork func() search.Network) float64 {
	first := cfg.Threads[0]
	d := time.Duration(float64(cfg.Duration) * float64(threads) / float64(first))
	return searchRate(ctx, g, first, cfg.Search, newNetwork, d)
}

// apartRate runs n one-thread searches at once, each with a tree of its own
// and its own seed, and returns their total speed: what n threads would
// give if sharing one tree cost nothing. Over the "search" rate with as
// many threads, it shows the cost of the shared tree apart from the
// machine's (cores that slow each other down through the caches and memory
// they share, or a neighbour's load).
func apartRate(ctx context.Context, g *rules.Game, n int, cfg Config, newNetwork func() search.Network) float64 {
	rates := make([]float64, n)
	var wg sync.WaitGroup
	for i := range n {
		sc := cfg.Search
		sc.Seed += uint64(i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			rates[i] = searchRate(ctx, g, 1, sc, newNetwork, cfg.Duration)
		}()
	}
	wg.Wait()
	total := 0.0
	for _, r := range rates {
		total += r
	}
	return total
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// WriteText writes the measurements as an aligned table.
func WriteText(w io.Writer, ms []Measurement) error { return writeTable(w, ms, "playouts") }

// writeTable writes the measurements as an aligned table, their rates
// counted in unit ("playouts", or "visits" for a search with a network).
func writeTable(w io.Writer, ms []Measurement, unit string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "kind\tposition\tsize\tthreads\t%s/s (median)\tspeedup (median)\tof apart\tper CPU-s (median)\tCPU efficiency\truns\tbytes/node\t\n", unit)
	for _, m := range ms {
		memory, ofApart, perCPU, efficiency := "", "", "", ""
		if m.BytesPerNode > 0 {
			memory = fmt.Sprintf("%.0f", m.BytesPerNode)
		}
		if m.OfApart > 0 {
			ofApart = fmt.Sprintf("%.3f", m.OfApart)
		}
		if m.PerCPUSecond > 0 {
			perCPU, efficiency = fmt.Sprintf("%.0f", m.PerCPUSecond), fmt.Sprintf("%.3f", m.CPUEfficiency)
		}
		fmt.Fprintf(tw, "%s\t%s\t%dx%d\t%d\t%.0f\t%.2fx\t%s\t%s\t%s\t%d\t%s\t\n",
			m.Kind, m.Position, m.Size, m.Size, m.Threads, m.Median, m.Speedup, ofApart, perCPU, efficiency, len(m.Runs), memory)
	}
	return tw.Flush()
}

// WriteJSON writes the measurements as a JSON array.
func WriteJSON(w io.Writer, ms []Measurement) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(ms)
}
