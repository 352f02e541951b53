package sgf

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// collect returns what Trees yields: the roots, and an error or nil for
// each tree.
func collect(data string) (roots []*Node, errs []error) {
	for root, err := range Trees([]byte(data)) {
		roots = append(roots, root)
		errs = append(errs, err)
	}
	return roots, errs
}

func TestTreesReadsEveryGame(t *testing.T) {
	data := "(;GM[1]SZ[19]GN[a]\n;B[pd];W[dp])\n(;GM[1]SZ[19]GN[b](;B[dd])(;B[pp]))\n\n(;GN[c];B[aa])\n"
	want, err := Parse([]byte(data))
	require.NoError(t, err)
	roots, errs := collect(data)
	require.Len(t, roots, 3)
	assert.Equal(t, []error{nil, nil, nil}, errs)
	assert.True(t, sameTrees(want, roots), "the trees Parse reads")
	assert.Equal(t, "b", roots[1].Value("GN"))
	assert.Len(t, roots[1].Children, 2, "variations are kept")

	n := 0
	for range Trees([]byte(data)) {
		n++
		break
	}
	assert.Equal(t, 1, n, "stops when the caller does")
}

func TestTreesGoOnAfterABrokenGame(t *testing.T) {
	tests := []struct {
		name, broken, want string
	}{
		{"missing ')'", "(;GN[x];B[aa]\n", "missing ')'"},
		{"bad property", "(;GN[x];b[aa])\n", "no upper-case"},
		{"stray ')'", ")\n", "unbalanced ')'"},
		{"text between games", "Game 2 follows\n", "between game trees"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := "(;GN[a];B[aa])\n" + tt.broken + "(;GN[b];B[bb])\n  (;GN[c];B[cc])"
			roots, errs := collect(data)
			require.Len(t, roots, 4, "%q", data)
			var se *SyntaxError
			assert.ErrorAs(t, errs[1], &se)
			assert.ErrorContains(t, errs[1], tt.want)
			var names []string
			for i, r := range roots {
				if errs[i] == nil {
					names = append(names, r.Value("GN"))
				}
			}
			assert.Equal(t, []string{"a", "b", "c"}, names, "the games around the broken one")
		})
	}
}

func TestTreesEnd(t *testing.T) {
	// Text after the last game is ignored, as Parse ignores it.
	roots, errs := collect("(;GN[a])\ntrailing words")
	assert.Len(t, roots, 1)
	assert.Equal(t, []error{nil}, errs)

	// A collection broken for good yields its error once, then ends.
	roots, errs = collect("(;GN[a])\n(;C[never closed")
	require.Len(t, errs, 2)
	assert.ErrorContains(t, errs[1], "unterminated")
	assert.Nil(t, roots[1])

	for _, data := range []string{"", "not sgf", "  \n"} {
		roots, errs = collect(data)
		_, want := Parse([]byte(data))
		require.Len(t, errs, 1, "%q", data)
		assert.Nil(t, roots[0])
		assert.Equal(t, want, errs[0], "%q: Parse's error", data)
	}
}

// FuzzTrees checks that Trees never panics and always ends, that on input
// Parse accepts it first yields Parse's trees without an error, that every
// tree it yields writes and parses back to itself and loads (or not)
// without panicking.
func FuzzTrees(f *testing.F) {
	for _, s := range []string{
		"(;GN[a];B[aa])\n(;GN[b];B[bb])", "(;A[x]\n(;B[y])\n)\n(;C[z])",
		"(;GN[a])\njunk\n(;GN[b])", ")\n(;B[aa])", "(;C[open\n(;B[aa])",
		"\xef\xbb\xbf(;B[aa])\n(;W[bb])", "(;SZ[3];B[aa];W[aa])\n(;SZ[99])\n(;HA[2]AB[aa][bb])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, parseErr := Parse(data)
		var roots []*Node
		n := 0
		for root, err := range Trees(data) {
			n++
			require.LessOrEqual(t, n, 1+2*bytes.Count(data, []byte("(")), "Trees(%q) yields more than its trees", data)
			if err != nil {
				require.Nil(t, root)
				continue
			}
			require.NotNil(t, root)
			var b bytes.Buffer
			require.NoError(t, WriteTrees(&b, []*Node{root}))
			again, err := Parse(b.Bytes())
			require.NoError(t, err, "written: %q", b.Bytes())
			require.True(t, sameTrees([]*Node{root}, again), "Trees(%q) round trip", data)
			if n <= len(want) {
				roots = append(roots, root)
			}
			if rec, err := LoadTree(root, rules.DefaultOptions(), 0); err == nil {
				require.NotNil(t, rec.Game)
			}
		}
		if parseErr == nil {
			require.Len(t, roots, len(want), "Trees(%q) and Parse", data)
			require.True(t, sameTrees(want, roots), "Trees(%q) and Parse differ", data)
		}
	})
}
