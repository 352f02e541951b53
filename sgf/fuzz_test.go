package sgf

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// FuzzParse checks that Parse never panics, that what it accepts is written
// and parsed back to the same trees, and that a game it loads is written
// and loaded back to the same position.
func FuzzParse(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join(fixtureDir, "*.sgf"))
	for _, path := range fixtures {
		data, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(data)
	}
	for _, s := range []string{
		"(;)", "(;B[aa](;W[bb])(;W[cc]))", "(;C[a\\]b\\\\c\\\nd])(;SZ[3])",
		"(;SZ[3]AB[aa:bb]PL[W];W[cc];AE[aa]AW[ab])", "(;SZ[25]HA[2]AB[aa][yy];W[];B[tt])",
		"(;B[aa", "((;", "(;b[aa])", "", "(;SZ[0])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		roots, err := Parse(data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		require.NoError(t, WriteTrees(&b, roots), "WriteTrees(Parse(%q))", data)
		again, err := Parse(b.Bytes())
		require.NoError(t, err, "Parse(WriteTrees(Parse(%q)))\nwritten: %q", data, b.Bytes())
		require.True(t, sameTrees(roots, again), "Parse(%q) and Parse(WriteTrees(...)) differ\nwritten: %q", data, b.Bytes())
		var b2 bytes.Buffer
		WriteTrees(&b2, again)
		require.Equal(t, b.String(), b2.String(), "WriteTrees not stable: %q then %q", b.Bytes(), b2.Bytes())
		checkGameRoundTrip(t, roots[0])
	})
}

// checkGameRoundTrip loads the game at root, if it is one, writes it and
// loads it back, and checks the position and the moves survive (all of
// them, or those after the last setup: see Write).
func checkGameRoundTrip(t *testing.T, root *Node) {
	rec, err := LoadTree(root, rules.DefaultOptions(), 0)
	if err != nil {
		return
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, rec.Game, rec.Info), "Write")
	back, err := Load(b.Bytes(), rules.DefaultOptions(), 0)
	require.NoError(t, err, "Load(Write(%v))\nwritten: %q", root, b.Bytes())
	g, h := rec.Game, back.Game
	all, kept := g.Moves(), h.Moves()
	differs := []any{"Load(Write(%v)) differs:\n%v%v to move, moves %v\nwant\n%v%v to move, moves %v\nwritten: %q",
		root, h.Board(), h.ToMove(), kept, g.Board(), g.ToMove(), all, b.Bytes()}
	require.Equal(t, g.Board().Hash(), h.Board().Hash(), differs...)
	require.Equal(t, g.ToMove(), h.ToMove(), differs...)
	require.Equal(t, g.Komi, h.Komi, differs...)
	require.LessOrEqual(t, len(kept), len(all), differs...)
	require.True(t, slices.Equal(kept, all[len(all)-len(kept):]), differs...)
}

// sameTrees reports whether two lists of trees have the same properties
// and shape. It walks them with a stack of its own: fuzzed trees are deep.
func sameTrees(a, b []*Node) bool {
	type pair struct{ x, y *Node }
	if len(a) != len(b) {
		return false
	}
	var stack []pair
	for i := range a {
		stack = append(stack, pair{a[i], b[i]})
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(p.x.Props) != len(p.y.Props) || len(p.x.Children) != len(p.y.Children) {
			return false
		}
		for id, v := range p.x.Props {
			if w, ok := p.y.Props[id]; !ok || !slices.Equal(v, w) {
				return false
			}
		}
		for i := range p.x.Children {
			stack = append(stack, pair{p.x.Children[i], p.y.Children[i]})
		}
	}
	return true
}
