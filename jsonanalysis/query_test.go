package jsonanalysis

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/rules"
)

func parse(s string) *request { return parseRequest([]byte(s), DefaultSettings()) }

func TestParseGoodQuery(t *testing.T) {
	r := parse(`{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"analyzeTurns":[0,1,2],"priorities":[3,2,1]}`)
	require.Len(t, r.positions, 3)
	for i, p := range r.positions {
		assert.Equal(t, "foo", p.id)
		assert.Equal(t, i, p.turn)
		assert.Equal(t, int64(3-i), p.priority)
		assert.Equal(t, 19, p.build().Size())
		assert.Equal(t, rules.Black, p.build().Board().At(rules.PointAt(15, 3)), "Q4")
	}
	assert.Equal(t, rules.White, r.positions[0].build().ToMove(), "the first move's player starts")
	assert.Equal(t, rules.Black, r.positions[1].build().ToMove())
	assert.Equal(t, rules.White, r.positions[2].build().ToMove())
	assert.Equal(t, 7.5, r.positions[0].build().Compensation(), "tromp-taylor gives no handicap bonus")
	// tromp-taylor allows suicide, which Yunzi does not play: a warning.
	require.Len(t, r.lines, 1)
	assert.Equal(t, "rules", r.lines[0]["field"])
	assert.Contains(t, r.lines[0], "warning")
}

func TestParseDefaults(t *testing.T) {
	r := parse(`{"id":"x","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,"initialStones":[["B","C3"],["B","G7"]]}`)
	require.Empty(t, r.lines)
	require.Len(t, r.positions, 1)
	p := r.positions[0]
	assert.Equal(t, rules.White, p.build().ToMove(), "handicap stones: White moves first")
	assert.Equal(t, 9.5, p.build().Compensation(), "komi 7.5 and the Chinese bonus of a point a stone")
	assert.Equal(t, 500, p.opts.maxVisits)
	assert.Equal(t, 15, p.opts.pvLen)
	assert.Equal(t, PerspectiveBlack, p.opts.perspective)
}

func TestParseWarnings(t *testing.T) {
	r := parse(`{"id":"w","moves":[["B","(3,5)"]],"rules":"japanese","boardXSize":9,"boardYSize":9,"includeOwnershipStdev":true,"rootPolicyTemperature":1.5,"overrideSettings":{"cpuctExploration":1.1,"reportAnalysisWinratesAs":"WHITE","maxVisits":"77"}}`)
	require.Len(t, r.positions, 1)
	fields := map[string]bool{}
	for _, l := range r.lines {
		assert.Contains(t, l, "warning")
		assert.Equal(t, "w", l["id"])
		fields[l["field"].(string)] = true
	}
	assert.Equal(t, map[string]bool{"overrideSettings": true, "includeOwnershipStdev": true, "rootPolicyTemperature": true, "rules": true}, fields)
	p := r.positions[0]
	assert.Equal(t, PerspectiveWhite, p.opts.perspective)
	assert.Equal(t, 77, p.opts.maxVisits)
	assert.Equal(t, 6.5, p.build().Komi, "territory rules default to komi 6.5")
	assert.Equal(t, rules.Black, p.build().Board().At(rules.PointAt(3, 3)), "(3,5) counts rows from the top")
}

// includePVVisits and includeMovesOwnership are reported, and
// avoidMoves and allowMoves are obeyed at any depth: no warning.
func TestParseReportsAndRestrictions(t *testing.T) {
	r := parse(q9 + `,"includePVVisits":true,"includeMovesOwnership":true,"avoidMoves":[{"player":"B","moves":["C7","pass"],"untilDepth":3},{"player":"W","moves":["(2,2)"],"untilDepth":1}]}`)
	require.Empty(t, r.lines)
	require.Len(t, r.positions, 1)
	o := r.positions[0].opts
	assert.True(t, o.includePVVisits)
	assert.True(t, o.includeMovesOwnership)
	require.NotNil(t, o.restrict)
	c7, c3 := rules.PointAt(2, 6), rules.PointAt(2, 2)
	assert.False(t, o.restrict.Allows(rules.Black, c7, 0))
	assert.False(t, o.restrict.Allows(rules.Black, c7, 2))
	assert.True(t, o.restrict.Allows(rules.Black, c7, 3))
	assert.False(t, o.restrict.Allows(rules.Black, rules.Pass, 1))
	assert.False(t, o.restrict.Allows(rules.White, c7, 0), "(2,2) counts rows from the top: C7")
	assert.True(t, o.restrict.Allows(rules.White, c7, 1))
	assert.True(t, o.restrict.Allows(rules.White, c3, 0))

	r = parse(q9 + `,"allowMoves":[{"player":"W","moves":["D4"],"untilDepth":2}]}`)
	require.Empty(t, r.lines)
	o = r.positions[0].opts
	assert.True(t, o.restrict.Allows(rules.White, rules.PointAt(3, 3), 1))
	assert.False(t, o.restrict.Allows(rules.White, rules.PointAt(4, 4), 1))
	assert.False(t, o.restrict.Allows(rules.White, rules.Pass, 0), "the pass is not listed")
	assert.True(t, o.restrict.Allows(rules.Black, rules.PointAt(4, 4), 0))

	assert.Nil(t, parse(q9 + `}`).positions[0].opts.restrict)
}

func TestParseErrors(t *testing.T) {
	base := `"id":"e","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9`
	cases := []struct{ query, field, msg string }{
		{`{"id":"e","moves":[],"rules":"chinese","boardYSize":9}`, "boardXSize", "Must provide an integer from 2 to 25"},
		{`{"id":"e","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":26}`, "boardYSize", "Must provide an integer from 2 to 25"},
		{`{"id":"e","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":13}`, "boardYSize", "square boards only"},
		{`{"id":"e","rules":"chinese","boardXSize":9,"boardYSize":9}`, "moves", "Must specify an array"},
		{`{` + base + `,"moves":[["B","Z9"]]}`, "moves", "Could not parse board location: Z9"},
		{`{` + base + `,"moves":[["X","C3"]]}`, "moves", "Could not parse player: X"},
		{`{` + base + `,"moves":[["B","C3"],["W","C3"]]}`, "moves", "Illegal move 1: C3"},
		{`{` + base + `,"initialStones":[["B","pass"]]}`, "initialStones", "Could not parse board location: pass"},
		{`{` + base + `,"analyzeTurns":[1]}`, "analyzeTurns", "Invalid turn number: 1"},
		{`{` + base + `,"analyzeTurns":"all"}`, "analyzeTurns", "Must specify an array"},
		{`{` + base + `,"rules":"go"}`, "rules", "Could not parse rules: go"},
		{`{` + base + `,"komi":7.3}`, "rules", "half-integer"},
		{`{` + base + `,"komi":200}`, "komi", "half-integer"},
		{`{` + base + `,"maxVisits":0}`, "maxVisits", "Must be an integer from 1 to 2^50"},
		{`{` + base + `,"maxVisits":1.5}`, "maxVisits", "Must be an integer"},
		{`{` + base + `,"includeOwnership":"yes"}`, "includeOwnership", "Must be a boolean"},
		{`{` + base + `,"reportDuringSearchEvery":0}`, "reportDuringSearchEvery", "Must be number of seconds"},
		{`{` + base + `,"priority":1,"analyzeTurns":[0],"priorities":[1]}`, "priority", "Cannot specify both"},
		{`{` + base + `,"overrideSettings":[]}`, "overrideSettings", "Must be an object"},
		{`{` + base + `,"overrideSettings":{"maxVisits":-3}}`, "overrideSettings", "Could not set settings"},
		{`{` + base + `,"overrideSettings":{"numSearchThreads":4}}`, "overrideSettings", "Could not set settings"},
		{`{` + base + `,"avoidMoves":[{"player":"B","moves":["C3"]}]}`, "avoidMoves", "subfields"},
		{`{` + base + `,"avoidMoves":[],"allowMoves":[]}`, "allowMoves", "Cannot specify both"},
		{`{` + base + `,"allowMoves":[{"player":"B","moves":["C3"],"untilDepth":1},{"player":"W","moves":["C3"],"untilDepth":1}]}`, "allowMoves", "only allows one entry"},
		{`{` + base + `,"avoidMoves":[{"player":"B","moves":["C3"],"untilDepth":0}]}`, "untilDepth", "positive integer"},
		{`{` + base + `,"avoidMoves":[{"player":"B","moves":["C3"],"untilDepth":1.5}]}`, "untilDepth", "positive integer"},
		{`{` + base + `,"avoidMoves":[{"player":"X","moves":["C3"],"untilDepth":1}]}`, "player", `Must be "b" or "w"`},
		{`{` + base + `,"avoidMoves":[{"player":"B","moves":["K9"],"untilDepth":1}]}`, "moves", "Could not parse board location: K9"},
		{`{` + base + `,"avoidMoves":[{"player":"B","moves":"C3","untilDepth":1}]}`, "moves", "Must be an array"},
		{`{` + base + `,"allowMoves":{"player":"B"}}`, "allowMoves", "subfields"},
		{`{` + base + `,"includePVVisits":1}`, "includePVVisits", "Must be a boolean"},
		{`{` + base + `,"includeMovesOwnership":"true"}`, "includeMovesOwnership", "Must be a boolean"},
	}
	for _, c := range cases {
		r := parse(c.query)
		assert.Empty(t, r.positions, c.query)
		require.NotEmpty(t, r.lines, c.query)
		l := r.lines[len(r.lines)-1]
		assert.Equal(t, "e", l["id"], c.query)
		assert.Equal(t, c.field, l["field"], c.query)
		assert.Contains(t, l["error"], c.msg, c.query)
	}
}

func TestParseUnparseable(t *testing.T) {
	for _, q := range []string{`{"id":`, `[1,2]`, `"x"`, `{"id":3}`, `{} {}`, `{"moves":[]}`} {
		r := parse(q)
		require.Len(t, r.lines, 1, q)
		assert.Len(t, r.lines[0], 1, q)
		assert.Contains(t, r.lines[0], "error", q)
		assert.Empty(t, r.positions, q)
	}
}

func TestSymHashIsSymmetric(t *testing.T) {
	a := parse(`{"id":"a","moves":[["B","C3"]],"rules":"chinese","boardXSize":9,"boardYSize":9}`).positions[0].build()
	b := parse(`{"id":"b","moves":[["B","G7"]],"rules":"chinese","boardXSize":9,"boardYSize":9}`).positions[0].build()
	assert.Equal(t, symHash(a), symHash(b))
	assert.NotEqual(t, thisHash(a), thisHash(b))
}

func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		q9 + `}`,
		`{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"analyzeTurns":[0,1,2]}`,
		`{"id":"a","action":"terminate","terminateId":"b","turnNumbers":[1]}`,
		`{"id":"x","moves":[],"rules":{"ko":"SITUATIONAL","scoring":"AREA"},"boardXSize":5,"boardYSize":5,"avoidMoves":[{"player":"B","moves":["C3","pass"],"untilDepth":3}]}`,
		`{"id":"x","moves":[["B","(1,1)"]],"rules":"aga","boardXSize":2,"boardYSize":2,"overrideSettings":{"maxTime":"0.5"}}`,
		`not json`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := parseRequest(b, DefaultSettings())
		for _, l := range r.lines {
			_, err := json.Marshal(l)
			require.NoError(t, err)
		}
		if len(r.positions) > 0 {
			require.Empty(t, r.action)
		}
		for _, p := range r.positions {
			require.LessOrEqual(t, p.turn, len(p.moves))
			require.Len(t, p.build().Moves(), p.turn)
		}
	})
}
