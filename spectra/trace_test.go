package spectra

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/examples/max3"
	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/examples/zune"
	"github.com/faultloc/faultloc/trace"
)

const ex = "github.com/faultloc/faultloc/examples/"

// exampleTraceTests returns the example subjects' Cases as interpreter
// tests, named like the subtests of their go test suites.
func exampleTraceTests(t *testing.T) (*trace.Program, []trace.Test) {
	t.Helper()
	p, err := trace.Load(context.Background(), &trace.Config{Dir: ".."},
		"./examples/triangle", "./examples/zune", "./examples/foo", "./examples/max3")
	if err != nil {
		t.Fatal(err)
	}
	ints := func(xs ...int) []trace.Value {
		out := make([]trace.Value, len(xs))
		for i, x := range xs {
			out[i] = trace.Int(int64(x))
		}
		return out
	}
	var tests []trace.Test
	for _, c := range triangle.Cases {
		tests = append(tests, trace.Test{Name: "TestClassify/" + c.Name, Func: p.Func(ex+"triangle", "Classify"), Args: ints(c.A, c.B, c.C), Want: ints(c.Want)})
	}
	for _, c := range zune.Cases {
		tests = append(tests, trace.Test{Name: "TestYear/" + c.Name, Func: p.Func(ex+"zune", "Year"), Args: ints(c.Days), Want: ints(c.Want)})
	}
	for _, c := range foo.Cases {
		tests = append(tests, trace.Test{Name: "TestFoo/" + c.Name, Func: p.Func(ex+"foo", "Foo"), Args: ints(c.X, c.Y), Want: ints(c.Want)})
	}
	for _, c := range max3.Cases {
		tests = append(tests, trace.Test{Name: "TestMax3/" + c.Name, Func: p.Func(ex+"max3", "Max3"), Args: ints(c.X, c.Y, c.Z), Want: ints(c.Want)})
	}
	return p, tests
}

// TestTraceMatchesNative checks, for every case of the example subjects,
// that the interpreter's trace and the native go test run execute the same
// source lines and reach the same verdict.
func TestTraceMatchesNative(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries and loads packages")
	}
	p, tests := exampleTraceTests(t)
	tm, err := Build(context.Background(), &Traces{Program: p, Cases: p.TestCases(tests)})
	if err != nil {
		t.Fatal(err)
	}
	if tm.NumTests() != len(tests) {
		t.Fatalf("%d traced tests, want %d", tm.NumTests(), len(tests))
	}
	native := map[string]*Matrix{}
	for _, s := range []string{"triangle", "zune", "foo", "max3"} {
		native[s], _ = collect(t, "../examples/"+s, Line)
	}
	lines := func(m *Matrix, i int) []string {
		var out []string
		for _, e := range m.Covered(nil, i) {
			out = append(out, m.Element(e).String())
		}
		slices.Sort(out)
		return out
	}
	compared := 0
	for i := range tm.NumTests() {
		tt := tm.Test(i)
		for _, nm := range native {
			j, ok := nm.TestIndex(tt.Name)
			if !ok {
				continue
			}
			compared++
			if nt := nm.Test(j); nt.Failed != tt.Failed {
				t.Errorf("%s: trace %v, native %v", tt.Name, tt.Verdict(), nt.Verdict())
			}
			if got, want := lines(tm, i), lines(nm, j); !slices.Equal(got, want) {
				t.Errorf("%s: lines differ\ntrace  %v\nnative %v", tt.Name, got, want)
			}
		}
	}
	if compared != len(tests) {
		t.Errorf("compared %d cases, want %d", compared, len(tests))
	}
	// Lines no case executed are declared by both sources alike.
	for s, nm := range native {
		for e := range nm.NumElements() {
			if _, ok := tm.Index(nm.Element(e)); !ok {
				t.Errorf("%s: native element %v unknown to the traces", s, nm.Element(e))
			}
		}
	}
}

func TestTracesInstructions(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages")
	}
	p, tests := exampleTraceTests(t)
	m, err := Build(context.Background(), &Traces{Program: p, Cases: p.TestCases(tests[:8]), Kind: Instruction})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := Lookup("ochiai")
	r := m.Rank(f, nil)
	// The top instructions of triangle are on the lines T8 alone shares
	// least with passing tests: line 32 (retval = Acute) first.
	if e := r.Entries[0].Element; e.Kind != Instruction || e.Line != 32 || !strings.HasSuffix(e.File, "triangle.go") || e.Name == "" {
		t.Errorf("first instruction %v", e)
	}
	if _, err := Build(context.Background(), &Traces{Program: p, Kind: Block}); err == nil {
		t.Error("block granularity accepted for traces")
	}
	if _, err := Build(context.Background(), &Traces{}); err == nil {
		t.Error("Traces without a program accepted")
	}
}
