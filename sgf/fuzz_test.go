package sgf

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/yunzi-go/yunzi/rules"
)

// FuzzParse checks that Parse never panics, that what it accepts is written
// and parsed back to the same trees, and that a game it loads is written
// and loaded back to the same position.
func FuzzParse(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join(fixtureDir, "*.sgf"))
	for _, path := range fixtures {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
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
		if err := WriteTrees(&b, roots); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(b.Bytes())
		if err != nil {
			t.Fatalf("Parse(WriteTrees(Parse(%q))) = %v\nwritten: %q", data, err, b.Bytes())
		}
		if !sameTrees(roots, again) {
			t.Fatalf("Parse(%q) and Parse(WriteTrees(...)) differ\nwritten: %q", data, b.Bytes())
		}
		var b2 bytes.Buffer
		WriteTrees(&b2, again)
		if !bytes.Equal(b.Bytes(), b2.Bytes()) {
			t.Fatalf("WriteTrees not stable: %q then %q", b.Bytes(), b2.Bytes())
		}
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
	if err := Write(&b, rec.Game, rec.Info); err != nil {
		t.Fatalf("Write: %v", err)
	}
	back, err := Load(b.Bytes(), rules.DefaultOptions(), 0)
	if err != nil {
		t.Fatalf("Load(Write(%v)): %v\nwritten: %q", root, err, b.Bytes())
	}
	g, h := rec.Game, back.Game
	all, kept := g.Moves(), h.Moves()
	if h.Board().Hash() != g.Board().Hash() || h.ToMove() != g.ToMove() || h.Komi != g.Komi ||
		len(kept) > len(all) || !slices.Equal(kept, all[len(all)-len(kept):]) {
		t.Fatalf("Load(Write(%v)) differs:\n%v%v to move, moves %v\nwant\n%v%v to move, moves %v\nwritten: %q",
			root, h.Board(), h.ToMove(), kept, g.Board(), g.ToMove(), all, b.Bytes())
	}
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
