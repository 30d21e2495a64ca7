package main

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair"
)

// keptRow is a row as a repair of the historical bug name would give it.
func keptRow(name string, firstC int) row {
	p := repair.Candidate{Rank: firstC, Origin: "mutation ROR", Patch: repair.Patch{Position: localize.Position{File: "/x/times.go", Line: 7}, Orig: ">=", Repl: ">"}}
	return row{
		s:     subject{kind: "historical", name: name, desc: "wrong operator: off by one"},
		refOK: true, failing: 1, passing: 3, sites: 4, patches: 9, checked: 5,
		firstP: firstC, firstC: firstC, how: "identical", mutP: 1, mutC: 1, mutN: 2, nCorrect: 1,
		correct: []repair.Candidate{p}, partial: "-timeout 1m0s passed", elapsed: 42 * time.Second, whole: 55 * time.Second,
	}
}

// TestKeptRoundTrip checks that a row kept by -results reads back as it
// was written, with the command line and load that made it.
func TestKeptRoundTrip(t *testing.T) {
	dir := t.TempDir()
	r := keptRow("humanize/reltime-offbyone", 2)
	if err := saveKept(dir, r, []string{"-kinds", "historical"}, "1.5"); err != nil {
		t.Fatal(err)
	}
	got, ok, err := loadKept(dir, "historical", "humanize/reltime-offbyone")
	if err != nil || !ok {
		t.Fatalf("loadKept: %v, %v", ok, err)
	}
	want := r
	want.keptArgs, want.keptLoad = []string{"-kinds", "historical"}, "1.5"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, want)
	}
	if _, ok, err := loadKept(dir, "historical", "humanize/strip-zeros"); ok || err != nil {
		t.Errorf("a subject with no kept row: %v, %v; want none, no error", ok, err)
	}
	if err := os.WriteFile(keptPath(dir, "historical", "humanize/strip-zeros"), []byte("{"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, _, err := loadKept(dir, "historical", "humanize/strip-zeros"); err == nil {
		t.Error("a broken kept row: no error")
	}
}

// TestResultsResume checks that a run with -results takes the rows kept
// there instead of making and repairing those subjects (here they are
// never fetched), and that its report counts them with the runs that
// made them.
func TestResultsResume(t *testing.T) {
	dir := t.TempDir()
	names := []string{"humanize/reltime-offbyone", "httprouter/cleanpath-root"}
	for i, n := range names {
		if err := saveKept(dir, keptRow(n, i+1), []string{"-bugs", n}, []string{"0.5", "1.75"}[i]); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "REPORT.md")
	o := options{Kinds: []string{"historical"}, Bugs: names, Results: dir, Out: out, Timeout: time.Minute, MaxPatches: 1, MaxSites: 1, Args: []string{"-results", dir}}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := run(ctx, o, os.Stderr); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rep := string(b)
	for _, want := range []string{
		"2 of 2 rows read from -results",
		"`go run ./bench/repair -bugs humanize/reltime-offbyone`, `go run ./bench/repair -bugs httprouter/cleanpath-root`",
		"| humanize/reltime-offbyone |",
		"| httprouter/cleanpath-root |",
		"in the top 3 for 2 of 2 (100%)",
		"one-minute load when they ended: 0.50 to 1.75",
		"time bound of one repair: 1m0s (a row read from -results: its command's -timeout, 3m0s where that does not give one)",
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
}

// TestUnknownBug checks that -bugs names only historical bugs.
func TestUnknownBug(t *testing.T) {
	if _, err := historicalSubjects(context.Background(), options{Bugs: []string{"humanize/reltime-offbyone", "no/such-bug"}}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "no/such-bug") {
		t.Errorf("historicalSubjects with an unknown bug: %v; want an error naming it", err)
	}
}
