package testrun

import (
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestEarlierTests runs the cases of trace/testdata/gotestorder, whose
// TestB and TestC/after need the package state the tests before them
// leave (a counter, a variable a subtest sets, a server goroutine TestA
// leaves running), and TestD's subtest is named by TestA; go test passes
// them all, and fails TestB run alone. ListTests with EarlierTests lists
// the cases go test sees.
// Alone, the interpreted TestB fails too; with EarlierTests every case
// passes, traced or coverage-only, and neither the earlier tests nor the
// goroutine they left (which serves TestB) are in the case's trace or
// coverage. The same through a TestMain (withmain).
func TestEarlierTests(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/gotestorder"
	p, err := interp.Load(bgContext, &interp.Config{Dir: modRoot, Tests: true}, "./trace/testdata/gotestorder/...")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{pkg, pkg + "/withmain"} {
		alone, err := p.RunGoTest(bgContext, path, "TestB", nil)
		if err != nil || !alone.Failed {
			t.Errorf("%s TestB alone: %v, %v; want it to fail", path, alone, err)
		}
	}
	// A subtest after others that share its parent's counter: alone, it
	// fails, as go test -run with its name does; with EarlierTests the
	// subtests before it run first, quietly, out of its log.
	if alone, err := p.RunGoTest(bgContext, pkg, "TestE/third/inner", nil); err != nil || !alone.Failed {
		t.Errorf("TestE/third/inner alone: %v, %v; want it to fail", alone, err)
	}
	for _, opts := range []*interp.RunOptions{{EarlierTests: true}, {EarlierTests: true, NoTrace: true}} {
		res, err := p.RunGoTest(bgContext, pkg, "TestE/third/inner", opts)
		if err != nil || !res.Ran || res.Failed || strings.Contains(res.Log, "first") || !strings.Contains(res.Log, "call 3") {
			t.Errorf("TestE/third/inner (%+v): %v, %v, log %q; want it to pass, logging its own call alone", *opts, res, err, res.Log)
		}
	}
	// go test -run '^TestB$' runs TestB alone: EarlierOnly keeps TestA
	// out, and TestB fails as it does there.
	onlyB := &interp.RunOptions{EarlierTests: true, EarlierOnly: func(name string) bool { return name == "TestB" }}
	if res, err := p.RunGoTest(bgContext, pkg, "TestB", onlyB); err != nil || !res.Failed {
		t.Errorf("TestB with the earlier tests -run selects (none): %v, %v; want it to fail", res, err)
	}
	// The cases go test sees: TestD's subtest is named by TestA.
	for _, tt := range []struct {
		opts *interp.RunOptions
		want string
	}{
		{nil, "TestA/setup TestB TestC/after TestD TestE/first/inner TestE/second/inner TestE/third/inner"},
		{&interp.RunOptions{EarlierTests: true}, "TestA/setup TestB TestC/after TestD/served TestE/first/inner TestE/second/inner TestE/third/inner"},
	} {
		if cases, err := p.ListTests(bgContext, pkg, tt.opts); err != nil || strings.Join(cases, " ") != tt.want {
			t.Errorf("ListTests(%+v) = %q, %v; want %s", tt.opts, cases, err, tt.want)
		}
	}
	for _, tt := range []struct {
		pkg, name string
	}{
		{pkg, "TestA"}, {pkg, "TestA/setup"}, {pkg, "TestB"}, {pkg, "TestC/after"}, {pkg, "TestD/served"},
		{pkg + "/withmain", "TestA"}, {pkg + "/withmain", "TestB"},
	} {
		for _, opts := range []*interp.RunOptions{{EarlierTests: true}, {EarlierTests: true, CoverOnly: true}, {EarlierTests: true, NoTrace: true}} {
			res, err := p.RunGoTest(bgContext, tt.pkg, tt.name, opts)
			if err != nil || !res.Ran || res.Failed {
				t.Errorf("%s (%+v): %v, %v; want it to pass", tt.name, *opts, res, err)
				continue
			}
			if strings.Contains(res.Log, "TestA") != strings.HasPrefix(tt.name, "TestA") {
				t.Errorf("%s: log %q", tt.name, res.Log)
			}
			var fns []string // the functions of the case's trace or coverage
			if tr := res.Trace; tr != nil {
				for e := interp.EventID(0); int(e) < tr.Len(); e++ {
					fns = append(fns, tr.Func(e).String())
				}
			}
			for _, s := range res.Covered {
				if info, ok := p.StaticInfo(s); ok {
					fns = append(fns, info.Func.String())
				}
			}
			if opts.NoTrace != (len(fns) == 0) {
				t.Errorf("%s (%+v): %d events or covered instructions", tt.name, *opts, len(fns))
			}
			for _, fn := range fns {
				if tt.name == "TestB" && (strings.Contains(fn, "TestA") || strings.HasSuffix(fn, "Serve")) {
					t.Errorf("%s: %s, of an earlier test, in the case's trace or coverage", tt.name, fn)
					break
				}
			}
		}
	}
}
