package jsonanalysis

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/yunzi-go/yunzi/engine"
)

// BenchmarkPositions measures the positions answered per second at a
// fixed visit count, with one and two positions searched at once.
func BenchmarkPositions(b *testing.B) {
	const positions = 8
	var qs []string
	for i := range positions {
		qs = append(qs, fmt.Sprintf(`{"id":"b%d","moves":[["B","E5"],["W","C3"]],"rules":"chinese","komi":7.5,"boardXSize":9,"boardYSize":9,"maxVisits":300}`, i))
	}
	in := strings.Join(qs, "\n") + "\n"
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("analysis-threads=%d", threads), func(b *testing.B) {
			s := DefaultSettings()
			s.AnalysisThreads = threads
			for b.Loop() {
				srv := New(Config{Settings: s, Engine: engine.Config{Seed: 1}}, io.Discard)
				if err := srv.Serve(context.Background(), strings.NewReader(in)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(positions*b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
