package interp

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// rebindSources are two versions of a file added to testdata/gotest: the
// program a case is made for, and another whose Double and Meter.Feet are
// wrong, whose Gone is gone and whose Resized takes another argument.
var rebindSources = [2]string{`package gotest

func Double(x int) int { return 2 * x }

type Meter int

func (m Meter) Feet() int { return int(m) * 3 }

type Counter struct{ n int }

func (c *Counter) Add(d int) int { c.n += d; return c.n }

func Gone() int { return 1 }

func Resized(x int) int { return x }

func MaxOf[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

var Inc = func(x int) int { return x + 1 }
`, `package gotest

func Double(x int) int { return 3 * x }

type Meter int

func (m Meter) Feet() int { return int(m) * 4 }

type Counter struct{ n int }

func (c *Counter) Add(d int) int { c.n += d; return c.n }

func Resized(x, y int) int { return x + y }

func MaxOf[T int | float64](a, b T) T {
	if a > b {
		return a
	}
	return b
}

var Inc = func(x int) int { return x + 1 }
`}

// rebindTests are the same in both versions.
const rebindTests = `package gotest

import "testing"

func TestDouble(t *testing.T) {
	if Double(2) != 4 {
		t.Error("Double(2) != 4")
	}
}

func FuzzDouble(f *testing.F) {
	f.Fuzz(func(t *testing.T, x int) {
		if Double(x) != x+x {
			t.Error("not twice")
		}
	})
}
`

// ownCase is a caller's own harness.
type ownCase struct{}

func (ownCase) Name() string { return "mine" }
func (ownCase) Run(context.Context, *RunOptions) (*CaseResult, error) {
	return &CaseResult{Result: &Result{}, Name: "mine", Ran: true}, nil
}

// TestRebind finds cases of one version of testdata/gotest in another
// loaded with a different overlay: go test cases, fuzz cases and tests
// given as data of functions and methods run the other version's code;
// a test whose function is a closure, a wrapper, generic, missing or of
// another signature, and a caller's own case, are *RebindErrors naming
// the case.
func TestRebind(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(modRoot, "trace/testdata/gotest"))
	if err != nil {
		t.Fatal(err)
	}
	var progs [2]*Program
	for i, src := range rebindSources {
		cfg := &Config{Dir: dir, Tests: true, Overlay: map[string][]byte{
			filepath.Join(dir, "rebind.go"):      []byte(src),
			filepath.Join(dir, "rebind_test.go"): []byte(rebindTests),
		}}
		if progs[i], err = Load(bgContext, cfg, "."); err != nil {
			t.Fatal(err)
		}
	}
	a, b := progs[0], progs[1]
	fn := func(name string) Test {
		return Test{Name: "t-" + name, Func: a.Func(gotestPkg, name)}
	}
	withArgs := func(t Test, args ...Value) Test { t.Args = args; return t }
	init := a.Func(gotestPkg, "init")
	var closure Test
	if init != nil && len(init.AnonFuncs) > 0 {
		closure = Test{Name: "t-closure", Func: init.AnonFuncs[0]}
	}
	for _, tt := range []struct {
		name string
		c    Case
		// what the rebound case does in b: its verdict and, for a test
		// given as data, its first result.
		failed bool
		result int64
		err    string // in the *RebindError, if rebinding fails
	}{
		{name: "go test", c: a.GoTestCase(gotestPkg, "TestDouble"), failed: true},
		{name: "go test passing", c: a.GoTestCase(gotestPkg, "TestPass")},
		{name: "fuzz", c: a.FuzzCase(gotestPkg, "FuzzDouble", "gen#1", []Value{Int(3)}), failed: true},
		{name: "fuzz zero", c: a.FuzzCase(gotestPkg, "FuzzDouble", "gen#0", []Value{Int(0)})},
		{name: "function", c: a.TestCase(withArgs(fn("Double"), Int(2))), result: 6},
		{name: "value method", c: a.TestCase(withArgs(fn("Meter.Feet"), Int(2))), result: 8},
		{name: "pointer method", c: a.TestCase(fn("(*Counter).Add"))},
		{name: "wrapper", c: a.TestCase(fn("(*Meter).Feet")), err: "not declared"},
		{name: "closure", c: a.TestCase(closure), err: "function literal"},
		{name: "generic", c: a.TestCase(fn("MaxOf")), err: "generic"},
		{name: "missing", c: a.TestCase(fn("Gone")), err: "no function Gone"},
		{name: "signature", c: a.TestCase(fn("Resized")), err: "signature"},
		{name: "no function", c: a.TestCase(Test{Name: "t-nil"}), err: "no function"},
		{name: "own case", c: ownCase{}, err: "ownCase"},
		{name: "nil case", c: nil, err: "no case"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rc, err := b.Rebind(tt.c)
			if tt.err != "" {
				var re *RebindError
				if !errors.As(err, &re) || !strings.Contains(err.Error(), tt.err) || rc != nil {
					t.Fatalf("Rebind = %v, %v; want a *RebindError with %q", rc, err, tt.err)
				}
				if tt.c != nil && re.Case != tt.c.Name() {
					t.Errorf("error names case %q, want %q", re.Case, tt.c.Name())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rc.Name() != tt.c.Name() {
				t.Errorf("Name() = %q, want %q", rc.Name(), tt.c.Name())
			}
			if tc, ok := rc.(testCase); ok {
				if tc.t.Func.Prog != b.SSA {
					t.Fatalf("the rebound test's function %s is not b's", tc.t.Func)
				}
				if tc.t.Func.Pkg.Pkg.Path() != gotestPkg || len(tc.t.Args) != len(tt.c.(testCase).t.Args) {
					t.Fatalf("rebound test %+v", tc.t)
				}
				if tt.name == "pointer method" {
					return // its receiver is a pointer the test does not make
				}
			}
			res, err := rc.Run(bgContext, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Ran || res.Failed != tt.failed {
				t.Errorf("in b: ran %v, failed %v; want failed %v", res.Ran, res.Failed, tt.failed)
			}
			if tt.result != 0 && (len(res.Returns) != 1 || res.Returns[0].Int() != tt.result) {
				t.Errorf("in b: returned %v, want %d", res.Returns, tt.result)
			}
			// The same case of a passes: only b is wrong.
			if ra, err := tt.c.Run(bgContext, nil); err != nil || !ra.Passed() && tt.failed {
				t.Errorf("in a: %v, error %v", ra, err)
			}
		})
	}
	// A case of b itself is b's.
	c := b.TestCase(Test{Name: "same", Func: b.Func(gotestPkg, "Double")})
	if rc, err := b.Rebind(c); err != nil || rc.(testCase).t.Func != c.(testCase).t.Func {
		t.Errorf("Rebind of b's own case: %v, %v", rc, err)
	}
}
