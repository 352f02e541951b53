package match

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCountResult(t *testing.T) {
	for _, tc := range []struct {
		count, resB, resW string
		want              string
		disputed          bool
	}{
		{"B+11.5", "?", "?", "B+11.5", false},          // no engine counts: the count stands
		{"B+11.5", "B+9.5", "B+11.5", "B+11.5", false}, // all agree on the winner
		{"B+11.5", "B+9.5", "?", "B+11.5", false},
		{"B+11.5", "W+70.5", "W+90.5", "W+70.5", true}, // dead stones left: both engines say White
		{"B+11.5", "W+70.5", "?", "?", true},           // one engine against the count
		{"B+11.5", "W+2.5", "B+1.5", "?", true},        // the engines disagree
		{"0", "0", "0", "0", false},
	} {
		got, dispute := countResult(tc.count, tc.resB, tc.resW)
		assert.Equal(t, tc.want, got, "%+v", tc)
		assert.Equal(t, tc.disputed, dispute != "", "%+v: %q", tc, dispute)
	}
	assert.Empty(t, disputeWith("the referee", "B+1.5", "B+3", "?"))
	assert.Equal(t, "the referee says B+1.5, white's final_score W+2.5", disputeWith("the referee", "B+1.5", "B+1.5", "W+2.5"))
}

// TestRefereeDisputed: the referee's result counts, and an engine that
// names another winner is reported in the row, the SGF and the summary.
func TestRefereeDisputed(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-moves", "C3", "-score", "W+2.5"), White: fake(), Referee: fake("-score", "B+1.5"), Games: 2,
	})
	require.Len(t, s.Records, 2)
	assert.Equal(t, 2, s.A.Wins, "the referee's result counts")
	assert.Equal(t, []int{0, 1}, s.Disputed)
	rows := datRows(t, prefix)
	assert.Equal(t, "W+2.5", col(rows[0], "RES_B"))
	assert.Equal(t, "B+1.5", col(rows[0], "RES_R"))
	assert.Equal(t, "0", col(rows[0], "ERR"), "a dispute is no error of the game")
	assert.Contains(t, col(rows[0], "ERR_MSG"), "disputed: the referee says B+1.5, black's final_score W+2.5")
	assert.Contains(t, readFile(t, prefix+"-0.sgf"), "Disputed: the referee says B+1.5")
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	assert.Contains(t, b.String(), "disputed: 2 games (0, 1): an engine's final_score names another winner")
	assert.Contains(t, b.String(), "no result 0\n")
}

// TestNoRefereeDeadStones: without a referee, the count with every stone
// alive gives way to the engines when both say otherwise, and a game on
// which the engines disagree has no result.
func TestNoRefereeDeadStones(t *testing.T) {
	s, prefix := runMatch(t, Config{
		Black: fake("-moves", "C3", "-score", "W+70.5"), White: fake("-score", "W+90.5"), Games: 1,
	})
	require.Len(t, s.Records, 1)
	r := s.Records[0]
	assert.Equal(t, "W+70.5", r.Result, "both engines' winner")
	assert.Equal(t, 1, s.B.Wins)
	assert.True(t, strings.HasPrefix(r.Count, "B+"), "the count with every stone alive: %s", r.Count)
	assert.Contains(t, col(datRows(t, prefix)[0], "ERR_MSG"), "dead stones left on the board")

	s, prefix = runMatch(t, Config{
		Black: fake("-moves", "C3", "-score", "W+2.5"), White: fake("-score", "B+1.5"), Games: 1,
	})
	assert.Equal(t, "?", s.Records[0].Result)
	assert.Equal(t, 1, s.Unknown)
	assert.Equal(t, "?", col(datRows(t, prefix)[0], "RES_R"))
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	assert.Contains(t, b.String(), "no result 1\n")
	assert.Contains(t, b.String(), "disputed: 1 game (0): ")
}

func TestResumeRefusesOtherSettings(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "m")
	cfg := withDefaults(t, Config{Black: fake("-moves", "C3"), White: fake(), Games: 1, SGFFile: prefix, Size: 9})
	_, err := Run(cfg)
	require.NoError(t, err)
	for _, change := range []func(*Config){
		func(c *Config) { c.Size = 13 },
		func(c *Config) { c.Komi = 6.5 },
		func(c *Config) { c.White = fake("-name", "Other") },
		func(c *Config) { c.Alternate = true },
		func(c *Config) { c.Referee = fake() },
	} {
		other := cfg
		other.Games = 2
		change(&other)
		_, err := Run(other)
		require.Error(t, err, "a resumed match with other settings")
		assert.Contains(t, err.Error(), "holds a match with other settings")
		assert.Contains(t, err.Error(), "-force")
	}
	_, err = Run(Config{Black: cfg.Black, White: cfg.White, Games: 2, SGFFile: prefix, Size: 13})
	require.ErrorContains(t, err, `Size "9" there, "13" here`)
	assert.Len(t, datRows(t, prefix), 1, "the table is left as it was")
}

// TestResumeCountsEarlierGames: the summary of a resumed match covers
// the earlier games, their wins, colours and errors.
func TestResumeCountsEarlierGames(t *testing.T) {
	prefix := filepath.Join(t.TempDir(), "m")
	cfg := Config{Black: fake("-moves", "C3,D4,Z99"), White: fake(), Games: 2, SGFFile: prefix, Alternate: true}
	first, _ := runMatch(t, cfg)
	require.Positive(t, first.A.Illegal, "Z99 is off the board")
	cfg.Games = 3
	s, _ := runMatch(t, cfg)
	assert.Equal(t, 3, s.Games())
	assert.Equal(t, first.A.Wins+first.B.Wins, s.A.Wins+s.B.Wins-1, "the earlier wins are counted")
	played := 0
	if s.Records[0].Reason == EndIllegal {
		played = 1
	}
	assert.Equal(t, first.A.Illegal+first.B.Illegal+played, s.A.Illegal+s.B.Illegal, "the earlier illegal moves are counted")
	assert.Equal(t, 2, s.A.GamesBlack, "games 0 and 2")
	assert.Equal(t, 1, s.A.GamesWhite, "game 1")
	var b bytes.Buffer
	require.NoError(t, s.Write(&b))
	assert.Contains(t, b.String(), "resumed: 2 earlier games")
	assert.Contains(t, b.String(), "games: 3, ")
}

func TestRowRoundTrip(t *testing.T) {
	for _, r := range []*Record{
		{Index: 4, Result: "B+3.5", ResBlack: "B+3.5", ResWhite: "?", ResReferee: "B+3.5", Moves: 80, Reason: EndScored},
		{Index: 5, Alternated: true, Result: "W+2.5", ResBlack: "B+1", ResWhite: "W+2.5", ResReferee: "W+2.5", Moves: 60, Reason: EndScored,
			Dispute: "the referee says W+2.5, black's final_score B+1"},
		{Index: 6, Result: "W+R", ResBlack: "W+R", ResWhite: "W+R", ResReferee: "W+R", Reason: EndResign},
		{Index: 7, Alternated: true, Result: "B+F", ResBlack: "B+F", ResWhite: "B+F", ResReferee: "B+F", Reason: EndIllegal, Err: "White played the illegal move C3: occupied"},
		{Index: 8, Result: "W+F", ResBlack: "W+F", ResWhite: "W+F", ResReferee: "W+F", Reason: EndCrash, Err: "black engine: EOF (at genmove)"},
		{Index: 9, Result: "B+T", ResBlack: "B+T", ResWhite: "B+T", ResReferee: "B+T", Reason: EndTime, Err: "White lost on time: move took 3 s"},
		{Index: 10, Result: "W+F", ResBlack: "W+F", ResWhite: "W+F", ResReferee: "W+F", Reason: EndNoAnswer, Err: "Black failed genmove: ? oops"},
		{Index: 11, Result: "?", ResBlack: "?", ResWhite: "?", ResReferee: "?", Reason: EndMoveLimit, Err: "move limit 10 reached"},
	} {
		got, err := recordOf(datRow(r))
		require.NoError(t, err)
		w, _ := winnerOf(r.Result)
		assert.Equal(t, []any{r.Index, r.Alternated, r.Result, w, r.Reason, r.ResBlack, r.ResWhite, r.Dispute, r.Err},
			[]any{got.Index, got.Alternated, got.Result, got.Winner, got.Reason, got.ResBlack, got.ResWhite, got.Dispute, got.Err}, "%s", datRow(r))
	}
}
