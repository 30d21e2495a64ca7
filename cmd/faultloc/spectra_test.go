package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const triangle = "github.com/faultloc/faultloc/examples/triangle"

// runSpectraCmd runs `faultloc spectra args...` and returns stdout with the
// absolute path of examples/ replaced by "examples".
func runSpectraCmd(t *testing.T, wantCode int, args ...string) (string, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), append([]string{"spectra"}, args...), &out, &errb); code != wantCode {
		t.Fatalf("exit = %d, want %d; stderr:\n%s", code, wantCode, errb.String())
	}
	root, _ := filepath.Abs("../..")
	return strings.ReplaceAll(out.String(), root+string(filepath.Separator), ""), errb.String()
}

// The rankings of examples/triangle by Tarantula and Ochiai, computed by
// hand (see spectra's TestNativeTriangleHand for the counts): T8 is the one
// failing case of nine (TestClassify/T1–T8 and Example).
const (
	triangleTarantula = `examples/triangle/triangle.go:32: 0.8000 1
examples/triangle/triangle.go:31: 0.7273 2
examples/triangle/triangle.go:30: 0.6667 3
examples/triangle/triangle.go:23: 0.5714 4
examples/triangle/triangle.go:21: 0.5000 7
examples/triangle/triangle.go:22: 0.5000 7
examples/triangle/triangle.go:43: 0.5000 7
examples/triangle/triangle.go:24: 0.0000 9
examples/triangle/triangle.go:41: 0.0000 9
examples/triangle/triangle.go:25: 0.0000 13
examples/triangle/triangle.go:27: 0.0000 13
examples/triangle/triangle.go:34: 0.0000 13
examples/triangle/triangle.go:37: 0.0000 13
`
	triangleOchiaiBest = `examples/triangle/triangle.go:32: 0.5774 1
examples/triangle/triangle.go:31: 0.5000 2
examples/triangle/triangle.go:30: 0.4472 3
examples/triangle/triangle.go:23: 0.3780 4
examples/triangle/triangle.go:21: 0.3333 5
examples/triangle/triangle.go:22: 0.3333 5
examples/triangle/triangle.go:43: 0.3333 5
examples/triangle/triangle.go:24: 0.0000 8
examples/triangle/triangle.go:25: 0.0000 8
examples/triangle/triangle.go:27: 0.0000 8
examples/triangle/triangle.go:34: 0.0000 8
examples/triangle/triangle.go:37: 0.0000 8
examples/triangle/triangle.go:41: 0.0000 8
`
)

func TestSpectraTriangle(t *testing.T) {
	t.Parallel()
	if out, _ := runSpectraCmd(t, 0, "-tags=faultloc", triangle); out != triangleTarantula {
		t.Errorf("tarantula:\n%s\nwant:\n%s", out, triangleTarantula)
	}
	if out, _ := runSpectraCmd(t, 0, "-tags=faultloc", "-formula=ochiai", "-ties=best", triangle); out != triangleOchiaiBest {
		t.Errorf("ochiai, best ties:\n%s\nwant:\n%s", out, triangleOchiaiBest)
	}
	// SAT-TAR's boost: the fault (line 23) as the only suspect ranks first.
	if out, _ := runSpectraCmd(t, 0, "-tags=faultloc", "-top=2", "-suspects", "../../examples/triangle/triangle.go:23", triangle); out != "examples/triangle/triangle.go:23: 1.5714 1\nexamples/triangle/triangle.go:32: 0.8000 2\n" {
		t.Errorf("with suspects:\n%s", out)
	}
	if out, _ := runSpectraCmd(t, 0, "-tags=faultloc", "-formula=ochiai", "-ties=average", "-top=5", triangle); !strings.HasSuffix(out, "triangle.go:21: 0.3333 6\n") || strings.Count(out, "\n") != 5 {
		t.Errorf("ochiai, average ties, top 5:\n%s", out)
	}
}

func TestSpectraGZoltar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	runSpectraCmd(t, 0, "-tags=faultloc", "-format=gzoltar", "-o", dir, triangle)
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	matrix := read("matrix.txt")
	// Elements are lines 21 22 23 24 25 27 30 31 32 34 37 41 43.
	if len(matrix) != 9 || matrix[0] != "1 1 0 0 0 0 0 0 0 0 0 1 1 +" || matrix[7] != "1 1 1 0 0 0 1 1 1 0 0 0 1 -" {
		t.Errorf("matrix.txt:\n%s", strings.Join(matrix, "\n"))
	}
	if tests := read("tests.csv"); len(tests) != 10 || tests[0] != "name,outcome,runtime,stacktrace" || !strings.HasPrefix(tests[8], "TestClassify/T8,FAIL,") {
		t.Errorf("tests.csv:\n%s", strings.Join(tests, "\n"))
	}
	if sp := read("spectra.csv"); len(sp) != 14 || sp[0] != "name" || !strings.HasSuffix(sp[3], "triangle.go:23") {
		t.Errorf("spectra.csv:\n%s", strings.Join(sp, "\n"))
	}
	if rk := read("tarantula.ranking.csv"); len(rk) != 14 || rk[0] != "name;suspiciousness_value" || !strings.HasSuffix(rk[1], "triangle.go:32;0.8") {
		t.Errorf("tarantula.ranking.csv:\n%s", strings.Join(rk, "\n"))
	}
}

func TestSpectraJSONAndErrors(t *testing.T) {
	t.Parallel()
	out, _ := runSpectraCmd(t, 0, "-tags=faultloc", "-format=json", "-formula=dstar", "github.com/faultloc/faultloc/examples/foo")
	if !strings.Contains(out, `"formula": "dstar"`) || !strings.Contains(out, `"element": "examples/foo/foo.go:14"`) {
		t.Errorf("json output:\n%s", out)
	}
	for _, args := range [][]string{
		{},
		{"-formula=nope", triangle},
		{"-ties=sideways", triangle},
		{"-format=xml", triangle},
		{"-kind=instruction", triangle},
		{"-suspects=nowhere", triangle},
		{"github.com/faultloc/faultloc/no/such/package"},
	} {
		if _, errs := runSpectraCmd(t, 1, args...); errs == "" {
			t.Errorf("%v: no message on stderr", args)
		}
	}
	if _, errs := runSpectraCmd(t, 0, "-tags=faultloc", "-v", "-top=1", triangle); !strings.Contains(errs, "9 cases (1 failing), 13 elements") || !strings.Contains(errs, "DDU") {
		t.Errorf("-v stderr:\n%s", errs)
	}
	if out, _ := runSpectraCmd(t, 0, "-formulas"); !strings.Contains(out, "tarantula\nochiai\n") {
		t.Errorf("-formulas:\n%s", out)
	}
}
