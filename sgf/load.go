package sgf

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
)

// DefaultSize is the board size of a game whose root has no SZ property.
const DefaultSize = 19

// GameInfo is what a record says about its game besides the moves: the
// root node's game-info properties.
type GameInfo struct {
	Size        int     // SZ; DefaultSize when absent
	Komi        float64 // KM; the options' komi when absent
	Handicap    int     // HA, the number of handicap stones announced
	Rules       string  // RU
	Result      string  // RE, as "B+3.5", "W+R", "0"
	PlayerBlack string  // PB
	PlayerWhite string  // PW
	Date        string  // DT
	Comment     string  // C of the root node
	// Application is AP, "name:version" of the program that wrote the
	// record. Write uses "Yunzi" and the build's version when it is empty.
	Application string
}

// Record is a game loaded from SGF: the game, up to the move asked for, and
// its game information.
type Record struct {
	Game *rules.Game
	Info GameInfo
}

// Load plays the first game of an SGF collection into a new rules.Game and
// returns it with the game's information.
//
// It follows the main line, applying SZ (1 to rules.MaxSize, default 19), KM
// (which overrides opts.Komi when present) and HA from the root, the setup
// properties AB, AW, AE and PL from any node, and the moves B and W (a pass
// is "" or, on boards up to 19x19, "tt"). Black stones set up in the root
// in the number HA announces become the game's handicap, with White to
// move.
//
// If moveNumber is positive, Load stops before the move with that number
// (counting from 1; setup nodes are not moves) and leaves that move's
// player to move, as GTP's "loadsgf file N" does; a number past the end
// loads the whole main line. Otherwise it loads the whole main line.
//
// A move the rules refuse (an occupied point, suicide, ko) is an error
// naming the move at fault, as are an invalid setup (naming the node) and
// an invalid game-info value. The one exception is superko: records of
// games played under rules without it (Japanese rules, say) repeat
// positions, so a move that repeats a position with the other player to
// move is played as situational superko allows, whatever opts.Superko
// says; only a repetition that even situational superko forbids is an
// error.
func Load(data []byte, opts rules.Options, moveNumber int) (*Record, error) {
	roots, err := Parse(data)
	if err != nil {
		return nil, err
	}
	return LoadTree(roots[0], opts, moveNumber)
}

// LoadTree is Load for a game tree already parsed.
func LoadTree(root *Node, opts rules.Options, moveNumber int) (*Record, error) {
	info, err := readInfo(root, opts.Komi)
	if err != nil {
		return nil, err
	}
	opts.Komi = info.Komi
	g, err := rules.NewGame(info.Size, opts)
	if err != nil {
		return nil, fmt.Errorf("sgf: %w", err)
	}
	l := loader{game: g, info: &info}
	moves := 0
	for i, n := range root.MainLine() {
		if err := l.setup(n, i == 0); err != nil {
			return nil, fmt.Errorf("sgf: node %d: %w", i, err)
		}
		for _, c := range [2]rules.Color{rules.Black, rules.White} {
			v, ok := n.Props[c.Letter()]
			if !ok {
				continue
			}
			moves++
			m, err := l.move(c, v)
			if err != nil {
				return nil, fmt.Errorf("sgf: move %d: %w", moves, err)
			}
			if moves == moveNumber {
				g.SetToMove(c)
				return &Record{Game: g, Info: info}, nil
			}
			if err := play(g, m); err != nil {
				return nil, fmt.Errorf("sgf: move %d: %w", moves, err)
			}
		}
	}
	return &Record{Game: g, Info: info}, nil
}

// play plays m in g. A move refused only because it repeats a position
// with the other player to move is played anyway under situational
// superko: records of games played under rules without superko (Japanese
// rules, say) hold such moves, and GNU Go's regression suites load them.
func play(g *rules.Game, m rules.Move) error {
	err := g.Play(m)
	if errors.Is(err, rules.ErrSuperko) && g.Superko == rules.Positional {
		g.Superko = rules.Situational
		err = g.Play(m)
		g.Superko = rules.Positional
	}
	return err
}

// readInfo reads the game information of root.
func readInfo(root *Node, komi float64) (GameInfo, error) {
	info := GameInfo{
		Size:        DefaultSize,
		Komi:        komi,
		Rules:       root.Value("RU"),
		Result:      root.Value("RE"),
		PlayerBlack: root.Value("PB"),
		PlayerWhite: root.Value("PW"),
		Date:        root.Value("DT"),
		Application: root.Value("AP"),
	}
	info.Comment, _ = root.Get("C")
	if gm, ok := root.Get("GM"); ok && strings.TrimSpace(gm) != "1" {
		return info, fmt.Errorf("sgf: GM[%s] is not a game of Go", gm)
	}
	if sz, ok := root.Get("SZ"); ok {
		s := strings.TrimSpace(sz)
		if w, h, rect := strings.Cut(s, ":"); rect {
			if strings.TrimSpace(w) != strings.TrimSpace(h) {
				return info, fmt.Errorf("sgf: SZ[%s]: rectangular boards are not supported", sz)
			}
			s = strings.TrimSpace(w)
		}
		n, err := strconv.Atoi(s)
		if err != nil || !rules.ValidSize(n) {
			return info, fmt.Errorf("sgf: SZ[%s]: board size must be 1 to %d", sz, rules.MaxSize)
		}
		info.Size = n
	}
	if km, ok := root.Get("KM"); ok && strings.TrimSpace(km) != "" {
		k, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(km), ",", "."), 64)
		if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
			return info, fmt.Errorf("sgf: KM[%s]: komi is not a number", km)
		}
		info.Komi = k
	}
	if ha, ok := root.Get("HA"); ok && strings.TrimSpace(ha) != "" {
		n, err := strconv.Atoi(strings.TrimSpace(ha))
		if err != nil || n < 0 || n > info.Size*info.Size {
			return info, fmt.Errorf("sgf: HA[%s]: invalid handicap", ha)
		}
		info.Handicap = n
	}
	return info, nil
}

// parsePlayer reads the value of PL: "B" or "W", or the "1" and "2" of
// FF[1] files, in any case and with any white space around.
func parsePlayer(v string) (rules.Color, error) {
	switch strings.ToUpper(strings.TrimSpace(v)) {
	case "B", "1", "BLACK":
		return rules.Black, nil
	case "W", "2", "WHITE":
		return rules.White, nil
	}
	return rules.Empty, fmt.Errorf("PL[%s]: want B or W", v)
}

// loader plays a record's nodes into a game.
type loader struct {
	game *rules.Game
	info *GameInfo
}

// move returns the move of colour c with the values of a B or W property.
func (l *loader) move(c rules.Color, values []string) (rules.Move, error) {
	if len(values) != 1 {
		return rules.Move{}, fmt.Errorf("%s has %d values, want 1", c.Letter(), len(values))
	}
	p, err := rules.ParseSGFPoint(strings.TrimSpace(values[0]), l.info.Size)
	if err != nil {
		return rules.Move{}, fmt.Errorf("%s[%s]: %w", c.Letter(), values[0], err)
	}
	return rules.Move{Color: c, Point: p}, nil
}

// setup applies the AB, AW, AE and PL properties of n. In the root, black
// stones in the number HA announces are placed as handicap.
func (l *loader) setup(n *Node, root bool) error {
	var lists [3][]rules.Point // indexed by colour: AE, AB, AW
	for c, id := range [3]string{"AE", "AB", "AW"} {
		pts, err := l.points(id, n.Props[id])
		if err != nil {
			return err
		}
		lists[c] = pts
	}
	g := l.game
	ab := lists[rules.Black]
	if root && len(ab) >= 2 && len(ab) == l.info.Handicap && g.Board().StoneCount(rules.Black)+g.Board().StoneCount(rules.White) == 0 {
		if err := g.SetHandicap(ab); err != nil {
			return fmt.Errorf("AB as handicap: %w", err)
		}
		lists[rules.Black] = nil
	}
	if err := l.place(lists); err != nil {
		return err
	}
	if pl, ok := n.Get("PL"); ok {
		c, err := parsePlayer(pl)
		if err != nil {
			return err
		}
		g.SetToMove(c)
	}
	return nil
}

// place sets up the points of lists (indexed by colour) on the board as
// one setup step, so a node with both AB and AW adds a single position to
// the superko history. On a copy of the board the points that change
// colour are first cleared, then the black stones are added, then the
// white ones: that order fails only if the final position itself has a
// chain without liberties. Points that already have their colour are left
// alone.
func (l *loader) place(lists [3][]rules.Point) error {
	b := l.game.Board()
	var todo [3][]rules.Point
	for c, pts := range lists {
		for _, p := range pts {
			if now := b.At(p); now != rules.Color(c) {
				if now != rules.Empty {
					todo[rules.Empty] = append(todo[rules.Empty], p)
				}
				if c != int(rules.Empty) {
					todo[c] = append(todo[c], p)
				}
			}
		}
	}
	if len(todo[rules.Empty])+len(todo[rules.Black])+len(todo[rules.White]) == 0 {
		return nil
	}
	next := b.Clone()
	for c, pts := range todo {
		if len(pts) == 0 {
			continue
		}
		if err := next.Setup(rules.Color(c), pts); err != nil {
			return fmt.Errorf("setting up %v stones: %w", rules.Color(c), err)
		}
	}
	return l.game.SetupPosition(next)
}

// points reads the values of a setup property: points, and rectangles of
// points written "aa:cc", without repeats.
func (l *loader) points(id string, values []string) ([]rules.Point, error) {
	var pts []rules.Point
	seen := map[rules.Point]bool{}
	for _, v := range values {
		from, to, rect := strings.Cut(strings.TrimSpace(v), ":")
		if !rect {
			to = from
		}
		p, err1 := l.setupPoint(from)
		q, err2 := l.setupPoint(to)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("%s[%s]: %w", id, v, err)
		}
		for y := min(p.Y(), q.Y()); y <= max(p.Y(), q.Y()); y++ {
			for x := min(p.X(), q.X()); x <= max(p.X(), q.X()); x++ {
				if pt := rules.PointAt(x, y); !seen[pt] {
					seen[pt] = true
					pts = append(pts, pt)
				}
			}
		}
	}
	return pts, nil
}

// setupPoint reads one point of a setup property, where a pass makes no
// sense.
func (l *loader) setupPoint(s string) (rules.Point, error) {
	p, err := rules.ParseSGFPoint(strings.TrimSpace(s), l.info.Size)
	if err == nil && p == rules.Pass {
		err = fmt.Errorf("%q is not a point of the %dx%d board", s, l.info.Size, l.info.Size)
	}
	return p, err
}
