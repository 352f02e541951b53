package match

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/yunzi-go/yunzi/rules"
)

// datColumns are gogui-twogtp's columns, in its order.
var datColumns = []string{"GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN", "TIME_B", "TIME_W", "CPU_B", "CPU_W", "ERR", "ERR_MSG"}

// datFile is the results table PREFIX.dat in gogui-twogtp's format:
// "# Key: value" lines, a "#" line, the column line "#GAME\tRES_B...", then
// a tab-separated row per game.
type datFile struct {
	path   string
	header []string       // the lines before the rows, column line included
	rows   map[int]string // by game index
}

// property is one "# Key: value" header line.
type property struct{ key, value string }

// openDat reads an existing table to resume it (unless force), or starts
// a new one with the given header properties. It returns the table and
// the number of games it already holds.
func openDat(path string, force bool, props []property) (*datFile, int, error) {
	d := &datFile{path: path, rows: map[int]string{}}
	if !force {
		f, err := os.Open(path)
		if err == nil {
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for sc.Scan() {
				line := sc.Text()
				if strings.HasPrefix(line, "#") {
					d.header = append(d.header, line)
					continue
				}
				if strings.TrimSpace(line) == "" {
					continue
				}
				first, _, _ := strings.Cut(line, "\t")
				n, err := strconv.Atoi(first)
				if err != nil || n < 0 {
					return nil, 0, fmt.Errorf("%s: invalid row %q", path, line)
				}
				d.rows[n] = line
			}
			if err := sc.Err(); err != nil {
				return nil, 0, err
			}
			if err := d.sameSettings(props); err != nil {
				return nil, 0, err
			}
			return d, len(d.rows), nil
		}
	}
	for _, p := range props {
		d.header = append(d.header, "# "+p.key+": "+p.value)
	}
	d.header = append(d.header, "#", "#"+strings.Join(datColumns, "\t"))
	return d, 0, d.save()
}

// settingKeys are the header properties a resumed match must share with
// the table: what the engines are and how the games are played and
// scored. Names, versions, date and host may differ. A property the
// runner writes only when it is set (Handicap, Openings, Alternate,
// RefereeCommand) is compared as "" when absent.
var settingKeys = []string{"BlackCommand", "WhiteCommand", "RefereeCommand", "Size", "Komi", "Handicap",
	"Alternate", "Openings", "TimeControl", "Scoring", "MaxMoves"}

// sameSettings refuses to resume a table whose header records other
// settings than props: its games would be counted with games of another
// kind.
func (d *datFile) sameSettings(props []property) error {
	had := map[string]string{}
	for _, h := range d.header {
		if k, v, ok := strings.Cut(strings.TrimPrefix(h, "# "), ": "); ok && strings.HasPrefix(h, "# ") {
			had[k] = v
		}
	}
	want := map[string]string{}
	for _, p := range props {
		want[p.key] = p.value
	}
	var diffs []string
	for _, k := range settingKeys {
		if had[k] != want[k] {
			diffs = append(diffs, fmt.Sprintf("%s %q there, %q here", k, had[k], want[k]))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("%s holds a match with other settings (%s): run it with the same ones to resume it, "+
			"or use -force to start it over, or another -sgffile", d.path, strings.Join(diffs, "; "))
	}
	return nil
}

// earlier returns the records of the games the table holds, as far as a
// row tells them: results, colours, length, how each ended and the
// dispute over its result, not the moves' times.
func (d *datFile) earlier() ([]*Record, error) {
	keys := make([]int, 0, len(d.rows))
	for k := range d.rows {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var recs []*Record
	for _, k := range keys {
		r, err := recordOf(d.rows[k])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
		recs = append(recs, r)
	}
	return recs, nil
}

// recordOf reads a row back into the record datRow wrote it from.
func recordOf(row string) (*Record, error) {
	cols := strings.Split(row, "\t")
	if len(cols) != len(datColumns) {
		return nil, fmt.Errorf("row %q has %d columns, not %d", row, len(cols), len(datColumns))
	}
	get := func(name string) string { return cols[slices.Index(datColumns, name)] }
	idx, err := strconv.Atoi(get("GAME"))
	if err != nil {
		return nil, fmt.Errorf("row %q: game %q", row, get("GAME"))
	}
	moves, _ := strconv.Atoi(get("LEN"))
	r := &Record{Index: idx, Alternated: get("ALT") == "1", Moves: moves, Dup: get("DUP")}
	r.ResBlack, r.ResWhite, r.ResReferee = get("RES_B"), get("RES_W"), get("RES_R")
	if r.Alternated {
		r.ResBlack, r.ResWhite, r.ResReferee = swapColors(get("RES_W")), swapColors(get("RES_B")), swapColors(get("RES_R"))
	}
	msg := get("ERR_MSG")
	if i := strings.Index(msg, disputePrefix); i >= 0 {
		r.Dispute = msg[i+len(disputePrefix):]
		msg = strings.TrimSuffix(strings.TrimSpace(msg[:i]), ";")
	}
	if get("ERR") == "1" {
		r.Err = msg
	}
	r.Result = r.ResReferee
	w, ok := winnerOf(r.Result)
	if !ok {
		r.Result, w = "?", rules.Empty
	}
	r.Winner = w
	r.Reason = reasonOf(r.Result, r.Err)
	if r.Reason != EndScored && r.Reason != EndMoveLimit {
		r.Loser = w.Opponent()
	}
	return r, nil
}

// reasonOf tells how a game ended from its result and error message, the
// way game.end and game.loop write them.
func reasonOf(result, msg string) Reason {
	switch {
	case strings.HasSuffix(result, "+R"):
		return EndResign
	case strings.HasSuffix(result, "+T"):
		return EndTime
	case strings.HasSuffix(result, "+F"):
		switch {
		case strings.Contains(msg, "illegal") || strings.Contains(msg, "answered"):
			return EndIllegal
		case strings.Contains(msg, "refused") || strings.Contains(msg, "did not answer") || strings.Contains(msg, "failed genmove"):
			return EndNoAnswer
		}
		return EndCrash
	case strings.Contains(msg, "move limit"):
		return EndMoveLimit
	}
	return EndScored
}

// nextIndex returns the first game number after the rows already written.
func (d *datFile) nextIndex() int {
	next := 0
	for n := range d.rows {
		next = max(next, n+1)
	}
	return next
}

// add records a game and rewrites the file.
func (d *datFile) add(r *Record) error {
	d.rows[r.Index] = datRow(r)
	return d.save()
}

// save writes the table to a temporary file and renames it over the old.
func (d *datFile) save() error {
	var b strings.Builder
	for _, h := range d.header {
		b.WriteString(h + "\n")
	}
	keys := make([]int, 0, len(d.rows))
	for k := range d.rows {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		b.WriteString(d.rows[k] + "\n")
	}
	tmp := d.path + ".new"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, d.path)
}

// datRow returns a game's row. As in gogui-twogtp, results and times are
// those of the command line's Black engine (RES_B, TIME_B, CPU_B) and
// White engine; results are written with the colours exchanged in the
// games where those engines exchanged colours (ALT 1), so that "B+"
// always means a win of the -black engine.
func datRow(r *Record) string {
	ia, ib := 0, 1
	if r.Alternated {
		ia, ib = 1, 0
	}
	res := [3]string{r.ResBlack, r.ResWhite, r.ResReferee}
	if r.Alternated {
		res = [3]string{swapColors(r.ResWhite), swapColors(r.ResBlack), swapColors(r.ResReferee)}
	}
	alt, errFlag := "0", "0"
	if r.Alternated {
		alt = "1"
	}
	if r.Err != "" {
		errFlag = "1"
	}
	dup := r.Dup
	if dup == "" {
		dup = "-"
	}
	cols := []string{
		strconv.Itoa(r.Index), clean(res[0]), clean(res[1]), clean(res[2]), alt, dup, strconv.Itoa(r.Moves),
		fmt.Sprintf("%.1f", totalTime(r.MoveTimes[ia]).Seconds()), fmt.Sprintf("%.1f", totalTime(r.MoveTimes[ib]).Seconds()),
		fmt.Sprintf("%.1f", r.CPU[ia]), fmt.Sprintf("%.1f", r.CPU[ib]), errFlag, errMsg(r),
	}
	return strings.Join(cols, "\t")
}

// errMsg is the ERR_MSG column: what went wrong, then the dispute over
// the result, if any, on one line.
func errMsg(r *Record) string {
	msg := r.Err
	if r.Dispute != "" {
		if msg != "" {
			msg += "; "
		}
		msg += disputePrefix + r.Dispute
	}
	return strings.Join(strings.Fields(msg), " ")
}

// disputePrefix starts the dispute in ERR_MSG.
const disputePrefix = "disputed: "

// clean keeps a value on one line and in one column.
func clean(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "?"
	}
	return s
}

// hostInfo is gogui's host description: name and platform.
func hostInfo() string {
	h, err := os.Hostname()
	if err != nil {
		h = "?"
	}
	return fmt.Sprintf("%s (%s %s)", h, runtime.GOARCH, runtime.GOOS)
}

func dateString() string { return time.Now().Format("2006-01-02 15:04:05 MST") }
