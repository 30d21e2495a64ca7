package sattar

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// loadList loads examples/linkedlist with the named faults.
func loadList(t *testing.T, faults ...string) *testutil.ListVersion {
	t.Helper()
	return testutil.LoadList(t, "../../examples/linkedlist", faults...)
}

// TestSATTARGolden runs SAT-TAR from the first failing seed alone (as
// the paper does) on each seeded fault and fault pair of the linked list
// and compares the session with testdata/satar/<faults>.golden: the
// partition, the cores, the rounds and the final ranking. Sessions are
// deterministic: the golden files hold across processes, and with the
// build tag long (longtest, as .ci/run runs it) a second session on the
// size fault in the same process gives the same text. The fault pairs'
// sessions take most of the test's CPU; they too run with the build tag
// long.
func TestSATTARGolden(t *testing.T) {
	t.Parallel()
	for _, faults := range [][]string{{"size"}, {"header"}, {"remove"}, {"size", "header"}, {"size", "remove"}, {"header", "remove"}} {
		name := strings.Join(faults, "+")
		t.Run(name, func(t *testing.T) {
			if len(faults) > 1 && !longtest.Enabled {
				t.Skip("fault pairs run with the build tag long")
			}
			v := loadList(t, faults...)
			got := satarText(t, v)
			if name == "size" && longtest.Enabled {
				if again := satarText(t, v); again != got {
					t.Fatalf("two sessions differ:\n%s\n---\n%s", got, again)
				}
			}
			golden := filepath.Join("testdata", "satar", name+".golden")
			if *testutil.Update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("session differs from %s (go test -run TestSATTARGolden -update):\n%s", golden, got)
			}
			// The faulty lines are suspects or placed by the spectrum,
			// within the first three lines of Delete's twelve for a
			// single fault.
			if len(faults) == 1 && !strings.Contains(got, fmt.Sprintf("faulty line %d: rank 1\n", v.Lines[0])) &&
				!strings.Contains(got, fmt.Sprintf("faulty line %d: rank 2\n", v.Lines[0])) &&
				!strings.Contains(got, fmt.Sprintf("faulty line %d: rank 3\n", v.Lines[0])) {
				t.Errorf("the faulty line %d is not within the first 3", v.Lines[0])
			}
		})
	}
}

// satarText runs a session on v and renders it.
func satarText(t *testing.T, v *testutil.ListVersion) string {
	var b strings.Builder
	opts := &Options{InitialOnly: true, Under: []string{"(*List).Delete"}, Rounds: 5, Round: func(r *Round) bool {
		fmt.Fprintf(&b, "round %d: %s %v failed %v, strategy %s, dropped %s\n", r.Round, r.Added.Name, r.Added.Input, r.Added.Failed, r.Strategy, lineNums(r.Dropped))
		return true
	}}
	res, err := Run(context.Background(), v.Prog, v.Pkg, "FuzzDelete", "", opts)
	if err != nil {
		t.Fatal(err)
	}
	head := fmt.Sprintf("initial %s (%s)\npartition %v\n", res.Report.Test, res.Report.Failure, res.Partition)
	for _, c := range res.Cores {
		head += fmt.Sprintf("core %q: %s; unmodeled %s\n", c.Check, lineNums(c.Lines), lineNums(c.Unmodeled))
	}
	head += fmt.Sprintf("generated %d, rounds %d\n", res.Generated, res.Rounds)
	fmt.Fprintf(&b, "suspects %s\n", lineNums(res.Suspects))
	for _, r := range res.Report.Ranking {
		fmt.Fprintf(&b, "%d: line %d (%s)\n", r.Rank, r.Line, r.Evidence)
	}
	for _, l := range v.Lines {
		i := slices.IndexFunc(res.Report.Ranking, func(r localize.RankedLine) bool { return r.Line == l })
		if i < 0 {
			fmt.Fprintf(&b, "faulty line %d: not ranked\n", l)
		} else {
			fmt.Fprintf(&b, "faulty line %d: rank %d\n", l, res.Report.Ranking[i].Rank)
		}
	}
	return head + b.String()
}

// lineNums renders lines by number (the linked list is one file).
func lineNums(ls []localize.Position) string {
	var ns []string
	for _, l := range ls {
		ns = append(ns, fmt.Sprint(l.Line))
	}
	return "[" + strings.Join(ns, " ") + "]"
}

// TestSATTARStop: the Round callback stops a session after its first
// round; the result keeps that round's test and ranking.
func TestSATTARStop(t *testing.T) {
	t.Parallel()
	v := loadList(t, "size")
	calls := 0
	res, err := Run(context.Background(), v.Prog, v.Pkg, "FuzzDelete", "", &Options{InitialOnly: true, Under: []string{"(*List).Delete"},
		Round: func(*Round) bool { calls++; return false }})
	if err != nil || calls != 1 || res.Rounds != 1 || len(res.Report.Ranking) == 0 {
		t.Fatalf("res %+v, %v, %d calls; want one round", res, err, calls)
	}
	added := 0
	for _, x := range res.Tests {
		if x.Round == 1 {
			added++
		}
	}
	if added != 1 {
		t.Errorf("%d tests of round 1, want 1", added)
	}
}

// TestSATTARStopped: a context that has ended stops the session at
// once with what it has, marked partial, and the context's error; one
// that ends during the cores keeps the seeds' ranking, marked partial.
func TestSATTARStopped(t *testing.T) {
	t.Parallel()
	v := loadList(t, "size")
	expired, cancel := context.WithCancel(context.Background())
	cancel()
	short, cancelShort := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancelShort()
	for _, tt := range []struct {
		name string
		ctx  context.Context
		want error
	}{
		{"expired", expired, context.Canceled},
		{"short", short, context.DeadlineExceeded},
	} {
		start := time.Now()
		res, err := Run(tt.ctx, v.Prog, v.Pkg, "FuzzDelete", "", &Options{InitialOnly: true, Under: []string{"(*List).Delete"}})
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("%s: returned after %v", tt.name, elapsed.Round(time.Millisecond))
		}
		if !errors.Is(err, tt.want) || res == nil {
			t.Fatalf("%s: result %v, error %v; want a partial result and %v", tt.name, res != nil, err, tt.want)
		}
		if !res.Partial || !strings.Contains(res.Reason, tt.want.Error()) {
			t.Errorf("%s: partial %v, reason %q; want partial, saying %q", tt.name, res.Partial, res.Reason, tt.want)
		}
		if res.Report != nil && !res.Report.Partial {
			t.Errorf("%s: the result is partial, its report not", tt.name)
		}
	}
}

// TestSATTARErrors: bad input is a clear error.
func TestSATTARErrors(t *testing.T) {
	t.Parallel()
	v := loadList(t, "size")
	good := loadList(t)
	for _, tt := range []struct {
		name    string
		v       *testutil.ListVersion
		target  string
		initial string
		under   []string
		want    string
	}{
		{"not a fuzz target", v, "TestX", "", nil, `"TestX" is not a fuzz target`},
		{"unknown function", v, "FuzzDelete", "", []string{"(*List).Remove"}, `Under names "(*List).Remove", not a function of`},
		{"no failing seed", good, "FuzzDelete", "", nil, "no seed of FuzzDelete fails (6 seeds)"},
		{"initial passes", v, "FuzzDelete", "FuzzDelete/seed#3", nil, "the test passes"},
	} {
		_, err := Run(context.Background(), tt.v.Prog, tt.v.Pkg, tt.target, tt.initial, &Options{Under: tt.under, Rounds: -1})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}
