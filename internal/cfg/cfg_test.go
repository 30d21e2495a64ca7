package cfg

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// prelude declares the conditions c1..c4 and the statements s1..s5 the test
// functions call; labels in expectations are those names.
const prelude = `package p
func c1() bool
func c2() bool
func c3() bool
func c4() bool
func s1()
func s2()
func s3()
func s4()
func s5()
`

// build compiles src (appended to prelude) into SSA with the given mode and
// returns its package.
func build(t testing.TB, src string, mode ssa.BuilderMode) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", prelude+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("p", "p")
	ssaPkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, pkg, []*ast.File{f}, mode|ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return ssaPkg
}

// callees returns the names of the functions (and builtins) called in b, in order.
func callees(b *ssa.BasicBlock) []string {
	var names []string
	for _, instr := range b.Instrs {
		if c, ok := instr.(*ssa.Call); ok {
			switch v := c.Call.Value.(type) {
			case *ssa.Function:
				names = append(names, v.Name())
			case *ssa.Builtin:
				if !strings.Contains(v.Name(), ":") { // not ssa:deferstack
					names = append(names, v.Name())
				}
			}
		}
	}
	return names
}

// describe renders ControlDeps as "stmt: cond:T cond:F" lines, one per called
// function of interest (s*, c*), naming each branch by the last condition
// called in its block.
func describe(fn *ssa.Function) string {
	deps := ControlDeps(fn)
	label := func(b int) string {
		cs := callees(fn.Blocks[b])
		if len(cs) == 0 {
			return fmt.Sprintf("b%d", b)
		}
		return cs[len(cs)-1]
	}
	var lines []string
	for i, b := range fn.Blocks {
		for _, name := range callees(b) {
			var ds []string
			for _, d := range deps[i] {
				ds = append(ds, label(d.Block)+":"+[]string{"T", "F"}[d.Succ])
			}
			lines = append(lines, strings.TrimSpace(name+": "+strings.Join(ds, " ")))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

func TestControlDepsSource(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // sorted "stmt: deps" lines
	}{
		{"ifelse", `func f() { if c1() { s1() } else { s2() }; s3() }`,
			[]string{"c1:", "s1: c1:T", "s2: c1:F", "s3:"}},
		{"loop", `func f() { for c1() { s1(); if c2() { s2() } }; s3() }`,
			[]string{"c1: c1:T", "c2: c1:T", "s1: c1:T", "s2: c2:T", "s3:"}},
		{"and", `func f() { if c1() && c2() { s1() } else { s2() }; s3() }`,
			[]string{"c1:", "c2: c1:T", "s1: c2:T", "s2: c1:F c2:F", "s3:"}},
		{"or", `func f() { if c1() || c2() { s1() }; s2() }`,
			[]string{"c1:", "c2: c1:F", "s1: c1:T c2:T", "s2:"}},
		{"switch", `func f() { switch { case c1(): s1(); case c2(): s2(); default: s3() }; s4() }`,
			[]string{"c1:", "c2: c1:F", "s1: c1:T", "s2: c2:T", "s3: c2:F", "s4:"}},
		{"earlyReturn", `func f() { if c1() { return }; s1(); if c2() { s2(); return }; s3() }`,
			[]string{"c1:", "c2: c1:F", "s1: c1:F", "s2: c2:T", "s3: c2:F"}},
		{"infiniteLoop", `func f() { s1(); for { s2(); if c1() { s3() }; s4() } }`,
			[]string{"c1:", "s1:", "s2:", "s3: c1:T", "s4:"}},
		{"infiniteLoopContinue", `func f() { for { if c1() { s1(); continue }; s2() } }`,
			[]string{"c1:", "s1: c1:T", "s2: c1:F"}},
		{"nestedInfinite", `func f() { for { for c1() { s1() }; s2() } }`,
			// The outer loop's body jumps straight to the inner header, so
			// both back edges (s1's and s2's) share that header and both
			// latches are joined: s2 then runs only when c1 is false.
			[]string{"c1:", "s1: c1:T", "s2: c1:F"}},
		{"branchToInfinite", `func f() { if c1() { s1(); for {} }; s2() }`,
			[]string{"c1:", "s1: c1:T", "s2: c1:F"}},
		{"loopWithPanicExit", `func f() { for { if c1() { panic(0) }; s1() } }`,
			[]string{"c1: c1:F", "s1: c1:F"}},
		{"panic", `func f() { if c1() { s1(); panic("x") }; s2(); if c2() { s3() }; s4() }`,
			[]string{"c1:", "c2: c1:F", "s1: c1:T", "s2: c1:F", "s3: c2:T", "s4: c1:F"}},
		{"breakOut", `func f() { for c1() { if c2() { s1(); break }; s2() }; s3() }`,
			// The header runs again only after c2 was false, and s2 runs
			// only then: c1:T alone decides neither.
			[]string{"c1: c2:F", "c2: c1:T", "s1: c2:T", "s2: c2:F", "s3:"}},
		{"selectForever", `func f() { if c1() { s1(); select {} }; s2() }`,
			[]string{"c1:", "s1: c1:T", "s2: c1:F"}},
		{"irreducibleGoto", `func f() {
			if c1() { goto B }
		A:
			s1()
			if c2() { return }
		B:
			s2()
			goto A
		}`, []string{"c1:", "c2: c2:F", "s1: c2:F", "s2: c1:T c2:F"}},
		{"deferRecover", `func f() (r int) {
			defer func() { if recover() != nil { s1() } }()
			if c1() { panic("p") }
			s2()
			return 1
		}`, []string{"c1:", "s2: c1:F"}},
	}
	for _, mode := range []ssa.BuilderMode{0, ssa.NaiveForm} {
		for _, tt := range tests {
			t.Run(fmt.Sprintf("%s/naive=%v", tt.name, mode != 0), func(t *testing.T) {
				fn := build(t, tt.src, mode).Func("f")
				got := describe(fn)
				if want := strings.Join(tt.want, "\n"); got != want {
					t.Errorf("ControlDeps(%s):\n got:\n%s\nwant:\n%s\n%s", tt.name, got, want, dump(fn))
				}
			})
		}
	}
}

// dump prints fn's blocks with their successors and post-dominators, for
// failure messages.
func dump(fn *ssa.Function) string {
	t := PostDominators(fn)
	var sb strings.Builder
	for i, b := range fn.Blocks {
		fmt.Fprintf(&sb, "  b%d %s succs=", i, b.Comment)
		for _, s := range b.Succs {
			fmt.Fprintf(&sb, "%d ", s.Index)
		}
		fmt.Fprintf(&sb, "ipdom=%d calls=%v\n", t.Ipdom(i), callees(b))
	}
	return sb.String()
}

func TestDeferRecoverBlocks(t *testing.T) {
	src := `func f() (r int) {
		defer func() { if recover() != nil { s1() } }()
		if c1() { panic("p") }
		return 1
	}`
	pkg := build(t, src, 0)
	fn := pkg.Func("f")
	if fn.Recover == nil {
		t.Fatal("no Recover block")
	}
	r := fn.Recover.Index
	tree := PostDominators(fn)
	if got := tree.Ipdom(r); got != Exit {
		t.Errorf("Ipdom(recover b%d) = %d, want Exit", r, got)
	}
	if deps := ControlDeps(fn)[r]; len(deps) != 0 {
		t.Errorf("recover block depends on %v, want nothing", deps)
	}
	if j := tree.Joined(); len(j) != 0 {
		t.Errorf("Joined() = %v, want none", j)
	}
	// The deferred closure: s1 depends on recover() != nil.
	closure := fn.AnonFuncs[0]
	if got, want := describe(closure), "recover:\ns1: recover:T"; got != want {
		t.Errorf("closure deps:\n%s\nwant:\n%s", got, want)
	}
}

func TestPostDominatorsSource(t *testing.T) {
	// Straight-line code after an if/else post-dominates everything before.
	fn := build(t, `func f() { s1(); if c1() { s2() } else { s3() }; s4() }`, 0).Func("f")
	tree := PostDominators(fn)
	var entry, join int = 0, -1
	for i, b := range fn.Blocks {
		if slices.Contains(callees(b), "s4") {
			join = i
		}
	}
	if !tree.PostDominates(join, entry) {
		t.Errorf("s4's block b%d does not post-dominate the entry:\n%s", join, dump(fn))
	}
	if tree.Ipdom(entry) != join {
		t.Errorf("Ipdom(entry) = %d, want %d", tree.Ipdom(entry), join)
	}
	if tree.Ipdom(join) != Exit || !tree.PostDominates(Exit, join) {
		t.Errorf("the return block's ipdom is %d, want Exit", tree.Ipdom(join))
	}
	for b := range fn.Blocks {
		if !tree.PostDominates(b, b) {
			t.Errorf("PostDominates(%d, %d) = false", b, b)
		}
	}
	if tree.PostDominates(entry, join) || tree.PostDominates(0, 99) || tree.PostDominates(99, 0) || tree.Ipdom(99) != Exit {
		t.Error("out-of-range or reversed queries answered true")
	}
	if tree.Len() != len(fn.Blocks) {
		t.Errorf("Len() = %d, want %d", tree.Len(), len(fn.Blocks))
	}
}

func TestExternalFunction(t *testing.T) {
	fn := build(t, ``, 0).Func("s1") // declared without body
	if deps := ControlDeps(fn); deps != nil {
		t.Errorf("ControlDeps(external) = %v, want nil", deps)
	}
	if tree := PostDominators(fn); tree.Len() != 0 || tree.Ipdom(0) != Exit {
		t.Errorf("PostDominators(external) not empty")
	}
	if ControlDeps(nil) != nil || PostDominators(nil).Len() != 0 {
		t.Error("nil function not handled")
	}
}
