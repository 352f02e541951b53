package sgf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want string // the trees written back by WriteTrees, one a line
	}{
		{"(;)", "(;)"},
		{"(;FF[4]GM[1];B[aa];W[bb])", "(;FF[4]GM[1]\n;B[aa]\n;W[bb])"},
		{" \r\n\t( ; B [aa] \n ; W\n[bb] ) \n", "(;B[aa]\n;W[bb])"},
		{"(;AB[aa][bb] [cc])", "(;AB[aa][bb][cc])"},
		{"(;AB[aa]AW[bb]AB[cc])", "(;AB[aa][cc]AW[bb])"},
		{"(;AddBlack[aa]FileFormat[3]GaMe[1])", "(;AB[aa]FF[3]GM[1])"},
		{`(;C[a \] b \\ c \d])`, `(;C[a \] b \\ c d])`},
		{"(;C[soft\\\nbreak])", "(;C[softbreak])"},
		{"(;C[soft\\\r\nbreak])", "(;C[softbreak])"},
		{"(;C[soft\\\n\rbreak])", "(;C[softbreak])"},
		{"(;C[hard\nbreak])", "(;C[hard\nbreak])"},
		{"(;C[(;)])", "(;C[(;)])"},
		{"(;B[]W[])", "(;B[]W[])"},
		{"(;B[aa](;W[bb])(;W[cc];B[dd]))", "(;B[aa]\n(;W[bb])\n(;W[cc]\n;B[dd]))"},
		{"(;B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))", "(;B[aa]\n(;W[bb]\n(;B[cc])\n(;B[dd]))\n(;W[ee]))"},
		{"(;SZ[9])(;SZ[13])", "(;SZ[9])\n(;SZ[13])"},
		{"\xef\xbb\xbf(;C[bom])", "(;C[bom])"},
		{"(;B[aa]) trailing text is ignored", "(;B[aa])"},
	}
	for _, tt := range tests {
		roots, err := Parse([]byte(tt.in))
		if !assert.NoError(t, err, "Parse(%q)", tt.in) {
			continue
		}
		var got []string
		for _, r := range roots {
			got = append(got, r.String())
		}
		assert.Equal(t, tt.want, strings.Join(got, "\n"), "Parse(%q)", tt.in)
	}
}

func TestParseValues(t *testing.T) {
	roots, err := Parse([]byte("(;C[one \\] two\\\nthree]AB[aa][bb];B[cc](;W[dd])(;W[ee]))"))
	require.NoError(t, err)
	root := roots[0]
	assert.Equal(t, []string{"one ] twothree"}, root.Props["C"], "C")
	assert.Equal(t, []string{"aa", "bb"}, root.Props["AB"], "AB")
	line := root.MainLine()
	if assert.Len(t, line, 3, "main line %v, want root, B[cc], W[dd]", line) {
		assert.Equal(t, "dd", line[2].Value("W"), "main line %v, want root, B[cc], W[dd]", line)
	}
	if assert.Len(t, line[1].Children, 2, "B[cc]'s children, want W[dd] and W[ee]") {
		assert.Equal(t, "ee", line[1].Children[1].Value("W"), "B[cc]'s second child, want W[ee]")
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string // want: a part of the error message
	}{
		{"", "no game tree"},
		{"   \n", "no game tree"},
		{";B[aa])", "expected '('"},
		{"B[aa]", "expected '('"},
		{"()", "without a node"},
		{"(B[aa])", "without a node"},
		{"(;B[aa]", "missing ')'"},
		{"(;B[aa](;W[bb])", "missing ')'"},
		{"(;B[aa", "unterminated"},
		{"(;B[aa\\", "unterminated"},
		{"(;C[a\\]", "unterminated"},
		{"(;B)", "no value"},
		{"(;B;W[aa])", "no value"},
		{"(;b[aa])", "no upper-case"},
		{"(;B[aa]]", "unexpected ']'"},
		{"(;B[aa]))", "unbalanced ')'"},
		{"(;B[aa]) )", "unbalanced ')'"},
		{")", "unbalanced ')'"},
		{"(;B[aa]1)", "unexpected '1'"},
		{"(;B[aa](W[bb]))", "without a node"},
		{"(;B[aa])(;W", "no value"},
		{strings.Repeat("(", 1<<20), "without a node"},
		{strings.Repeat("(;", 1<<20), "missing ')'"},
		{"(;C[" + strings.Repeat("x", 1<<20), "unterminated"},
	}
	for _, tt := range tests {
		in := tt.in
		if len(in) > 40 {
			in = in[:40] + "..."
		}
		roots, err := Parse([]byte(tt.in))
		var se *SyntaxError
		if !assert.ErrorAs(t, err, &se, "Parse(%q) = %v, %v; want a *SyntaxError", in, roots, err) {
			continue
		}
		assert.ErrorContains(t, err, tt.want, "Parse(%q)", in)
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	_, err := Parse([]byte("(;B[aa]\n;W[bb]\n;X)"))
	var se *SyntaxError
	require.ErrorAs(t, err, &se, "got %v, want a *SyntaxError", err)
	assert.Equal(t, 3, se.Line, "error line")
	assert.Equal(t, 17, se.Offset, "error byte offset")
}

func TestDeepTrees(t *testing.T) {
	const depth = 200000
	deep := strings.Repeat("(;B[aa]", depth) + strings.Repeat(")", depth)
	roots, err := Parse([]byte(deep))
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, WriteTrees(&b, roots))
	long := "(" + strings.Repeat(";B[aa]", depth) + ")"
	roots, err = Parse([]byte(long))
	require.NoError(t, err)
	// Not assert.Len: on a failure it would print the 200,000 nodes.
	assert.Equal(t, depth, len(roots[0].MainLine()), "nodes in the main line")
}

func TestNode(t *testing.T) {
	n := NewNode(Property{"B", []string{"aa"}}, Property{"C", []string{"x"}})
	n.Add("C", "y")
	n.Props["AB"] = []string{"bb"} // set directly: written after the others
	n.Set("B", "cc")
	n.Props["XX"] = nil
	assert.Equal(t, "(;B[cc]C[x][y]AB[bb])", n.String(), "String()")
	v, ok := n.Get("XX")
	assert.Equal(t, "", v, "Get(XX) = %q, %v; want \"\", true", v, ok)
	assert.True(t, ok, "Get(XX) = %q, %v; want \"\", true", v, ok)
	v, ok = n.Get("W")
	assert.Equal(t, "", v, "Get(W) = %q, %v; want \"\", false", v, ok)
	assert.False(t, ok, "Get(W) = %q, %v; want \"\", false", v, ok)
	var zero Node
	zero.Add("B", "aa")
	assert.Equal(t, "(;B[aa])", zero.String(), "zero Node after Add")
}
