package tcas

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The native check of the 41 versions compiles them, with the fault-free
// port as v0, into one program in a temporary module (one go build of 42
// small packages) and runs the whole universe on each version in one
// process. The program reports one character per test: an output digit,
// 'u' for the usage error, 'p' for an index-out-of-range panic, 'x' for any
// other panic and 'o' for an output outside 0..2.

const driverHead = `package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
`

const driverBody = `
func run(m func([]int) (int, error), args []int) (c byte) {
	defer func() {
		if r := recover(); r != nil {
			c = 'x'
			if e, ok := r.(runtime.Error); ok && strings.Contains(e.Error(), "index out of range") {
				c = 'p'
			}
		}
	}()
	n, err := m(args)
	switch {
	case err != nil:
		return 'u'
	case n >= 0 && n <= 2:
		return byte('0' + n)
	}
	return 'o'
}

func main() {
	var tests [][]int
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var args []int
		for _, f := range strings.Fields(sc.Text()) {
			n, err := strconv.Atoi(f)
			if err != nil {
				panic(err)
			}
			args = append(args, n)
		}
		tests = append(tests, args)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for v, m := range mains {
		out := make([]byte, len(tests))
		for i, args := range tests {
			out[i] = run(m, args)
		}
		fmt.Fprintf(w, "v%d %s\n", v, out)
	}
}
`

// nativeRuns holds the outcomes of the native check, computed once per test
// binary: outcomes[n][i] is version n's outcome on test i (n = 0 is the
// fault-free port; NumVersions+1+k is Repairs()[k]).
var nativeRuns struct {
	once     sync.Once
	outcomes [][]Outcome
	err      error
}

// runVersionsNatively builds and runs the program described above.
func runVersionsNatively(t *testing.T) [][]Outcome {
	t.Helper()
	nativeRuns.once.Do(func() {
		nativeRuns.outcomes, nativeRuns.err = buildAndRun()
	})
	if nativeRuns.err != nil {
		t.Fatal(nativeRuns.err)
	}
	return nativeRuns.outcomes
}

func buildAndRun() ([][]Outcome, error) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("no go command to build the versions: %v", err)
	}
	dir, err := os.MkdirTemp("", "tcasversions")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	write := func(name string, data []byte) error {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	if err := write("go.mod", []byte("module tcasversions\n\ngo 1.26\n")); err != nil {
		return nil, err
	}
	// The programs, in order: the port (v0), the versions, the repairs.
	srcs := [][]byte{Source()}
	for n := 1; n <= NumVersions; n++ {
		v, err := Lookup(n)
		if err != nil {
			return nil, err
		}
		src, err := v.Source()
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src)
	}
	for _, r := range Repairs() {
		src, err := r.Source()
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, src)
	}
	var imports, mains strings.Builder
	for n, src := range srcs {
		if err := write(fmt.Sprintf("v%d/%s", n, SourceFile), src); err != nil {
			return nil, err
		}
		fmt.Fprintf(&imports, "\tv%d \"tcasversions/v%d\"\n", n, n)
		fmt.Fprintf(&mains, "\tv%d.Main,\n", n)
	}
	driver := driverHead + imports.String() + ")\n\nvar mains = []func([]int) (int, error){\n" + mains.String() + "}\n" + driverBody
	if err := write("main.go", []byte(driver)); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "versions")
	build := exec.Command(gocmd, "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off", "GO111MODULE=on", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the versions: %v\n%s", err, out)
	}
	run := exec.Command(bin)
	run.Stdin = strings.NewReader(universeTxt)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		return nil, fmt.Errorf("running the versions: %v\n%s", err, stderr.Bytes())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != NumVersions+1+len(Repairs()) {
		return nil, fmt.Errorf("versions program printed %d lines, want %d", len(lines), NumVersions+1+len(Repairs()))
	}
	outcomes := make([][]Outcome, len(lines))
	for n, line := range lines {
		prefix := fmt.Sprintf("v%d ", n)
		codes, ok := strings.CutPrefix(line, prefix)
		if !ok || len(codes) != UniverseSize {
			return nil, fmt.Errorf("versions program: malformed line %d: %.40q", n+1, line)
		}
		outcomes[n] = make([]Outcome, UniverseSize)
		for i := range codes {
			switch c := codes[i]; c {
			case '0', '1', '2':
				outcomes[n][i] = Outcome(c - '0')
			case 'u':
				outcomes[n][i] = Usage
			case 'p':
				outcomes[n][i] = Panic
			case 'o':
				outcomes[n][i] = Other
			default:
				return nil, fmt.Errorf("v%d on t%d: panic other than an index out of range", n, i+1)
			}
		}
	}
	return outcomes, nil
}

var update = flag.Bool("update", false, "rewrite testdata/versions.golden and the generated part of DIFFERENCES.md")

// faultMatrix reads testdata/fault_matrix.tsv: for each version 1..41 the
// failing tests (0-based) in SIR's matrix and in the gcc-12 rebuild.
func faultMatrix(t *testing.T) (sir, gcc [][]int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "fault_matrix.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != NumVersions+1 {
		t.Fatalf("fault_matrix.tsv: %d lines", len(lines))
	}
	parse := func(count, list string) []int {
		var out []int
		if list != "" {
			for _, f := range strings.Split(list, ",") {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("fault_matrix.tsv: %v", err)
				}
				out = append(out, n)
			}
		}
		if strconv.Itoa(len(out)) != count {
			t.Fatalf("fault_matrix.tsv: count %s for %d tests", count, len(out))
		}
		return out
	}
	sir, gcc = make([][]int, NumVersions+1), make([][]int, NumVersions+1)
	for n, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) != 5 || f[0] != fmt.Sprintf("v%d", n+1) {
			t.Fatalf("fault_matrix.tsv: malformed line %d", n+2)
		}
		sir[n+1], gcc[n+1] = parse(f[1], f[2]), parse(f[3], f[4])
	}
	return sir, gcc
}

// failing returns the tests whose outcome differs from the expected one.
func failing(outcomes, want []Outcome) []int {
	var out []int
	for i := range outcomes {
		if outcomes[i] != want[i] {
			out = append(out, i)
		}
	}
	return out
}

// split separates tests into the out-of-bounds ones and the others.
func split(tests []int, oob map[int]bool) (in, out []int) {
	for _, i := range tests {
		if oob[i] {
			out = append(out, i)
		} else {
			in = append(in, i)
		}
	}
	return in, out
}

// minus returns the elements of a not in b (both sorted).
func minus(a, b []int) []int {
	var out []int
	for _, x := range a {
		if _, found := slices.BinarySearch(b, x); !found {
			out = append(out, x)
		}
	}
	return out
}

func names(tests []int) string {
	if len(tests) == 0 {
		return "–"
	}
	s := make([]string, len(tests))
	for i, n := range tests {
		s[i] = "t" + strconv.Itoa(n+1)
	}
	return strings.Join(s, " ")
}

// arrayBoundVersions are the versions whose fault writes past the threshold
// array: every 12-input run panics in Go (see DIFFERENCES.md).
var arrayBoundVersions = []int{33, 38}

// TestVersionsAgainstFaultMatrix runs the 41 versions natively on the
// universe and checks their failing tests against SIR's fault matrix and
// the gcc-12 rebuild: equal on the in-bounds tests for every version but
// v33 and v38. The comparison, out-of-bounds tests included, is the
// generated table of DIFFERENCES.md.
func TestVersionsAgainstFaultMatrix(t *testing.T) {
	outcomes := runVersionsNatively(t)
	want, err := Expected()
	if err != nil {
		t.Fatal(err)
	}
	tests, err := Universe()
	if err != nil {
		t.Fatal(err)
	}
	oob := map[int]bool{}
	var twelve []int // in-bounds tests with 12 inputs
	for _, tc := range tests {
		if tc.OutOfBounds() {
			oob[tc.Index] = true
		} else if len(tc.Args) >= 12 {
			twelve = append(twelve, tc.Index)
		}
	}
	// The driver agrees with the in-process run of the fault-free port.
	for _, tc := range tests {
		if got, _ := Run(Main, tc.Args); outcomes[0][tc.Index] != got {
			t.Fatalf("%s: fault-free port built as v0: %v, in process: %v", tc.Name(), outcomes[0][tc.Index], got)
		}
	}
	sir, gcc := faultMatrix(t)
	var table strings.Builder
	table.WriteString("| version | SIR | gcc 12 | Go | in-bounds tests: Go vs gcc 12 | in-bounds tests: Go vs SIR | out-of-bounds tests failing in Go | ... in gcc 12 | ... in SIR |\n")
	table.WriteString("|---|---:|---:|---:|---|---|---|---|---|\n")
	for n := 1; n <= NumVersions; n++ {
		goFail := failing(outcomes[n], want)
		goIn, goOut := split(goFail, oob)
		gccIn, gccOut := split(gcc[n], oob)
		sirIn, sirOut := split(sir[n], oob)
		diff := func(other []int) string {
			plus, less := minus(goIn, other), minus(other, goIn)
			if len(plus) == 0 && len(less) == 0 {
				return "equal"
			}
			return fmt.Sprintf("+%d −%d", len(plus), len(less))
		}
		fmt.Fprintf(&table, "| v%d | %d | %d | %d | %s | %s | %s | %s | %s |\n", n, len(sir[n]), len(gcc[n]), len(goFail),
			diff(gccIn), diff(sirIn), names(goOut), names(gccOut), names(sirOut))
		// An out-of-range test fails only by a panic gained or lost
		// (DIFFERENCES.md says so).
		for _, i := range goOut {
			if outcomes[n][i] != Panic && want[i] != Panic {
				t.Errorf("v%d: out-of-range t%d fails with %v, expected %v", n, i+1, outcomes[n][i], want[i])
			}
		}
		if slices.Contains(arrayBoundVersions, n) {
			// Every in-bounds 12-input run panics.
			if !slices.Equal(goIn, twelve) {
				t.Errorf("v%d: %d in-bounds failing tests, want all %d 12-input ones", n, len(goIn), len(twelve))
			}
			continue
		}
		if !slices.Equal(goIn, gccIn) {
			t.Errorf("v%d: in-bounds failing tests differ from gcc 12's: Go only %s; gcc only %s", n, names(minus(goIn, gccIn)), names(minus(gccIn, goIn)))
		}
		if !slices.Equal(goIn, sirIn) {
			t.Errorf("v%d: in-bounds failing tests differ from SIR's: Go only %s; SIR only %s", n, names(minus(goIn, sirIn)), names(minus(sirIn, goIn)))
		}
		if len(goFail) == 0 {
			t.Errorf("v%d: no failing test", n)
		}
	}
	checkGenerated(t, "DIFFERENCES.md", table.String())
}

const (
	beginGenerated = "<!-- BEGIN GENERATED by TestVersionsAgainstFaultMatrix; go test ./examples/tcas -run TestVersionsAgainstFaultMatrix -update -->\n"
	endGenerated   = "<!-- END GENERATED -->\n"
)

// checkGenerated compares the part of file between the generated-section
// markers with want, or rewrites it under -update.
func checkGenerated(t *testing.T, file, want string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i, j := strings.Index(s, beginGenerated), strings.Index(s, endGenerated)
	if i < 0 || j < i {
		t.Fatalf("%s: no generated section (markers %q ... %q)", file, beginGenerated, endGenerated)
	}
	got := s[i+len(beginGenerated) : j]
	if got == want {
		return
	}
	if *update {
		s = s[:i+len(beginGenerated)] + want + s[j:]
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: generated section is stale (run with -update):\ngot:\n%s\nwant:\n%s", file, got, want)
}

// TestFaultMatrixGo keeps testdata/fault_matrix_go.tsv, the failing tests
// of every version of the port that [Version.FailingTests] reads, in step
// with the native runs (rewritten with -update).
func TestFaultMatrixGo(t *testing.T) {
	outcomes := runVersionsNatively(t)
	want, err := Expected()
	if err != nil {
		t.Fatal(err)
	}
	got := renderFaultMatrixGo(outcomes, want)
	file := filepath.Join("testdata", "fault_matrix_go.tsv")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got != faultMatrixGoTSV {
		t.Fatalf("%s (as embedded) is stale: run go test ./examples/tcas -run TestFaultMatrixGo -update, then build again", file)
	}
	for n := 1; n <= NumVersions; n++ {
		v, _ := Lookup(n)
		failing, panicking, err := v.FailingTests()
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			isFailing := outcomes[n][i] != want[i]
			if _, found := slices.BinarySearch(failing, i); found != isFailing {
				t.Errorf("v%d: FailingTests includes t%d: %v, want %v", n, i+1, found, isFailing)
			}
			isPanicking := isFailing && outcomes[n][i] == Panic
			if _, found := slices.BinarySearch(panicking, i); found != isPanicking {
				t.Errorf("v%d: panicking tests include t%d: %v, want %v", n, i+1, found, isPanicking)
			}
		}
	}
}

func renderFaultMatrixGo(outcomes [][]Outcome, want []Outcome) string {
	join := func(tests []int) string {
		s := make([]string, len(tests))
		for i, n := range tests {
			s[i] = strconv.Itoa(n)
		}
		return strings.Join(s, ",")
	}
	var b strings.Builder
	b.WriteString("version\tn_failing\tfailing_tests_0based\tn_panicking\tpanicking_tests_0based\n")
	for n := 1; n <= NumVersions; n++ {
		var failing, panicking []int
		for i := range want {
			if outcomes[n][i] != want[i] {
				failing = append(failing, i)
				if outcomes[n][i] == Panic {
					panicking = append(panicking, i)
				}
			}
		}
		fmt.Fprintf(&b, "v%d\t%d\t%s\t%d\t%s\n", n, len(failing), join(failing), len(panicking), join(panicking))
	}
	return b.String()
}

// TestTCASUnderOverlay runs the documented command line, go test -tags
// faultloc -overlay overlay.json -run TestTCAS, on v4, and checks that the
// failing subtests are the version's failing tests.
func TestTCASUnderOverlay(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	const n = 4
	overlay, _, err := FaultyVersion(n)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	replace := map[string]string{}
	for path, data := range overlay {
		copyPath := filepath.Join(tmp, filepath.Base(path))
		if err := os.WriteFile(copyPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[path] = copyPath
	}
	js, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, js, 0o644); err != nil {
		t.Fatal(err)
	}
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gocmd, "test", "-count=1", "-tags", "faultloc", "-overlay", ovFile, "-run", "^TestTCAS$", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("TestTCAS passed on v%d:\n%s", n, out)
	}
	var got []int
	for _, line := range strings.Split(string(out), "\n") {
		name, ok := strings.CutPrefix(strings.TrimSpace(line), "--- FAIL: TestTCAS/t")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		i, err := strconv.Atoi(name)
		if err != nil {
			t.Fatalf("unexpected line %q", line)
		}
		got = append(got, i-1)
	}
	v, _ := Lookup(n)
	want, _, err := v.FailingTests()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("TestTCAS on v%d: failing %s, want %s\n%s", n, names(got), names(want), out)
	}
}

// TestRepairs runs each repair natively on the universe: it must give the
// fault-free port's outcome on every test, and its version alone must
// not; its line is not one of the version's faulty lines.
func TestRepairs(t *testing.T) {
	outcomes := runVersionsNatively(t)
	for k, r := range Repairs() {
		got := outcomes[NumVersions+1+k]
		if diff := failing(got, outcomes[0]); len(diff) > 0 {
			t.Errorf("v%d repaired at line %d differs from the port on %d tests, the first t%d", r.Version, r.Line, len(diff), diff[0]+1)
		}
		if len(failing(outcomes[r.Version], outcomes[0])) == 0 {
			t.Errorf("v%d alone is the port on every test", r.Version)
		}
		v, err := Lookup(r.Version)
		if err != nil {
			t.Fatal(err)
		}
		if faulty, err := v.FaultyLines(); err != nil || slices.Contains(faulty, r.Line) {
			t.Errorf("v%d's repair at line %d: faulty lines %v (%v), want another line", r.Version, r.Line, faulty, err)
		}
	}
}
