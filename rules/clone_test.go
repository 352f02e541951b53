package rules

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCloneIsIndependent(t *testing.T) {
	g, err := NewGame(9, DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, g.Play(Move{Color: Black, Point: PointAt(2, 2)}))
	require.NoError(t, g.Play(Move{Color: White, Point: PointAt(6, 6)}))
	c := g.Clone()
	require.Equal(t, g.Board().Hash(), c.Board().Hash())
	require.Equal(t, g.Moves(), c.Moves())
	require.Equal(t, g.ToMove(), c.ToMove())
	require.Equal(t, g.Compensation(), c.Compensation())

	require.NoError(t, c.Play(Move{Color: Black, Point: PointAt(4, 4)}))
	require.NoError(t, c.Undo())
	require.NoError(t, c.Undo())
	require.NoError(t, c.Play(Move{Color: White, Point: PointAt(3, 3)}))
	require.Len(t, g.Moves(), 2)
	require.Equal(t, White, g.Board().At(PointAt(6, 6)))
	require.Equal(t, Empty, g.Board().At(PointAt(3, 3)))
	require.True(t, g.Repeats(g.Board().Hash(), g.ToMove()))
}
