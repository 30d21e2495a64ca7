package historical

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/internal/modfetch"
)

// LocalizeRun is the set of cases run (go test -run) selects, for
// faultloc's -run, which matches a case's full name (TestX/sub): the
// test functions and their subtests.
func LocalizeRun(run string) string {
	return strings.TrimSuffix(run, "$") + "(/|$)"
}

// Prepare copies module (path@version, fetched with go mod download)
// into dir and makes its go.sum complete for its tests.
func Prepare(ctx context.Context, module, dir string) error {
	if err := os.RemoveAll(dir); err != nil { // a copy left by -keep
		return err
	}
	if err := modfetch.Copy(ctx, module, dir); err != nil {
		return err
	}
	tidy := exec.CommandContext(ctx, "go", "mod", "tidy")
	tidy.Dir = dir
	if o, err := tidy.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod tidy: %v\n%s", err, o)
	}
	return nil
}

// PutBack replaces the bug's fixed text with its buggy text in the copy
// of the module in dir and returns the faulty lines of the buggy file
// (FaultyLines; where the line a missing statement belongs at only
// closes a block, as when a statement is missing at a block's end, the
// line that opens the block: the if, for or func whose block it is;
// with the lines where the statements holding them start,
// StatementLines).
func PutBack(b Bug, dir string) ([]int, error) {
	path := filepath.Join(dir, b.File)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := string(src)
	if n := strings.Count(s, b.Fixed); n != 1 {
		return nil, fmt.Errorf("%s: the fixed text occurs %d times, want once", b.File, n)
	}
	at := strings.Index(s, b.Fixed)
	if at > 0 && s[at-1] != '\n' {
		return nil, fmt.Errorf("%s: the fixed text does not start a line", b.File)
	}
	first := 1 + strings.Count(s[:at], "\n") // the replacement's first line
	buggy := s[:at] + b.Buggy + s[at+len(b.Fixed):]
	if err := os.WriteFile(path, []byte(buggy), 0o666); err != nil {
		return nil, err
	}
	lines := FaultyLines(b.Fixed, b.Buggy, first)
	if len(lines) == 1 {
		lines[0] = BlockOpening(buggy, lines[0])
	}
	return StatementLines(buggy, lines), nil
}

// StatementLines returns lines (of src, Go source) with, for each one
// that holds code inside a statement of a function body but starts no
// statement (a later line of a statement written over several lines, an
// "} else {"), the line where the innermost statement holding it starts:
// a ranking of lines names a statement by the line it starts on, so
// that line is faulty too. Lines that start a statement, comment lines
// and lines of package-level declarations (a table's entries, which
// rankings name as they are) add nothing. The result is in order; lines
// itself when src does not parse.
func StatementLines(src string, lines []int) []int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return lines
	}
	ls := strings.Split(src, "\n")
	starts := map[int]bool{}
	type span struct{ from, to int }
	var stmts []span
	ast.Inspect(f, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok {
			if _, block := st.(*ast.BlockStmt); !block {
				sp := span{fset.Position(st.Pos()).Line, fset.Position(st.End()).Line}
				starts[sp.from] = true
				stmts = append(stmts, sp)
			}
		}
		return true
	})
	out := slices.Clone(lines)
	for _, l := range lines {
		if starts[l] || l < 1 || l > len(ls) || strings.HasPrefix(strings.TrimSpace(ls[l-1]), "//") {
			continue
		}
		in := 0 // the innermost statement holding l starts last
		for _, sp := range stmts {
			if sp.from < l && l <= sp.to && sp.from > in {
				in = sp.from
			}
		}
		if in > 0 && !slices.Contains(out, in) {
			out = append(out, in)
		}
	}
	slices.Sort(out)
	return out
}

// BlockOpening returns the line of src (Go source) that opens the block
// whose closing brace is alone on line (only braces there): the line of
// the block's opening brace. It returns line itself when line holds
// more than braces, closes no block, or src does not parse.
func BlockOpening(src string, line int) int {
	ls := strings.Split(src, "\n")
	if line < 1 || line > len(ls) || strings.Trim(ls[line-1], " \t{}") != "" {
		return line
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return line
	}
	open := line
	ast.Inspect(f, func(n ast.Node) bool {
		// Blocks nest: the last one found closing on line is the
		// innermost.
		if b, ok := n.(*ast.BlockStmt); ok && b.Rbrace.IsValid() && fset.Position(b.Rbrace).Line == line {
			open = fset.Position(b.Lbrace).Line
		}
		return true
	})
	return open
}

// FaultyLines returns the lines of the buggy text that differ from the
// fixed text (lines common to the start or end of both are context), less
// those that hold only braces; when no such line remains, as when a
// statement is missing, the line where the fixed text's lines belong: the
// one that now follows the replacement's common start. first is the line
// of the buggy file where the replacement starts.
func FaultyLines(fixed, buggy string, first int) []int {
	f := strings.Split(strings.TrimSuffix(fixed, "\n"), "\n")
	b := strings.Split(strings.TrimSuffix(buggy, "\n"), "\n")
	if buggy == "" {
		b = nil
	}
	pre := 0
	for pre < len(f) && pre < len(b) && f[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(f)-pre && suf < len(b)-pre && f[len(f)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var lines []int
	for i := pre; i < len(b)-suf; i++ {
		if strings.Trim(b[i], " \t{}") != "" {
			lines = append(lines, first+i)
		}
	}
	if len(lines) == 0 {
		lines = []int{first + pre}
	}
	return lines
}

// GoTest runs the bug's test in dir and says whether it passed.
// It is an error when the test did not build or did not run.
func GoTest(ctx context.Context, b Bug, dir string) (passed bool, out string, err error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-timeout=120s", "-v", "-run", b.Run, b.Package())
	cmd.Dir = dir
	o, runErr := cmd.CombinedOutput()
	out = string(o)
	switch {
	case strings.Contains(out, "[build failed]") || strings.Contains(out, "[setup failed]"):
		return false, out, fmt.Errorf("the package does not build")
	case strings.Contains(out, "no tests to run") || !strings.Contains(out, "=== RUN"):
		return false, out, fmt.Errorf("-run %s runs no test", b.Run)
	}
	return runErr == nil && !strings.Contains(out, "--- FAIL"), out, nil
}

// Package is the package tested, relative to the module root: Pkg, or
// "." by default.
func (b Bug) Package() string {
	if b.Pkg == "" {
		return "."
	}
	return b.Pkg
}

// Validate checks in dir, a fresh copy of the bug's module, that the
// bug's test passes there, puts the bug back, and checks that the test
// fails. It returns the faulty lines, and why the bug is invalid if it is.
func Validate(ctx context.Context, b Bug, dir string) ([]int, string) {
	passed, out, err := GoTest(ctx, b, dir)
	if err != nil {
		return nil, "without the bug: " + err.Error()
	}
	if !passed {
		return nil, "the test fails without the bug: " + LastLines(out, 3)
	}
	lines, err := PutBack(b, dir)
	if err != nil {
		return nil, err.Error()
	}
	passed, out, err = GoTest(ctx, b, dir)
	if err != nil {
		return lines, "with the bug: " + err.Error() + ": " + LastLines(out, 3)
	}
	if passed {
		return lines, "the test passes with the bug"
	}
	return lines, ""
}

// LastLines returns the last n non-empty lines of s on one line.
func LastLines(s string, n int) string {
	var ls []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			ls = append(ls, l)
		}
	}
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, " / ")
}
