package jsonanalysis

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// handicapBonus is what White gets for handicap stones in the count
// (KataGo's whiteHandicapBonus): nothing, one point a stone, or one point
// a stone but the first.
type handicapBonus int

const (
	bonusNone handicapBonus = iota
	bonusN
	bonusNMinus1
)

// gameRules are a query's rules as Yunzi plays them: the repetition rule
// and the handicap bonus, with what it cannot honour noted for a warning.
// Yunzi always counts by area and never allows suicide.
type gameRules struct {
	superko rules.Superko
	bonus   handicapBonus
	// territory is set when the rules count territory, which Yunzi plays
	// as area scoring.
	territory bool
	// suicide is set when the rules allow multi-stone suicide, which Yunzi
	// never plays.
	suicide bool
	name    string
}

// namedRules are KataGo's rule shorthands (kata-set-rules) as Yunzi plays
// them. Simple ko is played as positional superko, which forbids more.
var namedRules = map[string]gameRules{
	"chinese":       {superko: rules.Positional, bonus: bonusN},
	"chinese-ogs":   {superko: rules.Positional, bonus: bonusN},
	"chinese-kgs":   {superko: rules.Positional, bonus: bonusN},
	"tromp-taylor":  {superko: rules.Positional, bonus: bonusNone, suicide: true},
	"aga":           {superko: rules.Situational, bonus: bonusNMinus1},
	"bga":           {superko: rules.Situational, bonus: bonusNMinus1},
	"aga-button":    {superko: rules.Situational, bonus: bonusNMinus1},
	"new-zealand":   {superko: rules.Situational, bonus: bonusNone, suicide: true},
	"japanese":      {superko: rules.Positional, bonus: bonusNone, territory: true},
	"korean":        {superko: rules.Positional, bonus: bonusNone, territory: true},
	"stone-scoring": {superko: rules.Positional, bonus: bonusNone},
}

// ruleAliases are the other spellings KataGo accepts.
var ruleAliases = map[string]string{
	"tromptaylor": "tromp-taylor", "tromp_taylor": "tromp-taylor",
	"chinese_ogs": "chinese-ogs", "chinese_kgs": "chinese-kgs",
	"newzealand": "new-zealand", "new_zealand": "new-zealand", "nz": "new-zealand",
	"aga_button": "aga-button", "stone_scoring": "stone-scoring",
}

// parseRulesName reads a rules shorthand, in any case.
func parseRulesName(s string) (gameRules, bool) {
	k := strings.ToLower(strings.TrimSpace(s))
	if a, ok := ruleAliases[k]; ok {
		k = a
	}
	r, ok := namedRules[k]
	r.name = k
	return r, ok
}

// parseRulesObject reads KataGo's rules as a JSON object: ko (SIMPLE,
// POSITIONAL, SITUATIONAL), scoring (AREA, TERRITORY), suicide,
// whiteHandicapBonus; the others (tax, hasButton, friendlyPassOk) change
// nothing Yunzi plays and are read without effect.
func parseRulesObject(raw json.RawMessage) (gameRules, bool) {
	var o struct {
		Ko      *string `json:"ko"`
		Scoring *string `json:"scoring"`
		Suicide *bool   `json:"suicide"`
		Bonus   *string `json:"whiteHandicapBonus"`
	}
	if err := json.Unmarshal(raw, &o); err != nil {
		return gameRules{}, false
	}
	r := gameRules{superko: rules.Positional, bonus: bonusNone, name: "custom"}
	if o.Ko != nil {
		switch strings.ToUpper(*o.Ko) {
		case "SIMPLE", "POSITIONAL", "SPIGHT":
			r.superko = rules.Positional
		case "SITUATIONAL":
			r.superko = rules.Situational
		default:
			return gameRules{}, false
		}
	}
	if o.Scoring != nil {
		switch strings.ToUpper(*o.Scoring) {
		case "AREA":
		case "TERRITORY":
			r.territory = true
		default:
			return gameRules{}, false
		}
	}
	if o.Suicide != nil {
		r.suicide = *o.Suicide
	}
	if o.Bonus != nil {
		b, err := parseBonus(*o.Bonus)
		if err != nil {
			return gameRules{}, false
		}
		r.bonus = b
	}
	return r, true
}

// parseBonus reads whiteHandicapBonus: "0", "N" or "N-1".
func parseBonus(s string) (handicapBonus, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "0":
		return bonusNone, nil
	case "N":
		return bonusN, nil
	case "N-1":
		return bonusNMinus1, nil
	}
	return 0, fmt.Errorf("Must be \"0\", \"N\" or \"N-1\", not %q", s)
}

// points returns White's points for n handicap stones.
func (b handicapBonus) points(n int) float64 {
	switch {
	case n < 2 || b == bonusNone:
		return 0
	case b == bonusN:
		return float64(n)
	}
	return float64(n - 1)
}
