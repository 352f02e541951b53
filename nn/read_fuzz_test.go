package nn

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/yunzi-go/yunzi/internal/nnfiles"
)

// FuzzRead: no input makes the reader panic or return a model that the
// forward pass cannot run; every error is one line.
func FuzzRead(f *testing.F) {
	tiny := tinyModel(defaultTiny())
	bin := defaultTiny()
	bin.binary = true
	tinyBin := tinyModel(bin)
	f.Add(tiny)
	f.Add(tinyBin)
	f.Add(gzipped(tinyBin))
	f.Add(tiny[:len(tiny)/3])
	f.Add(tinyBin[:len(tinyBin)/2])
	f.Add(gzipped(tiny)[:200])
	// The shared network, cut short, when it is here.
	if data, err := os.ReadFile(nnfiles.DefaultPath()); err == nil {
		f.Add(data[:4096])
	}
	// Corrupt headers.
	for _, h := range []string{
		"",
		"name",
		"name 8",
		"name 5\n22\n19\n",
		"name 99999999999999999999\n",
		"name 8\n22\n19\ntrunk\n1\n8\n8\n6\n2\n2\n",
		"name 8\n22\n19\ntrunk\n-1\n8\n8\n6\n2\n2\n",
		"name 8\n22\n19\ntrunk\n1\n4096\n4096\n4095\n1\n4096\nconv1 15 15 22 4096 1 1 @BIN@",
		"name 8\n22\n19\ntrunk\n1\n8\n8\n6\n2\n2\nconv1 5 5 22 8 1 1 @BIN",
	} {
		f.Add([]byte(h))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 4; i++ {
		b := make([]byte, 64<<i)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			if m != nil {
				t.Fatal("a model and an error")
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of several lines: %q", err)
			}
			return
		}
		if m.Parameters() > 1<<20 {
			return
		}
		// A model that reads runs, on any board size.
		e := NewReference(m)
		var out Output
		for _, n := range []int{1, 4} {
			e.Evaluate(randomInput(n, 1), 5, &out)
		}
	})
}
