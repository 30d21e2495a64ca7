package main

import (
	"bytes"
	"context"
	"fmt"
	"go/doc/comment"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/internal/shard"
)

// TestShardsMerge runs spectra and localize on examples/tax (three
// cases, two failing) unsharded, then as n shards (shardCounts), each
// shard a process of its own: faultloc merge of the shard files writes,
// byte for byte, what the unsharded run writes, in every format both
// write (localize's JSON and HTML hold run times, which differ between
// any two runs: those are compared with the times blanked, see untimed).
// Its runs are processes of their own (and merge touches no state of the
// process): it runs in parallel with the other tests. What it compares cannot depend on timing: the localize shards'
// reports are whole (see whole), and localize runs with a bound none
// reaches.
func TestShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("runs faultloc 16 times on examples/tax (68 with -tags long): not with -short")
	}
	t.Parallel()
	// What shardCounts says of 3 shards: the failing cases in two, one empty.
	if of := func(name string) int { return shard.Of(name, 3) }; of("TestTax") == of("TestNet") || of("TestTax") == 0 || of("TestNet") == 0 || of("TestZero") == 0 {
		t.Fatalf("of 3 shards, TestTax is in %d, TestNet in %d, TestZero in %d: want the failing cases apart and shard 0 empty", of("TestTax"), of("TestNet"), of("TestZero"))
	}
	dir := t.TempDir()
	for _, tt := range []struct {
		command string
		flags   []string // the command and its flags; the shards' and the package added
		formats []string
		long    []string  // the formats compared only with the build tag long
		env     [2]string // the index and total variables of n = 4
	}{
		{"spectra", []string{"spectra", "-tags", "faultloc"}, []string{"text", "json", "sarif", "github"}, nil, [2]string{"CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL"}},
		// Without the native evidence, which costs a go test run a
		// process and changes nothing of what merge does. Each format
		// costs a localization of its own, four processes a row: by
		// default localize's text and JSON are compared with -fixes
		// (below), its SARIF log with -evidence native (below), its
		// GitHub annotations with spectra's, and this row and its HTML
		// page only with -tags long.
		{"localize", []string{"localize", "-tags", "faultloc", "-native=false"}, nil, []string{"sarif", "html", "text", "json", "github"}, [2]string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"}},
		// With -evidence native, -run leaving TestZero out: its
		// coverage comes from each shard's native go test run, which
		// sees every failing case; each shard reports its own. With
		// -fixes only with -tags long.
		{"localize-native", []string{"localize", "-tags", "faultloc", "-evidence", "native", "-run", "^Test(Tax|Net)$"}, []string{"sarif"}, []string{"html", "text", "json", "github"}, [2]string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"}},
		{"localize-native-fixes", []string{"localize", "-tags", "faultloc", "-evidence", "native", "-run", "^Test(Tax|Net)$", "-fixes"}, nil, []string{"text", "json"}, [2]string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"}},
		// Each shard runs its share of the mutants, and the mutants made
		// from a case's angelic values on every case: with 3 or 4 shards
		// TestTax and TestNet are localized by two shards, and a fix
		// says how many failing cases it fixes ("also fixes 1 other").
		{"localize-fixes", []string{"localize", "-tags", "faultloc", "-native=false", "-fixes"}, []string{"text", "json"}, nil, [2]string{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"}},
	} {
		t.Run(tt.command, func(t *testing.T) {
			t.Parallel() // its shard files are its own (named by the command)
			formats := tt.formats
			if longtest.Enabled {
				formats = append(slices.Clone(formats), tt.long...)
			}
			if len(formats) == 0 {
				t.Skip("only with -tags long")
			}
			testShardsMerge(t, dir, tt.command, tt.flags, formats, tt.env)
		})
	}
}

// shardCounts are the numbers of shards TestShardsMerge tries; with n of
// 3 or more, each shard but the first takes its index from the
// environment, as on CircleCI and Bazel, and the first from -shard, as
// every shard of fewer does. examples/tax's cases fall
// (internal/shard.Of) as follows: of 2, TestTax and TestNet in shard 0,
// TestZero in 1; of 3, TestTax in 2, TestNet and TestZero in 1, none in
// 0; of 4, TestNet in 0, TestTax in 2, TestZero in 3, none in 1. So 3
// shards check what 4 do (the environment, the failing cases in two
// shards, an empty shard) with one process less, and -shard; 1 and 2
// (one shard holding both failing cases) and 4 are tried with -tags
// long (.ci/run).
func shardCounts() []int {
	if longtest.Enabled {
		return []int{1, 2, 3, 4}
	}
	return []int{3}
}

// testShardsMerge runs the command flags give on examples/tax unsharded
// in each format, then as each of shardCounts' n shards (of 3 or more,
// all but the first from the environment variables env), and compares
// merge's reports with the unsharded ones. name names the shard files
// in dir.
func testShardsMerge(t *testing.T, dir, name string, flags, formats []string, env [2]string) {
	if flags[0] == "localize" {
		// A bound far past what examples/tax needs: a case cut by its
		// bound (a loaded machine) is cut where its run's timing says,
		// and the sharded and unsharded reports would differ by that,
		// not by the merge.
		flags = append(slices.Clone(flags), "-timeout", "10m")
	}
	want := map[string][]byte{}
	for _, format := range formats {
		want[format] = untimed(format, runChild(t, nil, append(slices.Clone(flags), "-format", format, "../../examples/tax")...))
	}
	for _, n := range shardCounts() {
		var files []string
		for i := range n {
			args := append(slices.Clone(flags), "-shard", fmt.Sprintf("%d/%d", i, n), "../../examples/tax")
			var vars []string
			if n >= 3 && i > 0 {
				args = append(slices.Clone(flags), "../../examples/tax")
				vars = []string{env[0] + "=" + fmt.Sprint(i), env[1] + "=" + fmt.Sprint(n)}
			}
			f := filepath.Join(dir, fmt.Sprintf("%s-%d-of-%d.json", name, i, n))
			if err := os.WriteFile(f, runChild(t, vars, args...), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		if flags[0] == "localize" {
			whole(t, files)
		}
		for _, format := range formats {
			var out, errb bytes.Buffer
			if code := run(context.Background(), append([]string{"merge", "-format", format}, files...), &out, &errb); code != 0 {
				t.Fatalf("merge of %d shards: exit %d, stderr:\n%s", n, code, errb.String())
			}
			if got := untimed(format, out.Bytes()); !bytes.Equal(got, want[format]) {
				t.Errorf("merge of %d shards, -format %s:\n%s\nunsharded:\n%s", n, format, got, want[format])
			}
			if format == "sarif" {
				// Valid, and holding the example's faulty line.
				rs := sarifResults(t, fmt.Sprintf("merge of %d shards", n), out.Bytes())
				if fault := faultLines(t, "../../examples/tax/tax.go")[0]; len(at(rs, "", "examples/tax/tax.go", fault)) == 0 {
					t.Errorf("merge of %d shards: no result on tax.go's faulty line %d:\n%s", n, fault, out.Bytes())
				}
			}
		}
	}
}

// whole fails the test unless every report of the localize shard files
// is whole: examples/tax's reports are (each failing case has verified
// candidates, so no probe runs, and no bound is reached: the case's
// -timeout outlasts go test's own, and the native stage of the
// -evidence native rows, bounded by native.DefaultBound, takes seconds).
// A partial report means a bound was reached, and its difference from
// the unsharded run's would be the machine's timing, not merge's.
func whole(t *testing.T, files []string) {
	t.Helper()
	shards, err := readShards(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range shards {
		for _, rep := range sh.Localize.Reports {
			if rep.Partial {
				t.Fatalf("shard %d/%d: %s's report is partial (%s): a bound was reached, so its comparison with the unsharded run's would measure the machine's timing", sh.Index, sh.Total, rep.Test, rep.Reason)
			}
		}
	}
}

// Run times in reports: JSON's durations in nanoseconds, the HTML
// page's "solving" and "total" times.
var (
	jsonNanos    = regexp.MustCompile(`("[A-Za-z]*Nanos"): [0-9]+`)
	htmlDuration = regexp.MustCompile(`, (solving|total) [0-9][0-9.]*[a-zµ]+[0-9a-zµ.]*`)
)

// untimed returns report b (of -format format) with its run times
// blanked: JSON's durations set to 0, the HTML page's left out. Other
// formats hold no times and are returned as they are.
func untimed(format string, b []byte) []byte {
	switch format {
	case "json":
		return jsonNanos.ReplaceAll(b, []byte("$1: 0"))
	case "html":
		return htmlDuration.ReplaceAll(b, nil)
	}
	return b
}

// runChild runs faultloc with args in a process of its own, env added
// to its environment, and returns its standard output; it fails the
// test unless the process exits 0.
func runChild(t *testing.T, env []string, args ...string) []byte {
	t.Helper()
	cmd := child("main", args...)
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("faultloc %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}

// TestMergeErrors: merge refuses files that are not the n shards of one
// run, saying which; the commands refuse -shard with what needs every
// case, or with the flags that shape a report, which are merge's.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	shardOf := func(name, command string, i, n int, args, failing []string, stopped string) string {
		f := &shardFile{Command: command, Index: i, Total: n, Args: args, Stopped: stopped}
		if command == "spectra" {
			f.Spectra = &spectraShard{Formula: "tarantula", Ties: "worst", Bonus: 1, Listed: []string{"TestA"}}
		} else {
			f.Localize = &localizeShard{Package: "p", Cases: failing, Failing: failing}
		}
		var b bytes.Buffer
		if err := writeShard(&b, f); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := []string{"./p"}
	s0 := shardOf("s0", "spectra", 0, 2, a, nil, "")
	s1 := shardOf("s1", "spectra", 1, 2, a, nil, "")
	other := shardOf("other", "spectra", 1, 2, []string{"-formula=ochiai", "./p"}, nil, "")
	three := shardOf("three", "spectra", 1, 3, a, nil, "")
	stopped := shardOf("stopped", "spectra", 1, 2, a, nil, "interrupt signal received")
	l0 := shardOf("l0", "localize", 0, 2, a, []string{"TestX"}, "")
	l1 := shardOf("l1", "localize", 1, 2, a, []string{"TestX"}, "")
	junk := filepath.Join(dir, "junk")
	os.WriteFile(junk, []byte(`{"faultloc": "something else"}`), 0o644)
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"missing shard", []string{"merge", s0}, "shards 1/2 missing"},
		{"shard twice", []string{"merge", s0, s0}, "are both shard 0/2"},
		{"other flags", []string{"merge", s0, other}, "not one run"},
		{"other total", []string{"merge", s0, three}, "not one run"},
		{"stopped", []string{"merge", s0, stopped}, "stopped before its cases were done (interrupt signal received)"},
		{"two commands", []string{"merge", s0, l1}, "a shard of localize"},
		{"not a shard", []string{"merge", junk}, "not a shard file"},
		{"no report of a failing case", []string{"merge", l0, l1}, "no shard reports the failing case TestX (shard " + fmt.Sprint(shard.Of("TestX", 2)) + "/2 should)"},
		{"gzoltar of localize", []string{"merge", "-format", "gzoltar", l0, l1}, `-format "gzoltar" is not one of localize's`},
		{"no files", []string{"merge"}, "usage: faultloc merge"},
		{"shard with -format", []string{"spectra", "-shard", "0/2", "-format", "json", "./p"}, "give -format to merge"},
		{"shard with -all", []string{"localize", "-shard", "0/2", "-all", "./p"}, "not with -all: its diagnoses are sets of statements that explain every failing case at once"},
		{"bad shard", []string{"localize", "-shard", "2/2", "./p"}, `-shard="2/2": the index must be in [0, 2)`},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), tt.args, &out, &errb); code != 1 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", tt.name, code, errb.String(), tt.want)
		}
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"merge", s1, s0}, &out, &errb); code != 0 || !strings.Contains(errb.String(), "no test case fails") {
		t.Errorf("merge of two empty spectra shards: exit %d, stderr %q", code, errb.String())
	}
	// merge's help says why -all refuses and what to do.
	out.Reset()
	code := run(context.Background(), []string{"help", "merge"}, &out, &errb)
	if help := strings.Join(strings.Fields(out.String()), " "); code != 0 ||
		!strings.Contains(help, "localize -all does not shard") || !strings.Contains(help, "shard localize without -all and merge") {
		t.Errorf("help merge: exit %d; says nothing of -all:\n%s", code, out.String())
	}
}

// TestShardRecipes: the faultloc commands of merge's recipes (the GitHub
// Actions workflow, the Kubernetes Job) parse: every flag they give
// exists and takes the value given, so each ends at loading its
// (here missing) package, not at its flags.
func TestShardRecipes(t *testing.T) {
	ref, err := parseReference(docGo)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, b := range ref.sections["merge"] {
		c, ok := b.(*comment.Code)
		if !ok {
			continue
		}
		for _, l := range strings.Split(c.Text, "\n") {
			if i := strings.Index(l, "faultloc "); i >= 0 && strings.Contains(l, "run: ") || strings.Contains(l, `"faultloc `) {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) < 3 {
		t.Fatalf("merge's recipes hold %d faultloc commands: %q", len(lines), lines)
	}
	for _, l := range lines {
		l = l[strings.Index(l, "faultloc ")+len("faultloc "):]
		l, _, _ = strings.Cut(l, ">") // the shard file
		l = strings.ReplaceAll(l, "${{ matrix.shard }}", "1")
		args := strings.Fields(l)
		if args[0] == "merge" {
			args = append(args[:len(args)-1], filepath.Join(t.TempDir(), "none.json"))
		} else {
			args[len(args)-1] = "./nosuchpackage"
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), args, &out, &errb)
		if code != 1 || strings.Contains(errb.String(), "usage:") || strings.Contains(errb.String(), "flag") || strings.Contains(errb.String(), "shard:") {
			t.Errorf("faultloc %s: exit %d, stderr %q; want a load error, not a usage one", strings.Join(args, " "), code, errb.String())
		}
	}
}
