package nativetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

const F = "\x16"

func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		out      string
		complete bool
		want     string // name:status:ended:parallel, space separated
	}{
		{"pass and fail",
			F + "=== RUN   TestA\n" + F + "--- PASS: TestA (0.01s)\n" + F + "=== RUN   TestB\n    b_test.go:3: boom\n" + F + "--- FAIL: TestB (0.00s)\n" + F + "FAIL\n",
			true, "TestA:pass:true:false TestB:fail:true:false"},
		{"subtests, parallel, skip",
			F + "=== RUN   TestT\n" + F + "=== RUN   TestT/a\n" + F + "=== PAUSE TestT/a\n" + F + "=== RUN   TestT/b_c\n" + F + "--- SKIP: TestT/b_c (0.00s)\n" + F + "=== CONT  TestT/a\n" + F + "--- PASS: TestT/a (0.00s)\n" + F + "--- PASS: TestT (0.00s)\n" + F + "PASS\n",
			true, "TestT:pass:true:false TestT/a:pass:true:true TestT/b_c:skip:true:false"},
		{"crash mid-test",
			F + "=== RUN   TestA\n" + F + "=== RUN   TestA/x\nfatal error: out of memory\n",
			false, "TestA:fail:false:false TestA/x:fail:false:false"},
		{"framing after unterminated output",
			F + "=== RUN   ExampleX\nno newline" + F + "--- FAIL: ExampleX (0.00s)\n" + F + "FAIL\n",
			true, "ExampleX:fail:true:false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs, complete := Parse(strings.NewReader(tc.out))
			var got []string
			for _, r := range rs {
				got = append(got, fmt.Sprintf("%s:%v:%v:%v", r.Name, r.Status, r.Ended, r.Parallel))
			}
			if strings.Join(got, " ") != tc.want || complete != tc.complete {
				t.Errorf("got %v complete=%v\nwant %s complete=%v", got, complete, tc.want, tc.complete)
			}
		})
	}
	rs, _ := Parse(strings.NewReader(tests[0].out))
	if rs[0].Elapsed != 10*time.Millisecond || !strings.Contains(rs[1].Output, "boom") {
		t.Errorf("elapsed %v, output %q", rs[0].Elapsed, rs[1].Output)
	}
}

func TestParseProfile(t *testing.T) {
	prof := "mode: set\n" +
		"m/p/a.go:3.19,4.11 1 1\n" +
		"m/p/a.go:4.11,7.3 2 0\n" +
		"m/p/a.go:4.11,7.3 2 1\n" + // merged duplicate keeps the larger count
		"m/p/b.go:8.2,8.10 1 0\n"
	bs, err := ParseProfile(strings.NewReader(prof))
	if err != nil {
		t.Fatal(err)
	}
	want := []Block{
		{"m/p/a.go", 3, 19, 4, 11, 1, 1},
		{"m/p/a.go", 4, 11, 7, 3, 2, 1},
		{"m/p/b.go", 8, 2, 8, 10, 1, 0},
	}
	if !slices.Equal(bs, want) {
		t.Errorf("got %v\nwant %v", bs, want)
	}
	for _, bad := range []string{"m/p/a.go 3.1,4.1 1 1", "m/p/a.go:3.1,4 1 1", "m/p/a.go:3.1,4.1 x 1", "m/p/a.go:3.1,4.1 1"} {
		if _, err := ParseProfile(strings.NewReader("mode: set\n" + bad + "\n")); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

const layoutSrc = `package p

func F(x int) int {
	y := 0
	switch x {
	case 1:
		y = 1
	default:
	}
	g := func() int {
		return y
	}
	return g()
}

type T struct{}

func (*T) M() { F(1) }

var h = func() {}
`

func TestLayoutAndMapBlocks(t *testing.T) {
	l, err := ParseLayout("p.go", layoutSrc)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []string
	for _, f := range l.Funcs {
		funcs = append(funcs, fmt.Sprintf("%s@%d", f.Name, f.Start.Line))
	}
	if got := strings.Join(funcs, " "); got != "F@3 F.func1@10 (*T).M@18 glob..func1@20" {
		t.Errorf("funcs %s", got)
	}
	var stmts []int
	for _, s := range l.Stmts {
		stmts = append(stmts, s.Start.Line)
	}
	// y := 0; switch; case 1; y = 1; default; g := ...; return y; return g(); F(1)
	if !slices.Equal(stmts, []int{4, 5, 6, 7, 8, 10, 11, 13, 18}) {
		t.Errorf("statement lines %v", stmts)
	}
	// The blocks go test -cover cuts in this file (its real profile).
	blocks := []Block{
		{StartLine: 3, StartCol: 19, EndLine: 5, EndCol: 11},  // F's entry up to the switch
		{StartLine: 6, StartCol: 9, EndLine: 7, EndCol: 8},    // case 1 body
		{StartLine: 8, StartCol: 10, EndLine: 8, EndCol: 10},  // empty default body
		{StartLine: 10, StartCol: 2, EndLine: 10, EndCol: 18}, // g := func...
		{StartLine: 10, StartCol: 18, EndLine: 12, EndCol: 3}, // the closure's body
		{StartLine: 13, StartCol: 2, EndLine: 13, EndCol: 12}, // return g()
		{StartLine: 18, StartCol: 15, EndLine: 18, EndCol: 23},
		{StartLine: 20, StartCol: 17, EndLine: 20, EndCol: 18},
	}
	sb, bf := MapBlocks(l, blocks)
	// The case clauses' keywords fall outside every block and take their
	// body's block, even an empty one.
	if want := []int{0, 0, 1, 1, 2, 3, 4, 5, 6}; !slices.Equal(sb, want) {
		t.Errorf("statement blocks %v, want %v", sb, want)
	}
	if want := []int{0, 0, 0, 0, 1, 0, 2, 3}; !slices.Equal(bf, want) {
		t.Errorf("block functions %v, want %v", bf, want)
	}
}

func TestPatternAndLeaves(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"TestA", "^TestA$"},
		{"TestA/b_c", "^TestA$/^b_c$"},
		{"TestA/x.y(1)#01", `^TestA$/^x\.y\(1\)#01$`},
	} {
		if got := Pattern(tc.name); got != tc.want {
			t.Errorf("Pattern(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	rs := []Result{{Name: "TestA"}, {Name: "TestA/x"}, {Name: "TestA/x/deep"}, {Name: "TestA/y"}, {Name: "TestB"}, {Name: "Example"}}
	var got []string
	for _, r := range Leaves(rs) {
		got = append(got, r.Name)
	}
	if strings.Join(got, " ") != "TestA/x/deep TestA/y TestB Example" {
		t.Errorf("leaves %v", got)
	}
	// TestA fails outside its subtests; TestC fails through its subtest.
	rs = []Result{{Name: "TestA", Status: Fail}, {Name: "TestA/x"}, {Name: "TestC", Status: Fail}, {Name: "TestC/y", Status: Fail}, {Name: "TestD"}}
	got = nil
	for _, r := range Cases(rs) {
		got = append(got, r.Name)
	}
	if strings.Join(got, " ") != "TestA TestA/x TestC/y TestD" {
		t.Errorf("cases %v", got)
	}
}

func TestAddCleanups(t *testing.T) {
	src := `package p_test

import "testing"

func TestA(tt *testing.T) {
	tt.Log("a")
}

func Testlower(t *testing.T) {}
func TestB(_ *testing.T)     {}
func helper(t *testing.T)    {}
func TestÉ(t *testing.T)     {}
func BenchmarkX(b *testing.B) {}
`
	out, pkg, err := addCleanups("a_test.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	if pkg != "p_test" || !strings.Contains(got, "func TestA(tt *testing.T) { tt.Cleanup(faultlocCoverFlush);\n") ||
		!strings.Contains(got, "{ t.Cleanup(faultlocCoverFlush);}") || strings.Count(got, "Cleanup") != 2 {
		t.Errorf("package %q, rewritten:\n%s", pkg, got)
	}
	if strings.Count(got, "\n") != strings.Count(src, "\n") {
		t.Error("line count changed")
	}
	if out, _, _ := addCleanups("b_test.go", []byte("package p\n\nfunc helper() {}\n")); out != nil {
		t.Error("file without tests rewritten")
	}
}

func TestIsListed(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"TestA", true},
		{"BenchmarkX", true},
		{"FuzzParse", true},
		{"ExampleBitSet_Len", true},
		{"warning: GOCOVERDIR not set, no coverage data emitted", false},
		{"ok  \tpkg\t0.1s", false},
		{"", false},
		{"Testing: something", false},
	} {
		if got := isListed(tc.line); got != tc.want {
			t.Errorf("isListed(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}
