package pattern

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// A Model holds the gamma of every feature value, and the dictionary of
// the spatial patterns it knows. The absence of a feature (value 0) always
// has gamma 1.
type Model struct {
	gamma    [numGroups][]float64
	patterns *Dictionary
}

// NewModel returns a model whose gammas are all 1, every move equally
// strong, knowing the spatial patterns of d (none if d is nil).
func NewModel(d *Dictionary) *Model {
	m := &Model{patterns: d}
	for g := range m.gamma {
		n := groupValues[g]
		if Group(g) == Spatial {
			n = 1 + d.Len()
		}
		m.gamma[g] = make([]float64, n)
		for v := range m.gamma[g] {
			m.gamma[g][v] = 1
		}
	}
	return m
}

// Patterns returns the spatial patterns m knows, for Context.Patterns.
func (m *Model) Patterns() *Dictionary { return m.patterns }

// Strength returns the product of the gammas of f.
func (m *Model) Strength(f Features) float64 {
	s := 1.0
	for g, v := range f {
		s *= m.gamma[g][v]
	}
	return s
}

// Chances appends to chances, for each of moves (empty points where
// x.Color may play), the chance m gives it of being the one played: its
// strength over the sum of theirs.
func (m *Model) Chances(x *Context, moves []rules.Point, chances []float64) []float64 {
	start, total := len(chances), 0.0
	for _, p := range moves {
		s := m.Strength(x.Of(p))
		chances = append(chances, s)
		total += s
	}
	for i := start; i < len(chances); i++ {
		chances[i] /= total
	}
	return chances
}

//go:embed gammas.txt
var defaultTable string

// Default is the model Yunzi plays with: the table of gammas.txt, learned
// by scripts/learn-patterns.sh from 19x19 games between 9-dan amateurs and
// embedded in the binary. The search's priors rate the candidate moves
// with it on every board size. The tables learned and how they played are
// in docs/TUNING.md.
var Default = mustRead(defaultTable)

func mustRead(table string) *Model {
	m, err := Read(strings.NewReader(table))
	if err != nil {
		panic("pattern: the embedded table: " + err.Error())
	}
	return m
}

// Read reads a model in the form Write gives: a line "group value gamma"
// for each feature value whose gamma is not 1, where the value of a shape
// is its canonical key in hexadecimal, and a line for every spatial
// pattern, numbered in the order of the lines, whose value is its size and
// hash (see Dictionary.valueName). Blank lines and lines that start with
// '#' are skipped.
func Read(r io.Reader) (*Model, error) {
	m := NewModel(new(Dictionary))
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		if err := m.readLine(text); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	return m, sc.Err()
}

func (m *Model) readLine(text string) error {
	fields := strings.Fields(text)
	if len(fields) != 3 {
		return fmt.Errorf("want group, value and gamma, have %q", text)
	}
	g := Group(slices.Index(groupNames[:], fields[0]))
	if g >= numGroups {
		return fmt.Errorf("unknown group %q", fields[0])
	}
	var v int
	switch g {
	case Spatial:
		size, hash, err := parseSpatial(fields[1])
		if err != nil {
			return err
		}
		if !m.patterns.add(size, hash) {
			return fmt.Errorf("spatial pattern %s twice, or more than %d", fields[1], maxPatterns)
		}
		m.gamma[Spatial] = append(m.gamma[Spatial], 1)
		v = m.patterns.Len()
	case Shape:
		key, err := strconv.ParseUint(fields[1], 16, 16)
		i, found := slices.BinarySearch(shapeKeys, uint16(key))
		if err != nil || !found {
			return fmt.Errorf("%q is not a canonical shape key", fields[1])
		}
		v = i + 1
	default:
		var err error
		if v, err = strconv.Atoi(fields[1]); err != nil || v < 1 || v >= groupValues[g] {
			return fmt.Errorf("%s has no value %q", g, fields[1])
		}
	}
	gamma, err := strconv.ParseFloat(fields[2], 64)
	if err != nil || !(gamma > 0) || math.IsInf(gamma, 0) {
		return fmt.Errorf("gamma %q is not a positive number", fields[2])
	}
	m.gamma[g][v] = gamma
	return nil
}

// Write writes the model's gammas that are not 1, and those of all its
// spatial patterns, in the form Read reads.
func (m *Model) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for g, gammas := range m.gamma {
		for v, gamma := range gammas[1:] {
			if gamma == 1 && Group(g) != Spatial {
				continue
			}
			value := strconv.Itoa(v + 1)
			switch Group(g) {
			case Shape:
				value = fmt.Sprintf("%04x", shapeKeys[v])
			case Spatial:
				value = m.patterns.valueName(v + 1)
			}
			fmt.Fprintf(bw, "%s %s %.4g\n", Group(g), value, gamma)
		}
	}
	return bw.Flush()
}
