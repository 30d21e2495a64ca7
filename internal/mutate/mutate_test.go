package mutate

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// typed type-checks src as the one file /x/p.go of package p.
func typed(t *testing.T, src string) *unit {
	t.Helper()
	fset := token.NewFileSet()
	const name = "/x/p.go"
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &unit{fset: fset, types: pkg, info: info, files: []*ast.File{f}, names: []string{name},
		src: map[string][]byte{name: []byte(src)}, imports: map[string]*types.Package{}}
}

// mutants returns the schema's mutants as "line: OP orig -> repl".
func mutants(s *Schema) []string {
	var out []string
	for _, m := range s.Mutants {
		out = append(out, strings.TrimPrefix(m.String(), "p.go:"))
	}
	return out
}

func TestOperators(t *testing.T) {
	const head = "package p\n\nvar g int\n\n"
	for _, tc := range []struct {
		name   string
		body   string // the function body starts on line 5
		line   int
		values []string
		want   []string
	}{
		{"ROR ints", "func f(a, b int) bool {\n\treturn a < b\n}\n", 6, nil, []string{
			"6: ROR a < b -> a == b", "6: ROR a < b -> a != b", "6: ROR a < b -> a <= b", "6: ROR a < b -> a > b", "6: ROR a < b -> a >= b",
			"6: NEG a < b -> !(a < b)", "6: CON a < b -> true", "6: CON a < b -> false",
		}},
		{"ROR unordered", "func f(a, b *int) bool {\n\treturn a == b\n}\n", 6, nil, []string{
			"6: ROR a == b -> a != b", "6: NEG a == b -> !(a == b)", "6: CON a == b -> true", "6: CON a == b -> false",
		}},
		{"LCR in a condition", "func f(a, b bool) int {\n\tif a && b {\n\t\treturn 1\n\t}\n\treturn 0\n}\n", 6, nil, []string{
			"6: LCR a && b -> a || b", "6: NEG a && b -> !(a && b)", "6: CON a && b -> true", "6: CON a && b -> false",
		}},
		{"AOR and CRP", "func f(a int) {\n\tg = a + 2\n}\n", 6, nil, []string{
			"6: AOR a + 2 -> a - 2", "6: AOR a + 2 -> a * 2", "6: AOR a + 2 -> a / 2", "6: AOR a + 2 -> a % 2",
			"6: CRP 2 -> 3", "6: CRP 2 -> 1",
		}},
		{"no division by a zero constant, no % on floats", "func f(a float64) float64 {\n\treturn a + 0\n}\n", 6, nil, []string{
			"6: AOR a + 0 -> a - 0", "6: AOR a + 0 -> a * 0",
		}},
		{"CRP keeps to the type", "func f() uint8 {\n\treturn 255\n}\n", 6, nil, []string{
			"6: CRP 255 -> 254",
		}},
		{"CRP of a rune literal stays one", "func f(v byte) byte {\n\treturn v - 'B' + '\\x00'\n}\n", 6, nil, []string{
			"6: AOR v - 'B' + '\\x00' -> v - 'B' - '\\x00'", "6: AOR v - 'B' + '\\x00' -> v - 'B' * '\\x00'",
			"6: AOR v - 'B' -> v + 'B'", "6: AOR v - 'B' -> v * 'B'", "6: AOR v - 'B' -> v / 'B'", "6: AOR v - 'B' -> v % 'B'",
			"6: CRP 'B' -> 'C'", "6: CRP 'B' -> 'A'", "6: CRP '\\x00' -> '\\x01'",
		}},
		{"CRP negative", "func f() int {\n\treturn -1\n}\n", 6, nil, []string{
			"6: CRP -1 -> 0", "6: CRP -1 -> (-2)",
		}},
		{"no CRP of an array's constant index", "func f(a [4]int) int {\n\treturn a[3]\n}\n", 6, nil, nil},
		{"CRP of a slice's index", "func f(a []int) int {\n\treturn a[3]\n}\n", 6, nil, []string{
			"6: CRP 3 -> 4", "6: CRP 3 -> 2",
		}},
		{"ANG", "func f(a int) {\n\tg = a + 1\n}\n", 6, []string{"7", "-3", "x", "1.5"}, []string{
			"6: AOR a + 1 -> a - 1", "6: AOR a + 1 -> a * 1", "6: AOR a + 1 -> a / 1", "6: AOR a + 1 -> a % 1",
			"6: ANG a + 1 -> 7", "6: ANG a + 1 -> -3",
			"6: CRP 1 -> 2", "6: CRP 1 -> 0",
		}},
		{"ANG of strings", "func f(a string) string {\n\treturn a + \"s\"\n}\n", 6, []string{`"es"`, `"a\tb\xff"`, "es", "7", "true"}, []string{
			"6: ANG a + \"s\" -> \"es\"", "6: ANG a + \"s\" -> \"a\\tb\\xff\"",
		}},
		{"ANG of a string definition with a call", "func h() string { return \"x\" }\nfunc f() string {\n\tb := h() + \"rd\"\n\treturn b\n}\n", 7, []string{`"nd"`}, []string{
			"7: ANG h() + \"rd\" -> \"nd\"",
		}},
		{"ANG of floats", "func f(a float64) float64 {\n\treturn a * 2\n}\n", 6, []string{"100", "1.5", "-2.25e-300", "NaN", "+Inf", "-0", `"s"`, "true"}, []string{
			"6: AOR a * 2 -> a + 2", "6: AOR a * 2 -> a - 2", "6: AOR a * 2 -> a / 2",
			"6: ANG a * 2 -> 100", "6: ANG a * 2 -> 1.5", "6: ANG a * 2 -> -2.25e-300",
		}},
		{"ANG of float32 only exact", "func f(a float32) float32 {\n\treturn a * 2\n}\n", 6, []string{"0.5", "0.1", "0.10000000149011612", "1e+300"}, []string{
			"6: AOR a * 2 -> a + 2", "6: AOR a * 2 -> a - 2", "6: AOR a * 2 -> a / 2",
			"6: ANG a * 2 -> 0.5", "6: ANG a * 2 -> 0.10000000149011612",
		}},
		{"ANG equal to CON is CON", "func f(a, b int) bool {\n\treturn a == b\n}\n", 6, []string{"true"}, []string{
			"6: ROR a == b -> a != b", "6: ROR a == b -> a < b", "6: ROR a == b -> a <= b", "6: ROR a == b -> a > b", "6: ROR a == b -> a >= b",
			"6: NEG a == b -> !(a == b)", "6: CON a == b -> true", "6: CON a == b -> false",
		}},
		{"definition without calls", "func f(a int) int {\n\tb := a * 3\n\treturn b\n}\n", 6, []string{"9"}, []string{
			"6: AOR a * 3 -> a + 3", "6: AOR a * 3 -> a - 3", "6: AOR a * 3 -> a / 3", "6: AOR a * 3 -> a % 3", "6: ANG a * 3 -> 9",
			"6: CRP 3 -> 4", "6: CRP 3 -> 2",
		}},
		{"definition with a call: constants only", "func h() int { return 1 }\nfunc f() int {\n\tb := h() + 3\n\treturn b\n}\n", 7, []string{"9"}, []string{
			"7: ANG h() + 3 -> 9",
		}},
		{"only the lines asked", "func f(a, b int) int {\n\tif a < b {\n\t\treturn a + 1\n\t}\n\treturn b\n}\n", 7, nil, []string{
			"7: AOR a + 1 -> a - 1", "7: AOR a + 1 -> a * 1", "7: AOR a + 1 -> a / 1", "7: AOR a + 1 -> a % 1",
			"7: CRP 1 -> 2", "7: CRP 1 -> 0",
		}},
		{"operator's line in a multi-line expression", "func f(a, b bool) bool {\n\treturn a ||\n\t\tb\n}\n", 6, nil, []string{
			"6: LCR a ||\n\t\tb -> a && b", "6: NEG a ||\n\t\tb -> !(a ||\n\t\tb)", "6: CON a ||\n\t\tb -> true", "6: CON a ||\n\t\tb -> false",
		}},
		{"a function literal's statements, not the statement holding it", "func f(a int) int {\n\tg = func() int { return a + 1 }() + 2\n\treturn g\n}\n", 6, nil, []string{
			"6: AOR a + 1 -> a - 1", "6: AOR a + 1 -> a * 1", "6: AOR a + 1 -> a / 1", "6: AOR a + 1 -> a % 1",
			"6: CRP 1 -> 2", "6: CRP 1 -> 0",
		}},
		{"no mutant in an if's init", "func f(a int) int {\n\tif b := a + 1; b > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n", 6, nil, []string{
			"6: ROR b > 0 -> b == 0", "6: ROR b > 0 -> b != 0", "6: ROR b > 0 -> b < 0", "6: ROR b > 0 -> b <= 0", "6: ROR b > 0 -> b >= 0",
			"6: NEG b > 0 -> !(b > 0)", "6: CON b > 0 -> true", "6: CON b > 0 -> false",
			"6: CRP 0 -> 1", "6: CRP 0 -> (-1)",
		}},
		{"for condition and increment", "func f(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n", 7, nil, []string{
			"7: ROR i < n -> i == n", "7: ROR i < n -> i != n", "7: ROR i < n -> i <= n", "7: ROR i < n -> i > n", "7: ROR i < n -> i >= n",
			"7: NEG i < n -> !(i < n)", "7: CON i < n -> true", "7: CON i < n -> false",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := typed(t, head+tc.body)
			s, err := generate([]*unit{u}, []Target{{File: "/x/p.go", Line: tc.line, Values: tc.values}}, opSet{})
			if err != nil {
				t.Fatal(err)
			}
			got := mutants(s)
			if !slices.Equal(got, tc.want) {
				t.Errorf("mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			for i, m := range s.Mutants {
				if m.ID != i+1 {
					t.Errorf("mutant %d has ID %d", i, m.ID)
				}
			}
			if s.Dropped != 0 {
				t.Errorf("%d mutants dropped", s.Dropped)
			}
		})
	}
}

// TestRepairOperators: with repair, VRP replaces a local variable's read by
// each other visible local of an identical type, and OBO moves a
// non-constant integer right-hand side or result by one; neither is made
// without repair.
func TestRepairOperators(t *testing.T) {
	const head = "package p\n\nvar g int\n\n"
	for _, tc := range []struct {
		name string
		body string // the function body starts on line 5
		line int
		want []string // the VRP and OBO mutants
	}{
		{"VRP and OBO of a result", "func f(x, y int, s string) int {\n\treturn x\n}\n", 6, []string{
			"6: VRP x -> y", "6: OBO x -> x + 1", "6: OBO x -> x - 1",
		}},
		{"only variables declared before the read, visible, of the same type", "func f(a int, b uint) int {\n\tc := a\n\t{\n\t\ta := 1\n\t\tg = c\n\t\t_ = a\n\t}\n\td := 2\n\treturn c + d\n}\n", 9, []string{
			"9: VRP c -> a", "9: OBO c -> c + 1", "9: OBO c -> c - 1",
		}},
		{"after the block", "func f(a int, b uint) int {\n\tc := a\n\t{\n\t\ta := 1\n\t\tg = c\n\t\t_ = a\n\t}\n\td := 2\n\treturn c + d\n}\n", 13, []string{
			"13: OBO c + d -> c + d + 1", "13: OBO c + d -> c + d - 1", "13: VRP c -> a", "13: VRP c -> d", "13: VRP d -> a", "13: VRP d -> c",
		}},
		{"no field, package variable or assigned variable", "type T struct{ f, h int }\nfunc f(t T, n int) {\n\tn = t.f + g\n}\n", 7, []string{
			"7: OBO t.f + g -> t.f + g + 1", "7: OBO t.f + g -> t.f + g - 1",
		}},
		{"a condition: VRP, no OBO", "func f(i, n, m int) bool {\n\tif i < n {\n\t\treturn true\n\t}\n\treturn false\n}\n", 6, []string{
			"6: VRP i -> m", "6: VRP i -> n", "6: VRP n -> i", "6: VRP n -> m",
		}},
		{"no OBO of a definition that calls", "func h() int { g++; return g }\nfunc f() int {\n\tb := h() + 3\n\treturn b\n}\n", 7, nil},
		{"OBO of a pure call's argument in a definition", "func words(i uint) int { return int((i + 63) / 64) }\nfunc f(top, bits uint) int {\n\tn := words(top + bits)\n\treturn n\n}\n", 7, []string{
			"7: OBO words(top + bits) -> words(top + bits) + 1", "7: OBO words(top + bits) -> words(top + bits) - 1",
			"7: OBO top + bits -> top + bits + 1", "7: OBO top + bits -> top + bits - 1", "7: VRP top -> bits", "7: VRP bits -> top",
		}},
		{"no OBO of an impure call's argument", "func h(i int) int { g = i; return i }\nfunc f(a int) int {\n\tb := h(a)\n\treturn b\n}\n", 7, nil},
		{"OBO of a pure call's argument in a result", "func words(i uint) int { return int((i + 63) / 64) }\nfunc f(n uint) int {\n\treturn 2 * words(n)\n}\n", 7, []string{
			"7: OBO 2 * words(n) -> 2 * words(n) + 1", "7: OBO 2 * words(n) -> 2 * words(n) - 1", "7: OBO n -> n + 1", "7: OBO n -> n - 1",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRepairOps(t, head+tc.body, []Target{{File: "/x/p.go", Line: tc.line}}, tc.want, VRP, OBO)
		})
	}
}

// checkRepairOps generates the mutants of targets in src with and without
// repair: with, the mutants of ops must be want (each also checked to
// name its expression's column), and none dropped; without, there must be
// none of ops.
func checkRepairOps(t *testing.T, src string, targets []Target, want []string, ops ...Op) {
	t.Helper()
	s, err := generate([]*unit{typed(t, src)}, targets, opSet{repair: true})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	var got []string
	for _, m := range s.Mutants {
		if slices.Contains(ops, m.Op) {
			got = append(got, strings.TrimPrefix(m.String(), "p.go:"))
			if l := lines[m.Line-1]; m.Op == ACR && (m.Column < 1 || m.Column > len(l) || !strings.HasPrefix(l[m.Column-1:], m.Orig)) {
				t.Errorf("%v: column %d is not the constant's in %q", m, m.Column, l)
			}
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("repair mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if s.Dropped != 0 {
		t.Errorf("%d mutants dropped", s.Dropped)
	}
	plain, err := generate([]*unit{typed(t, src)}, targets, opSet{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range plain.Mutants {
		if slices.Contains(ops, m.Op) {
			t.Errorf("without repair: %v", m)
		}
	}
}

// TestACR: with repair, a constant operand of a right-hand side or result
// is replaced by the one that gives each instance its angelic value; the
// oracle is the arithmetic of the instance, checked on every mutant made.
func TestACR(t *testing.T) {
	const head = "package p\n\nvar g int\nvar h string\n\n"
	for _, tc := range []struct {
		name  string
		body  string // the function body starts on line 6
		line  int
		insts []Instance
		want  []string // the ACR mutants
	}{
		{"x + c", "func f(x int) int {\n\treturn x + 3\n}\n", 7, []Instance{{"10", "12"}, {"4", "6"}, {"10", "-20"}}, []string{
			"7: ACR 3 -> 5", "7: ACR 3 -> (-27)",
		}},
		{"x - c", "func f(x int) {\n\tg = x - 3\n}\n", 7, []Instance{{"10", "12"}}, []string{"7: ACR 3 -> 1"}},
		{"c - x", "func f(x int) {\n\tg = 3 - x\n}\n", 7, []Instance{{"-7", "-5"}}, []string{"7: ACR 3 -> 5"}},
		{"c + x in a definition", "func f(x int) int {\n\ty := 100 + x\n\treturn y\n}\n", 7, []Instance{{"150", "140"}}, []string{"7: ACR 100 -> 90"}},
		// 250 - 5 is no uint8 (the fix would need wrap-around); 251 is
		// CRP's mutant, kept as CRP.
		{"a typed constant stays representable", "func f(x uint8) uint8 {\n\treturn x + 250\n}\n", 7, []Instance{{"255", "200"}, {"255", "0"}, {"250", "251"}}, []string{"7: ACR 250 -> 195"}},
		{"a rune literal stays one", "func f(v byte) byte {\n\treturn v - 'B'\n}\n", 7, []Instance{{"31", "40"}}, []string{"7: ACR 'B' -> '9'"}},
		{"string suffix", "func f(s string) string {\n\treturn s + \"s\"\n}\n", 7, []Instance{{`"buss"`, `"buses"`}, {`"buss"`, `"cats"`}}, []string{`7: ACR "s" -> "es"`}},
		{"string prefix", "func f(s string) {\n\th = \"re\" + s\n}\n", 7, []Instance{{`"redo"`, `"undo"`}}, []string{`7: ACR "re" -> "un"`}},
		{"nested: the outer constant", "func f(a, b string) string {\n\treturn a + \"-\" + b + \"!\"\n}\n", 7, []Instance{{`"x-y!"`, `"x-y?"`}}, []string{`7: ACR "!" -> "?"`}},
		{"no constant operand", "func f(x, y int) int {\n\treturn x + y\n}\n", 7, []Instance{{"3", "4"}}, nil},
		{"x * c", "func f(x int) int {\n\treturn x * 3\n}\n", 7, []Instance{{"30", "50"}, {"31", "40"}, {"30", "35"}, {"0", "7"}}, []string{"7: ACR 3 -> 5"}},
		{"c * x, negative", "func f(x int) {\n\tg = 6 * x\n}\n", 7, []Instance{{"12", "-10"}}, []string{"7: ACR 6 -> (-5)"}},
		{"not / or %", "func f(x int) int {\n\treturn x / 3\n}\n", 7, []Instance{{"10", "20"}}, nil},
		{"a definition that calls", "func k() int { return 1 }\nfunc f() int {\n\tb := k() + 3\n\treturn b\n}\n", 8, []Instance{{"4", "5"}}, nil},
		{"malformed values", "func f(x int) int {\n\treturn x + 3\n}\n", 7, []Instance{{"x", "4"}, {"4", `"s"`}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkRepairOps(t, head+tc.body, []Target{{File: "/x/p.go", Line: tc.line, Instances: tc.insts}}, tc.want, ACR)
		})
	}
}

// TestSchemaText checks the selection code of each kind of host.
func TestSchemaText(t *testing.T) {
	src := "package p\n\nfunc f(a, b int) int {\n\tc := a + b\n\tif a < b {\n\t\tc = a - b\n\t}\n\treturn c\n}\n"
	u := typed(t, src)
	s, err := generate([]*unit{u}, []Target{{File: "/x/p.go", Line: 4, Values: []string{"9"}}, {File: "/x/p.go", Line: 5}, {File: "/x/p.go", Line: 8, Values: []string{"2"}}}, opSet{})
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nfunc f(a, b int) int {\n" +
		"\tc := a + b; if faultlocMutant == 1 { c = a - b } else if faultlocMutant == 2 { c = a * b } else if faultlocMutant == 3 { c = a / b } else if faultlocMutant == 4 { c = a % b } else if faultlocMutant == 5 { c = 9 }\n" +
		"\tif (faultlocMutant == 6 && (a == b) || faultlocMutant == 7 && (a != b) || faultlocMutant == 8 && (a <= b) || faultlocMutant == 9 && (a > b) || faultlocMutant == 10 && (a >= b) || faultlocMutant == 11 && (!(a < b)) || faultlocMutant == 12 && (true) || faultlocMutant == 13 && (false) || (faultlocMutant < 6 || faultlocMutant > 13) && (a < b)) {\n" +
		"\t\tc = a - b\n\t}\n" +
		"\tif faultlocMutant == 14 { return 2 } else { return c }\n}\n" +
		"\n\n// faultlocMutant selects the mutant that runs (faultloc's mutant schema; 0: none).\nvar faultlocMutant int\n"
	if got := string(s.Files["/x/p.go"]); got != want {
		t.Errorf("schema:\n%s\nwant:\n%s", got, want)
	}
	if len(s.Hosts) != 3 {
		t.Fatalf("%d hosts, want 3", len(s.Hosts))
	}
	for i, h := range s.Hosts {
		if got := s.HostAt("/x/p.go", h.Start); got != i {
			t.Errorf("HostAt(start of host %d) = %d", i, got)
		}
		if got := s.HostAt("/x/p.go", h.End); got == i {
			t.Errorf("HostAt(end of host %d) = %d", i, got)
		}
		for _, id := range h.Mutants {
			if s.Mutants[id-1].Host != i {
				t.Errorf("mutant %d: host %d, want %d", id, s.Mutants[id-1].Host, i)
			}
		}
	}
	if got := s.HostAt("/x/p.go", 0); got != -1 {
		t.Errorf("HostAt(0) = %d, want -1", got)
	}
}

// TestDropsWhatDoesNotCheck: a constant index of a constant string that
// the rules let through ("abc"[3] is out of range at compile time) is
// dropped by the type check, and the other mutants stay.
func TestDropsWhatDoesNotCheck(t *testing.T) {
	src := "package p\n\nfunc f() byte {\n\treturn \"abc\"[2]\n}\n"
	u := typed(t, src)
	s, err := generate([]*unit{u}, []Target{{File: "/x/p.go", Line: 4}}, opSet{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mutants(s), []string{"4: CRP 2 -> 1"}; !slices.Equal(got, want) || s.Dropped != 1 {
		t.Errorf("mutants %q, %d dropped; want %q, 1 dropped", got, s.Dropped, want)
	}
	if errs := check(u, s.Files); len(errs) > 0 {
		t.Errorf("schema does not check: %v", errs)
	}
}

// TestBuild loads a package from disk with go/packages and mutates it.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("m.go", "package m\n\nimport \"strings\"\n\nfunc F(s string, n int) bool {\n\treturn len(strings.TrimSpace(s)) > n\n}\n")
	s, err := Build(context.Background(), &Config{Dir: dir}, []string{"."}, []Target{{File: filepath.Join(dir, "m.go"), Line: 6}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Mutants) != 8 || s.Dropped != 0 {
		t.Errorf("%d mutants (%d dropped), want 8: %v", len(s.Mutants), s.Dropped, mutants(s))
	}
	if _, err := Build(context.Background(), &Config{Dir: dir}, []string{"./nosuch"}, nil); err == nil {
		t.Error("Build of a missing package: no error")
	}
}

// TestBuildMemo: Build loads a program once for schemas of the same
// inputs (the operators do not matter), and again when the overlay, the
// environment or a source file changes.
func TestBuildMemo(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "m.go")
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/memo\n\ngo 1.22\n")
	write("m.go", "package m\n\nfunc F(n int) bool {\n\treturn n > 0\n}\n")
	loads := 0
	loadHook = func() { loads++ }
	defer func() { loadHook = nil }()
	targets := []Target{{File: m, Line: 4}}
	steps := []struct {
		name  string
		cfg   Config
		edit  func()
		loads int
		orig  string // the mutants' original expression
	}{
		{"first", Config{Dir: dir}, nil, 1, "n > 0"},
		{"same", Config{Dir: dir}, nil, 1, "n > 0"},
		{"repair", Config{Dir: dir, Repair: true}, nil, 1, "n > 0"},
		{"overlay", Config{Dir: dir, Overlay: map[string][]byte{m: []byte("package m\n\nfunc F(n int) bool {\n\treturn n >= 1\n}\n")}}, nil, 2, "n >= 1"},
		{"overlay changed", Config{Dir: dir, Overlay: map[string][]byte{m: []byte("package m\n\nfunc F(n int) bool {\n\treturn n >= 2\n}\n")}}, nil, 3, "n >= 2"},
		{"env", Config{Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=mod")}, nil, 4, "n > 0"},
		{"back", Config{Dir: dir}, nil, 4, "n > 0"},
		{"source changed", Config{Dir: dir}, func() {
			// Same size, a later modification time.
			write("m.go", "package m\n\nfunc F(n int) bool {\n\treturn n < 0\n}\n")
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(m, later, later); err != nil {
				t.Fatal(err)
			}
		}, 5, "n < 0"},
		{"file added", Config{Dir: dir}, func() { write("n.go", "package m\n\nconst N = 1\n") }, 6, "n < 0"},
		{"unchanged again", Config{Dir: dir}, nil, 6, "n < 0"},
	}
	for _, st := range steps {
		if st.edit != nil {
			st.edit()
		}
		s, err := Build(context.Background(), &st.cfg, []string{"."}, targets)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if loads != st.loads {
			t.Errorf("%s: %d loads, want %d", st.name, loads, st.loads)
		}
		if !slices.ContainsFunc(s.Mutants, func(m Mutant) bool { return m.Orig == st.orig }) {
			t.Errorf("%s: mutants %v, want those of %s", st.name, mutants(s), st.orig)
		}
	}
}

// TestDeleteOperator: with Delete, SDL deletes an assignment, an
// increment, a call statement or a return, but not a statement that
// ends a function with results (the schema type-checks, nothing
// dropped); without Delete there is none.
func TestDeleteOperator(t *testing.T) {
	const head = "package p\n\nvar g int\n\n"
	for _, tc := range []struct {
		name  string
		body  string // the function body starts on line 5
		lines []int
		want  []string // the SDL mutants
	}{
		{"a count added twice", "func f(n int) int {\n\tc := 0\n\tc += n\n\tc += n\n\treturn c\n}\n", []int{6, 7, 8, 9}, []string{
			"7: SDL delete c += n", "8: SDL delete c += n",
		}},
		{"an early return, not the last", "func f(v []int) string {\n\tif len(v) == 0 {\n\t\treturn \"{}\"\n\t}\n\treturn \"x\"\n}\n", []int{7, 9}, []string{
			"7: SDL delete return \"{}\"",
		}},
		{"no branch of a terminating if", "func f(b bool) int {\n\tif b {\n\t\treturn 1\n\t} else if !b {\n\t\treturn 2\n\t} else {\n\t\treturn 3\n\t}\n}\n", []int{7, 9, 11}, nil},
		{"no branch of a terminating switch", "func f(i int) int {\n\tswitch i {\n\tcase 1:\n\t\treturn 1\n\tdefault:\n\t\treturn 2\n\t}\n}\n", []int{8, 10}, nil},
		{"an increment, not the ending panic", "func f() int {\n\tg++\n\tpanic(\"x\")\n}\n", []int{6, 7}, []string{
			"6: SDL delete g++",
		}},
		{"any statement of a function without results", "func f(n int) {\n\tg = n\n\tprintln(n)\n\treturn\n}\n", []int{6, 7, 8}, []string{
			"6: SDL delete g = n", "7: SDL delete println(n)", "8: SDL delete return",
		}},
		{"inside a function literal with results", "func f() {\n\th := func() int {\n\t\tg++\n\t\treturn g\n\t}\n\t_ = h\n}\n", []int{7, 8}, []string{
			"7: SDL delete g++",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.body
			var targets []Target
			for _, l := range tc.lines {
				targets = append(targets, Target{File: "/x/p.go", Line: l})
			}
			s, err := generate([]*unit{typed(t, src)}, targets, opSet{delete: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range s.Mutants {
				if m.Op == SDL {
					got = append(got, strings.TrimPrefix(m.String(), "p.go:"))
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("SDL mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if s.Dropped != 0 {
				t.Errorf("%d mutants dropped", s.Dropped)
			}
			plain, err := generate([]*unit{typed(t, src)}, targets, opSet{repair: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range plain.Mutants {
				if m.Op == SDL {
					t.Errorf("without Delete: %v", m)
				}
			}
		})
	}
}
