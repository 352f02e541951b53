package regress

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
)

// writeTranscript writes a file's GTP session as HTML.
func writeTranscript(path, test, text string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<html>\n<head>\n<title>Output: %s</title>\n</head>\n<body>\n<h1>Output: %s</h1>\n<pre>\n%s</pre>\n</body>\n</html>\n",
		html.EscapeString(test), html.EscapeString(test), html.EscapeString(text))
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// writeSummaries writes index.html (a table per file) and summary.dat
// (gogui-regress's totals line) into dir.
func writeSummaries(dir string, cfg *Config, res *Result, names []string) error {
	var b strings.Builder
	b.WriteString("<html>\n<head>\n<title>Regression Test Summary</title>\n</head>\n<body>\n<h1>Regression Test Summary</h1>\n")
	fmt.Fprintf(&b, "<p>Command: <tt>%s</tt></p>\n", html.EscapeString(cfg.Engine))
	b.WriteString("<table border=\"1\">\n<tr><th>File</th><th>Tests</th><th>FAIL</th><th>fail</th><th>PASS</th><th>pass</th><th>Error</th><th>Time</th></tr>\n")
	row := func(name, link string, s Summary) {
		cell := html.EscapeString(name)
		if link != "" {
			cell = fmt.Sprintf("<a href=\"%s\">%s</a>", html.EscapeString(link), cell)
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%.1f</td></tr>\n",
			cell, s.Tests, s.UnexpectedFail, s.ExpectedFail, s.UnexpectedPass, s.ExpectedPass, s.Errors, s.Time.Seconds())
	}
	for i, s := range res.Files {
		row(s.File, names[i]+".out.html", s)
	}
	row("Total", "", res.Total())
	b.WriteString("</table>\n</body>\n</html>\n")
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(b.String()), 0o644); err != nil {
		return err
	}
	t := res.Total()
	dat := fmt.Sprintf("#Tests\tFAIL\tfail\tPASS\tpass\tError\tTime\tCpuTime\n%d\t%d\t%d\t%d\t%d\t%d\t%.1f\t%.1f\t\n",
		t.Tests, t.UnexpectedFail, t.ExpectedFail, t.UnexpectedPass, t.ExpectedPass, t.Errors, t.Time.Seconds(), 0.0)
	return os.WriteFile(filepath.Join(dir, "summary.dat"), []byte(dat), 0o644)
}
