package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

// A fixture is a rules case written as text (rules/testdata/diagrams/*.txt):
//
//	A title, one or more lines.
//	-- board --
//	the position, top row first (X black, O white, . empty;
//	coordinates and parentheses as Board.Diagram prints them are allowed)
//	-- moves --
//	B C3           a move that must succeed
//	W B3 ko        a move that must fail: ko, suicide, occupied or offboard
//	-- want --
//	the position after the moves
//	-- captures --  (optional)
//	B 1 W 0
type fixture struct {
	title, board, moves, want, captures string
}

func readFixture(t *testing.T, path string) fixture {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	sections := map[string]*strings.Builder{"title": {}}
	current := "title"
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(line, "-- "); ok && strings.HasSuffix(name, " --") {
			current = strings.TrimSuffix(name, " --")
			sections[current] = &strings.Builder{}
			continue
		}
		if sections[current] != nil {
			sections[current].WriteString(line + "\n")
		}
	}
	text := func(name string) string {
		if sections[name] == nil {
			return ""
		}
		return strings.TrimSpace(sections[name].String())
	}
	f := fixture{title: text("title"), board: text("board"), moves: text("moves"), want: text("want"), captures: text("captures")}
	require.NotEmpty(t, f.board, "%s: no board section", path)
	require.NotEmpty(t, f.want, "%s: no want section", path)
	return f
}

// fixtureErrors maps the words of the moves section to the errors.
var fixtureErrors = map[string]error{
	"ok": nil, "ko": rules.ErrKo, "suicide": rules.ErrSuicide,
	"occupied": rules.ErrOccupied, "offboard": rules.ErrOffBoard,
}

// readRows reads a diagram independently of ParseDiagram: one row per line
// holding X, O, . or +, skipping lines with any other letter (the
// coordinate headers) and ignoring digits, spaces and parentheses.
func readRows(t *testing.T, diagram string) [][]rules.Color {
	t.Helper()
	var rows [][]rules.Color
	for _, line := range strings.Split(diagram, "\n") {
		var row []rules.Color
		header := false
		for _, r := range line {
			switch {
			case r == 'X':
				row = append(row, rules.Black)
			case r == 'O':
				row = append(row, rules.White)
			case r == '.' || r == '+':
				row = append(row, rules.Empty)
			case 'A' <= r && r <= 'Z':
				header = true
			}
		}
		if !header && len(row) > 0 {
			rows = append(rows, row)
		}
	}
	for i, row := range rows {
		require.Len(t, row, len(rows), "diagram row %d:\n%s", i+1, diagram)
	}
	return rows
}

// requireStones checks the board holds exactly the stones of the rows.
func requireStones(t *testing.T, b *rules.Board, rows [][]rules.Color, context string) {
	t.Helper()
	require.Equal(t, len(rows), b.Size(), "%s: board size", context)
	for i, row := range rows {
		for x, want := range row {
			p := rules.PointAt(x, len(rows)-1-i)
			require.Equal(t, want, b.At(p), "%s: At(%v)\n%s", context, p, b)
		}
	}
}

func TestDiagramFixtures(t *testing.T) {
	paths, err := filepath.Glob("testdata/diagrams/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			f := readFixture(t, path)
			b, err := rules.ParseDiagram(f.board)
			require.NoError(t, err, "ParseDiagram of the board")
			requireStones(t, b, readRows(t, f.board), "ParseDiagram")
			ref := refFromBoard(b)
			for _, line := range strings.Split(f.moves, "\n") {
				m, want := parseFixtureMove(t, line)
				hash, before := b.Hash(), b.String()
				err := b.Play(m)
				assert.ErrorIs(t, err, want, "Play(%v) = %v, want %v\n%s", m, err, want, before)
				if want == nil {
					require.NoError(t, err, "Play(%v)\n%s", m, before)
				} else {
					require.Error(t, err, "Play(%v) succeeded, want %v\n%s", m, want, before)
					assert.Equal(t, hash, b.Hash(), "Play(%v) failed but changed the hash", m)
					assert.Equal(t, before, b.String(), "Play(%v) failed but changed the board", m)
				}
				assert.Equal(t, want, ref.play(m), "reference Play(%v)", m)
			}
			requireStones(t, b, readRows(t, f.want), "after the moves")
			assert.Empty(t, boardMismatch(b, ref), "board against the reference")
			if f.captures != "" {
				var black, white int
				_, err := fmt.Sscanf(f.captures, "B %d W %d", &black, &white)
				require.NoError(t, err, "captures section %q", f.captures)
				assert.Equal(t, black, b.Captures(rules.Black), "Captures(black)")
				assert.Equal(t, white, b.Captures(rules.White), "Captures(white)")
			}
		})
	}
}

// parseFixtureMove reads "B C3" or "W B3 ko".
func parseFixtureMove(t *testing.T, line string) (rules.Move, error) {
	t.Helper()
	fields := strings.Fields(line)
	require.True(t, len(fields) == 2 || len(fields) == 3, "move line %q", line)
	c, err := rules.ParseColor(fields[0])
	require.NoError(t, err, "move line %q", line)
	p, err := rules.ParsePoint(fields[1])
	require.NoError(t, err, "move line %q", line)
	word := "ok"
	if len(fields) == 3 {
		word = fields[2]
	}
	want, ok := fixtureErrors[word]
	require.True(t, ok, "move line %q: unknown outcome %q", line, word)
	return rules.Move{Color: c, Point: p}, want
}

// randomPosition plays n random moves (RandomMove, which fills no eyes) on an
// empty board, alternating colours, and returns the board and the last move.
func randomPosition(size, n int, seed uint64) (*rules.Board, rules.Point) {
	b := rules.NewBoard(size)
	r := rules.NewRand(seed)
	last := rules.Pass
	c := rules.Black
	for range n {
		p := b.RandomMove(c, r)
		if err := b.Play(rules.Move{Color: c, Point: p}); err != nil {
			panic(err)
		}
		if p != rules.Pass {
			last = p
		}
		c = c.Opponent()
	}
	return b, last
}

func TestDiagramRoundTrip(t *testing.T) {
	for _, size := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 19, 25} {
		for seed := range uint64(4) {
			b, last := randomPosition(size, int(seed)*size*size/3, seed)
			lastOptions := []rules.Point{rules.Pass, last, rules.PointAt(0, 0), rules.PointAt(size-1, size-1)}
			for _, l := range lastOptions {
				text := b.Diagram(l)
				got, err := rules.ParseDiagram(text)
				require.NoError(t, err, "ParseDiagram(Diagram(%v)) of\n%s", l, text)
				assert.Equal(t, b.Hash(), got.Hash(), "hash after the round trip of\n%s", text)
				assert.Equal(t, b.String(), got.String(), "round trip of\n%s", text)
				if l == rules.Pass {
					assert.Empty(t, boardMismatch(got, stonesOf(b)), "chains after the round trip of\n%s", text)
				}
				if l != rules.Pass {
					assert.Equal(t, 1, strings.Count(text, "("), "Diagram(%v) marks one point:\n%s", l, text)
					assert.Equal(t, 1, strings.Count(text, ")"), "Diagram(%v) marks one point:\n%s", l, text)
				}
			}
			assert.Equal(t, b.Diagram(rules.Pass), b.String())
		}
	}
}

func TestDiagramFormat(t *testing.T) {
	b := mustBoard(t, `
. . .
. X O
. . .`)
	want := "   A B C\n" +
		" 3 . . . 3\n" +
		" 2 . X O 2\n" +
		" 1 . . . 1\n" +
		"   A B C\n"
	assert.Equal(t, want, b.String())
	wantLast := "   A B C\n" +
		" 3 . . . 3\n" +
		" 2 .(X)O 2\n" +
		" 1 . . . 1\n" +
		"   A B C\n"
	assert.Equal(t, wantLast, b.Diagram(mustPoint(t, "B2")))
	assert.Contains(t, b.Diagram(mustPoint(t, "C2")), " 2 . X(O)2\n")
}

func TestParseDiagramErrors(t *testing.T) {
	tests := []struct {
		name, diagram string
		want          error
	}{
		{"empty", "", rules.ErrBadSize},
		{"only a header", "A B C", rules.ErrBadSize},
		{"too large", strings.Repeat(strings.Repeat(".", 26)+"\n", 26), rules.ErrBadSize},
		{"captured stone", "X O .\nO . .\n. . .", rules.ErrInvalidSetup},
		{"full board", "X X\nX X", rules.ErrInvalidSetup},
		{"1x1 stone", "O", rules.ErrInvalidSetup},
	}
	for _, tt := range tests {
		_, err := rules.ParseDiagram(tt.diagram)
		assert.ErrorIs(t, err, tt.want, "ParseDiagram(%s) = %v, want %v", tt.name, err, tt.want)
	}
	_, err := rules.ParseDiagram(". .\n. . .")
	assert.Error(t, err, "ParseDiagram with rows of different lengths")
	_, err = rules.ParseDiagram(". . .\n. . .")
	assert.Error(t, err, "ParseDiagram of a 2x3 diagram")
}
