package main

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace"
)

var (
	loadOnce sync.Once
	loaded   *trace.Program
	faults   []examples.Fault
	loadErr  error
)

// program loads examples/loops once for all tests and benchmarks.
func program(t testing.TB) (*trace.Program, []examples.Fault) {
	t.Helper()
	loadOnce.Do(func() {
		loaded, loadErr = trace.Load(context.Background(), &trace.Config{}, loopsPkg)
		if loadErr != nil {
			return
		}
		var dir string
		if dir, loadErr = loopsDir(loaded); loadErr == nil {
			faults, loadErr = examples.FaultLines(dir)
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded, faults
}

func subjectNamed(t testing.TB, name string) subject {
	t.Helper()
	for _, s := range subjects {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no subject %s", name)
	return subject{}
}

// TestSubjectsFailAtEveryBound: the input each subject derives from a bound
// makes the seeded fault fail the test, and the correct program (the fault
// marker's fix, applied by hand here) would pass it.
func TestSubjectsFailAtEveryBound(t *testing.T) {
	p, _ := program(t)
	fixed := map[string]func(args []trace.Value) int64{
		"Sum": func(a []trace.Value) int64 {
			s := int64(0)
			for i := int64(0); i < a[0].Int(); i++ {
				s += i
			}
			return s
		},
		"Isqrt": func(a []trace.Value) int64 {
			n, k := a[0].Int(), int64(0)
			for odd := int64(1); n >= odd; odd += 2 {
				n -= odd
				k++
			}
			return k
		},
		"BinarySearch": func(a []trace.Value) int64 {
			s, x := a[0], a[1].Int()
			for i := 0; i < s.Len(); i++ {
				if s.Index(i).Int() == x {
					return int64(i)
				}
			}
			return -1
		},
	}
	for _, s := range subjects {
		for _, b := range []int{2, 3, 10, 55, 100} {
			args, want := s.Case(b)
			if got := fixed[s.Name](args); got != want {
				t.Errorf("%s b=%d: the fixed program returns %d, the test wants %d", s.Name, b, got, want)
			}
			if _, err := steps(context.Background(), p, s, b); err != nil {
				t.Errorf("%s b=%d: %v", s.Name, b, err)
			}
		}
	}
}

// knownDiffs are the verified candidates (line sets of examples/loops/loops.go)
// that only one mode reports at the small bound of TestModesAtSmallBound,
// with the cause, diagnosed in bench/scaling/README.md. When encode or
// localize change so that a difference disappears, this test fails: update
// the table (and the README).
var knownDiffs = map[string]struct {
	bound       int
	onlyATF     []string
	onlyPF      []string
	atfHitFault bool // ATF reports a verified candidate with the fault line
	pfHitFault  bool
}{
	"Sum": {bound: 3, atfHitFault: true, pfHitFault: true},
	// PF's models for lines 20-23 take a branch side PF did not explore (at
	// the unwinding bound), where its formula is as angelic as ATF's; PF
	// does not refine, so those candidates, the fault's among them, fail
	// verification.
	"Isqrt": {bound: 3, onlyATF: []string{"20", "21", "22", "23"}, atfHitFault: true},
	// a[mid] is encoded as the value the run read, whatever mid is, and an
	// index-out-of-range panic of a re-run forbids its path prefix for every
	// value: ATF never offers `return -1` alone (a real fix) but pairs that
	// skip the loop; PF verifies only `return -1`.
	"BinarySearch": {bound: 2, onlyATF: []string{"31+42", "32+42", "33+34"}, onlyPF: []string{"42"}, atfHitFault: true},
}

// TestModesAtSmallBound runs ATF and PF on each subject at a small bound
// and checks that they report the same verified candidates, up to the
// known differences above, and which of them finds the fault line.
func TestModesAtSmallBound(t *testing.T) {
	p, fs := program(t)
	cfg := defaultConfig()
	cfg.Timeout = time.Minute
	for _, s := range subjects {
		t.Run(s.Name, func(t *testing.T) {
			k := knownDiffs[s.Name]
			r := row{Subject: s.Name, Bound: k.bound}
			r.ATF = measure(context.Background(), p, s, k.bound, encode.ATF, cfg, fs[s.Fault])
			r.PF = measure(context.Background(), p, s, k.bound, encode.PF, cfg, fs[s.Fault])
			for _, m := range []measurement{r.ATF, r.PF} {
				if !m.complete() {
					t.Fatalf("%v did not complete: err=%v report=%+v", m.Mode, m.Err, m.Report)
				}
			}
			oa, op := r.onlyIn()
			if !slices.Equal(oa, k.onlyATF) || !slices.Equal(op, k.onlyPF) {
				t.Errorf("verified candidates differ from the known differences:\n got  only ATF %v, only PF %v\n want only ATF %v, only PF %v\nATF: %v (not verified %v)\nPF: %v (not verified %v)",
					oa, op, k.onlyATF, k.onlyPF, r.ATF.Lines, r.ATF.Unverified, r.PF.Lines, r.PF.Unverified)
			}
			if r.ATF.FaultHit != k.atfHitFault || r.PF.FaultHit != k.pfHitFault {
				t.Errorf("fault line %s found: ATF %v, PF %v; want %v, %v", filepath.Base(fs[s.Fault].String()),
					r.ATF.FaultHit, r.PF.FaultHit, k.atfHitFault, k.pfHitFault)
			}
		})
	}
}
