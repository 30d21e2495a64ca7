package interp

import (
	"errors"
	"strings"
	"testing"
)

// TestLibraryPureGo: trace/testdata/asmlib/a calls a library whose CPU
// detection is a function in assembly on amd64, with a pure-Go version
// under the build tags noasm and purego (as klauspost/cpuid, which
// go-chi/httprate reaches through zeebo/xxh3). go test passes TestTotal
// natively; interpreted, the library is loaded from its pure-Go files and
// the case passes too, traced and not, instead of stopping on a function
// without a body. Off amd64 the build selects the pure-Go files anyway.
func TestLibraryPureGo(t *testing.T) {
	const a = "github.com/faultloc/faultloc/trace/testdata/asmlib/a"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/asmlib/a")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []*RunOptions{nil, {NoTrace: true}} {
		gr, err := p.RunGoTest(bgContext, a, "TestTotal", opts)
		if err != nil || !gr.Ran || gr.Failed {
			t.Errorf("TestTotal (%+v): %v, %v; want it to pass", opts, gr, err)
		}
	}
}

// TestInScopePureGo: a package under test whose helper is in assembly
// unless the build tag purego selects its Go version (as
// cespare/xxhash's) is interpreted from the Go version, and its test
// passes; when the tag would change its test files, it keeps the files
// go test builds and the call of the assembly is an error naming it.
func TestInScopePureGo(t *testing.T) {
	files := map[string]string{
		"go.mod":          "module h\n\ngo 1.26\n",
		"h.go":            "package h\n\nfunc Double(x int) int { return twice(x) }\n",
		"twice_asm.go":    "//go:build !purego\n\npackage h\n\nfunc twice(x int) int\n",
		"twice.s":         "// twice would be here.\n",
		"twice_purego.go": "//go:build purego\n\npackage h\n\nfunc twice(x int) int { return 2 * x }\n",
		"h_test.go":       "package h\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(21) != 42 {\n\t\tt.Fatal(\"bad\")\n\t}\n}\n",
	}
	gr, err := loadTestFiles(t, files).RunGoTest(bgContext, "h", "TestDouble", nil)
	if err != nil || !gr.Ran || gr.Failed {
		t.Errorf("TestDouble: %v, %v; want it to pass from the pure-Go file", gr, err)
	}
	files["asm_test.go"] = "//go:build !purego\n\npackage h\n\nimport \"testing\"\n\nfunc TestAsmOnly(t *testing.T) {}\n"
	_, err = loadTestFiles(t, files).RunGoTest(bgContext, "h", "TestDouble", nil)
	var be *BridgeError
	if !errors.As(err, &be) || be.Func != "h.twice" || !strings.Contains(be.Reason, "declared without a body") {
		t.Errorf("with a test file only go test's tags select: %v; want a *BridgeError for h.twice", err)
	}
}
