package rules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/rules"
)

func TestParsePoint(t *testing.T) {
	tests := []struct {
		in   string
		want rules.Point
	}{
		{"A1", rules.PointAt(0, 0)},
		{"a1", rules.PointAt(0, 0)},
		{"D4", rules.PointAt(3, 3)},
		{"H8", rules.PointAt(7, 7)},
		{"J9", rules.PointAt(8, 8)}, // I is skipped
		{"t19", rules.PointAt(18, 18)},
		{"Z25", rules.PointAt(24, 24)},
		{"pass", rules.Pass},
		{"PASS", rules.Pass},
	}
	for _, tt := range tests {
		got, err := rules.ParsePoint(tt.in)
		require.NoError(t, err, "ParsePoint(%q)", tt.in)
		assert.Equal(t, tt.want, got, "ParsePoint(%q) = %v, want %v", tt.in, got, tt.want)
	}
	for _, in := range []string{"", "A", "I5", "A0", "A26", "A-1", "A+1", "A01", "AA1", "1A", "A1 ", "resign"} {
		got, err := rules.ParsePoint(in)
		assert.Error(t, err, "ParsePoint(%q) = %v, want an error", in, got)
	}
}

func TestPointStringRoundTrip(t *testing.T) {
	for y := range rules.MaxSize {
		for x := range rules.MaxSize {
			p := rules.PointAt(x, y)
			assert.Equal(t, [2]int{x, y}, [2]int{p.X(), p.Y()}, "PointAt(%d, %d)", x, y)
			got, err := rules.ParsePoint(p.String())
			require.NoError(t, err, "ParsePoint(%q)", p.String())
			assert.Equal(t, p, got, "ParsePoint(%v.String())", p)
			for _, size := range []int{x + 1, y + 1, rules.MaxSize} {
				if size <= max(x, y) {
					continue
				}
				got, err := rules.ParseSGFPoint(p.SGF(size), size)
				require.NoError(t, err, "ParseSGFPoint(%q, %d)", p.SGF(size), size)
				assert.Equal(t, p, got, "ParseSGFPoint(%v.SGF(%d))", p, size)
			}
		}
	}
	assert.Equal(t, "pass", rules.Pass.String())
	assert.Equal(t, "", rules.Pass.SGF(19))
}

func TestSGFPoint(t *testing.T) {
	tests := []struct {
		in   string
		size int
		want rules.Point
	}{
		{"dd", 19, mustPoint(t, "D16")},
		{"aa", 19, mustPoint(t, "A19")},
		{"as", 19, mustPoint(t, "A1")},
		{"cc", 9, mustPoint(t, "C7")},
		{"", 19, rules.Pass},
		{"tt", 19, rules.Pass},
		{"tt", 21, rules.PointAt(19, 1)},
	}
	for _, tt := range tests {
		got, err := rules.ParseSGFPoint(tt.in, tt.size)
		require.NoError(t, err, "ParseSGFPoint(%q, %d)", tt.in, tt.size)
		assert.Equal(t, tt.want, got, "ParseSGFPoint(%q, %d) = %v, want %v", tt.in, tt.size, got, tt.want)
	}
	for _, in := range []string{"d", "ddd", "zz", "jj", "DD"} {
		got, err := rules.ParseSGFPoint(in, 9)
		assert.Error(t, err, "ParseSGFPoint(%q, 9) = %v, want an error", in, got)
	}
	assert.Equal(t, "dd", mustPoint(t, "D16").SGF(19))
}

func TestParseColor(t *testing.T) {
	for in, want := range map[string]rules.Color{"b": rules.Black, "B": rules.Black, "black": rules.Black, "White": rules.White, "w": rules.White} {
		got, err := rules.ParseColor(in)
		require.NoError(t, err, "ParseColor(%q)", in)
		assert.Equal(t, want, got, "ParseColor(%q)", in)
	}
	for _, in := range []string{"", "x", "empty", "bl"} {
		_, err := rules.ParseColor(in)
		assert.Error(t, err, "ParseColor(%q)", in)
	}
	assert.Equal(t, rules.White, rules.Black.Opponent())
	assert.Equal(t, rules.Black, rules.White.Opponent())
}

func TestSizes(t *testing.T) {
	for _, size := range []int{-1, 0, rules.MaxSize + 1} {
		assert.False(t, rules.ValidSize(size), "ValidSize(%d)", size)
		_, err := rules.NewGame(size, rules.DefaultOptions())
		assert.ErrorIs(t, err, rules.ErrBadSize, "NewGame(%d)", size)
		assert.Panics(t, func() { rules.NewBoard(size) }, "NewBoard(%d)", size)
	}
	for size := 1; size <= rules.MaxSize; size++ {
		b := rules.NewBoard(size)
		assert.Len(t, b.Points(), size*size)
		assert.Len(t, b.Empties(), size*size)
		assert.True(t, b.Contains(rules.PointAt(size-1, size-1)))
		assert.False(t, b.Contains(rules.PointAt(size, 0)), "%dx%d contains the point past the last column", size, size)
		assert.False(t, b.Contains(rules.PointAt(0, size)))
		assert.False(t, b.Contains(rules.Pass))
	}
}

func TestOptions(t *testing.T) {
	o := rules.DefaultOptions()
	assert.Equal(t, 7.5, o.Komi)
	assert.Equal(t, rules.Positional, o.Superko)
	assert.True(t, o.HandicapCompensation)
	for _, s := range []rules.Superko{rules.Positional, rules.Situational} {
		got, err := rules.ParseSuperko(s.String())
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	_, err := rules.ParseSuperko("simple")
	assert.Error(t, err)
}
