package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The conformance corpus: Go programs nobody here wrote, each checking
// itself (it panics, exits non-zero or prints BUG on a wrong result).
//
//   - every program of golang.org/x/tools' go/ssa/interp/testdata, fixedbugs/
//     included (x/tools' own interpreter tests run them against a fake
//     standard library; here they run against the real one, bridged);
//   - the $GOROOT/test programs that x/tools' interp_test.go lists in
//     gorootTestTests (read from that file, so the list follows x/tools);
//   - the $GOROOT/test/typeparam programs its TestTypeparamTest runs.
//
// Each program is loaded, built and its main run by the interpreter, with a
// step budget. Its result is pass, fail (with the reason: the outcome or the
// interpreter's typed error) or skip (with a named reason). The results are
// compared with testdata/conformance.golden (rewritten by -update), so a
// regression and an improvement both show as a difference. No program may
// crash the test binary or leave goroutines behind (counted before and
// after).

// conformanceSteps bounds every program's run (traced: it bounds the
// trace's memory too). The longest passing run, bigmap.go's, takes about
// 140,000 steps.
const conformanceSteps = 2_000_000

// conformanceTimeout is a safety net only: step budgets, not times, decide
// results, so that the golden file is deterministic.
const conformanceTimeout = 5 * time.Minute

// confProgram is one program of the corpus.
type confProgram struct {
	name string // e.g. "x/testdata/boundmeth.go", "goroot/235.go"
	path string // the file
	// skip, if set, is why the program is not run.
	skip string
	// wantOut is the expected output (stdout and stderr combined), when
	// known: $GOROOT/test "// run" programs (typeparam's too) print what
	// their .out file holds, or nothing.
	wantOut    *string
	wantOutFor func(out string) string // an output check: "" if accepted, else why not
}

// confResult is a program's result, one line of the golden file.
type confResult struct {
	name, result, reason string
}

func xtoolsDir(t testing.TB) string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/tools").Output()
	if err != nil {
		t.Fatalf("locating golang.org/x/tools: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// conformanceCorpus lists the corpus, sorted by name.
func conformanceCorpus(t testing.TB) []*confProgram {
	interpDir := filepath.Join(xtoolsDir(t), "go", "ssa", "interp")
	goroot := runtime.GOROOT()
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		goroot = strings.TrimSpace(string(out))
	}
	var progs []*confProgram
	for _, dir := range []string{"testdata", "testdata/fixedbugs"} {
		files, err := filepath.Glob(filepath.Join(interpDir, dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no programs in %s: %v", filepath.Join(interpDir, dir), err)
		}
		for _, f := range files {
			progs = append(progs, &confProgram{name: "x/" + dir + "/" + filepath.Base(f), path: f})
		}
	}
	gorootList, err := stringList(filepath.Join(interpDir, "interp_test.go"), "gorootTestTests")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range gorootList {
		p := &confProgram{name: "goroot/" + f, path: filepath.Join(goroot, "test", f)}
		progs = append(progs, p)
	}
	// TestTypeparamTest runs the files of $GOROOT/test/typeparam that start
	// with "// run" but not "// rundir" (x/tools skips 12 of them for its
	// interpreter's sake; here all run).
	files, err := filepath.Glob(filepath.Join(goroot, "test", "typeparam", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in $GOROOT/test/typeparam: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(src, []byte("// run")) && !bytes.HasPrefix(src, []byte("// rundir")) {
			progs = append(progs, &confProgram{name: "goroot/typeparam/" + filepath.Base(f), path: f})
		}
	}
	rangefuncWant, err := rangefuncExpectations(filepath.Join(interpDir, "rangefunc_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	bctx := build.Default
	for _, p := range progs {
		src, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := bctx.MatchFile(filepath.Dir(p.path), filepath.Base(p.path)); err != nil {
			t.Fatal(err)
		} else if !ok {
			p.skip = "excluded by its build constraint (" + buildLine(src) + ")"
			continue
		}
		switch {
		case strings.HasSuffix(p.name, "/width32.go"):
			// Its checks assume a 32-bit int; x/tools skips it on 64-bit hosts.
			p.skip = "checks a 32-bit int (x/tools skips it on 64-bit hosts)"
		case strings.HasSuffix(p.name, "/rangefunc.go"):
			p.wantOutFor = rangefuncWant
		case strings.HasPrefix(p.name, "goroot/"):
			// $GOROOT/test's harness compares the combined output of a "run"
			// test with its .out file, or with nothing. Other actions
			// (runoutput, errorcheckoutput) print a program; x/tools only
			// runs them.
			if bytes.HasPrefix(src, []byte("// run\n")) {
				want := ""
				if b, err := os.ReadFile(strings.TrimSuffix(p.path, ".go") + ".out"); err == nil {
					want = string(b)
				}
				p.wantOut = &want
			}
		}
	}
	slices.SortFunc(progs, func(a, b *confProgram) int { return strings.Compare(a.name, b.name) })
	return progs
}

func buildLine(src []byte) string {
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "//go:build ") {
			return strings.TrimPrefix(l, "//")
		}
	}
	return "file name"
}

// stringList reads the string literals of the package-level variable
// name, a []string composite literal, in file.
func stringList(file, name string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		return nil, err
	}
	var list []string
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != name || len(vs.Values) != 1 {
			return true
		}
		cl, ok := vs.Values[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		found = true
		for _, e := range cl.Elts {
			if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				s, err := strconv.Unquote(bl.Value)
				if err == nil {
					list = append(list, s)
				}
			}
		}
		return false
	})
	if !found || len(list) == 0 {
		return nil, fmt.Errorf("%s: no []string %s", file, name)
	}
	return list, nil
}

// rangefuncExpectations reads TestRangeFunc's table in x/tools'
// rangefunc_test.go: for each test of rangefunc.go, the lines it prints
// (as "name \t line"). It returns a check of rangefunc.go's output.
func rangefuncExpectations(file string) (func(string) string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		return nil, err
	}
	consts := map[string]string{}
	var eval func(e ast.Expr) (string, bool)
	eval = func(e ast.Expr) (string, bool) {
		switch e := e.(type) {
		case *ast.BasicLit:
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		case *ast.Ident:
			s, ok := consts[e.Name]
			return s, ok
		}
		return "", false
	}
	var table *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				for _, s := range n.Specs {
					vs := s.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							if v, ok := eval(vs.Values[i]); ok {
								consts[name.Name] = v
							}
						}
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "expected" {
					table, _ = n.Rhs[0].(*ast.CompositeLit)
				}
			}
		}
		return true
	})
	if table == nil {
		return nil, fmt.Errorf("%s: no expected table", file)
	}
	want := map[string][]string{}
	for _, e := range table.Elts {
		kv := e.(*ast.KeyValueExpr)
		k, ok := eval(kv.Key)
		if !ok {
			return nil, fmt.Errorf("%s: bad key", file)
		}
		for _, l := range kv.Value.(*ast.CompositeLit).Elts {
			v, ok := eval(l)
			if !ok {
				return nil, fmt.Errorf("%s: bad value for %s", file, k)
			}
			want[k] = append(want[k], v)
		}
	}
	return func(out string) string {
		got := map[string][]string{}
		for ln := range strings.SplitSeq(out, "\n") {
			if n, m, ok := strings.Cut(ln, " \t "); ok {
				got[n] = append(got[n], m)
			}
		}
		var bad []string
		for n, ws := range want {
			if !slices.Equal(ws, got[n]) {
				bad = append(bad, n)
			}
		}
		for n := range got {
			if want[n] == nil {
				bad = append(bad, n)
			}
		}
		if len(bad) == 0 {
			return ""
		}
		slices.Sort(bad)
		return fmt.Sprintf("output of %d tests differs from x/tools' expectations: %s", len(bad), strings.Join(bad, ", "))
	}, nil
}

// conformanceGoMod is the go.mod file of the conformance programs' module.
const conformanceGoMod = "module conformance\n\ngo 1.26\n"

// conformanceRel returns the directory, in the conformance programs'
// module, of program p's package: e.g. goroot_convert.
func conformanceRel(p *confProgram) string {
	return strings.NewReplacer("/", "_", ".go", "").Replace(p.name)
}

// conformanceModule writes the runnable programs into a scratch module in
// the empty directory dir, one main package per program, and returns each
// program's package path.
func conformanceModule(t testing.TB, dir string, progs []*confProgram) map[*confProgram]string {
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(conformanceGoMod), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs := map[*confProgram]string{}
	for _, p := range progs {
		if p.skip != "" {
			continue
		}
		rel := conformanceRel(p)
		if err := os.Mkdir(filepath.Join(dir, rel), 0o755); err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel, filepath.Base(p.path)), src, 0o644); err != nil {
			t.Fatal(err)
		}
		pkgs[p] = "conformance/" + rel
	}
	return pkgs
}

// loadConformance loads all programs at once; if that fails (one program
// does not type-check), each on its own, so that only the bad one fails.
func loadConformance(dir string, progs []*confProgram, pkgs map[*confProgram]string) (map[*confProgram]*Program, map[*confProgram]error) {
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cfg := &Config{Dir: dir, Env: env}
	loaded := map[*confProgram]*Program{}
	errs := map[*confProgram]error{}
	if all, err := Load(context.Background(), cfg, "./..."); err == nil {
		for _, p := range progs {
			if pkgs[p] != "" {
				loaded[p] = all
			}
		}
		return loaded, errs
	}
	for _, p := range progs {
		if pkgs[p] == "" {
			continue
		}
		if one, err := Load(context.Background(), cfg, pkgs[p]); err != nil {
			errs[p] = err
		} else {
			loaded[p] = one
		}
	}
	return loaded, errs
}

// runConformance runs one program and judges it.
func runConformance(prog *Program, pkg string, p *confProgram) (result, reason string) {
	fn := prog.Func(pkg, "main")
	if fn == nil {
		return "fail", "no main function"
	}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), conformanceTimeout)
	defer cancel()
	res, err := prog.Run(ctx, fn, nil, &RunOptions{MaxSteps: conformanceSteps, Stdout: &out})
	if strings.Contains(os.Getenv("CONFORMANCE_DEBUG"), p.name) {
		// CONFORMANCE_DEBUG=goroot/x.go (run with -v) shows a program's
		// result, output and, for an internal error, the Go stack.
		fmt.Fprintf(os.Stderr, "%s: %v, %v; output:\n%s\n", p.name, res, err, out.String())
		if ie, ok := err.(*InternalError); ok {
			fmt.Fprintln(os.Stderr, ie.Stack)
		}
	}
	if err != nil {
		var ue *UnsupportedError
		var be *BridgeError
		var ie *InternalError
		switch {
		case errors.As(err, &ue) && strings.Contains(ue.Construct, "unsafe"):
			return "skip", "needs unsafe: " + err.Error()
		case errors.As(err, &be) && (strings.HasPrefix(be.Func, "reflect.") || strings.HasPrefix(be.Func, "(reflect.")):
			return "skip", "needs reflect: " + err.Error()
		case errors.As(err, &ie):
			return "fail", "internal error: " + err.Error()
		}
		return "fail", err.Error()
	}
	switch res.Outcome {
	case Returned:
	case Exited:
		if res.ExitCode != 0 {
			return "fail", fmt.Sprintf("exited with code %d; output %q", res.ExitCode, tail(out.String()))
		}
	case Panicked:
		return "fail", fmt.Sprintf("panicked at %s: %s", res.Panic.Pos, res.Panic.Message)
	case BudgetExceeded:
		return "fail", fmt.Sprintf("budget exceeded after %d steps", res.Steps)
	default:
		return "fail", res.String()
	}
	return judgeOutput(p, out.String())
}

// judgeOutput judges what a program that ended normally printed.
func judgeOutput(p *confProgram, got string) (result, reason string) {
	if strings.Contains(got, "BUG") {
		return "fail", fmt.Sprintf("output contains BUG: %q", tail(got))
	}
	if p.wantOut != nil && got != *p.wantOut {
		return "fail", fmt.Sprintf("output %q, want %q", tail(got), tail(*p.wantOut))
	}
	if p.wantOutFor != nil {
		if why := p.wantOutFor(got); why != "" {
			return "fail", why
		}
	}
	return "pass", ""
}

func tail(s string) string {
	if len(s) > 200 {
		return "..." + s[len(s)-200:]
	}
	return s
}

// TestConformance runs the conformance corpus (see above) and compares the
// results with testdata/conformance.golden.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("the conformance corpus takes a while; skipped with -short")
	}
	// $GOROOT/test programs leave out their unsafe.Pointer checks when
	// GOSSAINTERP is set: the convention of SSA interpreters (x/tools'
	// answers "1" to os.Getenv("GOSSAINTERP")).
	t.Setenv("GOSSAINTERP", "1")
	goroutines := runtime.NumGoroutine()
	c := sharedConformance(t)
	progs, dir, pkgs, loaded, loadErrs := c.progs, c.dir, c.pkgs, c.loaded, c.errs

	results := make([]confResult, len(progs))
	var wg sync.WaitGroup
	work := make(chan int)
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range work {
				p := progs[i]
				r := confResult{name: p.name}
				switch {
				case p.skip != "":
					r.result, r.reason = "skip", p.skip
				case loadErrs[p] != nil:
					r.result, r.reason = "fail", "load: "+loadErrs[p].Error()
				default:
					r.result, r.reason = runConformance(loaded[p], pkgs[p], p)
				}
				r.reason = cleanReason(r.reason, dir)
				results[i] = r
			}
		})
	}
	for i := range progs {
		work <- i
	}
	close(work)
	wg.Wait()

	var golden bytes.Buffer
	counts := map[string]int{}
	groups := map[string]map[string]int{}
	for _, r := range results {
		counts[r.result]++
		g := confGroup(r.name)
		if groups[g] == nil {
			groups[g] = map[string]int{}
		}
		groups[g][r.result]++
		line := r.name + "\t" + r.result
		if r.reason != "" {
			line += "\t" + r.reason
		}
		golden.WriteString(line + "\n")
		t.Log(line)
	}
	goldenConformance(t, golden.Bytes())

	after := runtime.NumGoroutine()
	for i := 0; i < 100 && after > goroutines; i++ {
		time.Sleep(10 * time.Millisecond)
		after = runtime.NumGoroutine()
	}
	if after > goroutines {
		t.Errorf("%d goroutines before, %d after: the corpus leaked goroutines", goroutines, after)
	}
	for _, g := range slices.Sorted(maps.Keys(groups)) {
		c := groups[g]
		t.Logf("%s: %d passed, %d failed, %d skipped", g, c["pass"], c["fail"], c["skip"])
	}
	t.Logf("conformance: %d passed, %d failed, %d skipped", counts["pass"], counts["fail"], counts["skip"])
}

// confGroup is the group of a program: its name's directory.
func confGroup(name string) string {
	return name[:strings.LastIndexByte(name, '/')]
}

// goldenConformance is golden without its file dump: the differing lines.
func goldenConformance(t *testing.T, got []byte) {
	t.Helper()
	path, want, ok := readGolden(t, "conformance.golden", got)
	if !ok || bytes.Equal(got, want) {
		return
	}
	wl := map[string]string{}
	for _, l := range strings.Split(string(want), "\n") {
		n, _, _ := strings.Cut(l, "\t")
		wl[n] = l
	}
	for _, l := range strings.Split(string(got), "\n") {
		n, _, _ := strings.Cut(l, "\t")
		if wl[n] != l {
			t.Errorf("result differs from %s (run with -update to accept):\n got: %s\nwant: %s", path, l, wl[n])
		}
		delete(wl, n)
	}
	for n, l := range wl {
		if n != "" {
			t.Errorf("%s lists %s, no longer in the corpus: %s", path, n, l)
		}
	}
}

// cleanReason makes a reason independent of the machine: the scratch
// module's directory goes (positions name the program's file), GOROOT
// becomes $GOROOT.
func cleanReason(s, dir string) string {
	// Positions in the program: <dir>/pNNN/file.go:l:c -> file.go:l:c.
	for {
		i := strings.Index(s, dir+string(filepath.Separator))
		if i < 0 {
			break
		}
		j := i + len(dir) + 1
		if k := strings.IndexByte(s[j:], filepath.Separator); k >= 0 {
			s = s[:i] + s[j+k+1:]
		} else {
			s = s[:i] + s[j:]
		}
	}
	s = strings.ReplaceAll(s, build.Default.GOROOT, "$GOROOT")
	return strings.ReplaceAll(s, "\n", " ")
}
