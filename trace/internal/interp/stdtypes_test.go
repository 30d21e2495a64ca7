package interp

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestStdTypesMatchGoTest runs the tests of trace/testdata/stdtypes, which
// allocate strings.Builder and bytes.Buffer through type aliases (&sb{},
// new(sb), var b sb), embedded in structs (methods promoted) and in
// composite literals: each case passes in the interpreter as it does
// under go test.
func TestStdTypesMatchGoTest(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/stdtypes"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/stdtypes")
	if err != nil {
		t.Fatal(err)
	}
	// The aliases name the native types.
	for name, want := range map[string]Kind{"sb": KindNative, "buf": KindNative, "alias": KindNative, "bufp": KindPointer} {
		typ := p.Package(pkg).Pkg.Scope().Lookup(name).Type()
		if kindOf(typ) != want || p.zero(typ).k != want {
			t.Errorf("%s: kindOf %s, zero value of kind %s; want %s", name, kindOf(typ), p.zero(typ).k, want)
		}
	}
	// A panic value made through an alias is printed with its type's name.
	res, err := p.Run(bgContext, p.Func(pkg, "PanicAlias"), nil, nil)
	if err != nil || res.Panic == nil || res.Panic.Message != `stdtypes.Name("x")` {
		t.Errorf("PanicAlias: %v, %v; want the panic stdtypes.Name(\"x\")", res, err)
	}
	cases, err := p.ListTests(bgContext, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // go test's action by case
	if !testing.Short() {
		cmd := exec.Command("go", "test", "-json", "./trace/testdata/stdtypes")
		cmd.Dir = modRoot
		out, _ := cmd.Output()
		for _, line := range strings.Split(string(out), "\n") {
			var ev struct{ Action, Test string }
			if json.Unmarshal([]byte(line), &ev) == nil && ev.Test != "" && (ev.Action == "pass" || ev.Action == "fail") {
				want[ev.Test] = ev.Action
			}
		}
		if names := slices.Sorted(mapKeys(want)); !slices.Equal(names, slices.Sorted(slices.Values(cases))) {
			t.Errorf("cases %q, go test ran %q", cases, names)
		}
	}
	if len(cases) != 9 {
		t.Errorf("%d cases, want 9", len(cases))
	}
	for _, name := range cases {
		for _, opts := range []*RunOptions{nil, {CoverOnly: true}} {
			res, err := p.RunGoTest(bgContext, pkg, name, opts)
			if err != nil || !res.Ran || res.Failed {
				t.Errorf("%s (cover only %v): %v, %v; go test: %s", name, opts != nil, res, err, want[name])
			}
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
