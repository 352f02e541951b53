package sgf

import (
	"io"
	"runtime/debug"
	"strconv"

	"github.com/yunzi-go/yunzi/rules"
)

// Write writes g as an SGF game record that GNU Go's loadsgf, other
// readers and Load read back: FF[4], the size, the komi, RU[Chinese] (the
// rules Yunzi plays), the handicap, the players, date and root comment of
// info, the stones set up before the first move (as AB and AW in the root),
// every move, setup stones placed later (AB, AW, AE in a node of their
// own), PL where the player to move is not the one a reader would expect,
// and RE when info.Result is not empty. The size, komi and handicap are
// those of g; info's are not used.
func Write(w io.Writer, g *rules.Game, info GameInfo) error {
	return WriteTrees(w, []*Node{Tree(g, info)})
}

// Tree returns the game tree Write writes: a root node with the game
// information and the first setup, then a node per move or later setup.
func Tree(g *rules.Game, info GameInfo) *Node {
	size := g.Size()
	root := rootNode(g, info)
	last, prev := root, g.Start()
	// toMove is the player a reader expects to move: Black, or White after
	// a handicap, then the opponent of each move.
	toMove := rules.Black
	if g.Handicap() > 0 {
		toMove = rules.White
	}
	var setupFrom *rules.Board // the position before the setup being gathered
	flush := func(s rules.Step) {
		addSetup(last, setupFrom, prev, size)
		if s.ToMove != toMove {
			last.Set("PL", s.ToMove.Letter())
			toMove = s.ToMove
		}
		setupFrom = nil
	}
	steps := g.Steps()
	for i, s := range steps {
		if s.Setup {
			if setupFrom == nil {
				setupFrom = prev
				if last != root || i > 0 {
					last = last.AddChild(NewNode())
				}
			}
			prev = s.Board
			if i+1 == len(steps) || !steps[i+1].Setup {
				flush(s)
			}
			continue
		}
		last = last.AddChild(moveNode(s.Move, size))
		prev, toMove = s.Board, s.Move.Color.Opponent()
	}
	if g.ToMove() != toMove {
		// The player to move was set after the last step (GTP lets one
		// colour play twice; SGF records it as PL).
		if last != root {
			last = last.AddChild(NewNode())
		}
		last.Set("PL", g.ToMove().Letter())
	}
	return root
}

// rootNode returns the root node of the record of g, without setup.
func rootNode(g *rules.Game, info GameInfo) *Node {
	app := info.Application
	if app == "" {
		app = "Yunzi:" + buildVersion()
	}
	root := NewNode(
		Property{"FF", []string{"4"}},
		Property{"GM", []string{"1"}},
		Property{"CA", []string{"UTF-8"}},
		Property{"AP", []string{app}},
		Property{"SZ", []string{strconv.Itoa(g.Size())}},
		Property{"KM", []string{strconv.FormatFloat(g.Komi, 'f', -1, 64)}},
		Property{"RU", []string{"Chinese"}},
	)
	if g.Handicap() > 0 {
		root.Set("HA", strconv.Itoa(g.Handicap()))
	}
	for _, p := range []Property{
		{"PB", []string{info.PlayerBlack}},
		{"PW", []string{info.PlayerWhite}},
		{"DT", []string{info.Date}},
		{"RE", []string{info.Result}},
		{"C", []string{info.Comment}},
	} {
		if p.Values[0] != "" {
			root.Set(p.ID, p.Values...)
		}
	}
	return root
}

// buildVersion returns the version of the main module as the build
// recorded it, or "devel".
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func moveNode(m rules.Move, size int) *Node {
	return NewNode(Property{m.Color.Letter(), []string{m.Point.SGF(size)}})
}

// addSetup adds to n the AB, AW and AE properties that turn position from
// (nil for the empty board) into to.
func addSetup(n *Node, from, to *rules.Board, size int) {
	var lists [3][]string // indexed by colour: AE, AB, AW
	for _, p := range to.Points() {
		was := rules.Empty
		if from != nil {
			was = from.At(p)
		}
		if c := to.At(p); c != was {
			lists[c] = append(lists[c], p.SGF(size))
		}
	}
	for c, id := range [3]string{"AE", "AB", "AW"} {
		if len(lists[c]) > 0 {
			n.Set(id, lists[c]...)
		}
	}
}
