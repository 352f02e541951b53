package match

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/yunzi-go/yunzi/rules"
	"github.com/yunzi-go/yunzi/sgf"
)

// sgfInfo is what a game record says besides the moves.
type sgfInfo struct {
	labels   [2]string // engine playing black, white
	commands [2]string
	versions [2]string
	referee  string
	scoring  string
	time     string
}

// writeSGF writes a game to path: players, result, the runner's notes
// in the root comment, the time of each move as its comment, the time
// left as BL/WL (and OB/OW in overtime), and how the game ended on the
// last node.
func writeSGF(path string, r *Record, cfg *Config, info sgfInfo) error {
	gi := sgf.GameInfo{
		Size: cfg.Size, Komi: cfg.Komi, Rules: "Chinese",
		PlayerBlack: info.labels[0], PlayerWhite: info.labels[1],
		Date: dateString()[:10], Application: "Yunzi match",
		Comment: rootComment(r, info),
	}
	if r.Result != "?" && r.Result != "" {
		gi.Result = r.Result
	}
	root := sgf.Tree(r.Game, gi)
	nodes := root.MainLine()
	last := nodes[len(nodes)-1]
	n := 0
	for _, nd := range nodes[1:] {
		c := rules.Black
		if _, ok := nd.Get("B"); !ok {
			if _, ok := nd.Get("W"); !ok {
				continue
			}
			c = rules.White
		}
		n++
		if note := r.notes[n]; note != "" {
			nd.Set("C", note)
		}
		if left, ok := r.left[n]; ok {
			nd.Set(c.Letter()+"L", strconv.FormatFloat(left[0], 'f', 1, 64))
			if left[1] > 0 {
				nd.Set("O"+c.Letter(), strconv.Itoa(int(left[1])))
			}
		}
	}
	end := fmt.Sprintf("Game over: %s (%s)", r.Result, r.Reason)
	if r.Err != "" {
		end += "\n" + r.Err
	}
	if r.Dispute != "" {
		end += "\nDisputed: " + r.Dispute
	}
	if c := last.Value("C"); c != "" && last != root {
		end = c + "\n" + end
	}
	if last != root {
		last.Set("C", end)
	}
	var b strings.Builder
	if err := sgf.WriteTrees(&b, []*sgf.Node{root}); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func rootComment(r *Record, info sgfInfo) string {
	lines := []string{
		"Black command: " + info.commands[0],
		"White command: " + info.commands[1],
		"Black version: " + info.versions[0],
		"White version: " + info.versions[1],
	}
	if r.Opening != "" {
		lines = append(lines, "Opening: "+r.Opening)
	}
	lines = append(lines, "Result[Black]: "+r.ResBlack, "Result[White]: "+r.ResWhite)
	if info.referee != "" {
		lines = append(lines, "Referee: "+info.referee, "Result[Referee]: "+r.ResReferee)
	}
	if r.Count != "" {
		lines = append(lines, "Count with every stone alive: "+r.Count)
	}
	lines = append(lines, "Scoring: "+info.scoring, "Time: "+info.time, "End: "+r.Reason.String())
	if r.Dispute != "" {
		lines = append(lines, "Disputed: "+r.Dispute)
	}
	if r.Err != "" {
		lines = append(lines, "Error: "+r.Err)
	}
	lines = append(lines, "Host: "+hostInfo(), "Date: "+dateString())
	return strings.Join(lines, "\n")
}
