package jsonanalysis

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yunzi-go/yunzi/engine"
	"github.com/yunzi-go/yunzi/rules"
)

// syncBuffer is a writer the workers share with the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) lines(t *testing.T) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(b.buf.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &m), l)
		out = append(out, m)
	}
	return out
}

// testConfig searches with one thread, a fixed seed and few visits, so
// that a position's answer is always the same.
func testConfig(threads int) Config {
	s := DefaultSettings()
	s.AnalysisThreads, s.MaxVisits = threads, 60
	return Config{Settings: s, Engine: engine.Config{Seed: 7}, Version: "test", GitHash: "abc"}
}

// serve runs a server on the query lines until they end and returns its
// response lines.
func serve(t *testing.T, cfg Config, queries ...string) []map[string]any {
	t.Helper()
	var out syncBuffer
	s := New(cfg, &out)
	require.NoError(t, s.Serve(context.Background(), strings.NewReader(strings.Join(queries, "\n")+"\n")))
	return out.lines(t)
}

// finals returns the final responses (isDuringSearch false with results).
func finals(ls []map[string]any) []map[string]any {
	var out []map[string]any
	for _, l := range ls {
		if d, ok := l["isDuringSearch"]; ok && d == false && l["moveInfos"] != nil {
			out = append(out, l)
		}
	}
	return out
}

const q9 = `{"id":"a","moves":[["B","E5"],["W","C3"]],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9`

func TestQueryAnsweredWithKataGoShape(t *testing.T) {
	ls := serve(t, testConfig(1), q9+`,"includeOwnership":true,"includePolicy":true,"maxVisits":40}`)
	require.Len(t, ls, 1)
	r := ls[0]
	assert.Equal(t, "a", r["id"])
	assert.Equal(t, 2.0, r["turnNumber"])
	assert.Equal(t, false, r["isDuringSearch"])
	root := r["rootInfo"].(map[string]any)
	assert.Equal(t, "B", root["currentPlayer"])
	assert.LessOrEqual(t, root["visits"].(float64), 40.0)
	assert.Len(t, root["thisHash"], 32)
	assert.Len(t, root["symHash"], 32)
	infos := r["moveInfos"].([]any)
	require.NotEmpty(t, infos)
	for i, mi := range infos {
		m := mi.(map[string]any)
		for _, k := range []string{"move", "visits", "winrate", "scoreLead", "scoreMean", "scoreSelfplay", "scoreStdev", "prior", "utility", "lcb", "utilityLcb", "order", "pv"} {
			assert.Contains(t, m, k)
		}
		assert.Equal(t, float64(i), m["order"])
		assert.Equal(t, m["move"], m["pv"].([]any)[0])
		assert.InDelta(t, 0.5, m["winrate"], 0.5)
	}
	assert.Len(t, r["ownership"], 81)
	pol := r["policy"].([]any)
	require.Len(t, pol, 82)
	sum := 0.0
	for _, p := range pol {
		if p.(float64) >= 0 {
			sum += p.(float64)
		}
	}
	assert.InDelta(t, 1, sum, 1e-9)
	assert.Equal(t, -1.0, pol[4*9+4], "E5 is occupied")
}

func TestPerspective(t *testing.T) {
	get := func(p string) map[string]any {
		cfg := testConfig(1)
		var err error
		cfg.Settings.Perspective, err = ParsePerspective(p)
		require.NoError(t, err)
		// White to move after one black move.
		ls := serve(t, cfg, `{"id":"p","moves":[["B","E5"]],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9,"includeOwnership":true}`)
		require.Len(t, ls, 1)
		return ls[0]
	}
	black, white, side := get("BLACK"), get("WHITE"), get("SIDETOMOVE")
	bw := black["rootInfo"].(map[string]any)["winrate"].(float64)
	ww := white["rootInfo"].(map[string]any)["winrate"].(float64)
	sw := side["rootInfo"].(map[string]any)["winrate"].(float64)
	assert.InDelta(t, 1, bw+ww, 1e-9)
	assert.InDelta(t, ww, sw, 1e-9, "White is to move")
	bl := black["rootInfo"].(map[string]any)["scoreLead"].(float64)
	wl := white["rootInfo"].(map[string]any)["scoreLead"].(float64)
	assert.InDelta(t, -bl, wl, 1e-9)
	bo, wo := black["ownership"].([]any), white["ownership"].([]any)
	assert.InDelta(t, -bo[40].(float64), wo[40].(float64), 1e-9)
	assert.Greater(t, bo[40].(float64), 0.5, "Black owns its stone on E5 from Black's side")
}

func TestAnalyzeTurns(t *testing.T) {
	ls := serve(t, testConfig(1), q9+`,"analyzeTurns":[0,1,2]}`)
	require.Len(t, ls, 3)
	players := map[float64]string{}
	for _, l := range ls {
		players[l["turnNumber"].(float64)] = l["rootInfo"].(map[string]any)["currentPlayer"].(string)
	}
	assert.Equal(t, map[float64]string{0: "B", 1: "W", 2: "B"}, players)
}

// avoidMoves and allowMoves restrict the search itself: every visit goes
// to a move they allow, so the moves' visits add up to the root's.
func TestAvoidAndAllowMoves(t *testing.T) {
	avoided := []string{"D4", "E4", "F4", "D6", "E6", "F6", "pass"}
	ls := serve(t, testConfig(1),
		q9+`,"id":"allow","allowMoves":[{"player":"B","moves":["G7","C7"],"untilDepth":1}]}`,
		q9+`,"id":"avoid","avoidMoves":[{"player":"B","moves":["D4","E4","F4","D6","E6","F6","pass"],"untilDepth":1}]}`,
		q9+`,"id":"deep","maxVisits":300,"avoidMoves":[{"player":"B","moves":["D4","E4","F4","D6","E6","F6"],"untilDepth":3}]}`)
	require.Len(t, ls, 3)
	for _, l := range ls {
		id := l["id"].(string)
		infos := l["moveInfos"].([]any)
		require.NotEmpty(t, infos, id)
		visits := 0.0
		for _, mi := range infos {
			m := mi.(map[string]any)
			mv := m["move"].(string)
			visits += m["visits"].(float64)
			if id == "allow" {
				assert.Contains(t, []string{"G7", "C7"}, mv)
			} else {
				assert.NotContains(t, avoided, mv, id)
			}
			if id == "deep" {
				// Black's moves are the line's first and third.
				pv := m["pv"].([]any)
				if len(pv) > 2 {
					assert.NotContains(t, avoided, pv[2], "Black's second move after %s", mv)
				}
			}
		}
		assert.Equal(t, l["rootInfo"].(map[string]any)["visits"], visits, "%s: every visit on an allowed move", id)
	}
}

// The details KataGo reports on request, and the score's deviation
// always: pvVisits along each line, each move's ownership from the
// perspective asked for.
func TestPVVisitsAndMovesOwnership(t *testing.T) {
	get := func(perspective, extra string) map[string]any {
		cfg := testConfig(1)
		var err error
		cfg.Settings.Perspective, err = ParsePerspective(perspective)
		require.NoError(t, err)
		ls := serve(t, cfg, q9+`,"maxVisits":200`+extra+`}`)
		require.Len(t, ls, 1)
		return ls[0]
	}
	black := get("BLACK", `,"includePVVisits":true,"includeMovesOwnership":true,"analysisPVLen":3`)
	root := black["rootInfo"].(map[string]any)
	assert.Greater(t, root["scoreStdev"], 0.0)
	infos := black["moveInfos"].([]any)
	require.NotEmpty(t, infos)
	for _, mi := range infos {
		m := mi.(map[string]any)
		pv, pvVisits := m["pv"].([]any), m["pvVisits"].([]any)
		assert.LessOrEqual(t, len(pv), 3, "analysisPVLen")
		require.Len(t, pvVisits, len(pv), "%v", m["move"])
		assert.Equal(t, m["visits"], pvVisits[0])
		for i := 1; i < len(pvVisits); i++ {
			assert.LessOrEqual(t, pvVisits[i].(float64), pvVisits[i-1].(float64))
		}
		own := m["ownership"].([]any)
		require.Len(t, own, 81)
		if m["visits"].(float64) >= 20 {
			assert.Greater(t, own[4*9+4].(float64), 0.5, "Black's E5 stays Black's after %v", m["move"])
		}
		assert.Contains(t, m, "scoreStdev")
		assert.GreaterOrEqual(t, m["scoreStdev"], 0.0)
	}

	white := get("WHITE", `,"includeMovesOwnership":true`)
	wInfos := white["moveInfos"].([]any)
	require.Len(t, wInfos, len(infos), "the same search")
	for i, mi := range wInfos {
		w, b := mi.(map[string]any), infos[i].(map[string]any)
		require.Equal(t, b["move"], w["move"])
		assert.NotContains(t, w, "pvVisits", "not asked for")
		assert.Equal(t, b["scoreStdev"], w["scoreStdev"], "a deviation has no side")
		wo, bo := w["ownership"].([]any), b["ownership"].([]any)
		for j := range bo {
			assert.InDelta(t, -bo[j].(float64), wo[j].(float64), 1e-12)
		}
	}

	plain := get("BLACK", "")
	for _, mi := range plain["moveInfos"].([]any) {
		assert.NotContains(t, mi, "pvVisits")
		assert.NotContains(t, mi, "ownership")
	}
}

func TestReportDuringSearch(t *testing.T) {
	cfg := testConfig(1)
	ls := serve(t, cfg, q9+`,"maxVisits":1000000,"reportDuringSearchEvery":0.02,"overrideSettings":{"maxTime":0.3}}`)
	require.GreaterOrEqual(t, len(ls), 2)
	for _, l := range ls[:len(ls)-1] {
		assert.Equal(t, true, l["isDuringSearch"])
	}
	assert.Equal(t, false, ls[len(ls)-1]["isDuringSearch"])
}

func TestTerminate(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(1), &out)
	pr, pw := io.Pipe()
	done := make(chan error)
	go func() { done <- s.Serve(context.Background(), pr) }()
	// A long search, then one queued behind it; terminate both.
	io.WriteString(pw, q9+`,"id":"long","maxVisits":100000000,"reportDuringSearchEvery":0.01}`+"\n")
	io.WriteString(pw, q9+`,"id":"queued"}`+"\n")
	require.Eventually(t, func() bool { return len(out.lines(t)) > 0 }, 20*time.Second, 5*time.Millisecond, "the long search reports")
	io.WriteString(pw, `{"id":"t1","action":"terminate","terminateId":"queued"}`+"\n")
	io.WriteString(pw, `{"id":"t2","action":"terminate_all"}`+"\n")
	pw.Close()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("terminate did not stop the search")
	}
	ls := out.lines(t)
	byID := map[string]map[string]any{}
	for _, l := range ls {
		if l["isDuringSearch"] != true {
			byID[l["id"].(string)] = l
		}
	}
	assert.Equal(t, true, byID["queued"]["noResults"])
	assert.Equal(t, "terminate", byID["t1"]["action"])
	assert.Equal(t, "queued", byID["t1"]["terminateId"])
	assert.Equal(t, "terminate_all", byID["t2"]["action"])
	assert.Equal(t, false, byID["long"]["isDuringSearch"])
	assert.Contains(t, byID["long"], "moveInfos", "a stopped search reports what it has")
}

func TestParallelQueriesAnswerTheirIDs(t *testing.T) {
	var qs []string
	for _, id := range []string{"q0", "q1", "q2", "q3", "q4", "q5"} {
		qs = append(qs, q9+`,"id":"`+id+`","maxVisits":30}`)
	}
	par := serve(t, testConfig(2), qs...)
	seq := serve(t, testConfig(1), qs...)
	require.Len(t, par, 6)
	require.Len(t, seq, 6)
	best := func(ls []map[string]any) map[string]any {
		m := map[string]any{}
		for _, l := range ls {
			m[l["id"].(string)] = l["moveInfos"]
		}
		return m
	}
	// The same seed and one search thread give each position the same
	// search, whichever worker runs it and in whichever order.
	assert.Equal(t, best(seq), best(par))
}

func TestPriority(t *testing.T) {
	// Queued before the one worker starts: the highest priority goes
	// first, ties in arrival order.
	var out syncBuffer
	s := New(testConfig(1), &out)
	for _, q := range []string{
		q9 + `,"id":"zero","maxVisits":10}`,
		q9 + `,"id":"low","priority":-1,"maxVisits":10}`,
		q9 + `,"id":"high","priority":5,"maxVisits":10}`,
		q9 + `,"id":"zero2","maxVisits":10}`,
		q9 + `,"id":"turns","analyzeTurns":[0,1],"priorities":[-5,9],"maxVisits":10}`,
	} {
		s.Handle([]byte(q))
	}
	require.NoError(t, s.Serve(context.Background(), strings.NewReader("")))
	var got []string
	for _, l := range out.lines(t) {
		got = append(got, fmt.Sprintf("%s/%v", l["id"], l["turnNumber"]))
	}
	assert.Equal(t, []string{"turns/1", "high/2", "zero/2", "zero2/2", "low/2", "turns/0"}, got)
}

func TestActions(t *testing.T) {
	ls := serve(t, testConfig(1), `{"id":"v","action":"query_version"}`, `{"id":"c","action":"clear_cache"}`, `{"id":"x","action":"fly"}`)
	require.Len(t, ls, 3)
	assert.Equal(t, map[string]any{"id": "v", "action": "query_version", "version": "test", "git_hash": "abc"}, ls[0])
	assert.Equal(t, map[string]any{"id": "c", "action": "clear_cache"}, ls[1])
	assert.Contains(t, ls[2]["error"], "'action' field must be")
}

func TestQuitWithoutWaiting(t *testing.T) {
	cfg := testConfig(1)
	cfg.QuitWithoutWaiting = true
	start := time.Now()
	ls := serve(t, cfg, q9+`,"id":"long","maxVisits":100000000}`, q9+`,"id":"queued"}`)
	assert.Less(t, time.Since(start), 20*time.Second)
	for _, l := range ls {
		assert.NotEqual(t, "queued", l["id"], "a queued position is dropped")
	}
}

func TestServeStopsWithContext(t *testing.T) {
	var out syncBuffer
	s := New(testConfig(1), &out)
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Serve(ctx, pr) }()
	io.WriteString(pw, q9+`,"id":"long","maxVisits":100000000}`+"\n")
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("an interrupt did not stop the server")
	}
}

// passer plays but cannot analyse.
type passer struct{}

func (passer) GenMove(context.Context, *rules.Game, rules.Color, engine.Limits) (rules.Point, error) {
	return rules.Pass, nil
}

// An engine whose player cannot analyse answers each position with an
// error, then the final response without results.
func TestPlayerThatCannotAnalyse(t *testing.T) {
	cfg := testConfig(1)
	cfg.Engine.Player = passer{}
	ls := serve(t, cfg, q9+`}`)
	require.Len(t, ls, 2)
	assert.Equal(t, "a", ls[0]["id"])
	assert.Contains(t, ls[0]["error"], "analyses positions")
	assert.Equal(t, map[string]any{"id": "a", "turnNumber": 2.0, "isDuringSearch": false, "noResults": true}, ls[1])
}
