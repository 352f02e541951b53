package sgf

import (
	"errors"
	"reflect"
	"strings"
	"testing"
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
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		var got []string
		for _, r := range roots {
			got = append(got, r.String())
		}
		if s := strings.Join(got, "\n"); s != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, s, tt.want)
		}
	}
}

func TestParseValues(t *testing.T) {
	roots, err := Parse([]byte("(;C[one \\] two\\\nthree]AB[aa][bb];B[cc](;W[dd])(;W[ee]))"))
	if err != nil {
		t.Fatal(err)
	}
	root := roots[0]
	if got, want := root.Props["C"], []string{"one ] twothree"}; !reflect.DeepEqual(got, want) {
		t.Errorf("C = %q, want %q", got, want)
	}
	if got, want := root.Props["AB"], []string{"aa", "bb"}; !reflect.DeepEqual(got, want) {
		t.Errorf("AB = %q, want %q", got, want)
	}
	line := root.MainLine()
	if len(line) != 3 || line[2].Value("W") != "dd" {
		t.Errorf("main line %v, want root, B[cc], W[dd]", line)
	}
	if n := len(line[1].Children); n != 2 || line[1].Children[1].Value("W") != "ee" {
		t.Errorf("B[cc] has %d children, want W[dd] and W[ee]", n)
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
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, %v; want a *SyntaxError", in, roots, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %q, want it to mention %q", in, err, tt.want)
		}
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	_, err := Parse([]byte("(;B[aa]\n;W[bb]\n;X)"))
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a *SyntaxError", err)
	}
	if se.Line != 3 || se.Offset != 17 {
		t.Errorf("error at line %d, byte %d; want line 3, byte 17", se.Line, se.Offset)
	}
}

func TestDeepTrees(t *testing.T) {
	const depth = 200000
	deep := strings.Repeat("(;B[aa]", depth) + strings.Repeat(")", depth)
	roots, err := Parse([]byte(deep))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteTrees(&b, roots); err != nil {
		t.Fatal(err)
	}
	long := "(" + strings.Repeat(";B[aa]", depth) + ")"
	roots, err = Parse([]byte(long))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(roots[0].MainLine()); n != depth {
		t.Errorf("main line of %d nodes, want %d", n, depth)
	}
}

func TestNode(t *testing.T) {
	n := NewNode(Property{"B", []string{"aa"}}, Property{"C", []string{"x"}})
	n.Add("C", "y")
	n.Props["AB"] = []string{"bb"} // set directly: written after the others
	n.Set("B", "cc")
	n.Props["XX"] = nil
	if got, want := n.String(), "(;B[cc]C[x][y]AB[bb])"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if v, ok := n.Get("XX"); v != "" || !ok {
		t.Errorf("Get(XX) = %q, %v; want \"\", true", v, ok)
	}
	if v, ok := n.Get("W"); v != "" || ok {
		t.Errorf("Get(W) = %q, %v; want \"\", false", v, ok)
	}
	var zero Node
	zero.Add("B", "aa")
	if got := zero.String(); got != "(;B[aa])" {
		t.Errorf("zero Node after Add: %q", got)
	}
}
