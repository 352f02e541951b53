package jsonanalysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/search"
)

// line is one response line: a JSON object.
type line = map[string]any

// errorLine is a general error: {"error": msg}.
func errorLine(msg string) line { return line{"error": msg} }

// fieldError is the error of one field of the query id.
func fieldError(id, field, msg string) line { return line{"id": id, "field": field, "error": msg} }

// fieldWarning is the warning of one field of the query id.
func fieldWarning(id, field, msg string) line { return line{"id": id, "field": field, "warning": msg} }

// position is one turn of a query to analyse.
type position struct {
	id       string
	turn     int
	priority int64
	opts     *options // shared by the query's positions
	// start is the game before its moves and moves the query's moves,
	// both shared by its positions and never changed: the position is
	// start after moves[:turn] (see build). Positions are built when
	// their search starts, so a query of every turn of a long game does
	// not hold a copy of the game per turn.
	start *rules.Game
	moves []rules.Move
	// game is the position, built by its search.
	game *rules.Game
}

// build returns a new game of the position.
func (p *position) build() *rules.Game {
	g := p.start.Clone()
	for _, m := range p.moves[:p.turn] {
		_ = g.PlayRepetition(m) // the query's parse played them all
	}
	return g
}

// options are what a query asks of each of its positions' searches and
// responses.
type options struct {
	maxVisits             int
	maxTime               time.Duration
	perspective           Perspective
	pvLen                 int
	includeOwnership      bool
	includeMovesOwnership bool
	includePolicy         bool
	includePVVisits       bool
	every                 time.Duration // reportDuringSearchEvery; 0 for none
	// restrict holds avoidMoves or allowMoves, which the search itself
	// obeys; nil for neither.
	restrict *search.Restriction
}

// request is a parsed query line: an action, or positions to analyse,
// with the error and warning lines to write first. When the query failed,
// lines holds its error and there is nothing else.
type request struct {
	id        string
	action    string                     // "" for an analysis query
	fields    map[string]json.RawMessage // the query as sent, for the actions' echo
	positions []*position
	lines     []line
}

// parseRequest reads one query line with the process's settings.
func parseRequest(text []byte, defaults Settings) *request {
	r := &request{}
	fail := func(l line) *request {
		r.lines, r.positions = append(r.lines, l), nil
		return r
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fail(errorLine(err.Error() + " - could not parse input line as json request: " + string(text)))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail(errorLine("invalid character after the JSON value - could not parse input line as json request: " + string(text)))
	}
	if _, ok := v.(map[string]any); !ok {
		dump, _ := json.Marshal(v)
		return fail(errorLine("Request line was valid json but was not an object, ignoring: " + string(dump)))
	}
	if err := json.Unmarshal(text, &r.fields); err != nil {
		return fail(errorLine(err.Error() + " - could not parse input line as json request: " + string(text)))
	}
	in := r.fields
	if err := json.Unmarshal(in["id"], &r.id); err != nil || !isString(in["id"]) {
		return fail(errorLine(`Request must have a string "id" field`))
	}
	id := r.id
	if raw, ok := in["action"]; ok && isString(raw) {
		_ = json.Unmarshal(raw, &r.action)
		switch r.action {
		case "query_version", "clear_cache", "terminate", "terminate_all":
			return r
		}
		return fail(errorLine("'action' field must be 'query_version' or 'clear_cache' or 'terminate' or 'terminate_all'"))
	}

	// Board size: square boards from 2 to 25.
	sizeMsg := "Must provide an integer from 2 to " + strconv.Itoa(rules.MaxSize)
	var size [2]int64
	for i, f := range []string{"boardXSize", "boardYSize"} {
		if _, ok := in[f]; !ok {
			return fail(fieldError(id, f, sizeMsg))
		}
		n, ok := intField(in[f], 2, rules.MaxSize)
		if !ok {
			return fail(fieldError(id, f, sizeMsg))
		}
		size[i] = n
	}
	if size[0] != size[1] {
		return fail(fieldError(id, "boardYSize", fmt.Sprintf("Yunzi plays square boards only: boardXSize %d and boardYSize %d must be equal", size[0], size[1])))
	}
	n := int(size[0])

	var stones []rules.Move
	if raw, ok := in["initialStones"]; ok {
		var l line
		if stones, l = parseMoves(id, "initialStones", raw, n, false); l != nil {
			return fail(l)
		}
	}
	raw, ok := in["moves"]
	if !ok {
		return fail(fieldError(id, "moves", "Must specify an array of [player,location] pairs"))
	}
	moves, l := parseMoves(id, "moves", raw, n, true)
	if l != nil {
		return fail(l)
	}
	initial := rules.Empty
	if raw, ok := in["initialPlayer"]; ok {
		c, ok := parsePlayer(raw)
		if !ok {
			return fail(fieldError(id, "initialPlayer", `Must be "b" or "w"`))
		}
		initial = c
	}

	analyze := map[int]bool{len(moves): true}
	var turns []int
	if raw, ok := in["analyzeTurns"]; ok {
		if err := json.Unmarshal(raw, &turns); err != nil || turns == nil {
			return fail(fieldError(id, "analyzeTurns", "Must specify an array of integers indicating turns to analyze"))
		}
		analyze = map[int]bool{}
		for _, t := range turns {
			if t < 0 || t > len(moves) {
				return fail(fieldError(id, "analyzeTurns", "Invalid turn number: "+strconv.Itoa(t)))
			}
			analyze[t] = true
		}
	}
	var priorities map[int]int64
	if raw, ok := in["priorities"]; ok {
		var ps []int64
		if err := json.Unmarshal(raw, &ps); err != nil || ps == nil {
			return fail(fieldError(id, "priorities", "Must specify an array of integers indicating priorities"))
		}
		if turns == nil {
			return fail(fieldError(id, "priorities", "Can only specify when also specifying analyzeTurns"))
		}
		if len(ps) != len(turns) {
			return fail(fieldError(id, "priorities", "Must be of matching length to analyzeTurns"))
		}
		priorities = map[int]int64{}
		for i, p := range ps {
			if p < -maxPriority || p > maxPriority {
				return fail(fieldError(id, "priorities", "Invalid priority: "+strconv.FormatInt(p, 10)))
			}
			priorities[turns[i]] = p
		}
	}

	raw, ok = in["rules"]
	if !ok {
		return fail(fieldError(id, "rules", `Must specify rules string, such as "chinese" or "tromp-taylor", or a JSON object with detailed rules parameters.`))
	}
	var gr gameRules
	switch {
	case isString(raw):
		var s string
		_ = json.Unmarshal(raw, &s)
		if gr, ok = parseRulesName(s); !ok {
			return fail(fieldError(id, "rules", "Could not parse rules: "+s))
		}
	case isObject(raw):
		if gr, ok = parseRulesObject(raw); !ok {
			return fail(fieldError(id, "rules", "Could not parse rules: "+compact(raw)))
		}
	default:
		return fail(fieldError(id, "rules", `Must specify rules string, such as "chinese" or "tromp-taylor", or a JSON object with detailed rules parameters.`))
	}
	komi := rules.DefaultKomi
	if gr.territory {
		komi = 6.5
	}
	if raw, ok := in["komi"]; ok {
		const msg = "Must be a integer or half-integer from -150.0 to 150.0"
		k, ok := floatField(raw, -150, 150)
		if !ok {
			return fail(fieldError(id, "komi", msg))
		}
		if k*2 != math.Trunc(k*2) {
			return fail(fieldError(id, "rules", msg))
		}
		komi = k
	}
	if raw, ok := in["whiteHandicapBonus"]; ok {
		var s string
		if !isString(raw) || json.Unmarshal(raw, &s) != nil {
			return fail(fieldError(id, "whiteHandicapBonus", "Must be a string"))
		}
		b, err := parseBonus(s)
		if err != nil {
			return fail(fieldError(id, "whiteHandicapBonus", err.Error()))
		}
		gr.bonus = b
	}

	settings := defaults
	if raw, ok := in["overrideSettings"]; ok {
		if !isObject(raw) {
			return fail(fieldError(id, "overrideSettings", "Must be an object"))
		}
		var obj map[string]json.RawMessage
		_ = json.Unmarshal(raw, &obj)
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var kv [][2]string
		for _, k := range keys {
			v := compact(obj[k])
			if isString(obj[k]) {
				_ = json.Unmarshal(obj[k], &v)
			}
			if slices.Contains(Keys, k) && !slices.Contains(queryKeys, k) {
				return fail(fieldError(id, "overrideSettings", "Could not set settings: "+k+" is the process's setting and cannot change per query"))
			}
			kv = append(kv, [2]string{k, v})
		}
		unknown, err := settings.apply(kv, queryKeys)
		if err != nil {
			return fail(fieldError(id, "overrideSettings", "Could not set settings: "+err.Error()))
		}
		if len(unknown) > 0 {
			r.lines = append(r.lines, fieldWarning(id, "overrideSettings", "Unknown config params: "+strings.Join(unknown, ",")))
		}
	}
	opts := &options{maxVisits: settings.MaxVisits, maxTime: settings.MaxTime, perspective: settings.Perspective, pvLen: settings.PVLen}
	if raw, ok := in["maxVisits"]; ok {
		v, ok := intField(raw, 1, 1<<50)
		if !ok {
			return fail(fieldError(id, "maxVisits", "Must be an integer from 1 to 2^50"))
		}
		opts.maxVisits = int(v)
	}
	if raw, ok := in["analysisPVLen"]; ok {
		v, ok := intField(raw, 1, 1000)
		if !ok {
			return fail(fieldError(id, "analysisPVLen", "Must be an integer from 1 to 1000"))
		}
		opts.pvLen = int(v)
	}
	for _, f := range []struct {
		name   string
		lo, hi float64
		msg    string
	}{
		{"rootFpuReductionMax", 0, 2, "Must be a number from 0.0 to 2.0"},
		{"rootPolicyTemperature", 0.01, 100, "Must be a number from 0.01 to 100.0"},
	} {
		if raw, ok := in[f.name]; ok {
			if _, ok := floatField(raw, f.lo, f.hi); !ok {
				return fail(fieldError(id, f.name, f.msg))
			}
			r.lines = append(r.lines, fieldWarning(id, f.name, "Yunzi's search has no such setting; ignored"))
		}
	}
	bools := map[string]*bool{
		"includeOwnership": &opts.includeOwnership, "includeMovesOwnership": &opts.includeMovesOwnership,
		"includePolicy": &opts.includePolicy, "includePVVisits": &opts.includePVVisits,
	}
	var unsupported []string
	for _, f := range []string{"includeMovesOwnership", "includeMovesOwnershipStdev", "includeOwnership", "includeOwnershipStdev", "includePolicy", "includePVVisits"} {
		raw, ok := in[f]
		if !ok {
			continue
		}
		var b bool
		if !isBool(raw) || json.Unmarshal(raw, &b) != nil {
			return fail(fieldError(id, f, "Must be a boolean"))
		}
		if dst := bools[f]; dst != nil {
			*dst = b
		} else if b {
			unsupported = append(unsupported, f)
		}
	}
	for _, f := range unsupported {
		r.lines = append(r.lines, fieldWarning(id, f, "Yunzi's search does not report this yet; left out of the responses"))
	}
	for _, f := range []string{"reportDuringSearchEvery", "firstReportDuringSearchAfter"} {
		raw, ok := in[f]
		if !ok {
			continue
		}
		s, ok := floatField(raw, 0.001, 1000000)
		if !ok {
			return fail(fieldError(id, f, "Must be number of seconds from 0.001 to 1000000.0"))
		}
		if f == "reportDuringSearchEvery" || opts.every == 0 {
			opts.every = time.Duration(s * float64(time.Second))
		}
	}
	var priority int64
	if raw, ok := in["priority"]; ok {
		if priorities != nil {
			return fail(fieldError(id, "priority", "Cannot specify both priority and priorities"))
		}
		p, ok := intField(raw, -maxPriority, maxPriority)
		if !ok {
			return fail(fieldError(id, "priority", "Must be a number between -2^62 and 2^62"))
		}
		priority = p
	}
	restrict, l := parseFilters(id, in, n)
	if l != nil {
		return fail(l)
	}
	opts.restrict = restrict
	if gr.territory {
		r.lines = append(r.lines, fieldWarning(id, "rules", "Yunzi counts by area only: "+gr.name+" territory scoring is played as area scoring (Chinese rules) with komi "+strconv.FormatFloat(komi, 'g', -1, 64)))
	}
	if gr.suicide {
		r.lines = append(r.lines, fieldWarning(id, "rules", "Yunzi never plays suicide: the search treats it as illegal"))
	}

	// The positions.
	handicap := handicapStones(stones)
	g, err := rules.NewGame(n, rules.Options{Komi: komi + gr.bonus.points(handicap), Superko: gr.superko})
	if err != nil {
		return fail(fieldError(id, "boardXSize", sizeMsg))
	}
	if len(stones) > 0 {
		b := rules.NewBoard(n)
		for _, s := range stones {
			if err := b.Setup(s.Color, []rules.Point{s.Point}); err != nil {
				return fail(fieldError(id, "initialStones", "Invalid initial stones: "+err.Error()))
			}
		}
		if err := b.Setup(rules.Black, nil); err != nil { // checks every chain's liberties
			return fail(fieldError(id, "initialStones", "Invalid initial stones: "+err.Error()))
		}
		if err := g.SetupPosition(b); err != nil {
			return fail(fieldError(id, "initialStones", "Invalid initial stones: "+err.Error()))
		}
	}
	if initial == rules.Empty {
		switch {
		case len(moves) > 0:
			initial = moves[0].Color
		case handicap > 0:
			initial = rules.White
		default:
			initial = rules.Black
		}
	}
	g.SetToMove(initial)
	start := g.Clone()
	for t := 0; ; t++ {
		if analyze[t] {
			p := priority
			if priorities != nil {
				p = priorities[t]
			}
			r.positions = append(r.positions, &position{id: id, turn: t, priority: p, opts: opts, start: start, moves: moves})
		}
		if t >= len(moves) {
			break
		}
		if err := g.PlayRepetition(moves[t]); err != nil {
			return fail(fieldError(id, "moves", "Illegal move "+strconv.Itoa(t)+": "+moves[t].Point.String()))
		}
	}
	return r
}

// maxPriority bounds priority and priorities, as KataGo does.
const maxPriority = 0x3FFFffffFFFFffff

// handicapStones is the number of handicap stones among the initial
// stones: the black stones when there are at least 2 and no white one.
func handicapStones(stones []rules.Move) int {
	n := 0
	for _, s := range stones {
		if s.Color == rules.White {
			return 0
		}
		n++
	}
	if n < 2 {
		return 0
	}
	return n
}

// parseFilters reads avoidMoves or allowMoves into the restriction the
// search obeys (nil for neither), or returns the error line.
func parseFilters(id string, in map[string]json.RawMessage, n int) (*search.Restriction, line) {
	_, hasAllow := in["allowMoves"]
	_, hasAvoid := in["avoidMoves"]
	if !hasAllow && !hasAvoid {
		return nil, nil
	}
	if hasAllow && hasAvoid {
		return nil, fieldError(id, "allowMoves", "Cannot specify both allowMoves and avoidMoves")
	}
	field := "avoidMoves"
	if hasAllow {
		field = "allowMoves"
	}
	const shape = "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'"
	var list []map[string]json.RawMessage
	if !isArray(in[field]) || json.Unmarshal(in[field], &list) != nil {
		return nil, fieldError(id, field, shape)
	}
	if hasAllow && len(list) > 1 {
		return nil, fieldError(id, field, "Currently allowMoves only allows one entry")
	}
	var filters []search.MoveFilter
	for _, d := range list {
		if d["moves"] == nil || d["untilDepth"] == nil || d["player"] == nil {
			return nil, fieldError(id, field, shape)
		}
		c, ok := parsePlayer(d["player"])
		if !ok {
			return nil, fieldError(id, "player", `Must be "b" or "w"`)
		}
		var locs []string
		if !isArray(d["moves"]) || json.Unmarshal(d["moves"], &locs) != nil {
			return nil, fieldError(id, "moves", "Must be an array of GTP board vertices")
		}
		f := search.MoveFilter{Player: c, Allow: hasAllow}
		for _, s := range locs {
			p, ok := parseLocation(s, n)
			if !ok {
				return nil, fieldError(id, "moves", "Could not parse board location: "+s)
			}
			f.Moves = append(f.Moves, p)
		}
		depth, ok := intField(d["untilDepth"], 1, 1000000000)
		if !ok {
			return nil, fieldError(id, "untilDepth", "Must be a positive integer")
		}
		f.UntilDepth = int(depth)
		filters = append(filters, f)
	}
	r, err := search.NewRestriction(n, filters...)
	if err != nil {
		return nil, fieldError(id, field, err.Error())
	}
	return r, nil
}

// parseMoves reads a list of [player, location] pairs.
func parseMoves(id, field string, raw json.RawMessage, n int, allowPass bool) ([]rules.Move, line) {
	const shape = `Must be an array of pairs of the form: ["b" or "w", GTP board vertex]`
	var pairs []json.RawMessage
	if !isArray(raw) || json.Unmarshal(raw, &pairs) != nil {
		return nil, fieldError(id, field, shape)
	}
	moves := make([]rules.Move, 0, len(pairs))
	for _, pr := range pairs {
		var two []json.RawMessage
		if !isArray(pr) || json.Unmarshal(pr, &two) != nil || len(two) != 2 || !isString(two[0]) || !isString(two[1]) {
			return nil, fieldError(id, field, shape)
		}
		var s0, s1 string
		_ = json.Unmarshal(two[0], &s0)
		_ = json.Unmarshal(two[1], &s1)
		c, ok := parsePlayer(two[0])
		if !ok {
			return nil, fieldError(id, field, "Could not parse player: "+s0)
		}
		p, ok := parseLocation(s1, n)
		if !ok || (!allowPass && p == rules.Pass) {
			return nil, fieldError(id, field, "Could not parse board location: "+s1)
		}
		moves = append(moves, rules.Move{Color: c, Point: p})
	}
	return moves, nil
}

// parseLocation reads a GTP vertex ("D4", "pass") or KataGo's "(x,y)",
// x the column from the left and y the row from the top, on a board of
// size n.
func parseLocation(s string, n int) (rules.Point, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		xs, ys, ok := strings.Cut(s[1:len(s)-1], ",")
		x, errX := strconv.Atoi(strings.TrimSpace(xs))
		y, errY := strconv.Atoi(strings.TrimSpace(ys))
		if !ok || errX != nil || errY != nil || x < 0 || x >= n || y < 0 || y >= n {
			return rules.Pass, false
		}
		return rules.PointAt(x, n-1-y), true
	}
	p, err := rules.ParsePoint(s)
	if err != nil {
		return rules.Pass, false
	}
	if p != rules.Pass && (p.X() >= n || p.Y() >= n) {
		return rules.Pass, false
	}
	return p, true
}

// parsePlayer reads "b", "w", "black" or "white", in any case.
func parsePlayer(raw json.RawMessage) (rules.Color, bool) {
	var s string
	if !isString(raw) || json.Unmarshal(raw, &s) != nil {
		return rules.Empty, false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "b", "black":
		return rules.Black, true
	case "w", "white":
		return rules.White, true
	}
	return rules.Empty, false
}

// intField reads an integer (not a number with a fraction or exponent)
// from lo to hi.
func intField(raw json.RawMessage, lo, hi int64) (int64, bool) {
	n, err := strconv.ParseInt(string(bytes.TrimSpace(raw)), 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}

// floatField reads a finite number from lo to hi.
func floatField(raw json.RawMessage, lo, hi float64) (float64, bool) {
	var num json.Number
	if !isNumber(raw) || json.Unmarshal(raw, &num) != nil {
		return 0, false
	}
	f, err := num.Float64()
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < lo || f > hi {
		return 0, false
	}
	return f, true
}

// compact is raw JSON on one line.
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// first returns raw's first byte after white space, 0 for none.
func first(raw json.RawMessage) byte {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return 0
	}
	return t[0]
}

func isString(raw json.RawMessage) bool { return first(raw) == '"' }
func isObject(raw json.RawMessage) bool { return first(raw) == '{' }
func isArray(raw json.RawMessage) bool  { return first(raw) == '[' }
func isBool(raw json.RawMessage) bool   { c := first(raw); return c == 't' || c == 'f' }
func isNumber(raw json.RawMessage) bool { c := first(raw); return c == '-' || (c >= '0' && c <= '9') }
