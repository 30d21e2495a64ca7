package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/faultloctest"
)

// failedT is the T of a failed test for faultloctest: it keeps what the
// helper logs and runs its cleanups when the test ends.
type failedT struct {
	name     string
	logs     []string
	cleanups []func()
}

func (t *failedT) Name() string     { return t.name }
func (t *failedT) Failed() bool     { return true }
func (t *failedT) Log(args ...any)  { t.logs = append(t.logs, fmt.Sprint(args...)) }
func (t *failedT) Helper()          {}
func (t *failedT) Cleanup(f func()) { t.cleanups = append(t.cleanups, f) }

func (t *failedT) end() {
	for i := len(t.cleanups) - 1; i >= 0; i-- {
		t.cleanups[i]()
	}
}

// rankedLines reads the JSON reports in b and returns the one report's
// ranked lines as "file:line evidence", files made absolute against dir.
func rankedLines(t *testing.T, b []byte, dir string) []string {
	t.Helper()
	var reps []struct {
		Ranking []struct {
			File     string
			Line     int
			Evidence string
		}
	}
	if err := json.Unmarshal(b, &reps); err != nil || len(reps) != 1 {
		t.Fatalf("want one report (%v):\n%s", err, b)
	}
	var out []string
	for _, rl := range reps[0].Ranking {
		f := rl.File
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		out = append(out, filepath.Clean(f)+":"+strconv.Itoa(rl.Line)+" "+rl.Evidence)
	}
	return out
}

// TestExplainSameRanking explains one failing case both ways, with
// faultloctest.ExplainWith and with faultloc localize, and checks that
// the two reports rank the same lines in the same order: the helper by
// default against the command with -native=false (the helper runs
// inside go test, without the native stage unless asked), and the
// helper with Options.Native against the command's defaults.
func TestExplainSameRanking(t *testing.T) {
	// The helper's environment variables unset for both cases, which
	// run at once (each explains its own package).
	t.Setenv(faultloctest.EnvTimeout, "")
	t.Setenv(faultloctest.EnvTags, "")
	t.Setenv(faultloctest.EnvReport, "")
	t.Setenv(faultloctest.EnvFirst, "")
	t.Setenv(faultloctest.EnvNative, "")
	for _, tt := range []struct {
		dir, test, run string
		maxSize        int  // 0: both defaults
		native         bool // the native evidence stage in both
		minLines       int  // the ranking has at least this many lines
	}{
		{dir: "../../faultloctest/testdata/subject", test: "TestAbs/negative", run: "^TestAbs$/^negative$", minLines: 3},
		// ties' tests do not import faultloctest: its native test
		// binary builds in a moment.
		{dir: "../../faultloctest/testdata/ties", test: "TestDist/reversed", run: "^TestDist$/^reversed$", maxSize: 1, native: true, minLines: 3},
	} {
		t.Run(tt.test, func(t *testing.T) {
			t.Parallel()
			wd, _ := os.Getwd()
			args := []string{"localize", "-native=" + strconv.FormatBool(tt.native), "-tags", "faultloc", "-format", "json", "-run", tt.run}
			if tt.maxSize > 0 {
				args = append(args, "-max-size", strconv.Itoa(tt.maxSize))
			}
			var out, errb bytes.Buffer
			if code := run(context.Background(), append(args, tt.dir), &out, &errb); code != 0 {
				t.Fatalf("faultloc localize: exit %d, stderr:\n%s", code, errb.String())
			}
			cmd := rankedLines(t, out.Bytes(), wd)

			reports := t.TempDir()
			ft := &failedT{name: tt.test}
			faultloctest.ExplainWith(ft, &faultloctest.Options{Dir: tt.dir, Tags: "faultloc", ReportDir: reports, MaxSize: tt.maxSize, Native: tt.native})
			ft.end()
			if len(ft.logs) != 1 {
				t.Fatalf("the helper logged %q", ft.logs)
			}
			base := filepath.Base(tt.dir) + "." + strings.ReplaceAll(tt.test, "/", "_") // the package is named after its directory
			b, err := os.ReadFile(filepath.Join(reports, base+".json"))
			if err != nil {
				t.Fatalf("%v; the helper logged:\n%s", err, ft.logs[0])
			}
			helper := rankedLines(t, b, wd)
			if len(cmd) < tt.minLines {
				t.Errorf("faultloc localize ranks %d lines, want at least %d: %q", len(cmd), tt.minLines, cmd)
			}
			if !slices.Equal(cmd, helper) {
				t.Errorf("rankings differ:\nfaultloc localize: %q\nfaultloctest:      %q\nthe helper logged:\n%s", cmd, helper, ft.logs[0])
			}
		})
	}
}
