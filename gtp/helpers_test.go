package gtp_test

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/gtp"
	"github.com/yunzi-go/yunzi/rules"
)

// The engine is what the server plays through.
var _ gtp.Engine = (*engine.Engine)(nil)

// firstPlayer is a deterministic player for tests: the first legal point
// in board order that does not fill its own eye, else a pass.
type firstPlayer struct{}

func (firstPlayer) GenMove(ctx context.Context, g *rules.Game, c rules.Color, _ engine.Limits) (rules.Point, error) {
	b := g.Board()
	for _, p := range b.Points() {
		if b.At(p) == rules.Empty && !b.IsEye(c, p) && g.Check(rules.Move{Color: c, Point: p}) == nil {
			return p, nil
		}
	}
	return rules.Pass, nil
}

// memFiles is an in-memory file system for loadsgf and printsgf.
type memFiles map[string][]byte

func (m memFiles) ReadFile(name string) ([]byte, error) {
	d, ok := m[name]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return d, nil
}

func (m memFiles) WriteFile(name string, data []byte) error {
	if name == "" || strings.HasPrefix(name, "/") {
		return errors.New("no such directory")
	}
	m[name] = append([]byte(nil), data...)
	return nil
}

// newEngine returns an engine with the deterministic player and judge seed.
func newEngine() *engine.Engine {
	return engine.New(engine.Config{Player: firstPlayer{}, Seed: 1})
}

// run feeds input to a server playing through e and returns its output.
func run(t testing.TB, e *engine.Engine, files memFiles, input string) string {
	t.Helper()
	var out strings.Builder
	srv := gtp.NewServer(strings.NewReader(input), &out, e, gtp.WithVersion("test"), gtp.WithFiles(files))
	require.NoError(t, srv.Serve())
	return out.String()
}

// syncBuffer is a strings.Builder safe for a writer and a reader on two
// goroutines.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}
