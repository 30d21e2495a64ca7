package apicheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

const module = "github.com/faultloc/faultloc"

// listed is a package as `go list -deps -json` describes it.
type listed struct {
	ImportPath string
	Dir        string
	Name       string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	Imports    []string
	Deps       []string
}

var (
	listOnce sync.Once
	listPkgs map[string]*listed
	listErr  error
)

func root(t testing.TB) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// goList lists the module's packages and all their dependencies.
func goList(t testing.TB) map[string]*listed {
	t.Helper()
	listOnce.Do(func() {
		cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Dir,Name,Standard,GoFiles,CgoFiles,Imports,Deps", "./...")
		cmd.Dir = root(t)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			listErr = fmt.Errorf("go list: %v\n%s", err, stderr.String())
			return
		}
		listPkgs = map[string]*listed{}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			p := new(listed)
			if err := dec.Decode(p); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				listErr = err
				return
			}
			listPkgs[p.ImportPath] = p
		}
	})
	if listErr != nil {
		t.Fatal(listErr)
	}
	return listPkgs
}

// rel returns an import path relative to the module ("" for its root), and
// whether the path is in the module.
func rel(path string) (string, bool) {
	if path == module {
		return "", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

func isInternal(r string) bool {
	return r == "internal" || strings.HasPrefix(r, "internal/") || strings.Contains(r, "/internal/") || strings.HasSuffix(r, "/internal")
}

// public returns the module's non-internal library packages, sorted: the
// packages whose API is promised.
func public(t testing.TB) []*listed {
	var out []*listed
	for path, p := range goList(t) {
		if r, ok := rel(path); ok && !isInternal(r) && p.Name != "main" {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b *listed) int { return strings.Compare(a.ImportPath, b.ImportPath) })
	return out
}

func relFile(t testing.TB, path string) string {
	if r, err := filepath.Rel(root(t), path); err == nil {
		return filepath.ToSlash(r)
	}
	return path
}

// parsePackage parses the non-test Go files of p with comments.
func parsePackage(t *testing.T, fset *token.FileSet, p *listed) []*ast.File {
	t.Helper()
	var files []*ast.File
	for _, name := range append(slices.Clone(p.GoFiles), p.CgoFiles...) {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// TestDocComments requires a package comment and a doc comment on every
// exported identifier of the public packages.
func TestDocComments(t *testing.T) {
	check := func(msg string) {
		t.Errorf("%s: document it (a doc comment is part of the API promise)", msg)
	}
	for _, p := range public(t) {
		fset := token.NewFileSet()
		files := parsePackage(t, fset, p)
		if !slices.ContainsFunc(files, func(f *ast.File) bool { return f.Doc != nil }) {
			check("package " + p.ImportPath + " has no package comment")
		}
		for _, u := range Undocumented(fset, files) {
			check(relFile(t, u) + ": exported and without a doc comment")
		}
	}
}

// stable is how a doc.go says what is stable: a sentence or a heading
// with "stable" or "stability".
var stable = regexp.MustCompile(`(?i)\bstab(le|ility)\b`)

// TestStability requires the doc.go of every library package (the public
// packages except the example subjects, which examples/doc.go covers) to
// say what of the package is stable.
func TestStability(t *testing.T) {
	for _, p := range public(t) {
		r, _ := rel(p.ImportPath)
		if strings.HasPrefix(r, "examples/") {
			continue
		}
		if problem := stabilityProblem(p.Dir); problem != "" {
			t.Errorf("package %s %s: its package comment needs a sentence or a section on what of its API is stable", p.ImportPath, problem)
		}
	}
}

// stabilityProblem returns what is missing from the doc.go in dir for it
// to say what is stable, or "".
func stabilityProblem(dir string) string {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, "doc.go"), nil, parser.ParseComments|parser.PackageClauseOnly)
	switch {
	case err != nil:
		return "has no doc.go"
	case f.Doc == nil:
		return "has a doc.go without the package comment"
	case !stable.MatchString(f.Doc.Text()):
		return "does not say in doc.go what is stable"
	}
	return ""
}

func TestStabilityProblem(t *testing.T) {
	tests := []struct {
		doc  string // "" for no doc.go
		want string
	}{
		{"", "has no doc.go"},
		{"package p\n", "has a doc.go without the package comment"},
		{"// Package p does things.\npackage p\n", "does not say in doc.go what is stable"},
		{"// Package p does things.\n//\n// # Stability\n//\n// All of it.\npackage p\n", ""},
		{"// Package p does things. Its API is stable since v1.\npackage p\n", ""},
		{"// Package p is unstable.\npackage p\n", "does not say in doc.go what is stable"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		if tt.doc != "" {
			if err := os.WriteFile(filepath.Join(dir, "doc.go"), []byte(tt.doc), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := stabilityProblem(dir); got != tt.want {
			t.Errorf("doc.go %q: %q, want %q", tt.doc, got, tt.want)
		}
	}
}

// match reports whether a path relative to the module matches a pattern:
// "x" matches x only, "x/..." matches x and everything below it.
func match(r, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return r == base || strings.HasPrefix(r, base+"/")
	}
	return r == pattern
}

func matchAny(r string, patterns []string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return match(r, p) })
}

// pure are the packages that must build without cgo (DESIGN: trace,
// spectra and slicing; changes; the subjects; the internal helpers they
// use; the core of localize, without its engine and techniques).
var pure = []string{"localize", "localize/native", "trace/...", "spectra/...", "slicing/...", "changes/...", "examples/...", "internal/cfg/...", "internal/nativetest/...", "internal/mutate/...", "internal/printf/..."}

// upward are the design's layers as rules: a package matching from must
// not depend, directly or not, on one matching forbid.
var upward = []struct {
	from, forbid []string
	why          string
}{
	{[]string{"trace/..."}, []string{"encode/...", "maxsat/...", "localize/...", "slicing/...", "spectra/...", "cmd/...", "internal/z3/..."}, "trace is the bottom layer"},
	{[]string{"spectra/..."}, []string{"encode/...", "maxsat/...", "localize/...", "slicing/...", "cmd/...", "internal/z3/..."}, "spectra stands on trace alone"},
	{[]string{"slicing/..."}, []string{"encode/...", "maxsat/...", "localize/...", "spectra/...", "cmd/...", "internal/z3/..."}, "slicing stands on trace alone"},
	{[]string{"changes/..."}, []string{"", "trace/...", "encode/...", "maxsat/...", "localize/...", "slicing/...", "spectra/...", "cmd/...", "internal/..."}, "changes stands on the standard library alone"},
	{[]string{"maxsat/..."}, []string{"trace/...", "encode/...", "localize/...", "slicing/...", "spectra/...", "cmd/..."}, "maxsat knows nothing of programs"},
	{[]string{"encode/..."}, []string{"localize/...", "slicing/...", "spectra/...", "cmd/..."}, "encode stands on trace and maxsat"},
	{[]string{"localize/..."}, []string{"cmd/..."}, "localize is a library"},
	{[]string{"examples/..."}, []string{"", "trace/...", "encode/...", "maxsat/...", "localize/...", "slicing/...", "spectra/...", "cmd/...", "internal/..."}, "the subjects are plain Go programs"},
	{[]string{"internal/z3/...", "internal/cfg/...", "internal/nativetest/...", "internal/mutate/...", "internal/printf/..."}, []string{"", "trace/...", "encode/...", "maxsat/...", "localize/...", "slicing/...", "spectra/...", "cmd/..."}, "internal helpers sit below the public packages"},
}

// localizeImporters may import localize: the commands (the benchmark
// commands under bench/ among them), faultloctest, the go test helper,
// a front end like them, and internal/frontend, the options that
// faultloc localize and faultloctest build alike.
var localizeImporters = []string{"cmd/...", "internal/cmd/...", "bench/...", "faultloctest/...", "internal/frontend/..."}

// techniques are the packages of localize's techniques and writers: each
// stands on the core (localize) and the engine (localize/internal/...),
// never on another technique or on the pipeline.
var techniques = []string{"localize/agx/...", "localize/angelic/...", "localize/diagnose/...", "localize/mutation/...", "localize/regress/...", "localize/repair/...", "localize/sattar/...", "localize/native/...", "localize/htmlreport/..."}

// buildsOn are the techniques a technique may build on, always downward:
// diagnosis across cases on AgxFaults and mutation analysis, repair on
// angelic debugging's sites and mutation analysis' fixes.
var buildsOn = map[string][]string{
	"localize/diagnose": {"localize/agx/...", "localize/mutation/..."},
	"localize/repair":   {"localize/angelic/...", "localize/mutation/..."},
}

// ciWriters write the reports of several techniques (SARIF and CI
// annotations): they read the core's and the techniques' reports, so
// they stand above them, and run nothing: neither the pipeline nor the
// engine is theirs to import, and only the commands import them.
var ciWriters = []string{"localize/cireport/..."}

// siblings reports whether r and d are internal packages of one
// technique (T/internal/...), which may import each other.
func siblings(r, d string) bool {
	return slices.ContainsFunc(techniques, func(p string) bool {
		in := strings.TrimSuffix(p, "/...") + "/internal/..."
		return match(r, in) && match(d, in)
	})
}

// pipelineImporters may import the package pipeline: the commands, bench
// and faultloctest (tests and examples aside, which go list does not
// show here).
var pipelineImporters = localizeImporters

// depViolations checks the module's packages in a `go list -deps` result
// against the design's package map and returns what breaks it, sorted.
func depViolations(all map[string]*listed) []string {
	var out []string
	for path, p := range all {
		r, ok := rel(path)
		if !ok {
			continue
		}
		if matchAny(r, pure) {
			// Standard packages with optional cgo (net, os/user) build
			// without it; any other package with cgo files needs a C
			// compiler and, here, libz3.
			for _, d := range append([]string{path}, p.Deps...) {
				if q := all[d]; q != nil && !q.Standard && len(q.CgoFiles) > 0 {
					out = append(out, fmt.Sprintf("%s must build without cgo but depends on %s, which uses cgo", path, d))
				}
			}
		}
		for _, rule := range upward {
			if !matchAny(r, rule.from) {
				continue
			}
			for _, d := range p.Deps {
				if dr, ok := rel(d); ok && dr != r && !match(dr, r+"/...") && matchAny(dr, rule.forbid) {
					out = append(out, fmt.Sprintf("%s depends on %s, against the design's package map (%s)", path, d, rule.why))
				}
			}
		}
		if !match(r, "localize/...") && !matchAny(r, localizeImporters) && slices.Contains(p.Imports, module+"/localize") {
			out = append(out, fmt.Sprintf("%s imports localize: only commands (cmd/..., internal/cmd/..., bench/...), the go test helper (faultloctest) and their shared options (internal/frontend) may", path))
		}
		if !match(r, "localize/pipeline/...") && !matchAny(r, pipelineImporters) && slices.Contains(p.Imports, module+"/localize/pipeline") {
			out = append(out, fmt.Sprintf("%s imports localize/pipeline: only commands (cmd/..., internal/cmd/..., bench/...), the go test helper (faultloctest) and their shared options (internal/frontend) may", path))
		}
		if matchAny(r, ciWriters) {
			for _, d := range p.Deps {
				if dr, ok := rel(d); ok && match(dr, "localize/pipeline/...") {
					out = append(out, fmt.Sprintf("%s depends on %s: a writer of reports runs no pipeline", path, d))
				}
			}
			for _, d := range p.Imports {
				if dr, ok := rel(d); ok && match(dr, "localize/internal/...") {
					out = append(out, fmt.Sprintf("%s imports %s: a writer of reports reads them, not the engine", path, d))
				}
			}
		}
		for _, d := range p.Imports {
			if dr, ok := rel(d); ok && matchAny(dr, ciWriters) && !match(r, dr+"/...") && !matchAny(r, []string{"cmd/...", "internal/cmd/...", "bench/..."}) {
				out = append(out, fmt.Sprintf("%s imports %s: only the commands import a writer of several techniques' reports", path, d))
			}
		}
		if r == "localize" || match(r, "localize/internal/...") || matchAny(r, techniques) {
			for _, d := range p.Deps {
				dr, ok := rel(d)
				switch {
				case !ok:
				case match(dr, "localize/pipeline/..."):
					out = append(out, fmt.Sprintf("%s depends on %s: the core, the engine and the techniques never import the pipeline", path, d))
				case r == "localize" && match(dr, "localize/..."):
					out = append(out, fmt.Sprintf("%s depends on %s: the core imports neither its engine nor a technique", path, d))
				case matchAny(dr, techniques) && dr != r && !match(dr, r+"/...") && !matchAny(dr, buildsOn[r]) && !siblings(r, dr):
					out = append(out, fmt.Sprintf("%s depends on %s: the core and the engine import no technique, a technique no other", path, d))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestDependencies enforces the package map of the design on the module:
// the pure-Go packages depend on no cgo package, nothing imports upward,
// and only commands import localize.
func TestDependencies(t *testing.T) {
	for _, v := range depViolations(goList(t)) {
		t.Error(v)
	}
}

// TestDependencyRules checks that the rules catch what they should, on
// made-up module graphs.
func TestDependencyRules(t *testing.T) {
	m := func(r string) string {
		if r == "" {
			return module
		}
		return module + "/" + r
	}
	pkg := func(r string, cgo bool, imports ...string) *listed {
		p := &listed{ImportPath: m(r)}
		if cgo {
			p.CgoFiles = []string{"x.go"}
		}
		for _, i := range imports {
			if i != "net" && !strings.Contains(i, ".") {
				i = m(i)
			}
			p.Imports = append(p.Imports, i)
			p.Deps = append(p.Deps, i)
		}
		return p
	}
	graph := func(ps ...*listed) map[string]*listed {
		g := map[string]*listed{"net": {ImportPath: "net", Standard: true, CgoFiles: []string{"cgo_unix.go"}}}
		for _, p := range ps {
			g[p.ImportPath] = p
		}
		return g
	}
	tests := []struct {
		name  string
		graph map[string]*listed
		want  []string // substrings of the violations, one each
	}{
		{"the design's map", graph(
			pkg("trace", false, "internal/cfg", "net"), pkg("internal/cfg", false), pkg("internal/z3", true),
			pkg("maxsat", false, "internal/z3"), pkg("encode", false, "trace", "maxsat", "internal/z3"),
			pkg("spectra", false, "trace"), pkg("slicing", false, "trace"),
			pkg("localize", false, "encode", "spectra", "slicing"), pkg("cmd/faultloc", false, "localize"),
			pkg("faultloctest", false, "localize"), pkg("internal/cmd/x", false, "localize"), pkg("examples/foo", false),
		), nil},
		{"cgo below a pure package", graph(pkg("spectra", false, "maxsat", "internal/z3"), pkg("maxsat", false, "internal/z3"), pkg("internal/z3", true)),
			[]string{"spectra depends on " + m("internal/z3") + ", against", "spectra depends on " + m("maxsat") + ", against", "spectra must build without cgo but depends on " + m("internal/z3")}},
		{"cgo outside the module", graph(pkg("slicing", false, "example.com/sqlite"), &listed{ImportPath: "example.com/sqlite", CgoFiles: []string{"s.go"}}),
			[]string{"slicing must build without cgo but depends on example.com/sqlite"}},
		{"trace imports upward", graph(pkg("trace", false, "spectra"), pkg("spectra", false)),
			[]string{"trace depends on " + m("spectra") + ", against the design's package map (trace is the bottom layer)"}},
		{"a library imports localize", graph(pkg("slicing", false, "localize"), pkg("localize", false)),
			[]string{"slicing depends on " + m("localize"), "slicing imports localize"}},
		{"the root package imports localize", graph(pkg("", false, "localize"), pkg("localize", false)),
			[]string{module + " imports localize"}},
		{"localize's packages as the design draws them", graph(
			pkg("localize", false), pkg("localize/internal/search", false, "localize"),
			pkg("localize/sattar", false, "localize", "localize/internal/search"), pkg("localize/regress", false, "localize"),
			pkg("localize/pipeline", false, "localize", "localize/sattar"), pkg("cmd/faultloc", false, "localize/pipeline", "localize"),
		), nil},
		{"a technique imports the pipeline", graph(pkg("localize/sattar", false, "localize/pipeline"), pkg("localize/pipeline", false)),
			[]string{"localize/sattar depends on " + m("localize/pipeline") + ": the core, the engine and the techniques never import the pipeline", "localize/sattar imports localize/pipeline"}},
		{"the core imports a technique", graph(pkg("localize", false, "localize/regress"), pkg("localize/regress", false)),
			[]string{m("localize") + " depends on " + m("localize/regress") + ": the core imports neither its engine nor a technique"}},
		{"the core imports the engine", graph(pkg("localize", false, "localize/internal/search"), pkg("localize/internal/search", false)),
			[]string{m("localize") + " depends on " + m("localize/internal/search") + ": the core imports neither"}},
		{"the core with cgo", graph(pkg("localize", false, "internal/z3"), pkg("internal/z3", true)),
			[]string{m("localize") + " must build without cgo but depends on " + m("internal/z3")}},
		{"diagnosis builds on AgxFaults and mutation analysis", graph(pkg("localize/diagnose", false, "localize/agx", "localize/mutation", "localize"), pkg("localize/agx", false, "localize"), pkg("localize/mutation", false, "localize"), pkg("localize", false)), nil},
		{"angelic debugging imports AgxFaults", graph(pkg("localize/angelic", false, "localize/agx"), pkg("localize/agx", false)),
			[]string{"localize/angelic depends on " + m("localize/agx") + ": the core and the engine import no technique, a technique no other"}},
		{"a technique imports another", graph(pkg("localize/regress", false, "localize/sattar"), pkg("localize/sattar", false)),
			[]string{"localize/regress depends on " + m("localize/sattar") + ": the core and the engine import no technique, a technique no other"}},
		{"a technique imports its own internal package", graph(pkg("localize/regress", false, "localize", "localize/regress/internal/typecheck"), pkg("localize/regress/internal/typecheck", false), pkg("localize", false)), nil},
		{"repair builds on angelic debugging and mutation analysis", graph(pkg("localize/repair", false, "localize/angelic", "localize/mutation", "localize"), pkg("localize/angelic", false, "localize"), pkg("localize/mutation", false, "localize"), pkg("localize", false)), nil},
		{"repair imports diagnosis", graph(pkg("localize/repair", false, "localize/diagnose"), pkg("localize/diagnose", false)),
			[]string{"localize/repair depends on " + m("localize/diagnose") + ": the core and the engine import no technique, a technique no other"}},
		{"a technique's internal packages import each other", graph(pkg("localize/repair/internal/locate", false, "localize/repair/internal/schema"), pkg("localize/repair/internal/schema", false)), nil},
		{"a technique's internal package imports another's", graph(pkg("localize/repair/internal/locate", false, "localize/regress/internal/typecheck"), pkg("localize/regress/internal/typecheck", false)),
			[]string{"localize/repair/internal/locate depends on " + m("localize/regress/internal/typecheck") + ": the core and the engine import no technique, a technique no other"}},
		{"a technique's internal package imports the technique", graph(pkg("localize/regress/internal/typecheck", false, "localize/regress"), pkg("localize/regress", false)),
			[]string{"localize/regress/internal/typecheck depends on " + m("localize/regress") + ": the core and the engine import no technique, a technique no other"}},
		{"a library imports the pipeline", graph(pkg("slicing", false, "localize/pipeline"), pkg("localize/pipeline", false)),
			[]string{"slicing depends on " + m("localize/pipeline"), "slicing imports localize/pipeline"}},
		{"the CI writer reads the core's and techniques' reports", graph(pkg("localize/cireport", false, "localize", "localize/regress", "localize/repair", "spectra"), pkg("localize/regress", false, "localize"), pkg("localize/repair", false, "localize"), pkg("localize", false), pkg("spectra", false), pkg("cmd/faultloc", false, "localize/cireport")), nil},
		{"the CI writer runs the pipeline", graph(pkg("localize/cireport", false, "localize/pipeline"), pkg("localize/pipeline", false)),
			[]string{"localize/cireport depends on " + m("localize/pipeline") + ": a writer of reports runs no pipeline", "localize/cireport imports localize/pipeline"}},
		{"the CI writer imports the engine", graph(pkg("localize/cireport", false, "localize/internal/search"), pkg("localize/internal/search", false)),
			[]string{"localize/cireport imports " + m("localize/internal/search") + ": a writer of reports reads them"}},
		{"a technique imports the CI writer", graph(pkg("localize/repair", false, "localize/cireport"), pkg("localize/cireport", false)),
			[]string{"localize/repair imports " + m("localize/cireport") + ": only the commands"}},
		{"the pipeline imports the CI writer", graph(pkg("localize/pipeline", false, "localize/cireport"), pkg("localize/cireport", false)),
			[]string{"localize/pipeline imports " + m("localize/cireport") + ": only the commands"}},
		{"a subject imports trace", graph(pkg("examples/foo", false, "trace"), pkg("trace", false)),
			[]string{"examples/foo depends on " + m("trace")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := depViolations(tt.graph)
			if len(got) != len(tt.want) {
				t.Fatalf("violations:\n%s\nwant %d", strings.Join(got, "\n"), len(tt.want))
			}
			for _, w := range tt.want {
				if !slices.ContainsFunc(got, func(v string) bool { return strings.Contains(v, w) }) {
					t.Errorf("no violation says %q in:\n%s", w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		r, pattern string
		want       bool
	}{
		{"trace", "trace/...", true},
		{"trace/internal/corpus", "trace/...", true},
		{"tracer", "trace/...", false},
		{"trace", "trace", true},
		{"trace/x", "trace", false},
		{"", "", true},
		{"cmd", "", false},
	}
	for _, tt := range tests {
		if got := match(tt.r, tt.pattern); got != tt.want {
			t.Errorf("match(%q, %q) = %v, want %v", tt.r, tt.pattern, got, tt.want)
		}
	}
}
