package regress

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/yunzi-go/yunzi/gtp/client/clienttest"
)

func TestMain(m *testing.M) {
	clienttest.Run()
	os.Exit(m.Run())
}

// writeSuite writes files into a fresh folder and returns its path.
func writeSuite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	return dir
}

const suiteText = `# a suite for the fake engine
boardsize 5
clear_board
play b C3
play w D3
# setup that fails: an error, not a test
play b C3

10 is_legal b C3
#? [false]

20 is_legal b B2
#? [true|maybe]

30 echo C3
#? [C3|D4]

40 echo E5
#? [!C3|D4]

50 echo C3
#? [D4]*

60 echo A1
#? [B2]*

70 echo B2
#? [B]

80 reg_genmove b
#? [.*]

90 frobnicate
#? [.*]

100 echo no pattern

110 frobnicate

120 echo two words
#? [two words]

130 loadsgf games/g.sgf 2
#? []

140 is_legal w B2
#? [false]
`

func TestVerdictsLikeGoguiRegress(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"suite.tst":   suiteText,
		"games/g.sgf": "(;FF[4]SZ[5];B[bd];W[dd])",
	})
	var out bytes.Buffer
	res, err := Run(Config{Engine: clienttest.Command(), Files: []string{filepath.Join(dir, "suite.tst")}, Out: &out})
	require.NoError(t, err)
	s := res.Files[0]
	// Tests: 10 pass, 20 pass, 30 pass, 40 pass, 50 expected fail,
	// 60 expected fail, 70 FAIL (whole-response match), 80 pass, 90 FAIL
	// (a ? response fails even against .*), 100 pass, 110 FAIL, 120 pass,
	// 130 pass, 140 pass.
	want := Summary{Tests: 14, UnexpectedFail: 3, ExpectedFail: 2, UnexpectedPass: 0, ExpectedPass: 9, Errors: 1}
	// The counts only: the file's name, the engine's and the times vary.
	counts := Summary{Tests: s.Tests, UnexpectedFail: s.UnexpectedFail, ExpectedFail: s.ExpectedFail,
		UnexpectedPass: s.UnexpectedPass, ExpectedPass: s.ExpectedPass, Errors: s.Errors}
	assert.Equal(t, want, counts, "summary = %+v\noutput:\n%s", s, out.String())
	assert.Positive(t, s.Time, "summary time, want the time the file took")
	for _, line := range []string{
		"70 unexpected FAIL: Correct 'B', got 'B2'\n",
		"90 unexpected FAIL: Correct '.*', got 'unknown command'\n",
		"110 unexpected FAIL: 'unknown command'\n",
		"suite.tst: 14 tests, 3 FAIL, 2 fail, 0 PASS, 9 pass, 1 errors,",
	} {
		assert.Contains(t, out.String(), line, "output")
	}
	assert.NotContains(t, out.String(), " 10 ", "expected passes printed without -long")
	assert.NotContains(t, out.String(), "\n30 ", "expected passes printed without -long")
	assert.Equal(t, 1, res.ExitCode(), "exit code")
}

func TestUnexpectedPassAndLongOutput(t *testing.T) {
	dir := writeSuite(t, map[string]string{"a.tst": "1 echo C3\n#? [C3]*\n2 echo D4\n#? [D4]\n3 echo x\n#? [y]*\n"})
	var out bytes.Buffer
	res, err := Run(Config{Engine: clienttest.Command(), Files: []string{filepath.Join(dir, "a.tst")}, Out: &out, Long: true})
	require.NoError(t, err)
	for _, line := range []string{"1 PASSED\n", "2 passed\n", "3 failed: Correct 'y', got 'x'\n"} {
		assert.Contains(t, out.String(), line, "long output")
	}
	assert.Equal(t, 0, res.ExitCode(), "exit code, want 0 (an unexpected pass is no failure)")
}

func TestEngineDeathAndOutputDir(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"dies.tst": "1 echo a\n#? [a]\n2 die\n#? [x]\n3 echo b\n#? [b]\n",
		"ok.tst":   "1 echo a\n#? [a]\n",
		"list":     "dies.tst\nok.tst\n",
	})
	outDir := filepath.Join(t.TempDir(), "out")
	var out bytes.Buffer
	// Run from the suite folder so the @list's relative names resolve.
	wd, _ := os.Getwd()
	require.NoError(t, os.Chdir(dir))
	defer os.Chdir(wd)
	res, err := Run(Config{Engine: clienttest.Command(), Files: []string{"@list"}, Out: &out, OutputDir: outDir})
	require.NoError(t, err)
	if assert.Len(t, res.Files, 2, "files = %+v", res.Files) {
		assert.True(t, res.Files[0].Died, "files = %+v", res.Files)
		assert.Equal(t, 2, res.Files[0].Tests, "files = %+v", res.Files)
		assert.Equal(t, 1, res.Files[1].ExpectedPass, "files = %+v", res.Files)
	}
	assert.Equal(t, 2, res.ExitCode(), "exit code")
	assert.Contains(t, out.String(), "dies.tst 2 unexpected FAIL: engine died", "output")
	assert.Contains(t, out.String(), "engine died at '2 die'", "output")
	dat, err := os.ReadFile(filepath.Join(outDir, "summary.dat"))
	if assert.NoError(t, err, "summary.dat") {
		assert.True(t, strings.HasPrefix(string(dat), "#Tests\tFAIL\tfail\tPASS\tpass\tError\tTime\tCpuTime\n3\t1\t0\t0\t2\t0\t"), "summary.dat = %q", dat)
	}
	for _, f := range []string{"index.html", "dies.out.html", "ok.out.html"} {
		_, err := os.Stat(filepath.Join(outDir, f))
		assert.NoError(t, err)
	}
}

func TestGTPFileAndBadPattern(t *testing.T) {
	dir := writeSuite(t, map[string]string{
		"a.tst":    "1 is_legal b A1\n#? [false]\n",
		"init.gtp": "# put a stone on A1\nboardsize 5\nplay b A1\n",
		"bad.tst":  "1 echo a\n#? a\n",
	})
	res, err := Run(Config{Engine: clienttest.Command(), Files: []string{filepath.Join(dir, "a.tst")}, GTPFile: filepath.Join(dir, "init.gtp")})
	if assert.NoError(t, err, "with -gtpfile: %+v", res) {
		assert.Equal(t, 1, res.Files[0].ExpectedPass, "with -gtpfile: %+v", res)
	}
	_, err = Run(Config{Engine: clienttest.Command(), Files: []string{filepath.Join(dir, "bad.tst")}})
	assert.Error(t, err, "a pattern without brackets was accepted")
	_, err = Run(Config{Engine: clienttest.Command(), Files: []string{filepath.Join(dir, "missing.tst")}})
	assert.Error(t, err, "a missing file was accepted")
}

func TestPatternSemantics(t *testing.T) {
	tests := []struct {
		pattern, response string
		pass              bool
	}{
		{"[C3|D4]", "C3", true},
		{"[C3|D4]", "D4", true},
		{"[C3|D4]", "C3 D4", false},
		{"[(C3|D4)]", "D4", true},
		{"[!C3|D4]", "E5", true},
		{"[!C3|D4]", "D4", false},
		{"[PASS]", "PASS", true},
		{"[PASS]", "pass", false},
		{"[B+.*]", "B+3.5", true},
		{"[ C3 ]", "C3", true},
		{"[alive.*]", "alive\nA1 B2", true},
	}
	for _, tt := range tests {
		v, err := parsePattern(tt.pattern)
		require.NoError(t, err, "parsePattern(%q)", tt.pattern)
		assert.Equal(t, tt.pass, v.re.MatchString(tt.response) != v.negate, "%s against %q: pass", tt.pattern, tt.response)
	}
}
