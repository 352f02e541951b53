package rules_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/yunzi-go/yunzi/rules"
)

// TestRandomGames plays thousands of seeded random games, many moves of them
// deliberately illegal, through the harness: after every action the game is
// compared with the reference implementation rebuilt from scratch, and at
// the end every move is undone and each earlier position checked again.
func TestRandomGames(t *testing.T) {
	tests := []struct {
		size, games, maxSteps int
	}{
		{1, 100, 20},
		{2, 700, 60},
		{3, 600, 80},
		{5, 300, 120},
		{9, 25, 250},
		{13, 4, 400},
		{19, 2, 600},
	}
	var mu sync.Mutex
	outcomes := map[error]int{}
	t.Run("sizes", func(t *testing.T) {
		for _, tt := range tests {
			games := tt.games
			if testing.Short() {
				games = max(1, games/10)
			}
			t.Run(fmt.Sprintf("%dx%d", tt.size, tt.size), func(t *testing.T) {
				t.Parallel()
				for seed := range games {
					superko := rules.Positional
					if seed%3 == 2 {
						superko = rules.Situational
					}
					counts := randomGame(t, tt.size, uint64(seed), superko, tt.maxSteps)
					mu.Lock()
					for err, n := range counts {
						outcomes[err] += n
					}
					mu.Unlock()
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	t.Logf("outcomes: %v", outcomes)
	for _, want := range []error{nil, rules.ErrBadColor, rules.ErrOffBoard, rules.ErrOccupied,
		rules.ErrKo, rules.ErrSuicide, rules.ErrSuperko, rules.ErrGameOver, rules.ErrInvalidSetup} {
		assert.NotZero(t, outcomes[want], "no random move had the outcome %v: the stress test does not exercise it", want)
	}
}
