package sgf

import (
	"fmt"
	"io"
	"runtime/debug"
	"strconv"

	"github.com/yunzi-go/yunzi/rules"
)

// Write writes g as an SGF game record that GNU Go's loadsgf, other
// readers and Load read back: FF[4], the size, the komi, RU[Chinese] (the
// rules Yunzi plays), the handicap, the players, date and root comment of
// info, the stones set up before the first move (as AB and AW in the root),
// every move, and RE when info.Result is not empty. The size, komi and
// handicap are those of g; info's are not used.
//
// Write needs g to itself while it runs: the rules package does not expose
// the position the moves start from, so Write undoes the moves to find it
// and replays them, leaving g as it found it.
func Write(w io.Writer, g *rules.Game, info GameInfo) error {
	root, err := Tree(g, info)
	if err != nil {
		return err
	}
	return WriteTrees(w, []*Node{root})
}

// Tree returns the game tree Write writes: a root node with the game
// information and setup, followed by a node per move. Like Write, it
// undoes and replays the moves of g, leaving g as it found it.
func Tree(g *rules.Game, info GameInfo) (*Node, error) {
	h, err := history(g)
	if err != nil {
		return nil, err
	}
	size := g.Size()
	root := rootNode(g, info)
	last := root
	toMove := rules.Black
	if g.Handicap() > 0 {
		toMove = rules.White
	}
	if h.early != nil {
		// The moves before a setup in the middle of the game.
		for _, m := range h.early {
			last = last.AddChild(moveNode(m, size))
		}
		toMove = h.earlyEnd.ToMove()
		last = last.AddChild(NewNode())
	}
	addSetup(last, h.from, h.start, size)
	if h.startToMove != toMove {
		last.Set("PL", h.startToMove.Letter())
	}
	toMove = h.startToMove
	for _, m := range h.moves {
		last = last.AddChild(moveNode(m, size))
		toMove = m.Color.Opponent()
	}
	if g.ToMove() != toMove {
		if len(h.moves) > 0 {
			last = last.AddChild(NewNode())
		}
		last.Set("PL", g.ToMove().Letter())
	}
	return root, nil
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

// gameHistory is what history recovers of a game: the position its last
// run of moves starts from and those moves, and what came before.
type gameHistory struct {
	start       *rules.Board // the position after the last setup
	startToMove rules.Color
	moves       []rules.Move // the moves played from start
	// When setup stones were placed after some moves, early holds those
	// moves and earlyEnd the game they lead to from the empty board, from
	// is its position, and start is reached from it by setup. Otherwise
	// early and from are nil.
	early    []rules.Move
	earlyEnd *rules.Game
	from     *rules.Board
}

// history recovers the history of g by undoing its moves as far as the
// last setup and replaying them. The rules package only records setup
// positions, not the stones placed, so if there were moves before the last
// setup, history replays them from the empty board and keeps them if they
// lead to a position that occurred in g; if they do not (the game began
// from a setup position too), they are lost and the record starts at the
// last setup.
func history(g *rules.Game) (gameHistory, error) {
	all := g.Moves()
	resigned, toMove := g.Resigned(), g.ToMove()
	n := 0
	for g.Undo() == nil {
		n++
	}
	h := gameHistory{start: g.Board().Clone(), startToMove: g.ToMove(), moves: all[len(all)-n:]}
	// Replay under situational superko, which forbids no move that
	// positional superko allows: the moves were played under one or the
	// other, and an option may have changed since.
	superko := g.Superko
	g.Superko = rules.Situational
	defer func() { g.Superko = superko }()
	for _, m := range h.moves {
		if err := g.Play(m); err != nil {
			return h, fmt.Errorf("sgf: replaying %v after undoing it: %w", m, err)
		}
	}
	g.SetToMove(toMove)
	if resigned != rules.Empty {
		g.Resign(resigned)
	}
	if early := all[:len(all)-n]; len(early) > 0 && g.Handicap() == 0 {
		h.recoverEarly(g, early)
	}
	return h, nil
}

// recoverEarly replays the moves played before the last setup of g from
// the empty board, keeping them if the position they lead to occurred in g.
func (h *gameHistory) recoverEarly(g *rules.Game, early []rules.Move) {
	opts := g.Options
	opts.Superko = rules.Situational
	e, err := rules.NewGame(g.Size(), opts)
	if err != nil {
		return
	}
	for _, m := range early {
		if e.Play(m) != nil {
			return
		}
	}
	if g.Repeats(e.Board().Hash(), e.ToMove()) {
		h.early, h.earlyEnd, h.from = early, e, e.Board()
	}
}
