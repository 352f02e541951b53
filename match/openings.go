package match

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// opening is the move sequence a game starts from.
type opening struct {
	name  string
	moves []rules.Move
}

// loadOpenings reads every .sgf file of dir, in name order. Each must be
// of the match's board size and made of moves only (no setup stones or
// handicap), so that the engines can be given it with play commands.
func loadOpenings(dir string, size int, opts rules.Options) ([]opening, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".sgf") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no .sgf file in %s", dir)
	}
	var out []opening
	for _, n := range names {
		path := filepath.Join(dir, n)
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		rec, err := sgf.Load(data, opts, 0)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		if rec.Game.Size() != size {
			return nil, fmt.Errorf("opening %s: board size %d, the match plays %d", path, rec.Game.Size(), size)
		}
		moves := rec.Game.Moves()
		replay, err := rules.NewGame(size, opts)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if err := replay.Play(m); err != nil {
				return nil, fmt.Errorf("opening %s: move %s: %w", path, m, err)
			}
		}
		if rec.Game.Handicap() > 0 || replay.Board().Hash() != rec.Game.Board().Hash() {
			return nil, fmt.Errorf("opening %s: setup stones and handicap are not supported", path)
		}
		out = append(out, opening{name: n, moves: moves})
	}
	return out, nil
}
