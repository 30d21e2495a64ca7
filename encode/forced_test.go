package encode_test

import (
	"context"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/faultloc/faultloc/encode"

	"github.com/faultloc/faultloc/trace"
)

// TestForced: on Foo(3, 5), failing (want 2), Forced gives the candidate
// that forces L2's branch the other way: its hooks decide the If, its
// angelic value names the condition as written, and replaying it takes
// the else side (a = y - x = 2 < y, so b stays 8: the case still fails,
// which Forced does not check). It gives the candidate that replaces
// L1's sum with 2 too, and that one passes, also from an encoder no run
// was added to. A statement that is not an event's,
// an event of another statement, a value of the wrong kind or for an
// instruction that is neither a predicate nor replaceable is an error.
func TestForced(t *testing.T) {
	prog, test, res := fooFailing(t)
	_, enc := newEncoder(t, prog, test, nil)
	if _, err := enc.AddRun(res); err != nil {
		t.Fatal(err)
	}
	tr := res.Trace
	var branch, sum trace.EventID = -1, -1
	for e := range trace.EventID(tr.Len()) {
		if in := tr.Instr(e); in == nil || in.Parent().Name() != "Foo" {
			continue
		}
		switch in := tr.Instr(e).(type) {
		case *ssa.If:
			if branch < 0 {
				branch = e
			}
		case *ssa.BinOp:
			if in.Op.String() == "+" && sum < 0 {
				sum = e
			}
		}
	}
	if branch < 0 || sum < 0 {
		t.Fatal("no branch or sum in the run")
	}
	group := enc.GroupOf(tr, branch)
	if !strings.HasSuffix(group, "foo.go:13") || enc.Statement(group) == nil {
		t.Fatalf("GroupOf(branch) = %q", group)
	}
	c, err := enc.Forced(group, tr, map[trace.EventID]trace.Value{branch: trace.Bool(false)})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Statements) != 1 || c.Statements[0].Group != group {
		t.Errorf("statements %v", c.Statements)
	}
	k := tr.Key(branch)
	if taken, ok := c.Hooks.Branches[k]; !ok || taken || len(c.Hooks.Branches) != 1 || len(c.Hooks.Values) != 0 {
		t.Errorf("hooks %+v", c.Hooks)
	}
	if len(c.Angelic) != 1 || !c.Angelic[0].Branch || c.Angelic[0].Value.Bool() || !c.Angelic[0].Orig.Bool() || c.Angelic[0].Expr != "x < y" || c.Angelic[0].Key != k {
		t.Errorf("angelic %+v", c.Angelic)
	}
	rerun, err := prog.RunTest(context.Background(), test, &trace.RunOptions{Hooks: c.Hooks})
	if err != nil {
		t.Fatal(err)
	}
	for e := range trace.EventID(rerun.Trace.Len()) {
		if rerun.Trace.Key(e) == k && rerun.Trace.Value(e).Bool() {
			t.Errorf("replay took the then side of the forced branch")
		}
	}
	// Value replacement: b := x + y stores 2, and Foo(3, 5) returns it.
	store := trace.EventID(-1)
	for e := sum + 1; int(e) < tr.Len() && store < 0; e++ {
		if st, ok := tr.Instr(e).(*ssa.Store); ok && st.Val == tr.Instr(sum).(ssa.Value) {
			store = e
		}
	}
	if store < 0 || !encode.Replaceable(tr.Instr(store)) || encode.Replaceable(tr.Instr(sum)) {
		t.Fatalf("b := x + y: store event %d; the store should be replaceable, the sum not", store)
	}
	c, err = enc.Forced(enc.GroupOf(tr, sum), tr, map[trace.EventID]trace.Value{store: trace.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := c.Hooks.Values[tr.Key(store)]; !ok || v.Int() != 2 || len(c.Hooks.Values) != 1 || len(c.Hooks.Branches) != 0 {
		t.Errorf("replacement's hooks %+v", c.Hooks)
	}
	if len(c.Angelic) != 1 || c.Angelic[0].Branch || c.Angelic[0].Value.Int() != 2 || c.Angelic[0].Orig.Int() != 8 {
		t.Errorf("replacement's angelic %+v", c.Angelic)
	}
	rerun, err = prog.RunTest(context.Background(), test, &trace.RunOptions{Hooks: c.Hooks})
	if err != nil {
		t.Fatal(err)
	}
	if !rerun.Passed() {
		t.Errorf("replay with b = 2: %v, want it to pass", rerun)
	}
	// Forced by an encoder no run was added to: the same candidate, its
	// statement made for it (not one of the encoder's).
	_, bare := newEncoder(t, prog, test, nil)
	bc, err := bare.Forced(enc.GroupOf(tr, sum), tr, map[trace.EventID]trace.Value{store: trace.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	if len(bc.Statements) != 1 || bc.Statements[0].Group != enc.GroupOf(tr, sum) || bc.Statements[0].Pos != enc.Statement(enc.GroupOf(tr, sum)).Pos || bare.Statement(enc.GroupOf(tr, sum)) != nil {
		t.Errorf("Forced before any run: statements %v", bc.Statements)
	}
	if len(bc.Angelic) != 1 || bc.Angelic[0].Value.Int() != 2 || bc.Hooks.Values[tr.Key(store)].Int() != 2 {
		t.Errorf("Forced before any run: angelic %+v, hooks %+v", bc.Angelic, bc.Hooks)
	}
	// Force, without the encoder: the same candidate, its statement the
	// line's; no event, or events of two lines, are errors.
	fc, err := encode.Force(tr, map[trace.EventID]trace.Value{store: trace.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	if len(fc.Statements) != 1 || fc.Statements[0].Group != enc.GroupOf(tr, sum) || len(fc.Angelic) != 1 || fc.Angelic[0].Value.Int() != 2 || fc.Hooks.Values[tr.Key(store)].Int() != 2 {
		t.Errorf("Force: statements %v, angelic %+v", fc.Statements, fc.Angelic)
	}
	if _, err := encode.Force(tr, nil); err == nil || !strings.Contains(err.Error(), "no event") {
		t.Errorf("Force of nothing: %v", err)
	}
	if _, err := encode.Force(tr, map[trace.EventID]trace.Value{store: trace.Int(2), branch: trace.Bool(false)}); err == nil || !strings.Contains(err.Error(), "is not on") {
		t.Errorf("Force of two lines: %v", err)
	}
	for _, tt := range []struct {
		name   string
		group  string
		forced map[trace.EventID]trace.Value
		want   string
	}{
		{"unknown statement", "nowhere.go:1", map[trace.EventID]trace.Value{branch: trace.Bool(false)}, "unknown statement"},
		{"another statement's", enc.GroupOf(tr, sum), map[trace.EventID]trace.Value{branch: trace.Bool(true)}, "not an instance of"},
		{"a Boolean for a number", enc.GroupOf(tr, sum), map[trace.EventID]trace.Value{store: trace.Bool(true)}, "does not fit"},
		{"a float for an int", enc.GroupOf(tr, sum), map[trace.EventID]trace.Value{store: trace.Float(1)}, "does not fit"},
		{"a value the line's result covers", enc.GroupOf(tr, sum), map[trace.EventID]trace.Value{sum: trace.Int(2)}, "not a predicate or replaceable"},
		{"a number for a branch", group, map[trace.EventID]trace.Value{branch: trace.Int(1)}, "does not fit"},
		{"not in the run", group, map[trace.EventID]trace.Value{trace.EventID(tr.Len()): trace.Bool(true)}, "not in the run"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := enc.Forced(tt.group, tr, tt.forced)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err %v, want %q", err, tt.want)
			}
		})
	}
}

// TestPredicate checks which instructions Forced can force: the function
// of each row has one instruction of the kind named (the first counts).
func TestPredicate(t *testing.T) {
	const src = `package p

var flag bool
var count int

func ifs(x int) int {
	if x > 0 {
		return 1
	}
	return 0
}
func retBool(x int) bool { return x > 0 }
func retInt(x int) int   { return x + 1 }
func retTwo(x int) (bool, int) { return x > 0, x }
func storeBool(x int)   { flag = x > 0 }
func storeInt(x int)    { count = x }
`
	pkg := buildSSA(t, src)
	for _, tt := range []struct {
		fn   string
		kind string // the instruction's type, as %T prints it
		want bool
	}{
		{"ifs", "*ssa.If", true},
		{"retBool", "*ssa.Return", true},
		{"retInt", "*ssa.Return", false},
		{"retTwo", "*ssa.Return", false},
		{"storeBool", "*ssa.Store", true},
		{"storeInt", "*ssa.Store", false},
		{"retInt", "*ssa.BinOp", false},
	} {
		t.Run(tt.fn+" "+tt.kind, func(t *testing.T) {
			in := firstInstr(t, pkg.Func(tt.fn), tt.kind)
			if got := encode.Predicate(in); got != tt.want {
				t.Errorf("Predicate(%v) = %v, want %v", in, got, tt.want)
			}
		})
	}
}

// TestReplaceable checks which numbers Forced can replace: the function
// of each row has the instruction named, the first of its kind (with
// its operator, for a BinOp). A line's result is replaced where it is
// returned or stored, unless it is one of several results.
func TestReplaceable(t *testing.T) {
	const src = `package p

var count int

func ret(x int) int          { return x + 1 }
func nested(x int) int       { return (x + 1) * 2 }
func float(x float64) float64 { return x / 2 }
func index(a []int, i int) int { return a[i+1] }
func store(x int)            { count = x * 3 }
func cmp(x int) bool         { return x+1 > 0 }
func loop(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}
func conv(x int) float64 { return float64(x) }
func two(x int) (int, error) { return x + 1, nil }
func param(x int) int { return x }
`
	pkg := buildSSA(t, src)
	for _, tt := range []struct {
		fn   string
		kind string // the instruction: its type, as %T prints it, and a BinOp's operator
		want bool
	}{
		{"ret", "*ssa.BinOp +", false},
		{"nested", "*ssa.BinOp +", false},
		{"nested", "*ssa.BinOp *", false},
		{"float", "*ssa.BinOp /", false},
		{"index", "*ssa.BinOp +", true},
		{"store", "*ssa.BinOp *", false},
		{"cmp", "*ssa.BinOp +", false},
		{"cmp", "*ssa.BinOp >", false},
		{"loop", "*ssa.BinOp +", true},
		{"loop", "*ssa.Phi", true},
		{"conv", "*ssa.Convert", false},
		{"ret", "*ssa.Return", true},
		{"store", "*ssa.Store", true},
		{"float", "*ssa.Return", true},
		{"two", "*ssa.BinOp +", true},
		{"two", "*ssa.Return", false},
		{"param", "*ssa.Return", true},
	} {
		t.Run(tt.fn+" "+tt.kind, func(t *testing.T) {
			in := firstInstr(t, pkg.Func(tt.fn), tt.kind)
			if got := encode.Replaceable(in); got != tt.want {
				t.Errorf("Replaceable(%v) = %v, want %v", in, got, tt.want)
			}
		})
	}
}

// buildSSA builds package p of source src.
func buildSSA(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// firstInstr returns fn's first instruction of kind: its type, as %T
// prints it, and for a BinOp its operator after a space ("*ssa.BinOp
// +"); a kind without an operator matches any BinOp.
func firstInstr(t *testing.T, fn *ssa.Function, kind string) ssa.Instruction {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, i := range b.Instrs {
			k := fmt.Sprintf("%T", i)
			if op, ok := i.(*ssa.BinOp); ok && strings.Contains(kind, " ") {
				k += " " + op.Op.String()
			}
			if k == kind {
				return i
			}
		}
	}
	t.Fatalf("no %s in %s", kind, fn.Name())
	return nil
}
