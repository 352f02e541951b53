package match

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
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
			return d, len(d.rows), nil
		}
	}
	for _, p := range props {
		d.header = append(d.header, "# "+p.key+": "+p.value)
	}
	d.header = append(d.header, "#", "#"+strings.Join(datColumns, "\t"))
	return d, 0, d.save()
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
		fmt.Sprintf("%.1f", r.CPU[ia]), fmt.Sprintf("%.1f", r.CPU[ib]), errFlag, strings.Join(strings.Fields(r.Err), " "),
	}
	return strings.Join(cols, "\t")
}

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
